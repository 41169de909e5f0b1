// Tests for texunit/filter: fixed-point texel selection (D3D11.3 §7.18.7-8, §7.18.16.1),
// offsets before wrapping, footprint weights, reference quantization and comparison
// (§22.4.19), reduction, the level blend and the gather order (§22.4.2).
#include "texunit/filter.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

namespace texsim::texunit {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
const PrecisionProfile kD3D = PrecisionProfile::d3d();
const PrecisionProfile kExactP = PrecisionProfile::exact();

TEST(PointAxis, IntegerPartOfTheScaledFixedPointCoordinate) {
  EXPECT_EQ(point_axis(0.5f, 8.0f, 0, kD3D).texel, 4);
  EXPECT_EQ(point_axis(0.49f, 8.0f, 0, kD3D).texel, 3);  // 3.92
  // 0.4999 * 8 = 3.9992, within half a 1/256 step of 4: the 16.8 conversion rounds it to 4.
  EXPECT_EQ(point_axis(0.4999f, 8.0f, 0, kD3D).texel, 4);
  EXPECT_EQ(point_axis(0.4999f, 8.0f, 0, kExactP).texel, 3);
  EXPECT_EQ(point_axis(-0.01f, 8.0f, 0, kD3D).texel, -1);
  EXPECT_EQ(point_axis(0.5f, 8.0f, -3, kD3D).texel, 1);  // offset in texel space
  EXPECT_EQ(point_axis(kNaN, 8.0f, 0, kD3D).texel, 0);   // NaN -> 0 (§3.2.4.1)
}

TEST(LinearAxis, MinusHalfThenFixedPointWeights) {
  // 0.5 * 4 - 0.5 = 1.5: texels 1 and 2, half each.
  AxisSample a = linear_axis(0.5f, 4.0f, 0, kD3D);
  EXPECT_EQ(a.texel, 1);
  EXPECT_EQ(a.frac, 0.5f);
  // 0.3f * 4 - 0.5 = 0.70000005 -> * 256 = 179.2 -> 179 / 256.
  a = linear_axis(0.3f, 4.0f, 0, kD3D);
  EXPECT_EQ(a.texel, 0);
  EXPECT_EQ(a.frac, 179.0f / 256.0f);
  // Left of the first texel centre: texel -1 with weight 0.75 on texel 0.
  a = linear_axis(0.0625f, 4.0f, 0, kD3D);
  EXPECT_EQ(a.texel, -1);
  EXPECT_EQ(a.frac, 0.75f);
  // Within 1/512 of a texel centre the weight snaps to 0 (8 sub-texel bits).
  a = linear_axis(0.375f + 1.0f / 4096.0f, 4.0f, 0, kD3D);
  EXPECT_EQ(a.texel, 1);
  EXPECT_EQ(a.frac, 0.0f);
  a = linear_axis(0.375f + 1.0f / 4096.0f, 4.0f, 0, kExactP);
  EXPECT_EQ(a.frac, 1.0f / 1024.0f);
}

TEST(LinearAxis, SubtexelBitsAreAProfileParameter) {
  PrecisionProfile p = kD3D;
  p.subtexel_bits = 4;
  const AxisSample a = linear_axis(0.3f, 4.0f, 0, p);  // 0.7 * 16 = 11.2 -> 11
  EXPECT_EQ(a.frac, 11.0f / 16.0f);
  // Round to nearest even at a tie: s = 1.53125 = 24.5 sixteenths -> 24 = texel 1 + 8/16.
  const AxisSample b = linear_axis((2.0f + 1.0f / 32.0f) / 4.0f, 4.0f, 0, p);
  EXPECT_EQ(b.texel, 1);
  EXPECT_EQ(b.frac, 8.0f / 16.0f);
}

TEST(LinearAxis, OffsetIsAddedBeforeWrapping) {
  // The offset moves the integer address; wrapping happens later on the integer result.
  const AxisSample a = linear_axis(0.5f, 4.0f, 3, kD3D);
  EXPECT_EQ(a.texel, 4);  // 1 + 3, not yet wrapped to 0
  EXPECT_EQ(a.frac, 0.5f);
}

TEST(Footprint, BilinearWeightsXFastest) {
  const std::array<AxisSample, 2> axes{AxisSample{2, 0.25f}, AxisSample{5, 0.5f}};
  const Footprint f = make_footprint(axes, true);
  ASSERT_EQ(f.count, 4);
  EXPECT_EQ(f.taps[0].xyz[0], 2);
  EXPECT_EQ(f.taps[0].xyz[1], 5);
  EXPECT_EQ(f.taps[1].xyz[0], 3);
  EXPECT_EQ(f.taps[2].xyz[1], 6);
  EXPECT_EQ(f.taps[0].weight, 0.375f);
  EXPECT_EQ(f.taps[1].weight, 0.125f);
  EXPECT_EQ(f.taps[2].weight, 0.375f);
  EXPECT_EQ(f.taps[3].weight, 0.125f);
  const Footprint p = make_footprint(axes, false);
  ASSERT_EQ(p.count, 1);
  EXPECT_EQ(p.taps[0].weight, 1.0f);
  const std::array<AxisSample, 3> axes3{AxisSample{0, 0.5f}, AxisSample{0, 0.5f},
                                        AxisSample{0, 0.5f}};
  EXPECT_EQ(make_footprint(axes3, true).count, 8);
  EXPECT_EQ(make_footprint(axes3, true).taps[7].weight, 0.125f);
}

TEST(Reference, QuantizedToTheFormatIncludingTheClamp) {
  // D16: 0.3 -> round(0.3 * 65535) = 19661 (19660.5000..) -> 19661 / 65535.
  EXPECT_EQ(quantize_reference(0.3f, Format::kD16_UNORM), 19661.0f / 65535.0f);
  EXPECT_EQ(quantize_reference(1.5f, Format::kD16_UNORM), 1.0f);
  EXPECT_EQ(quantize_reference(-0.5f, Format::kD24_UNORM_S8_UINT), 0.0f);
  EXPECT_EQ(quantize_reference(kNaN, Format::kD16_UNORM), 0.0f);
  EXPECT_EQ(quantize_reference(0.3f, Format::kD32_FLOAT), 0.3f);
  EXPECT_EQ(quantize_reference(-7.0f, Format::kD32_FLOAT), -7.0f);
  // float16: round toward zero to 10 mantissa bits.
  EXPECT_EQ(quantize_reference(1.0f + 1.0f / 1536.0f, Format::kR16_FLOAT), 1.0f);
}

TEST(Compare, OrderedExceptNotEqual) {
  EXPECT_EQ(compare_passes(CompareFunc::kLess, 0.25f, 0.5f), 1.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kLess, 0.5f, 0.5f), 0.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kLessEqual, 0.5f, 0.5f), 1.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kGreater, 0.75f, 0.5f), 1.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kGreaterEqual, 0.5f, 0.5f), 1.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kEqual, 0.5f, 0.5f), 1.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kNotEqual, 0.5f, 0.5f), 0.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kNever, 0.5f, 0.5f), 0.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kAlways, 0.5f, 0.5f), 1.0f);
  for (CompareFunc f : {CompareFunc::kLess, CompareFunc::kLessEqual, CompareFunc::kEqual,
                        CompareFunc::kGreater, CompareFunc::kGreaterEqual}) {
    EXPECT_EQ(compare_passes(f, 0.5f, kNaN), 0.0f);
  }
  EXPECT_EQ(compare_passes(CompareFunc::kNotEqual, 0.5f, kNaN), 1.0f);
}

WeightedTexel wt(float v, float w) {
  return {Texel::from_float(v, v, v, v), w};
}

TEST(Combine, PointTapIsReturnedBitExact) {
  const uint32_t snan = 0x7f800001u;  // signalling NaN: 1.0f * x would quiet it
  const uint32_t denorm = 0x00000003u;
  Texel t{{snan, denorm, 0x80000000u, 0x3f800000u}, TexelKind::kFloat};
  const std::array<WeightedTexel, 1> v{WeightedTexel{t, 1.0f}};
  // §7.18.16.3 / §22.4.15: point sampling may keep denormals; texsim keeps every bit.
  EXPECT_EQ(combine(v, Reduction::kWeightedAverage, false), t);
}

TEST(Combine, LinearFullWeightTapIsFlushed) {
  // A bilinear footprint at a texel centre: one tap of weight 1. §3.1.3.2: x * 1.0f is x
  // "except denorm flushed" (sign kept); NaN payloads and signed zeros stay.
  const uint32_t snan = 0x7f800001u;
  Texel t{{snan, 0x00000003u, 0x80000000u, 0x807fffffu}, TexelKind::kFloat};
  const std::array<WeightedTexel, 4> v{WeightedTexel{t, 1.0f}, wt(kNaN, 0.0f), wt(5, 0.0f),
                                       wt(1, 0.0f)};
  const Texel want{{snan, 0x00000000u, 0x80000000u, 0x80000000u}, TexelKind::kFloat};
  EXPECT_EQ(combine(v, Reduction::kWeightedAverage, true), want);
}

TEST(Combine, LinearFlushesDenormalInputsProductsAndSums) {
  const float dn = std::bit_cast<float>(0x00400000u);  // 2^-127, a denormal
  // Input flushed: 0.5 * 0 + 0.5 * 1 = 0.5 (not 0.5 + 2^-128).
  const std::array<WeightedTexel, 2> a{wt(dn, 0.5f), wt(1.0f, 0.5f)};
  EXPECT_EQ(combine(a, Reduction::kWeightedAverage, true).f(0), 0.5f);
  // Product flushed: 2^-126 (the smallest normal) * 0.5 is a denormal -> +0, so the sum of two
  // such halves is 0, not 2^-126.
  const float mn = std::bit_cast<float>(0x00800000u);
  const std::array<WeightedTexel, 2> b{wt(mn, 0.5f), wt(mn, 0.5f)};
  EXPECT_EQ(std::bit_cast<uint32_t>(combine(b, Reduction::kWeightedAverage, true).f(0)), 0u);
  // Sum flushed: 2^-124 * 0.5 + (-3 * 2^-126) * 0.5 = 2^-125 - 1.5 * 2^-126 (both products
  // normal) = 2^-127, a denormal -> +0.
  const float v1 = 0x1.0p-124f;
  const float v2 = -3.0f * mn;
  const std::array<WeightedTexel, 2> c{wt(v1, 0.5f), wt(v2, 0.5f)};
  EXPECT_EQ(std::bit_cast<uint32_t>(combine(c, Reduction::kWeightedAverage, true).f(0)), 0u);
  // The same arithmetic without flushing keeps the denormal (the test can fail).
  EXPECT_EQ(v1 * 0.5f + v2 * 0.5f, 0x1.0p-127f);
  // Min/max compare flushed values (§3.1.3.2): -denormal vs +0 -> both zero.
  const std::array<WeightedTexel, 2> d{wt(-dn, 0.5f), wt(1.0f, 0.5f)};
  EXPECT_EQ(std::bit_cast<uint32_t>(combine(d, Reduction::kMin, true).f(0)), 0x80000000u);
}

TEST(Combine, WeightedSumInTapOrderZeroWeightsIgnored) {
  const std::array<WeightedTexel, 4> v{wt(1.0f, 0.25f), wt(kNaN, 0.0f), wt(3.0f, 0.75f),
                                       wt(100.0f, 0.0f)};
  EXPECT_EQ(combine(v, Reduction::kWeightedAverage, true).f(0), 2.5f);
}

TEST(Combine, MinAndMaxOverTapsWithWeight) {
  const std::array<WeightedTexel, 3> v{wt(0.25f, 0.5f), wt(-9.0f, 0.0f), wt(0.75f, 0.5f)};
  EXPECT_EQ(combine(v, Reduction::kMin, true).f(0), 0.25f);
  EXPECT_EQ(combine(v, Reduction::kMax, true).f(0), 0.75f);
  const std::array<WeightedTexel, 2> n{wt(kNaN, 0.5f), wt(0.5f, 0.5f)};
  EXPECT_EQ(combine(n, Reduction::kMin, true).f(0), 0.5f);  // minNum: NaN loses
}

TEST(BlendLevels, WeightedAndPassThrough) {
  const Texel a = Texel::from_float(1.0f, 0.0f, 0.0f, 0.0f);
  const Texel b = Texel::from_float(2.0f, 4.0f, 0.0f, 0.0f);
  EXPECT_EQ(blend_levels(a, b, 0.0f, Reduction::kWeightedAverage), a);
  const Texel m = blend_levels(a, b, 0.25f, Reduction::kWeightedAverage);
  EXPECT_EQ(m.f(0), 1.25f);
  EXPECT_EQ(m.f(1), 1.0f);
  EXPECT_EQ(blend_levels(a, b, 0.25f, Reduction::kMax).f(0), 2.0f);
}

TEST(BlendLevels, TrilinearBlendFlushesDenormals) {
  const float dn = std::bit_cast<float>(0x00000001u);
  const float mn = std::bit_cast<float>(0x00800000u);  // 2^-126
  // w == 0: no arithmetic, `a` unchanged (a point-sampled denormal survives).
  const Texel a = Texel::from_float(dn, mn, 1.0f, -dn);
  EXPECT_EQ(blend_levels(a, a, 0.0f, Reduction::kWeightedAverage), a);
  // w = 0.5: denormal inputs read as zero; 2^-126 * 0.5 underflows and is flushed too.
  const Texel b = Texel::from_float(1.0f, mn, 1.0f, -dn);
  const Texel m = blend_levels(a, b, 0.5f, Reduction::kWeightedAverage);
  EXPECT_EQ(m.f(0), 0.5f);
  EXPECT_EQ(m.f(1), 0.0f);  // 0 + 0 (each half is a flushed denormal), not 2^-126
  EXPECT_EQ(m.f(2), 1.0f);
  EXPECT_EQ(m.bits[3], 0x80000000u);  // -0 * 0.5 + -0 * 0.5 = -0
}

TEST(FlushDenormal, SignPreservedZeroOnlyForDenormals) {
  EXPECT_EQ(flush_denormal_bits(0x00000001u), 0u);
  EXPECT_EQ(flush_denormal_bits(0x807fffffu), 0x80000000u);
  EXPECT_EQ(flush_denormal_bits(0x00800000u), 0x00800000u);  // smallest normal stays
  EXPECT_EQ(flush_denormal_bits(0x7fc00001u), 0x7fc00001u);  // NaN payload stays
  EXPECT_EQ(flush_denormal_bits(0x80000000u), 0x80000000u);
}

TEST(Compare, DenormalsAreFlushedGoingIntoTheComparison) {
  // §22.4.3 / §22.4.19: reference and texel are flushed, whatever the filter.
  const float dn = std::bit_cast<float>(0x00000010u);
  EXPECT_EQ(compare_passes(CompareFunc::kEqual, dn, 0.0f), 1.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kLess, 0.0f, dn), 0.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kGreater, dn, -dn), 0.0f);
  EXPECT_EQ(compare_passes(CompareFunc::kNotEqual, -dn, 0.0f), 0.0f);
  // A normal value is still compared as itself.
  EXPECT_EQ(compare_passes(CompareFunc::kLess, 0.0f, 0x1.0p-126f), 1.0f);
}

TEST(Gather, OrderIsLowerLeftCounterClockwise) {
  // Footprint index = x + 2y; (x, y, z, w) = (i0,j1), (i1,j1), (i1,j0), (i0,j0).
  EXPECT_EQ(kGatherOrder[0], 2);
  EXPECT_EQ(kGatherOrder[1], 3);
  EXPECT_EQ(kGatherOrder[2], 1);
  EXPECT_EQ(kGatherOrder[3], 0);
}

}  // namespace
}  // namespace texsim::texunit
