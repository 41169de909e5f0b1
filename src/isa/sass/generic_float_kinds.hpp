// The float family's field kinds and modifier names (generic_rows_float*.cpp): nvdisasm 11.8's
// float immediates, conversion selectors and the name tables of FFMA..F2F (issue 29, GF1-GF9).
#pragma once

#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic::flt {

constexpr uint64_t kBit56 = uint64_t{1} << 56;

// nvdisasm's float immediate text (GF1): "+INF ", "-QNAN " (a float's NaN reads as a quiet
// double; a double's signalling NaN is "+SNAN "), "-0.0 " (these
// with a space), "0", integers below 1e9 in full, other integers "%.20e", the rest "%.20g".
inline std::string fp_text(double v) {
  if (std::isnan(v)) {
    const bool quiet = (std::bit_cast<uint64_t>(v) >> 51 & 1) != 0;
    return std::string(std::signbit(v) ? "-" : "+") + (quiet ? "QNAN " : "SNAN ");
  }
  if (std::isinf(v)) return v < 0 ? "-INF " : "+INF ";
  if (v == 0) return std::signbit(v) ? "-0.0 " : "0";
  char buf[64];
  const char* fmt = v != std::trunc(v) ? "%.20g" : std::fabs(v) < 1e9 ? "%.0f" : "%.20e";
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

// fp_text's inverse (nullopt: not a number nvdisasm prints); NaNs read as the quiet NaN.
inline std::optional<double> fp_parse(std::string_view t) {
  if (t.ends_with(" ")) t.remove_suffix(1);
  const bool neg = t.starts_with("-");
  if (neg || t.starts_with("+")) t.remove_prefix(1);
  double v = 0;
  if (t == "INF") {
    v = INFINITY;
  } else if (t == "QNAN") {
    v = NAN;
  } else if (t == "SNAN") {
    v = std::bit_cast<double>(uint64_t{0x7ff4} << 48);
  } else {
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc{} || r.ptr != t.data() + t.size()) return std::nullopt;
  }
  return neg ? -v : v;
}

// The layouts of a float immediate (bits from 20): the top 19 bits of a float with the sign at
// bit 56, a whole float, the top 19 bits of a double with the sign at bit 56, or a half in the
// low 16 bits (F2I from F16: bit 56 is not read).
enum class Fp : uint8_t { k20, k32, kD20, k16 };

// The field of an immediate with its negation and absolute bits (word positions, 0: none): it
// starts at the lowest of them and bit 20, and ends past the highest and the number's sign.
constexpr unsigned fp_lo(unsigned neg, unsigned abs) {
  unsigned lo = 20;
  for (unsigned b : {neg, abs})
    if (b != 0 && b < lo) lo = b;
  return lo;
}
constexpr unsigned fp_width(Fp f, unsigned neg, unsigned abs) {
  unsigned hi = f == Fp::k32 ? 51 : 56;
  for (unsigned b : {neg, abs})
    if (b > hi) hi = b;
  return hi + 1 - fp_lo(neg, abs);
}

// The number of an immediate's bits (from bit 20).
inline double fp_value(Fp f, uint64_t v) {
  if (f == Fp::k16) {
    const uint64_t e = v >> 10 & 0x1f, m = v & 0x3ff;
    const double mag = e == 0x1f ? (m != 0 ? NAN : INFINITY)
                       : e == 0
                           ? std::ldexp(static_cast<double>(m), -24)
                           : std::ldexp(static_cast<double>(m | 0x400), static_cast<int>(e) - 25);
    return (v >> 15 & 1) != 0 ? -mag : mag;
  }
  const uint64_t sign = f == Fp::k32 ? v >> 31 & 1 : v >> 36 & 1;
  if (f == Fp::kD20) return std::bit_cast<double>((v & 0x7ffff) << 44 | sign << 63);
  const uint64_t b = f == Fp::k32 ? v & 0x7fffffff : (v & 0x7ffff) << 12;
  const float x = std::bit_cast<float>(static_cast<uint32_t>(b | sign << 31));
  return std::isnan(x) ? std::copysign(NAN, static_cast<double>(x)) : static_cast<double>(x);
}

// fp_value's inverse (bits from 20); NaNs encode as the quiet NaN.
inline uint64_t fp_bits(Fp f, double d) {
  if (f == Fp::k16) {
    const uint64_t sign = std::signbit(d) ? 0x8000 : 0;
    const double a = std::fabs(d);
    if (std::isnan(d)) return sign | 0x7e00;
    if (std::isinf(d)) return sign | 0x7c00;
    int e = 0;
    const double fr = std::frexp(a, &e);  // a = fr * 2^e, fr in [0.5, 1)
    if (a == 0) return sign;
    if (e < -13) return sign | static_cast<uint64_t>(std::ldexp(a, 24));
    return sign | static_cast<uint64_t>(e + 14) << 10 |
           (static_cast<uint64_t>(std::ldexp(fr, 11)) & 0x3ff);
  }
  if (f == Fp::kD20) {
    const uint64_t b = std::bit_cast<uint64_t>(d);
    return (b >> 44 & 0x7ffff) | (b >> 63) << 36;
  }
  const auto fl = static_cast<float>(d);
  uint64_t b = std::bit_cast<uint32_t>(fl);
  if (std::isnan(fl)) b = std::signbit(fl) ? 0xffc00000 : 0x7fc00000;
  return f == Fp::k32 ? b : (b >> 12 & 0x7ffff) | (b >> 31) << 36;
}

// An immediate's text: the number, then ".NEG" and ".ABS" for its negation and absolute bits.
// (H1: F2I's ".H1" selector, bit 41, after them.)
template <Fp F, unsigned Neg, unsigned Abs, bool H1>
std::optional<std::string> fimm_text(uint64_t v, const Ctx& /*ctx*/) {
  constexpr unsigned kLo = fp_lo(Neg, Abs);
  std::string t = fp_text(fp_value(F, v >> (20 - kLo)));
  if constexpr (Neg != 0) t += (v >> (Neg - kLo) & 1) != 0 ? ".NEG" : "";
  if constexpr (Abs != 0) t += (v >> (Abs - kLo) & 1) != 0 ? ".ABS" : "";
  if constexpr (H1) t += (v >> (41 - kLo) & 1) != 0 ? ".H1" : "";
  return t;
}

template <Fp F, unsigned Neg, unsigned Abs, bool H1>
std::optional<uint64_t> fimm_parse(std::string_view t, const Ctx& /*ctx*/) {
  constexpr unsigned kLo = fp_lo(Neg, Abs);
  uint64_t flags = 0;
  if constexpr (H1) {
    if (t.ends_with(".H1")) {
      t.remove_suffix(3);
      flags |= uint64_t{1} << (41 - kLo);
    }
  }
  if constexpr (Abs != 0) {
    if (t.ends_with(".ABS")) {
      t.remove_suffix(4);
      flags |= uint64_t{1} << (Abs - kLo);
    }
  }
  if constexpr (Neg != 0) {
    if (t.ends_with(".NEG")) {
      t.remove_suffix(4);
      flags |= uint64_t{1} << (Neg - kLo);
    }
  }
  const auto d = fp_parse(t);
  if (!d) return std::nullopt;
  return flags | fp_bits(F, *d) << (20 - kLo);
}

template <Fp F, unsigned Neg = 0, unsigned Abs = 0, bool H1 = false>
constexpr CustomKind kFimm{fp_width(F, Neg, Abs), &fimm_text<F, Neg, Abs, H1>,
                           &fimm_parse<F, Neg, Abs, H1>};

template <Fp F, unsigned Neg = 0, unsigned Abs = 0, bool H1 = false>
constexpr Opnd fimm() {
  return {K::kCustom, static_cast<uint8_t>(fp_lo(Neg, Abs)), 0, 0, &kFimm<F, Neg, Abs, H1>};
}

// A converted operand's byte or half selector (bits 42:41) after it: ".B1".."B3", or for a
// 16-bit source (H) ".INVALIDSIZE1", ".H1", ".INVALIDSIZE3".
// (F2I: kH1, ".H1" for bit 41 alone.)
enum class Sel : uint8_t { kB, kH, kH1 };

template <Sel H>
std::string_view sel_text(uint64_t s) {
  constexpr std::array<std::string_view, 4> kB{"", ".B1", ".B2", ".B3"};
  constexpr std::array<std::string_view, 4> kH{"", ".INVALIDSIZE1", ".H1", ".INVALIDSIZE3"};
  constexpr std::array<std::string_view, 4> kH1{"", ".H1", "", ".H1"};
  return H == Sel::kH ? kH[s & 3] : H == Sel::kB ? kB[s & 3] : kH1[s & 3];
}

// Splits a selector suffix off `t`: its value, 0 when there is none.
template <Sel H>
uint64_t take_sel(std::string_view& t) {
  for (uint64_t s = 1; s < 4; ++s) {  // the lowest value: kH1's ".H1" is bit 41 alone
    if (sel_text<H>(s).empty()) continue;
    if (t.ends_with(sel_text<H>(s))) {
      t.remove_suffix(sel_text<H>(s).size());
      return s;
    }
  }
  return 0;
}

inline std::string hex_text(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

inline std::optional<uint64_t> hex_value(std::string_view t) {
  uint64_t v = 0;
  if (!t.starts_with("0x") || t.size() < 3 || t.size() > 10) return std::nullopt;
  const auto r = std::from_chars(t.data() + 2, t.data() + t.size(), v, 16);
  if (r.ec != std::errc{} || r.ptr != t.data() + t.size()) return std::nullopt;
  return v;
}

// The selected operand, bits 42:20 from bit 20: a register (bits 27:20), a constant in nvdisasm's
// spelling for conversions, "c[0x0] [0x4]" (bank 38:34, word offset 33:20), or an immediate
// (bits 38:20, sign 56) followed by ".NEG" (45), ".ABS" (49), then the selector.
enum class Src : uint8_t { kReg, kConst, kImm };

template <Src S, Sel H>
std::optional<std::string> sel_opnd_text(uint64_t v, const Ctx& /*ctx*/) {
  std::string t;
  if (S == Src::kReg) {
    t = (v & 0xff) == 255 ? std::string("RZ") : "R" + std::to_string(v & 0xff);
  } else if (S == Src::kConst) {
    const uint64_t off = (v & 0x3fff) << 2;
    t = "c[" + hex_text(v >> 14 & 0x1f) + "] [" +
        ((off & 0x8000) != 0 ? "-" + hex_text(0x10000 - off) : hex_text(off)) + "]";
  } else {
    const uint64_t n = (v & 0x7ffff) | (v >> 36 & 1) << 19;
    t = (n & 0x80000) != 0 ? "-" + hex_text(0x100000 - n) : hex_text(n);
    t += (v >> 25 & 1) != 0 ? ".NEG" : "";
    t += (v >> 29 & 1) != 0 ? ".ABS" : "";
  }
  return t + std::string(sel_text<H>(v >> 21));
}

template <Src S, Sel H>
std::optional<uint64_t> sel_opnd_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t v = take_sel<H>(t) << 21;
  if (S == Src::kReg) {
    if (t == "RZ") return v | 255;
    unsigned r = 0;
    const auto res = std::from_chars(t.data() + 1, t.data() + t.size(), r);
    if (!t.starts_with("R") || res.ec != std::errc{} || res.ptr != t.data() + t.size() || r > 254)
      return std::nullopt;
    return v | r;
  }
  if (S == Src::kConst) {
    const size_t mid = t.find("] [");
    if (!t.starts_with("c[") || !t.ends_with("]") || mid == std::string_view::npos)
      return std::nullopt;
    const bool neg = t.substr(mid + 3).starts_with("-");
    const auto bank = hex_value(t.substr(2, mid - 2));
    const auto off =
        hex_value(t.substr(mid + 3 + (neg ? 1 : 0), t.size() - mid - 4 - (neg ? 1 : 0)));
    if (!bank || !off || *bank > 0x1f || *off > 0x10000) return std::nullopt;
    return v | *bank << 14 | ((neg ? 0x10000 - *off : *off) & 0xffff) >> 2;
  }
  for (const auto& [suffix, bit] : {std::pair{std::string_view(".ABS"), 29u}, {".NEG", 25u}}) {
    if (t.ends_with(suffix)) {
      t.remove_suffix(suffix.size());
      v |= uint64_t{1} << bit;
    }
  }
  const bool neg = t.starts_with("-");
  const auto n = hex_value(neg ? t.substr(1) : t);
  if (!n || *n > 0x80000) return std::nullopt;
  const uint64_t m = (neg ? 0x100000 - *n : *n) & 0xfffff;
  return v | (m & 0x7ffff) | (m >> 19) << 36;
}

template <Src S, Sel H>
constexpr CustomKind kSelOpnd{S == Src::kImm ? 37u : 23u, &sel_opnd_text<S, H>,
                              &sel_opnd_parse<S, H>, std::nullopt, S == Src::kReg ? 2u : 0u};

template <Src S, Sel H>
constexpr Opnd sel_opnd() {
  const uint8_t neg = S == Src::kImm ? 0 : 45, abs = S == Src::kImm ? 0 : 49;
  return {K::kCustom, 20, neg, 0, &kSelOpnd<S, H>, abs};
}

// A predicate destination: 3 bits, 7 is PT.
inline std::optional<std::string> pred3_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == 7 ? std::string("PT") : "P" + std::to_string(v);
}
constexpr CustomKind kPred3{3, &pred3_text};

constexpr Opnd kRd{K::kReg, 0, 0, 47}, kRa{K::kRegA, 8}, kPc{K::kPred, 39},
    kPd{K::kCustom, 3, 0, 0, &kPred3}, kPnd{K::kCustom, 0, 0, 0, &kPred3};
constexpr std::array<std::string_view, 2> kNoSat{"", ".SAT"}, kNoFtz{"", ".FTZ"};
constexpr std::array<std::string_view, 4> kRnd{"", ".RM", ".RP", ".RZ"},
    kFmz{"", ".FTZ", ".FMZ", ".INVALIDFMZ3"};
constexpr std::array<std::string_view, 4> kBop{".AND", ".OR", ".XOR", ".INVALIDBOP3"};
constexpr std::array<std::string_view, 2> kNoBf{"", ".BF"};
constexpr std::array<std::string_view, 16> kCmp{".F",   ".LT",  ".EQ",  ".LE",  ".GT",  ".NE",
                                                ".GE",  ".NUM", ".NAN", ".LTU", ".EQU", ".LEU",
                                                ".GTU", ".NEU", ".GEU", ".T"};
// FCMP prints GT as nothing (GF4); one field with FTZ (bit 47) so that ".FTZ" alone reads as GT.
constexpr std::array<std::string_view, 32> kFcmpCmpFtz{
    ".F",   ".F.FTZ",   ".LT",  ".LT.FTZ",  ".EQ",  ".EQ.FTZ",  ".LE",  ".LE.FTZ",
    "",     ".FTZ",     ".NE",  ".NE.FTZ",  ".GE",  ".GE.FTZ",  ".NUM", ".NUM.FTZ",
    ".NAN", ".NAN.FTZ", ".LTU", ".LTU.FTZ", ".EQU", ".EQU.FTZ", ".LEU", ".LEU.FTZ",
    ".GTU", ".GTU.FTZ", ".NEU", ".NEU.FTZ", ".GEU", ".GEU.FTZ", ".T",   ".T.FTZ"};
// The SQRT row's bit 20 is always 0 (its function bits 23:20 are fixed to 8).
constexpr std::array<std::string_view, 1> kSqrt{".SQRT"};
// MUFU.SQRT is SM52's (SM50 prints function 8 as INVALIDMUFUOPCODE8): a row of its own
// before the general one (GF6).
constexpr std::array<std::string_view, 16> kMufuSm50{".COS",
                                                     ".SIN",
                                                     ".EX2",
                                                     ".LG2",
                                                     ".RCP",
                                                     ".RSQ",
                                                     ".RCP64H",
                                                     ".RSQ64H",
                                                     ".INVALIDMUFUOPCODE8",
                                                     ".INVALIDMUFUOPCODE9",
                                                     ".INVALIDMUFUOPCODEA",
                                                     ".INVALIDMUFUOPCODEB",
                                                     ".INVALIDMUFUOPCODEC",
                                                     ".INVALIDMUFUOPCODED",
                                                     ".INVALIDMUFUOPCODEE",
                                                     ".INVALIDMUFUOPCODEF"};
constexpr std::array<std::string_view, 64> kChk{
    ".DIVIDE",           ".INVALIDCHKMODE1",  ".INVALIDCHKMODE2",  ".INVALIDCHKMODE3",
    ".INVALIDCHKMODE4",  ".INVALIDCHKMODE5",  ".INVALIDCHKMODE6",  ".INVALIDCHKMODE7",
    ".INVALIDCHKMODE8",  ".INVALIDCHKMODE9",  ".INVALIDCHKMODE10", ".INVALIDCHKMODE11",
    ".INVALIDCHKMODE12", ".INVALIDCHKMODE13", ".INVALIDCHKMODE14", ".INVALIDCHKMODE15",
    ".INVALIDCHKMODE16", ".INVALIDCHKMODE17", ".INVALIDCHKMODE18", ".INVALIDCHKMODE19",
    ".INVALIDCHKMODE20", ".INVALIDCHKMODE21", ".INVALIDCHKMODE22", ".INVALIDCHKMODE23",
    ".INVALIDCHKMODE24", ".INVALIDCHKMODE25", ".INVALIDCHKMODE26", ".INVALIDCHKMODE27",
    ".INVALIDCHKMODE28", ".INVALIDCHKMODE29", ".INVALIDCHKMODE30", ".INVALIDCHKMODE31",
    ".INVALIDCHKMODE32", ".INVALIDCHKMODE33", ".INVALIDCHKMODE34", ".INVALIDCHKMODE35",
    ".INVALIDCHKMODE36", ".INVALIDCHKMODE37", ".INVALIDCHKMODE38", ".INVALIDCHKMODE39",
    ".INVALIDCHKMODE40", ".INVALIDCHKMODE41", ".INVALIDCHKMODE42", ".INVALIDCHKMODE43",
    ".INVALIDCHKMODE44", ".INVALIDCHKMODE45", ".INVALIDCHKMODE46", ".INVALIDCHKMODE47",
    ".INVALIDCHKMODE48", ".INVALIDCHKMODE49", ".INVALIDCHKMODE50", ".INVALIDCHKMODE51",
    ".INVALIDCHKMODE52", ".INVALIDCHKMODE53", ".INVALIDCHKMODE54", ".INVALIDCHKMODE55",
    ".INVALIDCHKMODE56", ".INVALIDCHKMODE57", ".INVALIDCHKMODE58", ".INVALIDCHKMODE59",
    ".INVALIDCHKMODE60", ".INVALIDCHKMODE61", ".INVALIDCHKMODE62", ".INVALIDCHKMODE63"};
constexpr std::array<std::string_view, 2> kRro{".SINCOS", ".EX2"};
// Integer conversions (GF7): I2I's types (bits 13:8: destination size 9:8 and sign 12, source
// size 11:10 and sign 13) and I2F's source type (size 11:10, sign 13; bit 12 unused).
constexpr std::array<std::string_view, 64> kI2iTypes{
    ".U8.U8",         ".U16.U8",        ".U32.U8",        ".???6.U8",      ".U8.U16",
    ".U16.U16",       ".U32.U16",       ".???6.U16",      ".U8.U32",       ".U16.U32",
    ".U32.U32",       ".???6.U32",      ".U8.INVALID6",   ".U16.INVALID6", ".U32.INVALID6",
    ".???6.INVALID6", ".S8.U8",         ".S16.U8",        ".S32.U8",       ".???7.U8",
    ".S8.U16",        ".S16.U16",       ".S32.U16",       ".???7.U16",     ".S8.U32",
    ".S16.U32",       ".S32.U32",       ".???7.U32",      ".S8.INVALID6",  ".S16.INVALID6",
    ".S32.INVALID6",  ".???7.INVALID6", ".U8.S8",         ".U16.S8",       ".U32.S8",
    ".???6.S8",       ".U8.S16",        ".U16.S16",       ".U32.S16",      ".???6.S16",
    ".U8.S32",        ".U16.S32",       ".U32.S32",       ".???6.S32",     ".U8.INVALID7",
    ".U16.INVALID7",  ".U32.INVALID7",  ".???6.INVALID7", ".S8.S8",        ".S16.S8",
    ".S32.S8",        ".???7.S8",       ".S8.S16",        ".S16.S16",      ".S32.S16",
    ".???7.S16",      ".S8.S32",        ".S16.S32",       ".S32.S32",      ".???7.S32",
    ".S8.INVALID7",   ".S16.INVALID7",  ".S32.INVALID7",  ".???7.INVALID7"};
// I2F's types, bits 13:8 (destination 9:8; source size 11:10, sign 13, bit 12 unread); the
// 16-bit rows' array names only sources of size 1.
constexpr std::array<std::string_view, 64> kI2fTypes{
    ".INVALIDFPSRC0.U8",  ".F16.U8",  ".F32.U8",  ".F64.U8",
    ".INVALIDFPSRC0.U16", ".F16.U16", ".F32.U16", ".F64.U16",
    ".INVALIDFPSRC0.U32", ".F16.U32", ".F32.U32", ".F64.U32",
    ".INVALIDFPSRC0.U64", ".F16.U64", ".F32.U64", ".F64.U64",
    ".INVALIDFPSRC0.U8",  ".F16.U8",  ".F32.U8",  ".F64.U8",
    ".INVALIDFPSRC0.U16", ".F16.U16", ".F32.U16", ".F64.U16",
    ".INVALIDFPSRC0.U32", ".F16.U32", ".F32.U32", ".F64.U32",
    ".INVALIDFPSRC0.U64", ".F16.U64", ".F32.U64", ".F64.U64",
    ".INVALIDFPSRC0.S8",  ".F16.S8",  ".F32.S8",  ".F64.S8",
    ".INVALIDFPSRC0.S16", ".F16.S16", ".F32.S16", ".F64.S16",
    ".INVALIDFPSRC0.S32", ".F16.S32", ".F32.S32", ".F64.S32",
    ".INVALIDFPSRC0.S64", ".F16.S64", ".F32.S64", ".F64.S64",
    ".INVALIDFPSRC0.S8",  ".F16.S8",  ".F32.S8",  ".F64.S8",
    ".INVALIDFPSRC0.S16", ".F16.S16", ".F32.S16", ".F64.S16",
    ".INVALIDFPSRC0.S32", ".F16.S32", ".F32.S32", ".F64.S32",
    ".INVALIDFPSRC0.S64", ".F16.S64", ".F32.S64", ".F64.S64"};
constexpr std::array<std::string_view, 64> kI2fTypes16{"",
                                                       "",
                                                       "",
                                                       "",
                                                       ".INVALIDFPSRC0.U16",
                                                       ".F16.U16",
                                                       ".F32.U16",
                                                       ".F64.U16",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       ".INVALIDFPSRC0.U16",
                                                       ".F16.U16",
                                                       ".F32.U16",
                                                       ".F64.U16",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       ".INVALIDFPSRC0.S16",
                                                       ".F16.S16",
                                                       ".F32.S16",
                                                       ".F64.S16",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       ".INVALIDFPSRC0.S16",
                                                       ".F16.S16",
                                                       ".F32.S16",
                                                       ".F64.S16",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       "",
                                                       ""};
// I2I with a 16-bit source: the destination's type from bits 12:8 (11:10 fixed to 1, the other
// values unreachable and empty), the source's sign from bit 13.
constexpr std::array<std::string_view, 32> kI2iDst16{
    "", "", "", "", ".U8", ".U16", ".U32", ".???6", "", "", "", "", "", "", "", "",
    "", "", "", "", ".S8", ".S16", ".S32", ".???7", "", "", "", "", "", "", "", ""};
constexpr std::array<std::string_view, 2> kI2f16{".U16", ".S16"};
// F2I's types (GF8): bits 12:8, destination size 9:8 and sign 12, source 11:10; the
// immediate rows fix the source, their arrays name only it (the other values are unreachable).
constexpr std::array<std::string_view, 32> kF2iTypes{
    ".INVALID0.INVALIDFPSRC0", ".U16.INVALIDFPSRC0", ".U32.INVALIDFPSRC0", ".U64.INVALIDFPSRC0",
    ".INVALID0.F16",           ".U16.F16",           ".U32.F16",           ".U64.F16",
    ".INVALID0.F32",           ".U16.F32",           ".U32.F32",           ".U64.F32",
    ".INVALID0.F64",           ".U16.F64",           ".U32.F64",           ".U64.F64",
    ".INVALID1.INVALIDFPSRC0", ".S16.INVALIDFPSRC0", ".S32.INVALIDFPSRC0", ".S64.INVALIDFPSRC0",
    ".INVALID1.F16",           ".S16.F16",           ".S32.F16",           ".S64.F16",
    ".INVALID1.F32",           ".S16.F32",           ".S32.F32",           ".S64.F32",
    ".INVALID1.F64",           ".S16.F64",           ".S32.F64",           ".S64.F64"};
constexpr std::array<std::string_view, 32> kF2iTypes0{".INVALID0.INVALIDFPSRC0",
                                                      ".U16.INVALIDFPSRC0",
                                                      ".U32.INVALIDFPSRC0",
                                                      ".U64.INVALIDFPSRC0",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ".INVALID1.INVALIDFPSRC0",
                                                      ".S16.INVALIDFPSRC0",
                                                      ".S32.INVALIDFPSRC0",
                                                      ".S64.INVALIDFPSRC0",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ""};
constexpr std::array<std::string_view, 32> kF2iTypes1{"",
                                                      "",
                                                      "",
                                                      "",
                                                      ".INVALID0.F16",
                                                      ".U16.F16",
                                                      ".U32.F16",
                                                      ".U64.F16",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ".INVALID1.F16",
                                                      ".S16.F16",
                                                      ".S32.F16",
                                                      ".S64.F16",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ""};
constexpr std::array<std::string_view, 32> kF2iTypes2{"",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ".INVALID0.F32",
                                                      ".U16.F32",
                                                      ".U32.F32",
                                                      ".U64.F32",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ".INVALID1.F32",
                                                      ".S16.F32",
                                                      ".S32.F32",
                                                      ".S64.F32",
                                                      "",
                                                      "",
                                                      "",
                                                      ""};
constexpr std::array<std::string_view, 32> kF2iTypes3{"",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ".INVALID0.F64",
                                                      ".U16.F64",
                                                      ".U32.F64",
                                                      ".U64.F64",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      "",
                                                      ".INVALID1.F64",
                                                      ".S16.F64",
                                                      ".S32.F64",
                                                      ".S64.F64"};
constexpr std::array<std::string_view, 4> kF2iRnd{"", ".FLOOR", ".CEIL", ".TRUNC"};
// F2F (GF9): types 11:8 (destination 9:8, source 11:10); rounding 42:39 reads as RN/RM/RP/RZ
// (bits 41:40 unread) between different types, as ""/PASS or ROUND/FLOOR/CEIL/TRUNC (bit 42)
// between equal ones, which therefore have rows of their own (types fixed; other values empty).
// An F16 source has F2I's ".H1" (bit 41) and "c[0x0] [0x0]"; rows by source fix bits 11:10.
constexpr std::array<std::string_view, 16> kF2fTypes{".INVALIDFPDEST0.INVALIDFPSRC0",
                                                     ".F16.INVALIDFPSRC0",
                                                     ".F32.INVALIDFPSRC0",
                                                     ".F64.INVALIDFPSRC0",
                                                     ".INVALIDFPDEST0.F16",
                                                     ".F16.F16",
                                                     ".F32.F16",
                                                     ".F64.F16",
                                                     ".INVALIDFPDEST0.F32",
                                                     ".F16.F32",
                                                     ".F32.F32",
                                                     ".F64.F32",
                                                     ".INVALIDFPDEST0.F64",
                                                     ".F16.F64",
                                                     ".F32.F64",
                                                     ".F64.F64"};
constexpr std::array<std::string_view, 16> kF2fSame0{
    ".INVALIDFPDEST0.INVALIDFPSRC0", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""};
constexpr std::array<std::string_view, 16> kF2fSame5{"", "", "", "", "", ".F16.F16", "", "",
                                                     "", "", "", "", "", "",         "", ""};
constexpr std::array<std::string_view, 16> kF2fSame10{"", "", "",         "", "", "", "", "",
                                                      "", "", ".F32.F32", "", "", "", "", ""};
constexpr std::array<std::string_view, 16> kF2fSame15{"", "", "", "", "", "", "", "",
                                                      "", "", "", "", "", "", "", ".F64.F64"};
constexpr std::array<std::string_view, 16> kF2fSrc0{".INVALIDFPDEST0.INVALIDFPSRC0",
                                                    ".F16.INVALIDFPSRC0",
                                                    ".F32.INVALIDFPSRC0",
                                                    ".F64.INVALIDFPSRC0",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    "",
                                                    ""};
constexpr std::array<std::string_view, 16> kF2fSrc1{
    "", "", "", "", ".INVALIDFPDEST0.F16", ".F16.F16", ".F32.F16", ".F64.F16", "", "", "", "",
    "", "", "", ""};
constexpr std::array<std::string_view, 16> kF2fSrc2{
    "",         "",         "",         "", "", "", "", "", ".INVALIDFPDEST0.F32",
    ".F16.F32", ".F32.F32", ".F64.F32", "", "", "", ""};
constexpr std::array<std::string_view, 16> kF2fSrc3{
    "",         "",         "",        "", "", "", "", "", "", "", "", "", ".INVALIDFPDEST0.F64",
    ".F16.F64", ".F32.F64", ".F64.F64"};
constexpr std::array<std::string_view, 16> kF2fRnd{"",    ".RM", ".RP", ".RZ", "",    ".RM",
                                                   ".RP", ".RZ", "",    ".RM", ".RP", ".RZ",
                                                   "",    ".RM", ".RP", ".RZ"};
constexpr std::array<std::string_view, 16> kF2fSameRnd{
    "",       ".PASS",  ".PASS", ".PASS",  "",       ".PASS",  ".PASS", ".PASS",
    ".ROUND", ".FLOOR", ".CEIL", ".TRUNC", ".ROUND", ".FLOOR", ".CEIL", ".TRUNC"};
constexpr std::array<std::string_view, 8> kScale{"",    ".D2", ".D4", ".D8",
                                                 ".M8", ".M4", ".M2", ".INVALIDSCALE37"};

// FFMA: rounding 52:51, FTZ/FMZ 54:53, SAT 50; b negated by bit 48, c by bit 49 (GF2).
constexpr std::array<Mod, 6> kFfmaMods{{{53, 2, kFmz}, {51, 2, kRnd}, {50, 1, kNoSat}}};
// FMUL: rounding 40:39, scale 43:41, FTZ/FMZ 45:44, SAT 50; b negated by bit 48.
constexpr std::array<Mod, 6> kFmulMods{
    {{44, 2, kFmz}, {41, 3, kScale}, {39, 2, kRnd}, {50, 1, kNoSat}}};
// FADD: rounding 40:39, FTZ 44, SAT 50; a: '-' 48, |a| 46; b: '-' 45, |b| 49.
constexpr std::array<Mod, 6> kFaddMods{{{44, 1, kNoFtz}, {39, 2, kRnd}, {50, 1, kNoSat}}};
constexpr Opnd kFaddA{K::kRegA, 8, 48, 0, nullptr, 46};
// The 32-bit immediate forms: FTZ/FMZ 54:53, SAT 55.
constexpr std::array<Mod, 6> k32iMods{{{53, 2, kFmz}, {55, 1, kNoSat}}};

// FSETP: compare 51:48, FTZ 47, boolean 46:45; a: '-' 43, |a| 7; b: '-' 6, |b| 44 (GF4).
constexpr std::array<Mod, 6> kFsetpMods{{{48, 4, kCmp}, {47, 1, kNoFtz}, {45, 2, kBop}}};
constexpr Opnd kFsetpA{K::kRegA, 8, 43, 0, nullptr, 7};
// FSET: BF 52, compare 51:48, FTZ 55, boolean 46:45; a: '-' 43, |a| 54; b: '-' 53, |b| 44.
constexpr std::array<Mod, 6> kFsetMods{
    {{52, 1, kNoBf}, {48, 4, kCmp}, {55, 1, kNoFtz}, {45, 2, kBop}}};
constexpr Opnd kFsetA{K::kRegA, 8, 43, 0, nullptr, 54};
// FCMP: compare 51:48, FTZ 47; c is a register at 39 or a constant (then b is at 39).
constexpr std::array<Mod, 6> kFcmpMods{{{47, 5, kFcmpCmpFtz}}};
// FMNMX: FTZ 44; a: '-' 48, |a| 46; b: '-' 45, |b| 49 (FADD's layout).
constexpr std::array<Mod, 6> kFmnmxMods{{{44, 1, kNoFtz}}};
// Doubles (GF5): DADD as FADD without FTZ and SAT; DMUL rounding 40:39, b '-' 48; DFMA rounding
// 51:50; DSETP and DSET as FSETP and FSET without FTZ.
constexpr std::array<Mod, 6> kRnd39{{{39, 2, kRnd}}};
constexpr std::array<Mod, 6> kDsetpMods{{{48, 4, kCmp}, {45, 2, kBop}}};
constexpr std::array<Mod, 6> kDsetMods{{{52, 1, kNoBf}, {48, 4, kCmp}, {45, 2, kBop}}};
constexpr uint64_t kImm12 = top(12) & ~kBit56;

constexpr uint64_t kFfmaImm = top(9) & ~kBit56;
constexpr uint64_t kSize = uint64_t{3} << 10;
template <const auto& Types, const auto& Rnd>
constexpr std::array<Mod, 6> kF2fMods{
    {{44, 1, kNoFtz}, {8, 4, Types}, {39, 4, Rnd}, {50, 1, kNoSat}}};
constexpr uint64_t kTypes = uint64_t{0xf} << 8;
template <const auto& Types>
constexpr std::array<Mod, 6> kF2iMods{{{44, 1, kNoFtz}, {8, 5, Types}, {39, 2, kF2iRnd}}};
constexpr Opnd kB2045{K::kRegB, 20, 45, 0, nullptr, 49}, kC2045{K::kCBank, 20, 45, 0, nullptr, 49};
constexpr uint64_t kImm13 = top(13) & ~kBit56;

}  // namespace texsim::isa::sass::generic::flt
