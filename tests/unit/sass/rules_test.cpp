// Every TLDS, TEXS and TLD4S rule: a passing and a failing case (the failing case reports exactly
// that rule).
#include "isa/sass/rules.hpp"

#include <gtest/gtest.h>

#include <set>
#include <variant>

#include "isa/sass/codec.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

// Rule ids reported for one line (syntax + validation), errors and warnings.
std::vector<std::string> ids(std::string_view text, std::string_view platform = "SM52") {
  core::DiagSink sink;
  auto v = parse_program(text, "r.sass", sink);
  for (const auto& i : v) validate(i, platform, sink);
  std::vector<std::string> out;
  for (const auto& d : sink.diagnostics()) out.push_back(d.rule_id);
  return out;
}

using V = std::vector<std::string>;

TEST(SassRules, EveryRuleHasACitationAndUniqueId) {
  std::set<std::string_view> seen;
  for (const auto& r : all_rules()) {
    EXPECT_TRUE(seen.insert(r.id).second) << r.id;
    EXPECT_FALSE(r.citation.empty()) << r.id;
    EXPECT_EQ(find_rule(r.id), &r);
  }
}

TEST(SassRules, LegalTableRowsPass) {
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1, 1D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LL RZ, R0, R4, R5, 0x1, 1D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LZ.AOFFI RZ, R0, R4, R7, 0x1, 2D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LL RZ, R0, R4, R7, 0x1, 2D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LZ.MS RZ, R0, R4, R7, 0x1, 2D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, R7, 0x1, 3D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R3, R6, 0x1, ARRAY_2D, R ;"), V{});
  EXPECT_EQ(ids("TLDS.LL.AOFFI RZ, R0, R4, R6, 0x1, 2D, R ;"), V{});
}

TEST(SassRules, ParamAReserved) {
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, R5, 0x1, CUBE, R ;"), V{"SASS-TLDS-PARAMA-RESERVED"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1, ARRAY_1D, R ;"), V{"SASS-TLDS-PARAMA-RESERVED"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, R5, 0x1, ARRAY_3D, R ;"), V{"SASS-TLDS-PARAMA-RESERVED"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, R5, 0x1, ARRAY_CUBE, R ;"), V{"SASS-TLDS-PARAMA-RESERVED"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R3, R6, 0x1, ARRAY_2D, R ;"), V{});
}

TEST(SassRules, MsRequiresLz) {
  EXPECT_EQ(ids("TLDS.LL.MS RZ, R0, R4, R7, 0x1, 2D, R ;"), V{"SASS-TLDS-MS-LZ"});
  EXPECT_EQ(ids("TLDS.LZ.MS RZ, R0, R4, R7, 0x1, 2D, R ;"), V{});
}

TEST(SassRules, MsRequires2D) {
  EXPECT_EQ(ids("TLDS.LZ.MS RZ, R0, R3, R6, 0x1, ARRAY_2D, R ;"), V{"SASS-TLDS-MS-DIM"});
  EXPECT_EQ(ids("TLDS.LZ.MS RZ, R0, R4, R7, 0x1, 3D, R ;"), V{"SASS-TLDS-MS-DIM"});
  EXPECT_EQ(ids("TLDS.LZ.MS RZ, R0, R4, R7, 0x1, 2D, R ;"), V{});
}

TEST(SassRules, AoffiOnlyWith2D) {
  EXPECT_EQ(ids("TLDS.LZ.AOFFI RZ, R0, R4, R5, 0x1, 1D, R ;"), V{"SASS-TLDS-AOFFI"});
  EXPECT_EQ(ids("TLDS.LZ.AOFFI RZ, R0, R4, R5, 0x1, 3D, R ;"), V{"SASS-TLDS-AOFFI"});
  EXPECT_EQ(ids("TLDS.LZ.AOFFI RZ, R0, R4, R7, 0x1, 2D, R ;"), V{});
}

TEST(SassRules, EncodingCombination) {
  EXPECT_EQ(ids("TLDS.LL RZ, R0, R4, R5, 0x1, 3D, R ;"), V{"SASS-TLDS-ENCODING"});
  EXPECT_EQ(ids("TLDS.LL RZ, R0, R4, R6, 0x1, ARRAY_2D, R ;"), V{"SASS-TLDS-ENCODING"});
  EXPECT_EQ(ids("TLDS.LZ.AOFFI.MS RZ, R0, R4, R6, 0x1, 2D, R ;"), V{"SASS-TLDS-ENCODING"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R5, R6, 0x1, 3D, R ;"), V{"SASS-TLDS-ALIGN"});
}

TEST(SassRules, LodAndPhaseAreSyntaxRules) {
  EXPECT_EQ(ids("TLDS RZ, R0, R4, 0x1, 1D, R ;"), V{"SASS-TLDS-LOD"});
  EXPECT_EQ(ids("TLDS.LZ.LL RZ, R0, R4, 0x1, 1D, R ;"), V{"SASS-TLDS-LOD"});
  EXPECT_EQ(ids("TLDS.LZ.T.P RZ, R0, R4, 0x1, 1D, R ;"), V{"SASS-TLDS-PHASE"});
  EXPECT_EQ(ids("TLDS.LZ.P RZ, R0, R4, 0x1, 1D, R ;"), V{});
}

TEST(SassRules, Alignment) {
  // Rd0 vec2 (FP32 RG), Rd1 vec2 (RGBA), Ra vec2 (2D.LL), Rb vec2 (ARRAY_2D).
  EXPECT_EQ(ids("TLDS.LZ RZ, R1, R4, 0x1, 1D, RG ;"), V{"SASS-TLDS-ALIGN"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R2, R4, 0x1, 1D, RG ;"), V{});
  EXPECT_EQ(ids("TLDS.LZ R3, R0, R4, 0x1, 1D, RGBA ;"), V{"SASS-TLDS-ALIGN"});
  EXPECT_EQ(ids("TLDS.LZ R3, R0, R4, 0x1, 1D, RGB ;"), V{});  // Rd1 scalar
  EXPECT_EQ(ids("TLDS.LL RZ, R0, R5, R6, 0x1, 2D, R ;"), V{"SASS-TLDS-ALIGN"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R3, R7, 0x1, ARRAY_2D, R ;"), V{"SASS-TLDS-ALIGN"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R254, R4, 0x1, 1D, RG ;"), V{"SASS-TLDS-ALIGN"});
  // F16 packs two components into one register: no pair needed.
  EXPECT_EQ(ids("TLDS.F16.LZ R3, R1, R4, 0x1, 1D, RGBA ;"), V{});
}

TEST(SassRules, RbMustBeRZ) {
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, R5, 0x1, 1D, R ;"), V{"SASS-TLDS-RB-RZ"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, RZ, 0x1, 1D, R ;"), V{});
}

TEST(SassRules, SourcesNotRZ) {
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, RZ, 0x1, 1D, R ;"), V{"SASS-TLDS-SRC-NOT-RZ"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1, 2D, R ;"), V{"SASS-TLDS-SRC-NOT-RZ"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;"), V{});
}

TEST(SassRules, WriteMask) {
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1, 1D, RB ;"), V{"SASS-TLDS-WMASK"});
  EXPECT_EQ(ids("TLDS.LZ R2, R0, R4, 0x1, 1D, GB ;"), V{"SASS-TLDS-WMASK"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1, 1D, RGBA ;"), V{"SASS-TLDS-WMASK"});
  EXPECT_EQ(ids("TLDS.LZ R2, R0, R4, 0x1, 1D, RG ;"), V{"SASS-TLDS-WMASK"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1, 1D ;"), V{"SASS-TLDS-WMASK"});
  EXPECT_EQ(ids("TLDS.LZ R2, R0, R4, 0x1, 1D, GBA ;"), V{});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1, 1D, BA ;"), V{});
}

TEST(SassRules, TsIdx13Bits) {
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x2000, 1D, R ;"), V{"SASS-TLDS-TSIDX"});
  EXPECT_EQ(ids("TLDS.LZ RZ, R0, R4, 0x1fff, 1D, R ;"), V{});
}

TEST(SassRules, DecodedViolationsUseBitLocations) {
  Instruction i;
  i.origin.binary = true;
  i.origin.file = "k.bin";
  i.origin.offset = 0x10;
  i.rd0 = 1;
  i.ra = 4;
  i.mask = 0x3;  // RG -> Rd0 vec2, R1 misaligned
  core::DiagSink sink;
  EXPECT_FALSE(validate(i, "SM52", sink));
  EXPECT_EQ(format_diagnostic(sink.diagnostics().at(0)).substr(0, 24), "k.bin+0x10[bits 7:0]: er");
}

TEST(SassRules, F16IntegerPlatforms) {
  // The rule itself fires in execution (exec_test); here: which platforms.
  EXPECT_TRUE(f16_integer_unpredictable("SM52"));
  EXPECT_FALSE(f16_integer_unpredictable("SM60"));
}

// Issue 19: every TEXS and TLD4S rule, a passing and a failing case (the passing lines are forms
// ptxas 11.8 emits, tests/vendor/sass).
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
  // Fuzz finding F12: on SM50 the .F16 check looked for a .F16 field in TLD4S.F16.RTZ's own row,
  // which has none, and read through a null field.
  EXPECT_EQ(ids("TLD4S.F16.RTZ.R R8, R4, R0, R5, 0x1 ;", "SM50"),
            (V{"SASS-TLD4S-F16-SM50", "SASS-TLD4S-RTZ"}));
}

// TLDS/TEXS .RTZ (decisions T71): only with .F16, from SM60 on.
TEST(SassTexRules, TldsTexsRtz) {
  EXPECT_EQ(ids("TLDS.F16.RTZ.LZ RZ, R0, R4, 0x1, 1D, R ;", "SM60"), V{});
  EXPECT_EQ(ids("TLDS.F16.RTZ.LZ RZ, R0, R4, 0x1, 1D, R ;", "SM52"), V{"SASS-TLDS-RTZ"});
  EXPECT_EQ(ids("TLDS.RTZ.LZ RZ, R0, R4, 0x1, 1D, R ;", "SM61"), V{"SASS-TLDS-RTZ"});
  EXPECT_EQ(ids("TEXS.F16.RTZ.LZ RZ, R0, R4, R5, 0x1, 2D, R ;", "SM62"), V{});
  EXPECT_EQ(ids("TEXS.F16.RTZ.LZ RZ, R0, R4, R5, 0x1, 2D, R ;", "SM53"), V{"SASS-TEXS-RTZ"});
  EXPECT_EQ(ids("TEXS.RTZ.LZ RZ, R0, R4, R5, 0x1, 2D, R ;", "SM60"), V{"SASS-TEXS-RTZ"});
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
