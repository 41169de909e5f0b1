// JSON Lines requests: blocks of lines from a stream, and their parse. The simdjson path accepts
// only lines the strict reader (sample_request.cpp) accepts and gives them the same values
// (decision P26; tests/unit/sample_jsonl_test.cpp compares both on random and mutated lines);
// anything else goes to the strict reader, which also writes every diagnostic.
#include "cli/sample_jsonl.hpp"

#include <simdjson.h>

#include <charconv>
#include <cstring>

#include "cli/sample_request.hpp"

namespace texsim::cli {

namespace {

namespace od = simdjson::ondemand;

bool blank(std::string_view s) {
  return s.find_first_not_of(" \t\r") == std::string_view::npos;
}

// A JSON number: integers as nlohmann reads them (int64, or uint64 above INT64_MAX), others as
// double (both correctly rounded); false for what the fast path leaves to the strict reader.
struct Number {
  bool integer = false;
  int64_t i = 0;
  uint64_t u = 0;
  bool big = false;  // above INT64_MAX (in u)
  double d = 0;
  float as_float() const {
    return integer ? (big ? static_cast<float>(u) : static_cast<float>(i)) : static_cast<float>(d);
  }
};

bool number(od::value v, Number& n) {
  od::json_type t;
  if (v.type().get(t) || t != od::json_type::number) return false;
  std::string_view tok = v.raw_json_token();
  while (!tok.empty() &&
         (tok.back() == ' ' || tok.back() == '\t' || tok.back() == '\r' || tok.back() == '\n'))
    tok.remove_suffix(1);
  if (tok == "-0") return false;  // nlohmann: integer 0; leave the corner to it
  n.integer = tok.find_first_of(".eE") == std::string_view::npos;
  if (!n.integer) return !v.get_double().get(n.d);
  const char* e = tok.data() + tok.size();
  const auto whole = [e](std::from_chars_result r) { return r.ec == std::errc() && r.ptr == e; };
  if (whole(std::from_chars(tok.data(), e, n.i))) return true;
  n.big = tok[0] != '-' && whole(std::from_chars(tok.data(), e, n.u));
  return n.big;
}

bool in_range(const Number& n, int64_t lo, int64_t hi) {
  return n.integer && !n.big && n.i >= lo && n.i <= hi;
}

// Up to three numbers; each(k, number) decides.
template <typename F>
bool vec(od::value v, F&& each) {
  od::array arr;
  if (v.get_array().get(arr)) return false;
  size_t k = 0;
  for (auto el : arr) {
    od::value e;
    Number n;
    if (el.get(e) || k >= 3 || !number(e, n) || !each(k, n)) return false;
    ++k;
  }
  return k >= 1;
}

// One row from a line, or false: the strict reader takes the line.
class FastLine {
 public:
  FastLine(RequestBlock& k, size_t i) : k_(k), i_(i) { k_.op[i_] = SampleOp::kLevel; }

  bool parse(od::parser& parser, std::string_view line, size_t capacity) {
    od::document doc;
    if (parser.iterate(line.data(), line.size(), capacity).get(doc)) return false;
    od::object obj;
    if (doc.get_object().get(obj)) return false;
    for (auto field : obj) {
      std::string_view key;
      od::value v;
      if (field.unescaped_key().get(key) || field.value().get(v) || !member(key, v)) return false;
    }
    const char* rest = nullptr;
    if (!doc.current_location().get(rest)) return false;  // text after the object
    return (seen_ & kSurface) && (k_.fetch[i_] || (seen_ & kSampler)) &&
           !(k_.fetch[i_] && float_coord_);
  }

 private:
  enum : uint32_t { kSurface = 1, kSampler = 2 };

  // Each key at most once (nlohmann keeps the last of duplicates and reads keys sorted).
  bool once(std::string_view key) {
    static constexpr std::string_view kKeys[] = {
        "op",        "id",     "surface",     "sampler", "coord", "ddx",
        "ddy",       "offset", "array_index", "lod",     "bias",  "reference",
        "component", "slice",  "level",       "sample",  "mcs"};
    for (size_t b = 0; b < std::size(kKeys); ++b) {
      if (kKeys[b] != key) continue;
      const uint32_t bit = 1u << (b + 2);
      // lod and bias write the same value: both present is left to the strict reader.
      const uint32_t also = key == "lod" ? 1u << (10 + 2) : key == "bias" ? 1u << (9 + 2) : 0;
      if (keys_ & (bit | also)) return false;
      keys_ |= bit;
      return true;
    }
    return false;
  }

  bool uint_key(od::value v, uint32_t& out, int64_t hi = UINT32_MAX) {
    Number n;
    if (!number(v, n) || !in_range(n, 0, hi)) return false;
    out = static_cast<uint32_t>(n.i);
    return true;
  }

  bool float_key(od::value v, float& out) {
    Number n;
    if (!number(v, n)) return false;
    out = n.as_float();
    return true;
  }

  bool id(od::value v) {
    od::json_type t;
    if (v.type().get(t)) return false;
    std::string_view tok = v.raw_json_token();
    while (!tok.empty() && (tok.back() == ' ' || tok.back() == '\t' || tok.back() == '\r'))
      tok.remove_suffix(1);
    if (t == od::json_type::string) {
      // Printed back as nlohmann would: only strings that need no escaping.
      if (tok.size() < 2 || tok.find('\\') != std::string_view::npos) return false;
      for (char c : tok)
        if (static_cast<unsigned char>(c) < 0x20) return false;
      k_.id[i_].assign(tok);
      k_.id_text[i_].assign(tok.substr(1, tok.size() - 2));
      return true;
    }
    Number n;
    if (t == od::json_type::number && (!number(v, n) || !n.integer)) return false;
    if (t == od::json_type::object || t == od::json_type::array) return false;
    k_.id[i_].assign(tok);
    k_.id_text[i_].assign(tok);
    return true;
  }

  bool member(std::string_view key, od::value v) {
    if (!once(key)) return false;
    RequestBlock& k = k_;
    const size_t i = i_;
    if (key == "op") {
      std::string_view s;
      if (v.get_string().get(s)) return false;
      const auto code = request_op_code(s);
      if (!code) return false;
      const RequestOp r = request_op(*code);
      k.fetch[i] = r.fetch;
      k.op[i] = r.op;
      return true;
    }
    if (key == "id") return id(v);
    if (key == "surface") return seen_ |= kSurface, uint_key(v, k.surface[i]);
    if (key == "sampler") return seen_ |= kSampler, uint_key(v, k.sampler[i]);
    if (key == "coord") {
      float* c[3] = {&k.u[i], &k.v[i], &k.w[i]};
      uint32_t* ic[3] = {&k.x[i], &k.y[i], &k.z[i]};
      return vec(v, [&](size_t j, const Number& n) {
        if (n.integer) {
          if (!in_range(n, INT32_MIN, UINT32_MAX)) return false;
          *ic[j] = static_cast<uint32_t>(n.i);
        } else {
          float_coord_ = true;
        }
        *c[j] = n.as_float();
        return true;
      });
    }
    if (key == "ddx" || key == "ddy") {
      float* d[3] = {&k.ddx_u[i], &k.ddx_v[i], &k.ddx_w[i]};
      if (key == "ddy") d[0] = &k.ddy_u[i], d[1] = &k.ddy_v[i], d[2] = &k.ddy_w[i];
      return vec(v, [&](size_t j, const Number& n) { return *d[j] = n.as_float(), true; });
    }
    if (key == "offset") {
      int32_t* o[3] = {&k.offset_x[i], &k.offset_y[i], &k.offset_z[i]};
      return vec(v, [&](size_t j, const Number& n) {
        return in_range(n, INT32_MIN, INT32_MAX) && (*o[j] = static_cast<int32_t>(n.i), true);
      });
    }
    if (key == "array_index") return float_key(v, k.array_index[i]);
    if (key == "lod" || key == "bias") return float_key(v, k.lod[i]);
    if (key == "reference") return float_key(v, k.reference[i]);
    if (key == "component") {
      uint32_t c = 0;
      return uint_key(v, c, 3) && (k.component[i] = static_cast<uint8_t>(c), true);
    }
    if (key == "slice") return uint_key(v, k.slice[i]);
    if (key == "level") return uint_key(v, k.level[i]);
    if (key == "sample") return uint_key(v, k.sample[i]);
    if (key == "mcs") {
      Number n;
      if (!number(v, n) || !n.integer || (!n.big && n.i < 0)) return false;
      k.mcs[i] = n.big ? n.u : static_cast<uint64_t>(n.i);
      return k.has_mcs[i] = 1, true;
    }
    return false;
  }

  RequestBlock& k_;
  size_t i_;
  uint32_t seen_ = 0, keys_ = 0;
  bool float_coord_ = false;
};

// The strict reader's row into the block's columns.
void store(RequestBlock& k, size_t i, const SampleRequestLine& q) {
  k.fetch[i] = q.fetch;
  k.op[i] = q.op;
  k.surface[i] = q.surface, k.sampler[i] = q.sampler, k.component[i] = q.component;
  k.u[i] = q.coord[0], k.v[i] = q.coord[1], k.w[i] = q.coord[2];
  k.x[i] = q.icoord[0], k.y[i] = q.icoord[1], k.z[i] = q.icoord[2];
  k.ddx_u[i] = q.ddx[0], k.ddx_v[i] = q.ddx[1], k.ddx_w[i] = q.ddx[2];
  k.ddy_u[i] = q.ddy[0], k.ddy_v[i] = q.ddy[1], k.ddy_w[i] = q.ddy[2];
  k.array_index[i] = q.array_index, k.lod[i] = q.lod, k.reference[i] = q.reference;
  k.offset_x[i] = q.offset[0], k.offset_y[i] = q.offset[1], k.offset_z[i] = q.offset[2];
  k.slice[i] = q.slice, k.level[i] = q.level, k.sample[i] = q.sample;
  k.mcs[i] = q.mcs.value_or(0), k.has_mcs[i] = q.mcs.has_value();
  k.id[i] = q.id, k.id_text[i] = q.id_text;
}

// Clears row i after a failed fast parse (it may have written some columns).
void clear_row(RequestBlock& k, size_t i) {
  store(k, i, SampleRequestLine{});
}

}  // namespace

bool LineReader::fill() {
  if (eof_) return false;
  if (pos_ > 0) buf_.erase(0, pos_), pos_ = 0;
  const size_t old = buf_.size();
  buf_.resize(old + (1u << 20));
  const size_t n = std::fread(buf_.data() + old, 1, 1u << 20, in_);
  buf_.resize(old + n);
  if (n == 0) {
    eof_ = true;
    failed_ = std::ferror(in_) != 0;
  }
  return n > 0;
}

bool LineReader::next(RequestBlock& block, bool keep) {
  block.text.clear();
  block.line_start.clear();
  block.line_number.clear();
  size_t lines = 0;
  while (lines < kBlockRows) {
    size_t nl = buf_.find('\n', pos_);
    while (nl == std::string::npos && fill()) nl = buf_.find('\n', pos_);
    if (nl == std::string::npos && pos_ >= buf_.size()) break;  // end of input
    const size_t end = nl == std::string::npos ? buf_.size() : nl;
    const std::string_view text(buf_.data() + pos_, end - pos_);
    ++line_, ++lines;
    bytes_ += text.size() + 1;
    if (keep && !blank(text)) {
      block.line_start.push_back(block.text.size());
      block.line_number.push_back(line_);
      block.text.append(text);
      block.text += '\n';
    }
    pos_ = nl == std::string::npos ? buf_.size() : nl + 1;
  }
  block.text.append(simdjson::SIMDJSON_PADDING, ' ');
  return lines > 0;
}

size_t parse_text_block(RequestBlock& k, const std::string& file, bool bounds, bool fast) {
  thread_local od::parser parser;
  const size_t n = k.line_start.size();
  k.binary = false;
  k.reset(n, bounds, true);
  k.zero_columns.clear();
  size_t fast_rows = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t start = k.line_start[i];
    const size_t end =
        i + 1 < n ? k.line_start[i + 1] - 1 : k.text.size() - simdjson::SIMDJSON_PADDING - 1;
    const std::string_view line(k.text.data() + start, end - start);
    k.line[i] = k.line_number[i];
    if (fast && FastLine(k, i).parse(parser, line, k.text.size() - start)) {
      k.valid[i] = 1;
      ++fast_rows;
      continue;
    }
    clear_row(k, i);
    Diagnostics diags;
    if (auto q = parse_sample_request(line, k.line_number[i], file, diags)) {
      store(k, i, *q);
      k.valid[i] = 1;
    } else {
      k.status[i] = static_cast<uint8_t>(RowStatus::kError);
      ++k.errors;
      for (Diagnostic& d : diags) k.diags.push_back(std::move(d));
    }
  }
  return fast_rows;
}

}  // namespace texsim::cli
