// Issue 20: the three D3D11.3 rules end to end through texunit::sample (d3d and exact profiles):
// border colour of missing channels (§7.18.9.1), denormal flushing in filtering and comparison
// (§3.1.3.2, §7.18.16.2, §22.4.3) but not in point sampling (§22.4.15), cube face ties (§7.18.7).
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <functional>

#include "surface_maker.hpp"
#include "texunit/sample.hpp"

namespace texsim::texunit {
namespace {

using testing::make;
using TexelAt = testing::TexelFn;

SamplerState sampler(Filter f, MipFilter m, AddressMode a = AddressMode::kClamp) {
  SamplerState s;
  s.min_filter = s.mag_filter = f;
  s.mip_filter = m;
  s.address = {a, a, a};
  return s;
}

SampleRequest at(float u, float v, SampleOp op = SampleOp::kLevelZero, float lod = 0.0f) {
  SampleRequest r;
  r.op = op;
  r.coord = {u, v, 0.0f};
  r.lod = lod;
  return r;
}

uint32_t fbits(float x) {
  return std::bit_cast<uint32_t>(x);
}

const std::array<PrecisionProfile, 2> kSpecProfiles{PrecisionProfile::d3d(),
                                                    PrecisionProfile::exact()};

constexpr uint32_t kDenorm = 0x00000005u;   // +5 * 2^-149
constexpr uint32_t kNDenorm = 0x807ff000u;  // a negative denormal

// ---- §7.18.9.1 border colour: only the format's own channels ------------------------------

TEST(D3dBorder, MissingChannelsReadTheFormatDefaultsWhenSampled) {
  SamplerState smp = sampler(Filter::kPoint, MipFilter::kPoint, AddressMode::kBorder);
  smp.border_color = {0.5f, 0.25f, 0.125f, 0.75f};
  smp.border_color_int = {5u, 6u, 7u, 8u};
  struct Case {
    Format f;
    std::array<uint32_t, 4> want;
  };
  const Case cases[] = {
      {Format::kR32_FLOAT, {fbits(0.5f), 0u, 0u, fbits(1.0f)}},  // the example
      {Format::kR8_UNORM, {fbits(128.0f / 255.0f), 0u, 0u, fbits(1.0f)}},
      {Format::kR16G16_SNORM,
       {fbits(16384.0f / 32767.0f), fbits(8192.0f / 32767.0f), 0u, fbits(1.0f)}},
      {Format::kD32_FLOAT, {fbits(0.5f), 0u, 0u, fbits(1.0f)}},
      {Format::kD16_UNORM, {fbits(32768.0f / 65535.0f), 0u, 0u, fbits(1.0f)}},
      {Format::kR8_UINT, {5u, 0u, 0u, 1u}},
      {Format::kR16G16_SINT, {5u, 6u, 0u, 1u}},
      {Format::kR32_UINT, {5u, 0u, 0u, 1u}},
      {Format::kR8G8B8A8_UNORM,  // every channel present: the whole (snapped) border colour
       {fbits(128.0f / 255.0f), fbits(64.0f / 255.0f), fbits(32.0f / 255.0f),
        fbits(191.0f / 255.0f)}},
  };
  for (const PrecisionProfile& p : kSpecProfiles) {
    for (const Case& c : cases) {
      Surface s = make(SurfaceType::k2D, c.f, 2, 2, 1, 1,
                       [](uint32_t, uint32_t, uint32_t, uint32_t) { return Texel{}; });
      EXPECT_EQ(sample(s.view(), smp, at(-0.5f, 0.5f), p).texel.bits, c.want)
          << format_info(c.f).name;
    }
  }
}

TEST(D3dBorder, LinearFilterBlendsTheDefaultsNotTheBorderColour) {
  // R8_UNORM texels (1, 0, 0, 1); border (0, 1, 1, 0). Half texel, half border: R = 0.5, G and
  // B stay 0 and A stays 1 (the border's G, B, A are not the format's channels).
  Surface s = make(SurfaceType::k2D, Format::kR8_UNORM, 2, 2, 1, 1,
                   [](uint32_t, uint32_t, uint32_t, uint32_t) {
                     return Texel::from_float(1.0f, 0.0f, 0.0f, 1.0f);
                   });
  SamplerState smp = sampler(Filter::kLinear, MipFilter::kPoint, AddressMode::kBorder);
  smp.border_color = {0.0f, 1.0f, 1.0f, 0.0f};
  for (const PrecisionProfile& p : kSpecProfiles)
    EXPECT_EQ(sample(s.view(), smp, at(0.0f, 0.5f), p).texel,
              Texel::from_float(0.5f, 0.0f, 0.0f, 1.0f));
}

TEST(D3dBorder, DepthCompareUsesTheBorderRed) {
  Surface s =
      make(SurfaceType::k2D, Format::kD32_FLOAT, 2, 2, 1, 1,
           [](uint32_t, uint32_t, uint32_t, uint32_t) { return Texel::from_float(1, 0, 0, 1); });
  SamplerState smp = sampler(Filter::kPoint, MipFilter::kPoint, AddressMode::kBorder);
  smp.border_color = {0.25f, 0.9f, 0.9f, 0.9f};
  smp.compare = CompareFunc::kLess;
  SampleRequest r = at(-0.5f, 0.5f);
  r.reference = 0.5f;  // 0.5 < 0.25 fails: only R of the border is used
  EXPECT_EQ(sample(s.view(), smp, r).texel.f(0), 0.0f);
}

// ---- denormals: §3.1.3.2 / §7.18.16.2 flush in filters, §22.4.15 point may keep -----------

// A 2x2 R32_FLOAT level 0 whose texel (0, 0) is `bits` and the rest 1.0; level 1 (1x1) holds
// `bits1`.
Surface denormal_surface(uint32_t bits, uint32_t bits1 = 0x3f800000u,
                         Format f = Format::kR32_FLOAT) {
  return make(SurfaceType::k2D, f, 2, 2, 1, 2,
              [=](uint32_t level, uint32_t, uint32_t x, uint32_t y) {
                const uint32_t b = level == 1 ? bits1 : (x == 0 && y == 0 ? bits : 0x3f800000u);
                return Texel{{b, 0u, 0u, 0x3f800000u}, TexelKind::kFloat};
              });
}

TEST(D3dDenormals, PointSamplingKeepsThem) {
  Surface s = denormal_surface(kDenorm);
  for (const PrecisionProfile& p : kSpecProfiles) {
    EXPECT_EQ(sample(s.view(), sampler(Filter::kPoint, MipFilter::kPoint), at(0.25f, 0.25f), p)
                  .texel.bits[0],
              kDenorm);
    // Point filter with a linear mip filter whose weight is 0: still a single texel, exactly.
    EXPECT_EQ(sample(s.view(), sampler(Filter::kPoint, MipFilter::kLinear), at(0.25f, 0.25f), p)
                  .texel.bits[0],
              kDenorm);
  }
}

TEST(D3dDenormals, BilinearFlushesEvenAtATexelCentre) {
  Surface s = denormal_surface(kNDenorm);
  const SamplerState lin = sampler(Filter::kLinear, MipFilter::kPoint);
  for (const PrecisionProfile& p : kSpecProfiles) {
    // Texel centre of (0, 0): one tap of weight 1; x * 1.0f is flushed to -0 (sign kept).
    EXPECT_EQ(sample(s.view(), lin, at(0.25f, 0.25f), p).texel.bits[0], 0x80000000u);
    // Between the denormal and three 1.0 texels: the denormal contributes exactly 0.
    EXPECT_EQ(sample(s.view(), lin, at(0.5f, 0.5f), p).texel.f(0), 0.75f);
  }
}

TEST(D3dDenormals, BilinearFlushesUnderflowingProducts) {
  // Texel (0, 0) = 2^-126 (normal), the others 0, weighted 1/4 each: 2^-128 underflows and
  // is flushed, so the result is +0 rather than the denormal 2^-128.
  Surface s = make(SurfaceType::k2D, Format::kR32_FLOAT, 2, 2, 1, 1,
                   [](uint32_t, uint32_t, uint32_t x, uint32_t y) {
                     return Texel::from_float(x == 0 && y == 0 ? 0x1.0p-126f : 0.0f, 0, 0, 1);
                   });
  const SamplerState lin = sampler(Filter::kLinear, MipFilter::kPoint);
  for (const PrecisionProfile& p : kSpecProfiles)
    EXPECT_EQ(sample(s.view(), lin, at(0.5f, 0.5f), p).texel.bits[0], 0u);  // not 2^-128
}

TEST(D3dDenormals, TrilinearBlendFlushes) {
  // Point within each level, linear between levels: level 0 texel = 2^-126, level 1 = 0;
  // LOD 0.5: 2^-126 * 0.5 = 2^-127 is a denormal product -> 0.
  Surface s = denormal_surface(0x00800000u, 0u);
  const SamplerState smp = sampler(Filter::kPoint, MipFilter::kLinear);
  for (const PrecisionProfile& p : kSpecProfiles) {
    EXPECT_EQ(sample(s.view(), smp, at(0.25f, 0.25f, SampleOp::kLevel, 0.5f), p).texel.bits[0], 0u);
    // A denormal level value is read as zero: 0 * 0.5 + 1 * 0.5.
    Surface t = denormal_surface(kDenorm, 0x3f800000u);
    EXPECT_EQ(sample(t.view(), smp, at(0.25f, 0.25f, SampleOp::kLevel, 0.5f), p).texel.f(0), 0.5f);
  }
}

TEST(D3dDenormals, ComparisonFlushesTexelAndReferenceWithEveryFilter) {
  Surface s = denormal_surface(kDenorm, 0x3f800000u, Format::kD32_FLOAT);
  for (const PrecisionProfile& p : kSpecProfiles) {
    for (Filter f : {Filter::kPoint, Filter::kLinear}) {
      SamplerState smp = sampler(f, MipFilter::kPoint);
      smp.compare = CompareFunc::kEqual;
      SampleRequest r = at(0.25f, 0.25f);
      r.reference = 0.0f;  // the denormal texel compares equal to 0
      EXPECT_EQ(sample(s.view(), smp, r, p).texel.f(0), 1.0f);
      smp.compare = CompareFunc::kLess;  // 0 < denormal: fails once flushed
      EXPECT_EQ(sample(s.view(), smp, r, p).texel.f(0), 0.0f);
      // A denormal reference is flushed too: -denormal >= 0 passes against the flushed texel.
      smp.compare = CompareFunc::kGreaterEqual;
      r.reference = std::bit_cast<float>(kNDenorm);
      EXPECT_EQ(sample(s.view(), smp, r, p).texel.f(0), 1.0f);
    }
  }
}

TEST(D3dDenormals, GatherReturnsThemUnalteredButGatherCompareFlushes) {
  Surface s = denormal_surface(kDenorm, 0x3f800000u, Format::kD32_FLOAT);
  SamplerState smp = sampler(Filter::kLinear, MipFilter::kPoint);
  SampleRequest r = at(0.5f, 0.5f, SampleOp::kGather);
  // §22.4.2: "denormalized ... it is returned to the shader unaltered". (0,0) is w.
  EXPECT_EQ(sample(s.view(), smp, r).texel.bits[3], kDenorm);
  smp.compare = CompareFunc::kEqual;
  r.reference = 0.0f;  // §22.4.3: "Denorms are flushed to zero going into the comparison"
  EXPECT_EQ(sample(s.view(), smp, r).texel, Texel::from_float(0.0f, 0.0f, 0.0f, 1.0f));
}

TEST(D3dDenormals, AnisotropicProbesFlush) {
  // Every texel of both levels is the same denormal: unflushed, the probes' weighted sums would
  // return about that denormal; flushed, exactly +0.
  Surface s = make(SurfaceType::k2D, Format::kR32_FLOAT, 8, 8, 1, 2,
                   [](uint32_t, uint32_t, uint32_t, uint32_t) {
                     return Texel{{0x00400000u, 0u, 0u, 0x3f800000u}, TexelKind::kFloat};
                   });
  SamplerState smp = sampler(Filter::kLinear, MipFilter::kLinear, AddressMode::kWrap);
  smp.max_anisotropy = 4;
  SampleRequest r = at(0.3f, 0.3f, SampleOp::kGrad);
  r.ddx = {0.5f, 0.0f, 0.0f};
  r.ddy = {0.0f, 0.15f, 0.0f};
  for (const PrecisionProfile& p : kSpecProfiles)
    EXPECT_EQ(sample(s.view(), smp, r, p).texel.bits[0], 0u);
}

// ---- §7.18.7 cube face ties: Z, then Y, then X ---------------------------------------------

TEST(D3dCubeTies, SampledFaceFollowsTheZYXPrecedence) {
  Surface s = make(SurfaceType::kCube, Format::kR32_FLOAT, 2, 2, 1, 1,
                   [](uint32_t, uint32_t face, uint32_t, uint32_t) {
                     return Texel::from_float(static_cast<float>(face), 0, 0, 1);
                   });
  struct Case {
    std::array<float, 3> dir;
    float face;
  };
  const Case cases[] = {
      {{0.5f, 0.5f, 0.0f}, 2},    {{0.5f, -0.5f, 0.25f}, 3},  {{-0.5f, 0.5f, 0.0f}, 2},
      {{-1.0f, -1.0f, 0.5f}, 3},  {{1.0f, 0.0f, 1.0f}, 4},    {{-1.0f, 0.5f, -1.0f}, 5},
      {{0.0f, 1.0f, 1.0f}, 4},    {{0.25f, -1.0f, -1.0f}, 5}, {{1.0f, 1.0f, 1.0f}, 4},
      {{-1.0f, -1.0f, -1.0f}, 5}, {{1.0f, -1.0f, -1.0f}, 5},  {{-1.0f, 1.0f, 1.0f}, 4},
  };
  for (const PrecisionProfile& p : kSpecProfiles) {
    for (const Case& c : cases) {
      SampleRequest r;
      r.op = SampleOp::kLevelZero;
      r.coord = c.dir;
      EXPECT_EQ(sample(s.view(), sampler(Filter::kPoint, MipFilter::kPoint), r, p).texel.f(0),
                c.face)
          << c.dir[0] << "," << c.dir[1] << "," << c.dir[2];
    }
  }
}

// ---- §7.18.10 / §7.18.11: magnification is decided on the 8.8 LOD (decision D11) ----------

TEST(D3dLod, TinyPositiveLodMagnifiesOnTheFixedPointValue) {
  // LOD 0.001 is 0 in 8.8 fixed point, so the magnification filter (point) applies; on the
  // float value it would minify (linear). Both readings are discussed in D11.
  Surface s = make(SurfaceType::k2D, Format::kR32_FLOAT, 2, 2, 1, 1,
                   [](uint32_t, uint32_t, uint32_t x, uint32_t) {
                     return Texel::from_float(x == 0 ? 0.0f : 1.0f, 0, 0, 1);
                   });
  SamplerState smp = sampler(Filter::kPoint, MipFilter::kPoint);
  smp.min_filter = Filter::kLinear;
  EXPECT_EQ(sample(s.view(), smp, at(0.5f, 0.5f, SampleOp::kLevel, 0.001f)).texel.f(0), 1.0f);
  EXPECT_EQ(sample(s.view(), smp, at(0.5f, 0.5f, SampleOp::kLevel, 0.004f)).texel.f(0), 0.5f);
}

}  // namespace
}  // namespace texsim::texunit
