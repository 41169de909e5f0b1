// Tests for texunit/lod: isotropic and anisotropic LOD (D3D11.3 §7.18.11), bias order, the
// MinLOD/MaxLOD clamp with NaN, and mip selection on 8.8 fixed point (§7.18.10).
#include "texunit/lod.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace texsim::texunit {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
const PrecisionProfile kD3D = PrecisionProfile::d3d();
const PrecisionProfile kExactP = PrecisionProfile::exact();

TEST(IsotropicLod, Log2OfTheLongerDerivative) {
  EXPECT_EQ(isotropic_lod({4, 0, 0}, {0, 2, 0}), 2.0f);
  EXPECT_EQ(isotropic_lod({3, 4, 0}, {0, 1, 0}), std::log2(5.0f));
  EXPECT_EQ(isotropic_lod({0, 0, 8}, {1, 0, 0}), 3.0f);  // w counts for 3D
  EXPECT_EQ(isotropic_lod({0.5f, 0, 0}, {0, 0.25f, 0}), -1.0f);
  EXPECT_EQ(isotropic_lod({0, 0, 0}, {0, 0, 0}), -kInf);
  EXPECT_TRUE(std::isnan(isotropic_lod({kNaN, 0, 0}, {1, 0, 0})));
  EXPECT_TRUE(std::isnan(isotropic_lod({1, 0, 0}, {kNaN, 0, 0})));
}

TEST(AnisotropicFootprint, LodFromTheMinorAxis) {
  // 8 texels along x, 2 along y: ratio 4, minor 2 -> LOD 1, 4 probes along x.
  const AnisoFootprint f = anisotropic_footprint({8, 0, 0}, {0, 2, 0}, 16);
  EXPECT_EQ(f.ratio, 4.0f);
  EXPECT_EQ(f.lod, 1.0f);
  EXPECT_EQ(f.probes, 4u);
  EXPECT_EQ(f.major[0], 8.0f);
  EXPECT_EQ(f.major[1], 0.0f);
}

TEST(AnisotropicFootprint, RatioClampedToMaxAnisotropy) {
  // Ratio 16 but max 4: minor = 16 / 4 = 4 -> LOD 2.
  const AnisoFootprint f = anisotropic_footprint({0, 1, 0}, {16, 0, 0}, 4);
  EXPECT_EQ(f.ratio, 4.0f);
  EXPECT_EQ(f.lod, 2.0f);
  EXPECT_EQ(f.probes, 4u);
  EXPECT_EQ(f.major[0], 16.0f);  // dY is the major axis
  // Degenerate (det == 0): ratio -> max.
  const AnisoFootprint g = anisotropic_footprint({8, 0, 0}, {8, 0, 0}, 2);
  EXPECT_EQ(g.ratio, 2.0f);
  EXPECT_EQ(g.lod, 2.0f);
}

// Vulkan's maxAnisotropy is a float: eta = min(ratio, 2.5) = 2.5, N = ceil(eta) = 3 probes,
// LOD log2(major / eta) (d3d, exact and nvidia; lavapipe truncates, decision P24).
TEST(AnisotropicFootprint, FractionalMaxAnisotropyClampsTheRatioToItself) {
  const AnisoFootprint f = anisotropic_footprint({0, 1, 0}, {10, 0, 0}, 2.5f);
  EXPECT_EQ(f.ratio, 2.5f);
  EXPECT_EQ(f.lod, 2.0f);  // minor 10 / 2.5 = 4
  EXPECT_EQ(f.probes, 3u);
  // A ratio below the fractional maximum is kept: 1.5 -> 2 probes.
  const AnisoFootprint g = anisotropic_footprint({3, 0, 0}, {0, 2, 0}, 2.5f);
  EXPECT_EQ(g.ratio, 1.5f);
  EXPECT_EQ(g.probes, 2u);
  // Below 1 counts as 1.
  EXPECT_EQ(anisotropic_footprint({0, 1, 0}, {10, 0, 0}, 0.5f).ratio, 1.0f);
}

TEST(AnisotropicFootprint, IsotropicFootprintHasOneProbe) {
  const AnisoFootprint f = anisotropic_footprint({2, 0, 0}, {0, 2, 0}, 16);
  EXPECT_EQ(f.ratio, 1.0f);
  EXPECT_EQ(f.lod, 1.0f);
  EXPECT_EQ(f.probes, 1u);
}

TEST(Bias, SamplerBiasThenInstructionBiasEachClamped) {
  EXPECT_EQ(bias_lod(1.0f, 0.5f), 1.5f);
  EXPECT_EQ(bias_lod(1.0f, 0.5f, 2.0f), 3.5f);
  EXPECT_EQ(bias_lod(0.0f, 100.0f), 15.99f);  // §7.18.11: bias range (-16, 15.99)
  EXPECT_EQ(bias_lod(0.0f, 0.0f, -100.0f), -16.0f);
  // The order is observable in float: (2^-24 + 1) rounds to 1, then + (-1) gives 0; the other
  // order, 2^-24 + (1 + -1), would give 2^-24.
  EXPECT_EQ(bias_lod(std::ldexp(1.0f, -24), 1.0f, -1.0f), 0.0f);
}

TEST(Clamp, MinLodWinsOverMaxLod) {
  EXPECT_EQ(clamp_lod(5.0f, 1.0f, 3.0f), 3.0f);
  EXPECT_EQ(clamp_lod(-5.0f, 1.0f, 3.0f), 1.0f);
  EXPECT_EQ(clamp_lod(2.0f, 4.0f, 3.0f), 4.0f);  // MinLOD > MaxLOD: MinLOD
  EXPECT_EQ(clamp_lod(-kInf, 0.0f, 3.0f), 0.0f);
}

TEST(Clamp, NaNIsNeverPropagated) {
  EXPECT_EQ(clamp_lod(kNaN, 1.0f, 3.0f), 3.0f);  // min(MaxLOD, NaN) = MaxLOD
  EXPECT_EQ(clamp_lod(kNaN, 4.0f, 3.0f), 4.0f);
  EXPECT_FALSE(std::isnan(clamp_lod(kNaN, 0.0f, 1000.0f)));
}

TEST(MipSelection, PointRoundsHalfUpOnEightEightFixedPoint) {
  // 1.5 is exactly 0x180 in 8.8: +0.5 -> 2.
  EXPECT_EQ(select_mips(1.5f, MipFilter::kPoint, 8, kD3D).level0, 2u);
  // 1.498 * 256 = 383.488 -> 383, + 128 -> 511 -> level 1.
  EXPECT_EQ(select_mips(1.498f, MipFilter::kPoint, 8, kD3D).level0, 1u);
  // 1.499 * 256 = 383.744 -> 384 = 1.5 in 8.8 -> level 2: the fixed-point step rounds first.
  EXPECT_EQ(select_mips(1.499f, MipFilter::kPoint, 8, kD3D).level0, 2u);
  // The exact profile does not quantize: 1.499 + 0.5 < 2.
  EXPECT_EQ(select_mips(1.499f, MipFilter::kPoint, 8, kExactP).level0, 1u);
  EXPECT_EQ(select_mips(2.5f, MipFilter::kPoint, 8, kD3D).level0, 3u);  // not ties-to-even
  EXPECT_EQ(select_mips(9.0f, MipFilter::kPoint, 4, kD3D).level0, 3u);  // clamped to the chain
}

TEST(MipSelection, LinearWeightIsTheEightBitFraction) {
  const MipSelection s = select_mips(1.25f, MipFilter::kLinear, 8, kD3D);
  EXPECT_EQ(s.level0, 1u);
  EXPECT_EQ(s.level1, 2u);
  EXPECT_EQ(s.weight1, 0.25f);
  // 0.3 -> 76.8 -> 77 / 256.
  const MipSelection t = select_mips(2.3f, MipFilter::kLinear, 8, kD3D);
  EXPECT_EQ(t.level0, 2u);
  EXPECT_EQ(t.weight1, 77.0f / 256.0f);
  // Past the last level: the last level only.
  const MipSelection u = select_mips(3.5f, MipFilter::kLinear, 4, kD3D);
  EXPECT_EQ(u.level0, 3u);
  EXPECT_EQ(u.weight1, 0.0f);
}

TEST(MipSelection, MagnifyDecidedOnTheClampedFixedPointLod) {
  EXPECT_TRUE(select_mips(0.0f, MipFilter::kLinear, 8, kD3D).magnify);
  EXPECT_TRUE(select_mips(-3.0f, MipFilter::kLinear, 8, kD3D).magnify);
  EXPECT_FALSE(select_mips(0.01f, MipFilter::kLinear, 8, kD3D).magnify);
  // 0.001 is 0 in 8.8: magnified. The exact profile sees a positive LOD.
  EXPECT_TRUE(select_mips(0.001f, MipFilter::kLinear, 8, kD3D).magnify);
  EXPECT_FALSE(select_mips(0.001f, MipFilter::kLinear, 8, kExactP).magnify);
  const MipSelection n = select_mips(2.7f, MipFilter::kNone, 8, kD3D);
  EXPECT_EQ(n.level0, 0u);
  EXPECT_FALSE(n.magnify);
}

TEST(QuantizeLod, RoundsToTheFractionBits) {
  EXPECT_EQ(quantize_lod(0.3f, kD3D), 77.0f / 256.0f);
  EXPECT_EQ(quantize_lod(0.3f, kExactP), 0.3f);
  EXPECT_EQ(quantize_lod(-kInf, kD3D), -kInf);
  EXPECT_EQ(lod_to_fixed(kNaN, 8), 0);
}

}  // namespace
}  // namespace texsim::texunit
