// Tests of the `nvidia` precision profile (decisions P13-P19): 8-bit weights rounded to nearest
// even in 1D / 2D / 3D, the LOD fraction, a published tex1D measurement, point sampling on the
// rounded position, the 16-bit normalized rounding, the table lookup and the profile's name.
#include "texunit/sample_nvidia.hpp"
#include "texunit/sample.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/convert.hpp"
#include "surface_maker.hpp"

namespace texsim::texunit {
namespace {

using testing::make;

Texel r(float v) {
  return Texel::from_float(v, 0.0f, 0.0f, 1.0f);
}

SamplerState linear() {
  SamplerState s;
  s.mip_filter = MipFilter::kNone;
  return s;  // linear min / mag, clamp
}

// The normalized coordinate whose texel-space position x * n - 0.5 is `xb` (exact for these n).
float at(float xb, uint32_t n) {
  return (xb + 0.5f) / static_cast<float>(n);
}

float sample_r(const Surface& s, const SamplerState& st, std::array<float, 3> uvw,
               const PrecisionProfile& p, SampleOp op = SampleOp::kLevelZero, float lod = 0.0f) {
  SampleRequest q;
  q.op = op;
  q.coord = uvw;
  q.lod = lod;
  return sample(s.view(), st, q, p).texel.f(0);
}

const PrecisionProfile kNv = PrecisionProfile::nvidia();

// 1D, texels 0 and 1: the result is alpha itself.
TEST(NvidiaProfile, OneDimensionalWeightRoundsToNearestEven) {
  const Surface s = make(SurfaceType::k1D, Format::kR32_FLOAT, 2, 1, 1, 1, 1,
                         [](uint32_t, uint32_t, uint32_t x, uint32_t) { return r(float(x)); });
  // 128.75/256 -> 129/256 (truncation would give 128/256).
  EXPECT_EQ(sample_r(s, linear(), {at(0.5f + 3.0f / 1024, 2), 0, 0}, kNv), 129.0f / 256);
  // 128.25/256 -> 128/256.
  EXPECT_EQ(sample_r(s, linear(), {at(0.5f + 1.0f / 1024, 2), 0, 0}, kNv), 128.0f / 256);
  // Ties to even: 128.5/256 -> 128/256, 129.5/256 -> 130/256.
  EXPECT_EQ(sample_r(s, linear(), {at(128.5f / 256, 2), 0, 0}, kNv), 128.0f / 256);
  EXPECT_EQ(sample_r(s, linear(), {at(129.5f / 256, 2), 0, 0}, kNv), 130.0f / 256);
  // 255.75/256 rounds to the next texel: i = 1, alpha = 0 (clamp: texel 1 twice).
  EXPECT_EQ(sample_r(s, linear(), {at(255.75f / 256, 2), 0, 0}, kNv), 1.0f);
  // The exact profile keeps the unquantised weight.
  EXPECT_EQ(sample_r(s, linear(), {at(0.5f + 3.0f / 1024, 2), 0, 0}, PrecisionProfile::exact()),
            0.5f + 3.0f / 1024);
}

// forums.developer.nvidia.com/t/tex1d-accuracy/6801: tex1D on a 2-texel float table {1, 2},
// normalized coordinates, linear filter; the values the GPU returned (P13's evidence).
TEST(NvidiaProfile, ReproducesThePublishedTex1dMeasurement) {
  const Surface s =
      make(SurfaceType::k1D, Format::kR32_FLOAT, 2, 1, 1, 1, 1,
           [](uint32_t, uint32_t, uint32_t x, uint32_t) { return r(1.0f + float(x)); });
  const std::vector<std::pair<float, float>> measured = {
      {0.0f, 1.0f},        {0.05f, 1.0f},        {0.1f, 1.0f},       {0.15f, 1.0f},
      {0.2f, 1.0f},        {0.25f, 1.0f},        {0.3f, 1.1015625f}, {0.35f, 1.19921875f},
      {0.4f, 1.30078125f}, {0.45f, 1.3984375f},  {0.5f, 1.5f},       {0.55f, 1.6015625f},
      {0.6f, 1.69921875f}, {0.65f, 1.80078125f}, {0.7f, 1.8984375f}, {0.75f, 2.0f},
      {0.8f, 2.0f},        {0.85f, 2.0f},        {0.9f, 2.0f},       {0.95f, 2.0f}};
  for (const auto& [key, value] : measured) {
    EXPECT_EQ(sample_r(s, linear(), {key, 0, 0}, kNv), value) << "key " << key;
  }
}

// 2D: texels x + 2y, so the result is alpha + 2 beta; beta = 64.5/256 is a tie (-> 64/256).
TEST(NvidiaProfile, TwoDimensionalWeights) {
  const Surface s =
      make(SurfaceType::k2D, Format::kR32_FLOAT, 2, 2, 1, 1, 1,
           [](uint32_t, uint32_t, uint32_t x, uint32_t y) { return r(float(x + 2 * y)); });
  EXPECT_EQ(sample_r(s, linear(), {at(128.75f / 256, 2), at(64.5f / 256, 2), 0}, kNv),
            257.0f / 256);
}

// 3D: texels x + 2y + 4z: alpha 128.75 -> 129, beta 63.75 -> 64, gamma 127.75 -> 128 (/256).
TEST(NvidiaProfile, ThreeDimensionalWeights) {
  const Surface s = make(
      SurfaceType::k3D, Format::kR32_FLOAT, 2, 2, 2, 1, 1,
      [](uint32_t, uint32_t z, uint32_t x, uint32_t y) { return r(float(x + 2 * y + 4 * z)); });
  EXPECT_EQ(
      sample_r(s, linear(), {at(128.75f / 256, 2), at(63.75f / 256, 2), at(127.75f / 256, 2)}, kNv),
      769.0f / 256);
}

// Trilinear: level L holds the value L; the LOD fraction has 8 bits, rounded (P16).
TEST(NvidiaProfile, TrilinearLodFractionHasEightBits) {
  const Surface s =
      make(SurfaceType::k2D, Format::kR32_FLOAT, 8, 8, 1, 1, 4,
           [](uint32_t level, uint32_t, uint32_t, uint32_t) { return r(float(level)); });
  SamplerState st = linear();
  st.mip_filter = MipFilter::kLinear;
  // LOD 1 + 200.75/256: w = 201/256, 1 * (1 - w) + 2 * w = 457/256 (truncation: 456/256).
  EXPECT_EQ(sample_r(s, st, {0.3f, 0.6f, 0}, kNv, SampleOp::kLevel, 1.0f + 200.75f / 256),
            457.0f / 256);
  EXPECT_EQ(sample_r(s, st, {0.3f, 0.6f, 0}, kNv, SampleOp::kLevel, 0.3f), 77.0f / 256);
}

// P14: point sampling selects floor of the same rounded 1/256 position.
TEST(NvidiaProfile, PointSamplingUsesTheRoundedPosition) {
  const Surface s = make(SurfaceType::k1D, Format::kR32_FLOAT, 4, 1, 1, 1, 1,
                         [](uint32_t, uint32_t, uint32_t x, uint32_t) { return r(float(x)); });
  SamplerState st = linear();
  st.min_filter = st.mag_filter = Filter::kPoint;
  EXPECT_EQ(sample_r(s, st, {(2.0f - 1.0f / 1024) / 4, 0, 0}, kNv), 2.0f);
  EXPECT_EQ(sample_r(s, st, {(2.0f - 3.0f / 1024) / 4, 0, 0}, kNv), 1.0f);
}

// P15: 16-bit UNORM / SNORM filtered values come back as the nearest code; 8-bit ones do not.
TEST(NvidiaProfile, SixteenBitNormalizedResultsAreRoundedToACode) {
  auto two = [](Format f, float a, float b) {
    return make(SurfaceType::k1D, f, 2, 1, 1, 1, 1,
                [=](uint32_t, uint32_t, uint32_t x, uint32_t) { return r(x == 0 ? a : b); });
  };
  const float u11 = core::unorm_to_float(11, 16);
  const float u12 = core::unorm_to_float(12, 16);
  const Surface u16 = two(Format::kR16_UNORM, u11, u12);
  // 11.25 -> 11, 11.75 -> 12.
  EXPECT_EQ(sample_r(u16, linear(), {at(0.25f, 2), 0, 0}, kNv), u11);
  EXPECT_EQ(sample_r(u16, linear(), {at(0.75f, 2), 0, 0}, kNv), u12);
  // The d3d profile returns the unrounded float.
  EXPECT_EQ(sample_r(u16, linear(), {at(0.25f, 2), 0, 0}, PrecisionProfile::d3d()),
            0.75f * u11 + 0.25f * u12);
  const float s11 = core::snorm_to_float(static_cast<uint32_t>(-11) & 0xffffu, 16);
  const float s12 = core::snorm_to_float(static_cast<uint32_t>(-12) & 0xffffu, 16);
  const Surface s16 = two(Format::kR16_SNORM, s11, s12);
  EXPECT_EQ(sample_r(s16, linear(), {at(0.75f, 2), 0, 0}, kNv), s12);
  // 8 bits: 11.25 / 255 stays a float between codes.
  const float c11 = core::unorm_to_float(11, 8);
  const float c12 = core::unorm_to_float(12, 8);
  const Surface u8 = two(Format::kR8_UNORM, c11, c12);
  EXPECT_EQ(sample_r(u8, linear(), {at(0.25f, 2), 0, 0}, kNv), 0.75f * c11 + 0.25f * c12);
  EXPECT_TRUE(nvidia_rounds_filtered_result(Format::kR16G16B16A16_UNORM));
  EXPECT_TRUE(nvidia_rounds_filtered_result(Format::kR16_SNORM));
  EXPECT_FALSE(nvidia_rounds_filtered_result(Format::kR16_FLOAT));
  EXPECT_FALSE(nvidia_rounds_filtered_result(Format::kR8G8B8A8_UNORM));
}

// The appendix's table lookup: x = 0 reads T[0], x = R reads T[N-1], exactly.
TEST(NvidiaProfile, TableLookupCoordinate) {
  EXPECT_EQ(nvidia_table_lookup_coord(0.0f, 5, 2.0f), 0.5f);
  EXPECT_EQ(nvidia_table_lookup_coord(2.0f, 5, 2.0f), 4.5f);
  const Surface s =
      make(SurfaceType::k1D, Format::kR32_FLOAT, 5, 1, 1, 1, 1,
           [](uint32_t, uint32_t, uint32_t x, uint32_t) { return r(10.0f * float(x)); });
  SamplerState st = linear();
  st.normalized_coords = false;
  EXPECT_EQ(sample_r(s, st, {nvidia_table_lookup_coord(0.0f, 5, 2.0f), 0, 0}, kNv), 0.0f);
  EXPECT_EQ(sample_r(s, st, {nvidia_table_lookup_coord(2.0f, 5, 2.0f), 0, 0}, kNv), 40.0f);
  EXPECT_EQ(sample_r(s, st, {nvidia_table_lookup_coord(0.25f, 5, 2.0f), 0, 0}, kNv), 5.0f);
}

TEST(NvidiaProfile, NameParsesAndUnknownNamesAreRejected) {
  EXPECT_EQ(precision_from_name("nvidia"), PrecisionKind::kNvidia);
  EXPECT_EQ(precision_from_name("NVIDIA"), PrecisionKind::kNvidia);
  EXPECT_EQ(precision_name(PrecisionKind::kNvidia), "nvidia");
  EXPECT_EQ(precision_from_name("nvida"), std::nullopt);
  const PrecisionProfile p = PrecisionProfile::of(PrecisionKind::kNvidia);
  EXPECT_EQ(p.kind, PrecisionKind::kNvidia);
  EXPECT_EQ(p.subtexel_bits, 8u);
  EXPECT_EQ(p.lod_frac_bits, 8u);
}

}  // namespace
}  // namespace texsim::texunit
