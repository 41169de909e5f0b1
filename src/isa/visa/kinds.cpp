// Operand kinds, text side: parse/print and range checks, generic over FieldSpec (the binary
// side is kinds_binary.cpp).
// Depends on model, operands, symbols and core/half; never on syntax, rules or execution.
#include "isa/visa/kinds.hpp"

#include "core/text.hpp"
#include "isa/visa/kinds_internal.hpp"
#include "isa/visa/model_sample_unorm.hpp"

#include <array>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/half.hpp"

namespace texsim::isa::visa {
namespace {

constexpr std::array<std::string_view, 6> kMediaMods{"nomod",  "modified", "top",
                                                     "bottom", "top_mod",  "bottom_mod"};
constexpr std::array<std::string_view, 16> kEmasks{
    "M1",    "M2",    "M3",    "M4",    "M5",    "M6",    "M7",    "M8",
    "M1_NM", "M2_NM", "M3_NM", "M4_NM", "M5_NM", "M6_NM", "M7_NM", "M8_NM"};

// Character classes as tables (issue 18 item 4, parse speed): bit 0 starts an identifier
// ([A-Za-z_%$]), bit 1 continues one (those and [0-9]).
constexpr std::array<uint8_t, 256> kIdClass = [] {
  std::array<uint8_t, 256> t{};
  for (unsigned c = 0; c < 256; ++c) {
    const bool start =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '%' || c == '$';
    t[c] = static_cast<uint8_t>((start ? 3u : 0u) | (c >= '0' && c <= '9' ? 2u : 0u));
  }
  return t;
}();
bool id_start(char c) {
  return (kIdClass[static_cast<unsigned char>(c)] & 1u) != 0;
}
bool id_char(char c) {
  return (kIdClass[static_cast<unsigned char>(c)] & 2u) != 0;
}

using core::hex;
using detail::type_mask;

// Region value <-> code (0=null, 1=0, 2=1, 3=2, 4=4, 5=8, 6=16, 7=32).
std::optional<unsigned> region_code(uint64_t v) {
  if (v == 0) return 1;
  if (v > 32 || !std::has_single_bit(v)) return std::nullopt;
  return static_cast<unsigned>(std::countr_zero(v)) + 2;
}
unsigned region_value(unsigned code) {
  return code <= 1 ? 0 : 1u << (code - 2);
}

std::optional<std::string> parse_raw(TextCursor& c, const SymbolTable& syms, RawOperand& out) {
  c.skip_space();
  const size_t start = c.pos;
  const std::string_view name = c.identifier();
  if (name.empty()) return "expected a raw operand such as V40.0";
  const Variable* v = syms.find_name(name);
  if (v == nullptr || v->cls != VarClass::kGeneral) {
    c.pos = start;
    return "'" + std::string(name) + "' is not a declared general variable";
  }
  if (c.peek() != '.') return "expected '.<byte offset>' after " + std::string(name);
  ++c.pos;
  const auto off = c.number();
  if (!off || *off > 0xffff) return "expected a byte offset in [0, 65535]";
  out.id = v->id;
  out.offset = static_cast<uint16_t>(*off);
  return std::nullopt;
}

std::optional<std::string> parse_immediate(TextCursor& c, VectorOperand& out) {
  const size_t start = c.pos;
  size_t end = start;
  while (end < c.line.size() && c.line[end] != ':' && c.line[end] != ' ' && c.line[end] != '\t')
    ++end;
  const std::string lit(c.line.substr(start, end - start));
  if (end >= c.line.size() || c.line[end] != ':') return "expected an immediate such as 0x0:ud";
  c.pos = end + 1;
  const std::string_view tname = c.identifier();
  const auto t = type_from_name(tname);
  if (!t) {
    c.pos = end + 1;
    return "unknown immediate type '" + std::string(tname) + "'";
  }
  uint64_t bits = 0;
  const bool is_hex = lit.size() > 2 && lit[0] == '0' && (lit[1] == 'x' || lit[1] == 'X');
  const bool is_float_lit = !is_hex && lit.find_first_of(".eE") != std::string::npos;
  char* endp = nullptr;
  // An integer literal must fit its type: hex up to the type's mask, decimal from -2^(n-1)
  // (a negative value is its two's complement) up to 2^n - 1. "0x100000000:ud" is an error.
  const uint64_t mask = type_mask(*t);
  bool too_wide = false;
  errno = 0;
  if (is_hex) {
    bits = std::strtoull(lit.c_str() + 2, &endp, 16);
    too_wide = errno == ERANGE || bits > mask;
  } else if (is_float_lit) {
    const double d = std::strtod(lit.c_str(), &endp);
    if (*t == VisaType::kF) {
      bits = std::bit_cast<uint32_t>(static_cast<float>(d));
    } else if (*t == VisaType::kDF) {
      bits = std::bit_cast<uint64_t>(d);
    } else if (*t == VisaType::kHF) {
      bits = core::float_to_half(static_cast<float>(d));
    } else {
      c.pos = start;
      return "a floating-point literal needs type f, hf or df";
    }
  } else {
    const long long v = std::strtoll(lit.c_str(), &endp, 10);
    bits = static_cast<uint64_t>(v);
    too_wide = errno == ERANGE || (v >= 0 ? bits > mask : bits < ~(mask >> 1));
  }
  if (lit.empty() || endp == nullptr || *endp != '\0') {
    c.pos = start;
    return "malformed immediate '" + lit + "'";
  }
  if (too_wide) {
    c.pos = start;
    return "immediate '" + lit + "' does not fit type " + std::string(type_name(*t));
  }
  out = VectorOperand{};
  out.cls = VecClass::kImmediate;
  out.imm_type = *t;
  out.imm = bits & type_mask(*t);
  return std::nullopt;
}

std::optional<std::string> parse_scalar(TextCursor& c, const SymbolTable& syms,
                                        VectorOperand& out) {
  c.skip_space();
  VecModifier mod = VecModifier::kNone;
  if (c.peek() == '(') {
    static constexpr std::array<std::pair<std::string_view, VecModifier>, 4> kMods{
        {{"(-abs)", VecModifier::kNegAbs},
         {"(abs)", VecModifier::kAbs},
         {"(-)", VecModifier::kNeg},
         {"(~)", VecModifier::kNot}}};
    bool found = false;
    for (const auto& [txt, m] : kMods) {
      if (c.line.substr(c.pos, txt.size()) == txt) {
        c.pos += txt.size();
        mod = m;
        found = true;
        break;
      }
    }
    if (!found) return "expected a source modifier (-), (abs), (-abs) or (~)";
  }
  const char ch = c.peek();
  if ((ch >= '0' && ch <= '9') || ch == '-' || ch == '+' || ch == '.') {
    if (auto e = parse_immediate(c, out)) return e;
    out.mod = mod;
    return std::nullopt;
  }
  const size_t start = c.pos;
  const std::string_view name = c.identifier();
  if (name.empty()) return "expected a scalar operand such as V33(0,0)<0;1,0> or 0x0:ud";
  if (c.peek() == '[' || name == "r") return "indirect operands are not supported";
  const Variable* v = syms.find_name(name);
  if (v == nullptr || v->cls != VarClass::kGeneral) {
    c.pos = start;
    return "'" + std::string(name) + "' is not a declared general variable";
  }
  VectorOperand g;
  g.cls = VecClass::kGeneral;
  g.mod = mod;
  g.id = v->id;
  uint64_t rc[2] = {0, 0};
  if (!c.consume('(')) return "expected '(row,col)' after " + std::string(name);
  for (int i = 0; i < 2; ++i) {
    c.skip_space();
    const auto n = c.number();
    if (!n || *n > 255) return "expected a row/column offset in [0, 255]";
    rc[i] = *n;
    if (!c.consume(i == 0 ? ',' : ')')) return i == 0 ? "expected ','" : "expected ')'";
  }
  g.row = static_cast<uint8_t>(rc[0]);
  g.col = static_cast<uint8_t>(rc[1]);
  uint64_t reg[3] = {0, 0, 0};
  const char seps[3] = {';', ',', '>'};
  if (!c.consume('<')) return "expected a region such as <0;1,0>";
  for (int i = 0; i < 3; ++i) {
    c.skip_space();
    const size_t at = c.pos;
    const auto n = c.number();
    const auto code = n ? region_code(*n) : std::nullopt;
    if (!code) {
      c.pos = at;
      return "region values must be 0, 1, 2, 4, 8, 16 or 32";
    }
    reg[i] = *code;
    if (!c.consume(seps[i])) return std::string("expected '") + seps[i] + "' in the region";
  }
  g.region = static_cast<uint16_t>(reg[0] | (reg[1] << 4) | (reg[2] << 8));
  out = g;
  return std::nullopt;
}

std::string print_scalar(const VectorOperand& v, const SymbolTable& syms) {
  std::string s;
  switch (v.mod) {
    case VecModifier::kNone:
      break;
    case VecModifier::kAbs:
      s = "(abs)";
      break;
    case VecModifier::kNeg:
      s = "(-)";
      break;
    case VecModifier::kNegAbs:
      s = "(-abs)";
      break;
    case VecModifier::kSat:
      break;
    case VecModifier::kNot:
      s = "(~)";
      break;
  }
  if (v.cls == VecClass::kImmediate) return s + print_immediate(v.imm_type, v.imm);
  return s + syms.name_of(VarClass::kGeneral, v.id) + "(" + std::to_string(v.row) + "," +
         std::to_string(v.col) + ")" + print_region(v.region);
}

}  // namespace

// --- TextCursor ------------------------------------------------------------------------------

void TextCursor::skip_space() {
  while (pos < line.size() && (line[pos] == ' ' || line[pos] == '\t')) ++pos;
}

bool TextCursor::consume(char ch) {
  skip_space();
  if (peek() != ch) return false;
  ++pos;
  return true;
}

bool TextCursor::consume_word(std::string_view w) {
  skip_space();
  if (line.substr(pos, w.size()) != w) return false;
  if (!w.empty() && id_char(w.back()) && id_char(peek(w.size()))) return false;
  pos += w.size();
  return true;
}

std::string_view TextCursor::identifier() {
  if (!id_start(peek())) return {};
  const size_t start = pos;
  while (pos < line.size() && id_char(line[pos])) ++pos;
  return line.substr(start, pos - start);
}

std::optional<uint64_t> TextCursor::number() {
  const size_t start = pos;
  uint64_t v = 0;
  if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
    pos += 2;
    size_t digits = 0;
    for (;; ++digits, ++pos) {
      const char ch = peek();
      unsigned d;
      if (ch >= '0' && ch <= '9')
        d = static_cast<unsigned>(ch - '0');
      else if (ch >= 'a' && ch <= 'f')
        d = static_cast<unsigned>(ch - 'a' + 10);
      else if (ch >= 'A' && ch <= 'F')
        d = static_cast<unsigned>(ch - 'A' + 10);
      else
        break;
      if (digits >= 16) {
        pos = start;
        return std::nullopt;
      }
      v = v * 16 + d;
    }
    if (digits == 0) {
      pos = start;
      return std::nullopt;
    }
  } else {
    size_t digits = 0;
    while (peek() >= '0' && peek() <= '9') {
      if (digits >= 19) {
        pos = start;
        return std::nullopt;
      }
      v = v * 10 + static_cast<unsigned>(peek() - '0');
      ++pos;
      ++digits;
    }
    if (digits == 0) return std::nullopt;
  }
  if (id_char(peek())) {  // "12abc", "0x10:ud" is fine (':' is not an id char)
    pos = start;
    return std::nullopt;
  }
  return v;
}

// --- helpers ---------------------------------------------------------------------------------

unsigned exec_size_lanes(uint32_t value) {
  const unsigned code = value & 7;
  return code <= 5 ? 1u << code : 0;
}
unsigned exec_mask_index(uint32_t value) {
  return (value >> 4) & 0xf;
}
bool exec_no_mask(uint32_t value) {
  return exec_mask_index(value) >= 8;
}
std::optional<uint32_t> exec_value(unsigned lanes, unsigned emask) {
  if (lanes == 0 || lanes > 32 || !std::has_single_bit(lanes) || emask > 15) return std::nullopt;
  return static_cast<uint32_t>(std::countr_zero(lanes)) | (emask << 4);
}
std::string_view emask_name(unsigned emask) {
  return emask < 16 ? kEmasks[emask] : "?";
}

PredBits pred_bits(uint32_t value) {
  return PredBits{value & 0xfff, ((value >> 15) & 1) != 0, (value >> 13) & 3};
}
uint32_t pred_value(const PredBits& p) {
  return (p.id & 0xfff) | ((p.combine & 3) << 13) | (p.invert ? 0x8000u : 0u);
}

std::string print_immediate(VisaType t, uint64_t bits) {
  return hex(bits & type_mask(t)) + ":" + std::string(type_name(t));
}

std::string print_region(uint16_t region) {
  const unsigned vs = region & 0xf, w = (region >> 4) & 0xf, hs = (region >> 8) & 0xf;
  if (vs == 0 && w == 0 && hs == 0) return {};
  return "<" + std::to_string(region_value(vs)) + ";" + std::to_string(region_value(w)) + "," +
         std::to_string(region_value(hs)) + ">";
}

// --- parse / print ---------------------------------------------------------------------------

namespace {

// (M1, 16), (M5_NM, 8), (NoMask, 1): the execution mask and size.
std::optional<std::string> parse_exec_size(TextCursor& c, OperandValue& out) {
  if (!c.consume('(')) return "expected an execution size such as (M1, 16)";
  c.skip_space();
  unsigned emask = 0;
  const size_t at = c.pos;
  const std::string_view id = c.identifier();
  if (!id.empty()) {
    bool ok = false;
    if (id == "NoMask") {
      emask = 8;
      ok = true;
    }
    for (unsigned i = 0; i < kEmasks.size() && !ok; ++i) {
      if (kEmasks[i] == id) emask = i, ok = true;
    }
    if (!ok) {
      c.pos = at;
      return "unknown execution mask '" + std::string(id) + "' (M1..M8, M1_NM..M8_NM, NoMask)";
    }
    if (!c.consume(',')) return "expected ',' after the execution mask";
    c.skip_space();
  }
  const size_t nat = c.pos;
  const auto n = c.number();
  const auto v =
      n ? exec_value(static_cast<unsigned>(std::min<uint64_t>(*n, 64)), emask) : std::nullopt;
  if (!v) {
    c.pos = nat;
    return "execution size must be 1, 2, 4, 8, 16 or 32";
  }
  if (!c.consume(')')) return "expected ')'";
  out.value = *v;
  return std::nullopt;
}

// (!P1.any): a declared predicate, inverted and combined.
std::optional<std::string> parse_predicate(TextCursor& c, const SymbolTable& syms,
                                           OperandValue& out) {
  if (!c.consume('(')) return "expected a predicate such as (!P1)";
  PredBits p;
  p.invert = c.consume('!');
  c.skip_space();
  const size_t at = c.pos;
  const std::string_view name = c.identifier();
  const Variable* v = syms.find_name(name);
  if (v == nullptr || v->cls != VarClass::kPredicate) {
    c.pos = at;
    return "'" + std::string(name) + "' is not a declared predicate";
  }
  p.id = v->id;
  if (c.peek() == '.') {
    ++c.pos;
    const std::string_view comb = c.identifier();
    if (comb == "any")
      p.combine = 1;
    else if (comb == "all")
      p.combine = 2;
    else
      return "expected .any or .all";
  }
  if (!c.consume(')')) return "expected ')' after the predicate";
  out.value = pred_value(p);
  return std::nullopt;
}

// MEDIA_LD's modifier, by number or name.
std::optional<std::string> parse_media_modifier(TextCursor& c, OperandValue& out) {
  if (const auto n = c.number()) {  // the spec's Text: "<mods> is the bits"
    out.value = static_cast<uint32_t>(std::min<uint64_t>(*n, 255));
    return std::nullopt;
  }
  const size_t at = c.pos;
  const std::string_view id = c.identifier();
  for (uint32_t i = 0; i < kMediaMods.size(); ++i) {
    if (kMediaMods[i] == id) {
      out.value = i;
      return std::nullopt;
    }
  }
  c.pos = at;
  return "unknown media modifier '" + std::string(id) +
         "' (nomod, modified, top, bottom, top_mod, bottom_mod)";
}

// A declared surface or sampler variable.
std::optional<std::string> parse_state_variable(const FieldSpec& f, TextCursor& c,
                                                const SymbolTable& syms, OperandValue& out) {
  const VarClass cls = f.kind == Kind::kSurface ? VarClass::kSurface : VarClass::kSampler;
  const size_t at = c.pos;
  // Xe3P efficient-64-bit mode prints surfaces and samplers as general operands, "(V, idx)"
  // or "V(0,0)<0;1,0>[idx]" (research/intel_visa.md §2.6): named, not modelled (issue 13).
  static constexpr const char* kXe3p =
      " operand in the Xe3P efficient-64-bit form ('(var, index)' or a general variable) is "
      "not supported by texsim";
  if (c.peek() == '(')
    return std::string(cls == VarClass::kSurface ? "surface" : "sampler") + kXe3p;
  const std::string_view name = c.identifier();
  const Variable* v = syms.find_name(name);
  if (v != nullptr && v->cls == VarClass::kGeneral && c.peek() == '(') {
    c.pos = at;
    return std::string(cls == VarClass::kSurface ? "surface" : "sampler") + kXe3p;
  }
  if (v == nullptr || v->cls != cls) {
    c.pos = at;
    return "'" + std::string(name) + "' is not a declared " +
           (cls == VarClass::kSurface ? "surface" : "sampler");
  }
  out.value = v->id;
  return std::nullopt;
}

// A channel mask in RGBA order, and for SAMPLE_UNORM its output format.
std::optional<std::string> parse_channels(const FieldSpec& f, TextCursor& c, OperandValue& out) {
  static constexpr std::string_view kCh = "RGBA";
  uint32_t mask = 0;
  size_t next = 0;
  while (true) {
    char ch = c.peek();
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    const size_t k = kCh.find(ch);
    if (ch == '\0' || k == std::string_view::npos) break;
    if (k < next) return "channels must be in RGBA order";
    mask |= 1u << k;
    next = k + 1;
    ++c.pos;
  }
  if (mask == 0) return "expected a channel mask such as RGBA";
  out.value = mask;
  if (f.kind == Kind::kChannelMask) return std::nullopt;
  // SAMPLE_UNORM: ".<output format>" follows (CISA.l's CHANNEL_OUTPUT token).
  if (c.peek() != '.') return "expected '.' and an output format after the channels";
  ++c.pos;
  for (uint32_t i = 0; i < kUnormOutputFormats.size(); ++i) {
    const std::string_view name = kUnormOutputFormats[i];
    if (c.line.substr(c.pos, name.size()) == name && !id_char(c.peek(name.size()))) {
      c.pos += name.size();
      out.value |= i << 4;
      return std::nullopt;
    }
  }
  return "expected an output format: 16-full, 16-downsampled, 8-full or 8-downsampled";
}

}  // namespace

std::optional<std::string> parse_field(const FieldSpec& f, TextCursor& c, const SymbolTable& syms,
                                       OperandValue& out) {
  c.skip_space();
  out.present = true;
  out.column = c.column();
  switch (f.kind) {
    case Kind::kExecSize:
      return parse_exec_size(c, out);
    case Kind::kPredicate:
      return parse_predicate(c, syms, out);
    case Kind::kUImm:
    case Kind::kBlockCount: {
      const auto n = c.number();
      if (!n) return "expected a number for " + std::string(f.name);
      if (*n > 0xffffffffu) return std::string(f.name) + " is too large";
      out.value = static_cast<uint32_t>(*n);
      return std::nullopt;
    }
    case Kind::kMediaModifier:
      return parse_media_modifier(c, out);
    case Kind::kSurface:
    case Kind::kSampler:
      return parse_state_variable(f, c, syms, out);
    case Kind::kUnormChannels:
    case Kind::kChannelMask:
      return parse_channels(f, c, out);
    case Kind::kSourceChannel: {
      // One of R, G, B, A (IGC's printer for ISA_3D_GATHER4; visa-3d_sample4.md, Src_channel).
      char ch = c.peek();
      if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
      const size_t k = std::string_view("RGBA").find(ch);
      if (ch == '\0' || k == std::string_view::npos || id_char(c.peek(1)))
        return "expected one source channel: R, G, B or A";
      ++c.pos;
      out.value = static_cast<uint32_t>(k);
      return std::nullopt;
    }
    case Kind::kSubOpFlags: {
      static constexpr std::array<std::pair<std::string_view, uint32_t>, 3> kFlags{
          {{".pixel_null_mask", 1u << 8}, {".cps", 1u << 9}, {".divS", 1u << 10}}};
      size_t next = 0;
      for (size_t i = next; i < kFlags.size(); ++i) {
        const auto& [txt, bit] = kFlags[i];
        if (c.line.substr(c.pos, txt.size()) == txt && !id_char(c.peek(txt.size()))) {
          c.pos += txt.size();
          out.value |= bit;
        }
      }
      return std::nullopt;
    }
    case Kind::kRaw:
      return parse_raw(c, syms, out.raw);
    case Kind::kScalar:
    case Kind::kAoffimmi:
      return parse_scalar(c, syms, out.vec);
    case Kind::kRawList: {
      out.list.clear();
      out.list.reserve(8);  // one allocation for the usual parameter counts (at most 15)
      while (true) {
        c.skip_space();
        if (c.at_end() || c.peek() == '/') break;
        RawOperand r;
        if (auto e = parse_raw(c, syms, r)) return e;
        out.list.push_back(r);
      }
      return std::nullopt;
    }
    case Kind::kCount:
    case Kind::kReservedZero:
      out.value = 0;
      return std::nullopt;
  }
  return "unhandled operand kind";
}

std::string print_field(const FieldSpec& f, const OperandValue& v, const SymbolTable& syms) {
  switch (f.kind) {
    case Kind::kExecSize:
      return "(" + std::string(emask_name(exec_mask_index(v.value))) + ", " +
             std::to_string(exec_size_lanes(v.value)) + ")";
    case Kind::kPredicate: {
      const PredBits p = pred_bits(v.value);
      if (p.id == 0) return {};
      return std::string("(") + (p.invert ? "!" : "") + syms.name_of(VarClass::kPredicate, p.id) +
             (p.combine == 1   ? ".any"
              : p.combine == 2 ? ".all"
                               : "") +
             ")";
    }
    case Kind::kUImm:
    case Kind::kBlockCount:
    case Kind::kCount:
    case Kind::kReservedZero:
      return std::to_string(v.value);
    case Kind::kMediaModifier:
      return v.value < kMediaMods.size() ? std::string(kMediaMods[v.value])
                                         : std::to_string(v.value);
    case Kind::kSurface:
      return syms.name_of(VarClass::kSurface, v.value);
    case Kind::kSampler:
      return syms.name_of(VarClass::kSampler, v.value);
    case Kind::kChannelMask: {
      std::string s;
      for (unsigned k = 0; k < 4; ++k) {
        if (v.value & (1u << k)) s += "RGBA"[k];
      }
      return s;
    }
    case Kind::kUnormChannels: {
      // As IGC's printer: the letters of bits 3:0, '.', the format of bits 5:4.
      std::string s;
      for (unsigned k = 0; k < 4; ++k) {
        if (v.value & (1u << k)) s += "RGBA"[k];
      }
      return s + "." + std::string(kUnormOutputFormats[(v.value >> 4) & 3]);
    }
    case Kind::kSourceChannel:
      return v.value < 4 ? std::string(1, "RGBA"[v.value]) : "illegal";
    case Kind::kSubOpFlags: {
      std::string s;
      if (v.value & (1u << 8)) s += ".pixel_null_mask";
      if (v.value & (1u << 9)) s += ".cps";
      if (v.value & (1u << 10)) s += ".divS";
      return s;
    }
    case Kind::kRaw:
      return syms.name_of(VarClass::kGeneral, v.raw.id) + "." + std::to_string(v.raw.offset);
    case Kind::kScalar:
    case Kind::kAoffimmi:
      return print_scalar(v.vec, syms);
    case Kind::kRawList: {
      std::string s;
      for (size_t i = 0; i < v.list.size(); ++i) {
        if (i) s += " ";
        s +=
            syms.name_of(VarClass::kGeneral, v.list[i].id) + "." + std::to_string(v.list[i].offset);
      }
      return s;
    }
  }
  return {};
}

// --- encode / decode -------------------------------------------------------------------------

std::optional<std::string> check_range(const FieldSpec& f, const OperandValue& v) {
  switch (f.kind) {
    case Kind::kUImm:
    case Kind::kMediaModifier:
      if (v.value < f.lo || v.value > f.hi) {
        return std::string(f.name) + " must be in [" + std::to_string(f.lo) + ", " +
               std::to_string(f.hi) + "], got " + std::to_string(v.value);
      }
      return std::nullopt;
    case Kind::kSourceChannel:
      if (v.value > 3) {
        return std::string(f.name) + " must be 0..3 (R, G, B, A), got " + std::to_string(v.value);
      }
      return std::nullopt;
    case Kind::kBlockCount:
      if (v.value != 1 && v.value != 2 && v.value != 4) {
        return std::string(f.name) + " must be 1, 2 or 4, got " + std::to_string(v.value);
      }
      return std::nullopt;
    case Kind::kExecSize: {
      const unsigned n = exec_size_lanes(v.value);
      if (f.hi != 0 && (n < f.lo || n > f.hi)) {
        return std::string(f.name) + " must be in [" + std::to_string(f.lo) + ", " +
               std::to_string(f.hi) + "], got " + std::to_string(n);
      }
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace texsim::isa::visa
