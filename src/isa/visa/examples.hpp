// The built-in vISA example programs and scenes (examples/visa/), for `texsim demo`.
// Depends on isa/frontend.hpp only.
#pragma once

#include <vector>

#include "isa/frontend.hpp"

namespace texsim::isa::visa {

std::vector<isa::Example> builtin_examples();

}  // namespace texsim::isa::visa
