// The int family of the generic table (generic_table.hpp), first file: XMAD, ISETP, LOP, LOP3,
// IADD32I, IADD3, SHF, LEA, BFE, BFI, IMNMX as nvdisasm 11.8 prints them (issue 29, GI1-GI6).
#include <string>
#include <vector>

#include "isa/sass/generic_int_kinds.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace int_detail {
namespace {

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

// ISETP, LOP, LOP32I, LOP3 (GI3, GI6): register, constant and immediate forms.
constexpr std::array<Row, 10> kLogic{{
    {"ISETP",
     top(12),
     0x5b60000000000000,
     {{kIsetpCmp, kU32At48, kIsetpBop}},
     {{opnd(3, kP3), opnd(0, kP3), kRa, kRb, kPred39}},
     5},
    {"ISETP",
     top(12),
     0x4b60000000000000,
     {{kIsetpCmp, kU32At48, kIsetpBop}},
     {{opnd(3, kP3), opnd(0, kP3), kRa, kCb, kPred39}},
     5},
    {"ISETP",
     top(12) & ~kBit56,
     0x3660000000000000,
     {{kIsetpCmp, kU32At48, kIsetpBop}},
     {{opnd(3, kP3), opnd(0, kP3), kRa, kI20, kPred39}},
     5},
    {"LOP",
     top(13),
     0x5c40000000000000,
     {{{41, 2, kLop}, kX43, {44, 2, kPop}}},
     {{opnd(48, kP3Opt), kRdCc, opnd(8, kRaInv39), opnd(20, kRbInv40)}},
     4},
    {"LOP",
     top(13),
     0x4c40000000000000,
     {{{41, 2, kLop}, kX43, {44, 2, kPop}}},
     {{opnd(48, kP3Opt), kRdCc, opnd(8, kRaInv39), opnd(20, kCbInv40)}},
     4},
    {"LOP",
     top(13) & ~kBit56,
     0x3840000000000000,
     {{{41, 2, kLop}, kX43, {44, 2, kPop}}},
     {{opnd(48, kP3Opt), kRdCc, opnd(8, kRaInv39), opnd(20, kI20Inv40)}},
     4},
    {"LOP32I",
     top(6),
     0x0400000000000000,
     {{{53, 2, kLop}, {57, 1, kNoX}}},
     {{{K::kReg, 0, 0, 52}, opnd(8, kRaInv55), opnd(20, kI32Inv56)}},
     3},
    {"LOP3",
     top(13),
     0x5be0000000000000,
     {{{58, 1, kLut}, {38, 1, kNoX}, {36, 2, kPop}}},
     {{opnd(48, kP3Opt), kRdCc, kRa, kRb, kRc, opnd(28, kHex8)}},
     6},
    {"LOP3",
     top(6),
     0x3c00000000000000,
     {{{63, 1, kLut}, {57, 1, kNoX}}},
     {{kRdCc, kRa, kI20, kRc, opnd(48, kHex8)}},
     5},
    {"LOP3",
     top(7),
     0x0200000000000000,
     {{{63, 1, kLut}, {56, 1, kNoX}}},
     {{kRdCc, kRa, kCb, kRc, opnd(48, kHex8)}},
     5},
}};

// IADD32I, IADD3, SHF, LEA, LEA.HI (GI4, GI6).
constexpr std::array<Row, 14> kArith{{
    {"IADD32I",
     top(9) & ~kBit56,
     0x1c00000000000000,
     {{{54, 1, kNoSat}, {53, 1, kNoX}}},
     {{{K::kReg, 0, 0, 52}, {K::kRegA, 8, 56}, opnd(20, kI32s)}},
     3},
    // Both negations (bits 56 and 55) print ".PO"; bit 55 alone is rejected by nvdisasm.
    {"IADD32I",
     top(9) | kBit56,
     0x1d80000000000000,
     {{{55, 1, kNoPo}, {54, 1, kNoSat}, {53, 1, kNoX}}},
     {{{K::kReg, 0, 0, 52}, kRa, opnd(20, kI32s)}},
     3},
    {"IADD3",
     top(12),
     0x5cc0000000000000,
     {{{37, 2, kIadd3Mode}, {48, 1, kNoX}}},
     {{kRdCc, opnd(8, kIadd3Ra), opnd(20, kIadd3Rb), opnd(31, kIadd3Rc)}},
     4},
    {"IADD3",
     top(12),
     0x4cc0000000000000,
     {{{48, 1, kNoX}}},
     {{kRdCc, {K::kRegA, 8, 51}, {K::kCBank, 20, 50}, {K::kRegC, 39, 49}}},
     4},
    {"IADD3",
     top(12) & ~kBit56,
     0x38c0000000000000,
     {{{48, 1, kNoX}}},
     {{kRdCc, {K::kRegA, 8, 51}, opnd(20, kIadd3Imm), {K::kRegC, 39, 49}}},
     4},
    {"SHF",
     top(13),
     0x5bf8000000000000,
     {{{58, 1, kShfL}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, kRb, kRc}},
     4},
    {"SHF",
     top(13),
     0x5cf8000000000000,
     {{{56, 1, kShfR}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, kRb, kRc}},
     4},
    {"SHF",
     top(13) & ~kBit56,
     0x36f8000000000000,
     {{{59, 1, kShfL}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, opnd(20, kHex6), kRc}},
     4},
    {"SHF",
     top(13) & ~kBit56,
     0x38f8000000000000,
     {{{57, 1, kShfR}, {50, 1, kNoW}, {37, 2, kMaxShift}, {48, 2, kShfX}}},
     {{kRdCc, kRa, opnd(20, kHex6), kRc}},
     4},
    {"LEA",
     top(13),
     0x5bd0000000000000,
     {{{46, 1, kNoX}}},
     {{opnd(48, kP3Opt), kRdCc, {K::kRegA, 8, 45}, kRb, opnd(39, kSh5Opt)}},
     5},
    {"LEA",
     top(13),
     0x4bd0000000000000,
     {{{46, 1, kNoX}}},
     {{opnd(48, kP3Opt), kRdCc, {K::kRegA, 8, 45}, kCb, opnd(39, kSh5Opt)}},
     5},
    {"LEA",
     top(13) & ~kBit56,
     0x36d0000000000000,
     {{{46, 1, kNoX}}},
     {{opnd(48, kP3Opt), kRdCc, {K::kRegA, 8, 45}, kI20, opnd(39, kSh5Opt)}},
     5},
    {"LEA",
     top(13),
     0x5bd8000000000000,
     {{{58, 1, kHi}, {38, 1, kNoX}}},
     {{opnd(48, kP3Opt), kRdCc, {K::kRegA, 8, 37}, kRb, kRc, opnd(28, kSh5Opt)}},
     6},
    {"LEA",
     top(6),
     0x1800000000000000,
     {{{63, 1, kHi}, {57, 1, kNoX}}},
     {{opnd(48, kP3Opt), kRdCc, {K::kRegA, 8, 56}, kCb, kRc, opnd(51, kSh5Opt)}},
     6},
}};

// BFE, BFI, IMNMX (GI6).
constexpr std::array<Row, 10> kBits{{
    {"BFE", top(13), 0x5c00000000000000, {{kU32At48, {40, 1, kNoBrev}}}, {{kRdCc, kRa, kRb}}, 3},
    {"BFE", top(13), 0x4c00000000000000, {{kU32At48, {40, 1, kNoBrev}}}, {{kRdCc, kRa, kCb}}, 3},
    {"BFE",
     top(13) & ~kBit56,
     0x3800000000000000,
     {{kU32At48, {40, 1, kNoBrev}}},
     {{kRdCc, kRa, kI20}},
     3},
    {"BFI", top(13), 0x5bf0000000000000, {}, {{kRdCc, kRa, kRb, kRc}}, 4},
    {"BFI", top(13), 0x4bf0000000000000, {}, {{kRdCc, kRa, kCb, kRc}}, 4},
    {"BFI", top(13) & ~kBit56, 0x36f0000000000000, {}, {{kRdCc, kRa, kI20, kRc}}, 4},
    {"BFI", top(13), 0x53f0000000000000, {}, {{kRdCc, kRa, {K::kRegB, 39}, kCb}}, 4},
    {"IMNMX",
     top(13),
     0x5c20000000000000,
     {{kU32At48, {43, 2, kXm}}},
     {{kRdCc, kRa, kRb, kPred39}},
     4},
    {"IMNMX",
     top(13),
     0x4c20000000000000,
     {{kU32At48, {43, 2, kXm}}},
     {{kRdCc, kRa, kCb, kPred39}},
     4},
    {"IMNMX",
     top(13) & ~kBit56,
     0x3820000000000000,
     {{kU32At48, {43, 2, kXm}}},
     {{kRdCc, kRa, kI20, kPred39}},
     4},
}};

}  // namespace
}  // namespace int_detail

std::span<const Row> int_rows() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> v;
    for (std::span<const Row> g :
         {std::span<const Row>(int_detail::kXmad), std::span<const Row>(int_detail::kLogic),
          std::span<const Row>(int_detail::kArith), std::span<const Row>(int_detail::kBits)})
      v.insert(v.end(), g.begin(), g.end());
    return v;
  }();
  return rows;
}

}  // namespace texsim::isa::sass::generic
