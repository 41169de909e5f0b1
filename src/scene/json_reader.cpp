// The typed JSON reader (json_reader.hpp): type checks, names, hex bytes, confined file names and
// the memory budget, each problem reported with its JSON path and line:column.
#include "scene/json_reader.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>

#include "core/suggest.hpp"
#include "core/text.hpp"
#include "scene/scene.hpp"

namespace texsim::scene {

namespace fs = std::filesystem;

namespace {

// A folder for messages: absolute, normalized, without a trailing separator.
std::string display_dir(const fs::path& p) {
  std::error_code ec;
  std::string s = fs::absolute(p, ec).lexically_normal().string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

}  // namespace

std::string json_kind(const Json& v) {
  switch (v.type()) {
    case Json::value_t::object:
      return "an object";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::string:
      return "a string (" + v.dump() + ")";
    case Json::value_t::boolean:
      return std::string("a boolean (") + (v.get<bool>() ? "true" : "false") + ")";
    case Json::value_t::null:
      return "null";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return "a number (" + v.dump() + ")";
    default:
      return "an unsupported value";
  }
}

std::string join_or(std::span<const std::string_view> names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i != 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

std::optional<uint64_t> parse_hex_number(std::string_view s, unsigned max_digits) {
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return std::nullopt;
  s.remove_prefix(2);
  if (s.size() > max_digits) return std::nullopt;
  uint64_t v = 0;
  for (char c : s) {
    const int d = core::hex_digit(c);
    if (d < 0) return std::nullopt;
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  return v;
}

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

JsonReader::JsonReader(std::string file, std::string_view text, core::DiagSink& sink,
                       const LoadOptions& options, fs::path base)
    : file_(std::move(file)), text_(text), sink_(sink), opt_(options), base_(std::move(base)) {}

JsonReader::~JsonReader() = default;

core::TextLoc JsonReader::loc(const std::string& path, bool at_key, uint32_t col_offset) const {
  if (!pos_) pos_ = std::make_unique<JsonPositions>(text_);
  const LineCol lc = pos_->find(path, at_key);
  return core::TextLoc{file_, lc.line, lc.line != 0 ? lc.column + col_offset : 0};
}

void JsonReader::err(std::string_view rule, const std::string& path, const std::string& msg,
                     bool at_key, uint32_t col_offset) {
  sink_.error(std::string(rule), loc(path, at_key, col_offset),
              path.empty() ? msg : path + ": " + msg);
}

void JsonReader::type_err(const std::string& path, std::string_view expected, const Json& v) {
  err("SCENE-TYPE", path, "expected " + std::string(expected) + ", got " + json_kind(v));
}

bool JsonReader::expect_object(const Json& v, const std::string& path) {
  if (v.is_object()) return true;
  type_err(path, "an object", v);
  return false;
}

bool JsonReader::expect_array(const Json& v, const std::string& path) {
  if (v.is_array()) return true;
  type_err(path, "an array", v);
  return false;
}

void JsonReader::check_keys(const Json& obj, const std::string& path, Keys allowed) {
  const std::vector<std::string_view> names(allowed.begin(), allowed.end());
  check_keys(obj, path, std::span<const std::string_view>(names));
}

void JsonReader::check_keys(const Json& obj, const std::string& path,
                            std::span<const std::string_view> allowed) {
  for (const auto& [key, value] : obj.items()) {
    if (key == "comment") continue;
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    err("SCENE-KEY", json_member_path(path, key),
        "unknown key \"" + key + "\"" + core::did_you_mean(key, allowed), true);
  }
}

const Json* JsonReader::member(const Json& obj, std::string_view key) {
  const auto it = obj.find(std::string(key));
  return it == obj.end() ? nullptr : &*it;
}

const Json* JsonReader::require(const Json& obj, const std::string& path, std::string_view key) {
  const Json* v = member(obj, key);
  if (v == nullptr) err("SCENE-MISSING", path, "missing required key \"" + std::string(key) + "\"");
  return v;
}

std::optional<int64_t> JsonReader::as_int(const Json& v, const std::string& path, int64_t lo,
                                          int64_t hi) {
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

std::optional<uint32_t> JsonReader::as_u32(const Json& v, const std::string& path, uint32_t lo,
                                           uint32_t hi) {
  const auto i = as_int(v, path, lo, hi);
  if (!i) return std::nullopt;
  return static_cast<uint32_t>(*i);
}

std::optional<uint64_t> JsonReader::as_u64(const Json& v, const std::string& path) {
  if (v.is_number_unsigned()) return v.get<uint64_t>();
  if (v.is_number_integer() && v.get<int64_t>() >= 0)
    return static_cast<uint64_t>(v.get<int64_t>());
  if (v.is_string()) {
    if (auto h = parse_hex_number(v.get<std::string>(), 16)) return h;
  }
  type_err(path, "an unsigned 64-bit integer or a \"0x...\" hex string", v);
  return std::nullopt;
}

std::optional<double> JsonReader::as_number(const Json& v, const std::string& path) {
  if (!v.is_number()) {
    type_err(path, "a number", v);
    return std::nullopt;
  }
  return v.get<double>();
}

std::optional<bool> JsonReader::as_bool(const Json& v, const std::string& path) {
  if (!v.is_boolean()) {
    type_err(path, "true or false", v);
    return std::nullopt;
  }
  return v.get<bool>();
}

std::optional<std::string> JsonReader::as_string(const Json& v, const std::string& path) {
  if (!v.is_string()) {
    type_err(path, "a string", v);
    return std::nullopt;
  }
  return v.get<std::string>();
}

void JsonReader::unknown_name(const std::string& path, std::string_view what,
                              const std::string& given, std::span<const std::string_view> names) {
  std::string msg = "unknown " + std::string(what) + " \"" + given + "\"";
  const std::string hint = core::did_you_mean(given, names);
  if (names.empty()) {
    msg += "; none is known here";  // e.g. "isa" when no ISA section reader was given
  } else {
    msg += hint.empty() ? "; expected " + join_or(names) : hint;
  }
  err("SCENE-VALUE", path, msg);
}

std::optional<std::vector<uint8_t>> JsonReader::hex_bytes(const Json& v, const std::string& path) {
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
    const int d = core::hex_digit(c);
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

std::optional<fs::path> JsonReader::resolve_file(const Json& v, const std::string& path) {
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

std::optional<std::vector<uint8_t>> JsonReader::read_binary(const fs::path& p,
                                                            const std::string& path) {
  std::ifstream in(p, std::ios::binary);
  if (!in) {
    err("SCENE-FILE", path, "cannot read \"" + p.string() + "\"");
    return std::nullopt;
  }
  std::vector<uint8_t> out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return out;
}

bool JsonReader::charge(uint64_t bytes, const std::string& path) {
  used_ += bytes;
  if (used_ > opt_.max_bytes) {
    err("SCENE-BUDGET", path,
        "the scene needs " + std::to_string(used_) + " bytes, more than the budget of " +
            std::to_string(opt_.max_bytes) + " bytes");
    return false;
  }
  return true;
}

}  // namespace texsim::scene
