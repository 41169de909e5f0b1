// A vISA scene's JSON surfaces rewritten as RENDER_SURFACE_STATE bytes over pitch or tiled memory
// (`texsim place`, scene/to_hardware.hpp). Depends on scene (to_hardware) and hwstate
// (intel_texsim).
#pragma once

#include "core/diag.hpp"
#include "scene/scene.hpp"
#include "scene/to_hardware.hpp"

namespace texsim::isa::visa {

void surfaces_to_hardware(scene::Json& root, const scene::Scene& scene,
                          const scene::ToHardwareOptions& options, scene::GpuMemoryBuilder& memory,
                          core::DiagSink& sink);

}  // namespace texsim::isa::visa
