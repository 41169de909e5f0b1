// Texture header (TIC) and sampler (TSC) pool entries given as the hardware's 32-byte entries
// (issue 27): decoded and validated per the scene's platform by hwstate/nvidia_*, the header's
// surface read from the scene's "gpu_memory" through its block-linear or pitch layout.
// Depends on scene and hwstate.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "isa/sass/scene_section.hpp"
#include "scene/descriptor_bytes.hpp"
#include "scene/json_reader.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::sass {

// The byte sources ({"hex"} / {"file"}) are scene/descriptor_bytes.hpp's.
using scene::descriptor_bytes;
using scene::given_as_bytes;

// A header pool's "header_version" (1 or 2, SET_TEXTURE_HEADER_VERSION; decision TV1) into
// `version` (left 0 when absent). False (reported) when it is no family the platform has.
bool read_header_version(scene::JsonReader& r, const scene::Json& pool, const std::string& path,
                         const scene::Scene& scene, uint32_t& version);

// One TIC entry of a pool of `header_version` (0: the platform's default family) -> the header
// (view levels) and the surface its bytes describe (validate, map, read the memory through the
// layout). nullopt when any step failed (each reported at `path`).
std::optional<std::pair<TextureHeader, MemorySurface>> header_from_bytes(
    scene::JsonReader& r, std::span<const uint8_t> tic, const std::string& path,
    const scene::Scene& scene, uint32_t header_version = 0);

// One TSC entry -> the sampler it programs (id = `index`).
std::optional<scene::SceneSampler> sampler_from_bytes(scene::JsonReader& r,
                                                      std::span<const uint8_t> tsc,
                                                      const std::string& path,
                                                      const scene::Scene& scene, uint32_t index);

}  // namespace texsim::isa::sass
