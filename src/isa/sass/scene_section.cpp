// The SASS sections of a scene file (scene_section.hpp): registers, const_banks, tex_bank, the
// texture header / sampler pools (TIC/TSC) and fp16_rounding; every problem a SCENE-* diagnostic.
#include "isa/sass/scene_section.hpp"

#include "isa/sass/encoding.hpp"
#include "isa/sass/scene_descriptors.hpp"
#include "isa/sass/scene_hardware.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <limits>

#include "core/text.hpp"
#include "isa/frontend.hpp"
#include "scene/json_reader.hpp"
#include "scene/sampler_loader.hpp"

namespace texsim::isa::sass {

using scene::Json;
using scene::json_member_path;
using scene::JsonReader;

namespace {

constexpr std::string_view kId = "sass";
constexpr std::array<std::string_view, 6> kKeys{
    "const_banks", "tex_bank", "texture_headers", "texture_samplers", "fp16_rounding", "warp"};

// A 32-bit register value: a number (signed or unsigned) or a "0x..." string of <= 8 digits.
std::optional<uint32_t> register_bits(JsonReader& r, const Json& v, const std::string& path) {
  if (v.is_string()) {
    const auto bits = scene::parse_hex_number(v.get<std::string>(), 8);
    if (!bits) {
      r.err("SCENE-VALUE", path,
            "expected a 32-bit integer or a \"0x...\" hex string of at most 8 digits, got " +
                v.dump());
      return std::nullopt;
    }
    return static_cast<uint32_t>(*bits);
  }
  if (v.is_number()) {
    const auto iv = r.as_int(v, path, std::numeric_limits<int32_t>::min(),
                             std::numeric_limits<uint32_t>::max());
    if (!iv) return std::nullopt;
    return static_cast<uint32_t>(*iv);
  }
  r.type_err(path, "a 32-bit integer or a \"0x...\" hex string", v);
  return std::nullopt;
}

// "warp": {"active_mask": 32-bit mask, "default_partial": "zero" | "infinity"} (decision W13).
void load_warp(JsonReader& r, const Json& v, const std::string& path, SceneState& state) {
  if (!r.expect_object(v, path)) return;
  r.check_keys(v, path, {"active_mask", "default_partial"});
  WarpState w;
  if (const Json* m = JsonReader::member(v, "active_mask")) {
    const auto bits = register_bits(r, *m, json_member_path(path, "active_mask"));
    if (!bits) return;
    w.active_mask = *bits;
  }
  if (const Json* d = JsonReader::member(v, "default_partial")) {
    static constexpr std::array<std::string_view, 2> kNames{"zero", "infinity"};
    const std::function<std::optional<DefaultPartial>(std::string_view)> of =
        [](std::string_view s) -> std::optional<DefaultPartial> {
      if (core::iequals(s, "zero")) return DefaultPartial::kZero;
      if (core::iequals(s, "infinity")) return DefaultPartial::kInfinity;
      return std::nullopt;
    };
    const auto p = r.as_name<DefaultPartial>(*d, json_member_path(path, "default_partial"),
                                             "DEFAULT_PARTIAL", kNames, of);
    if (!p) return;
    w.default_partial = *p;
  }
  state.warp = w;
}

void read_machine_register(JsonReader& r, const std::string& name, const Json& v,
                           const std::string& path, SceneState& state) {
  // "R7" (prefix "R") or "UR4" (prefix "UR", Turing+ uniform registers).
  auto index_of = [&](std::string_view prefix, uint32_t max) -> std::optional<uint32_t> {
    if (name.size() <= prefix.size() || !core::iequals(name.substr(0, prefix.size()), prefix))
      return std::nullopt;
    uint32_t n = 0;
    for (size_t i = prefix.size(); i < name.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(name[i])) || n > 1000) return std::nullopt;
      n = n * 10 + static_cast<uint32_t>(name[i] - '0');
    }
    if (name.size() > prefix.size() + 1 && name[prefix.size()] == '0') return std::nullopt;
    if (n > max) return std::nullopt;
    return n;
  };
  const auto ri = index_of("R", 254);
  const auto ui = ri ? std::nullopt : index_of("UR", 62);
  // P index, or -1 (an int, not an optional: GCC 12 warns on the optional here).
  const int64_t pi = [&]() -> int64_t {
    if (ri || ui) return -1;
    const auto p = index_of("P", 6);
    return p ? int64_t{*p} : -1;
  }();
  // R and P registers may hold one value a lane: an array of exactly 32 (a warp-wide scene).
  if ((ri || pi >= 0) && v.is_array()) {
    if (v.size() != kWarpLanes) {
      r.err("SCENE-VALUE", path,
            "a register given per lane takes exactly " + std::to_string(kWarpLanes) +
                " values (lanes 0..31), got " + std::to_string(v.size()));
      return;
    }
    std::array<uint32_t, kWarpLanes> lanes{};
    std::array<bool, kWarpLanes> flags{};
    bool ok = true;
    for (unsigned l = 0; l < kWarpLanes; ++l) {
      const std::string lp = path + "[" + std::to_string(l) + "]";
      if (pi >= 0) {
        const auto b = r.as_bool(v[l], lp);
        ok = ok && b.has_value();
        flags[l] = b.value_or(false);
      } else {
        const auto bits = register_bits(r, v[l], lp);
        ok = ok && bits.has_value();
        lanes[l] = bits.value_or(0);
      }
    }
    if (!ok) return;
    if (pi >= 0)
      state.registers.p_lanes[static_cast<uint32_t>(pi)] = flags;
    else
      state.registers.r_lanes[ri.value_or(0)] = lanes;
    return;
  }
  if (ri || ui) {
    const auto bits = register_bits(r, v, path);
    if (!bits) return;
    auto& file = ri ? state.registers.r : state.registers.ur;
    file[ri.value_or(ui.value_or(0))] = *bits;
    return;
  }
  if (pi >= 0) {
    if (auto b = r.as_bool(v, path)) state.registers.p[static_cast<uint32_t>(pi)] = *b;
    return;
  }
  std::string msg =
      "\"" + name + "\" is not a writable SASS register (R0..R254, UR0..UR62, P0..P6)";
  if (core::iequals(name, "RZ") || core::iequals(name, "R255") || core::iequals(name, "PT") ||
      core::iequals(name, "P7") || core::iequals(name, "URZ") || core::iequals(name, "UR63")) {
    msg = "\"" + name + "\" is a constant register and cannot be set";
  }
  r.err("SCENE-VALUE", path, msg, true);
}

void load_const_banks(JsonReader& r, const Json& v, const std::string& path, SceneState& state) {
  if (!r.expect_object(v, path)) return;
  constexpr uint64_t kBankBytes = uint64_t{64} * 1024;
  for (const auto& [key, value] : v.items()) {
    const std::string bp = json_member_path(path, key);
    const auto bank = scene::index_key(key, 17);
    if (!bank) {
      r.err("SCENE-VALUE", bp,
            "bank \"" + key + "\" must be a decimal or \"0x...\" index in [0, 17]", true);
      continue;
    }
    if (!r.expect_object(value, bp)) continue;
    r.check_keys(value, bp, {"hex", "words"});
    const Json* hex = JsonReader::member(value, "hex");
    const Json* words = JsonReader::member(value, "words");
    if ((hex == nullptr) == (words == nullptr)) {
      r.err(hex == nullptr ? "SCENE-MISSING" : "SCENE-VALUE", bp,
            "expected one of \"hex\" or \"words\"");
      continue;
    }
    std::vector<uint8_t> bytes;
    if (hex != nullptr) {
      auto b = r.hex_bytes(*hex, json_member_path(bp, "hex"));
      if (!b) continue;
      bytes = std::move(*b);
    } else {
      const std::string wp = json_member_path(bp, "words");
      if (!r.expect_object(*words, wp)) continue;
      bool ok = true;
      std::map<uint64_t, uint32_t> w;
      for (const auto& [wk, wv] : words->items()) {
        const std::string ep = json_member_path(wp, wk);
        const std::optional<uint64_t> idx = scene::index_key(wk, kBankBytes / 4 - 1);
        if (!idx) {
          r.err("SCENE-VALUE", ep,
                "word index \"" + wk + "\" must be a decimal or \"0x...\" index below " +
                    std::to_string(kBankBytes / 4),
                true);
          ok = false;
          continue;
        }
        const auto val = r.as_int(wv, ep, std::numeric_limits<int32_t>::min(),
                                  std::numeric_limits<uint32_t>::max());
        if (!val) {
          ok = false;
          continue;
        }
        w[*idx] = static_cast<uint32_t>(*val);
      }
      if (!ok) continue;
      if (!w.empty()) bytes.assign(static_cast<size_t>((w.rbegin()->first + 1) * 4), 0);
      for (const auto& [i, val] : w) {
        for (unsigned b = 0; b < 4; ++b) {
          bytes[static_cast<size_t>(i * 4 + b)] = static_cast<uint8_t>(val >> (8 * b));
        }
      }
    }
    if (bytes.size() > kBankBytes) {
      r.err("SCENE-SIZE", bp,
            "a constant bank holds at most " + std::to_string(kBankBytes) + " bytes, got " +
                std::to_string(bytes.size()));
      continue;
    }
    if (!r.charge(bytes.size(), bp)) continue;
    state.const_banks[static_cast<uint32_t>(*bank)] = std::move(bytes);
  }
}

// A pool object {"max_index", "entries": {INDEX: entry}} (texture headers, samplers): reads
// max_index and calls `entry` for each entry whose index lies within it. False when the pool is
// unusable (no valid max_index, or "entries" not an object); the scene then has no such pool.
using PoolEntry = std::function<void(uint32_t index, const Json& value, const std::string& ip)>;
bool read_pool(JsonReader& r, const Json& v, const std::string& path, uint32_t& max_index,
               const PoolEntry& entry, bool header_pool = false) {
  if (!r.expect_object(v, path)) return false;
  if (header_pool)
    r.check_keys(v, path, {"max_index", "entries", "header_version"});
  else
    r.check_keys(v, path, {"max_index", "entries"});
  const size_t before = r.error_count();
  if (const Json* m = r.require(v, path, "max_index")) {
    if (auto u = r.as_u32(*m, json_member_path(path, "max_index"), 0, (1u << 20) - 1)) {
      max_index = *u;
    }
  }
  if (r.error_count() != before) return false;
  if (const Json* e = JsonReader::member(v, "entries")) {
    const std::string ep = json_member_path(path, "entries");
    if (!r.expect_object(*e, ep)) return false;
    for (const auto& [key, value] : e->items()) {
      const std::string ip = json_member_path(ep, key);
      const auto index = scene::index_key(key, max_index);
      if (!index) {
        r.err("SCENE-VALUE", ip,
              "entry index \"" + key + "\" must be an index in [0, " + std::to_string(max_index) +
                  "] (max_index)",
              true);
        continue;
      }
      entry(static_cast<uint32_t>(*index), value, ip);
    }
  }
  return true;
}

// One texture header: the scene surface it views, its level range and sRGB flag.
std::optional<TextureHeader> read_header(JsonReader& r, const Json& value, const std::string& ip,
                                         const scene::Scene& scene) {
  if (!r.expect_object(value, ip)) return std::nullopt;
  r.check_keys(value, ip, {"surface", "min_level", "max_level", "srgb"});
  const size_t before = r.error_count();
  TextureHeader h;
  if (const Json* s = r.require(value, ip, "surface")) {
    if (auto u = r.as_u32(*s, json_member_path(ip, "surface"))) {
      h.surface = *u;
      if (scene.find_surface(*u) == nullptr) {
        r.err("SCENE-ID", json_member_path(ip, "surface"),
              "no surface with id " + std::to_string(*u));
      }
    }
  }
  if (const Json* s = JsonReader::member(value, "min_level")) {
    if (auto u = r.as_u32(*s, json_member_path(ip, "min_level"), 0, 15)) h.min_level = *u;
  }
  if (const Json* s = JsonReader::member(value, "max_level")) {
    if (auto u = r.as_u32(*s, json_member_path(ip, "max_level"), 0, 15)) h.max_level = *u;
  }
  if (const Json* s = JsonReader::member(value, "srgb")) {
    if (auto b = r.as_bool(*s, json_member_path(ip, "srgb"))) h.srgb = *b;
  }
  if (r.error_count() != before) return std::nullopt;
  if (h.min_level > h.max_level) {
    r.err("SCENE-VALUE", ip,
          "min_level " + std::to_string(h.min_level) + " must not exceed max_level " +
              std::to_string(h.max_level));
    return std::nullopt;
  }
  return h;
}

// A pool given whole as bytes ({"hex" | "file", "max_index"?}): 32 bytes an entry, the entry
// number its index; entries of 32 zero bytes are unset (decision DS8). `entry` gets each set one.
using BytesEntry =
    std::function<void(uint32_t index, std::span<const uint8_t> bytes, const std::string& ip)>;
bool read_pool_bytes(JsonReader& r, const Json& v, const std::string& path, uint32_t& max_index,
                     const BytesEntry& entry, bool header_pool = false) {
  const auto bytes =
      header_pool ? descriptor_bytes(r, v, path, {"hex", "file", "max_index", "header_version"})
                  : descriptor_bytes(r, v, path, {"hex", "file", "max_index"});
  if (!bytes) return false;
  constexpr size_t kEntry = 32;
  if (bytes->empty() || bytes->size() % kEntry != 0 || bytes->size() / kEntry > (1u << 20)) {
    r.err("SCENE-SIZE", path,
          "a pool given as bytes holds 1 to 2^20 entries of 32 bytes, got " +
              std::to_string(bytes->size()) + " bytes");
    return false;
  }
  const auto count = static_cast<uint32_t>(bytes->size() / kEntry);
  max_index = count - 1;
  if (const Json* m = JsonReader::member(v, "max_index")) {
    const auto u = r.as_u32(*m, json_member_path(path, "max_index"), count - 1, (1u << 20) - 1);
    if (!u) return false;
    max_index = *u;
  }
  for (uint32_t i = 0; i < count; ++i) {
    const std::span<const uint8_t> e = std::span<const uint8_t>(*bytes).subspan(i * kEntry, kEntry);
    if (std::all_of(e.begin(), e.end(), [](uint8_t b) { return b == 0; })) continue;
    entry(i, e, json_member_path(path, "entry " + std::to_string(i)));
  }
  return true;
}

// One pool entry given as {"hex" | "file"}: its 32 bytes.
std::optional<std::vector<uint8_t>> entry_bytes(JsonReader& r, const Json& value,
                                                const std::string& ip) {
  auto b = descriptor_bytes(r, value, ip, {"hex", "file"});
  if (b && b->size() != 32) {
    r.err("SCENE-SIZE", ip,
          "a pool entry given as bytes is 32 bytes, got " + std::to_string(b->size()));
    return std::nullopt;
  }
  return b;
}

void load_texture_headers(JsonReader& r, const Json& v, const std::string& path,
                          const scene::Scene& scene, SceneState& state) {
  TextureHeaderPool pool;
  if (!read_header_version(r, v, path, scene, state.texture_header_version)) return;
  const auto from_bytes = [&](uint32_t index, std::span<const uint8_t> b, const std::string& ip) {
    if (auto h = header_from_bytes(r, b, ip, scene, state.texture_header_version)) {
      pool.entries[index] = h->first;
      state.header_surfaces[index] = h->second;
    }
  };
  if (given_as_bytes(v)) {
    if (read_pool_bytes(r, v, path, pool.max_index, from_bytes, true))
      state.texture_headers = std::move(pool);
    return;
  }
  const bool ok = read_pool(
      r, v, path, pool.max_index,
      [&](uint32_t index, const Json& value, const std::string& ip) {
        if (given_as_bytes(value)) {
          if (auto b = entry_bytes(r, value, ip)) from_bytes(index, *b, ip);
        } else if (auto h = read_header(r, value, ip, scene)) {
          pool.entries[index] = *h;
        }
      },
      true);
  if (ok) state.texture_headers = std::move(pool);
}

void load_texture_samplers(JsonReader& r, const Json& v, const std::string& path,
                           const scene::Scene& scene, SceneState& state) {
  TextureSamplerPool pool;
  const auto from_bytes = [&](uint32_t index, std::span<const uint8_t> b, const std::string& ip) {
    if (auto s = sampler_from_bytes(r, b, ip, scene, index)) pool.entries[index] = *s;
  };
  if (given_as_bytes(v)) {
    if (read_pool_bytes(r, v, path, pool.max_index, from_bytes))
      state.texture_samplers = std::move(pool);
    return;
  }
  const bool ok = read_pool(r, v, path, pool.max_index,
                            [&](uint32_t index, const Json& value, const std::string& ip) {
                              if (given_as_bytes(value)) {
                                if (auto b = entry_bytes(r, value, ip)) from_bytes(index, *b, ip);
                              } else if (auto s = scene::read_sampler(r, value, ip, false)) {
                                s->id = index;
                                pool.entries[index] = *s;
                              }
                            });
  if (ok) state.texture_samplers = std::move(pool);
}

class SassSceneSection final : public scene::SceneSection {
 public:
  std::string_view isa() const override { return kId; }
  std::string_view display_name() const override { return "SASS"; }
  std::span<const std::string_view> platforms() const override { return sass_platforms(); }
  std::span<const std::string_view> keys() const override { return kKeys; }
  std::unique_ptr<scene::IsaState> make_state() const override {
    return std::make_unique<SceneState>();
  }
  // SASS registers are plain values (numbers, hex strings, booleans); vISA's are objects.
  bool claims_register(const Json& value) const override { return !value.is_object(); }
  void read_register(JsonReader& r, const std::string& name, const Json& value,
                     const std::string& path, scene::IsaState& state) const override {
    read_machine_register(r, name, value, path, static_cast<SceneState&>(state));
  }
  void read(JsonReader& r, const Json& root, const scene::Scene& scene,
            scene::IsaState& state) const override {
    auto& st = static_cast<SceneState&>(state);
    if (const Json* cb = JsonReader::member(root, "const_banks")) {
      load_const_banks(r, *cb, "const_banks", st);
    }
    if (const Json* tb = JsonReader::member(root, "tex_bank")) {
      if (auto u = r.as_u32(*tb, "tex_bank", 0, 17)) st.tex_bank = *u;
    }
    if (const Json* th = JsonReader::member(root, "texture_headers")) {
      load_texture_headers(r, *th, "texture_headers", scene, st);
    }
    if (const Json* ts = JsonReader::member(root, "texture_samplers")) {
      load_texture_samplers(r, *ts, "texture_samplers", scene, st);
    }
    if (const Json* w = JsonReader::member(root, "warp")) load_warp(r, *w, "warp", st);
    if (const Json* fr = JsonReader::member(root, "fp16_rounding")) {
      static constexpr std::array<std::string_view, 2> kModes{"rn", "rz"};
      const std::function<std::optional<Fp16Rounding>(std::string_view)> of =
          [](std::string_view s) -> std::optional<Fp16Rounding> {
        if (core::iequals(s, "rn")) return Fp16Rounding::kRn;
        if (core::iequals(s, "rz")) return Fp16Rounding::kRz;
        return std::nullopt;
      };
      if (auto m = r.as_name<Fp16Rounding>(*fr, "fp16_rounding", "FP16 rounding", kModes, of)) {
        st.fp16_rounding = *m;
      }
    }
  }
  void to_hardware(Json& root, const scene::Scene& scene, const scene::ToHardwareOptions& options,
                   scene::GpuMemoryBuilder& memory, core::DiagSink& sink) const override {
    pools_to_hardware(root, scene, scene::isa_state_as<SceneState>(scene, kId), options, memory,
                      sink);
  }
};

}  // namespace

const scene::SceneSection& scene_section() {
  static const SassSceneSection kSection;
  return kSection;
}

const SceneState& scene_state(const scene::Scene& s) {
  return scene::isa_state_as<SceneState>(s, kId);
}

SceneState& edit_scene_state(scene::Scene& s) {
  return scene::edit_isa_state_as<SceneState>(s, kId);
}

}  // namespace texsim::isa::sass
