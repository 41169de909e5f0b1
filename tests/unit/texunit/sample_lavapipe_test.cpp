// Unit tests for sample_lavapipe: hand-computed cases of lavapipe's 8-bit (AoS) linear path, its
// float (SoA) border path, the UNORM/SNORM conversions and the LOD selection order.
#include "texunit/sample_lavapipe.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>

namespace texsim::texunit {
namespace {

float unorm8(int k) { return static_cast<float>(k) * static_cast<float>(1.0 / 255.0); }

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

}  // namespace
}  // namespace texsim::texunit
