// Unit tests for sample_lavapipe: hand-computed cases of lavapipe's 8-bit (AoS) linear path, its
// float (SoA) border path, the UNORM/SNORM conversions and the LOD selection order.
#include "texunit/sample_lavapipe.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "texunit/simd/lavapipe_message.hpp"
#include "unit/texunit/surface_maker.hpp"

namespace texsim::texunit {
namespace {

float unorm8(int k) {
  return static_cast<float>(k) * static_cast<float>(1.0 / 255.0);
}

// A 1-row RGBA8 surface whose R channel holds `r` (G = B = 0, A = 255), one level.
Surface row_rgba8(std::initializer_list<uint8_t> r, uint32_t mips = 1) {
  SurfaceDesc d;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = static_cast<uint32_t>(r.size());
  d.height = 1;
  d.mips = mips;
  Surface s(d);
  uint32_t x = 0;
  for (uint8_t v : r) {
    uint8_t* p = s.texel_ptr(0, 0, 0, x++, 0);
    p[0] = v;
    p[3] = 255;
  }
  return s;
}

SamplerState linear_sampler(AddressMode m) {
  SamplerState s;
  s.min_filter = s.mag_filter = Filter::kLinear;
  s.mip_filter = MipFilter::kPoint;
  s.address = {m, m, m};
  return s;
}

SampleRequest at(float u, float v = 0.5f) {
  SampleRequest q;
  q.op = SampleOp::kLevel;
  q.coord = {u, v, 0.0f};
  q.lod = 0.0f;
  return q;
}

TEST(SampleLavapipe, Unorm8IsOneMultiplyByRoundedReciprocal) {
  int differs = 0;
  for (int k = 0; k < 256; ++k) {
    uint8_t texel[4] = {static_cast<uint8_t>(k), 0, 0, 255};
    const Texel t = lavapipe_decode(Format::kR8G8B8A8_UNORM, texel);
    EXPECT_EQ(t.bits[0], std::bit_cast<uint32_t>(unorm8(k))) << k;
    if (t.f(0) != static_cast<float>(k / 255.0)) ++differs;
  }
  EXPECT_GT(differs, 0);  // some k are 1 ulp off the correctly rounded k / 255
}

// R8G8B8A8_UNORM's decode shortcut (P25) against B8G8R8A8_UNORM's general path, every byte in
// every channel.
TEST(SampleLavapipe, Rgba8DecodeShortcutEqualsTheGeneralPath) {
  for (uint32_t k = 0; k < 256; ++k) {
    const auto b = static_cast<uint8_t>(k), c = static_cast<uint8_t>(255 - k);
    const std::array<uint8_t, 4> rgba{b, c, static_cast<uint8_t>(k * 7),
                                      static_cast<uint8_t>(k ^ 0x5a)};
    const std::array<uint8_t, 4> bgra{rgba[2], rgba[1], rgba[0], rgba[3]};
    const Texel fast = lavapipe_decode(Format::kR8G8B8A8_UNORM, rgba.data());
    const Texel general = lavapipe_decode(Format::kB8G8R8A8_UNORM, bgra.data());
    EXPECT_EQ(fast.bits, general.bits) << k;
    EXPECT_EQ(fast.kind, general.kind);
  }
}

TEST(SampleLavapipe, Snorm8MinusOneTwentyEightClampsToMinusOne) {
  uint8_t texel[4] = {0x80, 0x7f, 0, 0};
  const Texel t = lavapipe_decode(Format::kR8G8B8A8_SNORM, texel);
  EXPECT_EQ(t.f(0), -1.0f);
  EXPECT_EQ(t.f(1), 127.0f * static_cast<float>(1.0 / 127.0));
}

TEST(SampleLavapipe, AosMidpointRoundsUp) {
  // q = rne(0.5 * 2 * 256) - 128 = 128: i0 = 0, weight 128; (0*256 + 255*128 + 128) >> 8 = 128.
  const Surface s = row_rgba8({0, 255});
  const auto smp = linear_sampler(AddressMode::kClamp);
  ASSERT_TRUE(lavapipe_uses_aos(s.view(), smp, at(0.5f)));
  const Texel t = sample_lavapipe(s.view(), smp, at(0.5f)).texel;
  EXPECT_EQ(t.f(0), unorm8(128));
  EXPECT_EQ(t.f(3), 1.0f);
}

TEST(SampleLavapipe, AosWeightFromRoundedFixedPoint) {
  // 0.3f * 512 = 153.60000610 -> 154 - 128 = 26: weight 26, (26 * 255 + 128) >> 8 = 26.
  const Surface s = row_rgba8({0, 255});
  const Texel t = sample_lavapipe(s.view(), linear_sampler(AddressMode::kClamp), at(0.3f)).texel;
  EXPECT_EQ(t.f(0), unorm8(26));
}

TEST(SampleLavapipe, AosClampBelowZeroUsesTexelZeroTwice) {
  // 0.1f * 512 = 51.2 -> 51 - 128 = -77: i0 = -1 (clamped to 0, and i1 = i0), result texel 0.
  const Surface s = row_rgba8({40, 255});
  const Texel t = sample_lavapipe(s.view(), linear_sampler(AddressMode::kClamp), at(0.1f)).texel;
  EXPECT_EQ(t.f(0), unorm8(40));
}

TEST(SampleLavapipe, AosRepeatPotWrapsAndLerpsWithArithmeticShift) {
  // q = -77: i0 = -1 & 1 = 1 (255), i1 = 0 (0), weight 179:
  // 255 + ((179 * (0 - 255) + 128) >> 8) = 255 + (-45517 >> 8) = 255 - 178 = 77.
  const Surface s = row_rgba8({0, 255});
  const Texel t = sample_lavapipe(s.view(), linear_sampler(AddressMode::kWrap), at(0.1f)).texel;
  EXPECT_EQ(t.f(0), unorm8(77));
}

TEST(SampleLavapipe, AosMipLerpWeightIsTruncatedLodFraction) {
  // Level 0: 2 texels of 200 (at u = 0.5 both taps are 200); level 1: 1 texel of 100.
  // LOD 0.5 -> weight trunc(0.5 * 256) = 128: 200 + ((128 * -100 + 128) >> 8) = 200 - 50 = 150.
  Surface s = row_rgba8({200, 200}, 2);
  uint8_t* p = s.texel_ptr(0, 1, 0, 0, 0);
  p[0] = 100;
  p[3] = 255;
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.mip_filter = MipFilter::kLinear;
  SampleRequest q = at(0.5f);
  q.lod = 0.5f;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), unorm8(150));
}

TEST(SampleLavapipe, BorderUsesFloatPathWithFmaLerp) {
  // CLAMP_TO_BORDER leaves the 8-bit path: c = 0.3f * 2 - 0.5 = 0.100000024, x0 = 0,
  // result fma(w, t1 - t0, t0) over k * float(1/255) texels.
  const Surface s = row_rgba8({0, 255});
  const auto smp = linear_sampler(AddressMode::kBorder);
  EXPECT_FALSE(lavapipe_uses_aos(s.view(), smp, at(0.3f)));
  const float w = 0.3f * 2.0f - 0.5f;
  const float v0 = std::fma(w, unorm8(255) - unorm8(0), unorm8(0));
  EXPECT_EQ(sample_lavapipe(s.view(), smp, at(0.3f)).texel.f(0), v0);
}

TEST(SampleLavapipe, BorderColourTakesFormatDefaultsForMissingComponents) {
  SurfaceDesc d;
  d.format = Format::kR8_UNORM;
  d.width = d.height = 2;
  const Surface s(d);
  SamplerState smp = linear_sampler(AddressMode::kBorder);
  smp.min_filter = smp.mag_filter = Filter::kPoint;
  smp.border_color = {1.0f, 1.0f, 1.0f, 0.0f};
  const Texel t = sample_lavapipe(s.view(), smp, at(-0.75f, -0.75f)).texel;
  EXPECT_EQ(t.f(0), 1.0f);
  EXPECT_EQ(t.f(1), 0.0f);
  EXPECT_EQ(t.f(2), 0.0f);
  EXPECT_EQ(t.f(3), 1.0f);
}

TEST(SampleLavapipe, MinLodEqualMaxLodIgnoresBiasAndExplicitLod) {
  // min_lod == max_lod: lavapipe samples exactly at min_lod (bias and the lane's LOD unused).
  Surface s = row_rgba8({10, 10, 10, 10}, 3);
  for (uint32_t l = 1; l < 3; ++l) {
    for (uint32_t x = 0; x < (4u >> l); ++x) {
      uint8_t* p = s.texel_ptr(0, l, 0, x, 0);
      p[0] = static_cast<uint8_t>(10 + 100 * l);
      p[3] = 255;
    }
  }
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.min_lod = smp.max_lod = 1.0f;
  smp.lod_bias = 3.0f;
  SampleRequest q = at(0.5f);
  q.lod = 0.0f;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), unorm8(110));
}

TEST(SampleLavapipe, GradientLodUsesSquaredLengthsAndPiecewiseLog2) {
  // ddx = (3/4 texel ... ) on a 4-wide level 0: rho^2 = (4 * 0.75)^2 = 9 -> log2approx(9) =
  // 3 + (1.125 - 1) = 3.125, LOD = 1.5625 -> nearest mip iround = 2 (RNE of 1.5625 is 2).
  Surface s = row_rgba8({10, 10, 10, 10}, 3);
  for (uint32_t l = 1; l < 3; ++l) {
    for (uint32_t x = 0; x < (4u >> l); ++x) {
      uint8_t* p = s.texel_ptr(0, l, 0, x, 0);
      p[0] = static_cast<uint8_t>(10 + 100 * l);
      p[3] = 255;
    }
  }
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.lod_bias = -0.0625f;  // not the no-adjustment special case: 1.5 rounds to even (2)
  SampleRequest q = at(0.5f);
  q.op = SampleOp::kGrad;
  q.ddx = {0.75f, 0.0f, 0.0f};
  q.ddy = {0.0f, 0.0f, 0.0f};
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), unorm8(210));
}

// ---- Cube maps -----------------------------------------------------------------------------

// A cube of R32_FLOAT (or R32_UINT) faces n x n with `mips` levels; texel (x, y) of face f at
// level l holds value(f, l, x, y).
template <typename F>
Surface cube_r32(Format fmt, uint32_t n, uint32_t mips, F value) {
  SurfaceDesc d;
  d.type = SurfaceType::kCube;
  d.format = fmt;
  d.width = d.height = n;
  d.mips = mips;
  Surface s(d);
  for (uint32_t l = 0; l < mips; ++l) {
    const uint32_t m = std::max(1u, n >> l);
    for (uint32_t f = 0; f < 6; ++f)
      for (uint32_t y = 0; y < m; ++y)
        for (uint32_t x = 0; x < m; ++x) {
          const auto v = value(f, l, x, y);
          std::memcpy(s.texel_ptr(0, l, f, x, y), &v, 4);
        }
  }
  return s;
}

SampleRequest cube_at(float x, float y, float z) {
  SampleRequest q;
  q.op = SampleOp::kLevel;
  q.coord = {x, y, z};
  return q;
}

TEST(SampleLavapipe, CubeFaceTiesPreferZThenY) {
  // lp_build_cube_lookup: x only if |x| > |y|; z if |z| >= max(|x|, |y|). Face f holds f.
  const Surface s = cube_r32(Format::kR32_FLOAT, 1, 1,
                             [](uint32_t f, uint32_t, uint32_t, uint32_t) { return float(f); });
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.min_filter = smp.mag_filter = Filter::kPoint;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(1.0f, 1.0f, 0.5f)).texel.f(0), 2.0f);    // +Y
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(-1.0f, -1.0f, 0.5f)).texel.f(0), 3.0f);  // -Y
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(1.0f, 0.5f, -1.0f)).texel.f(0), 5.0f);   // -Z
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(-1.0f, 1.0f, 1.0f)).texel.f(0), 4.0f);   // +Z
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(-1.0f, 0.99f, 0.5f)).texel.f(0), 1.0f);  // -X
}

TEST(SampleLavapipe, CubeFaceCoordinatesMultiplyThenAdd) {
  // +Z, ma = 1: s = x * 0.5 + 0.5 = 0.75 -> texel 3 of 4; t = -y * 0.5 + 0.5 = 0.45 -> 1.
  const Surface s = cube_r32(
      Format::kR32_FLOAT, 4, 1,
      [](uint32_t f, uint32_t, uint32_t x, uint32_t y) { return float(100 * f + 10 * y + x); });
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.min_filter = smp.mag_filter = Filter::kPoint;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(0.5f, 0.1f, 1.0f)).texel.f(0), 413.0f);
  // -X, ma = -2: sc = +z = 1, tc = -y = -1; 0.5 / 2 = 0.25: s = 0.75 (x = 3), t = 0.25 (y = 1).
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(-2.0f, 1.0f, 1.0f)).texel.f(0), 113.0f);
}

TEST(SampleLavapipe, CubeCornerSharesMissingWeightAsWeightedSum) {
  // +Z corner at s = t = 0 on a 2x2 cube: x = 0 * 2 - 0.5 -> x0 = -1, fs = 0.5 (t likewise).
  // Tap 00 is past the corner; 01 (0, -1) is on +Y, 10 (-1, 0) on -X, 11 on +Z. All bilinear
  // weights are 0.25; 0.25 * (1/3) is added to the three others: sum of w * value in tap
  // order (products, then additions). Face f holds f + 1.
  const Surface s = cube_r32(Format::kR32_FLOAT, 2, 1,
                             [](uint32_t f, uint32_t, uint32_t, uint32_t) { return float(f + 1); });
  const auto smp = linear_sampler(AddressMode::kClamp);
  const float w = 0.25f + 0.25f * (1.0f / 3.0f);
  float acc = 0.0f * 0.0f;
  acc = w * 3.0f + acc;  // 01: +Y
  acc = w * 2.0f + acc;  // 10: -X
  acc = w * 5.0f + acc;  // 11: +Z
  EXPECT_EQ(sample_lavapipe(s.view(), smp, cube_at(-1.0f, 1.0f, 1.0f)).texel.f(0), acc);
  // A lane without a corner keeps the fma lerps unless its SIMD group has a corner lane.
  const SampleRequest q = cube_at(0.0f, 0.0f, 1.0f);  // centre of +Z: all taps on +Z
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 5.0f);
  LavapipeLaneContext ctx;
  ctx.group_cube_corner = {true, true};
  const float wc = 0.25f;  // fs = ft = 0.5, no missing tap: (1-fs)(1-ft) = 0.25 each
  float sum = wc * 5.0f;
  for (int k = 0; k < 3; ++k) sum = wc * 5.0f + sum;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q, ctx).texel.f(0), sum);
  EXPECT_TRUE(lavapipe_lane_facts(s.view(), smp, cube_at(-1.0f, 1.0f, 1.0f), {}).cube_corner[0]);
  EXPECT_FALSE(lavapipe_lane_facts(s.view(), smp, q, {}).cube_corner[0]);
}

TEST(SampleLavapipe, CubeGatherMissingCornerFloatAverageIntegerOtherRow) {
  // Same corner: gather returns (c10, c11, c01, c00); float c00 = ((0 + c01) + (c10 + c11)) / 3
  // as a multiply by float(1/3); an integer c00 repeats c10 (the other row, same column).
  SampleRequest q = cube_at(-1.0f, 1.0f, 1.0f);
  q.op = SampleOp::kGather;
  const auto smp = linear_sampler(AddressMode::kClamp);
  const Surface sf =
      cube_r32(Format::kR32_FLOAT, 2, 1,
               [](uint32_t f, uint32_t, uint32_t, uint32_t) { return float(f + 1); });
  const Texel tf = sample_lavapipe(sf.view(), smp, q).texel;
  EXPECT_EQ(tf.f(0), 2.0f);  // c10: -X
  EXPECT_EQ(tf.f(1), 5.0f);  // c11: +Z
  EXPECT_EQ(tf.f(2), 3.0f);  // c01: +Y
  EXPECT_EQ(tf.f(3), ((0.0f + 3.0f) + (2.0f + 5.0f)) * (1.0f / 3.0f));
  const Surface si = cube_r32(Format::kR32_UINT, 2, 1,
                              [](uint32_t f, uint32_t, uint32_t, uint32_t) { return f + 1; });
  SamplerState smpi = smp;
  smpi.min_filter = smpi.mag_filter = Filter::kPoint;
  const Texel ti = sample_lavapipe(si.view(), smpi, q).texel;
  EXPECT_EQ(ti.bits[0], 2u);
  EXPECT_EQ(ti.bits[3], 2u);
}

TEST(SampleLavapipe, CubeGradientsProjectedOntoFace) {
  // +Z, ma = 1, 8x8 faces: ddx = (0.5, 0, 0) -> ds = (0.5 - 0) * 0.5 = 0.25 -> 2 texels;
  // ddy = (0, 0.5, 0) -> dt = -0.25: rho^2 = 4 -> LOD 1 (mip point). Level l holds l.
  const Surface s = cube_r32(Format::kR32_FLOAT, 8, 4,
                             [](uint32_t, uint32_t l, uint32_t, uint32_t) { return float(l); });
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.lod_bias = 0.03125f;  // leave the integer-only LOD shortcut: 1 + 1/32 rounds to 1
  SampleRequest q = cube_at(0.1f, 0.2f, 1.0f);
  q.op = SampleOp::kGrad;
  q.ddx = {0.5f, 0.0f, 0.0f};
  q.ddy = {0.0f, 0.5f, 0.0f};
  // ma's derivative enters too: with dz = 0 it vanishes, so the LOD stays 1 + bias.
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 1.0f);
  q.ddx = {2.0f, 0.0f, 0.0f};  // 8 texels: rho^2 = 64 -> LOD 3
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 3.0f);
}

// ---- LOD query -----------------------------------------------------------------------------

TEST(SampleLavapipe, LodQueryUnclampedAndRoundedClampedLevel) {
  // 8x8, 4 levels, ddx = 0.75 -> 6 texels: rho^2 = 36 -> log2approx = 5 + (36/32 - 1) = 5.125
  // -> y = 2.5625; mip NEAREST: x = round(y) = 3 (clamped to [0, 3]).
  SurfaceDesc d;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = d.height = 8;
  d.mips = 4;
  const Surface s(d);
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  SampleRequest q = at(0.5f);
  q.op = SampleOp::kLodQuery;
  q.ddx = {0.75f, 0.0f, 0.0f};
  Texel t = sample_lavapipe(s.view(), smp, q).texel;
  EXPECT_EQ(t.f(0), 3.0f);
  EXPECT_EQ(t.f(1), 2.5625f);
  smp.min_lod = 0.5f;  // clamp to [0.5, 1]: x = round(1) = 1; y stays unclamped
  smp.max_lod = 1.0f;
  t = sample_lavapipe(s.view(), smp, q).texel;
  EXPECT_EQ(t.f(0), 1.0f);
  EXPECT_EQ(t.f(1), 2.5625f);
  smp.min_lod = smp.max_lod = 0.0f;  // min == max: no clamp at all in the query
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 3.0f);
  smp = linear_sampler(AddressMode::kClamp);
  smp.mip_filter = MipFilter::kLinear;  // LINEAR: x is the clamped value, not rounded
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 2.5625f);
}

TEST(SampleLavapipe, LodQueryLevelRoundedToMinusZeroIsPlusZero) {
  // 8x8, ddx = 0.12 -> ~0.96 texels: y slightly below 0 rounds to -0; lp_build_clamp's maxps
  // returns +0.
  SurfaceDesc d;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = d.height = 8;
  d.mips = 4;
  const Surface s(d);
  SampleRequest q = at(0.5f);
  q.op = SampleOp::kLodQuery;
  q.ddx = {0.12f, 0.0f, 0.0f};
  const Texel t = sample_lavapipe(s.view(), linear_sampler(AddressMode::kClamp), q).texel;
  EXPECT_LT(t.f(1), 0.0f);
  EXPECT_EQ(t.bits[0], 0u);
}

TEST(SampleLavapipe, BiasOpAddsShaderBiasBeforeSamplerBias) {
  // 4 levels of 8x8, level l holds l; ddx = 0.25 -> 2 texels: LOD 1; shader bias 1 -> level 2.
  SurfaceDesc d;
  d.format = Format::kR32_FLOAT;
  d.width = d.height = 8;
  d.mips = 4;
  Surface s(d);
  for (uint32_t l = 0; l < 4; ++l)
    for (uint32_t y = 0; y < (8u >> l); ++y)
      for (uint32_t x = 0; x < (8u >> l); ++x) {
        const auto v = static_cast<float>(l);
        std::memcpy(s.texel_ptr(0, l, 0, x, y), &v, 4);
      }
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  SampleRequest q = at(0.5f);
  q.op = SampleOp::kImplicit;
  q.ddx = {0.25f, 0.0f, 0.0f};
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 1.0f);
  q.op = SampleOp::kBias;
  q.lod = 1.0f;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 2.0f);
}

TEST(SampleLavapipe, FragmentQuadTakesTopLeftLod) {
  // Per-quad LOD: a lane given its quad's top-left request uses that lane's derivatives.
  Surface s = row_rgba8({10, 10, 10, 10}, 3);
  for (uint32_t l = 1; l < 3; ++l)
    for (uint32_t x = 0; x < (4u >> l); ++x) {
      uint8_t* p = s.texel_ptr(0, l, 0, x, 0);
      p[0] = static_cast<uint8_t>(10 + 100 * l);
      p[3] = 255;
    }
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.lod_bias = 0.03125f;
  SampleRequest tl = at(0.5f);
  tl.op = SampleOp::kImplicit;
  tl.ddx = {1.0f, 0.0f, 0.0f};  // 4 texels: LOD 2
  SampleRequest lane = tl;
  lane.ddx = {0.0f, 0.0f, 0.0f};  // alone: LOD -> level 0
  EXPECT_EQ(sample_lavapipe(s.view(), smp, lane).texel.f(0), unorm8(10));
  const std::array<SampleRequest, 4> quad{tl, lane, lane, lane};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  ctx.quad_lane = 1;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[1], ctx).texel.f(0), unorm8(210));
}

TEST(SampleLavapipe, FragmentQuadMinMagAosFilterFromQuadLod) {
  // texture() in a fragment shader has one LOD per quad, so lavapipe keeps the 8-bit path with
  // min != mag: magnified (LOD <= 0) -> mag LINEAR in 8.8 fixed point, q = rne(0.3 * 512) - 128
  // = 26: (26 * 200 + 128) >> 8 = 20; minified -> min POINT: texel 0.
  const Surface s = row_rgba8({0, 200});
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.min_filter = Filter::kPoint;
  SampleRequest tl = at(0.3f);
  tl.op = SampleOp::kImplicit;
  tl.ddx = {0.0625f, 0.0f, 0.0f};  // 1/8 texel: magnified
  std::array<SampleRequest, 4> quad{tl, tl, tl, tl};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[0], ctx).texel.f(0), unorm8(20));
  for (auto& r : quad) r.ddx = {2.0f, 0.0f, 0.0f};  // 4 texels: minified
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[0], ctx).texel.f(0), unorm8(0));
}

TEST(SampleLavapipe, FragmentCubeLodUsesFineDerivatives) {
  // A quad on +X of an 8x8 cube, level l holds l. TR's coarse ddy (BL - TL) is 1/8 texel (LOD
  // < 0: level 0); lavapipe differentiates per pixel, so TR's ddy is BR - TR: 4 texels -> level 2.
  const Surface s =
      cube_r32(Format::kR32_FLOAT, 8, 4,
               [](uint32_t, uint32_t l, uint32_t, uint32_t) { return static_cast<float>(l); });
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.min_filter = smp.mag_filter = Filter::kPoint;
  std::array<SampleRequest, 4> quad{};
  const std::array<std::array<float, 3>, 4> dir{
      {{1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, -0.03125f}, {1.0f, -0.03125f, 0.0f}, {1.0f, -1.0f, 0.0f}}};
  for (size_t i = 0; i < 4; ++i) {
    quad[i].op = SampleOp::kImplicit;
    quad[i].coord = dir[i];
    quad[i].ddx = {0.0f, 0.0f, -0.03125f};  // coarse: TR - TL, BL - TL
    quad[i].ddy = {0.0f, -0.03125f, 0.0f};
  }
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[0], ctx).texel.f(0), 0.0f);
  ctx.quad_lane = 1;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[1], ctx).texel.f(0), 2.0f);
  // Without the quad (a compute-shader lookup) TR keeps its own, coarse, derivatives.
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[1]).texel.f(0), 0.0f);
}

// ---- denormals (issue 20, measured): fragment threads run with DAZ/FTZ, compute threads not -

// A 2x2 R32_FLOAT surface, two levels: level 0 all `l0`, level 1 all `l1` (bits).
Surface r32_levels(uint32_t l0, uint32_t l1) {
  SurfaceDesc d;
  d.format = Format::kR32_FLOAT;
  d.width = 2;
  d.height = 2;
  d.mips = 2;
  Surface s(d);
  for (uint32_t level = 0; level < 2; ++level)
    for (uint32_t y = 0; y < (2u >> level); ++y)
      for (uint32_t x = 0; x < (2u >> level); ++x)
        std::memcpy(s.texel_ptr(0, level, 0, x, y), level == 0 ? &l0 : &l1, 4);
  return s;
}

TEST(SampleLavapipe, FragmentLookupsFlushDenormalsComputeLookupsKeepThem) {
  const uint32_t dn = 0x00012345u;
  Surface s = r32_levels(dn, dn);
  const SamplerState smp = linear_sampler(AddressMode::kClamp);
  SampleRequest q = at(0.5f, 0.5f);  // bilinear over four equal denormal texels
  q.op = SampleOp::kImplicit;        // zero derivatives: level 0
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.bits[0], dn);  // compute: kept
  const std::array<SampleRequest, 4> quad{q, q, q, q};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q, ctx).texel.bits[0], 0u);  // fragment: DAZ
  // The caller's floating-point state is restored.
  volatile float tiny = 0x1.0p-140f;
  EXPECT_NE(tiny * 1.0f, 0.0f);
}

TEST(SampleLavapipe, GroupMipLerpBlendsAWeightZeroLaneUnderDaz) {
  // Trilinear with point taps at LOD 0 (fraction 0): alone the lane reads level 0 and keeps the
  // denormal bits; when another lane of its group blends, lavapipe blends this one with weight 0
  // as well, and in a fragment shader DAZ reads the denormal as 0.
  const uint32_t dn = 0x00012345u;
  Surface s = r32_levels(dn, 0x3f800000u);
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.min_filter = smp.mag_filter = Filter::kPoint;
  smp.mip_filter = MipFilter::kLinear;
  SampleRequest q = at(0.25f, 0.25f);
  q.op = SampleOp::kImplicit;
  const std::array<SampleRequest, 4> quad{q, q, q, q};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q, ctx).texel.bits[0], dn);
  ctx.group_mip_lerp = true;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q, ctx).texel.bits[0], 0u);
  LavapipeLaneContext compute;
  compute.group_mip_lerp = true;  // compute: fma(0, b - a, a) = a, bits kept
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q, compute).texel.bits[0], dn);
}

// ---- mip filter none (issue 33 defect 1, decision P20) -----------------------------------------

// A 16x16 RGBA8 chain of five levels, level L all R = 40 * (L + 1) (G = B = 0, A = 255).
Surface rgba8_level_colours() {
  return testing::make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 16, 16, 1, 5,
                       [](uint32_t level, uint32_t, uint32_t, uint32_t) {
                         return Texel::from_float(static_cast<float>(40 * (level + 1)) / 255.0f,
                                                  0.0f, 0.0f, 1.0f);
                       });
}

// lp_build_sample_common: PIPE_TEX_MIPFILTER_NONE reads the first level whatever the LOD. The
// RGBA8 (AoS) path, the float path and the message entry's SIMD kernel all read level 0.
TEST(SampleLavapipe, MipFilterNoneReadsLevelZeroAtEveryLod) {
  const Surface s = rgba8_level_colours();
  for (const Filter f : {Filter::kPoint, Filter::kLinear}) {
    SamplerState smp = linear_sampler(AddressMode::kWrap);
    smp.min_filter = smp.mag_filter = f;
    smp.mip_filter = MipFilter::kNone;
    std::vector<float> u, v, lod;
    for (int l = 0; l <= 4; ++l) {
      SampleRequest q = at(0.3f, 0.6f);
      q.lod = static_cast<float>(l);
      ASSERT_TRUE(lavapipe_uses_aos(s.view(), smp, q));
      EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), unorm8(40)) << "lod " << l;
      u.push_back(q.coord[0]), v.push_back(q.coord[1]), lod.push_back(q.lod);
    }
    u.resize(8, 0.3f), v.resize(8, 0.6f), lod.resize(8, 2.0f);
    SampleBatch b;
    b.count = 8, b.op = SampleOp::kLevel, b.u = u, b.v = v, b.lod = lod;
    for (const bool simd : {true, false}) {
      std::array<std::array<uint32_t, 8>, 4> c{};
      const TexelLanes out{c[0], c[1], c[2], c[3], {}};
      simd::LavapipeMessageOptions o;
      o.batch.simd = simd;
      ASSERT_TRUE(simd::lavapipe_sample_message(s.view(), smp, b, out, o).ok);
      for (size_t i = 0; i < 8; ++i)
        EXPECT_EQ(std::bit_cast<float>(c[0][i]), unorm8(40)) << "lane " << i << " simd " << simd;
    }
  }
}

// A fragment quad (min linear, mag point: the AoS path with the quad's LOD) minified to LOD 2.
TEST(SampleLavapipe, MipFilterNoneFragmentQuadReadsLevelZero) {
  const Surface s = rgba8_level_colours();
  SamplerState smp = linear_sampler(AddressMode::kWrap);
  smp.mag_filter = Filter::kPoint;
  smp.mip_filter = MipFilter::kNone;
  SampleRequest q = at(0.3f, 0.6f);
  q.op = SampleOp::kImplicit;
  q.ddx = {4.0f / 16.0f, 0.0f, 0.0f};  // rho 4: LOD 2
  q.ddy = {0.0f, 4.0f / 16.0f, 0.0f};
  const std::array<SampleRequest, 4> quad{q, q, q, q};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q, ctx).texel.f(0), unorm8(40));
  smp.mip_filter = MipFilter::kPoint;  // the same quad with a mip filter reads level 2
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q, ctx).texel.f(0), unorm8(120));
}

}  // namespace
}  // namespace texsim::texunit

// ---- a positive denormal shader bias at quad LOD 0 (issue 33 defect 4, decision P23) -----------

namespace texsim::texunit {
namespace {

// A fragment quad at LOD 0 exactly (ddx = one texel of a 4x4 image: rho 1, log2 0), min linear,
// mag point, shader bias `bias`: lanes TL = BL = (0.5, 0.5), TR = BR = (0.75, 0.5), run through
// the message entry as the public API runs quads (lavapipe groups, the quad's differences).
std::array<uint32_t, 4> denormal_bias_quad(const Surface& s, const SamplerState& smp, float bias) {
  const std::vector<float> u{0.5f, 0.75f, 0.5f, 0.75f}, v(4, 0.5f), lod(4, bias), ref(4, 0.4f);
  const std::vector<float> ddx{0.25f, 0.25f, 0.25f, 0.25f}, zero(4, 0.0f);
  SampleBatch b;
  b.count = 4, b.op = SampleOp::kBias, b.u = u, b.v = v, b.lod = lod;
  b.ddx_u = ddx, b.ddx_v = zero, b.ddy_u = zero, b.ddy_v = zero;
  if (smp.compare) b.reference = ref;
  std::array<uint32_t, 4> r{}, g{}, bl{}, a{};
  const TexelLanes out{r, g, bl, a, {}};
  simd::LavapipeMessageOptions o;
  o.fragment_quads = true;
  EXPECT_TRUE(simd::lavapipe_sample_message(s.view(), smp, b, out, o).ok);
  return r;
}

// lavapipe's fragment threads run with DAZ: the bias 1e-38 reads as 0, the LOD stays 0 and the
// quad magnifies (nearest: texels x = 2 and x = 3). Measured with lavapipe 22.3.6 (the issue's
// RGBA8 4x4 example, u = v = 0.5, dudx = 0.25: 0x3f19999a, the nearest texel). The group facts
// (lavapipe_lane_facts) judged the LOD without DAZ: the group took the combined linear path and
// these magnified lanes its nearest-through-linear taps (fraction 0.5 is not above 0.5: the lower
// texel, x = 1), neither nearest nor bilinear.
TEST(SampleLavapipe, DenormalShaderBiasAtQuadLodZeroMagnifies) {
  const Surface s = testing::make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 4, 4, 1, 3,
                                  [](uint32_t level, uint32_t, uint32_t x, uint32_t y) {
                                    const auto k = static_cast<float>(40 * level + 4 * y + x);
                                    return Texel::from_float(k / 255.0f, 0.0f, 0.0f, 1.0f);
                                  });
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.mag_filter = Filter::kPoint;
  smp.max_lod = 1000.0f;
  for (const float bias : {0.0f, 1e-38f, std::bit_cast<float>(1u)}) {
    const std::array<uint32_t, 4> r = denormal_bias_quad(s, smp, bias);
    EXPECT_EQ(std::bit_cast<float>(r[0]), unorm8(4 * 2 + 2)) << bias;  // texel (2, 2)
    EXPECT_EQ(std::bit_cast<float>(r[1]), unorm8(4 * 2 + 3)) << bias;  // texel (3, 2)
  }
  SampleRequest q = at(0.5f, 0.5f);
  q.op = SampleOp::kBias;
  q.ddx = {0.25f, 0.0f, 0.0f};
  q.lod = 1e-38f;
  const std::array<SampleRequest, 4> quad{q, q, q, q};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  const LavapipeLaneFacts f = lavapipe_lane_facts(s.view(), smp, q, ctx);
  EXPECT_FALSE(f.needs_linear);
  EXPECT_FALSE(f.minified);
}

// The same with a comparison (textureBias on a shadow sampler): depth x / 4, reference 0.4,
// LESS_EQUAL: the nearest texel x = 2 passes (1), the lower tap x = 1 fails (0).
TEST(SampleLavapipe, DenormalShaderBiasAtQuadLodZeroMagnifiesShadow) {
  const Surface s =
      testing::make(SurfaceType::k2D, Format::kD32_FLOAT, 4, 4, 1, 3,
                    [](uint32_t, uint32_t, uint32_t x, uint32_t) {
                      return Texel::from_float(static_cast<float>(x) / 4.0f, 0.0f, 0.0f, 1.0f);
                    });
  SamplerState smp = linear_sampler(AddressMode::kClamp);
  smp.mag_filter = Filter::kPoint;
  smp.max_lod = 1000.0f;
  smp.compare = CompareFunc::kLessEqual;
  for (const float bias : {0.0f, 1e-38f}) {
    const std::array<uint32_t, 4> r = denormal_bias_quad(s, smp, bias);
    EXPECT_EQ(std::bit_cast<float>(r[0]), 1.0f) << bias;
    EXPECT_EQ(std::bit_cast<float>(r[2]), 1.0f) << bias;
  }
}

}  // namespace
}  // namespace texsim::texunit
