// The vISA scene's variable reader shared by "registers" and the launch's buffers
// (scene_section.cpp, launch_program.cpp). Depends on the scene's JSON reader.
#pragma once

#include <string>

#include "isa/visa/scene_section.hpp"
#include "scene/json_reader.hpp"

namespace texsim::isa::visa {

// One "registers" entry ({"type", "values", "decl"}) into state.registers[name], reported at
// `path`.
void read_variable(scene::JsonReader& r, const std::string& name, const scene::Json& v,
                   const std::string& path, SceneState& state);

}  // namespace texsim::isa::visa
