// vISA surfaces and samplers given in a scene as Intel state bytes (issue 27): "surface_states"
// (RENDER_SURFACE_STATE, texels read from "gpu_memory" through the surface's layout) and
// "sampler_states" (SAMPLER_STATE with the border colour its pointer names), each a heap with a
// stride or entries by index. Decoding and mapping are hwstate::intel's; the byte sources and
// the memory read are scene/descriptor_bytes.hpp's, shared with SASS's TIC/TSC pools.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "isa/visa/scene_section.hpp"
#include "scene/json_reader.hpp"

namespace texsim::isa::visa {

void read_surface_states(scene::JsonReader& r, const scene::Json& v, const scene::Scene& scene,
                         SceneState& state);
void read_sampler_states(scene::JsonReader& r, const scene::Json& v, const scene::Scene& scene,
                         SceneState& state);

// Sampler `index` from the SAMPLER_STATE at `offset` of a dynamic state heap (its border colour
// at its pointer into the same bytes), reported at `path`; nothing added when it does not decode.
void add_heap_sampler(scene::JsonReader& r, const scene::Scene& scene,
                      std::span<const uint8_t> heap, uint64_t offset, uint32_t index,
                      const std::string& path, SceneState& state);

// A surface or sampler by index: the scene state's (from bytes) or the scene's JSON one.
const scene::SceneSurface* find_surface(const scene::Scene& sc, uint32_t id);
const scene::SceneSampler* find_sampler(const scene::Scene& sc, uint32_t id);

}  // namespace texsim::isa::visa
