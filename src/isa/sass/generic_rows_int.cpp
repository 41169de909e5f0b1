// The int family of the generic table (generic_table.hpp): integer ALU, compares and predicates
// (XMAD, LOP, ISETP...) as nvdisasm 11.8 prints them (issue 29, decisions GI1-GIn).
#include <cstdio>
#include <string>
#include <vector>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string reg(uint64_t v) {
  return v == 255 ? std::string("RZ") : "R" + std::to_string(v);
}

std::optional<uint64_t> parse_reg(std::string_view t) {
  if (t == "RZ") return 255;
  if (t.size() < 2 || t.size() > 4 || t[0] != 'R') return std::nullopt;
  uint64_t v = 0;
  for (char c : t.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v < 255 ? std::optional<uint64_t>(v) : std::nullopt;
}

std::optional<uint64_t> parse_hex(std::string_view t) {
  if (!t.starts_with("0x") || t.size() < 3 || t.size() > 18) return std::nullopt;
  uint64_t v = 0;
  for (char c : t.substr(2)) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<uint64_t>(d);
  }
  return v;
}

// A register (8 bits at the field's lo) with ".H1" when bit H of the field is set (XMAD's
// high-half selects: the field spans from the register up to its H1 bit).
template <unsigned H>
std::optional<std::string> reg_h1_text(uint64_t v, const Ctx& /*ctx*/) {
  return reg(v & 0xff) + ((v >> H & 1) != 0 ? ".H1" : "");
}
template <unsigned H>
std::optional<uint64_t> reg_h1_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t h = 0;
  if (t.ends_with(".H1")) {
    t.remove_suffix(3);
    h = uint64_t{1} << H;
  }
  const auto r = parse_reg(t);
  return r ? std::optional<uint64_t>(*r | h) : std::nullopt;
}

// XMAD's constant operand b: "c[0x2] [0x10]" (a space between the brackets), ".H1" at bit H.
std::string cbank(uint64_t v, const char* sep) {
  const uint64_t off = (v & 0x3fff) << 2;
  const std::string o = (off & 0x8000) != 0 ? "-" + hex(0x10000 - off) : hex(off);
  return "c[" + hex(v >> 14 & 0x1f) + "]" + sep + "[" + o + "]";
}
std::optional<uint64_t> parse_cbank(std::string_view t, std::string_view sep) {
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
template <unsigned H>
std::optional<std::string> cb_space_text(uint64_t v, const Ctx& /*ctx*/) {
  return cbank(v, " ") + ((v >> H & 1) != 0 ? ".H1" : "");
}
template <unsigned H>
std::optional<uint64_t> cb_space_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t h = 0;
  if (t.ends_with(".H1")) {
    t.remove_suffix(3);
    h = uint64_t{1} << H;
  }
  const auto c = parse_cbank(t, " ");
  return c ? std::optional<uint64_t>(*c | h) : std::nullopt;
}

// XMAD's 16-bit immediate b (35:20), signed when b is (.U16.S16, .S16.S16: bit 49).
std::optional<std::string> xmad_imm_text(uint64_t v, const Ctx& /*ctx*/) {
  const uint64_t i = v & 0xffff;
  if ((v >> 29 & 1) != 0 && (i & 0x8000) != 0) return "-" + hex(0x10000 - i);
  return hex(i);
}
std::optional<uint64_t> xmad_imm_parse(std::string_view t, const Ctx& /*ctx*/) {
  if (t.starts_with("-")) {
    const auto v = parse_hex(t.substr(1));
    if (!v || *v == 0 || *v > 0x8000) return std::nullopt;
    return (0x10000 - *v) | uint64_t{1} << 29;
  }
  const auto v = parse_hex(t);
  if (!v || *v > 0xffff) return std::nullopt;
  return v;
}
constexpr CustomKind kXmadImm{30, xmad_imm_text, xmad_imm_parse};
constexpr CustomKind kRaH1{46, reg_h1_text<45>, reg_h1_parse<45>, std::nullopt, 1};  // 53
constexpr CustomKind kRbH1{16, reg_h1_text<15>, reg_h1_parse<15>, std::nullopt, 2};  // 35
constexpr CustomKind kRcH1{14, reg_h1_text<13>, reg_h1_parse<13>, std::nullopt, 2};  // 39, 52
constexpr CustomKind kCbH1{33, cb_space_text<32>, cb_space_parse<32>};               // 20, 52

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

std::string signed_hex(uint64_t v, unsigned n) {
  const uint64_t sign = uint64_t{1} << (n - 1);
  return (v & sign) != 0 ? "-" + hex((sign << 1) - v) : hex(v);
}

std::optional<uint64_t> parse_signed(std::string_view t, unsigned n) {
  const bool neg = t.starts_with("-");
  const auto v = parse_hex(neg ? t.substr(1) : t);
  if (!v) return std::nullopt;
  return (neg ? (~*v + 1) : *v) & ((uint64_t{1} << n) - 1);
}

// A 20-bit immediate's value: bits 18:0 of the field and bit 36 (word bit 56).
uint64_t i20(uint64_t v) {
  return (v & 0x7ffff) | (v >> 36 & 1) << 19;
}

std::string pred_text(uint64_t v) {
  return (v & 7) == 7 ? "PT" : "P" + std::to_string(v & 7);
}

std::optional<std::string> base_text(const Deco& d, uint64_t v) {
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

std::optional<uint64_t> base_parse(const Deco& d, std::string_view t) {
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

constexpr std::array<std::string_view, 4> kHalfNames{"", ".H0", ".H1", ".???3"},
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

constexpr Opnd kRd{K::kReg, 0}, kRa{K::kRegA, 8}, kRb{K::kRegB, 20}, kRc{K::kRegC, 39},
    kCb{K::kCBank, 20}, kI20{K::kImm20, 20};
constexpr Opnd kRdCc{K::kReg, 0, 0, 47};
constexpr uint64_t kBit56 = uint64_t{1} << 56;

constexpr std::array<std::string_view, 2> kNoX{"", ".X"}, kNoPsl{"", ".PSL"}, kNoMrg{"", ".MRG"},
    kNoW{"", ".W"};
constexpr std::array<std::string_view, 1> kHi{".HI"};
constexpr std::array<std::string_view, 4> kXmadSign{"", ".S16.U16", ".U16.S16", ".S16.S16"};
constexpr std::array<std::string_view, 8> kXmadMode{"",      ".CLO",   ".CHI",   ".CSFU",
                                                     ".CBCC", ".???5", ".???6", ".???7"};
constexpr Mod kXSign{48, 2, kXmadSign}, kXMode3{50, 3, kXmadMode}, kXMode2{50, 2, kXmadMode};

// XMAD (GI1): register b (0x5b0), constant b (0x4e, its modifiers move up), 16-bit immediate b
// (0x36), constant c (0x51: register b at 46:39). Modifier order as nvdisasm prints it.
constexpr std::array<Row, 4> kXmad{{
    {"XMAD",
     top(10),
     0x5b00000000000000,
     {{kXSign, {36, 1, kNoPsl}, kXMode3, {37, 1, kNoMrg}, {38, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 20, 0, 0, &kRbH1}, kRc}},
     4},
    {"XMAD",
     top(7),
     0x4e00000000000000,
     {{kXSign, {55, 1, kNoPsl}, kXMode2, {56, 1, kNoMrg}, {54, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 20, 0, 0, &kCbH1}, kRc}},
     4},
    {"XMAD",
     top(10) & ~kBit56,
     0x3600000000000000,
     {{kXSign, {36, 1, kNoPsl}, kXMode3, {37, 1, kNoMrg}, {38, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 20, 0, 0, &kXmadImm}, kRc}},
     4},
    {"XMAD",
     top(9),
     0x5100000000000000,
     {{kXSign, kXMode2, {54, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 39, 0, 0, &kRcH1}, kCb}},
     4},
}};


constexpr Opnd C(uint8_t lo, const CustomKind& k, uint8_t cc = 0) {
  return Opnd{K::kCustom, lo, 0, cc, &k};
}

constexpr CustomKind kP3 = deco<Deco{Base::kPred}>(3);
constexpr CustomKind kP3Opt = deco<Deco{Base::kPredOpt}>(3);
constexpr CustomKind kHex8 = deco<Deco{.base = Base::kHex, .hex_bits = 8}>(8);
constexpr CustomKind kHex6 = deco<Deco{.base = Base::kHex, .hex_bits = 6}>(6);
constexpr CustomKind kSh5Opt = deco<Deco{.base = Base::kHexOpt, .hex_bits = 5}>(5);
constexpr CustomKind kRaInv39 = deco<Deco{.base = Base::kReg, .pre = 31}>(32, 1);
constexpr CustomKind kRbInv40 = deco<Deco{.base = Base::kReg, .pre = 20}>(21, 2);
constexpr CustomKind kCbInv40 = deco<Deco{.base = Base::kCb, .pre = 20}>(21);
constexpr CustomKind kI20Inv40 = deco<Deco{.base = Base::kI20s, .suf = 20}>(37);
constexpr CustomKind kRaInv55 = deco<Deco{.base = Base::kReg, .pre = 47}>(48, 1);
constexpr CustomKind kI32Inv56 = deco<Deco{.base = Base::kI32u, .suf = 36}>(37);
constexpr CustomKind kI32s = deco<Deco{.base = Base::kI32s}>(32);
constexpr CustomKind kIadd3Ra =
    deco<Deco{.base = Base::kReg, .pre = 43, .pre_ch = '-', .half = 27}>(44, 1);
constexpr CustomKind kIadd3Rb =
    deco<Deco{.base = Base::kReg, .pre = 30, .pre_ch = '-', .half = 13}>(31, 2);
constexpr CustomKind kIadd3Rc =
    deco<Deco{.base = Base::kReg, .pre = 18, .pre_ch = '-', .half = 0, .at = 8}>(19, 4);
constexpr CustomKind kIadd3Imm = deco<Deco{.base = Base::kI20u, .suf = 30, .inv = false}>(37);

constexpr std::array<std::string_view, 1> kLut{".LUT"}, kShfL{".L"}, kShfR{".R"};
constexpr std::array<std::string_view, 2> kU32{".U32", ""}, kNoSat{"", ".SAT"},
    kNoBrev{"", ".BREV"}, kNoPo{"", ".PO"}, kNoSh{"", ".SH"}, kNoHi{"", ".HI"};
constexpr std::array<std::string_view, 8> kCmp{".F",  ".LT", ".EQ", ".LE",
                                               ".GT", ".NE", ".GE", ".T"};
constexpr std::array<std::string_view, 4> kBop{".AND", ".OR", ".XOR", ".INVALIDBOP3"},
    kLop{".AND", ".OR", ".XOR", ".PASS_B"}, kPop{"", ".T", ".Z", ".NZ"},
    kIadd3Mode{"", ".RS", ".LS", ".???3"}, kMaxShift{"", ".INVALIDMAXSHIFT3", ".U64", ".S64"},
    kShfX{"", ".HI", ".X", ".XHI"}, kXm{"", ".XLO", ".XMED", ".XHI"};
// .X (bit 43) and the boolean op (46:45) as one field (bit 44 is ignored): the parser takes
// the longest name per field, so ".X" must not be matched apart from ".XOR".
constexpr std::array<std::string_view, 16> kXBop{".AND", ".X.AND", ".AND", ".X.AND", ".OR", ".X.OR", ".OR", ".X.OR", ".XOR", ".X.XOR", ".XOR", ".X.XOR", ".INVALIDBOP3", ".X.INVALIDBOP3", ".INVALIDBOP3", ".X.INVALIDBOP3"};
constexpr Mod kIsetpCmp{49, 3, kCmp}, kU32At48{48, 1, kU32}, kX43{43, 1, kNoX},
    kIsetpBop{43, 4, kXBop};
constexpr Opnd kPred39{K::kPred, 39};

// ISETP, LOP, LOP32I, LOP3 (GI3): register, constant and immediate forms.
constexpr std::array<Row, 10> kLogic{{
    {"ISETP", top(12), 0x5b60000000000000, {{kIsetpCmp, kU32At48, kIsetpBop}},
     {{C(3, kP3), C(0, kP3), kRa, kRb, kPred39}}, 5},
    {"ISETP", top(12), 0x4b60000000000000, {{kIsetpCmp, kU32At48, kIsetpBop}},
     {{C(3, kP3), C(0, kP3), kRa, kCb, kPred39}}, 5},
    {"ISETP", top(12) & ~kBit56, 0x3660000000000000, {{kIsetpCmp, kU32At48, kIsetpBop}},
     {{C(3, kP3), C(0, kP3), kRa, kI20, kPred39}}, 5},
    {"LOP", top(13), 0x5c40000000000000, {{{41, 2, kLop}, kX43, {44, 2, kPop}}},
     {{C(48, kP3Opt), kRdCc, C(8, kRaInv39), C(20, kRbInv40)}}, 4},
    {"LOP", top(13), 0x4c40000000000000, {{{41, 2, kLop}, kX43, {44, 2, kPop}}},
     {{C(48, kP3Opt), kRdCc, C(8, kRaInv39), C(20, kCbInv40)}}, 4},
    {"LOP", top(13) & ~kBit56, 0x3840000000000000, {{{41, 2, kLop}, kX43, {44, 2, kPop}}},
     {{C(48, kP3Opt), kRdCc, C(8, kRaInv39), C(20, kI20Inv40)}}, 4},
    {"LOP32I", top(6), 0x0400000000000000, {{{53, 2, kLop}, {57, 1, kNoX}}},
     {{{K::kReg, 0, 0, 52}, C(8, kRaInv55), C(20, kI32Inv56)}}, 3},
    {"LOP3", top(13), 0x5be0000000000000, {{{58, 1, kLut}, {38, 1, kNoX}, {36, 2, kPop}}},
     {{C(48, kP3Opt), kRdCc, kRa, kRb, kRc, C(28, kHex8)}}, 6},
    {"LOP3", top(6), 0x3c00000000000000, {{{63, 1, kLut}, {57, 1, kNoX}}},
     {{kRdCc, kRa, kI20, kRc, C(48, kHex8)}}, 5},
    {"LOP3", top(7), 0x0200000000000000, {{{63, 1, kLut}, {56, 1, kNoX}}},
     {{kRdCc, kRa, kCb, kRc, C(48, kHex8)}}, 5},
}};

// IADD32I, IADD3, SHF, LEA, LEA.HI (GI4).
constexpr std::array<Row, 14> kArith{{
    {"IADD32I", top(9) & ~kBit56, 0x1c00000000000000, {{{54, 1, kNoSat}, {53, 1, kNoX}}},
     {{{K::kReg, 0, 0, 52}, {K::kRegA, 8, 56}, C(20, kI32s)}}, 3},
    // Both negations (bits 56 and 55) print ".PO"; bit 55 alone is rejected by nvdisasm.
    {"IADD32I", top(9) | kBit56, 0x1d80000000000000, {{{55, 1, kNoPo}, {54, 1, kNoSat}, {53, 1, kNoX}}},
     {{{K::kReg, 0, 0, 52}, kRa, C(20, kI32s)}}, 3},
    {"IADD3", top(12), 0x5cc0000000000000, {{{37, 2, kIadd3Mode}, {48, 1, kNoX}}},
     {{kRdCc, C(8, kIadd3Ra), C(20, kIadd3Rb), C(31, kIadd3Rc)}}, 4},
    {"IADD3", top(12), 0x4cc0000000000000, {{{48, 1, kNoX}}},
     {{kRdCc, {K::kRegA, 8, 51}, {K::kCBank, 20, 50}, {K::kRegC, 39, 49}}}, 4},
    {"IADD3", top(12) & ~kBit56, 0x38c0000000000000, {{{48, 1, kNoX}}},
     {{kRdCc, {K::kRegA, 8, 51}, C(20, kIadd3Imm), {K::kRegC, 39, 49}}}, 4},
    {"SHF", top(13), 0x5bf8000000000000,
     {{{58, 1, kShfL}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, kRb, kRc}}, 4},
    {"SHF", top(13), 0x5cf8000000000000,
     {{{56, 1, kShfR}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, kRb, kRc}}, 4},
    {"SHF", top(13) & ~kBit56, 0x36f8000000000000,
     {{{59, 1, kShfL}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, C(20, kHex6), kRc}}, 4},
    {"SHF", top(13) & ~kBit56, 0x38f8000000000000,
     {{{57, 1, kShfR}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, C(20, kHex6), kRc}}, 4},
    {"LEA", top(13), 0x5bd0000000000000, {{{46, 1, kNoX}}},
     {{C(48, kP3Opt), kRdCc, {K::kRegA, 8, 45}, kRb, C(39, kSh5Opt)}}, 5},
    {"LEA", top(13), 0x4bd0000000000000, {{{46, 1, kNoX}}},
     {{C(48, kP3Opt), kRdCc, {K::kRegA, 8, 45}, kCb, C(39, kSh5Opt)}}, 5},
    {"LEA", top(13) & ~kBit56, 0x36d0000000000000, {{{46, 1, kNoX}}},
     {{C(48, kP3Opt), kRdCc, {K::kRegA, 8, 45}, kI20, C(39, kSh5Opt)}}, 5},
    {"LEA", top(13), 0x5bd8000000000000, {{{58, 1, kHi}, {38, 1, kNoX}}},
     {{C(48, kP3Opt), kRdCc, {K::kRegA, 8, 37}, kRb, kRc, C(28, kSh5Opt)}}, 6},
    {"LEA", top(6), 0x1800000000000000, {{{63, 1, kHi}, {57, 1, kNoX}}},
     {{C(48, kP3Opt), kRdCc, {K::kRegA, 8, 56}, kCb, kRc, C(51, kSh5Opt)}}, 6},
}};

// BFE, BFI, IMNMX (GI5).
constexpr std::array<Row, 10> kBits{{
    {"BFE", top(13), 0x5c00000000000000, {{kU32At48, {40, 1, kNoBrev}}}, {{kRdCc, kRa, kRb}}, 3},
    {"BFE", top(13), 0x4c00000000000000, {{kU32At48, {40, 1, kNoBrev}}}, {{kRdCc, kRa, kCb}}, 3},
    {"BFE", top(13) & ~kBit56, 0x3800000000000000, {{kU32At48, {40, 1, kNoBrev}}},
     {{kRdCc, kRa, kI20}}, 3},
    {"BFI", top(13), 0x5bf0000000000000, {}, {{kRdCc, kRa, kRb, kRc}}, 4},
    {"BFI", top(13), 0x4bf0000000000000, {}, {{kRdCc, kRa, kCb, kRc}}, 4},
    {"BFI", top(13) & ~kBit56, 0x36f0000000000000, {}, {{kRdCc, kRa, kI20, kRc}}, 4},
    {"BFI", top(13), 0x53f0000000000000, {}, {{kRdCc, kRa, {K::kRegB, 39}, kCb}}, 4},
    {"IMNMX", top(13), 0x5c20000000000000, {{kU32At48, {43, 2, kXm}}},
     {{kRdCc, kRa, kRb, kPred39}}, 4},
    {"IMNMX", top(13), 0x4c20000000000000, {{kU32At48, {43, 2, kXm}}},
     {{kRdCc, kRa, kCb, kPred39}}, 4},
    {"IMNMX", top(13) & ~kBit56, 0x3820000000000000, {{kU32At48, {43, 2, kXm}}},
     {{kRdCc, kRa, kI20, kPred39}}, 4},
}};


// Modifier names built at compile time (GI6): name v of a field is the concatenation of parts
// chosen from v's bits, kept in a static store the string_views point into.
template <size_t N>
struct NameStore {
  std::array<std::array<char, 24>, N> buf{};
  std::array<size_t, N> len{};
  constexpr void add(size_t v, std::string_view part) {
    for (char c : part) buf[v][len[v]++] = c;
  }
};
template <size_t N>
constexpr std::array<std::string_view, N> views(const NameStore<N>& s) {
  std::array<std::string_view, N> out{};
  for (size_t v = 0; v < N; ++v) out[v] = std::string_view(s.buf[v].data(), s.len[v]);
  return out;
}

// The signedness pair of IMAD/IMUL: a's sign at the field's bit 0, b's at its top bit; both
// signed print nothing (".U32.U32", ".S32.U32", ".U32.S32", "").
template <size_t Span>
constexpr NameStore<(size_t{1} << Span)> sign_pair() {
  constexpr std::array<std::string_view, 4> kPair{".U32.U32", ".S32.U32", ".U32.S32", ""};
  NameStore<(size_t{1} << Span)> s;
  for (size_t v = 0; v < (size_t{1} << Span); ++v) s.add(v, kPair[(v & 1) | (v >> (Span - 1) & 1) << 1]);
  return s;
}
constexpr auto kSign6Store = sign_pair<6>();
constexpr auto kSign4Store = sign_pair<4>();
constexpr auto kSign2Store = sign_pair<2>();
constexpr auto kSign6 = views(kSign6Store);
constexpr auto kSign4 = views(kSign4Store);
constexpr auto kSign2 = views(kSign2Store);

// IMADSP's b and c types from bits 54:48: b = sign 53, 16H0 54; c = 24 at 51, 16H0 at 52, signed
// when a (48) or b (53) is.
constexpr NameStore<128> imadsp_bc() {
  constexpr std::array<std::string_view, 4> kB{".U24", ".S24", ".U16H0", ".S16H0"};
  constexpr std::array<std::string_view, 4> kC{"32", "24", "16H0", "???"};
  NameStore<128> s;
  for (size_t v = 0; v < 128; ++v) {
    s.add(v, kB[(v >> 5 & 1) | (v >> 6 & 1) << 1]);
    s.add(v, ((v & 1) | (v >> 5 & 1)) != 0 ? ".S" : ".U");
    s.add(v, kC[v >> 3 & 3]);
  }
  return s;
}
constexpr auto kImadspBcStore = imadsp_bc();
constexpr auto kImadspBc = views(kImadspBcStore);
constexpr std::array<std::string_view, 8> kImadspA{".U32",   ".S32",   ".U24",   ".S24",
                                                   ".U16H0", ".S16H0", ".U16H1", ".S16H1"};

// The literal operand "CC" / "PR" at an opcode bit (CSET, CSETP; P2R, R2P's bit 40).
std::optional<std::string> cc_lit(uint64_t /*v*/, const Ctx& /*ctx*/) {
  return "CC";
}
std::optional<std::string> pr_or_cc(uint64_t v, const Ctx& /*ctx*/) {
  return v != 0 ? "CC" : "PR";
}
constexpr CustomKind kCcLit{1, cc_lit};
constexpr CustomKind kPrCc{1, pr_or_cc};
// A destination register nvdisasm omits when RZ (VOTE).
std::optional<std::string> reg_opt(uint64_t v, const Ctx& /*ctx*/) {
  return v == 255 ? "" : reg(v);
}
std::optional<uint64_t> reg_opt_parse(std::string_view t, const Ctx& /*ctx*/) {
  return parse_reg(t);
}
constexpr CustomKind kRdOpt{8, reg_opt, reg_opt_parse, 255};
constexpr CustomKind kI20u = deco<Deco{.base = Base::kI20u}>(37);
constexpr CustomKind kR2pRa = deco<Deco{.base = Base::kReg, .half = 33, .bytes = true}>(35, 1);

constexpr std::array<std::string_view, 32> kCcTest{
    ".F",      ".LT",     ".EQ",     ".LE",      ".GT",      ".NE",      ".GE",  ".NUM",
    ".NAN",    ".LTU",    ".EQU",    ".LEU",     ".GTU",     ".NEU",     ".GEU", ".T",
    ".OFF",    ".LO",     ".SFF",    ".LS",      ".HI",      ".SFT",     ".HS",  ".OFT",
    ".CSM_TA", ".CSM_TR", ".CSM_MX", ".FCSM_TA", ".FCSM_TR", ".FCSM_MX", ".RLE", ".RGT"};
constexpr std::array<std::string_view, 2> kNoBf{"", ".BF"};
constexpr std::array<std::string_view, 4> kVote{".ALL", ".ANY", ".EQ", ".INVALIDVMODE3"},
    kPmode4{".F4E", ".B4E", ".RC8", ".ECL"};
constexpr std::array<std::string_view, 16> kPmode{
    "",      ".F4E",  ".B4E",  ".RC8",  ".ECL",  ".ECR",  ".RC16", ".INVALIDPMODE7",
    ".???8", ".???9", ".???10", ".???11", ".???12", ".???13", ".???14", ".???15"};
constexpr Mod kBop24{24, 2, kBop}, kBop45{45, 2, kBop}, kBf44{44, 1, kNoBf};

// PSETP, PSET, ISET, ICMP, FLO, POPC, PRMT, ISCADD32I (GI7).
constexpr std::array<Row, 22> kCompare{{
    {"PSETP", top(13), 0x5090000000000000, {{kBop24, kBop45}},
     {{C(3, kP3), C(0, kP3), {K::kPred, 12}, {K::kPred, 29}, kPred39}}, 5},
    {"PSET", top(13), 0x5088000000000000, {{kBf44, kBop24, kBop45}},
     {{kRdCc, {K::kPred, 12}, {K::kPred, 29}, kPred39}}, 4},
    {"ISET", top(12), 0x5b50000000000000, {{kBf44, kIsetpCmp, kU32At48, kIsetpBop}},
     {{kRdCc, kRa, kRb, kPred39}}, 4},
    {"ISET", top(12), 0x4b50000000000000, {{kBf44, kIsetpCmp, kU32At48, kIsetpBop}},
     {{kRdCc, kRa, kCb, kPred39}}, 4},
    {"ISET", top(12) & ~kBit56, 0x3650000000000000, {{kBf44, kIsetpCmp, kU32At48, kIsetpBop}},
     {{kRdCc, kRa, kI20, kPred39}}, 4},
    {"ICMP", top(12), 0x5b40000000000000, {{kIsetpCmp, kU32At48}}, {{kRd, kRa, kRb, kRc}}, 4},
    {"ICMP", top(12), 0x4b40000000000000, {{kIsetpCmp, kU32At48}}, {{kRd, kRa, kCb, kRc}}, 4},
    {"ICMP", top(12) & ~kBit56, 0x3640000000000000, {{kIsetpCmp, kU32At48}},
     {{kRd, kRa, kI20, kRc}}, 4},
    {"ICMP", top(12), 0x5340000000000000, {{kIsetpCmp, kU32At48}},
     {{kRd, kRa, {K::kRegB, 39}, kCb}}, 4},
    {"FLO", top(13), 0x5c30000000000000, {{kU32At48, {41, 1, kNoSh}}}, {{kRdCc, C(20, kRbInv40)}}, 2},
    {"FLO", top(13), 0x4c30000000000000, {{kU32At48, {41, 1, kNoSh}}}, {{kRdCc, C(20, kCbInv40)}}, 2},
    {"FLO", top(13) & ~kBit56, 0x3830000000000000, {{kU32At48, {41, 1, kNoSh}}},
     {{kRdCc, C(20, kI20Inv40)}}, 2},
    {"POPC", top(13), 0x5c08000000000000, {}, {{kRd, C(20, kRbInv40)}}, 2},
    {"POPC", top(13), 0x4c08000000000000, {}, {{kRd, C(20, kCbInv40)}}, 2},
    {"POPC", top(13) & ~kBit56, 0x3808000000000000, {}, {{kRd, C(20, kI20Inv40)}}, 2},
    {"PRMT", top(12), 0x5bc0000000000000, {{{48, 4, kPmode}}}, {{kRd, kRa, kRb, kRc}}, 4},
    {"PRMT", top(12), 0x4bc0000000000000, {{{48, 4, kPmode}}}, {{kRd, kRa, kCb, kRc}}, 4},
    {"PRMT", top(12) & ~kBit56, 0x36c0000000000000, {{{48, 4, kPmode}}}, {{kRd, kRa, kI20, kRc}}, 4},
    {"PRMT", top(12), 0x53c0000000000000, {{{48, 4, kPmode}}},
     {{kRd, kRa, {K::kRegB, 39}, kCb}}, 4},
    {"ISCADD32I", top(6), 0x1400000000000000, {},
     {{{K::kReg, 0, 0, 52}, kRa, C(20, kI32s), {K::kImm5, 53}}}, 4},
    {"CSET", top(13), 0x5098000000000000, {{kBf44, {8, 5, kCcTest}, kBop45}},
     {{kRdCc, C(51, kCcLit), kPred39}}, 3},
    {"CSETP", top(13), 0x50a0000000000000, {{{8, 5, kCcTest}, kBop45}},
     {{C(3, kP3), C(0, kP3), C(53, kCcLit), kPred39}}, 4},
}};

// P2R, R2P, IMAD, IMAD32I, IMADSP, IMUL, IMUL32I, LEPC, CS2R, VOTE (GI8). IMAD's and IMAD32I's
// both negations print ".PO" (the .PO row comes first, the other rows leave the negations free).
constexpr Mod kImadSign{48, 6, kSign6}, kImadHi{54, 1, kNoHi}, kImadSat{50, 1, kNoSat},
    kImadX{49, 1, kNoX};
// The .PO rows come first and must not take a text without ".PO": their value 0 (never printed,
// the row's match sets the bit) has a name no mnemonic contains.
constexpr std::array<std::string_view, 2> kPoOnly{"\n", ".PO"};
constexpr Mod kImadPo{51, 1, kPoOnly};
constexpr std::array<Row, 30> kMul{{
    {"P2R", top(13), 0x5ce8000000000000, {{{41, 2, kByteNames}}},
     {{kRd, C(40, kPrCc), kRa, kRb}}, 4},
    {"P2R", top(13), 0x4ce8000000000000, {{{41, 2, kByteNames}}},
     {{kRd, C(40, kPrCc), kRa, kCb}}, 4},
    {"P2R", top(13) & ~kBit56, 0x38e8000000000000, {{{41, 2, kByteNames}}},
     {{kRd, C(40, kPrCc), kRa, kI20}}, 4},
    {"R2P", top(13), 0x5cf0000000000000, {}, {{C(40, kPrCc), C(8, kR2pRa), kRb}}, 3},
    {"R2P", top(13), 0x4cf0000000000000, {}, {{C(40, kPrCc), C(8, kR2pRa), kCb}}, 3},
    {"R2P", top(13) & ~kBit56, 0x38f0000000000000, {}, {{C(40, kPrCc), C(8, kR2pRa), C(20, kI20u)}}, 3},
    {"IMAD", top(9) | uint64_t{3} << 51, 0x5a18000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}}, {{kRdCc, kRa, kRb, kRc}}, 4},
    {"IMAD", top(9), 0x5a00000000000000, {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kRegA, 8, 52}, kRb, {K::kRegC, 39, 51}}}, 4},
    {"IMAD", top(9) | uint64_t{3} << 51, 0x4a18000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}}, {{kRdCc, kRa, kCb, kRc}}, 4},
    {"IMAD", top(9), 0x4a00000000000000, {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kRegA, 8, 52}, kCb, {K::kRegC, 39, 51}}}, 4},
    {"IMAD", (top(9) & ~kBit56) | uint64_t{3} << 51, 0x3418000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}}, {{kRdCc, kRa, kI20, kRc}}, 4},
    {"IMAD", top(9) & ~kBit56, 0x3400000000000000, {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kRegA, 8, 52}, kI20, {K::kRegC, 39, 51}}}, 4},
    {"IMAD", top(9) | uint64_t{3} << 51, 0x5218000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}}, {{kRdCc, kRa, {K::kRegB, 39}, kCb}}, 4},
    {"IMAD", top(9), 0x5200000000000000, {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kRegA, 8, 52}, {K::kRegB, 39}, {K::kCBank, 20, 51}}}, 4},
    {"IMAD32I", top(6) | uint64_t{3} << 55, 0x1180000000000000,
     {{{54, 4, kSign4}, {53, 1, kNoHi}, {55, 1, kPoOnly}}},
     {{{K::kReg, 0, 0, 52}, kRa, C(20, kI32s), kRd}}, 4},
    {"IMAD32I", top(6), 0x1000000000000000, {{{54, 4, kSign4}, {53, 1, kNoHi}}},
     {{{K::kReg, 0, 0, 52}, {K::kRegA, 8, 56}, C(20, kI32s), {K::kReg, 0, 55}}}, 4},
    {"IMADSP", top(9) | uint64_t{1} << 52, 0x5a80000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, kRb, kRc}}, 4},
    {"IMADSP", top(9) | uint64_t{3} << 51, 0x5a90000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, kRb, kRc}}, 4},
    {"IMADSP", top(9) | uint64_t{1} << 52, 0x4a80000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, kCb, kRc}}, 4},
    {"IMADSP", top(9) | uint64_t{3} << 51, 0x4a90000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, kCb, kRc}}, 4},
    {"IMADSP", (top(9) & ~kBit56) | uint64_t{1} << 52, 0x3480000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, kI20, kRc}}, 4},
    {"IMADSP", (top(9) & ~kBit56) | uint64_t{3} << 51, 0x3490000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, kI20, kRc}}, 4},
    {"IMADSP", top(9) | uint64_t{1} << 52, 0x5280000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, {K::kRegB, 39}, kCb}}, 4},
    {"IMADSP", top(9) | uint64_t{3} << 51, 0x5290000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}}, {{kRdCc, kRa, {K::kRegB, 39}, kCb}}, 4},
    {"IMUL", top(13), 0x5c38000000000000, {{{40, 2, kSign2}, {39, 1, kNoHi}}},
     {{kRdCc, kRa, kRb}}, 3},
    {"IMUL", top(13), 0x4c38000000000000, {{{40, 2, kSign2}, {39, 1, kNoHi}}},
     {{kRdCc, kRa, kCb}}, 3},
    {"IMUL", top(13) & ~kBit56, 0x3838000000000000, {{{40, 2, kSign2}, {39, 1, kNoHi}}},
     {{kRdCc, kRa, kI20}}, 3},
    {"IMUL32I", top(8), 0x1f00000000000000, {{{54, 2, kSign2}, {53, 1, kNoHi}}},
     {{{K::kReg, 0, 0, 52}, kRa, C(20, kI32s)}}, 3},
    {"LEPC", top(13), 0x50d0000000000000, {}, {{kRd}}, 1},
    {"CS2R", top(13), 0x50c8000000000000, {}, {{kRd, {K::kSpecial, 20}}}, 2},
}};
constexpr std::array<std::string_view, 1> kVtg{".VTG"};
constexpr std::array<std::string_view, 4> kVtgMode{".R", ".A", ".RA", ".INVALIDVTGMODE3"};
constexpr CustomKind kHex28 = deco<Deco{.base = Base::kHex, .hex_bits = 28}>(28);
constexpr std::array<Row, 2> kVoteRow{{
    {"VOTE", top(13), 0x50d8000000000000, {{{48, 2, kVote}}},
     {{C(0, kRdOpt), C(45, kP3), kPred39}}, 3},
    {"VOTE", top(13), 0x50e0000000000000, {{{56, 1, kVtg}, {48, 2, kVtgMode}}},
     {{C(20, kHex28)}}, 1},
}};

}  // namespace

std::span<const Row> int_rows() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> v;
    for (std::span<const Row> g : {std::span<const Row>(kXmad), std::span<const Row>(kLogic),
                                     std::span<const Row>(kArith), std::span<const Row>(kBits),
 std::span<const Row>(kCompare), std::span<const Row>(kMul), std::span<const Row>(kVoteRow)}) v.insert(v.end(), g.begin(), g.end());
    return v;
  }();
  return rows;
}

}  // namespace texsim::isa::sass::generic
