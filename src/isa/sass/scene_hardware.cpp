// SASS pools as the hardware's bytes (scene_hardware.hpp): each JSON header's surface placed once
// in the new memory range and described by a TIC entry, each JSON sampler by a TSC entry, the
// surfaces the headers named dropped from "surfaces".
#include "isa/sass/scene_hardware.hpp"

#include <map>
#include <set>
#include <string>

#include "core/text.hpp"
#include "hwstate/layout.hpp"
#include "hwstate/nvidia_texsim.hpp"
#include "texunit/format_names.hpp"
#include "texunit/format_table.hpp"

namespace texsim::isa::sass {

namespace {

using scene::Json;

constexpr const char* kRule = "SCENE-HARDWARE";

// The surface `id` placed in memory (once per surface), or nullopt (reported).
std::optional<hwstate::PlacedSurface> place_surface(const scene::Scene& scene, uint32_t id,
                                                    const scene::ToHardwareOptions& options,
                                                    scene::GpuMemoryBuilder& memory,
                                                    core::DiagSink& sink) {
  const scene::SceneSurface* s = scene.find_surface(id);
  if (s == nullptr) return std::nullopt;  // the loader reported it
  hwstate::PlacedSurface placed = scene::placement_for(*s, hwstate::Tiling::kBlockLinear, options);
  const hwstate::Tiling t = placed.tiling.tiling;
  const std::string what = "surface " + std::to_string(id);
  if (t != hwstate::Tiling::kBlockLinear && t != hwstate::Tiling::kPitch) {
    sink.error(kRule, {},
               what + ": NVIDIA texture headers place surfaces block-linear or pitch, not " +
                   std::string(hwstate::tiling_name(t)),
               "open-gpu-doc clb097tex.h, HEADER_VERSION");
    return std::nullopt;
  }
  if (t == hwstate::Tiling::kPitch && (placed.desc.mips > 1 || placed.desc.slices() > 1)) {
    sink.error(kRule, {},
               what + ": a pitch texture header has one level and one layer (decision ML5)",
               "open-gpu-doc clb097tex.h, Texture Header State Pitch");
    return std::nullopt;
  }
  memory.place(placed, s->surface.bytes(), scene::base_alignment(t));
  core::DiagSink layout;
  const bool valid = hwstate::validate_placement(placed, layout);
  scene::forward_prefixed(layout, what, sink);
  if (!valid) return std::nullopt;
  return placed;
}

// The format a header reads `placed` as: its sRGB twin when the header converts (the TIC's
// S_R_G_B_CONVERSION selects the _SRGB row, as tic_to_texsim maps it back).
std::optional<texunit::Format> view_format(const hwstate::PlacedSurface& placed, bool srgb) {
  if (!srgb) return placed.desc.format;
  return texunit::format_from_name(std::string(texunit::format_info(placed.desc.format).name) +
                                   "_SRGB");
}

void headers_to_hardware(Json& root, const scene::Scene& scene, const SceneState& state,
                         const hwstate::nvidia::Platform& platform,
                         const scene::ToHardwareOptions& options, scene::GpuMemoryBuilder& memory,
                         core::DiagSink& sink) {
  std::map<uint32_t, std::optional<hwstate::PlacedSurface>> placed;  // nullopt: failed
  for (const auto& [index, h] : state.texture_headers->entries) {
    if (state.header_surfaces.count(index) != 0) continue;  // already bytes
    auto it = placed.find(h.surface);
    if (it == placed.end())
      it = placed.emplace(h.surface, place_surface(scene, h.surface, options, memory, sink)).first;
    if (!it->second) continue;
    const std::string what = "texture header " + std::to_string(index);
    hwstate::nvidia::TicSurface tic{*it->second, h.min_level, h.max_level, h.srgb, true};
    const auto format = view_format(tic.placed, h.srgb);
    if (!format) {
      sink.error(kRule, {}, what + ": sRGB conversion of a format without an sRGB twin",
                 "open-gpu-doc clb097tex.h, S_R_G_B_CONVERSION");
      continue;
    }
    tic.placed.desc.format = *format;
    core::DiagSink enc;
    const uint32_t version =
        options.header_version.value_or(state.texture_header_version);  // 0: default
    auto bytes = hwstate::nvidia::tic_from_texsim(
        platform, tic, enc,
        version == 0 ? std::nullopt
                     : std::optional(static_cast<hwstate::nvidia::TicFamily>(version)));
    scene::forward_prefixed(enc, what, sink);
    if (bytes)
      root["texture_headers"]["entries"][std::to_string(index)] = {
          {"hex", core::hex_bytes(*bytes)}};
  }
  // The surfaces now in memory leave "surfaces" (SASS reaches surfaces only through headers).
  if (Json* surfaces = root.contains("surfaces") ? &root["surfaces"] : nullptr) {
    Json kept = Json::array();
    for (const Json& s : *surfaces)
      if (!s.contains("id") || !s["id"].is_number_unsigned() ||
          !placed.contains(s["id"].get<uint32_t>()))
        kept.push_back(s);
    if (kept.empty())
      root.erase("surfaces");
    else
      *surfaces = kept;
  }
}

void samplers_to_hardware(Json& root, const SceneState& state,
                          const hwstate::nvidia::Platform& platform, core::DiagSink& sink) {
  const Json& entries = root["texture_samplers"]["entries"];
  for (const auto& [index, s] : state.texture_samplers->entries) {
    const std::string key = std::to_string(index);
    if (!entries.contains(key) || entries[key].contains("hex") || entries[key].contains("file"))
      continue;  // already bytes
    const std::string what = "texture sampler " + key;
    if (s.precision) {
      sink.error(kRule, {}, what + ": \"precision\" is texsim's, a TSC entry has no such field",
                 "docs/scene-format.md, Samplers");
      continue;
    }
    core::DiagSink enc;
    auto bytes = hwstate::nvidia::tsc_from_texsim(platform, s.state, enc);
    std::optional<texunit::SamplerState> back;
    if (bytes) back = hwstate::nvidia::tsc_to_texsim(platform, *bytes, enc);
    scene::forward_prefixed(enc, what, sink);
    if (back && scene::check_sampler_round_trip(what, s.state, *back, sink))
      root["texture_samplers"]["entries"][key] = {{"hex", core::hex_bytes(*bytes)}};
  }
}

// --header-version: the platform must have the family, and entries already given as bytes must
// be of it (they are kept as they are); the pool then says it ("header_version", decision TV1).
bool header_family_ok(Json& root, const SceneState& state,
                      const hwstate::nvidia::Platform& platform,
                      const scene::ToHardwareOptions& options, core::DiagSink& sink) {
  if (!options.header_version) return true;
  const uint32_t v = *options.header_version;
  if (!hwstate::nvidia::has_family(platform, static_cast<hwstate::nvidia::TicFamily>(v))) {
    sink.error(kRule, {},
               "--header-version " + std::to_string(v) + ": " + std::string(platform.name) + " (" +
                   std::string(platform.class_name) + ") has no such texture header family",
               "open-gpu-doc classes/3d/" + std::string(platform.header) + " (decision TV1)");
    return false;
  }
  const uint32_t pool = state.texture_header_version;
  if (!state.header_surfaces.empty() && pool != v &&
      !(pool == 0 && static_cast<uint32_t>(hwstate::nvidia::default_family(platform)) == v)) {
    sink.error(kRule, {},
               "--header-version " + std::to_string(v) +
                   ": the pool already holds headers as bytes of another family",
               "docs/scene-format.md, texture_headers (decision TV1)");
    return false;
  }
  root["texture_headers"]["header_version"] = v;
  return true;
}

}  // namespace

void pools_to_hardware(Json& root, const scene::Scene& scene, const SceneState& state,
                       const scene::ToHardwareOptions& options, scene::GpuMemoryBuilder& memory,
                       core::DiagSink& sink) {
  const std::string name = scene.platform.empty() ? "SM52" : scene.platform;
  const auto* platform = hwstate::nvidia::find_platform(name);
  if (platform == nullptr) {
    sink.error(kRule, {}, "texsim has no texture header tables for platform " + name);
    return;
  }
  if (state.texture_headers && root.contains("texture_headers") &&
      root["texture_headers"].contains("entries") &&
      header_family_ok(root, state, *platform, options, sink))
    headers_to_hardware(root, scene, state, *platform, options, memory, sink);
  if (state.texture_samplers && root.contains("texture_samplers") &&
      root["texture_samplers"].contains("entries"))
    samplers_to_hardware(root, state, *platform, sink);
}

}  // namespace texsim::isa::sass
