// vISA surfaces as the hardware's bytes (scene_hardware.hpp): each JSON surface placed in the new
// memory range, described by a RENDER_SURFACE_STATE entry of "surface_states" at its index and
// dropped from "surfaces"; each JSON sampler likewise a SAMPLER_STATE heap in "sampler_states".
#include "isa/visa/scene_hardware.hpp"

#include <set>
#include <string>

#include "core/text.hpp"
#include "hwstate/intel_texsim.hpp"
#include "hwstate/layout.hpp"
#include "texunit/format_table.hpp"

namespace texsim::isa::visa {

namespace {

using scene::Json;

// One surface's RENDER_SURFACE_STATE bytes, its texels placed in memory; nullopt (reported).
std::optional<std::vector<uint8_t>> surface_state(const std::string& platform,
                                                  const scene::SceneSurface& s,
                                                  const scene::ToHardwareOptions& options,
                                                  scene::GpuMemoryBuilder& memory,
                                                  core::DiagSink& sink) {
  const std::string what = "surface " + std::to_string(s.id);
  // Gfx12.5 (DG2, PVC) has Tile4 where older Intel GPUs had TileY (decision IS3).
  const bool gfx125 = platform == "DG2" || platform == "PVC";
  hwstate::PlacedSurface placed =
      scene::placement_for(s, gfx125 ? hwstate::Tiling::kTile4 : hwstate::Tiling::kTileY, options);
  if (gfx125 && !s.placement) {
    // Gfx12.5 Surface Horizontal Alignment counts bytes (16..128, decision IS2): the largest,
    // 128, encodes for every power-of-two element size (DS15).
    const uint32_t bytes = hwstate::element_bytes(placed);
    const auto& f = texunit::format_info(placed.desc.format);
    if (bytes != 0 && 128 % bytes == 0) placed.tiling.halign = 128 / bytes * f.block_width;
  }
  // Intel 1D surfaces are linear (LAYOUT-INTEL-1D-TILED): the default gives them pitch.
  const bool one_d = placed.desc.type == texunit::SurfaceType::k1D ||
                     placed.desc.type == texunit::SurfaceType::k1DArray;
  if (one_d && !options.tiling && !s.placement) placed.tiling.tiling = hwstate::Tiling::kPitch;
  memory.place(placed, s.surface.bytes(), scene::base_alignment(placed.tiling.tiling));
  core::DiagSink diags;
  const bool valid = hwstate::validate_placement(placed, diags);
  std::optional<std::vector<uint8_t>> bytes;
  if (valid) bytes = hwstate::intel::surface_from_texsim(platform, placed, diags);
  scene::forward_prefixed(diags, what, sink);
  return valid ? bytes : std::nullopt;
}

// Removes the entries of root[key] whose "id" is in `ids` (the key too when none is left).
void drop_entries(Json& root, const char* key, const std::set<uint32_t>& ids) {
  if (!root.contains(key)) return;
  Json kept = Json::array();
  for (const Json& s : root[key])
    if (!s.contains("id") || !s["id"].is_number_unsigned() ||
        !ids.contains(s["id"].get<uint32_t>()))
      kept.push_back(s);
  if (kept.empty()) {
    root.erase(key);
  } else {
    root[key] = kept;
  }
}

}  // namespace

void surfaces_to_hardware(Json& root, const scene::Scene& scene,
                          const scene::ToHardwareOptions& options, scene::GpuMemoryBuilder& memory,
                          core::DiagSink& sink) {
  const std::string platform = scene.platform.empty() ? "TGLLP" : scene.platform;
  if (hwstate::intel::find_type(platform, "RENDER_SURFACE_STATE") == nullptr) {
    sink.error("SCENE-HARDWARE", {},
               "texsim has no RENDER_SURFACE_STATE table for platform " + platform);
    return;
  }
  std::set<uint32_t> done;
  for (const scene::SceneSurface& s : scene.surfaces) {
    if (auto bytes = surface_state(platform, s, options, memory, sink)) {
      root["surface_states"][std::to_string(s.id)] = {{"hex", core::hex_bytes(*bytes)}};
      done.insert(s.id);
    }
  }
  drop_entries(root, "surfaces", done);
  std::set<uint32_t> samplers;
  for (const scene::SceneSampler& s : scene.samplers) {
    const std::string what = "sampler " + std::to_string(s.id);
    if (s.precision) {
      sink.error("SCENE-HARDWARE", {},
                 what + ": \"precision\" is texsim's, a SAMPLER_STATE has no such field",
                 "docs/scene-format.md, Samplers");
      continue;
    }
    core::DiagSink enc;
    const auto heap = hwstate::intel::sampler_heap_from_texsim(platform, s.state, enc);
    std::optional<texunit::SamplerState> back;
    if (heap) back = hwstate::intel::sampler_from_heap(platform, *heap, 0, enc);
    // The comparison travels in Shadow Function, which only the _c messages read (DS19): a plain
    // message on the JSON sampler ignores `compare` too (exec_3d.cpp).
    if (back && s.state.compare)
      back->compare = hwstate::intel::shadow_compare_from_heap(platform, *heap, 0);
    scene::forward_prefixed(enc, what, sink);
    if (back && scene::check_sampler_round_trip(what, s.state, *back, sink)) {
      root["sampler_states"][std::to_string(s.id)] = {{"hex", core::hex_bytes(*heap)}};
      samplers.insert(s.id);
    }
  }
  drop_entries(root, "samplers", samplers);
}

}  // namespace texsim::isa::visa
