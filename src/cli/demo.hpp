// The embedded default run: a built-in surface and a few fetches, printed as a table.
// CLI layer; prints to the stream it is given.
#pragma once

#include <cstdio>

namespace texsim::cli {

int run_demo(std::FILE* out);

}  // namespace texsim::cli
