// Every built-in ISA's scene section reader, for loading scenes outside the CLI (the library API,
// tests, fuzzers): scene::LoadOptions::sections = isa::all_scene_sections().
#pragma once

#include <vector>

#include "isa/sass/scene_section.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/scene.hpp"

namespace texsim::isa {

// vISA first, then SASS: the order the CLI registers the front ends in.
inline std::vector<const scene::SceneSection*> all_scene_sections() {
  return {&visa::scene_section(), &sass::scene_section()};
}

// Load options that read every built-in ISA's sections.
inline scene::LoadOptions scene_load_options() {
  scene::LoadOptions o;
  o.sections = all_scene_sections();
  return o;
}

}  // namespace texsim::isa
