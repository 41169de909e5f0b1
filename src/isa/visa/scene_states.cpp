// Intel surface and sampler states in vISA scenes (scene_states.hpp).
#include "isa/visa/scene_states.hpp"

#include <algorithm>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "hwstate/intel_texsim.hpp"
#include "scene/descriptor_bytes.hpp"

namespace texsim::isa::visa {

using scene::Json;
using scene::json_member_path;
using scene::JsonReader;

namespace {

// One state read from `heap` at `offset`, reported at `path`, for index `index`.
using Entry = std::function<void(uint32_t index, std::span<const uint8_t> heap, uint64_t offset,
                                 const std::string& path)>;

// {"hex" | "file", "offset"?, "stride"?, "count"?}: a heap, entry i at offset + i * stride
// (entries of only zero bytes are unset); or {"INDEX": {"hex" | "file", "offset"?}, ...}.
void read_states(JsonReader& r, const Json& v, const std::string& path, uint32_t entry_bytes,
                 const Entry& entry) {
  if (!r.expect_object(v, path)) return;
  if (scene::given_as_bytes(v)) {
    const auto heap =
        scene::descriptor_bytes(r, v, path, {"hex", "file", "offset", "stride", "count"});
    if (!heap) return;
    uint32_t offset = 0;
    uint32_t stride = entry_bytes;
    if (const Json* o = JsonReader::member(v, "offset")) {
      const auto u = r.as_u32(*o, json_member_path(path, "offset"));
      if (!u) return;
      offset = *u;
    }
    if (const Json* s = JsonReader::member(v, "stride")) {
      const auto u = r.as_u32(*s, json_member_path(path, "stride"), entry_bytes, 1u << 20);
      if (!u) return;
      stride = *u;
    }
    const uint64_t fit = offset + entry_bytes <= heap->size()
                             ? (heap->size() - offset - entry_bytes) / stride + 1
                             : 0;
    uint64_t count = fit;
    if (const Json* c = JsonReader::member(v, "count")) {
      const auto u = r.as_u32(*c, json_member_path(path, "count"), 1, 1u << 20);
      if (!u) return;
      count = *u;
    }
    if (count == 0 || count > fit) {
      r.err("SCENE-SIZE", path,
            "the heap of " + std::to_string(heap->size()) + " bytes holds " + std::to_string(fit) +
                " entries of " + std::to_string(entry_bytes) + " bytes from offset " +
                std::to_string(offset) + " at stride " + std::to_string(stride) + ", not " +
                std::to_string(count));
      return;
    }
    for (uint32_t i = 0; i < count; ++i) {
      const uint64_t at = offset + uint64_t{i} * stride;
      const auto e = std::span<const uint8_t>(*heap).subspan(at, entry_bytes);
      if (std::all_of(e.begin(), e.end(), [](uint8_t b) { return b == 0; })) continue;
      entry(i, *heap, at, json_member_path(path, "entry " + std::to_string(i)));
    }
    return;
  }
  for (const auto& [key, value] : v.items()) {
    const std::string ip = json_member_path(path, key);
    const bool numeric =
        !key.empty() && key.size() <= 7 &&
        std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!numeric) {
      r.err("SCENE-VALUE", ip, "expected an index (a decimal number) as the key, got " + key);
      continue;
    }
    if (!r.expect_object(value, ip)) continue;
    const auto bytes = scene::descriptor_bytes(r, value, ip, {"hex", "file", "offset"});
    if (!bytes) continue;
    uint32_t offset = 0;
    if (const Json* o = JsonReader::member(value, "offset")) {
      const auto u = r.as_u32(*o, json_member_path(ip, "offset"));
      if (!u) continue;
      offset = *u;
    }
    if (uint64_t{offset} + entry_bytes > bytes->size()) {
      r.err("SCENE-SIZE", ip,
            "expected " + std::to_string(entry_bytes) + " bytes at offset " +
                std::to_string(offset) + ", got " + std::to_string(bytes->size()) + " bytes");
      continue;
    }
    entry(static_cast<uint32_t>(std::stoul(key)), *bytes, offset, ip);
  }
}

}  // namespace

void read_surface_states(JsonReader& r, const Json& v, const scene::Scene& scene,
                         SceneState& state) {
  read_states(
      r, v, "surface_states", hwstate::intel::kSurfaceStateBytes,
      [&](uint32_t index, std::span<const uint8_t> heap, uint64_t offset, const std::string& ip) {
        if (scene.find_surface(index) != nullptr || state.surfaces.count(index) != 0) {
          r.err("SCENE-ID", ip, "surface " + std::to_string(index) + " is given twice");
          return;
        }
        core::DiagSink sink;
        const auto placed = hwstate::intel::surface_to_texsim(
            scene.platform, heap.subspan(offset, hwstate::intel::kSurfaceStateBytes), sink);
        scene::forward_diagnostics(r, sink, ip);
        if (!placed) return;
        auto surface = scene::surface_from_gpu_memory(r, *placed, scene, ip,
                                                      "the RENDER_SURFACE_STATE's surface");
        if (!surface) return;
        state.surfaces[index] = scene::SceneSurface{index, "", std::move(**surface), *placed};
      });
}

void read_sampler_states(JsonReader& r, const Json& v, const scene::Scene& scene,
                         SceneState& state) {
  read_states(
      r, v, "sampler_states", hwstate::intel::kSamplerStateBytes,
      [&](uint32_t index, std::span<const uint8_t> heap, uint64_t offset, const std::string& ip) {
        if (scene.find_sampler(index) != nullptr || state.samplers.count(index) != 0) {
          r.err("SCENE-ID", ip, "sampler " + std::to_string(index) + " is given twice");
          return;
        }
        add_heap_sampler(r, scene, heap, offset, index, ip, state);
      });
}

void add_heap_sampler(JsonReader& r, const scene::Scene& scene, std::span<const uint8_t> heap,
                      uint64_t offset, uint32_t index, const std::string& path, SceneState& state) {
  // The border colour is read at the Border Color Pointer, an offset into the same bytes (the
  // dynamic state heap).
  core::DiagSink sink;
  const auto s = hwstate::intel::sampler_from_heap(scene.platform, heap, offset, sink);
  scene::forward_diagnostics(r, sink, path);
  if (!s) return;
  scene::SceneSampler smp;
  smp.id = index;
  smp.state = *s;
  smp.message_compare = hwstate::intel::shadow_compare_from_heap(scene.platform, heap, offset);
  state.samplers[index] = smp;
}

const scene::SceneSurface* find_surface(const scene::Scene& sc, uint32_t id) {
  const SceneState& st = scene_state(sc);
  const auto it = st.surfaces.find(id);
  return it != st.surfaces.end() ? &it->second : sc.find_surface(id);
}

const scene::SceneSampler* find_sampler(const scene::Scene& sc, uint32_t id) {
  const SceneState& st = scene_state(sc);
  const auto it = st.samplers.find(id);
  return it != st.samplers.end() ? &it->second : sc.find_sampler(id);
}

}  // namespace texsim::isa::visa
