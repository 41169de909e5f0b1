// `texsim sample` results: JSONL and CSV text per block (the shortest decimal that reads back to
// the same float, NaN/inf as null in JSON), and the .npz result columns.
#include "cli/sample_writer.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

namespace texsim::cli {

namespace {

const char* kind_name(uint8_t k) {
  const auto kind = static_cast<TexelKind>(k);
  return kind == TexelKind::kFloat ? "float" : kind == TexelKind::kSint ? "sint" : "uint";
}

class TextOut {
 public:
  explicit TextOut(std::string& out) : out_(out) {}
  TextOut& operator+=(std::string_view s) {
    out_ += s;
    return *this;
  }
  TextOut& operator+=(char c) {
    out_ += c;
    return *this;
  }
  void num(uint64_t v) {
    char b[24];
    out_.append(b, std::to_chars(b, b + sizeof b, v).ptr);
  }
  void snum(int64_t v) {
    char b[24];
    out_.append(b, std::to_chars(b, b + sizeof b, v).ptr);
  }
  void hex(uint32_t v) {
    char b[16] = "0x";
    out_.append(b, std::to_chars(b + 2, b + sizeof b, v, 16).ptr);
  }
  // Shortest text that reads back to the same float; NaN/inf as null (JSON) or nan/inf (CSV).
  void value(uint8_t k, uint32_t bits, bool json) {
    const auto kind = static_cast<TexelKind>(k);
    char b[32];
    char* e = b;
    if (kind == TexelKind::kUint) {
      e = std::to_chars(b, b + sizeof b, bits).ptr;
    } else if (kind == TexelKind::kSint) {
      e = std::to_chars(b, b + sizeof b, static_cast<int32_t>(bits)).ptr;
    } else {
      const float f = std::bit_cast<float>(bits);
      if (!std::isfinite(f)) {
        out_ += json ? "null" : (std::isnan(f) ? "nan" : (f > 0 ? "inf" : "-inf"));
        return;
      }
      e = std::to_chars(b, b + sizeof b, f).ptr;
    }
    out_.append(b, e);
  }
  void csv_text(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) {
      out_ += s;
      return;
    }
    out_ += '"';
    for (char ch : s) out_ += ch == '"' ? std::string_view("\"\"") : std::string_view(&ch, 1);
    out_ += '"';
  }

 private:
  std::string& out_;
};

void csv_row(const RequestBlock& k, size_t i, bool bounds, TextOut& o) {
  const std::array<uint32_t, 4> bits{k.r[i], k.g[i], k.b[i], k.a[i]};
  o.num(k.line[i]);
  o += ',';
  if (k.binary) {
    if (k.has_id_number) o.snum(k.id_number[i]);
  } else {
    o.csv_text(k.id_text[i]);
  }
  o += ',';
  o += kind_name(k.kind[i]);
  for (uint32_t b : bits) o += ',', o.hex(b);
  for (uint32_t b : bits) o += ',', o.value(k.kind[i], b, false);
  o += ',';
  if (k.fetch[i]) o.num(k.flags[i]);
  if (bounds) {
    const bool has = !k.fetch[i] && k.has_range[i];
    const std::array<uint32_t, 8> range =
        has ? std::array<uint32_t, 8>{k.lo_r[i], k.lo_g[i], k.lo_b[i], k.lo_a[i],
                                      k.hi_r[i], k.hi_g[i], k.hi_b[i], k.hi_a[i]}
            : std::array<uint32_t, 8>{};
    for (uint32_t v : range) {
      o += ',';
      if (has) o.value(k.kind[i], v, false);
    }
  }
  o += '\n';
}

// --addresses: row i's reads from record `t` and lines from `l` as "texels" and "lines".
void json_texels(const RequestBlock::TexelColumns& c, size_t i, size_t t, size_t l, TextOut& o) {
  o += ",\"texels\":[";
  for (size_t k = t; k < t + c.count[i]; ++k) {
    o += k == t ? "{\"x\":" : ",{\"x\":";
    o.num(c.x[k]), o += ",\"y\":", o.num(c.y[k]), o += ",\"z\":", o.num(c.z[k]);
    o += ",\"level\":", o.num(c.level[k]), o += ",\"sample\":", o.num(c.sample[k]);
    o += ",\"address\":", o.num(c.address[k]), o += ",\"bytes\":", o.num(c.bytes[k]), o += '}';
  }
  o += "],\"lines\":[";
  for (size_t k = l; k < l + c.line_count[i]; ++k) o += k == l ? "" : ",", o.num(c.line[k]);
  o += ']';
}

void json_row(const RequestBlock& k, size_t i, TextOut& o) {
  const std::array<uint32_t, 4> bits{k.r[i], k.g[i], k.b[i], k.a[i]};
  o += k.binary ? "{\"row\":" : "{\"line\":";
  o.num(k.line[i]);
  if (k.binary && k.has_id_number) o += ",\"id\":", o.snum(k.id_number[i]);
  if (!k.binary && !k.id[i].empty()) o += ",\"id\":", o += k.id[i];
  o += ",\"kind\":\"";
  o += kind_name(k.kind[i]);
  o += "\",\"bits\":[";
  for (size_t c = 0; c < 4; ++c) o += c ? ",\"" : "\"", o.hex(bits[c]), o += '"';
  o += "],\"value\":[";
  for (size_t c = 0; c < 4; ++c) o += c ? "," : "", o.value(k.kind[i], bits[c], true);
  o += ']';
  if (k.fetch[i]) o += ",\"flags\":", o.num(k.flags[i]);
  if (!k.fetch[i] && !k.has_range.empty() && k.has_range[i]) {
    // An unbounded end ([-inf, +inf]: anything, NaN too) prints as null.
    const std::array<uint32_t, 4> lo{k.lo_r[i], k.lo_g[i], k.lo_b[i], k.lo_a[i]};
    const std::array<uint32_t, 4> hi{k.hi_r[i], k.hi_g[i], k.hi_b[i], k.hi_a[i]};
    o += ",\"lo\":[";
    for (size_t c = 0; c < 4; ++c) o += c ? "," : "", o.value(k.kind[i], lo[c], true);
    o += "],\"hi\":[";
    for (size_t c = 0; c < 4; ++c) o += c ? "," : "", o.value(k.kind[i], hi[c], true);
    o += ']';
    if (!k.bounded[i]) o += ",\"bounded\":false";
  }
}

scene::NpyField plain(scene::NpyKind kind, uint32_t size, std::vector<uint64_t> sub = {}) {
  return {"", {kind, size, false}, 0, std::move(sub)};
}

}  // namespace

std::string result_header(ResultFormat format, bool binary_rows, bool bounds) {
  if (format != ResultFormat::kCsv) return {};
  std::string h = binary_rows ? "row" : "line";
  h += ",id,kind,r_bits,g_bits,b_bits,a_bits,r,g,b,a,flags";
  if (bounds) h += ",r_lo,g_lo,b_lo,a_lo,r_hi,g_hi,b_hi,a_hi";
  return h + '\n';
}

void format_results(ResultFormat format, bool bounds, bool addresses, RequestBlock& block) {
  TextOut o(block.out);
  size_t t = 0, l = 0;  // --addresses: row i's first read and line
  for (size_t i = 0; i < block.count; ++i) {
    if (block.valid[i] && block.status[i] == static_cast<uint8_t>(RowStatus::kAnswered)) {
      if (format == ResultFormat::kCsv) {
        csv_row(block, i, bounds, o);
      } else {
        json_row(block, i, o);
        if (addresses) json_texels(block.texels, i, t, l, o);
        o += "}\n";
      }
    }
    if (addresses) t += block.texels.count[i], l += block.texels.line_count[i];
  }
}

NpzResults::NpzResults(bool row_column, bool line_column, bool bounds, bool ids, bool addresses)
    : row_(row_column), line_(line_column), bounds_(bounds), ids_(ids), addresses_(addresses) {
  using scene::NpyKind;
  // The order of serialize()'s columns.
  if (row_ || line_) npz_.add_array(line_ ? "line" : "row", {plain(NpyKind::kUint, 8)});
  npz_.add_array("status", {plain(NpyKind::kUint, 1)});
  npz_.add_array("kind", {plain(NpyKind::kUint, 1)});
  npz_.add_array("bits", {plain(NpyKind::kUint, 4, {4})});
  npz_.add_array("flags", {plain(NpyKind::kUint, 1)});
  if (bounds_) {
    npz_.add_array("lo", {plain(NpyKind::kUint, 4, {4})});
    npz_.add_array("hi", {plain(NpyKind::kUint, 4, {4})});
    npz_.add_array("bounded", {plain(NpyKind::kBool, 1)});
  }
  if (ids_) npz_.add_array("id", {plain(NpyKind::kInt, 8)});
  if (addresses_) {
    // Ragged: texel_start and line_start (N + 1, the first 0 written now) delimit each row's.
    const std::array<uint8_t, 8> zero{};
    texel_start_ = npz_.add_array("texel_start", {plain(NpyKind::kUint, 8)});
    npz_.append(texel_start_, zero);
    for (const char* name : {"texel_x", "texel_y", "texel_z", "texel_level", "texel_sample"})
      npz_.add_array(name, {plain(NpyKind::kUint, 4)});
    npz_.add_array("texel_address", {plain(NpyKind::kUint, 8)});
    npz_.add_array("texel_bytes", {plain(NpyKind::kUint, 4)});
    line_start_ = npz_.add_array("line_start", {plain(NpyKind::kUint, 8)});
    npz_.append(line_start_, zero);
    npz_.add_array("line_address", {plain(NpyKind::kUint, 8)});
  }
}

void NpzResults::serialize_texels(RequestBlock& k) const {
  const RequestBlock::TexelColumns& t = k.texels;
  auto copy = [&k](const auto& v) {
    auto& c = k.out_columns.emplace_back();
    c.resize(v.size() * sizeof(v[0]));
    if (!v.empty()) std::memcpy(c.data(), v.data(), c.size());
  };
  // The row counts; append() turns them into running offsets (in order).
  auto counts = [&k](const std::vector<uint32_t>& v) {
    auto& c = k.out_columns.emplace_back();
    c.resize(v.size() * 8);
    auto* w = reinterpret_cast<uint64_t*>(c.data());
    for (size_t i = 0; i < v.size(); ++i) w[i] = v[i];
  };
  counts(t.count);
  copy(t.x), copy(t.y), copy(t.z), copy(t.level), copy(t.sample), copy(t.address), copy(t.bytes);
  counts(t.line_count);
  copy(t.line);
}

void NpzResults::serialize(RequestBlock& k) const {
  const size_t n = k.count;
  k.out_columns.clear();
  auto column = [&k]() -> std::vector<uint8_t>& { return k.out_columns.emplace_back(); };
  auto copy = [&](const auto& v) {
    auto& c = column();
    c.resize(n * sizeof(v[0]));
    if (n != 0) std::memcpy(c.data(), v.data(), c.size());
  };
  auto rgba = [&](const std::vector<uint32_t>& r, const std::vector<uint32_t>& g,
                  const std::vector<uint32_t>& b, const std::vector<uint32_t>& a) {
    auto& c = column();
    c.resize(n * 16);
    auto* w = reinterpret_cast<uint32_t*>(c.data());
    for (size_t i = 0; i < n; ++i)
      w[4 * i] = r[i], w[4 * i + 1] = g[i], w[4 * i + 2] = b[i], w[4 * i + 3] = a[i];
  };
  if (row_ || line_) copy(k.line);
  copy(k.status), copy(k.kind);
  rgba(k.r, k.g, k.b, k.a);
  copy(k.flags);
  if (bounds_) {
    rgba(k.lo_r, k.lo_g, k.lo_b, k.lo_a);
    rgba(k.hi_r, k.hi_g, k.hi_b, k.hi_a);
    copy(k.bounded);
  }
  if (ids_) copy(k.id_number);
  if (addresses_) serialize_texels(k);
  k.out_crc.resize(k.out_columns.size());
  for (size_t c = 0; c < k.out_columns.size(); ++c)
    k.out_crc[c] = scene::zip_crc32(k.out_columns[c]);
}

bool NpzResults::write_in_place(const RequestBlock& k) const {
  for (size_t c = 0; c < k.out_columns.size(); ++c)
    if (!npz_.write_rows(c, k.out_row, k.out_columns[c])) return false;
  return true;
}

bool NpzResults::account(const RequestBlock& k) {
  for (size_t c = 0; c < k.out_columns.size(); ++c)
    if (!npz_.record(c, k.out_columns[c].size(), k.out_crc[c])) return false;
  return true;
}

bool NpzResults::append(RequestBlock& k) {
  for (size_t c = 0; c < k.out_columns.size(); ++c) {
    if (c == texel_start_ || c == line_start_) {
      // Counts to offsets past the rows so far (the CRC changes with them).
      uint64_t& total = c == texel_start_ ? texels_ : lines_;
      auto* w = reinterpret_cast<uint64_t*>(k.out_columns[c].data());
      for (size_t i = 0; i < k.out_columns[c].size() / 8; ++i) w[i] = total += w[i];
      if (!npz_.append(c, k.out_columns[c])) return false;
      continue;
    }
    if (!npz_.append(c, k.out_columns[c], k.out_crc[c])) return false;
  }
  return true;
}

}  // namespace texsim::cli
