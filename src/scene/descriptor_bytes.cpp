// Descriptors as bytes in scenes, the shared parts (descriptor_bytes.hpp).
#include "scene/descriptor_bytes.hpp"

#include <algorithm>
#include <cstring>

#include "core/text.hpp"

namespace texsim::scene {

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
  if (hex != nullptr) return r.hex_bytes(*hex, json_member_path(path, "hex"));
  const auto p = r.resolve_file(*file, json_member_path(path, "file"));
  if (!p) return std::nullopt;
  return r.read_binary(*p, json_member_path(path, "file"));
}

void forward_diagnostics(JsonReader& r, const core::DiagSink& from, const std::string& path) {
  for (const core::Diagnostic& d : from.diagnostics()) {
    core::Diagnostic out = d;
    out.loc = r.loc(path);
    out.message = path + ": " + d.message;
    r.sink().report(std::move(out));
  }
}

std::optional<std::shared_ptr<texunit::Surface>> surface_from_gpu_memory(
    JsonReader& r, const hwstate::PlacedSurface& placed, const Scene& scene,
    const std::string& path, std::string_view what) {
  const uint64_t size = hwstate::surface_bytes(placed);
  const auto memory = scene.gpu_bytes(placed.base_address, size);
  if (!memory) {
    r.err("SCENE-VALUE", path,
          std::string(what) + " spans " + core::hex(placed.base_address) + ".." +
              core::hex(placed.base_address + size - 1) + ", which no \"gpu_memory\" range holds");
    return std::nullopt;
  }
  if (!r.charge(texunit::linear_layout(placed.desc).total_bytes, path)) return std::nullopt;
  auto surface = std::make_shared<texunit::Surface>(placed.desc);
  const std::vector<uint8_t> linear = hwstate::to_linear(placed, *memory);
  std::memcpy(surface->bytes().data(), linear.data(),
              std::min(linear.size(), surface->bytes().size()));
  return surface;
}

}  // namespace texsim::scene
