// A scene's descriptor twin (issue 27): the same texture headers and samplers given as TIC/TSC
// bytes, the surfaces as block-linear memory in "gpu_memory" instead of "surfaces". Used by
// scene_descriptors_test.cpp (same results either way) and to write examples/sass/tic-*.json.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

#include "core/text.hpp"
#include "hwstate/layout.hpp"
#include "hwstate/nvidia_texsim.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/tsc.hpp"
#include "scene/scene.hpp"
#include "texunit/format.hpp"

namespace texsim::isa::sass::testing {

// `json` is the scene's text as loaded into `scene`; `block_height_log2` the GOBs per block;
// `header_version` the header pool's family (0: the platform's default, no pool key).
inline std::optional<nlohmann::ordered_json> descriptor_twin(const scene::Scene& scene,
                                                             nlohmann::ordered_json json,
                                                             uint8_t block_height_log2 = 1,
                                                             uint32_t header_version = 0) {
  const auto* platform = hwstate::nvidia::find_platform(scene.platform);
  const SceneState& st = scene_state(scene);
  if (platform == nullptr || !st.texture_headers) return std::nullopt;
  nlohmann::ordered_json memory = nlohmann::ordered_json::array();
  nlohmann::ordered_json entries = nlohmann::ordered_json::object();
  uint64_t address = 0x100000000;
  core::DiagSink sink;
  for (const auto& [index, h] : st.texture_headers->entries) {
    const scene::SceneSurface* surf = scene.find_surface(h.surface);
    if (surf == nullptr) return std::nullopt;
    hwstate::nvidia::TicSurface tic;
    tic.placed.desc = surf->surface.desc();
    if (h.srgb) {
      const std::string twin = std::string(texunit::format_info(tic.placed.desc.format).name);
      tic.placed.desc.format = *texunit::format_from_name(twin + "_SRGB");
    }
    tic.placed.tiling.tiling = hwstate::Tiling::kBlockLinear;
    tic.placed.tiling.block_height_log2 = block_height_log2;
    tic.placed.base_address = address;
    tic.view_min_level = h.min_level;
    tic.view_max_level = h.max_level;
    const auto bytes = hwstate::nvidia::tic_from_texsim(
        *platform, tic, sink,
        header_version == 0
            ? std::nullopt
            : std::optional(static_cast<hwstate::nvidia::TicFamily>(header_version)));
    if (!bytes) return std::nullopt;
    std::vector<uint8_t> mem(hwstate::surface_bytes(tic.placed), 0);
    hwstate::from_linear(tic.placed, surf->surface.bytes(), mem);
    entries[std::to_string(index)] = {{"hex", core::hex_bytes(*bytes)}};
    memory.push_back({{"address", core::hex(address)}, {"hex", core::hex_bytes(mem)}});
    address += (mem.size() + 0xffff) & ~uint64_t{0xffff};
  }
  json["texture_headers"] = {{"max_index", st.texture_headers->max_index}, {"entries", entries}};
  if (header_version != 0) json["texture_headers"]["header_version"] = header_version;
  if (st.texture_samplers) {
    std::vector<uint8_t> pool((st.texture_samplers->max_index + 1) * 32, 0);
    for (const auto& [index, s] : st.texture_samplers->entries) {
      const auto bytes = hwstate::nvidia::tsc_from_texsim(*platform, tsc_sampler_state(s), sink);
      if (!bytes) return std::nullopt;
      std::copy(bytes->begin(), bytes->end(), pool.begin() + index * 32);
    }
    json["texture_samplers"] = {{"hex", core::hex_bytes(pool)}};
  }
  json.erase("surfaces");
  json["gpu_memory"] = memory;
  return json;
}

}  // namespace texsim::isa::sass::testing
