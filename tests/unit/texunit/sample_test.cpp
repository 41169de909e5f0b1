// Tests for texunit/sample: the D3D11.3 sampling pipeline end to end with hand-computed cases —
// offsets before wrap, address modes and border, LOD bias/clamp/NaN, mag/min after clamp, mip
// rounding, trilinear, PCF, cube faces and corners, arrays, gather, LOD query, anisotropy,
// unnormalized coordinates, integer formats, every surface type, null tiles, sRGB.
#include "texunit/sample.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

#include "core/convert.hpp"
#include "surface_maker.hpp"

namespace texsim::texunit {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

using testing::make;
using testing::TexelFn;

Texel gray(float v) {
  return Texel::from_float(v, v, v, v);
}

// A 1D R32_FLOAT row of values.
Surface row(std::vector<float> values) {
  return make(SurfaceType::k1D, Format::kR32_FLOAT, static_cast<uint32_t>(values.size()), 1, 1, 1,
              1, [&](uint32_t, uint32_t, uint32_t x, uint32_t) { return gray(values[x]); });
}

// A 2D RGBA32F surface whose every level is constant: value = level.
Surface level_tagged(uint32_t size, uint32_t mips) {
  return make(
      SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, size, size, 1, 1, mips,
      [](uint32_t level, uint32_t, uint32_t, uint32_t) { return gray(static_cast<float>(level)); });
}

SamplerState point_sampler(AddressMode m = AddressMode::kClamp) {
  SamplerState s;
  s.min_filter = s.mag_filter = Filter::kPoint;
  s.mip_filter = MipFilter::kPoint;
  s.address = {m, m, m};
  return s;
}

SamplerState linear_sampler(AddressMode m = AddressMode::kClamp) {
  SamplerState s;
  s.min_filter = s.mag_filter = Filter::kLinear;
  s.mip_filter = MipFilter::kLinear;
  s.address = {m, m, m};
  return s;
}

SampleRequest at(float u, float v = 0.5f, float w = 0.5f) {
  SampleRequest r;
  r.op = SampleOp::kLevelZero;
  r.coord = {u, v, w};
  return r;
}

float r_of(const Surface& s, const SamplerState& smp, const SampleRequest& req,
           const PrecisionProfile& p = {}) {
  return sample(s.view(), smp, req, p).texel.f(0);
}

// --- addressing ----------------------------------------------------------------------------

TEST(Sample, PointSamplingReturnsTheTexelBitExact) {
  const uint32_t snan = 0x7f800001u;
  Surface s = make(SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, 2, 2, 1, 1, 1,
                   [&](uint32_t, uint32_t, uint32_t x, uint32_t y) {
                     return x == 1 && y == 0 ? Texel{{snan, 0x00000001u, 0x80000000u, 0x3f800000u},
                                                     TexelKind::kFloat}
                                             : gray(0.0f);
                   });
  const SampleResult r = sample(s.view(), point_sampler(), at(0.75f, 0.25f));
  EXPECT_EQ(r.texel.bits[0], snan);
  EXPECT_EQ(r.texel.bits[1], 0x00000001u);  // denormals are not flushed
  EXPECT_EQ(r.texel.bits[2], 0x80000000u);
  EXPECT_FALSE(r.null_tile);
}

TEST(Sample, OffsetIsAddedInTexelSpaceBeforeWrapping) {
  Surface s = row({0, 10, 20, 30});
  SampleRequest r = at(0.875f);  // texel 3
  r.offset = {1, 0, 0};
  EXPECT_EQ(r_of(s, point_sampler(AddressMode::kWrap), r), 0.0f);     // 4 wraps to 0
  EXPECT_EQ(r_of(s, point_sampler(AddressMode::kClamp), r), 30.0f);   // 4 clamps to 3
  EXPECT_EQ(r_of(s, point_sampler(AddressMode::kMirror), r), 30.0f);  // 4 mirrors to 3
  r.offset = {-5, 0, 0};                                              // 3 - 5 = -2
  EXPECT_EQ(r_of(s, point_sampler(AddressMode::kWrap), r), 20.0f);
  EXPECT_EQ(r_of(s, point_sampler(AddressMode::kMirror), r), 10.0f);
  // Linear: 0.875 * 4 - 0.5 = 3.0 -> taps 3, 4 (weight 0) + 1 -> 4, 5 -> wrap -> 0, 1.
  r = at(0.9375f);       // 3.25: taps 3 (0.75) and 4 (0.25)
  r.offset = {1, 0, 0};  // taps 4 -> 0 (0.75), 5 -> 1 (0.25)
  EXPECT_EQ(r_of(s, linear_sampler(AddressMode::kWrap), r), 2.5f);
}

TEST(Sample, EveryAddressModeLeftAndRight) {
  Surface s = row({0, 10, 20, 30});
  SamplerState smp = point_sampler();
  smp.border_color = {-1.0f, -1.0f, -1.0f, -1.0f};
  struct Case {
    AddressMode m;
    float left;   // u = -0.125 -> texel -1
    float right;  // u = 1.375 -> texel 5
  };
  for (const Case& c : {Case{AddressMode::kWrap, 30, 10}, Case{AddressMode::kMirror, 0, 20},
                        Case{AddressMode::kClamp, 0, 30}, Case{AddressMode::kMirrorOnce, 0, 30},
                        Case{AddressMode::kBorder, -1, -1}}) {
    smp.address = {c.m, c.m, c.m};
    EXPECT_EQ(r_of(s, smp, at(-0.125f)), c.left) << address_mode_name(c.m);
    EXPECT_EQ(r_of(s, smp, at(1.375f)), c.right) << address_mode_name(c.m);
  }
  // mirror_once far left: -2.3 -> texel -10 -> mirrored 9 -> clamped 3.
  smp.address = {AddressMode::kMirrorOnce, AddressMode::kMirrorOnce, AddressMode::kMirrorOnce};
  EXPECT_EQ(r_of(s, smp, at(-2.3f)), 30.0f);
}

TEST(Sample, AnyAxisInBorderGivesTheBorderColour) {
  Surface s = make(SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, 4, 4, 1, 1, 1,
                   [](uint32_t, uint32_t, uint32_t, uint32_t) { return gray(1.0f); });
  SamplerState smp = point_sampler();
  smp.address = {AddressMode::kClamp, AddressMode::kBorder, AddressMode::kClamp};
  smp.border_color = {0.25f, 0.5f, 0.75f, 1.0f};
  EXPECT_EQ(sample(s.view(), smp, at(-3.0f, 0.5f)).texel, gray(1.0f));  // x clamps
  EXPECT_EQ(sample(s.view(), smp, at(0.5f, 1.2f)).texel,
            Texel::from_float(0.25f, 0.5f, 0.75f, 1.0f));
  // Linear across the border edge: half border, half texel.
  smp = linear_sampler(AddressMode::kBorder);
  smp.border_color = {0.0f, 0.0f, 0.0f, 0.0f};
  EXPECT_EQ(r_of(s, smp, at(0.0f, 0.5f)), 0.5f);
}

TEST(Sample, BorderSnappedToUnorm8) {
  Surface s = make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 2, 2, 1, 1, 1,
                   [](uint32_t, uint32_t, uint32_t, uint32_t) { return gray(1.0f); });
  SamplerState smp = point_sampler(AddressMode::kBorder);
  smp.border_color = {0.3f, 0.5f, 2.0f, -1.0f};
  EXPECT_EQ(sample(s.view(), smp, at(2.0f, 0.5f)).texel,
            Texel::from_float(77.0f / 255.0f, 128.0f / 255.0f, 1.0f, 0.0f));
}

TEST(Sample, IntegerBorderColour) {
  Surface s =
      make(SurfaceType::k2D, Format::kR8G8B8A8_UINT, 2, 2, 1, 1, 1,
           [](uint32_t, uint32_t, uint32_t, uint32_t) { return Texel::from_uint(1, 2, 3, 4); });
  SamplerState smp = point_sampler(AddressMode::kBorder);
  smp.border_color_int = {300u, 42u, 0u, 7u};
  const Texel t = sample(s.view(), smp, at(-1.0f, 0.5f)).texel;
  EXPECT_EQ(t, Texel::from_uint(255u, 42u, 0u, 7u));
}

TEST(Sample, NaNCoordinatesConvertToZero) {
  Surface s = row({5, 10, 20, 30});
  // Point: NaN -> fixed 0 -> texel 0. Linear: NaN * 4 - 0.5 is NaN -> fixed 0 -> texel 0 with
  // weight 0 on texel 1 (not the -0.5 position of u = 0).
  for (AddressMode m : {AddressMode::kWrap, AddressMode::kClamp, AddressMode::kMirror}) {
    EXPECT_EQ(r_of(s, point_sampler(m), at(kNaN)), 5.0f);
    EXPECT_EQ(r_of(s, linear_sampler(m), at(kNaN)), 5.0f);
  }
  EXPECT_EQ(r_of(s, linear_sampler(AddressMode::kWrap), at(0.0f)), 17.5f);  // 30 and 5
}

// --- LOD -----------------------------------------------------------------------------------

SampleRequest level(float lod) {
  SampleRequest r = at(0.5f, 0.5f);
  r.op = SampleOp::kLevel;
  r.lod = lod;
  return r;
}

TEST(Sample, MinLodWinsOverMaxLod) {
  Surface s = level_tagged(16, 5);
  SamplerState smp = point_sampler();
  smp.min_lod = 3.0f;
  smp.max_lod = 1.0f;
  EXPECT_EQ(r_of(s, smp, level(0.0f)), 3.0f);
  EXPECT_EQ(r_of(s, smp, level(4.0f)), 3.0f);
}

TEST(Sample, NaNLodIsNeverPropagated) {
  Surface s = level_tagged(16, 5);
  SamplerState smp = point_sampler();
  smp.max_lod = 2.0f;
  EXPECT_EQ(r_of(s, smp, level(kNaN)), 2.0f);  // max(MinLOD, min(MaxLOD, NaN)) = MaxLOD
  smp.max_lod = 1000.0f;
  EXPECT_EQ(r_of(s, smp, level(kNaN)), 4.0f);  // then clamped to the chain
  SampleRequest g = at(0.5f, 0.5f);
  g.op = SampleOp::kGrad;
  g.ddx = {kNaN, 0, 0};
  smp.max_lod = 1.0f;
  EXPECT_EQ(r_of(s, smp, g), 1.0f);
}

TEST(Sample, SamplerBiasThenInstructionBias) {
  Surface s = level_tagged(16, 5);
  SamplerState smp = point_sampler();
  smp.lod_bias = 0.25f;
  SampleRequest b = at(0.5f, 0.5f);
  b.op = SampleOp::kBias;
  b.ddx = {2.0f / 16.0f, 0, 0};  // 2 texels: LOD 1
  b.ddy = {0, 2.0f / 16.0f, 0};
  b.lod = 0.25f;  // 1 + 0.25 + 0.25 = 1.5 -> point mip 2
  EXPECT_EQ(r_of(s, smp, b), 2.0f);
  b.lod = 0.0f;  // 1.25 -> 1
  EXPECT_EQ(r_of(s, smp, b), 1.0f);
  // The instruction bias is honoured only by kBias; kGrad ignores req.lod.
  b.op = SampleOp::kGrad;
  b.lod = 5.0f;
  EXPECT_EQ(r_of(s, smp, b), 1.0f);
  // sample_l: the sampler bias applies to the explicit LOD too.
  smp.lod_bias = 1.0f;
  EXPECT_EQ(r_of(s, smp, level(1.0f)), 2.0f);
}

TEST(Sample, ImplicitLodFromQuadDerivatives) {
  Surface s = level_tagged(16, 5);
  // A quad stepping 4 texels per pixel in x and 1 in y: LOD 2.
  const float d = 4.0f / 16.0f;
  const std::array<std::array<float, 3>, 4> quad{{{0.5f, 0.5f, 0},
                                                  {0.5f + d, 0.5f, 0},
                                                  {0.5f, 0.5f + 1.0f / 16.0f, 0},
                                                  {0.5f + d, 0.5f + 1.0f / 16.0f, 0}}};
  const QuadDerivatives qd = quad_derivatives(quad);
  EXPECT_EQ(qd.ddx[0], d);
  EXPECT_EQ(qd.ddy[1], 1.0f / 16.0f);
  SampleRequest r = at(quad[3][0], quad[3][1]);
  r.op = SampleOp::kImplicit;
  r.ddx = qd.ddx;
  r.ddy = qd.ddy;
  EXPECT_EQ(r_of(s, point_sampler(), r), 2.0f);
}

TEST(Sample, MagMinChosenAfterTheClamp) {
  // 4x4 level 0 with a step: columns 0,1 = 0, columns 2,3 = 1; level 1 = 7.
  Surface s = make(SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, 4, 4, 1, 1, 2,
                   [](uint32_t lvl, uint32_t, uint32_t x, uint32_t) {
                     return gray(lvl == 1 ? 7.0f : (x >= 2 ? 1.0f : 0.0f));
                   });
  SamplerState smp;
  smp.mip_filter = MipFilter::kPoint;
  // Unclamped LOD 2 (minify) but MaxLOD 0: clamped 0 -> magnify -> the linear mag filter.
  smp.min_filter = Filter::kPoint;
  smp.mag_filter = Filter::kLinear;
  smp.max_lod = 0.0f;
  EXPECT_EQ(r_of(s, smp, level(2.0f)), 0.5f);  // u = 0.5: between columns 1 and 2
  // Unclamped LOD -2 (magnify) but MinLOD 0.25: clamped 0.25 -> minify -> point min filter,
  // and point mip of 0.25 is level 0.
  smp.min_filter = Filter::kPoint;
  smp.mag_filter = Filter::kLinear;
  smp.max_lod = 1000.0f;
  smp.min_lod = 0.25f;
  EXPECT_EQ(r_of(s, smp, level(-2.0f)), 1.0f);  // point at u = 0.5 -> column 2
}

TEST(Sample, PointMipRoundsOnEightEightFixedPoint) {
  Surface s = level_tagged(16, 5);
  EXPECT_EQ(r_of(s, point_sampler(), level(1.5f)), 2.0f);
  EXPECT_EQ(r_of(s, point_sampler(), level(1.498f)), 1.0f);
  EXPECT_EQ(r_of(s, point_sampler(), level(1.499f)), 2.0f);  // 383.74/256 rounds to 1.5
  EXPECT_EQ(r_of(s, point_sampler(), level(1.499f), PrecisionProfile::exact()), 1.0f);
}

TEST(Sample, TrilinearWeightIsTheEightBitLodFraction) {
  Surface s = level_tagged(16, 5);
  SamplerState smp = linear_sampler();
  EXPECT_EQ(r_of(s, smp, level(1.25f)), 1.25f);
  // 2.3 -> fraction 77/256: 2 * (1 - w) + 3 * w.
  const float w = 77.0f / 256.0f;
  EXPECT_EQ(r_of(s, smp, level(2.3f)), 2.0f * (1.0f - w) + 3.0f * w);
  EXPECT_EQ(r_of(s, smp, level(7.0f)), 4.0f);  // past the chain: last level
  smp.mip_filter = MipFilter::kNone;
  EXPECT_EQ(r_of(s, smp, level(2.3f)), 0.0f);
}

TEST(Sample, LodQueryReturnsClampedAndUnclamped) {
  Surface s = level_tagged(16, 5);
  SamplerState smp = linear_sampler();
  smp.lod_bias = 0.5f;
  smp.max_lod = 2.0f;
  SampleRequest q = at(0.5f, 0.5f);
  q.op = SampleOp::kLodQuery;
  q.ddx = {4.0f / 16.0f, 0, 0};  // LOD 2
  q.ddy = {0, 1.0f / 16.0f, 0};
  Texel t = sample(s.view(), smp, q).texel;
  EXPECT_EQ(t, Texel::from_float(2.0f, 2.5f, 0.0f, 0.0f));
  q.ddx = {0.25f / 16.0f, 0, 0};  // LOD -2, + 0.5
  q.ddy = {0, 0.25f / 16.0f, 0};
  t = sample(s.view(), smp, q).texel;
  EXPECT_EQ(t, Texel::from_float(0.0f, -1.5f, 0.0f, 0.0f));
  // The D3D profile reports the LOD on its 8.8 grid.
  smp.lod_bias = 0.0f;
  smp.max_lod = 1000.0f;
  q.ddx = {3.0f / 16.0f, 0, 0};  // log2(3) = 1.58496 -> 406/256
  t = sample(s.view(), smp, q).texel;
  EXPECT_EQ(t.f(0), 406.0f / 256.0f);
  EXPECT_EQ(sample(s.view(), smp, q, PrecisionProfile::exact()).texel.f(0),
            static_cast<float>(std::log2(3.0)));
}

TEST(Sample, AnisotropicFootprintUsesTheMinorAxis) {
  Surface s = level_tagged(64, 7);
  SamplerState smp = linear_sampler();
  smp.mip_filter = MipFilter::kPoint;
  SampleRequest g = at(0.5f, 0.5f);
  g.op = SampleOp::kGrad;
  g.ddx = {8.0f / 64.0f, 0, 0};
  g.ddy = {0, 2.0f / 64.0f, 0};
  EXPECT_EQ(r_of(s, smp, g), 3.0f);  // isotropic: log2(8)
  smp.max_anisotropy = 16;
  EXPECT_EQ(r_of(s, smp, g), 1.0f);  // ratio 4: log2(2)
  smp.max_anisotropy = 2;
  EXPECT_EQ(r_of(s, smp, g), 2.0f);  // ratio clamped to 2: log2(8 / 2)
  g.op = SampleOp::kLodQuery;
  smp.max_anisotropy = 16;
  EXPECT_EQ(r_of(s, smp, g), 1.0f);
}

TEST(Sample, AnisotropicProbesSpreadAlongTheMajorAxis) {
  // 8x8 single level, value = x * x. Major axis 8 texels along x, ratio 4: probes at
  // t = -3/8, -1/8, 1/8, 3/8 of the major vector from u = 0.5, i.e. texel positions 1, 3, 5, 7,
  // minus 0.5 for linear: blends (0+1)/2, (4+9)/2, (16+25)/2, (36+49)/2 -> mean 17.5.
  Surface s = make(
      SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, 8, 8, 1, 1, 1,
      [](uint32_t, uint32_t, uint32_t x, uint32_t) { return gray(static_cast<float>(x * x)); });
  SamplerState smp = linear_sampler();
  SampleRequest g = at(0.5f, 0.5f);
  g.op = SampleOp::kGrad;
  g.ddx = {8.0f / 8.0f, 0, 0};
  g.ddy = {0, 2.0f / 8.0f, 0};
  EXPECT_EQ(r_of(s, smp, g), 12.5f);  // isotropic: one bilinear lookup at 3.5
  smp.max_anisotropy = 4;
  EXPECT_EQ(r_of(s, smp, g), 17.5f);
}

// --- comparison ----------------------------------------------------------------------------

TEST(Sample, CompareAtEachTapThenFilter) {
  Surface s =
      make(SurfaceType::k2D, Format::kD32_FLOAT, 2, 1, 1, 1, 1,
           [](uint32_t, uint32_t, uint32_t x, uint32_t) { return gray(x == 0 ? 0.2f : 0.8f); });
  SamplerState smp = linear_sampler();
  smp.compare = CompareFunc::kLess;  // passes when ref < texel
  SampleRequest r = at(0.5f, 0.5f);
  r.reference = 0.5f;
  // PCF: (0 + 1) / 2 = 0.5. Filter-then-compare would test 0.5 < 0.5 and return 0.
  EXPECT_EQ(r_of(s, smp, r), 0.5f);
  r.coord = {0.25f, 0.5f, 0};  // on texel 0 only
  EXPECT_EQ(r_of(s, smp, r), 0.0f);
  smp.compare = CompareFunc::kAlways;
  EXPECT_EQ(sample(s.view(), smp, r).texel, gray(1.0f));
}

TEST(Sample, ReferenceQuantizedToTheDepthFormat) {
  const uint32_t code = 19661;  // round(0.3 * 65535)
  Surface s = make(
      SurfaceType::k2D, Format::kD16_UNORM, 1, 1, 1, 1, 1,
      [&](uint32_t, uint32_t, uint32_t, uint32_t) { return gray(core::unorm_to_float(code, 16)); });
  SamplerState smp = point_sampler();
  smp.compare = CompareFunc::kEqual;
  SampleRequest r = at(0.5f, 0.5f);
  r.reference = 0.3f;  // quantizes to `code`: equal
  EXPECT_EQ(r_of(s, smp, r), 1.0f);
  ASSERT_NE(0.3f, core::unorm_to_float(code, 16));  // without quantization it would fail
  // Clamp to the format range: 1.5 -> 1.0, which is >= every texel.
  smp.compare = CompareFunc::kGreaterEqual;
  r.reference = 1.5f;
  EXPECT_EQ(r_of(s, smp, r), 1.0f);
  smp.compare = CompareFunc::kLess;
  r.reference = -2.0f;  // -> 0.0 < texel
  EXPECT_EQ(r_of(s, smp, r), 1.0f);
}

TEST(Sample, CompareAgainstTheBorder) {
  Surface s = make(SurfaceType::k2D, Format::kD16_UNORM, 2, 2, 1, 1, 1,
                   [](uint32_t, uint32_t, uint32_t, uint32_t) { return gray(1.0f); });
  SamplerState smp = linear_sampler(AddressMode::kBorder);
  smp.border_color = {0.0f, 0.0f, 0.0f, 0.0f};
  smp.compare = CompareFunc::kLess;
  SampleRequest r = at(0.0f, 0.5f);  // half border (depth 0), half texel (depth 1)
  r.reference = 0.5f;
  EXPECT_EQ(r_of(s, smp, r), 0.5f);
}

TEST(Sample, MinMaxReduction) {
  Surface s = row({0.25f, 0.75f});
  SamplerState smp = linear_sampler();
  smp.reduction = Reduction::kMin;
  EXPECT_EQ(r_of(s, smp, at(0.5f)), 0.25f);
  smp.reduction = Reduction::kMax;
  EXPECT_EQ(r_of(s, smp, at(0.5f)), 0.75f);
  smp.reduction = Reduction::kWeightedAverage;
  EXPECT_EQ(r_of(s, smp, at(0.5f)), 0.5f);
}

// --- cubes ---------------------------------------------------------------------------------

Surface cube_faces(uint32_t size, uint32_t layers = 1) {
  return make(layers == 1 ? SurfaceType::kCube : SurfaceType::kCubeArray,
              Format::kR32G32B32A32_FLOAT, size, size, 1, layers, 1,
              [](uint32_t, uint32_t slice, uint32_t, uint32_t) {
                return gray(static_cast<float>(slice + 1));
              });
}

TEST(Sample, CubeFaceSelectionForAllSixMajorAxes) {
  Surface s = cube_faces(2);
  const std::array<std::array<float, 3>, 6> dirs{{{1, 0.2f, 0.3f},
                                                  {-1, 0.2f, 0.3f},
                                                  {0.2f, 1, 0.3f},
                                                  {0.2f, -1, 0.3f},
                                                  {0.2f, 0.3f, 1},
                                                  {0.2f, 0.3f, -1}}};
  for (uint32_t f = 0; f < 6; ++f) {
    SampleRequest r = at(0, 0, 0);
    r.coord = dirs[f];
    EXPECT_EQ(r_of(s, point_sampler(), r), static_cast<float>(f + 1)) << "face " << f;
    EXPECT_EQ(r_of(s, linear_sampler(), r), static_cast<float>(f + 1)) << "face " << f;
  }
}

TEST(Sample, CubeSeamlessCornerSharesTheMissingWeight) {
  Surface s = cube_faces(2);
  SampleRequest r = at(0, 0, 0);
  r.coord = {-1.0f, 1.0f, 1.0f};  // +Z face at (s, t) = (0, 0): the corner with +Y and -X
  const float w = 0.25f + 0.25f / 3.0f;
  // Taps in order: corner (missing), (0,-1) -> +Y (3), (-1,0) -> -X (2), (0,0) -> +Z (5).
  const float expected = (w * 3.0f + w * 2.0f) + w * 5.0f;
  EXPECT_EQ(r_of(s, linear_sampler(), r), expected);
  // Across an edge (not a corner): +Z at s = 0, t = 0.5 -> half +Z, half -X.
  r.coord = {-1.0f, 0.0f, 1.0f};
  EXPECT_EQ(r_of(s, linear_sampler(), r), 0.5f * 5.0f + 0.5f * 2.0f);
}

TEST(Sample, CubeArraySelectsTheCube) {
  Surface s = cube_faces(2, 2);
  SampleRequest r = at(0, 0, 0);
  r.coord = {0.1f, 0.2f, -1.0f};  // -Z = face 5
  r.array_index = 1.0f;
  EXPECT_EQ(r_of(s, point_sampler(), r), 12.0f);  // slice 6 + 5
  r.array_index = 7.0f;                           // clamped to the last cube
  EXPECT_EQ(r_of(s, point_sampler(), r), 12.0f);
}

TEST(Sample, CubeLodUsesProjectedDerivatives) {
  Surface s = make(
      SurfaceType::kCube, Format::kR32G32B32A32_FLOAT, 16, 16, 1, 1, 5,
      [](uint32_t lvl, uint32_t, uint32_t, uint32_t) { return gray(static_cast<float>(lvl)); });
  SampleRequest r = at(0, 0, 0);
  r.op = SampleOp::kGrad;
  r.coord = {0, 0, 1};
  r.ddx = {0.5f, 0, 0};  // ds = 0.25 -> 4 texels -> LOD 2
  r.ddy = {0, 0, 0};
  EXPECT_EQ(r_of(s, point_sampler(), r), 2.0f);
}

// --- arrays, types -------------------------------------------------------------------------

TEST(Sample, ArrayIndexRoundsToNearestEvenThenClamps) {
  Surface s = make(
      SurfaceType::k2DArray, Format::kR32G32B32A32_FLOAT, 2, 2, 1, 4, 1,
      [](uint32_t, uint32_t slice, uint32_t, uint32_t) { return gray(static_cast<float>(slice)); });
  const std::pair<float, float> cases[] = {{1.5f, 2},  {2.5f, 2},  {0.5f, 0}, {3.5f, 3},
                                           {1.49f, 1}, {-3.0f, 0}, {7.0f, 3}, {kNaN, 0}};
  for (const auto& [index, slice] : cases) {
    SampleRequest r = at(0.5f, 0.5f);
    r.array_index = index;
    EXPECT_EQ(r_of(s, linear_sampler(), r), slice) << index;
  }
}

TEST(Sample, OneDimensionalArray) {
  Surface s = make(SurfaceType::k1DArray, Format::kR32G32B32A32_FLOAT, 4, 1, 1, 3, 1,
                   [](uint32_t, uint32_t slice, uint32_t x, uint32_t) {
                     return gray(static_cast<float>(10 * slice + x));
                   });
  SampleRequest r = at(0.625f);  // texel 2
  r.array_index = 2.0f;
  EXPECT_EQ(r_of(s, point_sampler(), r), 22.0f);
  EXPECT_EQ(r_of(s, linear_sampler(), r), 22.0f);
}

TEST(Sample, ThreeDimensionalTrilinearWithinALevel) {
  Surface s = make(SurfaceType::k3D, Format::kR32G32B32A32_FLOAT, 2, 2, 2, 1, 1,
                   [](uint32_t, uint32_t z, uint32_t x, uint32_t y) {
                     return gray(static_cast<float>(x + 2 * y + 4 * z));
                   });
  EXPECT_EQ(r_of(s, linear_sampler(), at(0.5f, 0.5f, 0.5f)), 3.5f);  // mean of 0..7
  EXPECT_EQ(r_of(s, point_sampler(), at(0.75f, 0.25f, 0.75f)), 5.0f);
  SampleRequest g = at(0.5f, 0.5f, 0.5f);
  g.op = SampleOp::kGrad;
  g.ddx = {0, 0, 0};
  g.ddy = {0, 0, 0};
  EXPECT_EQ(r_of(s, linear_sampler(), g), 3.5f);
}

// --- gather --------------------------------------------------------------------------------

Surface xy_grid() {
  return make(SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, 4, 4, 1, 1, 1,
              [](uint32_t, uint32_t, uint32_t x, uint32_t y) {
                const float v = static_cast<float>(x + 10 * y);
                return Texel::from_float(v, v + 100.0f, 0.0f, 1.0f);
              });
}

TEST(Sample, GatherOrderLowerLeftCounterClockwise) {
  Surface s = xy_grid();
  SampleRequest r = at(0.25f, 0.25f);  // between texels (0,0) and (1,1)
  r.op = SampleOp::kGather;
  EXPECT_EQ(sample(s.view(), linear_sampler(), r).texel,
            Texel::from_float(10.0f, 11.0f, 1.0f, 0.0f));
  r.gather_component = 1;  // G
  EXPECT_EQ(sample(s.view(), linear_sampler(), r).texel,
            Texel::from_float(110.0f, 111.0f, 101.0f, 100.0f));
}

TEST(Sample, GatherWithOffsetsAndWrap) {
  Surface s = xy_grid();
  SampleRequest r = at(0.25f, 0.25f);
  r.op = SampleOp::kGather;
  r.offset = {1, 2, 0};  // i0 = 1, j0 = 2
  EXPECT_EQ(sample(s.view(), linear_sampler(), r).texel,
            Texel::from_float(31.0f, 32.0f, 22.0f, 21.0f));
  r.offset = {0, 0, 0};
  r.coord = {0.0f, 0.0f, 0};  // i0 = j0 = -1 -> wrap to 3
  EXPECT_EQ(sample(s.view(), linear_sampler(AddressMode::kWrap), r).texel,
            Texel::from_float(3.0f, 0.0f, 30.0f, 33.0f));
  r.offset = {-8, 5, 0};  // offsets in [-32, 31] (gather4_po) go through the same path
  EXPECT_EQ(sample(s.view(), linear_sampler(AddressMode::kWrap), r).texel,
            Texel::from_float(13.0f, 10.0f, 0.0f, 3.0f));
}

TEST(Sample, GatherOfIntegerAndCompare) {
  Surface s = make(SurfaceType::k2D, Format::kR32_UINT, 2, 2, 1, 1, 1,
                   [](uint32_t, uint32_t, uint32_t x, uint32_t y) {
                     return Texel::from_uint(x + 2 * y + 1, 0, 0, 1);
                   });
  SampleRequest r = at(0.5f, 0.5f);
  r.op = SampleOp::kGather;
  EXPECT_EQ(sample(s.view(), point_sampler(), r).texel, Texel::from_uint(3, 4, 2, 1));
  Surface d = make(SurfaceType::k2D, Format::kD32_FLOAT, 2, 2, 1, 1, 1,
                   [](uint32_t, uint32_t, uint32_t x, uint32_t y) {
                     return gray(0.25f * static_cast<float>(x + 2 * y));
                   });
  SamplerState smp = linear_sampler();
  smp.compare = CompareFunc::kLessEqual;
  r.reference = 0.25f;  // passes for depths 0.25, 0.5, 0.75
  EXPECT_EQ(sample(d.view(), smp, r).texel, Texel::from_float(1.0f, 1.0f, 1.0f, 0.0f));
}

// --- coordinates and formats ---------------------------------------------------------------

TEST(Sample, UnnormalizedCoordinates) {
  Surface s = make(SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, 4, 4, 1, 1, 3,
                   [](uint32_t lvl, uint32_t, uint32_t x, uint32_t y) {
                     return gray(static_cast<float>(100 * lvl + x + 10 * y));
                   });
  SamplerState smp = point_sampler(AddressMode::kWrap);  // wrap acts as clamp
  smp.normalized_coords = false;
  SampleRequest r = level(2.0f);  // level ignored: level 0
  r.coord = {2.5f, 1.5f, 0};
  EXPECT_EQ(r_of(s, smp, r), 12.0f);
  r.coord = {-3.0f, 9.0f, 0};
  EXPECT_EQ(r_of(s, smp, r), 30.0f);
  smp = linear_sampler();
  smp.normalized_coords = false;
  r.coord = {2.0f, 1.5f, 0};  // between x = 1 and x = 2 on row 1
  EXPECT_EQ(r_of(s, smp, r), 11.5f);
  smp.address = {AddressMode::kBorder, AddressMode::kBorder, AddressMode::kBorder};
  smp.border_color = {-1, -1, -1, -1};
  r.coord = {4.5f, 1.5f, 0};
  EXPECT_EQ(r_of(s, smp, r), -1.0f);
}

TEST(Sample, IntegerFormatsArePointSampledAndUnconverted) {
  Surface s = make(SurfaceType::k2D, Format::kR32G32B32A32_SINT, 2, 2, 1, 1, 2,
                   [](uint32_t lvl, uint32_t, uint32_t x, uint32_t y) {
                     return Texel::from_sint(-static_cast<int32_t>(x + 2 * y + 10 * lvl), 7,
                                             0x7fffffff, -1);
                   });
  SampleRequest r = at(0.6f, 0.4f);  // linear would blend 4 texels
  const Texel t = sample(s.view(), linear_sampler(), r).texel;
  EXPECT_EQ(t, Texel::from_sint(-1, 7, 0x7fffffff, -1));  // point: texel (1, 0)
  r = level(0.75f);                                       // linear mip -> point mip -> level 1
  EXPECT_EQ(sample(s.view(), linear_sampler(), r).texel.i(0), -10);
}

TEST(Sample, SrgbDecodeFollowsTheSamplerFlag) {
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = Format::kR8G8B8A8_UNORM_SRGB;
  Surface s(d);
  uint8_t* p = s.texel_ptr(0, 0, 0, 0, 0);
  p[0] = 128;
  p[1] = 0;
  p[2] = 255;
  p[3] = 128;
  SamplerState smp = point_sampler();
  Texel t = sample(s.view(), smp, at(0.5f, 0.5f)).texel;
  EXPECT_EQ(t.f(0), core::srgb8_to_linear(128));
  EXPECT_EQ(t.f(2), 1.0f);
  EXPECT_EQ(t.f(3), 128.0f / 255.0f);  // alpha is linear
  smp.srgb_decode = false;
  t = sample(s.view(), smp, at(0.5f, 0.5f)).texel;
  EXPECT_EQ(t.f(0), 128.0f / 255.0f);
}

TEST(Sample, ExactProfileDoesNotQuantizeWeights) {
  Surface s = row({0, 1, 0, 0});
  // 0.375 + 1/4096: 1/1024 of a texel past the centre of texel 1.
  const SampleRequest r = at(0.375f + 1.0f / 4096.0f);
  EXPECT_EQ(r_of(s, linear_sampler(), r), 1.0f);
  EXPECT_EQ(r_of(s, linear_sampler(), r, PrecisionProfile::exact()), 1.0f - 1.0f / 1024.0f);
}

TEST(Sample, NullTilesReportedForTapsWithWeight) {
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = Format::kR32_FLOAT;
  d.width = 4;
  d.height = 4;
  Surface s(d);
  NullRegion n;
  n.x = 2;
  n.y = 0;
  n.width = 2;
  n.height = 4;
  s.add_null_region(n);
  EXPECT_TRUE(sample(s.view(), point_sampler(), at(0.625f, 0.5f)).null_tile);
  EXPECT_FALSE(sample(s.view(), point_sampler(), at(0.375f, 0.5f)).null_tile);
  // Linear at the centre of texel 1: texel 2 has weight 0 and is not read.
  EXPECT_FALSE(sample(s.view(), linear_sampler(), at(0.375f, 0.5f)).null_tile);
  EXPECT_TRUE(sample(s.view(), linear_sampler(), at(0.5f, 0.5f)).null_tile);
  SampleRequest g = at(0.375f, 0.5f);
  g.op = SampleOp::kGather;  // gather reads all four
  EXPECT_TRUE(sample(s.view(), linear_sampler(), g).null_tile);
}

}  // namespace
}  // namespace texsim::texunit
