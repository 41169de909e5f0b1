// TIC/TSC pool entries as bytes (scene_descriptors.hpp). The decoding, validation and mapping are
// hwstate's; this file forwards their diagnostics to the entry's JSON position and builds the
// scene-level values the SASS executor already runs on.
#include "isa/sass/scene_descriptors.hpp"

#include <algorithm>
#include <cstring>

#include "core/text.hpp"
#include "hwstate/layout.hpp"
#include "hwstate/nvidia_texsim.hpp"

namespace texsim::isa::sass {

using scene::Json;
using scene::JsonReader;

namespace {

// hwstate's diagnostics at the entry's position in the scene file.
void forward(JsonReader& r, const core::DiagSink& from, const std::string& path) {
  for (const core::Diagnostic& d : from.diagnostics()) {
    core::Diagnostic out = d;
    out.loc = r.loc(path);
    out.message = path + ": " + d.message;
    r.sink().report(std::move(out));
  }
}

const hwstate::nvidia::Platform* platform_of(JsonReader& r, const scene::Scene& scene,
                                             const std::string& path) {
  const auto* p = hwstate::nvidia::find_platform(scene.platform.empty() ? "SM52" : scene.platform);
  if (p == nullptr)
    r.err("SCENE-VALUE", path,
          "texsim has no texture header tables for platform " + scene.platform);
  return p;
}

}  // namespace

bool given_as_bytes(const Json& v) {
  return v.is_object() && (JsonReader::member(v, "hex") || JsonReader::member(v, "file"));
}

std::optional<std::vector<uint8_t>> descriptor_bytes(JsonReader& r, const Json& v,
                                                     const std::string& path,
                                                     JsonReader::Keys allowed) {
  r.check_keys(v, path, allowed);
  const Json* hex = JsonReader::member(v, "hex");
  const Json* file = JsonReader::member(v, "file");
  if (hex != nullptr && file != nullptr) {
    r.err("SCENE-VALUE", path, "expected one of \"hex\" or \"file\", got both");
    return std::nullopt;
  }
  if (hex != nullptr) return r.hex_bytes(*hex, scene::json_member_path(path, "hex"));
  const auto p = r.resolve_file(*file, scene::json_member_path(path, "file"));
  if (!p) return std::nullopt;
  return r.read_binary(*p, scene::json_member_path(path, "file"));
}

std::optional<std::pair<TextureHeader, MemorySurface>> header_from_bytes(
    JsonReader& r, std::span<const uint8_t> tic, const std::string& path,
    const scene::Scene& scene) {
  const auto* platform = platform_of(r, scene, path);
  if (platform == nullptr) return std::nullopt;
  core::DiagSink sink;
  const auto mapped = hwstate::nvidia::tic_to_texsim(*platform, tic, sink);
  if (mapped && !mapped->normalized_coords)
    sink.error("TIC-TEXSIM", {},
               "NORMALIZED_COORDS 0: texsim takes unnormalized coordinates from the sampler's "
               "FLOAT_COORD_NORMALIZATION only (decision DS7)");
  if (mapped) hwstate::validate_placement(mapped->placed, sink);
  forward(r, sink, path);
  if (!mapped || sink.has_errors()) return std::nullopt;
  const hwstate::PlacedSurface& placed = mapped->placed;
  const uint64_t size = hwstate::surface_bytes(placed);
  const auto memory = scene.gpu_bytes(placed.base_address, size);
  if (!memory) {
    r.err("SCENE-VALUE", path,
          "the header's surface spans " + core::hex(placed.base_address) + ".." +
              core::hex(placed.base_address + size - 1) + ", which no \"gpu_memory\" range holds");
    return std::nullopt;
  }
  if (!r.charge(texunit::linear_layout(placed.desc).total_bytes, path)) return std::nullopt;
  auto surface = std::make_shared<texunit::Surface>(placed.desc);
  const std::vector<uint8_t> linear = hwstate::to_linear(placed, *memory);
  std::memcpy(surface->bytes().data(), linear.data(),
              std::min(linear.size(), surface->bytes().size()));
  TextureHeader h;
  h.min_level = mapped->view_min_level;
  h.max_level = mapped->view_max_level;
  return std::pair{h, MemorySurface{std::move(surface), placed.base_address}};
}

std::optional<scene::SceneSampler> sampler_from_bytes(JsonReader& r, std::span<const uint8_t> tsc,
                                                      const std::string& path,
                                                      const scene::Scene& scene, uint32_t index) {
  const auto* platform = platform_of(r, scene, path);
  if (platform == nullptr) return std::nullopt;
  core::DiagSink sink;
  const auto state = hwstate::nvidia::tsc_to_texsim(*platform, tsc, sink);
  forward(r, sink, path);
  if (!state) return std::nullopt;
  scene::SceneSampler s;
  s.id = index;
  s.state = *state;
  return s;
}

}  // namespace texsim::isa::sass
