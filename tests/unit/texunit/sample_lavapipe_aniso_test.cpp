// Anisotropic samplers in the lavapipe profile (decision P12): gallivm's weight table, the
// minor-axis LOD of lp_build_pmin, the elliptical filter's probes and weights, the truncated
// level and the comparison quirk, each against a hand-computed value and the isotropic reading.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "texunit/sample_lavapipe.hpp"
#include "texunit/sample_lavapipe_aniso.hpp"

namespace texsim::texunit {
namespace {

// An n x n R32_FLOAT (or D32) surface, `mips` levels, every texel of level L equal to 2^L (a
// power of two: a weighted mean of equal texels is then exact).
Surface constant_levels(uint32_t n, uint32_t mips, Format f = Format::kR32_FLOAT) {
  SurfaceDesc d;
  d.format = f;
  d.width = d.height = n;
  d.mips = mips;
  Surface s(d);
  for (uint32_t l = 0; l < mips; ++l)
    for (uint32_t y = 0; y < std::max(1u, n >> l); ++y)
      for (uint32_t x = 0; x < std::max(1u, n >> l); ++x) {
        const float v = std::ldexp(1.0f, static_cast<int>(l));
        std::memcpy(s.texel_ptr(0, l, 0, x, y), &v, 4);
      }
  return s;
}

void put(Surface& s, uint32_t x, uint32_t y, float v) {
  std::memcpy(s.texel_ptr(0, 0, 0, x, y), &v, 4);
}

SamplerState aniso_sampler(uint32_t max_anisotropy) {
  SamplerState s;
  s.min_filter = s.mag_filter = Filter::kLinear;
  s.mip_filter = MipFilter::kLinear;
  s.address = {AddressMode::kClamp, AddressMode::kClamp, AddressMode::kClamp};
  s.max_anisotropy = max_anisotropy;
  return s;
}

SampleRequest at_lod(float s, float t, float lod) {
  SampleRequest q;
  q.op = SampleOp::kLevel;
  q.coord = {s, t, 0.0f};
  q.lod = lod;
  return q;
}

uint32_t bits(float f) {
  uint32_t b = 0;
  std::memcpy(&b, &f, 4);
  return b;
}

// Mesa's table holds expf(-2 i / 1023) printed with six decimals (lp_bld_sample.c).
TEST(LavapipeAniso, FilterTableIsTheSixDecimalExpTable) {
  using lavapipe_detail::aniso_filter_weight;
  EXPECT_EQ(aniso_filter_weight(0), 1.0f);
  EXPECT_EQ(aniso_filter_weight(1), 0.998047f);
  EXPECT_EQ(aniso_filter_weight(512), 0.367520f);
  EXPECT_EQ(aniso_filter_weight(1023), 0.135335f);
  // Not the unrounded exponential.
  EXPECT_NE(aniso_filter_weight(1), std::exp(-2.0f / 1023.0f));
}

// A lane alone (derivatives 0) at a texel centre: the ellipse is the unit circle, the probes
// are the centre (q = 0, weight 1) and its four neighbours (q = 1023, weight 0.135335); the
// corners fall outside (q = 2046). Accumulated in row order, then divided by the weight sum.
TEST(LavapipeAniso, UnitCircleWeighsTheCentreAndItsFourNeighbours) {
  Surface s = constant_levels(4, 1);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) put(s, x, y, 0.0f);
  put(s, 1, 1, 1.0f);
  const SampleRequest q = at_lod(0.375f, 0.375f, 0.0f);  // tex_u = tex_v = 1: texel (1, 1)
  const SampleResult r = sample_lavapipe(s.view(), aniso_sampler(16), q);
  // 1 / ((((w + w) + 1) + w) + w), w = 0.135335f.
  EXPECT_EQ(bits(r.texel.f(0)), bits(0x1.4c2db4p-1f));
  EXPECT_EQ(r.texel.f(3), 1.0f);  // alpha: sum(1 * w) / sum(w)
  // The isotropic filter at a texel centre returns the texel itself.
  EXPECT_EQ(sample_lavapipe(s.view(), aniso_sampler(1), q).texel.f(0), 1.0f);
  // Neighbours 2: (2w + 2w + 1 + 2w + 2w) / the same sum.
  for (const auto& [x, y] : {std::array{1u, 0u}, {0u, 1u}, {2u, 1u}, {1u, 2u}}) put(s, x, y, 2.0f);
  EXPECT_EQ(bits(sample_lavapipe(s.view(), aniso_sampler(2), q).texel.f(0)), bits(0x1.59e928p+0f));
}

// lp_build_sample_common with aniso: the level is itrunc(lod), whatever the mip filter.
TEST(LavapipeAniso, LevelIsTheTruncatedLod) {
  const Surface s = constant_levels(16, 5);
  SamplerState smp = aniso_sampler(4);
  smp.mip_filter = MipFilter::kPoint;
  const SampleRequest q = at_lod(0.5f, 0.5f, 1.9f);
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 2.0f);  // level 1
  smp.max_anisotropy = 1;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 4.0f);  // rounds to level 2
}

// gallivm's probe coordinates have no slot for the depth reference; the compare reads the texel
// just fetched instead, so LESS is always 0 and LESS_EQUAL always 1 (measured, P12).
TEST(LavapipeAniso, ComparisonProbesCompareTheTexelWithItself) {
  const Surface s = constant_levels(8, 1, Format::kD32_FLOAT);  // every texel 1.0
  SamplerState smp = aniso_sampler(8);
  SampleRequest q = at_lod(0.4f, 0.6f, 0.0f);
  q.reference = 0.25f;  // below every texel
  smp.compare = CompareFunc::kLess;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 0.0f);
  smp.max_anisotropy = 1;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 1.0f);  // 0.25 < 1 isotropically
  smp.max_anisotropy = 8;
  smp.compare = CompareFunc::kLessEqual;
  q.reference = 4.0f;  // above every texel
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 1.0f);
}

// lp_build_pmin: the LOD comes from the minor axis. Mesa 22.3 compares pmin^2 with
// pmin^2 * N^2 (never greater), so max_anisotropy does not limit the ratio: a 16:1 footprint
// at N = 2 still gets LOD 0 (the D3D rule would give log2(16 / 2) = 3).
TEST(LavapipeAniso, QueryLodTakesTheMinorAxisUnclamped) {
  const Surface s = constant_levels(16, 5);
  SamplerState smp = aniso_sampler(2);
  std::array<SampleRequest, 4> quad{};
  const std::array<std::array<float, 2>, 4> st{
      {{0.0f, 0.5f}, {1.0f, 0.5f}, {0.0f, 0.5625f}, {1.0f, 0.5625f}}};  // 16 texels by 1 texel
  for (size_t k = 0; k < 4; ++k) {
    quad[k].op = SampleOp::kLodQuery;
    quad[k].coord = {st[k][0], st[k][1], 0.0f};
    quad[k].ddx = {1.0f, 0.0f, 0.0f};
    quad[k].ddy = {0.0f, 0.0625f, 0.0f};
  }
  LavapipeLaneContext ctx;
  ctx.quad = quad.data();
  ctx.quad_lane = 3;
  const Texel t = sample_lavapipe(s.view(), smp, quad[3], ctx).texel;
  EXPECT_EQ(t.f(0), 0.0f);
  EXPECT_EQ(t.f(1), 0.0f);
  smp.max_anisotropy = 1;  // isotropic: the major axis, LOD 4
  EXPECT_EQ(sample_lavapipe(s.view(), smp, quad[3], ctx).texel.f(1), 4.0f);
}

// In a compute shader the footprint is the SIMD group's lane quad (lanes 4k..4k+3), not the
// lane's explicit gradients: a lane alone filters the unit circle at level 0.
TEST(LavapipeAniso, GradientsComeFromTheLaneQuad) {
  const Surface s = constant_levels(16, 5);
  const SamplerState smp = aniso_sampler(16);
  std::array<SampleRequest, 8> group{};
  for (size_t k = 0; k < 8; ++k) {
    group[k].op = SampleOp::kGrad;
    group[k].coord = {0.25f + 0.25f * static_cast<float>(k & 1u),
                      0.25f + 0.25f * static_cast<float>((k >> 1) & 1u), 0.0f};
    group[k].ddx = {1.0f, 0.0f, 0.0f};  // ignored under anisotropy
    group[k].ddy = {0.0f, 1.0f, 0.0f};
  }
  LavapipeLaneContext ctx;
  ctx.group = group.data();
  ctx.group_size = 8;
  ctx.group_lane = 0;
  // The quad steps 4 texels each way: LOD 2, level 2 (value 4), where the gradients say LOD 4.
  EXPECT_EQ(sample_lavapipe(s.view(), smp, group[0], ctx).texel.f(0), 4.0f);
  EXPECT_EQ(sample_lavapipe(s.view(), smp, group[0]).texel.f(0), 1.0f);  // alone: level 0
}

}  // namespace
}  // namespace texsim::texunit
