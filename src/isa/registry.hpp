// The one registration of the ISA front ends (issue 25 item 4). A front end is added here once;
// its IsaInfo (names, extensions, platforms, API value) and scene section come with it, and the
// CLI, the library API, scene loading, describe and the fuzzers all read this registry.
#pragma once

#include "isa/frontend.hpp"
#include "scene/scene.hpp"

namespace texsim::isa {

// Every front end texsim is built with, in registration order (vISA, then SASS).
const Registry& registry();

// Load options that read every registered ISA's scene sections.
scene::LoadOptions scene_load_options();

}  // namespace texsim::isa
