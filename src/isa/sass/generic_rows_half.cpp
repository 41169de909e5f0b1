// The half-precision family of the generic table (generic_table.hpp): HADD2, HMUL2, HFMA2, their
// _32I forms, HSET2 and HSETP2 as nvdisasm 11.8 prints them from SM52 on (issue 29, GH1-GH4).
#include <charconv>

#include "isa/sass/generic_float_kinds.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

using flt::Fp;

// A source register with its half swizzle (GH2): the register's 8 bits at RegLo, the swizzle's 2
// bits at SwzLo print after it: "", ".F32", ".H0_H0", ".H1_H1" ("R3.H1_H1"; ".reuse" follows).
constexpr std::array<std::string_view, 4> kSwz{"", ".F32", ".H0_H0", ".H1_H1"};

constexpr unsigned lo_of(unsigned a, unsigned b) {
  return a < b ? a : b;
}

template <unsigned RegLo, unsigned SwzLo>
std::optional<std::string> hreg_text(uint64_t v, const Ctx& /*ctx*/) {
  constexpr unsigned kLo = lo_of(RegLo, SwzLo);
  const uint64_t r = v >> (RegLo - kLo) & 0xff;
  return (r == 255 ? std::string("RZ") : "R" + std::to_string(r)) +
         std::string(kSwz[v >> (SwzLo - kLo) & 3]);
}

template <unsigned RegLo, unsigned SwzLo>
std::optional<uint64_t> hreg_parse(std::string_view t, const Ctx& /*ctx*/) {
  constexpr unsigned kLo = lo_of(RegLo, SwzLo);
  uint64_t v = 0;
  for (uint64_t s = 1; s < 4; ++s) {
    if (t.ends_with(kSwz[s])) {
      t.remove_suffix(kSwz[s].size());
      v = s << (SwzLo - kLo);
      break;
    }
  }
  if (t == "RZ") return v | uint64_t{255} << (RegLo - kLo);
  unsigned r = 0;
  if (!t.starts_with("R") || t.size() < 2) return std::nullopt;
  const auto res = std::from_chars(t.data() + 1, t.data() + t.size(), r);
  if (res.ec != std::errc{} || res.ptr != t.data() + t.size() || r > 254) return std::nullopt;
  return v | uint64_t{r} << (RegLo - kLo);
}

constexpr unsigned hreg_width(unsigned reg_lo, unsigned swz_lo) {
  return (reg_lo + 8 > swz_lo + 2 ? reg_lo + 8 : swz_lo + 2) - lo_of(reg_lo, swz_lo);
}

template <unsigned RegLo, unsigned SwzLo, unsigned Reuse>
constexpr CustomKind kHreg{hreg_width(RegLo, SwzLo), &hreg_text<RegLo, SwzLo>,
                           &hreg_parse<RegLo, SwzLo>, std::nullopt, Reuse};

// A swizzled register operand with its '-' and '|x|' bits (0: none).
template <unsigned RegLo, unsigned SwzLo, unsigned Reuse, unsigned Neg = 0, unsigned Abs = 0>
constexpr Opnd hreg() {
  return {K::kCustom,
          static_cast<uint8_t>(lo_of(RegLo, SwzLo)),
          static_cast<uint8_t>(Neg),
          0,
          &kHreg<RegLo, SwzLo, Reuse>,
          static_cast<uint8_t>(Abs)};
}

// One half of an immediate pair (GH3). The 20-bit forms hold a half's bits 14:6 (9 bits at
// ValLo, its low 6 bits zero) and its sign at SignBit; the _32I forms a whole half (16 bits at
// ValLo, SignBit 0). nvdisasm prints each as its float immediates ("-0.0 " with a space).
template <unsigned ValLo, unsigned SignBit>
uint64_t half_of(uint64_t v) {
  if constexpr (SignBit == 0) {
    return v & 0xffff;
  } else {
    return (v & 0x1ff) << 6 | (v >> (SignBit - ValLo) & 1) << 15;
  }
}

template <unsigned ValLo, unsigned SignBit>
std::optional<std::string> himm_text(uint64_t v, const Ctx& /*ctx*/) {
  return flt::fp_text(flt::fp_value(Fp::k16, half_of<ValLo, SignBit>(v)));
}

template <unsigned ValLo, unsigned SignBit>
std::optional<uint64_t> himm_parse(std::string_view t, const Ctx& ctx) {
  const auto d = flt::fp_parse(t);
  if (!d) return std::nullopt;
  const uint64_t h = flt::fp_bits(Fp::k16, *d);
  uint64_t v = h;
  if constexpr (SignBit != 0) {
    if ((h & 0x3f) != 0) return std::nullopt;
    v = (h >> 6 & 0x1ff) | (h >> 15) << (SignBit - ValLo);
  }
  // Only nvdisasm's own spelling of the number reads back (NaNs: the quiet one).
  if (himm_text<ValLo, SignBit>(v, ctx) != std::string(t) &&
      himm_text<ValLo, SignBit>(v, ctx) != std::string(t) + " ")
    return std::nullopt;
  return v;
}

template <unsigned ValLo, unsigned SignBit>
constexpr CustomKind kHimm{SignBit == 0 ? 16u : SignBit + 1 - ValLo, &himm_text<ValLo, SignBit>,
                           &himm_parse<ValLo, SignBit>};

template <unsigned ValLo, unsigned SignBit>
constexpr Opnd himm() {
  return {K::kCustom, static_cast<uint8_t>(ValLo), 0, 0, &kHimm<ValLo, SignBit>};
}

// The 20-bit forms' pair: the first printed at 38:30 (sign 56), the second at 28:20 (sign 29);
// the _32I forms': the first half at 51:36, the second at 35:20.
constexpr Opnd kImmHi = himm<30, 56>(), kImmLo = himm<20, 29>();
constexpr Opnd kImm32Hi = himm<36, 0>(), kImm32Lo = himm<20, 0>();

constexpr Opnd kRd{K::kReg, 0}, kPc{K::kPred, 39};
constexpr Opnd kPd{K::kCustom, 3, 0, 0, &flt::kPred3}, kPnd{K::kCustom, 0, 0, 0, &flt::kPred3};
// a: register 15:8, swizzle 48:47, '-' 43, '|a|' 44 (GH2).
constexpr Opnd kA = hreg<8, 47, 1, 43, 44>(), kAnoNeg = hreg<8, 47, 1, 0, 44>();
// b in the register forms: 27:20, swizzle 29:28, '-' 31, '|b|' 30.
constexpr Opnd kB = hreg<20, 28, 2, 31, 30>();

constexpr std::array<std::string_view, 4> kOut{"", ".F32", ".MRG_H0", ".MRG_H1"};
constexpr std::array<std::string_view, 4> kFmz{"", ".FTZ", ".FMZ", ".INVALID"};
constexpr std::array<std::string_view, 2> kNoHand{"", ".H_AND"};
// HSET2 names boolean 3 "???3", HSETP2 "INVALIDBOP3" (GH4).
constexpr std::array<std::string_view, 4> kSetBop{".AND", ".OR", ".XOR", ".???3"};

constexpr uint64_t kC55 = uint64_t{1} << 55;  // bit 55: a constant, else an immediate pair

// The immediate-pair and constant forms' modifiers: output 50:49, SAT 52; HMUL2 FTZ/FMZ 40:39,
// HADD2 FTZ 39, HFMA2 FTZ/FMZ 58:57; HSET2 BF 53, compare 52:49, FTZ 54, boolean 46:45;
// HSETP2 compare 52:49, H_AND 53, FTZ 6.
constexpr std::array<Mod, 6> kMulMods{{{49, 2, kOut}, {39, 2, kFmz}, {52, 1, flt::kNoSat}}};
constexpr std::array<Mod, 6> kAddMods{{{49, 2, kOut}, {39, 1, flt::kNoFtz}, {52, 1, flt::kNoSat}}};
constexpr std::array<Mod, 6> kFmaMods{{{49, 2, kOut}, {57, 2, kFmz}, {52, 1, flt::kNoSat}}};
// HFMA2's register-constant form names FTZ/FMZ 3 "INVALIDFMZ3", its other forms "INVALID".
constexpr std::array<Mod, 6> kFmaRcMods{{{49, 2, kOut}, {57, 2, flt::kFmz}, {52, 1, flt::kNoSat}}};
constexpr std::array<Mod, 6> kSetMods{
    {{53, 1, flt::kNoBf}, {49, 4, flt::kCmp}, {54, 1, flt::kNoFtz}, {45, 2, kSetBop}}};
constexpr std::array<Mod, 6> kSetpMods{
    {{49, 4, flt::kCmp}, {53, 1, kNoHand}, {6, 1, flt::kNoFtz}, {45, 2, flt::kBop}}};

constexpr std::array<Row, 19> kRows{{
    // The register forms: opcode 63:51; output 50:49, SAT 32 (GH1).
    {"HFMA2",
     top(13),
     0x5d00000000000000,
     {{{49, 2, kOut}, {37, 2, kFmz}, {32, 1, flt::kNoSat}}},
     {{kRd, hreg<8, 47, 1>(), hreg<20, 28, 2, 31>(), hreg<39, 35, 4, 30>()}},
     4,
     false,
     true,
     52},
    {"HMUL2",
     top(13),
     0x5d08000000000000,
     {{{49, 2, kOut}, {39, 2, kFmz}, {32, 1, flt::kNoSat}}},
     {{kRd, kAnoNeg, kB}},
     3,
     false,
     true,
     52},
    {"HADD2",
     top(13),
     0x5d10000000000000,
     {{{49, 2, kOut}, {39, 1, flt::kNoFtz}, {32, 1, flt::kNoSat}}},
     {{kRd, kA, kB}},
     3,
     false,
     true,
     52},
    {"HSET2",
     top(13),
     0x5d18000000000000,
     {{{49, 1, flt::kNoBf}, {35, 4, flt::kCmp}, {50, 1, flt::kNoFtz}, {45, 2, kSetBop}}},
     {{kRd, kA, kB, kPc}},
     4,
     false,
     true,
     52},
    {"HSETP2",
     top(13),
     0x5d20000000000000,
     {{{35, 4, flt::kCmp}, {49, 1, kNoHand}, {6, 1, flt::kNoFtz}, {45, 2, flt::kBop}}},
     {{kPd, kPnd, kA, kB, kPc}},
     5,
     false,
     true,
     52},
    // The immediate-pair and constant forms: opcode 63:57, bit 55 (GH1, GH3).
    {"HMUL2",
     top(7) | kC55,
     0x7800000000000000,
     kMulMods,
     {{kRd, kA, kImmHi, kImmLo}},
     4,
     false,
     true,
     52},
    {"HMUL2",
     top(7) | kC55,
     0x7880000000000000,
     kMulMods,
     {{kRd, kAnoNeg, {K::kCBank, 20, 43, 0, nullptr, 54}}},
     3,
     false,
     true,
     52},
    {"HADD2",
     top(7) | kC55,
     0x7a00000000000000,
     kAddMods,
     {{kRd, kA, kImmHi, kImmLo}},
     4,
     false,
     true,
     52},
    {"HADD2",
     top(7) | kC55,
     0x7a80000000000000,
     kAddMods,
     {{kRd, kA, {K::kCBank, 20, 56, 0, nullptr, 54}}},
     3,
     false,
     true,
     52},
    {"HSET2",
     top(7) | kC55,
     0x7c00000000000000,
     kSetMods,
     {{kRd, kA, kImmHi, kImmLo, kPc}},
     5,
     false,
     true,
     52},
    {"HSET2",
     top(7) | kC55,
     0x7c80000000000000,
     kSetMods,
     {{kRd, kA, {K::kCBank, 20, 56}, kPc}},
     4,
     false,
     true,
     52},
    {"HSETP2",
     top(7) | kC55,
     0x7e00000000000000,
     kSetpMods,
     {{kPd, kPnd, kA, kImmHi, kImmLo, kPc}},
     6,
     false,
     true,
     52},
    {"HSETP2",
     top(7) | kC55,
     0x7e80000000000000,
     kSetpMods,
     {{kPd, kPnd, kA, {K::kCBank, 20, 56, 0, nullptr, 54}, kPc}},
     5,
     false,
     true,
     52},
    {"HFMA2",
     top(5) | kC55,
     0x7000000000000000,
     kFmaMods,
     {{kRd, hreg<8, 47, 1>(), kImmHi, kImmLo, hreg<39, 53, 4, 51>()}},
     5,
     false,
     true,
     52},
    {"HFMA2",
     top(5) | kC55,
     0x7080000000000000,
     kFmaMods,
     {{kRd, hreg<8, 47, 1>(), {K::kCBank, 20, 56}, hreg<39, 53, 4, 51>()}},
     4,
     false,
     true,
     52},
    {"HFMA2",
     top(5) | kC55,
     0x6080000000000000,
     kFmaRcMods,
     {{kRd, hreg<8, 47, 1>(), hreg<39, 53, 2, 56>(), {K::kCBank, 20, 51}}},
     4,
     false,
     true,
     52},
    // The _32I forms: opcode 63:57, a's swizzle 54:53, the pair 51:20 (GH3).
    {"HFMA2_32I",
     top(7),
     0x2800000000000000,
     {{{55, 2, flt::kFmz}}},
     {{kRd, hreg<8, 53, 1>(), kImm32Hi, kImm32Lo, {K::kRegC, 0, 52}}},
     5,
     false,
     true,
     52},
    {"HMUL2_32I",
     top(7),
     0x2a00000000000000,
     {{{55, 2, kFmz}, {52, 1, flt::kNoSat}}},
     {{kRd, hreg<8, 53, 1>(), kImm32Hi, kImm32Lo}},
     4,
     false,
     true,
     52},
    {"HADD2_32I",
     top(7),
     0x2c00000000000000,
     {{{55, 1, flt::kNoFtz}, {52, 1, flt::kNoSat}}},
     {{kRd, hreg<8, 53, 1, 56>(), kImm32Hi, kImm32Lo}},
     4,
     false,
     true,
     52},
}};

}  // namespace

std::span<const Row> half_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
