// Special inputs in the lavapipe profile (issue 18 classes A-G, decisions P1-P2): NaN and
// infinite derivatives, coordinates, references and LODs, each pinned against the value lavapipe
// returns and against the plain-C++ reading the model replaced (which must give another value).
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "texunit/sample_lavapipe.hpp"

namespace texsim::texunit {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// 16x16 R32_FLOAT, `mips` levels, every texel of level L equal to L + 1 (so the level read
// shows in the result), except level 0 column x = 15, which holds 100 (the right edge).
Surface levels_r32f(uint32_t mips) {
  SurfaceDesc d;
  d.format = Format::kR32_FLOAT;
  d.width = d.height = 16;
  d.mips = mips;
  Surface s(d);
  for (uint32_t l = 0; l < mips; ++l) {
    const uint32_t n = 16u >> l;
    for (uint32_t y = 0; y < n; ++y)
      for (uint32_t x = 0; x < n; ++x) {
        const float v = l == 0 && x == 15 ? 100.0f : static_cast<float>(l + 1);
        std::memcpy(s.texel_ptr(0, l, 0, x, y), &v, 4);
      }
  }
  return s;
}

SamplerState point_mips() {
  SamplerState s;
  s.min_filter = s.mag_filter = Filter::kPoint;
  s.mip_filter = MipFilter::kPoint;
  s.max_lod = 3.0f;  // apply_max_lod: the clamp is live
  return s;
}

SampleRequest grad(std::array<float, 3> ddx, std::array<float, 3> ddy) {
  SampleRequest q;
  q.op = SampleOp::kGrad;
  q.coord = {0.25f, 0.25f, 0.0f};
  q.ddx = ddx;
  q.ddy = ddy;
  return q;
}

float r_of(const Surface& s, const SamplerState& smp, const SampleRequest& q) {
  return sample_lavapipe(s.view(), smp, q).texel.f(0);
}

// Class A: rho = maxps(rx, ry) = rx > ry ? rx : ry. A NaN x derivative leaves ry (4 texels:
// LOD 2, level 2 holds 3); a NaN y derivative makes rho NaN, which explicit derivatives turn
// into 0 (level 0). std::max(rx, ry) would give the reverse.
TEST(SampleLavapipeSpecial, NanDerivativeFollowsMaxps) {
  const Surface s = levels_r32f(4);
  const SamplerState smp = point_mips();
  const float four = 4.0f / 16.0f;
  EXPECT_EQ(r_of(s, smp, grad({kNaN, 0.0f, 0.0f}, {four, 0.0f, 0.0f})), 3.0f);
  EXPECT_EQ(r_of(s, smp, grad({four, 0.0f, 0.0f}, {kNaN, 0.0f, 0.0f})), 1.0f);
  // Finite derivatives are unchanged: the larger one (4 texels) wins either way.
  EXPECT_EQ(r_of(s, smp, grad({four, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f})), 3.0f);
}

// Class D: an explicit derivative that overflows rho to +Inf reads as rho 0 (level 0); in a
// fragment quad the differences keep the infinity, so LOD 64 clamps to the last level.
TEST(SampleLavapipeSpecial, OverflowingDerivatives) {
  const Surface s = levels_r32f(4);
  const SamplerState smp = point_mips();
  EXPECT_EQ(r_of(s, smp, grad({1e20f, 0.0f, 0.0f}, {0.0f, 0.0f, 0.0f})), 1.0f);
  std::array<SampleRequest, 4> quad{};
  for (auto& r : quad) {
    r.op = SampleOp::kImplicit;
    r.coord = {0.25f, 0.25f, 0.0f};
    r.ddx = {1e20f, 0.0f, 0.0f};
  }
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[0], ctx).texel.f(0), 4.0f);
  // textureQueryLod: y = fast_log2(+Inf) / 2 = 64, x clamped to the last level.
  for (auto& r : quad) r.op = SampleOp::kLodQuery;
  const Texel q = sample_lavapipe(s.view(), smp, quad[0], ctx).texel;
  EXPECT_EQ(q.f(1), 64.0f);
  EXPECT_EQ(q.f(0), 3.0f);
}

// Class F: a NaN explicit LOD minifies (lp_build_cmp is unordered) and clamps to max_lod
// (minps(NaN, max) = max). With min = linear and mag = point the lane filters linearly.
TEST(SampleLavapipeSpecial, NanLodMinifiesAtMaxLod) {
  const Surface s = levels_r32f(4);
  SamplerState smp = point_mips();
  smp.max_lod = 2.0f;
  SampleRequest q;
  q.op = SampleOp::kLevel;
  q.coord = {0.25f, 0.25f, 0.0f};
  q.lod = kNaN;
  EXPECT_EQ(r_of(s, smp, q), 3.0f);  // level 2
  smp.min_filter = Filter::kLinear;
  EXPECT_TRUE(lavapipe_lane_needs_linear(s.view(), smp, q));  // class G: its group goes linear
  q.lod = -1.0f;
  EXPECT_FALSE(lavapipe_lane_needs_linear(s.view(), smp, q));
  // Without a live max_lod clamp the NaN stays and the level is ipart(NaN) -> 0.
  smp = point_mips();
  smp.max_lod = 1000.0f;
  q.lod = kNaN;
  EXPECT_EQ(r_of(s, smp, q), 1.0f);
}

// Class B: clamp-to-edge linear filtering takes minps(NaN * size, size): a NaN coordinate reads
// the right edge (column 15 holds 100); +Inf likewise, -Inf the left edge.
TEST(SampleLavapipeSpecial, NanCoordinateClampsToTheEdge) {
  const Surface s = levels_r32f(1);
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  smp.address = {AddressMode::kClamp, AddressMode::kClamp, AddressMode::kClamp};
  SampleRequest q;
  q.op = SampleOp::kLevel;
  q.coord = {kNaN, 0.5f, 0.0f};
  EXPECT_EQ(r_of(s, smp, q), 100.0f);
  q.coord[0] = kInf;
  EXPECT_EQ(r_of(s, smp, q), 100.0f);
  q.coord[0] = -kInf;
  EXPECT_EQ(r_of(s, smp, q), 1.0f);
  // Repeat on a non-power-of-two size: floor gives INT_MIN, the integer edge test wraps it to
  // the last texel and the NaN weight makes the result NaN with the coordinate's sign.
  SurfaceDesc d;
  d.format = Format::kR32_FLOAT;
  d.width = 10;
  d.height = 1;
  Surface npot(d);
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  q.coord = {-kNaN, 0.5f, 0.0f};
  const uint32_t bits = sample_lavapipe(npot.view(), smp, q).texel.bits[0];
  EXPECT_EQ(bits, 0xffc00000u);
}

// Class C: a D16 reference is clamped minps(ref, 1) then maxps(., 0): NaN compares as 1.0.
TEST(SampleLavapipeSpecial, NanReferenceOnD16IsOne) {
  SurfaceDesc d;
  d.format = Format::kD16_UNORM;
  d.width = d.height = 4;
  Surface s(d);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const uint16_t v = 0x8000;  // about 0.5
      std::memcpy(s.texel_ptr(0, 0, 0, x, y), &v, 2);
    }
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kPoint;
  smp.compare = CompareFunc::kGreater;
  SampleRequest q;
  q.op = SampleOp::kLevel;
  q.coord = {0.5f, 0.5f, 0.0f};
  q.reference = kNaN;
  EXPECT_EQ(r_of(s, smp, q), 1.0f);  // 1.0 > 0.5
  q.reference = 0.25f;
  EXPECT_EQ(r_of(s, smp, q), 0.0f);
  smp.compare = CompareFunc::kLess;
  q.reference = kNaN;
  EXPECT_EQ(r_of(s, smp, q), 0.0f);  // 1.0 < 0.5 is false
}

// Class E: fragment lookups run under DAZ/FTZ (decision O8), compute lookups keep denormals.
TEST(SampleLavapipeSpecial, FragmentLookupsFlushDenormals) {
  SurfaceDesc d;
  d.format = Format::kR32_FLOAT;
  d.width = d.height = 2;
  Surface s(d);
  const float den = std::bit_cast<float>(0x00000100u);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 2; ++x) std::memcpy(s.texel_ptr(0, 0, 0, x, y), &den, 4);
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  SampleRequest q;
  q.op = SampleOp::kImplicit;
  q.coord = {0.3f, 0.6f, 0.0f};
  std::array<SampleRequest, 4> quad{q, q, q, q};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[0], ctx).texel.bits[0], 0u);
  q.op = SampleOp::kLevel;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.bits[0], 0x00000100u);
}

Surface r32f(uint32_t w, uint32_t h, uint32_t mips, const std::vector<float>& level0) {
  SurfaceDesc d;
  d.format = Format::kR32_FLOAT;
  d.width = w;
  d.height = h;
  d.mips = mips;
  Surface s(d);
  for (uint32_t y = 0; y < h; ++y)
    for (uint32_t x = 0; x < w; ++x) std::memcpy(s.texel_ptr(0, 0, 0, x, y), &level0[y * w + x], 4);
  return s;
}

// P9: a min/max reduction step takes the first tap alone where its weight is 0.
TEST(SampleLavapipeSpecial, ReductionSkipsZeroWeightTaps) {
  const Surface s = r32f(4, 1, 1, {1.0f, 5.0f, 2.0f, 9.0f});
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  SampleRequest q;
  q.op = SampleOp::kLevel;
  q.coord = {1.5f / 4.0f, 0.5f, 0.0f};  // texel 1's centre: x weight 0
  for (const Reduction r : {Reduction::kMin, Reduction::kMax}) {
    smp.reduction = r;
    EXPECT_EQ(r_of(s, smp, q), 5.0f);  // not min(5, 2) = 2
  }
  q.coord[0] = 0.5f;  // between texels 1 and 2, weight 0.5
  smp.reduction = Reduction::kMin;
  EXPECT_EQ(r_of(s, smp, q), 2.0f);
  smp.reduction = Reduction::kMax;
  EXPECT_EQ(r_of(s, smp, q), 5.0f);
  smp.reduction = Reduction::kWeightedAverage;
  EXPECT_EQ(r_of(s, smp, q), 3.5f);
}

// A fragment quad with zero derivatives (LOD -63.5, magnified) on a 2x2 level whose texel (0, 0)
// is a negative denormal and the others -1: point-filtered through the linear path (0/1
// weights), its result is -0 under DAZ; a level blend of weight 0 turns it into +0.
uint32_t magnified_lane(const Surface& s, const SamplerState& smp, bool group_minified,
                        bool group_mip_lerp) {
  SampleRequest q;
  q.op = SampleOp::kImplicit;
  q.coord = {0.25f, 0.25f, 0.0f};
  const std::array<SampleRequest, 4> quad{q, q, q, q};
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  ctx.group_needs_linear = true;
  ctx.group_minified = group_minified;
  ctx.group_mip_lerp = group_mip_lerp;
  return sample_lavapipe(s.view(), smp, quad[0], ctx).texel.bits[0];
}

Surface denormal_corner(uint32_t mips) {
  return r32f(2, 2, mips, {std::bit_cast<float>(0x80001000u), -1.0f, -1.0f, -1.0f});
}

SamplerState min_linear_mag_point() {
  SamplerState smp;
  smp.min_filter = Filter::kLinear;
  smp.mag_filter = Filter::kPoint;
  smp.mip_filter = MipFilter::kLinear;
  return smp;
}

// P7: with min != mag filters, the combined linear path blends levels when any lane of the
// group is minified (group_minified), fraction or not.
TEST(SampleLavapipeSpecial, MinMagGroupBlendsWhenAnyLaneIsMinified) {
  const Surface s = denormal_corner(2);
  SamplerState smp = min_linear_mag_point();
  EXPECT_EQ(magnified_lane(s, smp, false, false), 0x80000000u);
  EXPECT_EQ(magnified_lane(s, smp, true, false), 0x00000000u);
  // group_mip_lerp (any fraction > 0) is lp_build_sample_mipmap's rule, not this path's.
  EXPECT_EQ(magnified_lane(s, smp, false, true), 0x80000000u);
}

// P10: a one-level view with max_lod > 0 samples with mip filter NONE: no level blend at all.
TEST(SampleLavapipeSpecial, OneLevelViewNeverBlendsLevels) {
  const Surface s = denormal_corner(1);
  SamplerState smp = min_linear_mag_point();
  EXPECT_EQ(magnified_lane(s, smp, true, true), 0x80000000u);
  // max_lod 0 keeps the sampler's mip filter, and the weight-0 blend runs (+0).
  smp.max_lod = 0.0f;
  EXPECT_EQ(magnified_lane(s, smp, true, true), 0x00000000u);
}

}  // namespace
}  // namespace texsim::texunit
