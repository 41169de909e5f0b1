// The vISA sections of a scene file (scene_section.hpp): variables under "registers" with their
// element type, dispatch_mask and coarse_pixel_size; every problem a SCENE-* diagnostic.
#include "isa/visa/scene_section.hpp"
#include "isa/visa/scene_variables.hpp"

#include "isa/visa/launch_program.hpp"
#include "isa/visa/platform.hpp"
#include "isa/visa/scene_hardware.hpp"
#include "isa/visa/scene_states.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <charconv>
#include <functional>
#include <limits>

#include "core/half.hpp"
#include "isa/frontend.hpp"
#include "scene/json_reader.hpp"

namespace texsim::isa::visa {

using scene::ElemType;
using scene::Json;
using scene::json_index_path;
using scene::json_member_path;
using scene::JsonReader;

namespace {

constexpr std::string_view kId = "visa";
constexpr std::array<std::string_view, 5> kKeys{"dispatch_mask", "coarse_pixel_size",
                                                "surface_states", "sampler_states", "launch"};

// One element of "values" at `ep` as the bits of `type`: a "0x..." hex string, a float for F,
// HF and DF, else an integer in the type's range. nullopt after reporting.
std::optional<uint64_t> read_element_bits(JsonReader& r, const Json& e, const std::string& ep,
                                          ElemType type) {
  const unsigned size = scene::elem_type_size(type);
  if (e.is_string()) {
    const auto h = scene::parse_hex_number(e.get<std::string>(), size * 2);
    if (!h) {
      r.err("SCENE-VALUE", ep,
            "expected a number or a \"0x...\" hex string of at most " + std::to_string(size * 2) +
                " digits for type " + std::string(scene::elem_type_name(type)) + ", got " +
                e.dump());
      return std::nullopt;
    }
    return *h;
  }
  switch (type) {
    case ElemType::kF:
    case ElemType::kHF:
    case ElemType::kDF: {
      const auto d = r.as_number(e, ep);
      if (!d) return std::nullopt;
      if (type == ElemType::kF) return std::bit_cast<uint32_t>(static_cast<float>(*d));
      if (type == ElemType::kHF) return core::float_to_half(static_cast<float>(*d));
      return std::bit_cast<uint64_t>(*d);
    }
    default: {
      const unsigned nb = size * 8;
      const bool sgn = type == ElemType::kD || type == ElemType::kW || type == ElemType::kB ||
                       type == ElemType::kQ;
      const int64_t lo =
          sgn ? (nb == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (nb - 1))) : 0;
      const int64_t hi = nb == 64 ? std::numeric_limits<int64_t>::max()
                                  : (sgn ? (int64_t{1} << (nb - 1)) - 1 : (int64_t{1} << nb) - 1);
      if (type == ElemType::kUQ && e.is_number_unsigned()) return e.get<uint64_t>();
      const auto iv = r.as_int(e, ep, lo, hi);
      if (!iv) return std::nullopt;
      return static_cast<uint64_t>(*iv);
    }
  }
}

}  // namespace

void read_variable(JsonReader& r, const std::string& name, const Json& v, const std::string& path,
                   SceneState& state) {
  if (!r.expect_object(v, path)) return;
  r.check_keys(v, path, {"type", "values", "decl"});
  const bool name_ok = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '%';
  }) && !std::isdigit(static_cast<unsigned char>(name[0]));
  if (!name_ok) {
    r.err("SCENE-VALUE", path, "\"" + name + "\" is not a vISA variable name", true);
    return;
  }
  const size_t before = r.error_count();
  VisaRegister reg;
  if (const Json* t = r.require(v, path, "type")) {
    const std::function<std::optional<ElemType>(std::string_view)> of = scene::elem_type_from_name;
    if (auto et = r.as_name<ElemType>(*t, json_member_path(path, "type"), "type",
                                      scene::elem_type_names(), of)) {
      reg.type = *et;
    }
  }
  if (const Json* dcl = JsonReader::member(v, "decl")) {
    if (auto s = r.as_string(*dcl, json_member_path(path, "decl"))) reg.decl = *s;
  }
  const Json* vals = r.require(v, path, "values");
  if (r.error_count() != before || vals == nullptr) return;
  const std::string vp = json_member_path(path, "values");
  if (!r.expect_array(*vals, vp)) return;
  const unsigned size = scene::elem_type_size(reg.type);
  for (size_t i = 0; i < vals->size(); ++i) {
    const auto bits = read_element_bits(r, (*vals)[i], json_index_path(vp, i), reg.type);
    if (!bits) continue;
    for (unsigned b = 0; b < size; ++b) reg.bytes.push_back(static_cast<uint8_t>(*bits >> (8 * b)));
  }
  if (r.error_count() != before) return;
  if (!r.charge(reg.bytes.size(), path)) return;
  state.registers[name] = std::move(reg);
}

namespace {

// "coarse_pixel_size": [width, height], each 1, 2 or 4 (CPS, vISA sample_3d with cps).
void read_coarse_pixel_size(JsonReader& r, const Json& cp, SceneState& state) {
  if (!r.expect_array(cp, "coarse_pixel_size")) return;
  if (cp.size() != 2) {
    r.err("SCENE-SIZE", "coarse_pixel_size",
          "expected 2 values (width, height), got " + std::to_string(cp.size()));
    return;
  }
  std::array<uint32_t, 2> size{};
  bool ok = true;
  for (size_t i = 0; i < 2; ++i) {
    const std::string ep = json_index_path("coarse_pixel_size", i);
    const auto u = r.as_u32(cp[i], ep, 1, 4);
    if (!u) {
      ok = false;
    } else if (*u == 3) {
      r.err("SCENE-VALUE", ep, "must be 1, 2 or 4, got 3");
      ok = false;
    } else {
      size[i] = *u;
    }
  }
  if (ok) state.coarse_pixel_size = size;
}

// "global_size" / "local_size": 1 to 3 positive sizes (missing dimensions 1).
void read_size3(JsonReader& r, const Json& v, const std::string& path,
                std::array<uint32_t, 3>& out) {
  if (!r.expect_array(v, path)) return;
  if (v.empty() || v.size() > 3) {
    r.err("SCENE-SIZE", path, "expected 1 to 3 sizes, got " + std::to_string(v.size()));
    return;
  }
  for (size_t i = 0; i < v.size(); ++i) {
    if (auto u = r.as_u32(v[i], json_index_path(path, i), 1, 1u << 24)) out[i] = *u;
  }
}

// A binding-table index given as an object key ("1").
std::optional<uint32_t> read_bti(JsonReader& r, const std::string& key, const std::string& path) {
  uint32_t n = 0;
  const auto res = std::from_chars(key.data(), key.data() + key.size(), n);
  if (res.ec != std::errc{} || res.ptr != key.data() + key.size() || n > 255) {
    r.err("SCENE-VALUE", path, "\"" + key + "\" is not a binding-table index (0..255)");
    return std::nullopt;
  }
  return n;
}

// "launch": {"global_size", "local_size", "buffers": {"BTI": {"type", "values", "address"}},
// "images": {"BTI": scene surface id}, "slm_size": bytes} (docs/kernels.md).
void read_launch(JsonReader& r, const Json& v, const scene::Scene& scene, SceneState& st) {
  const std::string path = "launch";
  if (!r.expect_object(v, path)) return;
  r.check_keys(v, path,
               {"global_size", "local_size", "buffers", "images", "slm_size", "program", "args"});
  KernelLaunch l;
  if (const Json* g = JsonReader::member(v, "global_size"))
    read_size3(r, *g, json_member_path(path, "global_size"), l.global_size);
  if (const Json* g = JsonReader::member(v, "local_size"))
    read_size3(r, *g, json_member_path(path, "local_size"), l.local_size);
  if (const Json* sz = JsonReader::member(v, "slm_size")) {
    if (auto u = r.as_u32(*sz, json_member_path(path, "slm_size"), 0, 1u << 20)) {
      if (r.charge(*u, path)) l.slm_size = *u;
    }
  }
  if (const Json* b = JsonReader::member(v, "buffers")) {
    const std::string bp = json_member_path(path, "buffers");
    if (r.expect_object(*b, bp)) {
      for (const auto& [key, val] : b->items()) {
        const std::string ep = json_member_path(bp, key);
        const auto bti = read_bti(r, key, ep);
        Json plain = val;
        if (val.is_object() && val.contains("address")) {
          if (auto a = r.as_u64(val["address"], json_member_path(ep, "address")); a && bti) {
            l.addresses[*bti] = *a;
          }
          plain.erase("address");
        }
        SceneState tmp;
        read_variable(r, "buffer", plain, ep, tmp);
        if (bti && tmp.registers.count("buffer") != 0) l.buffers[*bti] = tmp.registers["buffer"];
      }
    }
  }
  if (const Json* im = JsonReader::member(v, "images")) {
    const std::string ip = json_member_path(path, "images");
    if (r.expect_object(*im, ip)) {
      for (const auto& [key, val] : im->items()) {
        const std::string ep = json_member_path(ip, key);
        const auto bti = read_bti(r, key, ep);
        const auto id = r.as_u32(val, ep);
        if (bti && id) l.images[*bti] = *id;
      }
    }
  }
  read_launch_program(r, v, scene, st, l);
  st.launch = std::move(l);
}

class VisaSceneSection final : public scene::SceneSection {
 public:
  std::string_view isa() const override { return kId; }
  std::string_view display_name() const override { return "vISA"; }
  std::span<const std::string_view> platforms() const override { return platform_names(); }
  std::span<const std::string_view> keys() const override { return kKeys; }
  std::unique_ptr<scene::IsaState> make_state() const override {
    return std::make_unique<SceneState>();
  }
  // A vISA variable is an object ({"type", "values"}); SASS registers are plain values.
  bool claims_register(const Json& value) const override { return value.is_object(); }
  void read_register(JsonReader& r, const std::string& name, const Json& value,
                     const std::string& path, scene::IsaState& state) const override {
    read_variable(r, name, value, path, static_cast<SceneState&>(state));
  }
  void read(JsonReader& r, const Json& root, const scene::Scene& scene,
            scene::IsaState& state) const override {
    auto& st = static_cast<SceneState&>(state);
    if (const Json* dm = JsonReader::member(root, "dispatch_mask")) {
      if (auto u = r.as_u64(*dm, "dispatch_mask")) st.dispatch_mask = *u;
    }
    if (const Json* cp = JsonReader::member(root, "coarse_pixel_size")) {
      read_coarse_pixel_size(r, *cp, st);
    }
    if (const Json* ss = JsonReader::member(root, "surface_states")) {
      read_surface_states(r, *ss, scene, st);
    }
    if (const Json* ss = JsonReader::member(root, "sampler_states")) {
      read_sampler_states(r, *ss, scene, st);
    }
    if (const Json* l = JsonReader::member(root, "launch")) read_launch(r, *l, scene, st);
  }
  void to_hardware(Json& root, const scene::Scene& scene, const scene::ToHardwareOptions& options,
                   scene::GpuMemoryBuilder& memory, core::DiagSink& sink) const override {
    surfaces_to_hardware(root, scene, options, memory, sink);
  }
};

}  // namespace

const scene::SceneSection& scene_section() {
  static const VisaSceneSection kSection;
  return kSection;
}

const SceneState& scene_state(const scene::Scene& s) {
  return scene::isa_state_as<SceneState>(s, kId);
}

SceneState& edit_scene_state(scene::Scene& s) {
  return scene::edit_isa_state_as<SceneState>(s, kId);
}

}  // namespace texsim::isa::visa
