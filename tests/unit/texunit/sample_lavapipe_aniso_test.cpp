// Anisotropic samplers in the lavapipe profile (decision P12): gallivm's weight table, the
// minor-axis LOD of lp_build_pmin, the elliptical filter's probes and weights, the truncated
// level and the comparison quirk, each against a hand-computed value and the isotropic reading.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "texunit/message.hpp"
#include "texunit/sample_lavapipe.hpp"
#include "texunit/sample_lavapipe_aniso.hpp"
#include "texunit/simd/lavapipe_message.hpp"

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

SamplerState aniso_sampler(float max_anisotropy) {
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

// lvp_CreateSampler stores the float maxAnisotropy in pipe_sampler_state's unsigned bit-field
// (truncating), and llvmpipe filters anisotropically above 1 with that integer (decision P24):
// 1.5 and 1.999 are isotropic, 2.001 is 2 and 4.9 is 4.
TEST(LavapipeAniso, FractionalMaxAnisotropyTruncates) {
  const Surface s = constant_levels(16, 5);
  SamplerState smp = aniso_sampler(1.5f);
  smp.mip_filter = MipFilter::kPoint;
  const SampleRequest q = at_lod(0.5f, 0.5f, 1.9f);
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 4.0f);  // isotropic: level 2
  smp.max_anisotropy = 1.999f;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 4.0f);
  smp.max_anisotropy = 2.001f;
  EXPECT_EQ(sample_lavapipe(s.view(), smp, q).texel.f(0), 2.0f);  // anisotropic: level 1
  EXPECT_EQ(lavapipe_max_anisotropy(smp), 2.0f);
  smp.max_anisotropy = 4.9f;
  EXPECT_EQ(lavapipe_max_anisotropy(smp), 4.0f);
  smp.max_anisotropy = std::nanf("");
  EXPECT_EQ(lavapipe_max_anisotropy(smp), 1.0f);
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

// ---- lanes far apart in a compute group (issue 33 defect 3, decision P22) ----------------------

// The case: textureGrad (gradients ignored), RGBA8 32x64, one level, clamp, linear,
// maxAnisotropy 2, group lanes (-4, -6), (0, 0), (5, 6), then zeros. Quad 0's differences are
// 128, 288, 384 and 768 texels; the ellipse's bounding box is 631 x 1,717 texels (1,083,427), which
// lavapipe sums texel by texel: the averages below, measured with lavapipe 22.3.6 (Mesa's
// llvmpipe, AVX2) on this texture. texsim stopped at 2^20 box texels and fell back to bilinear,
// texel (0, 0) for lane 1 and 3. Through the scalar model and through the message entry.
TEST(LavapipeAniso, LanesFarApartInTheGroupSumTheirWholeEllipse) {
  SurfaceDesc d;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = 32;
  d.height = 64;
  Surface s(d);
  for (uint32_t y = 0; y < 64; ++y)
    for (uint32_t x = 0; x < 32; ++x) {
      uint8_t* p = s.texel_ptr(0, 0, 0, x, y);
      p[0] = static_cast<uint8_t>((x * 37 + y * 11) & 255);
      p[1] = static_cast<uint8_t>((x * 5 + y * 29) & 255);
      p[2] = static_cast<uint8_t>((x * y * 3) & 255);
      p[3] = 255;
    }
  SamplerState smp = aniso_sampler(2);
  smp.mip_filter = MipFilter::kPoint;
  smp.max_lod = 1000.0f;
  const std::array<float, 8> u{-4.0f, 0.0f, 5.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  const std::array<float, 8> v{-6.0f, 0.0f, 6.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  std::array<SampleRequest, 8> group{};
  for (size_t i = 0; i < 8; ++i) {
    group[i].op = SampleOp::kGrad;
    group[i].coord = {u[i], v[i], 0.0f};
  }
  const std::array<std::array<uint32_t, 4>, 3> want{{
      {0x3d55c8fc, 0x3de53ce4, 0x3e005451, 0x3f800000},  // lane 0
      {0x3df9f664, 0x3eb5651d, 0x3ed06797, 0x3f800000},  // lanes 1 and 3
      {0x3e3f5761, 0x3f1fe006, 0x3f3c04d5, 0x3f800000},  // lane 2
  }};
  for (size_t i = 0; i < 4; ++i) {
    LavapipeLaneContext ctx;
    ctx.group = group.data();
    ctx.group_lane = static_cast<uint8_t>(i);
    ctx.group_size = 8;
    EXPECT_EQ(sample_lavapipe(s.view(), smp, group[i], ctx).texel.bits, want[i == 3 ? 1 : i])
        << "lane " << i;
  }
  SampleBatch b;
  b.count = 8, b.op = SampleOp::kGrad, b.u = u, b.v = v;
  std::array<std::array<uint32_t, 8>, 4> c{};
  const TexelLanes out{c[0], c[1], c[2], c[3], {}};
  ASSERT_TRUE(simd::lavapipe_sample_message(s.view(), smp, b, out, {}).ok);
  for (size_t i = 0; i < 4; ++i)
    for (size_t ch = 0; ch < 4; ++ch) EXPECT_EQ(c[ch][i], want[i == 3 ? 1 : i][ch]) << i;
}

}  // namespace
}  // namespace texsim::texunit

namespace texsim::texunit {
namespace {

// The eight-row scan of the ellipse's box (decision P25) against the row-by-row reference:
// random anisotropic messages (8-lane groups of scattered or neighbouring lanes, explicit LOD,
// gradients, gathers, comparisons; RGBA8 and float surfaces, one level and chains; special
// values among the coordinates) give identical bits either way.
TEST(LavapipeAniso, EightRowScanIsBitIdenticalToTheReference) {
  std::mt19937 rng(33);
  auto pick = [&](uint32_t n) { return static_cast<uint32_t>(rng() % n); };
  std::uniform_real_distribution<float> unit(0.0f, 1.0f), far(-6.0f, 6.0f);
  const std::array<float, 6> specials{std::nanf(""), INFINITY, -INFINITY, 1e30f, -0.0f, 1e-40f};
  size_t lanes = 0, differ_from_isotropic = 0;
  for (int m = 0; m < 48; ++m) {
    SurfaceDesc d;
    const bool depth = m % 6 == 5;
    d.format = depth ? Format::kD32_FLOAT
                     : (m % 3 == 0 ? Format::kR32G32B32A32_FLOAT : Format::kR8G8B8A8_UNORM);
    d.width = 16u << pick(3);   // scattered lanes on 16..64 texels: boxes past the eight-row
    d.height = 16u << pick(3);  // scan's 4,096-texel threshold (and small ones below it)
    d.mips = m % 2 == 0 ? 1 : full_mip_count(d.width, d.height, 1);
    Surface s(d);
    for (uint8_t& b : s.bytes()) b = static_cast<uint8_t>(rng());
    if (depth || d.format == Format::kR32G32B32A32_FLOAT) {  // finite floats in [0, 1)
      for (size_t i = 0; i + 4 <= s.bytes().size(); i += 4) {
        const float f = unit(rng);
        std::memcpy(s.bytes().data() + i, &f, 4);
      }
    }
    SamplerState smp;
    smp.max_anisotropy = 2.0f + static_cast<float>(pick(15));
    smp.mip_filter = static_cast<MipFilter>(pick(3));
    smp.min_filter = static_cast<Filter>(pick(2));
    smp.mag_filter = static_cast<Filter>(pick(2));
    for (auto& a : smp.address) a = static_cast<AddressMode>(pick(5));
    if (depth) smp.compare = static_cast<CompareFunc>(pick(8));
    const std::array<SampleOp, 3> ops{SampleOp::kGrad, SampleOp::kLevel, SampleOp::kGather};
    const SampleOp op = ops[pick(3)];
    const size_t n = 16;
    std::vector<float> u(n), v(n), lod(n), ddx(n), ddy(n), ref(n);
    const bool scattered = m % 4 < 2;
    for (size_t i = 0; i < n; ++i) {
      u[i] = scattered ? far(rng) : 0.3f + 0.02f * static_cast<float>(i & 1u) + 0.1f * unit(rng);
      v[i] = scattered ? far(rng) : 0.4f + 0.05f * static_cast<float>((i >> 1) & 1u);
      if (pick(16) == 0) u[i] = specials[pick(specials.size())];
      lod[i] = 4.0f * unit(rng) - 1.0f;
      ddx[i] = unit(rng) / 4.0f, ddy[i] = unit(rng) / 32.0f;
      ref[i] = unit(rng);
    }
    SampleBatch b;
    b.count = n, b.op = op, b.u = u, b.v = v, b.lod = lod, b.ddx_u = ddx, b.ddy_v = ddy;
    b.reference = ref;
    b.gather_component = static_cast<uint8_t>(pick(4));
    std::array<std::vector<uint32_t>, 4> fast, ref_out, iso;
    for (auto* w : {&fast, &ref_out, &iso})
      for (auto& c : *w) c.assign(n, 0);
    MessageOptions mo;
    mo.precision = PrecisionProfile::lavapipe();
    mo.layout.lavapipe_group_lanes = 8;
    auto run = [&](std::array<std::vector<uint32_t>, 4>& o, const SamplerState& st) {
      const TexelLanes out{o[0], o[1], o[2], o[3], {}};
      ASSERT_TRUE(sample_message(s.view(), st, b, out, mo).ok);
    };
    lavapipe_detail::set_aniso_reference_scan(true);
    run(ref_out, smp);
    lavapipe_detail::set_aniso_reference_scan(false);
    run(fast, smp);
    SamplerState isotropic = smp;
    isotropic.max_anisotropy = 1.0f;
    run(iso, isotropic);
    for (size_t i = 0; i < n; ++i) {
      for (size_t c = 0; c < 4; ++c) EXPECT_EQ(fast[c][i], ref_out[c][i]) << m << " " << i;
      differ_from_isotropic += fast[0][i] != iso[0][i] ? 1 : 0;
    }
    lanes += n;
  }
  EXPECT_GT(differ_from_isotropic, lanes / 4);  // the anisotropic filter did run
}

}  // namespace
}  // namespace texsim::texunit
