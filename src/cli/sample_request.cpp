// Parsing of `texsim sample` request lines: one JSON object per line with the keys of
// docs/sample-requests.md, strictly typed; every problem is a SAMPLE-REQUEST-* diagnostic.
#include "cli/sample_request.hpp"

#include "cli/sample_block.hpp"

#include <array>
#include <cmath>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/suggest.hpp"
#include "core/text.hpp"
#include "scene/json_pos.hpp"

namespace texsim::cli {

namespace {

using nlohmann::json;

// The keys of a request (docs/sample-requests.md), for "did you mean".
constexpr std::array<std::string_view, 17> kKeys{
    "op",  "id",   "surface",   "sampler",   "coord", "ddx",   "ddy",    "offset", "array_index",
    "lod", "bias", "reference", "component", "slice", "level", "sample", "mcs"};

struct Ctx {
  uint64_t line;
  const std::string& file;
  Diagnostics& diags;
  std::string_view text;
  std::string key;              // the member being read ("" : the whole line)
  std::optional<size_t> index;  // its array element being read
  bool at_key = false;          // point at the key instead of the value

  // The column of the value (or key) being read; positions are computed on the first error.
  uint32_t column() {
    if (key.empty()) return 1;
    if (!positions) positions.emplace(text);
    std::string path = scene::json_member_path("", key);
    if (index) path = scene::json_index_path(path, *index);
    const scene::LineCol lc = positions->find(path, at_key);
    return lc.column == 0 ? 1 : lc.column;
  }
  void error(const std::string& rule, const std::string& message, uint32_t col = 0) {
    if (col == 0) col = column();
    Diagnostic d;
    d.rule = rule;
    d.file = file;
    d.line = static_cast<uint32_t>(line);
    d.column = col;
    d.message = message;
    d.citation = "docs/sample-requests.md";
    d.text = file + ":" + std::to_string(line) + ":" + std::to_string(col) + ": error[" + rule +
             "]: " + message + " (" + d.citation + ")";
    diags.push_back(std::move(d));
  }

  std::optional<scene::JsonPositions> positions = {};  // made by the first error
};

bool get_float(Ctx& c, const json& v, const char* key, float& out) {
  if (!v.is_number()) {
    c.error("SAMPLE-REQUEST-TYPE", std::string("\"") + key + "\": expected a number");
    return false;
  }
  out = v.get<float>();
  return true;
}

bool get_int(Ctx& c, const json& v, const char* key, int64_t lo, int64_t hi, int64_t& out) {
  if (!v.is_number_integer()) {
    c.error("SAMPLE-REQUEST-TYPE", std::string("\"") + key + "\": expected an integer");
    return false;
  }
  const int64_t x = v.is_number_unsigned() && v.get<uint64_t>() > uint64_t{INT64_MAX}
                        ? INT64_MAX
                        : v.get<int64_t>();
  if (x < lo || x > hi) {
    c.error("SAMPLE-REQUEST-RANGE", std::string("\"") + key + "\": " + std::to_string(x) +
                                        " is outside [" + std::to_string(lo) + ", " +
                                        std::to_string(hi) + "]");
    return false;
  }
  out = x;
  return true;
}

// An array of 1..3 numbers into out[0..]; the rest stay 0.
template <typename F>
bool get_vec(Ctx& c, const json& v, const char* key, F&& each) {
  if (!v.is_array() || v.empty() || v.size() > 3) {
    c.error("SAMPLE-REQUEST-TYPE", std::string("\"") + key + "\": expected an array of 1 to 3");
    return false;
  }
  for (size_t i = 0; i < v.size(); ++i) {
    c.index = i;
    if (!each(i, v[i])) return false;
  }
  c.index.reset();
  return true;
}

// The line as a JSON object; nullopt after a SAMPLE-REQUEST-JSON or -TYPE error.
std::optional<json> parse_request_object(Ctx& c, std::string_view text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    const auto col = static_cast<uint32_t>(std::min<size_t>(e.byte, UINT32_MAX));
    std::string what = e.what();
    size_t at = what.find("column");
    at = at == std::string::npos ? at : what.find(": ", at);
    c.error("SAMPLE-REQUEST-JSON",
            "not JSON: " + (at == std::string::npos ? what : what.substr(at + 2)),
            col == 0 ? 1 : col);
    return std::nullopt;
  }
  if (!j.is_object()) {
    c.error("SAMPLE-REQUEST-TYPE", "a request is a JSON object");
    return std::nullopt;
  }
  return j;
}

// Which keys a request had, for the checks once all were read.
struct KeysSeen {
  bool surface = false;
  bool sampler = false;
  bool float_coord = false;  // a coordinate that is not an integer
};

// "op": fetch, or one of the sample ops.
bool read_op(Ctx& c, const json& v, SampleRequestLine& r) {
  if (!v.is_string()) {
    c.error("SAMPLE-REQUEST-TYPE", "\"op\": expected a string");
    return false;
  }
  const std::string name = v.get<std::string>();
  const auto code = request_op_code(name);
  if (!code) {
    c.error("SAMPLE-REQUEST-OP", "\"op\": unknown '" + name + "'" +
                                     core::did_you_mean(name, kRequestOps) + " (" +
                                     core::join(kRequestOps) + ")");
    return false;
  }
  const RequestOp op = request_op(*code);
  r.fetch = op.fetch;
  r.op = op.op;
  return true;
}

// "coord": floats for sample ops; for fetch, integers (bit patterns: -2^31 .. 2^32-1).
bool read_coord(Ctx& c, const json& v, const char* k, SampleRequestLine& r, KeysSeen& seen) {
  return get_vec(c, v, k, [&](size_t n, const json& e) {
    if (e.is_number_integer()) {
      int64_t x = 0;
      if (!get_int(c, e, k, INT32_MIN, UINT32_MAX, x)) return false;
      r.icoord[n] = static_cast<uint32_t>(x);
    } else {
      seen.float_coord = true;
    }
    return get_float(c, e, k, r.coord[n]);
  });
}

// "offset": 1 to 3 immediate texel offsets.
bool read_offset(Ctx& c, const json& v, const char* k, SampleRequestLine& r) {
  return get_vec(c, v, k, [&](size_t n, const json& e) {
    int64_t x = 0;
    if (!get_int(c, e, k, INT32_MIN, INT32_MAX, x)) return false;
    r.offset[n] = static_cast<int32_t>(x);
    return true;
  });
}

// One member of the request into `r`; false after its error (an unknown key included).
bool read_member(Ctx& c, const std::string& key, const json& v, SampleRequestLine& r,
                 KeysSeen& seen) {
  const char* k = key.c_str();
  int64_t i = 0;
  bool ok = true;
  if (key == "op") {
    ok = read_op(c, v, r);
  } else if (key == "id") {
    r.id = v.dump();
    r.id_text = v.is_string() ? v.get<std::string>() : r.id;
  } else if (key == "surface") {
    ok = get_int(c, v, k, 0, UINT32_MAX, i);
    r.surface = static_cast<uint32_t>(i);
    seen.surface = true;
  } else if (key == "sampler") {
    ok = get_int(c, v, k, 0, UINT32_MAX, i);
    r.sampler = static_cast<uint32_t>(i);
    seen.sampler = true;
  } else if (key == "coord") {
    ok = read_coord(c, v, k, r, seen);
  } else if (key == "ddx" || key == "ddy") {
    auto& d = key == "ddx" ? r.ddx : r.ddy;
    ok = get_vec(c, v, k, [&](size_t n, const json& e) { return get_float(c, e, k, d[n]); });
  } else if (key == "offset") {
    ok = read_offset(c, v, k, r);
  } else if (key == "array_index") {
    ok = get_float(c, v, k, r.array_index);
  } else if (key == "lod" || key == "bias") {
    ok = get_float(c, v, k, r.lod);
  } else if (key == "reference") {
    ok = get_float(c, v, k, r.reference);
  } else if (key == "component") {
    ok = get_int(c, v, k, 0, 3, i);
    r.component = static_cast<uint8_t>(i);
  } else if (key == "slice" || key == "level" || key == "sample") {
    ok = get_int(c, v, k, 0, UINT32_MAX, i);
    (key == "slice" ? r.slice : key == "level" ? r.level : r.sample) = static_cast<uint32_t>(i);
  } else if (key == "mcs") {
    if (!v.is_number_unsigned()) {
      c.error("SAMPLE-REQUEST-TYPE", "\"mcs\": expected an unsigned integer");
      return false;
    }
    r.mcs = v.get<uint64_t>();
  } else {
    c.at_key = true;
    c.error("SAMPLE-REQUEST-KEY", "unknown key \"" + key + "\"" + core::did_you_mean(key, kKeys));
    return false;
  }
  return ok;
}

// The keys a request needs (surface; sampler for sample ops) and integer fetch coordinates.
bool check_required_keys(Ctx& c, const SampleRequestLine& r, const KeysSeen& seen) {
  bool ok = true;
  c.key.clear();
  if (!seen.surface) {
    c.error("SAMPLE-REQUEST-KEY", "\"surface\" is required");
    ok = false;
  }
  if (!r.fetch && !seen.sampler) {
    c.error("SAMPLE-REQUEST-KEY", "\"sampler\" is required for sample ops");
    ok = false;
  }
  if (r.fetch && seen.float_coord) {
    c.key = "coord";
    c.error("SAMPLE-REQUEST-TYPE", "\"coord\": a fetch takes integer texel coordinates");
    ok = false;
  }
  return ok;
}

}  // namespace

std::optional<SampleRequestLine> parse_sample_request(std::string_view text, uint64_t line,
                                                      const std::string& file, Diagnostics& diags) {
  Ctx c{line, file, diags, text, {}, {}, false};
  const std::optional<json> j = parse_request_object(c, text);
  if (!j) return std::nullopt;
  SampleRequestLine r;
  r.line = line;
  bool ok = true;
  KeysSeen seen;
  for (const auto& [key, v] : j->items()) {
    c.key = key;
    c.index.reset();
    c.at_key = false;
    ok = read_member(c, key, v, r, seen) && ok;
  }
  ok = check_required_keys(c, r, seen) && ok;
  if (!ok) return std::nullopt;
  return r;
}

}  // namespace texsim::cli
