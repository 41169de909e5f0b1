// TEXS and TLD4S execution against hand-computed results: every mode row's Ra/Rb unpacking, the
// TSC fields, the lone-thread implicit LOD, gathers, .F16 packing and every run-time rule.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <map>

#include "isa/sass/exec.hpp"
#include "isa/sass/lower_sample.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/tsc.hpp"

#include "exec_run.hpp"

namespace texsim::isa::sass {
namespace {

using texunit::Format;
using texunit::Surface;
using texunit::SurfaceDesc;
using texunit::SurfaceType;
using texunit::Texel;

using testing::bilinear;
using testing::fb;
using testing::Fixture;
using testing::floats;
using testing::point;
using testing::tagged;

using testing::Outcome;

Outcome run(const Fixture& f, std::string_view text, std::string_view platform = "SM52") {
  return testing::run(f.sc, text, platform);
}

using M = std::map<std::string, uint32_t>;
using V = std::vector<std::string>;

// ---- TEXS: each row of the paramA table (nvidia_tlds.md 1.6) reads the registers YUZU reads.

TEST(SassExecSample, Texs0_1D_LZ_ReadsRaOnly) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k1D, 8, 1, 1, 1));
  f.regf(4, 5.5f / 8);
  f.regf(5, 0.99f);  // Rb is RZ in the text: R5 is never read
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, 0x1, 1D, RG ;").regs, (M{{"R0", 5}, {"R1", 0}}));
}

TEST(SassExecSample, Texs1_2D_ImplicitReadsRaRb) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 3.5f / 8);
  f.regf(6, 6.5f / 8);
  EXPECT_EQ(run(f, "TEXS R2, R0, R4, R6, 0x1, 2D, RGBA ;").regs,
            (M{{"R0", 3}, {"R1", 6}, {"R2", 0}, {"R3", 0}}));
}

TEST(SassExecSample, Texs2_2D_LZ) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 1));
  f.regf(4, 1.5f / 8);
  f.regf(6, 2.5f / 8);
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, R6, 0x1, 2D, RG ;").regs, (M{{"R0", 1}, {"R1", 2}}));
}

TEST(SassExecSample, Texs3_2D_LL_RaPairRbLod) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 3.5f / 8);  // level 2 is 2x2: s = 0.4375 -> x 0, t = 0.8125 -> y 1
  f.regf(5, 6.5f / 8);
  f.regf(6, 2.0f);
  EXPECT_EQ(run(f, "TEXS.LL R2, R0, R4, R6, 0x1, 2D, RGBA ;").regs,
            (M{{"R0", 0}, {"R1", 1}, {"R2", 0}, {"R3", 2000}}));
}

// Depth surface 2x2: 0.25 0.5 / 0.75 1.0; a point sampler with less_equal (ref <= texel).
void depth_setup(Fixture& f, SurfaceType type = SurfaceType::k2D) {
  texunit::SamplerState s = point();
  s.compare = texunit::CompareFunc::kLessEqual;
  f.sampler(1, s);
  if (type == SurfaceType::k2D) {
    f.add(2,
          floats(Format::kR32_FLOAT, 2, 2,
                 {Texel::from_float(0.25f, 0, 0, 0), Texel::from_float(0.5f, 0, 0, 0),
                  Texel::from_float(0.75f, 0, 0, 0), Texel::from_float(1.0f, 0, 0, 0)}),
          1);
  }
}

TEST(SassExecSample, Texs4_2D_DC_RbIsReference) {
  Fixture f;
  depth_setup(f);
  f.regf(4, 0.25f);  // texel (0, 1) = 0.75
  f.regf(5, 0.75f);
  f.regf(6, 0.7f);
  EXPECT_EQ(run(f, "TEXS.DC RZ, R0, R4, R6, 0x2, 2D, R ;").regs, (M{{"R0", fb(1.0f)}}));
  f.regf(6, 0.8f);  // 0.8 <= 0.75 fails
  EXPECT_EQ(run(f, "TEXS.DC RZ, R0, R4, R6, 0x2, 2D, R ;").regs, (M{{"R0", fb(0.0f)}}));
}

TEST(SassExecSample, Texs5_2D_LL_DC_RbLodThenReference) {
  Fixture f;
  depth_setup(f);
  f.regf(4, 0.75f);  // texel (1, 0) = 0.5
  f.regf(5, 0.25f);
  f.regf(6, 0.0f);  // lod
  f.regf(7, 0.5f);  // ref: 0.5 <= 0.5 passes
  EXPECT_EQ(run(f, "TEXS.LL.DC RZ, R0, R4, R6, 0x2, 2D, R ;").regs, (M{{"R0", fb(1.0f)}}));
  f.regf(7, 0.51f);
  EXPECT_EQ(run(f, "TEXS.LL.DC RZ, R0, R4, R6, 0x2, 2D, R ;").regs, (M{{"R0", fb(0.0f)}}));
}

TEST(SassExecSample, Texs6_2D_LZ_DC) {
  Fixture f;
  depth_setup(f);
  f.regf(4, 0.25f);  // texel (0, 0) = 0.25
  f.regf(5, 0.25f);
  f.regf(6, 0.25f);
  EXPECT_EQ(run(f, "TEXS.LZ.DC RZ, R0, R4, R6, 0x2, 2D, R ;").regs, (M{{"R0", fb(1.0f)}}));
}

TEST(SassExecSample, Texs7_8_Array2D_RaArrayThenS_RbT) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2DArray, 4, 4, 3, 1));
  f.reg(4, 0x50002);  // array = low 16 bits = 2 (an unsigned integer, not a float)
  f.regf(5, 1.5f / 4);
  f.regf(6, 3.5f / 4);
  const M want{{"R0", 1}, {"R1", 3}, {"R2", 2}};
  EXPECT_EQ(run(f, "TEXS R2, R0, R4, R6, 0x1, ARRAY_2D, RGB ;").regs, want);
  EXPECT_EQ(run(f, "TEXS.LZ R2, R0, R4, R6, 0x1, ARRAY_2D, RGB ;").regs, want);
  f.reg(4, 7);  // beyond the last layer: clamped to layer 2 (D3D11.3 §22.4.15)
  EXPECT_EQ(run(f, "TEXS.LZ R2, R0, R4, R6, 0x1, ARRAY_2D, RGB ;").regs, want);
}

TEST(SassExecSample, Texs9_Array2D_LZ_DC_RbTThenReference) {
  Fixture f;
  texunit::SamplerState s = point();
  s.compare = texunit::CompareFunc::kGreater;
  f.sampler(1, s);
  SurfaceDesc d;
  d.type = SurfaceType::k2DArray;
  d.format = Format::kR32_FLOAT;
  d.width = d.height = 1;
  d.layers = 2;
  Surface surf(d);
  EXPECT_TRUE(surf.write_texel(0, 0, 1, 0, 0, Texel::from_float(0.5f, 0, 0, 0)));
  f.add(2, std::move(surf), 1);
  f.reg(4, 1);
  f.regf(5, 0.5f);
  f.regf(6, 0.5f);
  f.regf(7, 0.6f);  // 0.6 > 0.5 (layer 1) passes; layer 0 holds 0.0
  EXPECT_EQ(run(f, "TEXS.LZ.DC RZ, R0, R4, R6, 0x2, ARRAY_2D, R ;").regs, (M{{"R0", fb(1.0f)}}));
  f.regf(7, 0.4f);
  EXPECT_EQ(run(f, "TEXS.LZ.DC RZ, R0, R4, R6, 0x2, ARRAY_2D, R ;").regs, (M{{"R0", fb(0.0f)}}));
}

TEST(SassExecSample, Texs10_11_3D_RaPairRbR) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.regf(4, 1.5f / 4);
  f.regf(5, 2.5f / 4);
  f.regf(6, 3.5f / 4);
  const M want{{"R0", 1}, {"R1", 2}, {"R2", 3}};
  EXPECT_EQ(run(f, "TEXS R2, R0, R4, R6, 0x1, 3D, RGB ;").regs, want);
  EXPECT_EQ(run(f, "TEXS.LZ R2, R0, R4, R6, 0x1, 3D, RGB ;").regs, want);
}

TEST(SassExecSample, Texs12_13_Cube_DirectionAndLod) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::kCube, 4, 4, 1, 2));
  // Direction (0, -1, 0): face -Y (slice 3), its centre -> texel (2, 2) of a 4x4 face.
  f.regf(4, 0.0f);
  f.regf(5, -1.0f);
  f.regf(6, 0.0f);
  EXPECT_EQ(run(f, "TEXS R2, R0, R4, R6, 0x1, CUBE, RGBA ;").regs,
            (M{{"R0", 2}, {"R1", 2}, {"R2", 3}, {"R3", 0}}));
  f.regf(7, 1.0f);  // CUBE.LL: Rb = (r, lod): level 1 (2x2 faces), texel (1, 1)
  EXPECT_EQ(run(f, "TEXS.LL R2, R0, R4, R6, 0x1, CUBE, RGBA ;").regs,
            (M{{"R0", 1}, {"R1", 1}, {"R2", 3}, {"R3", 1000}}));
}

// ---- Filtering, LOD and the TSC fields.

TEST(SassExecSample, BilinearCentreOfTwoByTwo) {
  Fixture f;
  f.sampler(0, bilinear());
  f.add(1, floats(Format::kR32G32B32A32_FLOAT, 2, 2,
                  {Texel::from_float(0, 0, 1, 1), Texel::from_float(1, 0, 0, 1),
                   Texel::from_float(0, 1, 0, 1), Texel::from_float(0, 0, 1, 0)}));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  EXPECT_EQ(run(f, "TEXS.LZ R2, R0, R4, R5, 0x1, 2D, RGBA ;").regs,
            (M{{"R0", fb(0.25f)}, {"R1", fb(0.25f)}, {"R2", fb(0.5f)}, {"R3", fb(0.75f)}}));
  // A quarter texel right of the centre: weights 3/4 and 1/4 on each row.
  f.regf(4, 0.625f);
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;").regs, (M{{"R0", fb(0.375f)}}));
}

TEST(SassExecSample, LinearWeightsHaveEightFractionBits) {
  // CUDA's documented linear filter (nvidia_tlds.md 4.9): xB = x*N - 0.5, alpha = frac(xB) in
  // fixed point with 8 fraction bits. Texels 0 and 1: x*N = 1 + 3/1024 gives xB = 0.5 + 3/1024,
  // alpha = 128.75/256 -> 129/256 under the d3d profile's round-to-nearest-even (decisions T46;
  // whether NVIDIA rounds or truncates is unmeasured). The exact profile keeps 0.50293.
  Fixture f;
  texunit::SamplerState s = bilinear();
  f.sampler(0, s);
  SurfaceDesc d;
  d.type = SurfaceType::k1D;
  d.format = Format::kR32_FLOAT;
  d.width = 2;
  Surface surf(d);
  EXPECT_TRUE(surf.write_texel(0, 0, 0, 1, 0, Texel::from_float(1.0f, 0, 0, 0)));
  f.add(1, std::move(surf));
  f.regf(4, (1.0f + 3.0f / 1024) / 2);
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, 0x1, 1D, R ;").regs, (M{{"R0", fb(129.0f / 256)}}));
  edit_scene_state(f.sc).texture_samplers->entries[0].precision = texunit::PrecisionKind::kExact;
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, 0x1, 1D, R ;").regs, (M{{"R0", fb(0.5f + 3.0f / 1024)}}));
}

TEST(SassExecSample, LoneThreadImplicitLodIsTheMinLodClamp) {
  // The thread's quad is four copies of it: derivatives 0, LOD -inf, whatever the bias; the TSC
  // min LOD clamp then picks the level (decisions T40).
  Fixture f;
  texunit::SamplerState s = point();
  s.lod_bias = 3.0f;
  f.sampler(0, s);
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  EXPECT_EQ(run(f, "TEXS RZ, R0, R4, R5, 0x1, 2D, A ;").regs, (M{{"R0", 0}}));
  s.min_lod = 2.0f;
  f.sampler(0, s);
  EXPECT_EQ(run(f, "TEXS RZ, R0, R4, R5, 0x1, 2D, A ;").regs, (M{{"R0", 2000}}));
}

TEST(SassExecSample, LoneThreadQuadUnderTheLavapipeProfile) {
  // The TSC entry's "precision": lavapipe runs the copied quad as one lavapipe group: the same
  // zero derivatives, so the min LOD clamp picks the level here too.
  Fixture f;
  texunit::SamplerState s = point();
  s.min_lod = 1.0f;
  f.sampler(0, s);
  edit_scene_state(f.sc).texture_samplers->entries[0].precision = texunit::PrecisionKind::kLavapipe;
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  EXPECT_EQ(run(f, "TEXS RZ, R0, R4, R5, 0x1, 2D, A ;").regs, (M{{"R0", 1000}}));
  s.min_lod = 3.0f;
  f.sampler(0, s);  // precision back to the default (d3d)
  EXPECT_EQ(run(f, "TEXS RZ, R0, R4, R5, 0x1, 2D, A ;").regs, (M{{"R0", 3000}}));
}

TEST(SassExecSample, ExplicitLodTakesTheTscBiasAndClamps) {
  Fixture f;
  texunit::SamplerState s = point();
  s.lod_bias = 1.0f;
  f.sampler(0, s);
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  f.regf(6, 1.0f);
  EXPECT_EQ(run(f, "TEXS.LL RZ, R0, R4, R6, 0x1, 2D, A ;").regs, (M{{"R0", 2000}}));
  s.max_lod = 1.0f;
  f.sampler(0, s);
  EXPECT_EQ(run(f, "TEXS.LL RZ, R0, R4, R6, 0x1, 2D, A ;").regs, (M{{"R0", 1000}}));
}

TEST(SassExecSample, TscFieldWidths) {
  EXPECT_EQ(tsc_lod_bias(0.3f), 76.0f / 256);  // 76.8 truncated
  EXPECT_EQ(tsc_lod_bias(-0.003f), 0.0f);      // -0.768 truncated toward zero
  EXPECT_EQ(tsc_lod_bias(-20.0f), -16.0f);
  EXPECT_EQ(tsc_lod_bias(15.999f), kTscLodMax);
  EXPECT_EQ(tsc_lod_clamp(-1.0f), 0.0f);
  EXPECT_EQ(tsc_lod_clamp(1000.0f), kTscLodMax);
  EXPECT_EQ(tsc_lod_clamp(std::nanf("")), 0.0f);
  EXPECT_EQ(tsc_max_anisotropy(0.0f), 1.0f);
  EXPECT_EQ(tsc_max_anisotropy(3.0f), 2.0f);
  EXPECT_EQ(tsc_max_anisotropy(11.0f), 10.0f);
  EXPECT_EQ(tsc_max_anisotropy(16.0f), 16.0f);
  EXPECT_EQ(tsc_max_anisotropy(1.9f), 1.0f);  // a fraction rounds down too
  EXPECT_EQ(tsc_max_anisotropy(5.5f), 4.0f);
}

TEST(SassExecSample, TscBiasIsTruncatedBeforeUse) {
  // .LL 0.5 with bias -0.003: the TSC holds bias 0 (5.8 fixed point, truncated), so the LOD is
  // 0.5 and a point mip filter rounds it to level 1; the unquantised 0.497 would give level 0.
  Fixture f;
  texunit::SamplerState s = point();
  s.lod_bias = -0.003f;
  f.sampler(0, s);
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  f.regf(6, 0.5f);
  EXPECT_EQ(run(f, "TEXS.LL RZ, R0, R4, R6, 0x1, 2D, A ;").regs, (M{{"R0", 1000}}));
}

TEST(SassExecSample, HeaderLevelRangeIsTheView) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 4), 0, 1, 2);
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  f.regf(6, 5.0f);
  // .LZ: the view's level 0 = surface level 1; .LL 5: clamped to the view's last level (2).
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, RA ;").regs, (M{{"R0", 2}, {"R1", 1000}}));
  EXPECT_EQ(run(f, "TEXS.LL RZ, R0, R4, R6, 0x1, 2D, RA ;").regs, (M{{"R0", 1}, {"R1", 2000}}));
  // A header whose min level the surface lacks: zeros.
  f.add(2, tagged(SurfaceType::k2D, 8, 8, 1, 2), 0, 3, 4);
  f.reg(10, 0xffffffff);
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R10, R4, R5, 0x2, 2D, RA ;").regs, (M{{"R10", 0}, {"R11", 0}}));
}

// ---- TLD4S (nvidia_tlds.md 1.8, YUZU texture_gather_swizzled.cpp).

void gather_setup(Fixture& f) {
  texunit::SamplerState s = bilinear();
  s.address = {texunit::AddressMode::kWrap, texunit::AddressMode::kWrap,
               texunit::AddressMode::kWrap};
  f.sampler(0, s);
  // 4x4 RGBA32F: texel (x, y) = (x + 10y, 100 + x + 10y, 200 + ..., 300 + ...).
  std::vector<Texel> t;
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const float v = static_cast<float>(x + 10 * y);
      t.push_back(Texel::from_float(v, 100 + v, 200 + v, 300 + v));
    }
  f.add(1, floats(Format::kR32G32B32A32_FLOAT, 4, 4, t));
}

TEST(SassExecSample, Tld4sComponentsInGatherOrder) {
  Fixture f;
  gather_setup(f);
  f.regf(4, 0.25f);  // texel space (1, 1): footprint x 0..1, y 0..1
  f.regf(5, 0.25f);
  // (i0,j1), (i1,j1), (i1,j0), (i0,j0) = (0,1), (1,1), (1,0), (0,0).
  EXPECT_EQ(run(f, "TLD4S.R R2, R0, R4, R5, 0x1 ;").regs,
            (M{{"R0", fb(10)}, {"R1", fb(11)}, {"R2", fb(1)}, {"R3", fb(0)}}));
  EXPECT_EQ(run(f, "TLD4S.B R2, R0, R4, R5, 0x1 ;").regs,
            (M{{"R0", fb(210)}, {"R1", fb(211)}, {"R2", fb(201)}, {"R3", fb(200)}}));
}

TEST(SassExecSample, Tld4sAoffiIsSignedSixBitAtBits5And13) {
  Fixture f;
  gather_setup(f);
  f.regf(4, 0.25f);
  f.regf(5, 0.25f);
  f.reg(6, 0xffffc0c1);  // u = [5:0] = +1, v = [13:8] = 0 (bits 7:6, 31:14 ignored)
  EXPECT_EQ(run(f, "TLD4S.G.AOFFI R2, R0, R4, R6, 0x1 ;").regs,
            (M{{"R0", fb(111)}, {"R1", fb(112)}, {"R2", fb(102)}, {"R3", fb(101)}}));
  f.reg(6, 0x0200);  // (0, +2): y 2..3
  EXPECT_EQ(run(f, "TLD4S.R.AOFFI R2, R0, R4, R6, 0x1 ;").regs,
            (M{{"R0", fb(30)}, {"R1", fb(31)}, {"R2", fb(21)}, {"R3", fb(20)}}));
  f.reg(6, 0x3f3f);  // (-1, -1): x and y -1..0, wrapped to 3, 0
  EXPECT_EQ(run(f, "TLD4S.R.AOFFI R2, R0, R4, R6, 0x1 ;").regs,
            (M{{"R0", fb(3)}, {"R1", fb(0)}, {"R2", fb(30)}, {"R3", fb(33)}}));
}

TEST(SassExecSample, Tld4sDcComparesEachTexel) {
  Fixture f;
  depth_setup(f);
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  f.regf(6, 0.6f);  // ref <= texel: 0.75 yes, 1.0 yes, 0.5 no, 0.25 no
  EXPECT_EQ(run(f, "TLD4S.R.DC R2, R0, R4, R6, 0x2 ;").regs,
            (M{{"R0", fb(1)}, {"R1", fb(1)}, {"R2", fb(0)}, {"R3", fb(0)}}));
  // .AOFFI.DC: Rb = offsets, Rb+1 = reference; offset (-1, 0) clamps x to 0.
  f.reg(6, 0x3f);
  f.regf(7, 0.3f);  // texels (0,1) 0.75, (0,1) 0.75, (0,0) 0.25, (0,0) 0.25
  EXPECT_EQ(run(f, "TLD4S.R.AOFFI.DC R2, R0, R4, R6, 0x2 ;").regs,
            (M{{"R0", fb(1)}, {"R1", fb(1)}, {"R2", fb(0)}, {"R3", fb(0)}}));
}

// ---- .F16 (Rd0 = c0 | c1 << 16, Rd1 = c2 | c3 << 16) and its rounding.

TEST(SassExecSample, F16PackingAndRounding) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, floats(Format::kR32G32B32A32_FLOAT, 1, 1, {Texel::from_float(0.7f, 1, 2, 0.5f)}));
  f.regf(4, 0.5f);
  f.regf(5, 0.5f);
  // 0.7 -> half 0x399a (RN) / 0x3999 (RZ); 1 = 0x3c00, 2 = 0x4000, 0.5 = 0x3800.
  EXPECT_EQ(run(f, "TEXS.F16.LZ R2, R0, R4, R5, 0x1, 2D, RGB ;").regs,
            (M{{"R0", 0x3c00399au}, {"R2", 0x4000u}}));
  EXPECT_EQ(run(f, "TLD4S.F16.R R2, R0, R4, R5, 0x1 ;").regs,
            (M{{"R0", 0x399a399au}, {"R2", 0x399a399au}}));
  // .RTZ (SM60+) rounds toward zero whatever the scene says.
  EXPECT_EQ(run(f, "TLD4S.F16.RTZ.R R2, R0, R4, R5, 0x1 ;", "SM60").regs,
            (M{{"R0", 0x39993999u}, {"R2", 0x39993999u}}));
  // TEXS.F16.RTZ and TLDS.F16.RTZ too (decisions T71).
  EXPECT_EQ(run(f, "TEXS.F16.RTZ.LZ RZ, R0, R4, R5, 0x1, 2D, RA ;", "SM60").regs,
            (M{{"R0", 0x38003999u}}));
  f.reg(6, 0);
  f.reg(7, 0);
  EXPECT_EQ(run(f, "TLDS.F16.RTZ.LZ RZ, R0, R6, R7, 0x1, 2D, RA ;", "SM60").regs,
            (M{{"R0", 0x38003999u}}));
  EXPECT_EQ(run(f, "TLDS.F16.LZ RZ, R0, R6, R7, 0x1, 2D, RA ;", "SM60").regs,
            (M{{"R0", 0x3800399au}}));
  edit_scene_state(f.sc).fp16_rounding = Fp16Rounding::kRz;
  EXPECT_EQ(run(f, "TEXS.F16.LZ RZ, R0, R4, R5, 0x1, 2D, RA ;").regs, (M{{"R0", 0x38003999u}}));
}

TEST(SassExecSample, F16OnIntegerTextureIsUndefinedOnSM52Only) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  f.regf(4, 3.5f / 4);
  f.regf(5, 1.5f / 4);
  Outcome r = run(f, "TEXS.F16.LZ RZ, R0, R4, R5, 0x1, 2D, RG ;");
  EXPECT_EQ(r.rules(), V{"SASS-TEXS-F16-INT"});
  EXPECT_FALSE(r.defined["R0"]);
  r = run(f, "TEXS.F16.LZ RZ, R0, R4, R5, 0x1, 2D, RG ;", "SM60");
  EXPECT_EQ(r.rules(), V{});
  EXPECT_EQ(r.regs, (M{{"R0", 0x3c004200u}}));  // (3, 1) by value
  EXPECT_TRUE(r.defined["R0"]);
  r = run(f, "TLD4S.F16.R R2, R0, R4, R5, 0x1 ;");
  EXPECT_EQ(r.rules(), V{"SASS-TLD4S-F16-INT"});
}

// ---- Run-time rules: the passing case, then the failing one.

TEST(SassExecSample, SamplerIndexBeyondTheTscPoolIsUndefined) {
  Fixture f;
  f.sampler(15, point());
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1), 15);
  f.regf(4, 0.6f);
  f.regf(5, 0.6f);
  Outcome r = run(f, "TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;");
  EXPECT_EQ(r.rules(), V{});
  EXPECT_EQ(r.regs, (M{{"R0", 2}}));
  f.handle(1, (16u << 20) | 1);  // samplerPtr 16 > max_index 15
  r = run(f, "TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;");
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-SAMPLER-INDEX"});
  EXPECT_FALSE(r.defined["R0"]);
}

TEST(SassExecSample, DcMustMatchTheTscDepthCompare) {
  Fixture f;
  depth_setup(f);
  f.regf(4, 0.25f);
  f.regf(5, 0.25f);
  f.regf(6, 0.1f);
  EXPECT_EQ(run(f, "TEXS.LZ.DC RZ, R0, R4, R6, 0x2, 2D, R ;").rules(), V{});
  // A compare sampler without .DC, and .DC with a plain sampler: undefined.
  Outcome r = run(f, "TEXS.LZ RZ, R0, R4, R5, 0x2, 2D, R ;");
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-DC-STATE"});
  EXPECT_FALSE(r.defined["R0"]);
  f.sampler(1, point());
  r = run(f, "TLD4S.R.DC R2, R0, R4, R6, 0x2 ;");
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-DC-STATE"});
  EXPECT_FALSE(r.defined["R3"]);
}

TEST(SassExecSample, ParamAHeaderMismatchAndInvalidHeaderReturnZeros) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.add(2, tagged(SurfaceType::kCube, 4, 4, 1, 1));
  f.regf(4, 0.6f);
  f.regf(5, 0.6f);
  f.regf(6, 0.6f);
  f.reg(0, 0xdeadbeef);
  f.reg(1, 0xdeadbeef);
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, R6, 0x1, 3D, RG ;").regs, (M{{"R0", 2}, {"R1", 2}}));
  EXPECT_EQ(run(f, "TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, RG ;").regs, (M{{"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(run(f, "TEXS RZ, R0, R4, R6, 0x2, 3D, RG ;").regs, (M{{"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(run(f, "TLD4S.R R2, R0, R4, R5, 0x1 ;").regs,
            (M{{"R0", 0}, {"R1", 0}, {"R2", 0}, {"R3", 0}}));
  f.handle(3, 40);  // header 40 > max_index 31: an invalid texture
  const Outcome r = run(f, "TEXS.LZ RZ, R0, R4, R5, 0x3, 2D, RG ;");
  EXPECT_EQ(r.regs, (M{{"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(r.rules(), V{});
}

TEST(SassExecSample, MissingSamplerStateIsAnError) {
  Fixture f;
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1), 3);
  Outcome r = run(f, "TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;");  // no entry 3
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-STATE"});
  f.sampler(3, point());
  EXPECT_TRUE(run(f, "TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;").ok);
  edit_scene_state(f.sc).texture_samplers.reset();
  r = run(f, "TLD4S.R R2, R0, R4, R5, 0x1 ;");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-STATE"});
}

TEST(SassExecSample, FalsePredicateWritesNothing) {
  Fixture f;
  f.sampler(0, point());
  f.add(1, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  EXPECT_EQ(run(f, "@P0 TEXS.LZ RZ, R0, R4, R5, 0x1, 2D, R ;").regs, M{});
  EXPECT_EQ(run(f, "@!P0 TLD4S.R RZ, R0, R4, R5, 0x1 ;").regs.size(), 2u);
}

TEST(SassExecSample, ParamAMatchTable) {
  using T = SurfaceType;
  EXPECT_TRUE(param_a_matches(ParamA::k1D, T::k1DArray));
  EXPECT_TRUE(param_a_matches(ParamA::kArray2D, T::k2D));
  EXPECT_TRUE(param_a_matches(ParamA::kCube, T::kCubeArray));
  EXPECT_FALSE(param_a_matches(ParamA::k2D, T::kCube));
  EXPECT_FALSE(param_a_matches(ParamA::k3D, T::k2DArray));
  EXPECT_TRUE(param_a_matches(ParamA::kArrayCube, T::kCubeArray));
  EXPECT_TRUE(param_a_matches(ParamA::kArray1D, T::k1D));
  EXPECT_FALSE(param_a_matches(ParamA::kArray3D, T::k3D));
}

}  // namespace
}  // namespace texsim::isa::sass
