// NumPy .npy headers: the magic, version and the Python dict literal ({'descr': ...,
// 'fortran_order':
// ..., 'shape': (...)}) as numpy.lib.format writes and reads it (format versions 1.0, 2.0, 3.0).
#include "scene/npy.hpp"

#include <charconv>
#include <cstring>
#include <limits>

#include "core/bytes.hpp"

namespace texsim::scene {

namespace {

constexpr std::string_view kMagic = "\x93NUMPY";

// A Python literal: the subset NumPy's headers use (str, bool, int, tuple, list, dict).
struct Literal {
  enum class Kind { kStr, kBool, kInt, kSeq, kDict } kind = Kind::kInt;
  std::string str;
  bool boolean = false;
  uint64_t integer = 0;
  std::vector<Literal> items;     // kSeq; kDict: the values
  std::vector<std::string> keys;  // kDict: the keys of `items`
  const Literal* get(std::string_view key) const {
    for (size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key) return &items[i];
    return nullptr;
  }
};

class LiteralParser {
 public:
  explicit LiteralParser(std::string_view s) : s_(s) {}
  std::optional<Literal> parse(std::string& why) {
    auto v = value(0);
    skip();
    if (v && i_ != s_.size()) v.reset(), error_ = "unexpected text after the header's dict";
    if (!v) why = error_.empty() ? "malformed header" : error_;
    return v;
  }

 private:
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t')) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) return ++i_, true;
    return false;
  }
  std::optional<Literal> fail(std::string msg) {
    if (error_.empty()) error_ = std::move(msg) + " at header byte " + std::to_string(i_);
    return std::nullopt;
  }
  std::optional<Literal> value(int depth) {
    skip();
    if (depth > 8 || i_ >= s_.size()) return fail("malformed header");
    const char c = s_[i_];
    if (c == '\'' || c == '"') return string();
    if (c == '(' || c == '[') return sequence(c == '(' ? ')' : ']', depth);
    if (c == '{') return dict(depth);
    if (s_.substr(i_, 4) == "True" || s_.substr(i_, 5) == "False") {
      Literal l;
      l.kind = Literal::Kind::kBool;
      l.boolean = s_[i_] == 'T';
      i_ += l.boolean ? 4 : 5;
      return l;
    }
    Literal l;
    const auto r = std::from_chars(s_.data() + i_, s_.data() + s_.size(), l.integer);
    if (r.ec != std::errc()) return fail("expected a value");
    i_ = static_cast<size_t>(r.ptr - s_.data());
    if (i_ < s_.size() && s_[i_] == 'L') ++i_;  // Python 2 longs
    return l;
  }
  std::optional<Literal> string() {
    const char q = s_[i_++];
    Literal l;
    l.kind = Literal::Kind::kStr;
    while (i_ < s_.size() && s_[i_] != q) {
      if (s_[i_] == '\\') return fail("escapes in header strings are not supported");
      l.str += s_[i_++];
    }
    if (i_ >= s_.size()) return fail("unterminated string");
    ++i_;
    return l;
  }
  std::optional<Literal> sequence(char close, int depth) {
    ++i_;
    Literal l;
    l.kind = Literal::Kind::kSeq;
    while (!eat(close)) {
      auto v = value(depth + 1);
      if (!v) return std::nullopt;
      l.items.push_back(std::move(*v));
      if (!eat(',')) {
        if (!eat(close)) return fail("expected ',' or a closing bracket");
        break;
      }
    }
    return l;
  }
  std::optional<Literal> dict(int depth) {
    ++i_;
    Literal l;
    l.kind = Literal::Kind::kDict;
    while (!eat('}')) {
      auto k = value(depth + 1);
      if (!k || k->kind != Literal::Kind::kStr) return fail("expected a string key");
      if (!eat(':')) return fail("expected ':'");
      auto v = value(depth + 1);
      if (!v) return std::nullopt;
      l.keys.push_back(k->str);
      l.items.push_back(std::move(*v));
      if (!eat(',')) {
        if (!eat('}')) return fail("expected ',' or '}'");
        break;
      }
    }
    return l;
  }

  std::string_view s_;
  size_t i_ = 0;
  std::string error_;
};

// "<f4", "|u1", ">i8", "|S8", "<U5", "|b1" into a type; nullopt for anything else.
std::optional<NpyType> parse_type(std::string_view d) {
  if (d.size() < 3) return std::nullopt;
  NpyType t;
  if (d[0] != '<' && d[0] != '>' && d[0] != '|' && d[0] != '=') return std::nullopt;
  t.big_endian = d[0] == '>';
  switch (d[1]) {
    case 'b':
      t.kind = NpyKind::kBool;
      break;
    case 'i':
      t.kind = NpyKind::kInt;
      break;
    case 'u':
      t.kind = NpyKind::kUint;
      break;
    case 'f':
      t.kind = NpyKind::kFloat;
      break;
    case 'S':
      t.kind = NpyKind::kBytes;
      break;
    case 'U':
      t.kind = NpyKind::kUnicode;
      break;
    default:
      return std::nullopt;
  }
  uint32_t n = 0;
  const auto r = std::from_chars(d.data() + 2, d.data() + d.size(), n);
  if (r.ec != std::errc() || r.ptr != d.data() + d.size() || n == 0 || n > (1u << 20))
    return std::nullopt;
  t.size = t.kind == NpyKind::kUnicode ? 4 * n : n;
  const bool sized = (t.kind == NpyKind::kBool && n == 1) ||
                     ((t.kind == NpyKind::kInt || t.kind == NpyKind::kUint) &&
                      (n == 1 || n == 2 || n == 4 || n == 8)) ||
                     (t.kind == NpyKind::kFloat && (n == 2 || n == 4 || n == 8)) ||
                     t.kind == NpyKind::kBytes || t.kind == NpyKind::kUnicode;
  if (!sized) return std::nullopt;
  if (t.size == 1 || t.kind == NpyKind::kBytes) t.big_endian = false;
  return t;
}

bool multiply(uint64_t& acc, uint64_t by) {
  if (by != 0 && acc > std::numeric_limits<uint64_t>::max() / by) return false;
  acc *= by;
  return true;
}

// A list of fields [('name', 'descr'[, (shape,)]), ...] into `h`.
bool parse_fields(const Literal& list, NpyHeader& h, std::string& why) {
  uint64_t offset = 0;
  for (const Literal& f : list.items) {
    const bool shaped =
        f.kind == Literal::Kind::kSeq && (f.items.size() == 2 || f.items.size() == 3);
    if (!shaped || f.items[0].kind != Literal::Kind::kStr ||
        f.items[1].kind != Literal::Kind::kStr) {
      why =
          "a structured dtype's fields must be ('name', 'type'[, shape]) (nested records are not "
          "supported)";
      return false;
    }
    NpyField field;
    field.name = f.items[0].str;
    const auto t = parse_type(f.items[1].str);
    if (!t) return why = "unsupported field type '" + f.items[1].str + "'", false;
    field.type = *t;
    field.offset = offset;
    if (f.items.size() == 3) {
      const Literal& s = f.items[2];
      if (s.kind == Literal::Kind::kInt) field.subshape.push_back(s.integer);
      for (const Literal& d : s.items) field.subshape.push_back(d.integer);
    }
    uint64_t bytes = field.type.size;
    for (uint64_t d : field.subshape)
      if (!multiply(bytes, d)) return why = "field '" + field.name + "' is too large", false;
    offset += bytes;
    h.fields.push_back(std::move(field));
  }
  h.record_size = offset;
  h.structured = true;
  return true;
}

}  // namespace

std::string NpyType::descr() const {
  const char order = (size == 1 || kind == NpyKind::kBytes) ? '|' : big_endian ? '>' : '<';
  const char* k = "?";
  switch (kind) {
    case NpyKind::kBool:
      k = "b";
      break;
    case NpyKind::kInt:
      k = "i";
      break;
    case NpyKind::kUint:
      k = "u";
      break;
    case NpyKind::kFloat:
      k = "f";
      break;
    case NpyKind::kBytes:
      k = "S";
      break;
    case NpyKind::kUnicode:
      k = "U";
      break;
  }
  return std::string(1, order) + k + std::to_string(kind == NpyKind::kUnicode ? size / 4 : size);
}

uint64_t NpyField::elements() const {
  uint64_t n = 1;
  for (uint64_t d : subshape) n *= d;
  return n;
}

uint64_t NpyHeader::count() const {
  uint64_t n = 1;
  for (uint64_t d : shape) n *= d;
  return n;
}

const NpyField* NpyHeader::field(std::string_view name) const {
  for (const NpyField& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

uint64_t npy_header_length(std::span<const uint8_t> b) {
  if (b.size() < 10 || std::memcmp(b.data(), kMagic.data(), kMagic.size()) != 0) return 0;
  const uint8_t major = b[6];
  if (major == 1) return 10 + core::load_le(b.data() + 8, 2);
  if ((major == 2 || major == 3) && b.size() >= 12) return 12 + core::load_le(b.data() + 8, 4);
  return 0;
}

std::optional<NpyHeader> parse_npy_header(std::span<const uint8_t> bytes, std::string& why) {
  const uint64_t length = npy_header_length(bytes);
  if (length == 0) return why = "not a .npy array (magic \\x93NUMPY, version 1-3)", std::nullopt;
  if (length > bytes.size()) return why = "the .npy header is truncated", std::nullopt;
  const size_t start = bytes[6] == 1 ? 10 : 12;
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()) + start, length - start);
  auto lit = LiteralParser(text).parse(why);
  if (!lit) return std::nullopt;
  const Literal* descr = lit->get("descr");
  const Literal* order = lit->get("fortran_order");
  const Literal* shape = lit->get("shape");
  if (lit->kind != Literal::Kind::kDict || !descr || !order || !shape ||
      order->kind != Literal::Kind::kBool || shape->kind != Literal::Kind::kSeq)
    return why = "the header needs 'descr', 'fortran_order' and 'shape'", std::nullopt;
  NpyHeader h;
  h.fortran_order = order->boolean;
  h.data_offset = length;
  for (const Literal& d : shape->items) {
    if (d.kind != Literal::Kind::kInt) return why = "'shape' must hold integers", std::nullopt;
    h.shape.push_back(d.integer);
  }
  if (descr->kind == Literal::Kind::kStr) {
    const auto t = parse_type(descr->str);
    if (!t) return why = "unsupported dtype '" + descr->str + "'", std::nullopt;
    h.fields.push_back({"", *t, 0, {}});
    h.record_size = t->size;
  } else if (descr->kind != Literal::Kind::kSeq || !parse_fields(*descr, h, why)) {
    if (why.empty()) why = "unsupported dtype";
    return std::nullopt;
  }
  uint64_t total = h.record_size;
  for (uint64_t d : h.shape)
    if (!multiply(total, d)) return why = "the array's size overflows", std::nullopt;
  return h;
}

std::string format_npy_header(const std::vector<NpyField>& fields,
                              std::span<const uint64_t> shape) {
  std::string d = "{'descr': ";
  if (fields.size() == 1 && fields[0].name.empty() && fields[0].subshape.empty()) {
    d += "'" + fields[0].type.descr() + "'";
  } else {
    d += "[";
    for (const NpyField& f : fields) {
      d += "('" + f.name + "', '" + f.type.descr() + "'";
      if (!f.subshape.empty()) {
        d += ", (";
        for (uint64_t s : f.subshape) d += std::to_string(s) + ",";
        d += ")";
      }
      d += "), ";
    }
    d += "]";
  }
  d += ", 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < shape.size(); ++i)
    d += std::to_string(shape[i]) + (shape.size() == 1 || i + 1 < shape.size() ? ", " : "");
  if (!shape.empty() && d.ends_with(", ")) d.resize(d.size() - 1);
  d += "), }";
  const bool v2 = d.size() + 11 > 65535;
  const size_t pre = v2 ? 12 : 10;
  const size_t total = (pre + d.size() + 1 + 63) / 64 * 64;
  d.append(total - pre - d.size() - 1, ' ');
  d += '\n';
  std::string out(kMagic);
  out += static_cast<char>(v2 ? 2 : 1);
  out += '\0';
  const uint64_t n = d.size();
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i) out += static_cast<char>((n >> (8 * i)) & 0xff);
  return out + d;
}

}  // namespace texsim::scene
