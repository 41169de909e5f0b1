// Descriptors given in a scene as the hardware's bytes (issue 27), the parts every front end
// shares: {"hex"} / {"file"} byte sources, hwstate's diagnostics placed at the entry's JSON
// position, and a placed surface read out of the scene's "gpu_memory" into texsim's linear
// form. The ISA sections decide what the bytes are (SASS TIC/TSC, vISA RENDER_SURFACE_STATE /
// SAMPLER_STATE). Depends on scene (json_reader, scene) and hwstate (layout).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/layout.hpp"
#include "scene/json_reader.hpp"
#include "scene/scene.hpp"

namespace texsim::scene {

// Whether a value is given as bytes: an object with "hex" or "file".
bool given_as_bytes(const Json& v);

// The bytes of {"hex": "..."} or {"file": "NAME"} (`allowed` names every allowed key); nullopt
// (reported) when unreadable.
std::optional<std::vector<uint8_t>> descriptor_bytes(JsonReader& r, const Json& v,
                                                     const std::string& path,
                                                     JsonReader::Keys allowed);

// Reports hwstate's diagnostics at `path` of the scene file (message prefixed with the path).
void forward_diagnostics(JsonReader& r, const core::DiagSink& from, const std::string& path);

// The surface `placed` describes, its bytes read from the scene's "gpu_memory" through its
// layout; nullopt (reported at `path`, `what` naming the descriptor) when no range holds it.
std::optional<std::shared_ptr<texunit::Surface>> surface_from_gpu_memory(
    JsonReader& r, const hwstate::PlacedSurface& placed, const Scene& scene,
    const std::string& path, std::string_view what);

}  // namespace texsim::scene
