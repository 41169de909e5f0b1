// The generic descriptor walk: decode, assemble split values, print, validate, parse, encode and
// self-check any DescriptorType. Knows no vendor; depends on core only.
#include "hwstate/fields.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/text.hpp"

namespace texsim::hwstate {

std::string_view field_kind_name(FieldKind k) {
  switch (k) {
    case FieldKind::kUint:
      return "uint";
    case FieldKind::kEnum:
      return "enum";
    case FieldKind::kReserved:
      return "reserved";
    case FieldKind::kSignedFixed:
      return "sfixed";
    case FieldKind::kUnsignedFixed:
      return "ufixed";
    case FieldKind::kFloat32:
      return "float";
    case FieldKind::kUnnamed:
      return "unnamed";
  }
  return "?";
}

namespace {

// Names as a user types them: case-insensitive, '_' and ' ' alike ("Min_Mode_Filter" names
// genxml's "Min Mode Filter").
bool name_equals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char x = a[i] == '_' ? ' ' : core::ascii_lower(a[i]);
    const char y = b[i] == '_' ? ' ' : core::ascii_lower(b[i]);
    if (x != y) return false;
  }
  return true;
}

}  // namespace

const EnumValue* FieldDesc::find_value(uint64_t raw) const {
  for (const EnumValue& v : values)
    if (v.value == raw) return &v;
  return nullptr;
}

const EnumValue* FieldDesc::find_value(std::string_view value_name) const {
  for (const EnumValue& v : values)
    if (name_equals(v.name, value_name)) return &v;
  return nullptr;
}

const FieldDesc* DescriptorType::find_field(std::string_view field_name) const {
  for (const FieldDesc& f : fields)
    if (name_equals(f.name, field_name)) return &f;
  return nullptr;
}

std::string_view DescriptorType::rule_prefix() const {
  return name.substr(0, name.find('.'));
}

uint64_t get_bits(std::span<const uint8_t> bytes, unsigned hi, unsigned lo) {
  assert(hi >= lo && hi - lo < 64 && hi / 8 < bytes.size());
  uint64_t v = 0;
  for (unsigned b = hi + 1; b-- > lo;) v = (v << 1) | ((bytes[b / 8] >> (b % 8)) & 1u);
  return v;
}

void set_bits(std::span<uint8_t> bytes, unsigned hi, unsigned lo, uint64_t value) {
  assert(hi >= lo && hi - lo < 64 && hi / 8 < bytes.size());
  for (unsigned b = lo; b <= hi; ++b) {
    const auto bit = static_cast<uint8_t>(1u << (b % 8));
    if ((value >> (b - lo)) & 1u)
      bytes[b / 8] = static_cast<uint8_t>(bytes[b / 8] | bit);
    else
      bytes[b / 8] = static_cast<uint8_t>(bytes[b / 8] & ~bit);
  }
}

std::vector<FieldValue> decode(const DescriptorType& type, std::span<const uint8_t> bytes) {
  assert(bytes.size() >= type.size_bytes);
  std::vector<FieldValue> out;
  out.reserve(type.fields.size());
  for (const FieldDesc& f : type.fields) out.push_back({&f, get_bits(bytes, f.hi, f.lo)});
  return out;
}

std::vector<std::pair<std::string_view, uint64_t>> composites(const DescriptorType& type,
                                                              std::span<const uint8_t> bytes) {
  std::vector<std::pair<std::string_view, uint64_t>> out;
  for (const FieldDesc& f : type.fields) {
    if (f.composite.empty()) continue;
    auto it = std::find_if(out.begin(), out.end(), [&](auto& p) { return p.first == f.composite; });
    if (it == out.end()) it = out.insert(out.end(), {f.composite, 0});
    it->second |= get_bits(bytes, f.hi, f.lo) << f.composite_shift;
  }
  return out;
}

std::optional<uint64_t> composite_value(const DescriptorType& type, std::span<const uint8_t> bytes,
                                        std::string_view name) {
  for (const auto& [n, v] : composites(type, bytes))
    if (core::iequals(n, name)) return v;
  return std::nullopt;
}

namespace {

// Shortest-enough decimal text: 9 significant digits round-trip a binary32, 17 a binary64 (the
// fixed-point values, n / 2^frac, are exact doubles).
std::string number_text(double v, int digits = 17) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

double fixed_value(const FieldDesc& f, uint64_t raw) {
  double v = static_cast<double>(raw);
  if (f.kind == FieldKind::kSignedFixed && (raw >> (f.width() - 1)) & 1u)
    v -= std::ldexp(1.0, static_cast<int>(f.width()));
  return std::ldexp(v, -static_cast<int>(f.frac_bits));
}

}  // namespace

std::string fixed8_text(float v, double lo, double hi) {
  const double c = std::clamp(static_cast<double>(v), lo, hi);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", std::trunc(c * 256.0) / 256.0);
  return buf;
}

std::string value_text(const FieldDesc& f, uint64_t raw) {
  switch (f.kind) {
    case FieldKind::kEnum: {
      const EnumValue* v = f.find_value(raw);
      return v ? std::string(v->name) : core::hex(raw) + " (undefined)";
    }
    case FieldKind::kSignedFixed:
    case FieldKind::kUnsignedFixed:
      return number_text(fixed_value(f, raw));
    case FieldKind::kFloat32:
      return number_text(std::bit_cast<float>(static_cast<uint32_t>(raw)), 9);
    case FieldKind::kUint:
    case FieldKind::kUnnamed:
    case FieldKind::kReserved:
      return raw < 10 ? std::to_string(raw) : core::hex(raw);
  }
  return {};
}

std::string print(const DescriptorType& type, std::span<const uint8_t> bytes) {
  size_t name_w = 0, bits_w = 0;
  for (const FieldDesc& f : type.fields) {
    name_w = std::max(name_w, f.name.size());
    bits_w = std::max(bits_w, f.bits.size());
  }
  std::string out;
  auto pad = [](std::string_view s, size_t w) {
    return std::string(s) + std::string(w > s.size() ? w - s.size() : 0, ' ');
  };
  for (const FieldValue& v : decode(type, bytes))
    out += pad(v.field->name, name_w) + "  " + pad(v.field->bits, bits_w) + "  = " +
           value_text(*v.field, v.raw) + "\n";
  for (const auto& [name, value] : composites(type, bytes))
    out += pad(name, name_w) + "  " + pad("(pieces)", bits_w) + "  = " + core::hex(value) + "\n";
  return out;
}

bool validate(const DescriptorType& type, std::span<const uint8_t> bytes, core::DiagSink& sink,
              const core::Location& loc) {
  const size_t before = sink.error_count();
  const std::string prefix(type.rule_prefix());
  for (const FieldValue& v : decode(type, bytes)) {
    const FieldDesc& f = *v.field;
    core::Location at = loc;
    if (auto* b = std::get_if<core::BinaryLoc>(&at)) {
      b->bit_hi = f.hi;
      b->bit_lo = f.lo;
      b->has_bits = true;
    }
    const std::string cite = std::string(type.citation) + ", " + std::string(f.name);
    if (f.kind == FieldKind::kReserved && v.raw != 0)
      sink.error(prefix + "-RESERVED", at,
                 std::string(type.name) + " " + std::string(f.name) + " " + std::string(f.bits) +
                     " is reserved and must be 0, got " + core::hex(v.raw),
                 cite);
    if (f.kind == FieldKind::kUnnamed && v.raw != 0)
      sink.warning(prefix + "-UNNAMED", at,
                   std::string(type.name) + " bits " + std::string(f.bits) + " hold " +
                       core::hex(v.raw) + "; the source names no field there",
                   std::string(type.citation));
    if (f.kind == FieldKind::kEnum && !f.find_value(v.raw))
      sink.error(prefix + "-ENUM", at,
                 std::string(type.name) + " " + std::string(f.name) + " " + std::string(f.bits) +
                     " holds " + core::hex(v.raw) + ", which the source names no value for",
                 cite);
  }
  return sink.error_count() == before;
}

namespace {

std::optional<uint64_t> parse_uint(std::string_view t) {
  uint64_t v = 0;
  int base = 10;
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
    t.remove_prefix(2);
    base = 16;
  }
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v, base);
  if (ec != std::errc{} || p != t.data() + t.size()) return std::nullopt;
  return v;
}

std::optional<double> parse_real(std::string_view t) {
  std::string s(t);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// A fixed-point value from its real value: exact multiples of 2^-frac inside the field only.
std::optional<uint64_t> fixed_raw(const FieldDesc& f, double v, std::string& why) {
  const double scaled = std::ldexp(v, f.frac_bits);
  const double lo = f.kind == FieldKind::kSignedFixed ? -std::ldexp(1.0, f.width() - 1) : 0.0;
  const double hi = f.kind == FieldKind::kSignedFixed ? std::ldexp(1.0, f.width() - 1) - 1
                                                      : std::ldexp(1.0, f.width()) - 1;
  if (scaled != std::floor(scaled)) {
    why = "is not a multiple of 1/" + std::to_string(1u << f.frac_bits);
    return std::nullopt;
  }
  if (scaled < lo || scaled > hi) {
    why = "is outside [" + number_text(std::ldexp(lo, -f.frac_bits)) + ", " +
          number_text(std::ldexp(hi, -f.frac_bits)) + "]";
    return std::nullopt;
  }
  return static_cast<uint64_t>(static_cast<int64_t>(scaled)) & f.max_raw();
}

}  // namespace

std::optional<uint64_t> parse_value(const FieldDesc& f, std::string_view text,
                                    core::DiagSink& sink) {
  text = core::trim(text);
  std::string why = "is not a value of this field";
  std::optional<uint64_t> raw;
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (const EnumValue* v = f.find_value(text)) {
    raw = v->value;
  } else if (hex || f.kind == FieldKind::kUint || f.kind == FieldKind::kEnum ||
             f.kind == FieldKind::kReserved || f.kind == FieldKind::kUnnamed) {
    raw = parse_uint(text);
    if (raw && *raw > f.max_raw()) {
      why = "does not fit in " + std::to_string(f.width()) + " bits (max " +
            core::hex(f.max_raw()) + ")";
      raw.reset();
    }
  } else if (auto real = parse_real(text)) {
    if (f.kind == FieldKind::kFloat32)
      raw = std::bit_cast<uint32_t>(static_cast<float>(*real));
    else
      raw = fixed_raw(f, *real, why);
  }
  if (!raw)
    sink.error("DESC-VALUE", {}, std::string(f.name) + "=" + std::string(text) + ": " + why);
  return raw;
}

bool set_named(const DescriptorType& type, std::span<uint8_t> bytes, std::string_view name,
               std::string_view value, core::DiagSink& sink) {
  if (const FieldDesc* f = type.find_field(name)) {
    auto raw = parse_value(*f, value, sink);
    if (raw) set_bits(bytes, f->hi, f->lo, *raw);
    return raw.has_value();
  }
  // A composite: split over its pieces; bits no piece holds must be zero.
  uint64_t covered = 0;
  bool any = false;
  for (const FieldDesc& f : type.fields)
    if (core::iequals(f.composite, name)) {
      any = true;
      covered |= f.max_raw() << f.composite_shift;
    }
  if (!any) {
    sink.error("DESC-FIELD", {},
               std::string(type.name) + " has no field named " + std::string(name));
    return false;
  }
  auto v = parse_uint(core::trim(value));
  if (!v || (*v & ~covered) != 0) {
    sink.error("DESC-VALUE", {},
               std::string(name) + "=" + std::string(value) +
                   ": not a number whose set bits are all in the pieces (mask " +
                   core::hex(covered) + ")");
    return false;
  }
  for (const FieldDesc& f : type.fields)
    if (core::iequals(f.composite, name))
      set_bits(bytes, f.hi, f.lo, (*v >> f.composite_shift) & f.max_raw());
  return true;
}

std::optional<std::vector<uint8_t>> encode(
    const DescriptorType& type, std::span<const std::pair<std::string, std::string>> settings,
    core::DiagSink& sink) {
  std::vector<uint8_t> bytes(type.size_bytes, 0);
  bool ok = true;
  for (const auto& [name, value] : settings) ok = set_named(type, bytes, name, value, sink) && ok;
  if (!ok) return std::nullopt;
  return bytes;
}

std::vector<std::string> self_check(const DescriptorType& type) {
  std::vector<std::string> problems;
  const std::string t(type.name);
  std::vector<const FieldDesc*> owner(size_t{type.size_bytes} * 8, nullptr);
  std::set<std::string> names;
  // "TYPE FIELD<rest>" as one problem.
  auto problem = [&](const FieldDesc& f, const std::string& rest) {
    std::string p = t;
    p.append(" ").append(f.name).append(rest);
    problems.push_back(std::move(p));
  };
  for (const FieldDesc& f : type.fields) {
    if (f.lo > f.hi || f.hi >= type.size_bytes * 8 || f.width() > 64) {
      problem(f, std::string(": bits ").append(f.bits).append(" outside the type"));
      continue;
    }
    if (!names.insert(core::to_upper(f.name)).second) problem(f, ": twice");
    for (unsigned b = f.lo; b <= f.hi; ++b) {
      if (owner[b])
        problem(f, std::string(" overlaps ")
                       .append(owner[b]->name)
                       .append(" at bit ")
                       .append(std::to_string(b)));
      owner[b] = &f;
    }
    std::set<std::string> value_names;
    for (const EnumValue& v : f.values) {
      if (v.value > f.max_raw())
        problem(f, std::string(".").append(v.name).append(" does not fit"));
      if (!value_names.insert(core::to_upper(v.name)).second)
        problem(f, std::string(".").append(v.name).append(": twice"));
    }
    if ((f.kind == FieldKind::kEnum) != !f.values.empty())
      problem(f, ": enum kind and value list disagree");
  }
  // Composite pieces: disjoint bits of the whole.
  for (size_t i = 0; i < type.fields.size(); ++i)
    for (size_t j = i + 1; j < type.fields.size(); ++j) {
      const FieldDesc& a = type.fields[i];
      const FieldDesc& b = type.fields[j];
      if (a.composite.empty() || a.composite != b.composite) continue;
      if ((a.max_raw() << a.composite_shift) & (b.max_raw() << b.composite_shift))
        problems.push_back(t + " " + std::string(a.name) + " and " + std::string(b.name) +
                           " hold the same bits of " + std::string(a.composite));
    }
  return problems;
}

uint64_t DescriptorView::raw(std::string_view field) const {
  const FieldDesc* f = type.find_field(field);
  return f ? get_bits(bytes, f->hi, f->lo) : 0;
}

std::string_view DescriptorView::name_of(std::string_view field) const {
  const FieldDesc* f = type.find_field(field);
  const EnumValue* v = f ? f->find_value(get_bits(bytes, f->hi, f->lo)) : nullptr;
  return v ? v->name : std::string_view{};
}

uint64_t DescriptorView::whole(std::string_view name) const {
  if (auto v = composite_value(type, bytes, name)) return *v;
  return raw(name);
}

float DescriptorView::real(std::string_view field) const {
  const FieldDesc& f = *type.find_field(field);
  return std::stof(value_text(f, get_bits(bytes, f.hi, f.lo)));
}

}  // namespace texsim::hwstate
