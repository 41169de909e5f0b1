// TEX, TLD, TLD4 and TXD execution against hand-computed results: the Ra/Rb vector layout of
// every texture type, each modifier, mask packing, Pd, and the undefined forms (T47-T57).
#include <gtest/gtest.h>

#include <map>

#include "isa/sass/exec.hpp"
#include "isa/sass/lower_wide.hpp"
#include "isa/sass/syntax.hpp"

#include "exec_run.hpp"

namespace texsim::isa::sass {
namespace {

using testing::fb;
using testing::Fixture;
using testing::floats;
using testing::Outcome;
using testing::point;
using testing::rgba;
using testing::tagged;
using texunit::Format;
using texunit::SurfaceType;
using texunit::Texel;
using M = std::map<std::string, uint32_t>;
using V = std::vector<std::string>;

Outcome run(const Fixture& f, std::string_view text) {
  return testing::run(f.sc, text, "SM52");
}

// Runs text the validator rejects (INVALIDBLOD4, INVALIDBTOFF03): parse and run only.
Outcome run_unvalidated(const Fixture& f, std::string_view text) {
  return testing::run(f.sc, text, "SM52", false);
}

// ---- TEX: Ra = [array], coordinates (nouveau handleTEX "Maxwell (tex)"; YUZU MakeCoords).

TEST(SassExecWide, Tex1D2D3DReadRaCoordinates) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k1D, 8, 1, 1, 1));
  f.add(2, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.add(3, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x1, 1D, 0xf ;").regs, rgba(0, {3, 0, 0, 0}));
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x2, 2D, 0xf ;").regs, rgba(0, {3, 6, 0, 0}));
  f.regf(4, 1.5f / 4);
  f.regf(5, 2.5f / 4);
  f.regf(6, 3.5f / 4);
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x3, 3D, 0xf ;").regs, rgba(0, {1, 2, 3, 0}));
}

TEST(SassExecWide, TexArraysTakeTheLayerFirstAsAnUnsigned16BitInteger) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k1DArray, 8, 1, 3, 1));
  f.add(2, tagged(SurfaceType::k2DArray, 8, 8, 3, 1));
  f.reg(4, 0x70002);  // layer 2: bits 31:16 ignored
  f.regf(5, 5.5f / 8);
  f.regf(6, 1.5f / 8);
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x1, ARRAY_1D, 0xf ;").regs, rgba(0, {5, 0, 2, 0}));
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x2, ARRAY_2D, 0xf ;").regs, rgba(0, {5, 1, 2, 0}));
}

TEST(SassExecWide, TexCubeAndCubeArrayDirections) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::kCube, 4, 4, 1, 1));
  f.add(2, tagged(SurfaceType::kCubeArray, 4, 4, 2, 1));
  f.regf(4, 0.0f);  // -Y: face 3
  f.regf(5, -1.0f);
  f.regf(6, 0.0f);
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x1, CUBE, 0x4 ;").regs, (M{{"R0", 3}}));
  f.reg(8, 1);  // cube 1, -Y: slice 6 + 3
  f.regf(9, 0.0f);
  f.regf(10, -1.0f);
  f.regf(11, 0.0f);
  EXPECT_EQ(run(f, "TEX.LZ R0, R8, 0x2, ARRAY_CUBE, 0x4 ;").regs, (M{{"R0", 9}}));
}

// Rb: lod or bias, then offsets, then the depth reference.
TEST(SassExecWide, TexLodForms) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  f.regf(6, 2.0f);
  // .LL 2: level 2 is 2x2 -> (0, 1).
  EXPECT_EQ(run(f, "TEX.LL R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 1, 0, 2000}));
  EXPECT_EQ(run(f, "TEX.LLA R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 1, 0, 2000}));
  // No lod, .LB, .LBA: a lone thread's implicit LOD is -inf; bias 2 does not move it (T40).
  EXPECT_EQ(run(f, "TEX R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {3, 6, 0, 0}));
  EXPECT_EQ(run(f, "TEX.LB R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {3, 6, 0, 0}));
  EXPECT_EQ(run(f, "TEX.LBA R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {3, 6, 0, 0}));
  texunit::SamplerState b = point();
  b.lod_bias = 2.0f;  // the TSC bias moves .LZ (LOD 0 + 2) but not the lone thread's -inf
  f.sampler(0, b);
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 1, 0, 2000}));
  EXPECT_EQ(run(f, "TEX R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {3, 6, 0, 0}));
  texunit::SamplerState s = point();
  s.min_lod = 1.0f;  // the TSC's min LOD picks level 1 for the lone thread
  f.sampler(0, s);
  EXPECT_EQ(run(f, "TEX.NDV R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {1, 3, 0, 1000}));
}

TEST(SassExecWide, TexAoffiIsSignedNibblesAfterTheLod) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  f.regf(6, 0.0f);   // lod
  f.reg(7, 0xff1f);  // u = 0xf = -1, v = 1; bits 15:12 ignored
  EXPECT_EQ(run(f, "TEX.LL.AOFFI R0, R4, R6, 0x1, 2D, 0x3 ;").regs, (M{{"R0", 2}, {"R1", 7}}));
  f.reg(6, 0x1f);  // .LZ: the offsets are Rb's first register
  EXPECT_EQ(run(f, "TEX.LZ.AOFFI R0, R4, R6, 0x1, 2D, 0x3 ;").regs, (M{{"R0", 2}, {"R1", 7}}));
}

// Depth 2x2: 0.25 0.5 / 0.75 1.0 with a less_equal point sampler (ref <= texel passes).
void depth(Fixture& f, uint32_t hdr = 2) {
  texunit::SamplerState s = point();
  s.compare = texunit::CompareFunc::kLessEqual;
  f.sampler(1, s);
  f.add(hdr,
        floats(Format::kR32_FLOAT, 2, 2,
               {Texel::from_float(0.25f, 0, 0, 0), Texel::from_float(0.5f, 0, 0, 0),
                Texel::from_float(0.75f, 0, 0, 0), Texel::from_float(1.0f, 0, 0, 0)}),
        1);
}

TEST(SassExecWide, TexDcReferenceComesLast) {
  Fixture f;
  depth(f);
  f.regf(4, 0.75f);  // texel (1, 0) = 0.5
  f.regf(5, 0.25f);
  f.regf(6, 0.0f);  // lod
  f.regf(7, 0.5f);  // ref
  EXPECT_EQ(run(f, "TEX.LL.DC R0, R4, R6, 0x2, 2D, 0x1 ;").regs, (M{{"R0", fb(1.0f)}}));
  f.regf(7, 0.6f);
  EXPECT_EQ(run(f, "TEX.LL.DC R0, R4, R6, 0x2, 2D, 0x1 ;").regs, (M{{"R0", fb(0.0f)}}));
  // .LZ.AOFFI.DC: Rb = offsets, ref. Offset u = -1 moves to texel (0, 0) = 0.25.
  f.reg(6, 0xf);
  f.regf(7, 0.3f);
  EXPECT_EQ(run(f, "TEX.LZ.AOFFI.DC R0, R4, R6, 0x2, 2D, 0x1 ;").regs, (M{{"R0", fb(0.0f)}}));
  f.regf(7, 0.25f);
  EXPECT_EQ(run(f, "TEX.LZ.AOFFI.DC R0, R4, R6, 0x2, 2D, 0x1 ;").regs, (M{{"R0", fb(1.0f)}}));
}

// ---- Destinations: the mask's components in RGBA order to Rd, Rd+1, ... (T55).

TEST(SassExecWide, MaskPacksComponentsIntoConsecutiveRegisters) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  f.regf(6, 1.0f);
  EXPECT_EQ(run(f, "TEX.LL R10, R4, R6, 0x1, 2D, 0xa ;").regs, (M{{"R10", 3}, {"R11", 1000}}));
  EXPECT_EQ(run(f, "TEX.LL R10, R4, R6, 0x1, 2D, 0x4 ;").regs, (M{{"R10", 0}}));
  EXPECT_EQ(run(f, "TEX.LL RZ, R4, R6, 0x1, 2D, 0xf ;").regs, M{});
  EXPECT_EQ(run(f, "TEX.LL R10, R4, R6, 0x1, 2D, 0x0 ;").regs, M{});
  // Past R254 a component is discarded, not wrapped to R0.
  EXPECT_EQ(run(f, "TEX.LL R253, R4, R6, 0x1, 2D, 0xf ;").regs, (M{{"R253", 1}, {"R254", 3}}));
}

// A source vector reaching past R254 reads 0 there, not R0 onwards (decisions N14): the one
// vector_register every lowering uses, as TXQ's Ra and every destination.
TEST(SassExecWide, SourcesPastR254ReadZeroNotR0) {
  Fixture f;
  f.sampler(0, point());
  f.add(3, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.regf(254, 1.5f / 4);  // s
  f.regf(0, 3.5f / 4);    // would be r if the vector wrapped to R0
  f.regf(1, 2.5f / 4);
  EXPECT_EQ(run_unvalidated(f, "TEX.LZ R8, R254, 0x3, 3D, 0xf ;").regs, rgba(8, {1, 0, 0, 0}));
}

// Pd: true when the access read a non-resident (null) tile, false for a resident texture (T56).
TEST(SassExecWide, PredicateDestinationIsNonResidency) {
  const char* prog = "TEX.LZ P1, R0, R4, 0x1, 2D, 0x1 ;\n@P1 TEX.LZ R9, R4, 0x1, 2D, 0x2 ;";
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  edit_scene_state(f.sc).registers.p[1] = true;
  EXPECT_EQ(run(f, prog).regs, (M{{"R0", 3}}));  // P1 = false: the second TEX does not run
  Fixture g;
  g.sampler(0, point());
  texunit::Surface s = tagged(SurfaceType::k2D, 8, 8, 1, 1);
  s.add_null_region({0, 0, 1, 0, 0, 8, 8});
  g.add(1, std::move(s));
  g.regf(4, 3.5f / 8);
  g.regf(5, 6.5f / 8);
  EXPECT_EQ(run(g, prog).regs, (M{{"R0", 0}, {"R9", 0}}));  // P1 = true: R9 written
}

// ---- TLD: integer coordinates; Rb = sample index, lod, offsets (NAK's order, T49).

TEST(SassExecWide, TldLayoutsPerType) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k1D, 8, 1, 1, 1));
  f.add(2, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.add(3, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.add(4, tagged(SurfaceType::k2DArray, 8, 8, 3, 1));
  f.add(5, tagged(SurfaceType::k1DArray, 8, 1, 3, 1));
  f.reg(4, 3);
  f.reg(5, 2);
  f.reg(6, 1);
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x1, 1D, 0xf ;").regs, rgba(0, {3, 0, 0, 0}));
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x2, 2D, 0xf ;").regs, rgba(0, {3, 2, 0, 0}));
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x3, 3D, 0xf ;").regs, rgba(0, {3, 2, 1, 0}));
  f.reg(4, 0x10002);  // layer 2 (bits 15:0), then s, t
  f.reg(5, 5);
  f.reg(6, 7);
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x4, ARRAY_2D, 0xf ;").regs, rgba(0, {5, 7, 2, 0}));
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x5, ARRAY_1D, 0xf ;").regs, rgba(0, {5, 0, 2, 0}));
}

TEST(SassExecWide, TldLevelOffsetsAndBounds) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4), 0, 1, 3);  // the view: levels 1..3
  f.reg(4, 1);
  f.reg(5, 0);
  f.reg(6, 1);  // lod 1 of the view = surface level 2
  EXPECT_EQ(run(f, "TLD.LL R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {1, 0, 0, 2000}));
  f.reg(6, 3);  // past the view's 3 levels: zeros
  EXPECT_EQ(run(f, "TLD.LL R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 0, 0, 0}));
  f.reg(6, 0);
  f.reg(7, 0x21);  // .LL.AOFFI: Rb = lod, offsets (u 1, v 2)
  EXPECT_EQ(run(f, "TLD.LL.AOFFI R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {2, 2, 0, 1000}));
  f.reg(6, 0xf);  // .LZ.AOFFI u = -1: x = 0
  EXPECT_EQ(run(f, "TLD.LZ.AOFFI R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 0, 0, 1000}));
  f.reg(4, 4);  // level 1 is 4 wide: x 4 is out of bounds: zeros
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x1, 2D, 0x3 ;").regs, (M{{"R0", 0}, {"R1", 0}}));
}

// Out of range, TLD reads zeros with a format's missing alpha as 1 (robustness2, T51); TLDS
// forces all four to 0 (T5).
TEST(SassExecWide, TldOutOfRangeReadsMissingAlphaAsOne) {
  Fixture f;
  f.add(1, floats(Format::kR32_FLOAT, 2, 1,
                  {Texel::from_float(0.5f, 0, 0, 0), Texel::from_float(0.75f, 0, 0, 0)}));
  f.reg(4, 1);
  f.reg(5, 0);
  const uint32_t one = fb(1.0f);
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {fb(0.75f), 0, 0, one}));
  f.reg(4, 2);
  EXPECT_EQ(run(f, "TLD.LZ R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 0, 0, one}));
  f.reg(6, 1);  // lod 1: past the single level
  EXPECT_EQ(run(f, "TLD.LL R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 0, 0, one}));
  EXPECT_EQ(run(f, "TLDS.LZ R2, R0, R4, R5, 0x1, 2D, RGBA ;").regs, rgba(0, {0, 0, 0, 0}));
}

TEST(SassExecWide, TldMsSampleIndexComesBeforeTheOffsets) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1, 4));
  f.reg(4, 1);
  f.reg(5, 2);
  f.reg(6, 3);  // sample 3
  EXPECT_EQ(run(f, "TLD.LZ.MS R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {1, 2, 0, 3}));
  f.reg(7, 0x1);  // then the offsets: u = 1
  EXPECT_EQ(run(f, "TLD.LZ.AOFFI.MS R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {2, 2, 0, 3}));
}

TEST(SassExecWide, TldUndefinedForms) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.add(2, tagged(SurfaceType::kCube, 4, 4, 1, 1));
  Outcome r = run(f, "TLD.LZ.CL R0, R4, 0x1, 2D, 0x1 ;");
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_FALSE(r.defined.at("R0"));
  r = run(f, "TLD.LZ R0, R4, 0x2, CUBE, 0x1 ;");
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-UNDEFINED-FORM"});
  r = run(f, "TLD.LZ R0, R4, 0x1, 2D, 0x1 ;");  // the passing case
  EXPECT_EQ(r.rules(), V{});
  EXPECT_TRUE(r.defined.at("R0"));
}

// ---- TLD4: gathers in the order (i0,j1), (i1,j1), (i1,j0), (i0,j0).

TEST(SassExecWide, Tld4ComponentsAndAoffi) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  f.add(2, tagged(SurfaceType::k2DArray, 4, 4, 3, 1));
  f.regf(4, 0.5f);  // footprint x 1..2, y 1..2
  f.regf(5, 0.5f);
  EXPECT_EQ(run(f, "TLD4.R R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {1, 2, 2, 1}));
  EXPECT_EQ(run(f, "TLD4.G R0, R4, 0x1, 2D, 0xf ;").regs, rgba(0, {2, 2, 1, 1}));
  EXPECT_EQ(run(f, "TLD4.G R0, R4, 0x1, 2D, 0x5 ;").regs, (M{{"R0", 2}, {"R1", 1}}));
  // .AOFFI: signed 6-bit u in 5:0, v in 13:8 (bits 7:6 ignored): u = -1, v = 1.
  f.reg(6, 0x01ff);
  EXPECT_EQ(run(f, "TLD4.R.AOFFI R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 1, 1, 0}));
  EXPECT_EQ(run(f, "TLD4.G.AOFFI R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {3, 3, 2, 2}));
  f.reg(8, 2);  // ARRAY_2D: Ra = layer, s, t
  f.regf(9, 0.5f);
  f.regf(10, 0.5f);
  EXPECT_EQ(run(f, "TLD4.B R0, R8, 0x2, ARRAY_2D, 0xf ;").regs, rgba(0, {2, 2, 2, 2}));
}

TEST(SassExecWide, Tld4PtpTakesTexelIFromTheGatherAtOffsetI) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  // Texel offsets (0,0), (1,0), (0,1), (-1,-1): bytes u0 v0 u1 v1 | u2 v2 u3 v3.
  f.reg(6, 0x00010000);
  f.reg(7, 0x3f3f0100);
  EXPECT_EQ(run(f, "TLD4.R.PTP R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {1, 3, 2, 0}));
  EXPECT_EQ(run(f, "TLD4.G.PTP R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {2, 2, 2, 0}));
}

TEST(SassExecWide, Tld4DcComparesEachTexelAfterTheOffsets) {
  Fixture f;
  depth(f, 1);
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  f.regf(6, 0.5f);  // ref 0.5 <= (0.75, 1.0, 0.5, 0.25)
  const uint32_t one = fb(1.0f);
  EXPECT_EQ(run(f, "TLD4.R.DC R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {one, one, one, 0}));
  f.reg(6, 0x3f);  // .AOFFI.DC: Rb = offsets (u = -1: clamped footprint x 0..0), ref
  f.regf(7, 0.5f);
  EXPECT_EQ(run(f, "TLD4.R.AOFFI.DC R0, R4, R6, 0x1, 2D, 0xf ;").regs, rgba(0, {one, one, 0, 0}));
}

TEST(SassExecWide, Tld4UndefinedForms) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  f.add(2, tagged(SurfaceType::kCube, 4, 4, 1, 1));
  Outcome r = run_unvalidated(f, "TLD4.R.INVALIDBTOFF03 R0, R4, R6, 0x1, 2D, 0x1 ;");
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_FALSE(r.defined.at("R0"));
  EXPECT_EQ(run(f, "TLD4.R.AOFFI R0, R4, R6, 0x2, CUBE, 0x1 ;").rules(),
            V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_EQ(run(f, "TLD4.R R0, R4, 0x1, 1D, 0x1 ;").rules(), V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_EQ(run(f, "TLD4.R R0, R4, 0x2, CUBE, 0x1 ;").rules(), V{});
}

// ---- TXD: Ra = coordinates, [packed word]; Rb = ds/dx, ds/dy, dt/dx, dt/dy.

TEST(SassExecWide, TxdGradientsPickTheLevel) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.add(2, tagged(SurfaceType::k1D, 8, 1, 1, 4));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  f.regf(8, 0.25f);  // ds/dx: 2 texels -> LOD 1
  EXPECT_EQ(run(f, "TXD R0, R4, R8, 0x1, 2D, 0xf ;").regs, rgba(0, {1, 3, 0, 1000}));
  f.regf(8, 0.0f);
  f.regf(11, 0.5f);  // dt/dy: 4 texels -> LOD 2
  EXPECT_EQ(run(f, "TXD R0, R4, R8, 0x1, 2D, 0xf ;").regs, rgba(0, {0, 1, 0, 2000}));
  f.regf(9, 0.5f);  // 1D: Rb = ds/dx, ds/dy
  EXPECT_EQ(run(f, "TXD R0, R4, R8, 0x2, 1D, 0x9 ;").regs, (M{{"R0", 0}, {"R1", 2000}}));
}

TEST(SassExecWide, TxdPackedWordHoldsLayerOffsetsAndLodClamp) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2DArray, 8, 8, 3, 4));
  f.add(2, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 3.5f / 8);
  f.regf(5, 6.5f / 8);
  f.reg(6, 0x00f10002);  // layer 2, u = 1, v = -1
  EXPECT_EQ(run(f, "TXD.AOFFI R0, R4, R8, 0x1, ARRAY_2D, 0xf ;").regs, rgba(0, {4, 5, 2, 0}));
  EXPECT_EQ(run(f, "TXD R0, R4, R8, 0x1, ARRAY_2D, 0xf ;").regs, rgba(0, {3, 6, 2, 0}));
  f.reg(6, 0x00f10000);  // no array: the offsets alone
  EXPECT_EQ(run(f, "TXD.AOFFI R0, R4, R8, 0x2, 2D, 0xf ;").regs, rgba(0, {4, 5, 0, 0}));
  // .LC: layer 11:0, offsets 15:12 / 19:16, LOD clamp 31:20 in 4.8 (2.0 = 0x200): level 2.
  f.reg(6, 0x20000000);
  EXPECT_EQ(run(f, "TXD.LC R0, R4, R8, 0x2, 2D, 0xf ;").regs, rgba(0, {0, 1, 0, 2000}));
  f.reg(6, 0x200f1002);  // layer 2, u = 1, v = -1, clamp 2
  EXPECT_EQ(run(f, "TXD.LC.AOFFI R0, R4, R8, 0x1, ARRAY_2D, 0xf ;").regs, rgba(0, {1, 0, 2, 2000}));
}

TEST(SassExecWide, UndefinedLodCodesAndTypes) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.add(2, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  Outcome r = run_unvalidated(f, "TEX.INVALIDBLOD4 R0, R4, R6, 0x1, 2D, 0x1 ;");
  EXPECT_EQ(r.rules(), (V{"SASS-EXEC-UNDEFINED-FORM"}));
  EXPECT_FALSE(r.defined.at("R0"));
  EXPECT_EQ(run(f, "TXD R0, R4, R8, 0x2, 3D, 0x1 ;").rules(), V{"SASS-EXEC-UNDEFINED-FORM"});
  f.add(3, tagged(SurfaceType::kCube, 4, 4, 1, 1));
  EXPECT_EQ(run(f, "TEX.LZ.AOFFI R0, R4, R6, 0x3, CUBE, 0x1 ;").rules(),
            V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x3, CUBE, 0x1 ;").rules(), V{});
  EXPECT_EQ(run_unvalidated(f, "TEX.LZ R0, R4, 0x2, ARRAY_3D, 0x1 ;").rules(),
            V{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_EQ(run(f, "TEX.LZ.AOFFI R0, R4, R6, 0x2, 3D, 0x1 ;").rules(), V{});
}

TEST(SassExecWide, SamplerStateRulesAsTexs) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 1), 15);  // sampler 15: no entry
  f.handle(3, (20u << 20) | 1);                        // sampler 20 > max_index 15
  Outcome r = run(f, "TEX.LZ R0, R4, 0x3, 2D, 0x1 ;");
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-SAMPLER-INDEX"});
  EXPECT_FALSE(r.defined.at("R0"));
  EXPECT_FALSE(run(f, "TEX.LZ R0, R4, 0x1, 2D, 0x1 ;").ok);  // SASS-EXEC-STATE stops the run
  depth(f);
  r = run(f, "TEX.LZ R0, R4, 0x2, 2D, 0x1 ;");  // compare sampler without .DC
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-DC-STATE"});
  EXPECT_EQ(run(f, "TEX.LZ R0, R4, 0x9, 2D, 0x1 ;").rules(), V{"SASS-EXEC-STATE"});
}

// The handle is a parameter: a bindless form passes it and skips its register (T53).
TEST(SassExecWide, HandleIsAParameterOfTheLowering) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  core::DiagSink sink;
  const auto prog = parse_program("TEX.LL R0, R4, R6, 0x1f, 2D, 0xf ;", "e.sass", sink);
  RegisterFile regs{};
  regs[4] = fb(0.25f);
  regs[5] = fb(0.75f);
  regs[6] = 0xdeadbeef;  // the handle's register (TEX.B: Rb's first)
  regs[7] = fb(2.0f);
  TextureRef ref;
  ref.handle = 1;  // header 1, sampler 0 (word 0x1f of the bank is absent)
  ref.rb_skip = 1;
  const LoweredWide w = lower_wide(prog.at(0), regs, ref, f.sc, sink);
  EXPECT_EQ(w.outcome, sass::Outcome::kRun);
  EXPECT_EQ(w.lw.req.lod, 2.0f);
  EXPECT_EQ(w.lw.req.coord[1], 0.75f);
  EXPECT_FALSE(sink.has_errors());
  const auto txd = parse_program("TXD R0, R3, R8, 0x1f, 2D, 0xf ;", "e.sass", sink);
  regs[3] = 0xdeadbeef;  // TXD.B: Ra's first
  regs[4] = fb(0.125f);
  ref.rb_skip = 0;
  ref.ra_skip = 1;
  EXPECT_EQ(lower_wide(txd.at(0), regs, ref, f.sc, sink).lw.req.coord[0], 0.125f);
}

}  // namespace
}  // namespace texsim::isa::sass
