// Every TEXS and TLD4S rule (issue 19): a passing and a failing case; the failing case reports
// exactly that rule. The passing lines are forms ptxas 11.8 emits (tests/vendor/sass).
#include <gtest/gtest.h>

#include <variant>

#include "isa/sass/codec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

std::vector<std::string> ids(std::string_view text, std::string_view platform = "SM61") {
  core::DiagSink sink;
  auto v = parse_program(text, "r.sass", sink);
  for (const auto& i : v) validate(i, platform, sink);
  std::vector<std::string> out;
  for (const auto& d : sink.diagnostics()) out.push_back(d.rule_id);
  return out;
}

using V = std::vector<std::string>;

TEST(SassTexRules, EveryTexsModePasses) {
  EXPECT_EQ(ids("TEXS.LZ RZ, R0, R4, 0x52, 1D, R ;"), V{});
  EXPECT_EQ(ids("TEXS R8, R4, R0, R5, 0x52, 2D, RGBA ;"), V{});
  EXPECT_EQ(ids("TEXS.LZ RZ, R0, R0, R5, 0x52, 2D, R ;"), V{});
  EXPECT_EQ(ids("TEXS.LL R8, R4, R6, R0, 0x52, 2D, RGBA ;"), V{});
  EXPECT_EQ(ids("TEXS.DC RZ, R0, R6, R1, 0x52, 2D, R ;"), V{});
  EXPECT_EQ(ids("TEXS.LL.DC RZ, R0, R6, R8, 0x52, 2D, R ;"), V{});
  EXPECT_EQ(ids("TEXS.LZ.DC RZ, R0, R6, R1, 0x52, 2D, R ;"), V{});
  EXPECT_EQ(ids("TEXS R8, R4, R6, R0, 0x52, ARRAY_2D, RGBA ;"), V{});
  EXPECT_EQ(ids("TEXS.LZ RZ, R0, R6, R0, 0x52, ARRAY_2D, R ;"), V{});
  EXPECT_EQ(ids("TEXS.LZ.DC RZ, R0, R6, R8, 0x52, ARRAY_2D, R ;"), V{});
  EXPECT_EQ(ids("TEXS R12, R8, R4, R6, 0x52, 3D, RGBA ;"), V{});
  EXPECT_EQ(ids("TEXS.LZ RZ, R4, R4, R6, 0x52, 3D, R ;"), V{});
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R7, 0x52, CUBE, RG ;"), V{});
  EXPECT_EQ(ids("TEXS.LL R8, R4, R8, R10, 0x52, CUBE, RGBA ;"), V{});
}

TEST(SassTexRules, TexsLod) {
  EXPECT_EQ(ids("TEXS.LZ.LL RZ, R0, R4, R5, 0x1, 2D, R ;"), V{"SASS-TEXS-LOD"});
  EXPECT_EQ(ids("TEXS.LL RZ, R0, R4, R5, 0x1, 2D, R ;"), V{});
}

TEST(SassTexRules, TexsPhase) {
  EXPECT_EQ(ids("TEXS.T.P RZ, R0, R4, R5, 0x1, 2D, R ;"), V{"SASS-TEXS-PHASE"});
  EXPECT_EQ(ids("TEXS.T RZ, R0, R4, R5, 0x1, 2D, R ;"), V{});
}

TEST(SassTexRules, TexsParamAReserved) {
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x1, ARRAY_1D, R ;"), V{"SASS-TEXS-PARAMA-RESERVED"});
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x1, ARRAY_CUBE, R ;"), V{"SASS-TEXS-PARAMA-RESERVED"});
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x1, CUBE, R ;"), V{});
}

TEST(SassTexRules, TexsEncoding) {
  EXPECT_EQ(ids("TEXS.LL RZ, R0, R4, R6, 0x1, 3D, R ;"), V{"SASS-TEXS-ENCODING"});
  EXPECT_EQ(ids("TEXS RZ, R0, R4, 0x1, 1D, R ;"), V{"SASS-TEXS-ENCODING"});
  EXPECT_EQ(ids("TEXS.DC RZ, R0, R4, R6, 0x1, CUBE, R ;"), V{"SASS-TEXS-ENCODING"});
  EXPECT_EQ(ids("TEXS.LZ RZ, R0, R4, R6, 0x1, 3D, R ;"), V{});
}

TEST(SassTexRules, TexsAlign) {
  EXPECT_EQ(ids("TEXS.LL RZ, R0, R5, R6, 0x1, 2D, R ;"), V{"SASS-TEXS-ALIGN"});
  EXPECT_EQ(ids("TEXS.LL.DC RZ, R0, R4, R7, 0x1, 2D, R ;"), V{"SASS-TEXS-ALIGN"});
  EXPECT_EQ(ids("TEXS RZ, R1, R4, R6, 0x1, 2D, RG ;"), V{"SASS-TEXS-ALIGN"});
  EXPECT_EQ(ids("TEXS RZ, R0, R5, R7, 0x1, 2D, RG ;"), V{});  // 2D: s in Ra, t in Rb
}

TEST(SassTexRules, TexsWriteMask) {
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x1, 2D, RGBA ;"), V{"SASS-TEXS-WMASK"});
  EXPECT_EQ(ids("TEXS R2, R0, R4, R5, 0x1, 2D, RG ;"), V{"SASS-TEXS-WMASK"});
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x1, 2D, GB ;"), V{"SASS-TEXS-WMASK"});
  EXPECT_EQ(ids("TEXS R2, R0, R4, R5, 0x1, 2D, INVALID6 ;"), V{"SASS-TEXS-WMASK"});
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x1, 2D ;"), V{"SASS-TEXS-WMASK"});
  EXPECT_EQ(ids("TEXS R2, R0, R4, R5, 0x1, 2D ;"), V{});  // RGBA by default
}

TEST(SassTexRules, TexsTsIdxAndF16) {
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x2000, 2D, R ;"), V{"SASS-TEXS-TSIDX"});
  EXPECT_EQ(ids("TEXS RZ, R0, R4, R5, 0x1fff, 2D, R ;"), V{});
  EXPECT_EQ(ids("TEXS.F16 RZ, R0, R4, R5, 0x1, 2D, RG ;", "SM50"), V{"SASS-TEXS-F16-SM50"});
  EXPECT_EQ(ids("TEXS.F16 RZ, R0, R4, R5, 0x1, 2D, RG ;", "SM52"), V{});
}

TEST(SassTexRules, EveryTld4sModePasses) {
  EXPECT_EQ(ids("TLD4S.G R8, R4, R0, R5, 0x52 ;"), V{});
  EXPECT_EQ(ids("TLD4S.G.DC R8, R4, R0, R5, 0x52 ;"), V{});
  EXPECT_EQ(ids("TLD4S.R.AOFFI R8, R4, R0, R5, 0x52 ;"), V{});
  EXPECT_EQ(ids("TLD4S.A.AOFFI.DC R8, R4, R4, R6, 0x52 ;"), V{});
  EXPECT_EQ(ids("TLD4S.F16.B RZ, R4, R0, R5, 0x52 ;"), V{});
}

TEST(SassTexRules, Tld4sPhaseAndComponent) {
  EXPECT_EQ(ids("TLD4S.R.T.P R8, R4, R0, R5, 0x52 ;"), V{"SASS-TLD4S-PHASE"});
  EXPECT_EQ(ids("TLD4S R8, R4, R0, R5, 0x52 ;"), V{"SASS-TLD4S-COMPONENT"});
  EXPECT_EQ(ids("TLD4S.R.G R8, R4, R0, R5, 0x52 ;"), V{"SASS-TLD4S-COMPONENT"});
  EXPECT_EQ(ids("TLD4S.R.P R8, R4, R0, R5, 0x52 ;"), V{});
  EXPECT_EQ(ids("TLD4S.R.LZ R8, R4, R0, R5, 0x52 ;"), V{"SASS-SYNTAX"});  // no .lod
}

TEST(SassTexRules, Tld4sAlign) {
  EXPECT_EQ(ids("TLD4S.R R8, R5, R0, R5, 0x52 ;"), V{"SASS-TLD4S-ALIGN"});     // Rd0: 2 regs
  EXPECT_EQ(ids("TLD4S.R.DC R8, R4, R1, R5, 0x52 ;"), V{"SASS-TLD4S-ALIGN"});  // Ra: s,t
  // nxas's line (nvidia_tlds.md 1.8): Rb holds aoffi,dc and is odd (decisions T19).
  EXPECT_EQ(ids("TLD4S.R.AOFFI.DC.NODEP R4, R6, R2, R5, 0x28 ;"), V{"SASS-TLD4S-ALIGN"});
  EXPECT_EQ(ids("TLD4S.F16.R R7, R5, R0, R5, 0x52 ;"), V{});  // .F16: one register each
}

TEST(SassTexRules, Tld4sTsIdxF16Rtz) {
  EXPECT_EQ(ids("TLD4S.R R8, R4, R0, R5, 0x2000 ;"), V{"SASS-TLD4S-TSIDX"});
  EXPECT_EQ(ids("TLD4S.F16.R R8, R4, R0, R5, 0x1 ;", "SM50"), V{"SASS-TLD4S-F16-SM50"});
  EXPECT_EQ(ids("TLD4S.RTZ.R R8, R4, R0, R5, 0x1 ;", "SM61"), V{"SASS-TLD4S-RTZ"});
  EXPECT_EQ(ids("TLD4S.F16.RTZ.R R8, R4, R0, R5, 0x1 ;", "SM53"), V{"SASS-TLD4S-RTZ"});
  EXPECT_EQ(ids("TLD4S.F16.RTZ.R R8, R4, R0, R5, 0x1 ;", "SM60"), V{});
}

TEST(SassTexRules, TexsAndTld4sDecodeViolationsNameTheirBits) {
  // A decoded TLD4S whose Rd0 is odd: the rule names Rd0's bits 7:0.
  core::DiagSink sink;
  Origin o;
  o.binary = true;
  o.file = "w.bin";
  o.offset = 8;
  validate(decode(0xdf00028040570205ull, 0x7e0, o, sink, "SM61"), "SM61", sink);
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-TLD4S-ALIGN");
  const auto* b = std::get_if<core::BinaryLoc>(&sink.diagnostics()[0].loc);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->bit_hi, 7u);
  EXPECT_EQ(b->bit_lo, 0u);
}

}  // namespace
}  // namespace texsim::isa::sass
