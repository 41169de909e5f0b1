// The scene loader: JSON text -> Scene, checking every key, type, name, size and file, and
// reporting each problem with its JSON path and line:column. nlohmann exceptions stop here.
#include "scene/scene.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>

#include <nlohmann/json.hpp>

#include <exception>
#include <memory>

#include "core/half.hpp"
#include "scene/generate.hpp"
#include "scene/image.hpp"
#include "scene/json_pos.hpp"
#include "texunit/format.hpp"

namespace texsim::scene {

namespace fs = std::filesystem;
using json = nlohmann::json;
using texunit::Format;
using texunit::SurfaceDesc;
using texunit::SurfaceType;
using texunit::Texel;

// ---------------------------------------------------------------------------------------------
// Names

namespace {

constexpr std::array<std::string_view, 11> kElemTypeNames{"UD", "D", "UW", "W",  "UB", "B",
                                                          "UQ", "Q", "F",  "HF", "DF"};
constexpr std::array<unsigned, 11> kElemTypeSizes{4, 4, 2, 2, 1, 1, 8, 8, 4, 2, 8};

constexpr std::array<RuleInfo, 13> kRules{{
    {"SCENE-JSON", "the file is not valid JSON (a NUL byte included)"},
    {"SCENE-KEY", "unknown key (with the closest known key)"},
    {"SCENE-DUPLICATE-KEY",
     "an object names the same key twice (RFC 8259 section 4: SHOULD be unique)"},
    {"SCENE-MISSING", "a required key is missing"},
    {"SCENE-TYPE", "a value has the wrong JSON type"},
    {"SCENE-VALUE", "a value is out of range or not one of the allowed names"},
    {"SCENE-FORMAT", "unknown surface format name (with the closest known name)"},
    {"SCENE-FILE", "a named file is missing, unreadable, not a PNG, or outside the scene's folder"},
    {"SCENE-SIZE",
     "data does not match the surface or buffer size (hex length, texel count, "
     "PNG size, MCS count)"},
    {"SCENE-ID", "a duplicate id, or a reference to an id that does not exist"},
    {"SCENE-BUDGET", "surfaces and buffers together exceed the memory budget"},
    {"SCENE-VERSION", "unsupported \"texsim\" version"},
    {"TEXUNIT-SURFACE-*", "a surface description the texture unit rejects (sizes, mips, samples)"},
}};

std::string join(std::span<const std::string_view> names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i != 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace

std::string_view elem_type_name(ElemType t) {
  return kElemTypeNames[static_cast<size_t>(t)];
}

std::optional<ElemType> elem_type_from_name(std::string_view name) {
  for (size_t i = 0; i < kElemTypeNames.size(); ++i) {
    if (core::iequals(name, kElemTypeNames[i])) return static_cast<ElemType>(i);
  }
  return std::nullopt;
}

unsigned elem_type_size(ElemType t) {
  return kElemTypeSizes[static_cast<size_t>(t)];
}

std::span<const RuleInfo> scene_rules() {
  return kRules;
}

std::span<const std::string_view> platforms_of(std::string_view isa) {
  if (isa == "visa") return kVisaPlatforms;
  if (isa == "sass") return kSassPlatforms;
  return {};
}

const SceneSurface* Scene::find_surface(uint32_t id) const {
  for (const auto& s : surfaces) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

const SceneSampler* Scene::find_sampler(uint32_t id) const {
  for (const auto& s : samplers) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// The loader

namespace {

using Keys = std::initializer_list<std::string_view>;

std::string kind_of(const json& v) {
  switch (v.type()) {
    case json::value_t::object:
      return "an object";
    case json::value_t::array:
      return "an array";
    case json::value_t::string:
      return "a string (" + v.dump() + ")";
    case json::value_t::boolean:
      return std::string("a boolean (") + (v.get<bool>() ? "true" : "false") + ")";
    case json::value_t::null:
      return "null";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "a number (" + v.dump() + ")";
    default:
      return "an unsupported value";
  }
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "0x..." with 1..max_digits hex digits -> value.
std::optional<uint64_t> parse_hex_number(std::string_view s, unsigned max_digits);

// An object key naming an index: decimal ("12") or hex ("0xc"), at most `max`.
std::optional<uint64_t> index_key(std::string_view key, uint64_t max) {
  std::optional<uint64_t> v = parse_hex_number(key, 8);
  if (!v && !key.empty() && key.size() <= 9 &&
      std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    uint64_t n = 0;
    for (char c : key) n = n * 10 + static_cast<uint64_t>(c - '0');
    v = n;
  }
  if (!v || *v > max) return std::nullopt;
  return v;
}

// "0x..." with 1..max_digits hex digits -> value.
std::optional<uint64_t> parse_hex_number(std::string_view s, unsigned max_digits) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return std::nullopt;
  s.remove_prefix(2);
  if (s.size() > max_digits) return std::nullopt;
  uint64_t v = 0;
  for (char c : s) {
    const int d = hex_digit(c);
    if (d < 0) return std::nullopt;
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  return v;
}

// A folder for messages: absolute, normalized, without a trailing separator.
std::string display_dir(const fs::path& p) {
  std::error_code ec;
  std::string s = fs::absolute(p, ec).lexically_normal().string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

class Loader {
 public:
  Loader(std::string file, std::string_view text, core::DiagSink& sink, const LoadOptions& opt,
         fs::path base)
      : file_(std::move(file)), text_(text), sink_(sink), opt_(opt), base_(std::move(base)) {}

  std::optional<Scene> load(const json& root);

 private:
  // --- diagnostics
  core::TextLoc loc(const std::string& path, bool at_key = false, uint32_t col_offset = 0) const {
    // Positions are recorded on the first diagnostic only: a clean load pays nothing for them.
    if (!pos_) pos_ = std::make_unique<JsonPositions>(text_);
    const LineCol lc = pos_->find(path, at_key);
    return core::TextLoc{file_, lc.line, lc.line != 0 ? lc.column + col_offset : 0};
  }
  void err(std::string_view rule, const std::string& path, const std::string& msg,
           bool at_key = false, uint32_t col_offset = 0) {
    sink_.error(std::string(rule), loc(path, at_key, col_offset),
                path.empty() ? msg : path + ": " + msg);
  }
  void type_err(const std::string& path, std::string_view expected, const json& v) {
    err("SCENE-TYPE", path, "expected " + std::string(expected) + ", got " + kind_of(v));
  }

  // --- structure
  bool expect_object(const json& v, const std::string& path) {
    if (v.is_object()) return true;
    type_err(path, "an object", v);
    return false;
  }
  bool expect_array(const json& v, const std::string& path) {
    if (v.is_array()) return true;
    type_err(path, "an array", v);
    return false;
  }
  // Reports every key not in `allowed` ("comment" is always allowed).
  void check_keys(const json& obj, const std::string& path, Keys allowed) {
    std::vector<std::string_view> names(allowed.begin(), allowed.end());
    for (const auto& [key, value] : obj.items()) {
      if (key == "comment") continue;
      if (std::find(names.begin(), names.end(), key) != names.end()) continue;
      err("SCENE-KEY", json_member_path(path, key),
          "unknown key \"" + key + "\"" + core::did_you_mean(key, names), true);
    }
  }
  const json* member(const json& obj, std::string_view key) {
    const auto it = obj.find(std::string(key));
    return it == obj.end() ? nullptr : &*it;
  }
  const json* require(const json& obj, const std::string& path, std::string_view key) {
    const json* v = member(obj, key);
    if (v == nullptr) {
      err("SCENE-MISSING", path, "missing required key \"" + std::string(key) + "\"");
    }
    return v;
  }

  // --- scalars
  // Integers: JSON integers, integral floats, or "0x..." strings.
  std::optional<int64_t> as_int(const json& v, const std::string& path, int64_t lo, int64_t hi) {
    std::optional<int64_t> out;
    bool beyond_int64 = false;  // reported as written, not as the clamped value
    if (v.is_number_unsigned()) {
      const uint64_t u = v.get<uint64_t>();
      beyond_int64 = u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
      out = beyond_int64 ? std::numeric_limits<int64_t>::max() : static_cast<int64_t>(u);
    } else if (v.is_number_integer()) {
      out = v.get<int64_t>();
    } else if (v.is_number_float()) {
      const double d = v.get<double>();
      if (std::floor(d) != d || std::fabs(d) > 9.0e18) {
        err("SCENE-TYPE", path, "expected an integer, got " + v.dump());
        return std::nullopt;
      }
      out = static_cast<int64_t>(d);
    } else if (v.is_string()) {
      const auto h = parse_hex_number(v.get<std::string>(), 16);
      if (!h || *h > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        type_err(path, "an integer", v);
        return std::nullopt;
      }
      out = static_cast<int64_t>(*h);
    } else {
      type_err(path, "an integer", v);
      return std::nullopt;
    }
    if (*out < lo || *out > hi) {
      err("SCENE-VALUE", path,
          "must be in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
              (beyond_int64 ? v.dump() : std::to_string(*out)));
      return std::nullopt;
    }
    return out;
  }
  std::optional<uint32_t> as_u32(const json& v, const std::string& path, uint32_t lo = 0,
                                 uint32_t hi = std::numeric_limits<uint32_t>::max()) {
    const auto i = as_int(v, path, lo, hi);
    if (!i) return std::nullopt;
    return static_cast<uint32_t>(*i);
  }
  // 64-bit unsigned: numbers or hex strings of up to 16 digits.
  std::optional<uint64_t> as_u64(const json& v, const std::string& path) {
    if (v.is_number_unsigned()) return v.get<uint64_t>();
    if (v.is_number_integer() && v.get<int64_t>() >= 0)
      return static_cast<uint64_t>(v.get<int64_t>());
    if (v.is_string()) {
      if (auto h = parse_hex_number(v.get<std::string>(), 16)) return h;
    }
    type_err(path, "an unsigned 64-bit integer or a \"0x...\" hex string", v);
    return std::nullopt;
  }
  std::optional<double> as_number(const json& v, const std::string& path) {
    if (!v.is_number()) {
      type_err(path, "a number", v);
      return std::nullopt;
    }
    return v.get<double>();
  }
  std::optional<bool> as_bool(const json& v, const std::string& path) {
    if (!v.is_boolean()) {
      type_err(path, "true or false", v);
      return std::nullopt;
    }
    return v.get<bool>();
  }
  std::optional<std::string> as_string(const json& v, const std::string& path) {
    if (!v.is_string()) {
      type_err(path, "a string", v);
      return std::nullopt;
    }
    return v.get<std::string>();
  }
  // A name from a fixed list (case-insensitive), with did-you-mean.
  template <typename T>
  std::optional<T> as_name(const json& v, const std::string& path, std::string_view what,
                           std::span<const std::string_view> names,
                           const std::function<std::optional<T>(std::string_view)>& lookup) {
    const auto s = as_string(v, path);
    if (!s) return std::nullopt;
    if (auto r = lookup(*s)) return r;
    std::string msg = "unknown " + std::string(what) + " \"" + *s + "\"";
    const std::string hint = core::did_you_mean(*s, names);
    msg += hint.empty() ? "; expected " + join(names) : hint;
    err("SCENE-VALUE", path, msg);
    return std::nullopt;
  }

  // --- bytes
  // Hex digits with optional whitespace (and an optional leading "0x") -> bytes.
  std::optional<std::vector<uint8_t>> hex_bytes(const json& v, const std::string& path) {
    const auto s = as_string(v, path);
    if (!s) return std::nullopt;
    std::vector<uint8_t> out;
    out.reserve(s->size() / 2);
    size_t start = 0;
    if (s->size() >= 2 && (*s)[0] == '0' && ((*s)[1] == 'x' || (*s)[1] == 'X')) start = 2;
    int hi = -1;
    size_t digits = 0;
    for (size_t i = start; i < s->size(); ++i) {
      const char c = (*s)[i];
      if (c == ' ' || c == '\t' || c == '_') continue;
      const int d = hex_digit(c);
      if (d < 0) {
        err("SCENE-VALUE", path,
            std::string("invalid hex digit '") + c + "' at offset " + std::to_string(i), false,
            static_cast<uint32_t>(i + 1));
        return std::nullopt;
      }
      ++digits;
      if (hi < 0) {
        hi = d;
      } else {
        out.push_back(static_cast<uint8_t>((hi << 4) | d));
        hi = -1;
      }
    }
    if (hi >= 0) {
      err("SCENE-SIZE", path, "odd number of hex digits (" + std::to_string(digits) + ")");
      return std::nullopt;
    }
    return out;
  }
  // A file named by the scene, resolved against the scene's folder and confined to it.
  std::optional<fs::path> resolve_file(const json& v, const std::string& path) {
    const auto s = as_string(v, path);
    if (!s) return std::nullopt;
    if (s->empty()) {
      err("SCENE-FILE", path, "empty file name");
      return std::nullopt;
    }
    const fs::path given(*s);
    const fs::path full = given.is_absolute() ? given : base_ / given;
    std::error_code ec;
    if (!opt_.allow_any_path) {
      const fs::path dir = fs::weakly_canonical(base_, ec);
      const fs::path target = fs::weakly_canonical(full, ec);
      const fs::path rel = target.lexically_relative(dir);
      if (ec || rel.empty() || *rel.begin() == "..") {
        sink_.report(
            core::Diagnostic{core::Severity::kError,
                             "SCENE-FILE",
                             loc(path),
                             path + ": \"" + *s + "\" is outside the scene's folder",
                             {},
                             {"files named by a scene must lie in its folder or below it; texsim's "
                              "--allow-any-path lifts this"}});
        return std::nullopt;
      }
    }
    if (!fs::is_regular_file(full, ec)) {
      err("SCENE-FILE", path,
          "file \"" + *s + "\" not found" +
              (given.is_absolute() ? std::string() : " (looked in " + display_dir(base_) + ")"));
      return std::nullopt;
    }
    return full;
  }
  std::optional<std::vector<uint8_t>> read_binary(const fs::path& p, const std::string& path) {
    std::ifstream in(p, std::ios::binary);
    if (!in) {
      err("SCENE-FILE", path, "cannot read \"" + p.string() + "\"");
      return std::nullopt;
    }
    std::vector<uint8_t> out((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
    return out;
  }
  bool charge(uint64_t bytes, const std::string& path) {
    used_ += bytes;
    if (used_ > opt_.max_bytes) {
      err("SCENE-BUDGET", path,
          "the scene needs " + std::to_string(used_) + " bytes, more than the budget of " +
              std::to_string(opt_.max_bytes) + " bytes");
      return false;
    }
    return true;
  }

  // --- sections
  void load_surface(const json& v, const std::string& path, Scene& scene);
  bool load_surface_data(const json& v, const std::string& path, texunit::Surface& s);
  std::optional<Texel> texel_value(const json& v, const std::string& path, Format f,
                                   bool for_clear);
  std::optional<SceneSampler> load_sampler(const json& v, const std::string& path, bool with_id);
  std::optional<std::vector<uint8_t>> load_buffer(const json& v, const std::string& path);
  void load_registers(const json& v, const std::string& path, Scene& scene);
  void load_visa_register(const std::string& name, const json& v, const std::string& path,
                          Scene& scene);
  void load_sass_register(const std::string& name, const json& v, const std::string& path,
                          Scene& scene);
  void load_const_banks(const json& v, const std::string& path, Scene& scene);
  void load_texture_headers(const json& v, const std::string& path, Scene& scene);
  void load_texture_samplers(const json& v, const std::string& path, Scene& scene);

  std::string file_;
  std::string_view text_;
  mutable std::unique_ptr<JsonPositions> pos_;
  core::DiagSink& sink_;
  const LoadOptions& opt_;
  fs::path base_;
  uint64_t used_ = 0;
};

// Present channels of an uncompressed format in the order its name spells them (= bit order).
std::vector<int> channel_order(Format f) {
  const texunit::FormatInfo& fi = texunit::format_info(f);
  std::vector<int> order;
  for (int c = 0; c < 4; ++c) {
    if (fi.channels[static_cast<size_t>(c)].bits != 0) order.push_back(c);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return fi.channels[static_cast<size_t>(a)].offset < fi.channels[static_cast<size_t>(b)].offset;
  });
  return order;
}

std::string channel_letters(Format f) {
  static constexpr char kLetters[4] = {'R', 'G', 'B', 'A'};
  std::string out;
  for (int c : channel_order(f)) out += kLetters[c];
  return out;
}

std::optional<Texel> Loader::texel_value(const json& v, const std::string& path, Format f,
                                         bool for_clear) {
  const texunit::FormatInfo& fi = texunit::format_info(f);
  // fill / clear_color: [r, g, b, a] in component order (1 to 4 values, missing: 0, A: 1);
  // texels: one value per present channel in the format's channel order.
  std::vector<int> comps;
  if (for_clear) {
    comps = {0, 1, 2, 3};
  } else {
    comps = channel_order(f);
  }
  std::vector<const json*> items;
  if (v.is_array()) {
    for (const auto& e : v) items.push_back(&e);
  } else if (v.is_number() && (comps.size() == 1 || !for_clear)) {
    items.push_back(&v);
  } else {
    type_err(path, for_clear ? "an array of 1 to 4 numbers" : "a number or an array of numbers", v);
    return std::nullopt;
  }
  if (for_clear ? (items.empty() || items.size() > 4) : items.size() != comps.size()) {
    err("SCENE-SIZE", path,
        for_clear ? "expected 1 to 4 values, got " + std::to_string(items.size())
                  : "expected " + std::to_string(comps.size()) + " value" +
                        (comps.size() == 1 ? "" : "s") + " (" + channel_letters(f) + ") for " +
                        std::string(fi.name) + ", got " + std::to_string(items.size()));
    return std::nullopt;
  }
  Texel t;
  t.kind = fi.result_kind;
  if (t.kind == texunit::TexelKind::kFloat) {
    t = Texel::from_float(0, 0, 0, 1);
  } else {
    t.bits = {0, 0, 0, 1};
  }
  bool ok = true;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string ep = v.is_array() ? json_index_path(path, i) : path;
    const int c = comps[i];
    const unsigned bits = fi.channels[static_cast<size_t>(c)].bits;
    if (fi.result_kind == texunit::TexelKind::kFloat) {
      const auto d = as_number(*items[i], ep);
      if (!d) {
        ok = false;
        continue;
      }
      t.bits[static_cast<size_t>(c)] = std::bit_cast<uint32_t>(static_cast<float>(*d));
    } else {
      const bool sint = fi.result_kind == texunit::TexelKind::kSint;
      const unsigned nb = (bits == 0 || for_clear) ? 32 : bits;
      const int64_t lo = sint ? -(int64_t{1} << (nb - 1)) : 0;
      const int64_t hi = sint ? (int64_t{1} << (nb - 1)) - 1 : (int64_t{1} << nb) - 1;
      const auto iv = as_int(*items[i], ep, lo, hi);
      if (!iv) {
        ok = false;
        continue;
      }
      t.bits[static_cast<size_t>(c)] = static_cast<uint32_t>(*iv);
    }
  }
  if (!ok) return std::nullopt;
  return t;
}

bool Loader::load_surface_data(const json& v, const std::string& path, texunit::Surface& s) {
  if (!expect_object(v, path)) return false;
  check_keys(v, path, {"fill", "generator", "seed", "cell", "file", "hex", "texels"});
  static constexpr std::array<std::string_view, 5> kSources{"fill", "generator", "file", "hex",
                                                            "texels"};
  std::vector<std::string_view> given;
  for (std::string_view k : kSources) {
    if (v.contains(std::string(k))) given.push_back(k);
  }
  if (given.size() != 1) {
    err(given.empty() ? "SCENE-MISSING" : "SCENE-VALUE", path,
        given.empty() ? "expected one data source: " + join(kSources)
                      : "expected one data source, got " + join(given));
    return false;
  }
  const std::string src(given[0]);
  const std::string sp = json_member_path(path, src);
  const json& sv = v[src];
  const SurfaceDesc& d = s.desc();
  const texunit::FormatInfo& fi = texunit::format_info(d.format);
  if (src != "generator") {
    for (const char* k : {"seed", "cell"}) {
      if (v.contains(k)) {
        err("SCENE-KEY", json_member_path(path, k),
            std::string("\"") + k + "\" applies only to \"generator\" data", true);
      }
    }
  }
  if ((src == "fill" || src == "texels" || src == "file") && fi.is_compressed()) {
    err("SCENE-VALUE", sp,
        "\"" + src + "\" needs an uncompressed format; give " + std::string(fi.name) +
            " data as \"hex\" blocks");
    return false;
  }

  if (src == "fill") {
    const auto t = texel_value(sv, sp, d.format, true);
    if (!t) return false;
    s.fill(*t);  // encoded once (texel_value checked that it encodes)
    return true;
  }

  if (src == "generator") {
    static constexpr std::array<std::string_view, 4> kGens{"checker", "gradient", "random",
                                                           "mip-colors"};
    const auto g = as_name<Generator>(sv, sp, "generator", kGens, generator_from_name);
    GeneratorParams p;
    bool ok = g.has_value();
    if (g) p.kind = *g;
    if (const json* seed = member(v, "seed")) {
      const auto sd = as_u64(*seed, json_member_path(path, "seed"));
      ok = ok && sd.has_value();
      if (sd) p.seed = *sd;
    }
    if (const json* cell = member(v, "cell")) {
      const auto c = as_u32(*cell, json_member_path(path, "cell"), 1, 1u << 16);
      ok = ok && c.has_value();
      if (c) p.cell = *c;
    }
    if (!ok) return false;
    if (!generate(s, p)) {
      err("SCENE-VALUE", sp,
          "generator \"" + std::string(generator_name(p.kind)) +
              "\" needs an uncompressed format; only \"random\" fills " + std::string(fi.name));
      return false;
    }
    return true;
  }

  if (src == "hex") {
    const auto bytes = hex_bytes(sv, sp);
    if (!bytes) return false;
    const uint64_t want = s.layout().total_bytes;
    if (bytes->size() != want) {
      err("SCENE-SIZE", sp,
          "expected " + std::to_string(want) + " bytes (" + std::to_string(want * 2) +
              " hex digits) for this " + std::string(texunit::surface_type_name(d.type)) + " " +
              std::string(fi.name) + " surface, got " + std::to_string(bytes->size()) + " bytes");
      return false;
    }
    std::copy(bytes->begin(), bytes->end(), s.bytes().begin());
    return true;
  }

  if (src == "texels") {
    if (!expect_array(sv, sp)) return false;
    uint64_t want = 0;
    for (uint32_t l = 0; l < d.mips; ++l) {
      const auto& lv = s.layout().levels[l];
      const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
      want += uint64_t{lv.width} * lv.height * slices;
    }
    want *= d.samples;
    if (sv.size() != want) {
      err("SCENE-SIZE", sp,
          "expected " + std::to_string(want) +
              " texels (x fastest, then y, z or layer, mip, "
              "sample), got " +
              std::to_string(sv.size()));
      return false;
    }
    size_t i = 0;
    bool ok = true;
    for (uint32_t smp = 0; smp < d.samples; ++smp) {
      for (uint32_t l = 0; l < d.mips; ++l) {
        const auto& lv = s.layout().levels[l];
        const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
        for (uint32_t z = 0; z < slices; ++z) {
          for (uint32_t y = 0; y < lv.height; ++y) {
            for (uint32_t x = 0; x < lv.width; ++x, ++i) {
              const auto t = texel_value(sv[i], json_index_path(sp, i), d.format, false);
              if (!t) {
                ok = false;
                if (sink_.error_count() > 50) return false;
                continue;
              }
              s.write_texel(smp, l, z, x, y, *t);
            }
          }
        }
      }
    }
    return ok;
  }

  // file: a PNG for level 0 (every slice and sample); lower levels are 2x2 box-filtered.
  const auto p = resolve_file(sv, sp);
  if (!p) return false;
  std::string why;
  // The header is checked against the surface and the budget before any pixel is allocated;
  // the decoded RGBA8 copy is charged to the budget (issue 15 item 1).
  uint32_t hw = 0, hh = 0;
  if (!png_size(p->string(), hw, hh, why)) {
    err("SCENE-FILE", sp, "cannot read PNG \"" + sv.get<std::string>() + "\": " + why);
    return false;
  }
  if (hw != d.width || hh != d.height) {
    err("SCENE-SIZE", sp,
        "the PNG is " + std::to_string(hw) + "x" + std::to_string(hh) +
            ", the surface's level 0 is " + std::to_string(d.width) + "x" +
            std::to_string(d.height));
    return false;
  }
  if (!charge(uint64_t{hw} * hh * 4, sp)) return false;
  PngCheck check;  // checked again when decoding (the file may have changed)
  check.width = d.width;
  check.height = d.height;
  check.max_bytes = uint64_t{hw} * hh * 4;
  const auto img = read_png(p->string(), why, check);
  if (!img) {
    err("SCENE-FILE", sp, "cannot read PNG \"" + sv.get<std::string>() + "\": " + why);
    return false;
  }
  if (img->width != d.width || img->height != d.height) {
    err("SCENE-SIZE", sp,
        "the PNG is " + std::to_string(img->width) + "x" + std::to_string(img->height) +
            ", the surface's level 0 is " + std::to_string(d.width) + "x" +
            std::to_string(d.height));
    return false;
  }
  for (uint32_t l = 0; l < d.mips; ++l) {
    const auto& lv = s.layout().levels[l];
    const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
    const uint32_t f = 1u << std::min<uint32_t>(l, 31);
    for (uint32_t y = 0; y < lv.height; ++y) {
      for (uint32_t x = 0; x < lv.width; ++x) {
        std::array<double, 4> sum{};
        uint32_t n = 0;
        for (uint64_t sy = uint64_t{y} * f;
             sy < std::min<uint64_t>(uint64_t{y + 1} * f, img->height); ++sy) {
          for (uint64_t sx = uint64_t{x} * f;
               sx < std::min<uint64_t>(uint64_t{x + 1} * f, img->width); ++sx) {
            const uint8_t* px = img->at(static_cast<uint32_t>(sx), static_cast<uint32_t>(sy));
            for (size_t c = 0; c < 4; ++c) sum[c] += px[c];
            ++n;
          }
        }
        std::array<float, 4> c{};
        for (size_t k = 0; k < 4; ++k) {
          c[k] = n == 0 ? 0.0f : static_cast<float>(sum[k] / n / 255.0);
        }
        const Texel t = unit_texel(d.format, c);
        for (uint32_t smp = 0; smp < d.samples; ++smp) {
          for (uint32_t z = 0; z < slices; ++z) s.write_texel(smp, l, z, x, y, t);
        }
      }
    }
  }
  return true;
}

void Loader::load_surface(const json& v, const std::string& path, Scene& scene) {
  if (!expect_object(v, path)) return;
  check_keys(v, path,
             {"id", "name", "type", "format", "width", "height", "depth", "layers", "mips",
              "samples", "data", "mcs", "clear_color", "null_tiles"});
  const size_t errors_before = sink_.error_count();
  SceneSurface out;
  SurfaceDesc d;
  if (const json* id = require(v, path, "id")) {
    if (auto i = as_u32(*id, json_member_path(path, "id"))) {
      out.id = *i;
      if (scene.find_surface(*i) != nullptr) {
        err("SCENE-ID", json_member_path(path, "id"), "duplicate surface id " + std::to_string(*i));
      }
    }
  }
  if (const json* n = member(v, "name")) {
    if (auto s = as_string(*n, json_member_path(path, "name"))) out.name = *s;
  }
  if (const json* t = require(v, path, "type")) {
    std::vector<std::string_view> names;
    for (uint8_t i = 0; i <= static_cast<uint8_t>(SurfaceType::kCubeArray); ++i) {
      names.push_back(texunit::surface_type_name(static_cast<SurfaceType>(i)));
    }
    if (auto st = as_name<SurfaceType>(*t, json_member_path(path, "type"), "surface type", names,
                                       texunit::surface_type_from_name)) {
      d.type = *st;
    }
  }
  if (const json* f = require(v, path, "format")) {
    const std::string fp = json_member_path(path, "format");
    if (auto s = as_string(*f, fp)) {
      if (auto fmt = texunit::format_from_name(*s)) {
        d.format = *fmt;
      } else {
        const std::string_view c = texunit::closest_format_name(*s);
        err("SCENE-FORMAT", fp,
            "unknown format \"" + *s + "\"" +
                (c.empty() ? std::string() : "; did you mean " + std::string(c) + "?"));
      }
    }
  }
  auto dim = [&](std::string_view key, uint32_t& field, bool required) {
    const json* j = required ? require(v, path, key) : member(v, key);
    if (j != nullptr) {
      if (auto u = as_u32(*j, json_member_path(path, key))) field = *u;
    }
  };
  dim("width", d.width, true);
  dim("height", d.height, false);
  dim("depth", d.depth, false);
  dim("layers", d.layers, false);
  dim("samples", d.samples, false);
  if (const json* m = member(v, "mips")) {
    if (m->is_string() && m->get<std::string>() == "full") {
      const bool is1d = d.type == SurfaceType::k1D || d.type == SurfaceType::k1DArray;
      d.mips = texunit::full_mip_count(d.width, is1d ? 1 : d.height,
                                       d.type == SurfaceType::k3D ? d.depth : 1);
      if (d.mips == 0) d.mips = 1;
    } else if (auto u = as_u32(*m, json_member_path(path, "mips"))) {
      d.mips = *u;
    }
  }
  if (sink_.error_count() != errors_before) return;

  // The texture unit's own checks, re-reported with this surface's path.
  core::DiagSink local;
  texunit::validate_surface_desc(d, local, {}, opt_.max_bytes);
  for (const core::Diagnostic& dg : local.diagnostics()) {
    core::Diagnostic copy = dg;
    copy.loc = loc(path);
    copy.message = path + ": " + dg.message;
    sink_.report(std::move(copy));
  }
  if (local.has_errors()) return;
  if (!charge(texunit::linear_layout(d).total_bytes, path)) return;

  out.surface = texunit::Surface(d);
  texunit::Surface& s = out.surface;
  if (const json* data = member(v, "data")) {
    load_surface_data(*data, json_member_path(path, "data"), s);
  }

  // MSAA: MCS values per pixel of level 0 (x fastest, then y, then slice) and the clear colour.
  const json* mcs = member(v, "mcs");
  const json* clear = member(v, "clear_color");
  if ((mcs != nullptr || clear != nullptr) && d.samples == 1) {
    err("SCENE-VALUE", json_member_path(path, mcs != nullptr ? "mcs" : "clear_color"),
        "needs a multisampled surface (samples > 1), got samples 1");
  } else {
    if (mcs != nullptr) {
      const std::string mp = json_member_path(path, "mcs");
      if (expect_array(*mcs, mp)) {
        const uint64_t want = uint64_t{d.width} * d.height * d.slices();
        if (mcs->size() != want) {
          err("SCENE-SIZE", mp,
              "expected " + std::to_string(want) +
                  " MCS values (one per pixel of level 0 per "
                  "slice), got " +
                  std::to_string(mcs->size()));
        } else {
          s.enable_mcs();
          const unsigned width_bits = texunit::mcs_width_bits(d.samples);
          size_t i = 0;
          for (uint32_t z = 0; z < d.slices(); ++z) {
            for (uint32_t y = 0; y < d.height; ++y) {
              for (uint32_t x = 0; x < d.width; ++x, ++i) {
                const std::string ip = json_index_path(mp, i);
                if (auto u = as_u64((*mcs)[i], ip)) {
                  if (width_bits < 64 && (*u >> width_bits) != 0) {
                    err("SCENE-VALUE", ip,
                        "MCS value has bits above the " + std::to_string(width_bits) +
                            "-bit width of a " + std::to_string(d.samples) + "x surface");
                  }
                  s.set_mcs(x, y, z, *u);
                }
              }
            }
          }
        }
      }
    }
    if (clear != nullptr) {
      if (auto t = texel_value(*clear, json_member_path(path, "clear_color"), d.format, true)) {
        s.set_clear_color(*t);
      }
    }
  }

  if (const json* nt = member(v, "null_tiles")) {
    const std::string np = json_member_path(path, "null_tiles");
    if (expect_array(*nt, np)) {
      for (size_t i = 0; i < nt->size(); ++i) {
        const std::string ip = json_index_path(np, i);
        const json& r = (*nt)[i];
        if (!expect_object(r, ip)) continue;
        check_keys(r, ip, {"level", "first_slice", "slice_count", "x", "y", "width", "height"});
        texunit::NullRegion reg;
        const size_t before = sink_.error_count();
        auto field = [&](std::string_view key, uint32_t& f) {
          if (const json* j = member(r, key)) {
            if (auto u = as_u32(*j, json_member_path(ip, key))) f = *u;
          }
        };
        field("level", reg.level);
        field("first_slice", reg.first_slice);
        field("slice_count", reg.slice_count);
        field("x", reg.x);
        field("y", reg.y);
        if (reg.level < d.mips) {
          reg.width = s.layout().levels[reg.level].width -
                      std::min(reg.x, s.layout().levels[reg.level].width);
          reg.height = s.layout().levels[reg.level].height -
                       std::min(reg.y, s.layout().levels[reg.level].height);
        }
        field("width", reg.width);
        field("height", reg.height);
        if (sink_.error_count() != before) continue;
        if (reg.level >= d.mips) {
          err("SCENE-VALUE", json_member_path(ip, "level"),
              "must be in [0, " + std::to_string(d.mips - 1) + "], got " +
                  std::to_string(reg.level));
          continue;
        }
        const auto& lv = s.layout().levels[reg.level];
        const uint32_t slices = d.type == SurfaceType::k3D ? lv.depth : d.slices();
        if (uint64_t{reg.first_slice} + reg.slice_count > slices || reg.slice_count == 0 ||
            uint64_t{reg.x} + reg.width > lv.width || uint64_t{reg.y} + reg.height > lv.height ||
            reg.width == 0 || reg.height == 0) {
          err("SCENE-VALUE", ip,
              "region x " + std::to_string(reg.x) + " y " + std::to_string(reg.y) + " size " +
                  std::to_string(reg.width) + "x" + std::to_string(reg.height) + " slices " +
                  std::to_string(reg.first_slice) + "+" + std::to_string(reg.slice_count) +
                  " must be non-empty and lie within level " + std::to_string(reg.level) + " (" +
                  std::to_string(lv.width) + "x" + std::to_string(lv.height) + ", " +
                  std::to_string(slices) + " slices)");
          continue;
        }
        s.add_null_region(reg);
      }
    }
  }
  if (sink_.error_count() == errors_before) scene.surfaces.push_back(std::move(out));
}

std::optional<SceneSampler> Loader::load_sampler(const json& v, const std::string& path,
                                                 bool with_id) {
  if (!expect_object(v, path)) return std::nullopt;
  if (with_id) {
    check_keys(v, path,
               {"id", "min_filter", "mag_filter", "mip_filter", "filter", "address", "border_color",
                "border_color_int", "compare", "lod_bias", "min_lod", "max_lod", "max_anisotropy",
                "reduction", "normalized", "srgb_decode", "precision"});
  } else {
    check_keys(v, path,
               {"min_filter", "mag_filter", "mip_filter", "filter", "address", "border_color",
                "border_color_int", "compare", "lod_bias", "min_lod", "max_lod", "max_anisotropy",
                "reduction", "normalized", "srgb_decode", "precision"});
  }
  const size_t before = sink_.error_count();
  SceneSampler out;
  texunit::SamplerState& st = out.state;
  auto p = [&](std::string_view key) { return json_member_path(path, key); };
  if (with_id) {
    if (const json* id = require(v, path, "id")) {
      if (auto i = as_u32(*id, p("id"))) out.id = *i;
    }
  }
  static constexpr std::array<std::string_view, 2> kFilters{"point", "linear"};
  static constexpr std::array<std::string_view, 3> kMipFilters{"none", "point", "linear"};
  const std::function<std::optional<texunit::Filter>(std::string_view)> filter_of =
      [](std::string_view s) -> std::optional<texunit::Filter> {
    if (core::iequals(s, "point") || core::iequals(s, "nearest")) return texunit::Filter::kPoint;
    if (core::iequals(s, "linear")) return texunit::Filter::kLinear;
    return std::nullopt;
  };
  if (const json* f = member(v, "filter")) {  // shorthand for min and mag
    if (auto x = as_name<texunit::Filter>(*f, p("filter"), "filter", kFilters, filter_of)) {
      st.min_filter = st.mag_filter = *x;
    }
  }
  if (const json* f = member(v, "min_filter")) {
    if (auto x = as_name<texunit::Filter>(*f, p("min_filter"), "filter", kFilters, filter_of)) {
      st.min_filter = *x;
    }
  }
  if (const json* f = member(v, "mag_filter")) {
    if (auto x = as_name<texunit::Filter>(*f, p("mag_filter"), "filter", kFilters, filter_of)) {
      st.mag_filter = *x;
    }
  }
  if (const json* f = member(v, "mip_filter")) {
    const std::function<std::optional<texunit::MipFilter>(std::string_view)> mip_of =
        [](std::string_view s) -> std::optional<texunit::MipFilter> {
      if (core::iequals(s, "none")) return texunit::MipFilter::kNone;
      if (core::iequals(s, "point") || core::iequals(s, "nearest"))
        return texunit::MipFilter::kPoint;
      if (core::iequals(s, "linear")) return texunit::MipFilter::kLinear;
      return std::nullopt;
    };
    if (auto x =
            as_name<texunit::MipFilter>(*f, p("mip_filter"), "mip filter", kMipFilters, mip_of)) {
      st.mip_filter = *x;
    }
  }
  if (const json* a = member(v, "address")) {
    std::vector<std::string_view> names;
    for (uint8_t i = 0; i <= static_cast<uint8_t>(texunit::AddressMode::kMirrorOnce); ++i) {
      names.push_back(texunit::address_mode_name(static_cast<texunit::AddressMode>(i)));
    }
    const std::function<std::optional<texunit::AddressMode>(std::string_view)> addr_of =
        [](std::string_view s) { return texunit::address_mode_from_name(s); };
    if (a->is_string()) {
      if (auto m =
              as_name<texunit::AddressMode>(*a, p("address"), "address mode", names, addr_of)) {
        st.address = {*m, *m, *m};
      }
    } else if (expect_array(*a, p("address"))) {
      if (a->empty() || a->size() > 3) {
        err("SCENE-SIZE", p("address"),
            "expected 1 to 3 address modes (u, v, w), got " + std::to_string(a->size()));
      } else {
        for (size_t i = 0; i < 3; ++i) {
          const size_t src = std::min(i, a->size() - 1);
          if (i != src) {
            st.address[i] = st.address[src];
            continue;
          }
          if (auto m = as_name<texunit::AddressMode>((*a)[i], json_index_path(p("address"), i),
                                                     "address mode", names, addr_of)) {
            st.address[i] = *m;
          }
        }
      }
    }
  }
  if (const json* b = member(v, "border_color")) {
    if (expect_array(*b, p("border_color"))) {
      if (b->size() != 4) {
        err("SCENE-SIZE", p("border_color"),
            "expected 4 values (r, g, b, a), got " + std::to_string(b->size()));
      } else {
        for (size_t i = 0; i < 4; ++i) {
          if (auto d = as_number((*b)[i], json_index_path(p("border_color"), i))) {
            st.border_color[i] = static_cast<float>(*d);
            if (std::floor(*d) == *d && std::fabs(*d) < 4.3e9) {
              st.border_color_int[i] = static_cast<uint32_t>(static_cast<int64_t>(*d));
            }
          }
        }
      }
    }
  }
  if (const json* b = member(v, "border_color_int")) {
    if (expect_array(*b, p("border_color_int"))) {
      if (b->size() != 4) {
        err("SCENE-SIZE", p("border_color_int"),
            "expected 4 values (r, g, b, a), got " + std::to_string(b->size()));
      } else {
        for (size_t i = 0; i < 4; ++i) {
          if (auto d = as_int((*b)[i], json_index_path(p("border_color_int"), i),
                              std::numeric_limits<int32_t>::min(),
                              std::numeric_limits<uint32_t>::max())) {
            st.border_color_int[i] = static_cast<uint32_t>(*d);
          }
        }
      }
    }
  }
  if (const json* c = member(v, "compare"); c != nullptr && !c->is_null()) {
    std::vector<std::string_view> names;
    for (uint8_t i = 0; i <= static_cast<uint8_t>(texunit::CompareFunc::kAlways); ++i) {
      names.push_back(texunit::compare_func_name(static_cast<texunit::CompareFunc>(i)));
    }
    const std::function<std::optional<texunit::CompareFunc>(std::string_view)> cmp_of =
        [](std::string_view s) { return texunit::compare_func_from_name(s); };
    if (auto f =
            as_name<texunit::CompareFunc>(*c, p("compare"), "compare function", names, cmp_of)) {
      st.compare = *f;
    }
  }
  auto number = [&](std::string_view key, float& field, double lo, double hi) {
    if (const json* j = member(v, key)) {
      if (auto d = as_number(*j, p(key))) {
        if (*d < lo || *d > hi) {
          std::ostringstream os;
          os << "must be in [" << lo << ", " << hi << "], got " << *d;
          err("SCENE-VALUE", p(key), os.str());
        } else {
          field = static_cast<float>(*d);
        }
      }
    }
  };
  number("lod_bias", st.lod_bias, -16.0, 15.99);
  number("min_lod", st.min_lod, -1000.0, 1000.0);
  number("max_lod", st.max_lod, -1000.0, 1000.0);
  if (const json* m = member(v, "max_anisotropy")) {
    if (auto u = as_u32(*m, p("max_anisotropy"), 1, 16)) st.max_anisotropy = *u;
  }
  if (const json* r = member(v, "reduction")) {
    static constexpr std::array<std::string_view, 3> kRed{"weighted_average", "min", "max"};
    const std::function<std::optional<texunit::Reduction>(std::string_view)> red_of =
        [](std::string_view s) -> std::optional<texunit::Reduction> {
      if (core::iequals(s, "weighted_average") || core::iequals(s, "average")) {
        return texunit::Reduction::kWeightedAverage;
      }
      if (core::iequals(s, "min")) return texunit::Reduction::kMin;
      if (core::iequals(s, "max")) return texunit::Reduction::kMax;
      return std::nullopt;
    };
    if (auto x = as_name<texunit::Reduction>(*r, p("reduction"), "reduction", kRed, red_of)) {
      st.reduction = *x;
    }
  }
  if (const json* b = member(v, "normalized")) {
    if (auto x = as_bool(*b, p("normalized"))) st.normalized_coords = *x;
  }
  if (const json* b = member(v, "srgb_decode")) {
    if (auto x = as_bool(*b, p("srgb_decode"))) st.srgb_decode = *x;
  }
  if (const json* pr = member(v, "precision")) {
    static constexpr std::array<std::string_view, 3> kPrec{"d3d", "exact", "lavapipe"};
    const std::function<std::optional<texunit::PrecisionKind>(std::string_view)> prec_of =
        [](std::string_view s) { return texunit::precision_from_name(s); };
    if (auto x = as_name<texunit::PrecisionKind>(*pr, p("precision"), "precision profile", kPrec,
                                                 prec_of)) {
      out.precision = *x;
    }
  }
  if (sink_.error_count() != before) return std::nullopt;
  return out;
}

std::optional<std::vector<uint8_t>> Loader::load_buffer(const json& v, const std::string& path) {
  if (!expect_object(v, path)) return std::nullopt;
  check_keys(v, path, {"hex", "file", "size"});
  const json* hex = member(v, "hex");
  const json* file = member(v, "file");
  if (hex != nullptr && file != nullptr) {
    err("SCENE-VALUE", path, "expected one of \"hex\" or \"file\", got both");
    return std::nullopt;
  }
  std::optional<uint64_t> size;
  if (const json* s = member(v, "size")) {
    const auto u = as_int(*s, json_member_path(path, "size"), 0, int64_t{1} << 40);
    if (!u) return std::nullopt;
    size = static_cast<uint64_t>(*u);
  }
  if (hex == nullptr && file == nullptr && !size) {
    err("SCENE-MISSING", path, "expected \"hex\", \"file\" or \"size\"");
    return std::nullopt;
  }
  std::vector<uint8_t> bytes;
  if (hex != nullptr) {
    auto b = hex_bytes(*hex, json_member_path(path, "hex"));
    if (!b) return std::nullopt;
    bytes = std::move(*b);
  } else if (file != nullptr) {
    const auto p = resolve_file(*file, json_member_path(path, "file"));
    if (!p) return std::nullopt;
    std::error_code ec;
    const uint64_t fsize = fs::file_size(*p, ec);
    if (!ec && !charge(fsize, path)) return std::nullopt;
    auto b = read_binary(*p, json_member_path(path, "file"));
    if (!b) return std::nullopt;
    bytes = std::move(*b);
    used_ -= fsize;  // charged again below with the final size
  }
  if (size) {
    if (bytes.size() > *size) {
      err("SCENE-SIZE", path,
          "data has " + std::to_string(bytes.size()) + " bytes, more than \"size\" " +
              std::to_string(*size));
      return std::nullopt;
    }
    if (!charge(*size, path)) return std::nullopt;
    bytes.resize(static_cast<size_t>(*size), 0);
  } else if (!charge(bytes.size(), path)) {
    return std::nullopt;
  }
  return bytes;
}

void Loader::load_visa_register(const std::string& name, const json& v, const std::string& path,
                                Scene& scene) {
  if (!expect_object(v, path)) return;
  check_keys(v, path, {"type", "values", "decl"});
  const bool name_ok = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '%';
  }) && !std::isdigit(static_cast<unsigned char>(name[0]));
  if (!name_ok) {
    err("SCENE-VALUE", path, "\"" + name + "\" is not a vISA variable name", true);
    return;
  }
  const size_t before = sink_.error_count();
  VisaRegister r;
  if (const json* t = require(v, path, "type")) {
    const std::function<std::optional<ElemType>(std::string_view)> of = elem_type_from_name;
    if (auto et =
            as_name<ElemType>(*t, json_member_path(path, "type"), "type", kElemTypeNames, of)) {
      r.type = *et;
    }
  }
  if (const json* dcl = member(v, "decl")) {
    if (auto s = as_string(*dcl, json_member_path(path, "decl"))) r.decl = *s;
  }
  const json* vals = require(v, path, "values");
  if (sink_.error_count() != before || vals == nullptr) return;
  const std::string vp = json_member_path(path, "values");
  if (!expect_array(*vals, vp)) return;
  const unsigned size = elem_type_size(r.type);
  for (size_t i = 0; i < vals->size(); ++i) {
    const json& e = (*vals)[i];
    const std::string ep = json_index_path(vp, i);
    uint64_t bits = 0;
    if (e.is_string()) {
      const auto h = parse_hex_number(e.get<std::string>(), size * 2);
      if (!h) {
        err("SCENE-VALUE", ep,
            "expected a number or a \"0x...\" hex string of at most " + std::to_string(size * 2) +
                " digits for type " + std::string(elem_type_name(r.type)) + ", got " + e.dump());
        continue;
      }
      bits = *h;
    } else {
      switch (r.type) {
        case ElemType::kF:
        case ElemType::kHF:
        case ElemType::kDF: {
          const auto d = as_number(e, ep);
          if (!d) continue;
          if (r.type == ElemType::kF) {
            bits = std::bit_cast<uint32_t>(static_cast<float>(*d));
          } else if (r.type == ElemType::kHF) {
            bits = core::float_to_half(static_cast<float>(*d));
          } else {
            bits = std::bit_cast<uint64_t>(*d);
          }
          break;
        }
        default: {
          const unsigned nb = size * 8;
          const bool sgn = r.type == ElemType::kD || r.type == ElemType::kW ||
                           r.type == ElemType::kB || r.type == ElemType::kQ;
          const int64_t lo =
              sgn ? (nb == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (nb - 1)))
                  : 0;
          const int64_t hi = nb == 64
                                 ? std::numeric_limits<int64_t>::max()
                                 : (sgn ? (int64_t{1} << (nb - 1)) - 1 : (int64_t{1} << nb) - 1);
          if (r.type == ElemType::kUQ && e.is_number_unsigned()) {
            bits = e.get<uint64_t>();
            break;
          }
          const auto iv = as_int(e, ep, lo, hi);
          if (!iv) continue;
          bits = static_cast<uint64_t>(*iv);
          break;
        }
      }
    }
    for (unsigned b = 0; b < size; ++b) r.bytes.push_back(static_cast<uint8_t>(bits >> (8 * b)));
  }
  if (sink_.error_count() != before) return;
  if (!charge(r.bytes.size(), path)) return;
  scene.visa_registers[name] = std::move(r);
}

void Loader::load_sass_register(const std::string& name, const json& v, const std::string& path,
                                Scene& scene) {
  auto index_of = [&](char prefix, uint32_t max) -> std::optional<uint32_t> {
    if (name.size() < 2 || core::ascii_upper(name[0]) != prefix) return std::nullopt;
    uint32_t n = 0;
    for (size_t i = 1; i < name.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(name[i])) || n > 1000) return std::nullopt;
      n = n * 10 + static_cast<uint32_t>(name[i] - '0');
    }
    if (name.size() > 2 && name[1] == '0') return std::nullopt;
    if (n > max) return std::nullopt;
    return n;
  };
  if (auto r = index_of('R', 254)) {
    std::optional<uint64_t> bits;
    if (v.is_string()) {
      bits = parse_hex_number(v.get<std::string>(), 8);
      if (!bits) {
        err("SCENE-VALUE", path,
            "expected a 32-bit integer or a \"0x...\" hex string of at most 8 "
            "digits, got " +
                v.dump());
        return;
      }
    } else if (v.is_number()) {
      const auto iv = as_int(v, path, std::numeric_limits<int32_t>::min(),
                             std::numeric_limits<uint32_t>::max());
      if (!iv) return;
      bits = static_cast<uint64_t>(*iv);
    } else {
      type_err(path, "a 32-bit integer or a \"0x...\" hex string", v);
      return;
    }
    scene.sass_registers.r[*r] = static_cast<uint32_t>(*bits);
    return;
  }
  if (auto p = index_of('P', 6)) {
    if (auto b = as_bool(v, path)) scene.sass_registers.p[*p] = *b;
    return;
  }
  std::string msg = "\"" + name + "\" is not a writable SASS register (R0..R254, P0..P6)";
  if (core::iequals(name, "RZ") || core::iequals(name, "R255") || core::iequals(name, "PT") ||
      core::iequals(name, "P7")) {
    msg = "\"" + name + "\" is a constant register and cannot be set";
  }
  err("SCENE-VALUE", path, msg, true);
}

void Loader::load_registers(const json& v, const std::string& path, Scene& scene) {
  if (!expect_object(v, path)) return;
  for (const auto& [name, value] : v.items()) {
    const std::string rp = json_member_path(path, name);
    const bool sass = scene.isa == "sass" || (scene.isa.empty() && !value.is_object());
    if (sass) {
      load_sass_register(name, value, rp, scene);
    } else {
      load_visa_register(name, value, rp, scene);
    }
  }
}

void Loader::load_const_banks(const json& v, const std::string& path, Scene& scene) {
  if (!expect_object(v, path)) return;
  constexpr uint64_t kBankBytes = 64 * 1024;
  for (const auto& [key, value] : v.items()) {
    const std::string bp = json_member_path(path, key);
    const auto bank = index_key(key, 17);
    if (!bank) {
      err("SCENE-VALUE", bp, "bank \"" + key + "\" must be a decimal or \"0x...\" index in [0, 17]",
          true);
      continue;
    }
    if (!expect_object(value, bp)) continue;
    check_keys(value, bp, {"hex", "words"});
    const json* hex = member(value, "hex");
    const json* words = member(value, "words");
    if ((hex == nullptr) == (words == nullptr)) {
      err(hex == nullptr ? "SCENE-MISSING" : "SCENE-VALUE", bp,
          "expected one of \"hex\" or \"words\"");
      continue;
    }
    std::vector<uint8_t> bytes;
    if (hex != nullptr) {
      auto b = hex_bytes(*hex, json_member_path(bp, "hex"));
      if (!b) continue;
      bytes = std::move(*b);
    } else {
      const std::string wp = json_member_path(bp, "words");
      if (!expect_object(*words, wp)) continue;
      bool ok = true;
      std::map<uint64_t, uint32_t> w;
      for (const auto& [wk, wv] : words->items()) {
        const std::string ep = json_member_path(wp, wk);
        const std::optional<uint64_t> idx = index_key(wk, kBankBytes / 4 - 1);
        if (!idx) {
          err("SCENE-VALUE", ep,
              "word index \"" + wk + "\" must be a decimal or \"0x...\" index below " +
                  std::to_string(kBankBytes / 4),
              true);
          ok = false;
          continue;
        }
        const auto val = as_int(wv, ep, std::numeric_limits<int32_t>::min(),
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
      err("SCENE-SIZE", bp,
          "a constant bank holds at most " + std::to_string(kBankBytes) + " bytes, got " +
              std::to_string(bytes.size()));
      continue;
    }
    if (!charge(bytes.size(), bp)) continue;
    scene.const_banks[static_cast<uint32_t>(*bank)] = std::move(bytes);
  }
}

void Loader::load_texture_headers(const json& v, const std::string& path, Scene& scene) {
  if (!expect_object(v, path)) return;
  check_keys(v, path, {"max_index", "entries"});
  TextureHeaderPool pool;
  const size_t before = sink_.error_count();
  if (const json* m = require(v, path, "max_index")) {
    if (auto u = as_u32(*m, json_member_path(path, "max_index"), 0, (1u << 20) - 1))
      pool.max_index = *u;
  }
  if (sink_.error_count() != before) return;
  if (const json* e = member(v, "entries")) {
    const std::string ep = json_member_path(path, "entries");
    if (!expect_object(*e, ep)) return;
    for (const auto& [key, value] : e->items()) {
      const std::string ip = json_member_path(ep, key);
      const auto index = index_key(key, pool.max_index);
      if (!index) {
        err("SCENE-VALUE", ip,
            "entry index \"" + key + "\" must be an index in [0, " +
                std::to_string(pool.max_index) + "] (max_index)",
            true);
        continue;
      }
      if (!expect_object(value, ip)) continue;
      check_keys(value, ip, {"surface", "min_level", "max_level", "srgb"});
      const size_t b2 = sink_.error_count();
      TextureHeader h;
      if (const json* s = require(value, ip, "surface")) {
        if (auto u = as_u32(*s, json_member_path(ip, "surface"))) {
          h.surface = *u;
          if (scene.find_surface(*u) == nullptr) {
            err("SCENE-ID", json_member_path(ip, "surface"),
                "no surface with id " + std::to_string(*u));
          }
        }
      }
      if (const json* s = member(value, "min_level")) {
        if (auto u = as_u32(*s, json_member_path(ip, "min_level"), 0, 15)) h.min_level = *u;
      }
      if (const json* s = member(value, "max_level")) {
        if (auto u = as_u32(*s, json_member_path(ip, "max_level"), 0, 15)) h.max_level = *u;
      }
      if (const json* s = member(value, "srgb")) {
        if (auto b = as_bool(*s, json_member_path(ip, "srgb"))) h.srgb = *b;
      }
      if (sink_.error_count() != b2) continue;
      if (h.min_level > h.max_level) {
        err("SCENE-VALUE", ip,
            "min_level " + std::to_string(h.min_level) + " must not exceed max_level " +
                std::to_string(h.max_level));
        continue;
      }
      pool.entries[static_cast<uint32_t>(*index)] = h;
    }
  }
  scene.texture_headers = std::move(pool);
}

void Loader::load_texture_samplers(const json& v, const std::string& path, Scene& scene) {
  if (!expect_object(v, path)) return;
  check_keys(v, path, {"max_index", "entries"});
  TextureSamplerPool pool;
  const size_t before = sink_.error_count();
  if (const json* m = require(v, path, "max_index")) {
    if (auto u = as_u32(*m, json_member_path(path, "max_index"), 0, (1u << 20) - 1))
      pool.max_index = *u;
  }
  if (sink_.error_count() != before) return;
  if (const json* e = member(v, "entries")) {
    const std::string ep = json_member_path(path, "entries");
    if (!expect_object(*e, ep)) return;
    for (const auto& [key, value] : e->items()) {
      const std::string ip = json_member_path(ep, key);
      const auto index = index_key(key, pool.max_index);
      if (!index) {
        err("SCENE-VALUE", ip,
            "entry index \"" + key + "\" must be an index in [0, " +
                std::to_string(pool.max_index) + "] (max_index)",
            true);
        continue;
      }
      if (auto s = load_sampler(value, ip, false)) {
        s->id = static_cast<uint32_t>(*index);
        pool.entries[s->id] = *s;
      }
    }
  }
  scene.texture_samplers = std::move(pool);
}

std::optional<Scene> Loader::load(const json& root) {
  const size_t errors_before = sink_.error_count();
  if (!expect_object(root, "")) return std::nullopt;
  check_keys(root, "",
             {"texsim", "isa", "platform", "description", "surfaces", "samplers", "memory",
              "registers", "const_banks", "tex_bank", "texture_headers", "texture_samplers",
              "fp16_rounding", "dispatch_mask", "coarse_pixel_size"});
  Scene scene;
  scene.path = file_;
  if (const json* ver = require(root, "", "texsim")) {
    if (ver->is_number_integer() || ver->is_number_unsigned()) {
      if (ver->get<int64_t>() != 1) {
        err("SCENE-VERSION", "texsim",
            "unsupported scene version " + ver->dump() + "; this texsim reads version 1");
      }
    } else {
      type_err("texsim", "the integer 1", *ver);
    }
  }
  if (const json* d = member(root, "description")) {
    if (auto s = as_string(*d, "description")) scene.description = *s;
  }
  if (const json* isa = member(root, "isa")) {
    static constexpr std::array<std::string_view, 2> kIsas{"visa", "sass"};
    const std::function<std::optional<std::string>(std::string_view)> of =
        [](std::string_view s) -> std::optional<std::string> {
      if (core::iequals(s, "visa")) return std::string("visa");
      if (core::iequals(s, "sass")) return std::string("sass");
      return std::nullopt;
    };
    if (auto s = as_name<std::string>(*isa, "isa", "ISA", kIsas, of)) scene.isa = *s;
  }
  if (const json* plat = member(root, "platform")) {
    std::vector<std::string_view> names;
    if (scene.isa != "sass")
      names.insert(names.end(), kVisaPlatforms.begin(), kVisaPlatforms.end());
    if (scene.isa != "visa")
      names.insert(names.end(), kSassPlatforms.begin(), kSassPlatforms.end());
    const std::function<std::optional<std::string>(std::string_view)> of =
        [&names](std::string_view s) -> std::optional<std::string> {
      for (std::string_view n : names) {
        if (core::iequals(s, n)) return std::string(n);
      }
      return std::nullopt;
    };
    const std::string what =
        scene.isa.empty() ? "platform" : (scene.isa == "visa" ? "vISA platform" : "SASS platform");
    if (auto s = as_name<std::string>(*plat, "platform", what, names, of)) scene.platform = *s;
  }

  if (const json* surfaces = member(root, "surfaces")) {
    if (expect_array(*surfaces, "surfaces")) {
      for (size_t i = 0; i < surfaces->size(); ++i) {
        load_surface((*surfaces)[i], json_index_path("surfaces", i), scene);
      }
    }
  }
  if (const json* samplers = member(root, "samplers")) {
    if (expect_array(*samplers, "samplers")) {
      for (size_t i = 0; i < samplers->size(); ++i) {
        const std::string sp = json_index_path("samplers", i);
        if (auto s = load_sampler((*samplers)[i], sp, true)) {
          if (scene.find_sampler(s->id) != nullptr) {
            err("SCENE-ID", json_member_path(sp, "id"),
                "duplicate sampler id " + std::to_string(s->id));
            continue;
          }
          scene.samplers.push_back(*s);
        }
      }
    }
  }
  if (const json* mem = member(root, "memory")) {
    if (expect_object(*mem, "memory")) {
      check_keys(*mem, "memory", {"slm", "stateless"});
      if (const json* s = member(*mem, "slm")) scene.slm = load_buffer(*s, "memory.slm");
      if (const json* s = member(*mem, "stateless")) {
        scene.stateless = load_buffer(*s, "memory.stateless");
      }
    }
  }
  if (const json* regs = member(root, "registers")) load_registers(*regs, "registers", scene);
  if (const json* cb = member(root, "const_banks")) load_const_banks(*cb, "const_banks", scene);
  if (const json* tb = member(root, "tex_bank")) {
    if (auto u = as_u32(*tb, "tex_bank", 0, 17)) scene.tex_bank = *u;
  }
  if (const json* th = member(root, "texture_headers")) {
    load_texture_headers(*th, "texture_headers", scene);
  }
  if (const json* ts = member(root, "texture_samplers")) {
    load_texture_samplers(*ts, "texture_samplers", scene);
  }
  if (const json* fr = member(root, "fp16_rounding")) {
    static constexpr std::array<std::string_view, 2> kModes{"rn", "rz"};
    const std::function<std::optional<Fp16Rounding>(std::string_view)> of =
        [](std::string_view s) -> std::optional<Fp16Rounding> {
      if (core::iequals(s, "rn")) return Fp16Rounding::kRn;
      if (core::iequals(s, "rz")) return Fp16Rounding::kRz;
      return std::nullopt;
    };
    if (auto m = as_name<Fp16Rounding>(*fr, "fp16_rounding", "FP16 rounding", kModes, of)) {
      scene.fp16_rounding = *m;
    }
  }
  if (const json* dm = member(root, "dispatch_mask")) {
    if (auto u = as_u64(*dm, "dispatch_mask")) scene.dispatch_mask = *u;
  }
  if (const json* cp = member(root, "coarse_pixel_size")) {
    if (expect_array(*cp, "coarse_pixel_size")) {
      if (cp->size() != 2) {
        err("SCENE-SIZE", "coarse_pixel_size",
            "expected 2 values (width, height), got " + std::to_string(cp->size()));
      } else {
        std::array<uint32_t, 2> size{};
        bool ok = true;
        for (size_t i = 0; i < 2; ++i) {
          const std::string ep = json_index_path("coarse_pixel_size", i);
          const auto u = as_u32((*cp)[i], ep, 1, 4);
          if (!u) {
            ok = false;
          } else if (*u == 3) {
            err("SCENE-VALUE", ep, "must be 1, 2 or 4, got 3");
            ok = false;
          } else {
            size[i] = *u;
          }
        }
        if (ok) scene.coarse_pixel_size = size;
      }
    }
  }
  if (sink_.error_count() != errors_before) return std::nullopt;
  return scene;
}

}  // namespace

namespace {
struct LeakOnUnwind {
  void operator()(json* j) const {
    if (std::uncaught_exceptions() == 0) delete j;
  }
};
}  // namespace

std::optional<Scene> load_scene_text(std::string_view text, const std::string& path,
                                     core::DiagSink& sink, const LoadOptions& options) {
  const std::string file = path.empty() ? std::string("<scene>") : path;
  // JSON text has no NUL byte; the parser would stop there and ignore the rest (issue 15 item 8).
  if (const size_t nul = text.find('\0'); nul != std::string_view::npos) {
    uint32_t line = 1, col = 1;
    for (size_t i = 0; i < nul; ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    sink.error("SCENE-JSON", core::TextLoc{file, line, col},
               "a NUL byte at offset " + std::to_string(nul) +
                   " (a scene is JSON text; RFC 8259 section 7 has no raw control characters)");
    return std::nullopt;
  }
  // The parsed tree and the value positions are charged to the budget before parsing (issue 15
  // item 2): a scene text cannot make texsim allocate more than --max-memory for its JSON.
  // The first kJsonFreeBytes are not charged, so that small budgets (for surfaces) still let a
  // small scene be read (decision H4).
  const uint64_t json_bytes = text.size() + count_json_values(text) * kJsonBytesPerValue;
  if (json_bytes > kJsonFreeBytes && json_bytes > options.max_bytes) {
    sink.error("SCENE-BUDGET", core::TextLoc{file, 0, 0},
               "parsing this scene needs about " + std::to_string(json_bytes) + " bytes (" +
                   std::to_string(kJsonBytesPerValue) +
                   " per JSON value), more than the budget of " +
                   std::to_string(options.max_bytes) + " bytes; raise it with --max-memory");
    return std::nullopt;
  }
  // The tree lives on the heap and is left undestroyed when an exception (out of memory) passes:
  // destroying a large nlohmann tree allocates a work list, which would fail in turn and end in
  // std::terminate (issue 15 item 2). The process is about to exit with a message then.
  std::unique_ptr<json, LeakOnUnwind> tree(new json());
  json& root = *tree;
  try {
    nlohmann::detail::json_sax_dom_parser<json> sax(root, true);
    json::sax_parse(text.begin(), text.end(), &sax);
  } catch (const json::parse_error& e) {
    // e.byte is the 1-based index of the character where parsing failed.
    const JsonPositions none(std::string_view{});
    std::string msg = e.what();
    const size_t colon = msg.find(": ", msg.find("parse error"));
    if (colon != std::string::npos) msg = msg.substr(colon + 2);
    // Line:column from the byte offset.
    uint32_t line = 1, col = 1;
    const size_t end = std::min(text.size(), e.byte == 0 ? size_t{0} : e.byte - 1);
    for (size_t i = 0; i < end; ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    sink.error("SCENE-JSON", core::TextLoc{file, line, col}, msg);
    return std::nullopt;
  } catch (const json::exception& e) {
    sink.error("SCENE-JSON", core::TextLoc{file, 0, 0}, e.what());
    return std::nullopt;
  }
  const JsonPositions positions(text, /*record=*/false);
  fs::path base = path.empty() ? fs::current_path() : fs::path(path).parent_path();
  if (base.empty()) base = ".";
  core::DiagSink local;
  for (const auto& [dup_path, offset] : positions.duplicates()) {
    const LineCol lc = positions.line_col(offset);
    local.error("SCENE-DUPLICATE-KEY", core::TextLoc{file, lc.line, lc.column},
                dup_path +
                    ": the key appears more than once in its object; the last one "
                    "would silently win");
  }
  Loader loader(file, text, local, options, base);
  std::optional<Scene> scene;
  try {
    scene = loader.load(root);
  } catch (const json::exception& e) {
    // Only reachable through a loader bug; reported rather than thrown to the caller.
    local.error("SCENE-JSON", core::TextLoc{file, 0, 0}, std::string("internal: ") + e.what());
    scene.reset();
  }
  // Report in source order, as a compiler would.
  std::vector<core::Diagnostic> diags = local.diagnostics();
  auto key = [](const core::Diagnostic& d) {
    const auto* t = std::get_if<core::TextLoc>(&d.loc);
    return t == nullptr ? std::pair<uint32_t, uint32_t>{0, 0}
                        : std::pair<uint32_t, uint32_t>{t->line, t->column};
  };
  std::stable_sort(
      diags.begin(), diags.end(),
      [&](const core::Diagnostic& a, const core::Diagnostic& b) { return key(a) < key(b); });
  for (auto& d : diags) sink.report(std::move(d));
  if (local.has_errors()) return std::nullopt;
  return scene;
}

std::optional<Scene> load_scene_file(const std::string& path, core::DiagSink& sink,
                                     const LoadOptions& options) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    sink.error("SCENE-FILE", core::TextLoc{path, 0, 0},
               fs::exists(path, ec) ? "not a regular file" : "no such file");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    sink.error("SCENE-FILE", core::TextLoc{path, 0, 0}, "cannot read the file");
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  return load_scene_text(text, path, sink, options);
}

}  // namespace texsim::scene
