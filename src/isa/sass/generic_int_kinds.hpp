// Field kinds, names and helpers shared by the int family's files (generic_rows_int.cpp,
// generic_rows_int2.cpp): decorated operands (GI2) and the common operands and modifiers.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic::int_detail {

inline std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

inline std::string reg(uint64_t v) {
  return v == 255 ? std::string("RZ") : "R" + std::to_string(v);
}

inline std::optional<uint64_t> parse_reg(std::string_view t) {
  if (t == "RZ") return 255;
  if (t.size() < 2 || t.size() > 4 || t[0] != 'R') return std::nullopt;
  uint64_t v = 0;
  for (char c : t.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v < 255 ? std::optional<uint64_t>(v) : std::nullopt;
}

inline std::optional<uint64_t> parse_hex(std::string_view t) {
  if (!t.starts_with("0x") || t.size() < 3 || t.size() > 18) return std::nullopt;
  uint64_t v = 0;
  for (char c : t.substr(2)) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<uint64_t>(d);
  }
  return v;
}

// c[bank][offset] (offset in words at bits 13:0, bank 18:14); XMAD's constant b has a space
// between the brackets (`sep`).
inline std::string cbank(uint64_t v, const char* sep) {
  const uint64_t off = (v & 0x3fff) << 2;
  const std::string o = (off & 0x8000) != 0 ? "-" + hex(0x10000 - off) : hex(off);
  return "c[" + hex(v >> 14 & 0x1f) + "]" + sep + "[" + o + "]";
}
inline std::optional<uint64_t> parse_cbank(std::string_view t, std::string_view sep) {
  if (!t.starts_with("c[") || !t.ends_with("]")) return std::nullopt;
  const size_t mid = t.find("]" + std::string(sep) + "[");
  if (mid == std::string_view::npos) return std::nullopt;
  const auto bank = parse_hex(t.substr(2, mid - 2));
  std::string_view o = t.substr(mid + 2 + sep.size(), t.size() - mid - 3 - sep.size());
  const bool neg = o.starts_with("-");
  const auto off = parse_hex(neg ? o.substr(1) : o);
  if (!bank || !off || *bank >= 32 || *off > 0x10000) return std::nullopt;
  const uint64_t enc = (neg ? 0x10000 - *off : *off) & 0xffff;
  return *bank << 14 | enc >> 2;
}

// A decorated operand (GI2): a base value with an optional prefix ('~' or '-') at bit `pre` and
// suffixes (".INV"/".NEG" at bit `suf`, a half select ".H0"/".H1"/".???3" at bits `half`+1:half),
// all bit numbers relative to the field's lo (-1: none).
enum class Base : uint8_t { kReg, kCb, kI20s, kI20u, kI32s, kI32u, kHex, kHexOpt, kPred, kPredOpt };
struct Deco {
  Base base;
  int pre = -1;
  char pre_ch = '~';
  int suf = -1;
  bool inv = true;  // ".INV" (else ".NEG")
  int half = -1;
  unsigned hex_bits = 0;  // kHex/kHexOpt: width
  unsigned at = 0;        // the base value's first bit (when a decoration lies below it)
  bool bytes = false;     // the select prints ".B1"/".B2"/".B3" (R2P) instead of halves
};

inline std::string signed_hex(uint64_t v, unsigned n) {
  const uint64_t sign = uint64_t{1} << (n - 1);
  return (v & sign) != 0 ? "-" + hex((sign << 1) - v) : hex(v);
}

inline std::optional<uint64_t> parse_signed(std::string_view t, unsigned n) {
  const bool neg = t.starts_with("-");
  const auto v = parse_hex(neg ? t.substr(1) : t);
  if (!v) return std::nullopt;
  return (neg ? (~*v + 1) : *v) & ((uint64_t{1} << n) - 1);
}

// A 20-bit immediate's value: bits 18:0 of the field and bit 36 (word bit 56).
inline uint64_t i20(uint64_t v) {
  return (v & 0x7ffff) | (v >> 36 & 1) << 19;
}

inline std::string pred_text(uint64_t v) {
  return (v & 7) == 7 ? "PT" : "P" + std::to_string(v & 7);
}

inline std::optional<std::string> base_text(const Deco& d, uint64_t v) {
  switch (d.base) {
    case Base::kReg:
      return reg(v & 0xff);
    case Base::kCb:
      return cbank(v & 0x7ffff, "");
    case Base::kI20s:
      return signed_hex(i20(v), 20);
    case Base::kI20u:
      return hex(i20(v));
    case Base::kI32s:
      return signed_hex(v & 0xffffffff, 32);
    case Base::kI32u:
      return hex(v & 0xffffffff);
    case Base::kHex:
      return hex(v & ((uint64_t{1} << d.hex_bits) - 1));
    case Base::kHexOpt:
      return (v & ((uint64_t{1} << d.hex_bits) - 1)) == 0
                 ? ""
                 : hex(v & ((uint64_t{1} << d.hex_bits) - 1));
    case Base::kPred:
      return pred_text(v);
    case Base::kPredOpt:
      return (v & 7) == 7 ? "" : pred_text(v);
  }
  return std::nullopt;
}

inline std::optional<uint64_t> base_parse(const Deco& d, std::string_view t) {
  switch (d.base) {
    case Base::kReg:
      return parse_reg(t);
    case Base::kCb:
      return parse_cbank(t, "");
    case Base::kI20s:
    case Base::kI20u: {
      const auto v = d.base == Base::kI20s ? parse_signed(t, 20) : parse_hex(t);
      if (!v || *v >= (uint64_t{1} << 20)) return std::nullopt;
      return (*v & 0x7ffff) | (*v >> 19 & 1) << 36;
    }
    case Base::kI32s:
      return parse_signed(t, 32);
    case Base::kI32u:
    case Base::kHex:
    case Base::kHexOpt:
      return parse_hex(t);
    case Base::kPred:
    case Base::kPredOpt:
      if (t == "PT") return 7;
      if (t.size() == 2 && t[0] == 'P' && t[1] >= '0' && t[1] <= '6')
        return static_cast<uint64_t>(t[1] - '0');
      return std::nullopt;
  }
  return std::nullopt;
}

inline constexpr std::array<std::string_view, 4> kHalfNames{"", ".H0", ".H1", ".???3"},
    kByteNames{"", ".B1", ".B2", ".B3"};

template <Deco D>
std::optional<std::string> deco_text(uint64_t v, const Ctx& /*ctx*/) {
  auto t = base_text(D, v >> D.at);
  if (!t) return t;
  if constexpr (D.pre >= 0) {
    if ((v >> D.pre & 1) != 0) *t = D.pre_ch + *t;
  }
  if constexpr (D.half >= 0) *t += (D.bytes ? kByteNames : kHalfNames)[v >> D.half & 3];
  if constexpr (D.suf >= 0) {
    if ((v >> D.suf & 1) != 0) *t += D.inv ? ".INV" : ".NEG";
  }
  return t;
}

template <Deco D>
std::optional<uint64_t> deco_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t extra = 0;
  if constexpr (D.pre >= 0) {
    if (t.starts_with(D.pre_ch)) {
      t.remove_prefix(1);
      extra |= uint64_t{1} << D.pre;
    }
  }
  if constexpr (D.suf >= 0) {
    if (t.ends_with(D.inv ? ".INV" : ".NEG")) {
      t.remove_suffix(4);
      extra |= uint64_t{1} << D.suf;
    }
  }
  if constexpr (D.half >= 0) {
    for (uint64_t h = 3; h > 0; --h) {
      const std::string_view n = (D.bytes ? kByteNames : kHalfNames)[h];
      if (t.ends_with(n)) {
        t.remove_suffix(n.size());
        extra |= h << D.half;
        break;
      }
    }
  }
  const auto v = base_parse(D, t);
  return v ? std::optional<uint64_t>(*v << D.at | extra) : std::nullopt;
}

// A CustomKind of a Deco: `width` bits from the field's lo; `omit` for kHexOpt/kPredOpt.
template <Deco D>
constexpr CustomKind deco(unsigned width, unsigned reuse = 0) {
  std::optional<uint64_t> omit;
  if (D.base == Base::kHexOpt) omit = 0;
  if (D.base == Base::kPredOpt) omit = 7;
  return CustomKind{width, deco_text<D>, deco_parse<D>, omit, reuse};
}

inline constexpr Opnd kRd{K::kReg, 0}, kRa{K::kRegA, 8}, kRb{K::kRegB, 20}, kRc{K::kRegC, 39},
    kCb{K::kCBank, 20}, kI20{K::kImm20, 20};
inline constexpr Opnd kRdCc{K::kReg, 0, 0, 47};
inline constexpr uint64_t kBit56 = uint64_t{1} << 56;

inline constexpr std::array<std::string_view, 2> kNoX{"", ".X"}, kNoPsl{"", ".PSL"},
    kNoMrg{"", ".MRG"}, kNoW{"", ".W"};
inline constexpr std::array<std::string_view, 1> kHi{".HI"};
inline constexpr std::array<std::string_view, 4> kXmadSign{"", ".S16.U16", ".U16.S16", ".S16.S16"};
inline constexpr std::array<std::string_view, 8> kXmadMode{"",      ".CLO",  ".CHI",  ".CSFU",
                                                           ".CBCC", ".???5", ".???6", ".???7"};
inline constexpr Mod kXSign{48, 2, kXmadSign}, kXMode3{50, 3, kXmadMode}, kXMode2{50, 2, kXmadMode};

constexpr Opnd opnd(uint8_t lo, const CustomKind& k, uint8_t cc = 0) {
  return Opnd{K::kCustom, lo, 0, cc, &k};
}

inline constexpr CustomKind kP3 = deco<Deco{Base::kPred}>(3);
inline constexpr CustomKind kP3Opt = deco<Deco{Base::kPredOpt}>(3);
inline constexpr CustomKind kHex8 = deco<Deco{.base = Base::kHex, .hex_bits = 8}>(8);
inline constexpr CustomKind kHex6 = deco<Deco{.base = Base::kHex, .hex_bits = 6}>(6);
inline constexpr CustomKind kSh5Opt = deco<Deco{.base = Base::kHexOpt, .hex_bits = 5}>(5);
inline constexpr CustomKind kRaInv39 = deco<Deco{.base = Base::kReg, .pre = 31}>(32, 1);
inline constexpr CustomKind kRbInv40 = deco<Deco{.base = Base::kReg, .pre = 20}>(21, 2);
inline constexpr CustomKind kCbInv40 = deco<Deco{.base = Base::kCb, .pre = 20}>(21);
inline constexpr CustomKind kI20Inv40 = deco<Deco{.base = Base::kI20s, .suf = 20}>(37);
inline constexpr CustomKind kRaInv55 = deco<Deco{.base = Base::kReg, .pre = 47}>(48, 1);
inline constexpr CustomKind kI32Inv56 = deco<Deco{.base = Base::kI32u, .suf = 36}>(37);
inline constexpr CustomKind kI32s = deco<Deco{.base = Base::kI32s}>(32);
inline constexpr CustomKind kIadd3Ra =
    deco<Deco{.base = Base::kReg, .pre = 43, .pre_ch = '-', .half = 27}>(44, 1);
inline constexpr CustomKind kIadd3Rb =
    deco<Deco{.base = Base::kReg, .pre = 30, .pre_ch = '-', .half = 13}>(31, 2);
inline constexpr CustomKind kIadd3Rc =
    deco<Deco{.base = Base::kReg, .pre = 18, .pre_ch = '-', .half = 0, .at = 8}>(19, 4);
inline constexpr CustomKind kIadd3Imm =
    deco<Deco{.base = Base::kI20u, .suf = 30, .inv = false}>(37);

inline constexpr std::array<std::string_view, 1> kLut{".LUT"}, kShfL{".L"}, kShfR{".R"};
inline constexpr std::array<std::string_view, 2> kU32{".U32", ""}, kNoSat{"", ".SAT"},
    kNoBrev{"", ".BREV"}, kNoPo{"", ".PO"}, kNoSh{"", ".SH"}, kNoHi{"", ".HI"};
inline constexpr std::array<std::string_view, 8> kCmp{".F",  ".LT", ".EQ", ".LE",
                                                      ".GT", ".NE", ".GE", ".T"};
inline constexpr std::array<std::string_view, 4> kBop{".AND", ".OR", ".XOR", ".INVALIDBOP3"},
    kLop{".AND", ".OR", ".XOR", ".PASS_B"}, kPop{"", ".T", ".Z", ".NZ"},
    kIadd3Mode{"", ".RS", ".LS", ".???3"}, kMaxShift{"", ".INVALIDMAXSHIFT3", ".U64", ".S64"},
    kShfX{"", ".HI", ".X", ".XHI"}, kXm{"", ".XLO", ".XMED", ".XHI"};
// .X (bit 43) and the boolean op (46:45) as one field (bit 44 is ignored): the parser takes
// the longest name per field, so ".X" must not be matched apart from ".XOR".
inline constexpr std::array<std::string_view, 16> kXBop{
    ".AND",         ".X.AND",         ".AND",         ".X.AND",        ".OR",  ".X.OR",
    ".OR",          ".X.OR",          ".XOR",         ".X.XOR",        ".XOR", ".X.XOR",
    ".INVALIDBOP3", ".X.INVALIDBOP3", ".INVALIDBOP3", ".X.INVALIDBOP3"};
inline constexpr Mod kIsetpCmp{49, 3, kCmp}, kU32At48{48, 1, kU32}, kX43{43, 1, kNoX},
    kIsetpBop{43, 4, kXBop};
inline constexpr Opnd kPred39{K::kPred, 39};

}  // namespace texsim::isa::sass::generic::int_detail
