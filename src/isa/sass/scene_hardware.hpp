// A SASS scene's JSON texture headers and samplers rewritten as Maxwell-to-Hopper TIC/TSC bytes
// over block-linear or pitch memory (`texsim place`, scene/to_hardware.hpp). Depends on
// scene_section, scene (to_hardware) and hwstate (nvidia_texsim).
#pragma once

#include "core/diag.hpp"
#include "isa/sass/scene_section.hpp"
#include "scene/to_hardware.hpp"

namespace texsim::isa::sass {

void pools_to_hardware(scene::Json& root, const scene::Scene& scene, const SceneState& state,
                       const scene::ToHardwareOptions& options, scene::GpuMemoryBuilder& memory,
                       core::DiagSink& sink);

}  // namespace texsim::isa::sass
