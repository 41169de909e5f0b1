// The embedded default run: a fetch table, each front end's built-in programs, and a rendered
// texsim-demo.png in the current folder. CLI layer; prints to the stream it is given.
#pragma once

#include <cstdio>

#include "isa/frontend.hpp"

namespace texsim::cli {

int run_demo(std::FILE* out, const isa::Registry& registry, bool quiet);

}  // namespace texsim::cli
