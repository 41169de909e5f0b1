// TIC/TSC pool entries as bytes (scene_descriptors.hpp). The decoding, validation and mapping are
// hwstate's; this file forwards their diagnostics to the entry's JSON position and builds the
// scene-level values the SASS executor already runs on.
#include "isa/sass/scene_descriptors.hpp"

#include "core/text.hpp"
#include "hwstate/layout.hpp"
#include "hwstate/nvidia_texsim.hpp"
#include "scene/descriptor_bytes.hpp"
#include "scene/json_pos.hpp"

namespace texsim::isa::sass {

using scene::Json;
using scene::JsonReader;

namespace {

const hwstate::nvidia::Platform* platform_of(JsonReader& r, const scene::Scene& scene,
                                             const std::string& path) {
  const auto* p = hwstate::nvidia::find_platform(scene.platform.empty() ? "SM52" : scene.platform);
  if (p == nullptr)
    r.err("SCENE-VALUE", path,
          "texsim has no texture header tables for platform " + scene.platform);
  return p;
}

std::optional<hwstate::nvidia::TicFamily> family_of(uint32_t header_version) {
  if (header_version == 0) return std::nullopt;
  return static_cast<hwstate::nvidia::TicFamily>(header_version);
}

}  // namespace

bool read_header_version(JsonReader& r, const Json& pool, const std::string& path,
                         const scene::Scene& scene, uint32_t& version) {
  const Json* v = pool.is_object() ? JsonReader::member(pool, "header_version") : nullptr;
  if (v == nullptr) return true;
  const std::string vp = scene::json_member_path(path, "header_version");
  const auto u = r.as_u32(*v, vp, 1, 2);
  if (!u) return false;
  const auto* platform = platform_of(r, scene, vp);
  if (platform == nullptr) return false;
  if (!hwstate::nvidia::has_family(*platform, *family_of(*u))) {
    r.err("SCENE-VALUE", vp,
          "header_version " + std::to_string(*u) + ": " + std::string(platform->name) + " (" +
              std::string(platform->class_name) + ", open-gpu-doc classes/3d/" +
              std::string(platform->header) + ") has no " +
              (*u == 2 ? "\"Texture Header V2\"" : "\"Texture Header State\"") +
              " headers (decision TV1)");
    return false;
  }
  version = *u;
  return true;
}

std::optional<std::pair<TextureHeader, MemorySurface>> header_from_bytes(
    JsonReader& r, std::span<const uint8_t> tic, const std::string& path, const scene::Scene& scene,
    uint32_t header_version) {
  const auto* platform = platform_of(r, scene, path);
  if (platform == nullptr) return std::nullopt;
  core::DiagSink sink;
  const auto mapped =
      hwstate::nvidia::tic_to_texsim(*platform, tic, sink, {}, family_of(header_version));
  if (mapped && !mapped->normalized_coords)
    sink.error("TIC-TEXSIM", {},
               "NORMALIZED_COORDS 0: texsim takes unnormalized coordinates from the sampler's "
               "FLOAT_COORD_NORMALIZATION only (decision DS7)");
  if (mapped) hwstate::validate_placement(mapped->placed, sink);
  scene::forward_diagnostics(r, sink, path);
  if (!mapped || sink.has_errors()) return std::nullopt;
  const hwstate::PlacedSurface& placed = mapped->placed;
  auto surface = scene::surface_from_gpu_memory(r, placed, scene, path, "the header's surface");
  if (!surface) return std::nullopt;
  TextureHeader h;
  h.min_level = mapped->view_min_level;
  h.max_level = mapped->view_max_level;
  return std::pair{h, MemorySurface{std::move(*surface), placed.base_address, placed}};
}

std::optional<scene::SceneSampler> sampler_from_bytes(JsonReader& r, std::span<const uint8_t> tsc,
                                                      const std::string& path,
                                                      const scene::Scene& scene, uint32_t index) {
  const auto* platform = platform_of(r, scene, path);
  if (platform == nullptr) return std::nullopt;
  core::DiagSink sink;
  const auto state = hwstate::nvidia::tsc_to_texsim(*platform, tsc, sink);
  scene::forward_diagnostics(r, sink, path);
  if (!state) return std::nullopt;
  scene::SceneSampler s;
  s.id = index;
  s.state = *state;
  return s;
}

}  // namespace texsim::isa::sass
