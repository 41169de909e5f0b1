// The ISA front ends built into this texsim binary. CLI layer: the one place that names them.
// Depends on isa/frontend.hpp and on each front end's factory.
#pragma once

#include "isa/frontend.hpp"

namespace texsim::cli {

// Today no front end is built (the vISA and SASS issues add theirs here), so every ISA command
// reports "the ... front end is not available yet".
isa::Registry make_registry();

}  // namespace texsim::cli
