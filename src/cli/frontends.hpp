// The ISA front ends built into this texsim binary. CLI layer: the one place that names them.
// Depends on isa/frontend.hpp and on each front end's factory.
#pragma once

#include <vector>

#include "isa/frontend.hpp"

namespace texsim::cli {

// The built front ends; an ISA of isa::kKnownIsas without one reports "not available yet".
isa::Registry make_registry();

// The built front ends' scene section readers (scene::LoadOptions::sections) for every scene the
// CLI loads.
std::vector<const scene::SceneSection*> scene_sections();

}  // namespace texsim::cli
