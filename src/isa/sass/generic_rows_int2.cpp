// The int family of the generic table (generic_table.hpp), second file: PSETP, PSET, ISET, ICMP,
// FLO, POPC, PRMT, ISCADD32I, CSET(P), P2R, R2P, IMAD(32I), IMADSP, IMUL(32I), LEPC, CS2R, VOTE
// (GI3-GI7).
#include <string>
#include <vector>

#include "isa/sass/generic_int_kinds.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace int_detail {
namespace {

// Modifier names built at compile time (GI5): name v of a field is the concatenation of parts
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
  for (size_t v = 0; v < (size_t{1} << Span); ++v)
    s.add(v, kPair[(v & 1) | (v >> (Span - 1) & 1) << 1]);
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
// FLO's and POPC's source (b): nvdisasm prints no ".reuse" on it.
constexpr CustomKind kRbInvNoReuse = deco<Deco{.base = Base::kReg, .pre = 20}>(21);
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
constexpr std::array<std::string_view, 4> kVote{".ALL", ".ANY", ".EQ", ".INVALIDVMODE3"};
constexpr std::array<std::string_view, 16> kPmode{
    "",      ".F4E",  ".B4E",   ".RC8",   ".ECL",   ".ECR",   ".RC16",  ".INVALIDPMODE7",
    ".???8", ".???9", ".???10", ".???11", ".???12", ".???13", ".???14", ".???15"};
constexpr Mod kBop24{24, 2, kBop}, kBop45{45, 2, kBop}, kBf44{44, 1, kNoBf};

// PSETP, PSET, ISET, ICMP, FLO, POPC, PRMT, ISCADD32I (GI3, GI6).
constexpr std::array<Row, 22> kCompare{{
    {"PSETP",
     top(13),
     0x5090000000000000,
     {{kBop24, kBop45}},
     {{opnd(3, kP3), opnd(0, kP3), {K::kPred, 12}, {K::kPred, 29}, kPred39}},
     5},
    {"PSET",
     top(13),
     0x5088000000000000,
     {{kBf44, kBop24, kBop45}},
     {{kRdCc, {K::kPred, 12}, {K::kPred, 29}, kPred39}},
     4},
    {"ISET",
     top(12),
     0x5b50000000000000,
     {{kBf44, kIsetpCmp, kU32At48, kIsetpBop}},
     {{kRdCc, kRa, kRb, kPred39}},
     4},
    {"ISET",
     top(12),
     0x4b50000000000000,
     {{kBf44, kIsetpCmp, kU32At48, kIsetpBop}},
     {{kRdCc, kRa, kCb, kPred39}},
     4},
    {"ISET",
     top(12) & ~kBit56,
     0x3650000000000000,
     {{kBf44, kIsetpCmp, kU32At48, kIsetpBop}},
     {{kRdCc, kRa, kI20, kPred39}},
     4},
    {"ICMP", top(12), 0x5b40000000000000, {{kIsetpCmp, kU32At48}}, {{kRd, kRa, kRb, kRc}}, 4},
    {"ICMP", top(12), 0x4b40000000000000, {{kIsetpCmp, kU32At48}}, {{kRd, kRa, kCb, kRc}}, 4},
    {"ICMP",
     top(12) & ~kBit56,
     0x3640000000000000,
     {{kIsetpCmp, kU32At48}},
     {{kRd, kRa, kI20, kRc}},
     4},
    {"ICMP",
     top(12),
     0x5340000000000000,
     {{kIsetpCmp, kU32At48}},
     {{kRd, kRa, {K::kRegB, 39}, kCb}},
     4},
    {"FLO",
     top(13),
     0x5c30000000000000,
     {{kU32At48, {41, 1, kNoSh}}},
     {{kRdCc, opnd(20, kRbInvNoReuse)}},
     2},
    {"FLO",
     top(13),
     0x4c30000000000000,
     {{kU32At48, {41, 1, kNoSh}}},
     {{kRdCc, opnd(20, kCbInv40)}},
     2},
    {"FLO",
     top(13) & ~kBit56,
     0x3830000000000000,
     {{kU32At48, {41, 1, kNoSh}}},
     {{kRdCc, opnd(20, kI20Inv40)}},
     2},
    {"POPC", top(13), 0x5c08000000000000, {}, {{kRd, opnd(20, kRbInvNoReuse)}}, 2},
    {"POPC", top(13), 0x4c08000000000000, {}, {{kRd, opnd(20, kCbInv40)}}, 2},
    {"POPC", top(13) & ~kBit56, 0x3808000000000000, {}, {{kRd, opnd(20, kI20Inv40)}}, 2},
    {"PRMT", top(12), 0x5bc0000000000000, {{{48, 4, kPmode}}}, {{kRd, kRa, kRb, kRc}}, 4},
    {"PRMT", top(12), 0x4bc0000000000000, {{{48, 4, kPmode}}}, {{kRd, kRa, kCb, kRc}}, 4},
    {"PRMT",
     top(12) & ~kBit56,
     0x36c0000000000000,
     {{{48, 4, kPmode}}},
     {{kRd, kRa, kI20, kRc}},
     4},
    {"PRMT",
     top(12),
     0x53c0000000000000,
     {{{48, 4, kPmode}}},
     {{kRd, kRa, {K::kRegB, 39}, kCb}},
     4},
    {"ISCADD32I",
     top(6),
     0x1400000000000000,
     {},
     {{{K::kReg, 0, 0, 52}, kRa, opnd(20, kI32s), {K::kImm5, 53}}},
     4},
    {"CSET",
     top(13),
     0x5098000000000000,
     {{kBf44, {8, 5, kCcTest}, kBop45}},
     {{kRdCc, opnd(51, kCcLit), kPred39}},
     3},
    {"CSETP",
     top(13),
     0x50a0000000000000,
     {{{8, 5, kCcTest}, kBop45}},
     {{opnd(3, kP3), opnd(0, kP3), opnd(53, kCcLit), kPred39}},
     4},
}};

// P2R, R2P, IMAD, IMAD32I, IMADSP, IMUL, IMUL32I, LEPC, CS2R, VOTE (GI4-GI6). IMAD's and IMAD32I's
// both negations print ".PO" (the .PO row comes first, the other rows leave the negations free).
// IMAD, IMAD32I, IMADSP, IMUL, IMUL32I: nvdisasm prints no ".reuse" on their sources (GI7).
constexpr Opnd kRaN{K::kReg, 8}, kRbN{K::kReg, 20}, kRcN{K::kReg, 39}, kRb39{K::kReg, 39};
constexpr Mod kImadSign{48, 6, kSign6}, kImadHi{54, 1, kNoHi}, kImadSat{50, 1, kNoSat},
    kImadX{49, 1, kNoX};
// The .PO rows come first and must not take a text without ".PO": their value 0 (never printed,
// the row's match sets the bit) has a name no mnemonic contains.
constexpr std::array<std::string_view, 2> kPoOnly{"\n", ".PO"};
constexpr Mod kImadPo{51, 1, kPoOnly};
constexpr std::array<Row, 30> kMul{{
    {"P2R",
     top(13),
     0x5ce8000000000000,
     {{{41, 2, kByteNames}}},
     {{kRd, opnd(40, kPrCc), kRa, kRb}},
     4},
    {"P2R",
     top(13),
     0x4ce8000000000000,
     {{{41, 2, kByteNames}}},
     {{kRd, opnd(40, kPrCc), kRa, kCb}},
     4},
    {"P2R",
     top(13) & ~kBit56,
     0x38e8000000000000,
     {{{41, 2, kByteNames}}},
     {{kRd, opnd(40, kPrCc), kRa, kI20}},
     4},
    {"R2P", top(13), 0x5cf0000000000000, {}, {{opnd(40, kPrCc), opnd(8, kR2pRa), kRb}}, 3},
    {"R2P", top(13), 0x4cf0000000000000, {}, {{opnd(40, kPrCc), opnd(8, kR2pRa), kCb}}, 3},
    {"R2P",
     top(13) & ~kBit56,
     0x38f0000000000000,
     {},
     {{opnd(40, kPrCc), opnd(8, kR2pRa), opnd(20, kI20u)}},
     3},
    {"IMAD",
     top(9) | uint64_t{3} << 51,
     0x5a18000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}},
     {{kRdCc, kRaN, kRbN, kRcN}},
     4},
    {"IMAD",
     top(9),
     0x5a00000000000000,
     {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kReg, 8, 52}, kRbN, {K::kReg, 39, 51}}},
     4},
    {"IMAD",
     top(9) | uint64_t{3} << 51,
     0x4a18000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}},
     {{kRdCc, kRaN, kCb, kRcN}},
     4},
    {"IMAD",
     top(9),
     0x4a00000000000000,
     {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kReg, 8, 52}, kCb, {K::kReg, 39, 51}}},
     4},
    {"IMAD",
     (top(9) & ~kBit56) | uint64_t{3} << 51,
     0x3418000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}},
     {{kRdCc, kRaN, kI20, kRcN}},
     4},
    {"IMAD",
     top(9) & ~kBit56,
     0x3400000000000000,
     {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kReg, 8, 52}, kI20, {K::kReg, 39, 51}}},
     4},
    {"IMAD",
     top(9) | uint64_t{3} << 51,
     0x5218000000000000,
     {{kImadSign, kImadHi, kImadPo, kImadSat, kImadX}},
     {{kRdCc, kRaN, kRb39, kCb}},
     4},
    {"IMAD",
     top(9),
     0x5200000000000000,
     {{kImadSign, kImadHi, kImadSat, kImadX}},
     {{kRdCc, {K::kReg, 8, 52}, kRb39, {K::kCBank, 20, 51}}},
     4},
    {"IMAD32I",
     top(6) | uint64_t{3} << 55,
     0x1180000000000000,
     {{{54, 4, kSign4}, {53, 1, kNoHi}, {55, 1, kPoOnly}}},
     {{{K::kReg, 0, 0, 52}, kRaN, opnd(20, kI32s), kRd}},
     4},
    {"IMAD32I",
     top(6),
     0x1000000000000000,
     {{{54, 4, kSign4}, {53, 1, kNoHi}}},
     {{{K::kReg, 0, 0, 52}, {K::kReg, 8, 56}, opnd(20, kI32s), {K::kReg, 0, 55}}},
     4},
    {"IMADSP",
     top(9) | uint64_t{1} << 52,
     0x5a80000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kRbN, kRcN}},
     4},
    {"IMADSP",
     top(9) | uint64_t{3} << 51,
     0x5a90000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kRbN, kRcN}},
     4},
    {"IMADSP",
     top(9) | uint64_t{1} << 52,
     0x4a80000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kCb, kRcN}},
     4},
    {"IMADSP",
     top(9) | uint64_t{3} << 51,
     0x4a90000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kCb, kRcN}},
     4},
    {"IMADSP",
     (top(9) & ~kBit56) | uint64_t{1} << 52,
     0x3480000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kI20, kRcN}},
     4},
    {"IMADSP",
     (top(9) & ~kBit56) | uint64_t{3} << 51,
     0x3490000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kI20, kRcN}},
     4},
    {"IMADSP",
     top(9) | uint64_t{1} << 52,
     0x5280000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kRb39, kCb}},
     4},
    {"IMADSP",
     top(9) | uint64_t{3} << 51,
     0x5290000000000000,
     {{{48, 3, kImadspA}, {48, 7, kImadspBc}}},
     {{kRdCc, kRaN, kRb39, kCb}},
     4},
    {"IMUL",
     top(13),
     0x5c38000000000000,
     {{{40, 2, kSign2}, {39, 1, kNoHi}}},
     {{kRdCc, kRaN, kRbN}},
     3},
    {"IMUL",
     top(13),
     0x4c38000000000000,
     {{{40, 2, kSign2}, {39, 1, kNoHi}}},
     {{kRdCc, kRaN, kCb}},
     3},
    {"IMUL",
     top(13) & ~kBit56,
     0x3838000000000000,
     {{{40, 2, kSign2}, {39, 1, kNoHi}}},
     {{kRdCc, kRaN, kI20}},
     3},
    {"IMUL32I",
     top(8),
     0x1f00000000000000,
     {{{54, 2, kSign2}, {53, 1, kNoHi}}},
     {{{K::kReg, 0, 0, 52}, kRaN, opnd(20, kI32s)}},
     3},
    {"LEPC", top(13), 0x50d0000000000000, {}, {{kRd}}, 1},
    {"CS2R", top(13), 0x50c8000000000000, {}, {{kRd, {K::kSpecial, 20}}}, 2},
}};
constexpr std::array<std::string_view, 1> kVtg{".VTG"};
constexpr std::array<std::string_view, 4> kVtgMode{".R", ".A", ".RA", ".INVALIDVTGMODE3"};
constexpr CustomKind kHex28 = deco<Deco{.base = Base::kHex, .hex_bits = 28}>(28);
constexpr std::array<Row, 2> kVoteRow{{
    {"VOTE",
     top(13),
     0x50d8000000000000,
     {{{48, 2, kVote}}},
     {{opnd(0, kRdOpt), opnd(45, kP3), kPred39}},
     3},
    {"VOTE",
     top(13),
     0x50e0000000000000,
     {{{56, 1, kVtg}, {48, 2, kVtgMode}}},
     {{opnd(20, kHex28)}},
     1},
}};

}  // namespace
}  // namespace int_detail

std::span<const Row> int2_rows() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> v;
    for (std::span<const Row> g :
         {std::span<const Row>(int_detail::kCompare), std::span<const Row>(int_detail::kMul),
          std::span<const Row>(int_detail::kVoteRow)})
      v.insert(v.end(), g.begin(), g.end());
    return v;
  }();
  return rows;
}

}  // namespace texsim::isa::sass::generic
