// TLDS execution: every legal encoding, invalid header, dimension mismatch, out of bounds,
// .LZ/.LL level selection, F16 packing with both rounding modes, predicates, sRGB headers.
#include "isa/sass/exec.hpp"

#include "exec_run.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <map>

#include "isa/sass/rules.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

using texunit::Format;
using texunit::Surface;
using texunit::SurfaceDesc;
using texunit::SurfaceType;
using texunit::Texel;

using testing::tagged;

struct Fixture {
  scene::Scene sc;
  Fixture() {
    sc.isa = "sass";
    edit_scene_state(sc).tex_bank = 2;
    edit_scene_state(sc).texture_headers = TextureHeaderPool{};
    edit_scene_state(sc).texture_headers->max_index = 31;
  }
  // Adds a surface and a header viewing it; constant-bank word `word` holds `handle_extra | hdr`.
  void add(uint32_t hdr, Surface s, uint32_t min_level = 0, uint32_t max_level = 0,
           bool srgb = false) {
    const uint32_t id = static_cast<uint32_t>(sc.surfaces.size());
    sc.surfaces.push_back(scene::SceneSurface{id, "", std::move(s), std::nullopt});
    edit_scene_state(sc).texture_headers->entries[hdr] =
        TextureHeader{id, min_level, max_level, srgb};
  }
  void handle(uint32_t word, uint32_t value) {
    auto& b = edit_scene_state(sc).const_banks[2];
    if (b.size() < 4 * (word + 1)) b.resize(4 * (word + 1), 0);
    for (unsigned i = 0; i < 4; ++i) b[4 * word + i] = static_cast<uint8_t>(value >> (8 * i));
  }
  void reg(uint32_t r, uint32_t v) { edit_scene_state(sc).registers.r[r] = v; }
};

using testing::Outcome;

Outcome run(const Fixture& f, std::string_view text, std::string_view platform = "SM52") {
  return testing::run(f.sc, text, platform);
}

using M = std::map<std::string, uint32_t>;

TEST(SassExec, Enc0_1D_LZ) {
  Fixture f;
  f.add(1, tagged(SurfaceType::k1D, 8, 1, 1, 1));
  f.handle(0x10, 0xabc00001);  // sampler 0xabc is ignored
  f.reg(4, 5);
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, 0x10, 1D, R ;").regs, (M{{"R0", 5}}));
}

TEST(SassExec, Enc1_1D_LL_IsRelativeToViewMin) {
  Fixture f;
  f.add(1, tagged(SurfaceType::k1D, 8, 1, 1, 3), 1, 2);
  f.handle(0, 1);
  f.reg(4, 1);
  f.reg(5, 1);  // lod 1 of the view = surface level 2
  EXPECT_EQ(run(f, "TLDS.LL RZ, R0, R4, R5, 0x0, 1D, RA ;").regs, (M{{"R0", 1}, {"R1", 2000}}));
  // .LZ selects the view's min level (level 1).
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, 0x0, 1D, A ;").regs, (M{{"R0", 1000}}));
  // lod beyond the view (2 levels): zeros.
  f.reg(5, 2);
  EXPECT_EQ(run(f, "TLDS.LL RZ, R0, R4, R5, 0x0, 1D, RA ;").regs, (M{{"R0", 0}, {"R1", 0}}));
}

TEST(SassExec, Enc2_2D_LZ_FP32Packing) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  f.handle(7, 3);
  f.reg(9, 2);
  f.reg(11, 3);
  // sass-tlds.md example: reads R9 & R11; writes R0, R1, R4 & R5.
  EXPECT_EQ(run(f, "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA ;").regs,
            (M{{"R4", 2}, {"R5", 3}, {"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(run(f, "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, GBA ;").regs,
            (M{{"R4", 3}, {"R5", 0}, {"R0", 0}}));
  EXPECT_EQ(run(f, "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RBA ;").regs,
            (M{{"R4", 2}, {"R5", 0}, {"R0", 0}}));
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R4, R9, R11, 0x7, 2D, GA ;").regs, (M{{"R4", 3}, {"R5", 0}}));
}

TEST(SassExec, Enc4_AoffiNibbleOrder) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.handle(7, 3);
  f.reg(8, 4);
  f.reg(9, 4);
  f.reg(10, 0xf1);  // u = [3:0] = +1, v = [7:4] = -1 (NOT Intel's order)
  EXPECT_EQ(run(f, "TLDS.LZ.AOFFI RZ, R0, R8, R10, 0x7, 2D, RG ;").regs, (M{{"R0", 5}, {"R1", 3}}));
  f.reg(10, 0x7);  // u = +7: x = 11, out of bounds
  EXPECT_EQ(run(f, "TLDS.LZ.AOFFI RZ, R0, R8, R10, 0x7, 2D, RG ;").regs, (M{{"R0", 0}, {"R1", 0}}));
}

TEST(SassExec, Enc5_2D_LL) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 8, 8, 1, 3), 0, 2);
  f.handle(7, 3);
  f.reg(8, 1);
  f.reg(9, 3);
  f.reg(10, 1);
  EXPECT_EQ(run(f, "TLDS.LL RZ, R0, R8, R10, 0x7, 2D, RA ;").regs, (M{{"R0", 1}, {"R1", 1000}}));
}

TEST(SassExec, Enc6_MS) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 4, 4, 1, 1, 4));
  f.handle(7, 3);
  f.reg(8, 1);
  f.reg(9, 2);
  f.reg(10, 3);
  EXPECT_EQ(run(f, "TLDS.LZ.MS RZ, R0, R8, R10, 0x7, 2D, RA ;").regs, (M{{"R0", 1}, {"R1", 3}}));
  f.reg(10, 4);  // sample index >= 4: out of bounds
  EXPECT_EQ(run(f, "TLDS.LZ.MS RZ, R0, R8, R10, 0x7, 2D, RA ;").regs, (M{{"R0", 0}, {"R1", 0}}));
}

TEST(SassExec, Enc7_3D) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.handle(7, 3);
  f.reg(8, 1);
  f.reg(9, 2);
  f.reg(10, 3);
  EXPECT_EQ(run(f, "TLDS.LZ R2, R0, R8, R10, 0x7, 3D, RGB ;").regs,
            (M{{"R0", 1}, {"R1", 2}, {"R2", 3}}));
}

TEST(SassExec, Enc8_Array2D_LowSixteenBits) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2DArray, 4, 4, 3, 1));
  f.handle(7, 3);
  f.reg(5, 0x70002);  // array index = low 16 bits = 2
  f.reg(6, 1);
  f.reg(7, 2);
  EXPECT_EQ(run(f, "TLDS.LZ R2, R0, R5, R6, 0x7, ARRAY_2D, RGB ;").regs,
            (M{{"R0", 1}, {"R1", 2}, {"R2", 2}}));
  f.reg(5, 3);  // layer 3 of 3: out of bounds
  EXPECT_EQ(run(f, "TLDS.LZ R2, R0, R5, R6, 0x7, ARRAY_2D, RGB ;").regs,
            (M{{"R0", 0}, {"R1", 0}, {"R2", 0}}));
}

TEST(SassExec, Enc12_2D_LL_AOFFI) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 8, 8, 1, 2), 0, 1);
  f.handle(7, 3);
  f.reg(8, 1);
  f.reg(9, 1);
  f.reg(10, 1);     // lod
  f.reg(11, 0x11);  // u = +1, v = +1
  EXPECT_EQ(run(f, "TLDS.LL.AOFFI R2, R0, R8, R10, 0x7, 2D, RGBA ;").regs,
            (M{{"R0", 2}, {"R1", 2}, {"R2", 0}, {"R3", 1000}}));
}

TEST(SassExec, ArrayAndNonArrayMixWhenCountsMatch) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  f.add(4, tagged(SurfaceType::k2DArray, 4, 4, 2, 1));
  f.handle(7, 3);
  f.handle(8, 4);
  f.reg(5, 1);
  f.reg(6, 1);
  f.reg(7, 2);
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R5, R6, 0x7, ARRAY_2D, RG ;").regs, (M{{"R0", 1}, {"R1", 2}}));
  // 2D on an array texture reads slice 0.
  EXPECT_EQ(run(f, "TLDS.LZ R2, R0, R6, R7, 0x8, 2D, RGB ;").regs,
            (M{{"R0", 1}, {"R1", 2}, {"R2", 0}}));
}

TEST(SassExec, DimensionMismatchReturnsZeros) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  SurfaceDesc cd;
  cd.type = SurfaceType::kCube;
  cd.format = Format::kR32G32B32A32_UINT;
  cd.width = cd.height = 2;
  f.add(4, Surface(cd));
  f.handle(7, 3);
  f.handle(8, 4);
  f.reg(4, 1);
  f.reg(6, 1);
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, 0x7, 1D, RG ;").regs, (M{{"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, R6, 0x7, 3D, RG ;").regs, (M{{"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, R5, 0x8, 2D, RG ;").regs, (M{{"R0", 0}, {"R1", 0}}));
}

TEST(SassExec, InvalidHeaderReturnsZeros) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  f.handle(7, 32);  // > max_index 31
  f.reg(4, 1);
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, R5, 0x7, 2D, RG ;").regs, (M{{"R0", 0}, {"R1", 0}}));
  f.handle(7, 0xfff00003);  // sampler bits don't matter: header 3
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, R5, 0x7, 2D, RG ;").regs, (M{{"R0", 1}, {"R1", 0}}));
}

TEST(SassExec, OutOfBoundsIsZeroEvenInMissingAlpha) {
  Fixture f;
  SurfaceDesc d;
  d.format = Format::kR32_FLOAT;
  d.width = d.height = 2;
  Surface s(d);
  s.write_texel(0, 0, 0, 1, 1, Texel::from_float(0.5f, 0, 0, 0));
  f.add(3, std::move(s));
  f.handle(7, 3);
  f.reg(4, 1);
  f.reg(5, 1);
  // In bounds: the missing A is 1.0; out of bounds: border colour 0 everywhere (TLDS override).
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, R5, 0x7, 2D, RA ;").regs,
            (M{{"R0", 0x3f000000}, {"R1", 0x3f800000}}));
  f.reg(5, 0xffffffff);  // t = -1
  EXPECT_EQ(run(f, "TLDS.LZ RZ, R0, R4, R5, 0x7, 2D, RA ;").regs, (M{{"R0", 0}, {"R1", 0}}));
}

Fixture f16_fixture() {
  Fixture f;
  SurfaceDesc d;
  d.type = SurfaceType::k1D;
  d.format = Format::kR32G32B32A32_FLOAT;
  d.width = d.height = 1;
  Surface s(d);
  // 1.0009 lies between halves 1.0 (0x3c00) and 1.0009765625 (0x3c01), nearer the latter.
  s.write_texel(0, 0, 0, 0, 0, Texel::from_float(1.0009f, -1.0009f, 0.5f, 65520.0f));
  f.add(3, std::move(s));
  f.handle(7, 3);
  return f;
}

TEST(SassExec, F16RoundNearestIsTheDefault) {
  Fixture f = f16_fixture();
  // RGBA: Rd0 = G:R, Rd1 = A:B; 65520 rounds to +inf under RN.
  EXPECT_EQ(run(f, "TLDS.F16.LZ R2, R0, R4, 0x7, 1D, RGBA ;").regs,
            (M{{"R0", 0xbc013c01}, {"R2", 0x7c003800}}));
}

TEST(SassExec, F16RoundTowardZero) {
  Fixture f = f16_fixture();
  edit_scene_state(f.sc).fp16_rounding = Fp16Rounding::kRz;
  EXPECT_EQ(run(f, "TLDS.F16.LZ R2, R0, R4, 0x7, 1D, RGBA ;").regs,
            (M{{"R0", 0xbc003c00}, {"R2", 0x7bff3800}}));
}

TEST(SassExec, F16UnusedHalvesAreZero) {
  Fixture f = f16_fixture();
  EXPECT_EQ(run(f, "TLDS.F16.LZ R2, R0, R4, 0x7, 1D, RGB ;").regs,
            (M{{"R0", 0xbc013c01}, {"R2", 0x00003800}}));
  EXPECT_EQ(run(f, "TLDS.F16.LZ RZ, R1, R4, 0x7, 1D, B ;").regs, (M{{"R1", 0x00003800}}));
  EXPECT_EQ(run(f, "TLDS.F16.LZ RZ, R1, R4, 0x7, 1D, BA ;").regs, (M{{"R1", 0x7c003800}}));
}

TEST(SassExec, F16WithIntegerTextureIsUnpredictableOnSM52) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k1D, 4, 1, 1, 1));
  f.handle(7, 3);
  f.reg(4, 3);
  Outcome r = run(f, "TLDS.F16.LZ RZ, R0, R4, 0x7, 1D, R ;", "SM52");
  ASSERT_EQ(r.diags.size(), 1u);
  EXPECT_EQ(r.diags[0].rule_id, "SASS-TLDS-F16-INT");
  EXPECT_EQ(r.diags[0].severity, core::Severity::kWarning);
  EXPECT_FALSE(r.defined["R0"]);
  // Passing case: a float texture on SM52, or an integer texture on SM60 (value converted).
  r = run(f, "TLDS.F16.LZ RZ, R0, R4, 0x7, 1D, R ;", "SM60");
  EXPECT_TRUE(r.diags.empty());
  EXPECT_EQ(r.regs["R0"], 0x4200u);  // 3.0
  Fixture g = f16_fixture();
  EXPECT_TRUE(run(g, "TLDS.F16.LZ RZ, R0, R4, 0x7, 1D, R ;", "SM52").diags.empty());
}

TEST(SassExec, PredicateFalseWritesNothing) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k1D, 4, 1, 1, 1));
  f.handle(7, 3);
  f.reg(4, 2);
  edit_scene_state(f.sc).registers.p[1] = true;
  EXPECT_EQ(run(f, "@P0 TLDS.LZ RZ, R0, R4, 0x7, 1D, R ;").regs, (M{}));
  EXPECT_EQ(run(f, "@!PT TLDS.LZ RZ, R0, R4, 0x7, 1D, R ;").regs, (M{}));
  EXPECT_EQ(run(f, "@P1 TLDS.LZ RZ, R0, R4, 0x7, 1D, R ;").regs, (M{{"R0", 2}}));
  EXPECT_EQ(run(f, "@!P0 TLDS.LZ RZ, R0, R4, 0x7, 1D, R ;").regs, (M{{"R0", 2}}));
}

TEST(SassExec, NodepAndPhaseHaveNoFunctionalEffect) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k1D, 4, 1, 1, 1));
  f.handle(7, 3);
  f.reg(4, 2);
  const M want{{"R0", 2}};
  EXPECT_EQ(run(f, "TLDS.LZ.NODEP.T RZ, R0, R4, 0x7, 1D, R ;").regs, want);
  EXPECT_EQ(run(f, "TLDS.LZ.P RZ, R0, R4, 0x7, 1D, R ;").regs, want);
}

TEST(SassExec, SrgbHeaderDecodesSrgb) {
  Fixture f;
  SurfaceDesc d;
  d.type = SurfaceType::k1D;
  d.format = Format::kR8G8B8A8_UNORM;
  Surface s(d);
  s.bytes()[0] = 0x80;
  s.bytes()[3] = 0x80;
  f.add(3, std::move(s));
  edit_scene_state(f.sc).texture_headers->entries[4] = TextureHeader{0, 0, 0, true};
  f.handle(7, 3);
  f.handle(8, 4);
  const Outcome lin = run(f, "TLDS.LZ RZ, R0, R4, 0x7, 1D, RA ;");
  EXPECT_EQ(std::bit_cast<float>(lin.regs.at("R0")), 128.0f / 255.0f);
  const Outcome srgb = run(f, "TLDS.LZ RZ, R0, R4, 0x8, 1D, RA ;");
  EXPECT_NEAR(std::bit_cast<float>(srgb.regs.at("R0")), 0.2158605f, 1e-6);
  EXPECT_EQ(srgb.regs.at("R1"), lin.regs.at("R1"));  // alpha stays linear
}

TEST(SassExec, MissingStateIsAnError) {
  Fixture f;
  edit_scene_state(f.sc).tex_bank.reset();
  Outcome r = run(f, "TLDS.LZ RZ, R0, R4, 0x7, 1D, R ;");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.diags.at(0).rule_id, "SASS-EXEC-STATE");
  Fixture g;
  g.handle(7, 5);  // header 5 within max_index but not in the pool
  r = run(g, "TLDS.LZ RZ, R0, R4, 0x7, 1D, R ;");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.diags.at(0).rule_id, "SASS-EXEC-STATE");
}

TEST(SassExec, UnsupportedLinesStopTheRun) {
  Fixture f;
  core::DiagSink sink;
  auto prog = parse_program("MOV R1, R2 ;", "e.sass", sink);
  EXPECT_FALSE(
      run_program(prog, f.sc, settings_for(f.sc, "SM52", false), std::nullopt, sink, nullptr));
  EXPECT_EQ(sink.diagnostics().back().rule_id, "SASS-EXEC-UNSUPPORTED");
}

TEST(SassExec, RzDestinationDiscardsAndTraceDescribes) {
  Fixture f;
  f.add(3, tagged(SurfaceType::k1D, 4, 1, 1, 1));
  f.handle(7, 3);
  core::DiagSink sink;
  auto prog = parse_program("TLDS.LZ RZ, RZ, R4, 0x7, 1D, RG ;\nNOP ;", "e.sass", sink);
  std::vector<std::string> trace;
  auto out = run_program(prog, f.sc, settings_for(f.sc, "SM52", true), std::nullopt, sink, &trace);
  ASSERT_TRUE(out);
  EXPECT_TRUE(out->empty());
  ASSERT_EQ(trace.size(), 2u);
  EXPECT_NE(trace[0].find("header 3 -> surface 0"), std::string::npos) << trace[0];
}

}  // namespace
}  // namespace texsim::isa::sass
