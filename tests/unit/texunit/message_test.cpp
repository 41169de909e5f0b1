// The message-level entry (texunit/message.hpp): every profile honoured by fetch and sample
// messages, layouts (lavapipe groups / lanes alone, D3D quad derivatives), per-lane kinds, and
// the block / buffer reads of texunit/block_read.hpp.
#include "texunit/message.hpp"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <vector>

#include "texunit/block_read.hpp"
#include "texunit/sample_lavapipe.hpp"

namespace texsim::texunit {
namespace {

struct Lanes {
  explicit Lanes(size_t n) : r(n), g(n), b(n), a(n), flags(n), kinds(n) {}
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;
  std::vector<TexelKind> kinds;
  TexelLanes out() { return {r, g, b, a, flags, kinds}; }
};

SurfaceDesc desc_2d(Format f, uint32_t w, uint32_t h, uint32_t mips = 1, uint32_t samples = 1) {
  SurfaceDesc d;
  d.format = f;
  d.width = w;
  d.height = h;
  d.mips = mips;
  d.samples = samples;
  return d;
}

Surface ramp(Format f, uint32_t w, uint32_t h, uint32_t mips = 1) {
  Surface s(desc_2d(f, w, h, mips));
  auto bytes = s.bytes();
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 7 + 3);
  return s;
}

TEST(Message, FetchHonoursTheLavapipeProfile) {
  const Surface s = ramp(Format::kR8_UNORM, 256, 1);
  std::vector<uint32_t> x(256);
  for (uint32_t i = 0; i < 256; ++i) x[i] = i;
  FetchBatch fb;
  fb.count = 256;
  fb.x = x;
  Lanes d3d(256), lvp(256);
  MessageOptions mo;
  ASSERT_TRUE(fetch_message(s.view(), fb, d3d.out(), mo).ok);
  mo.precision = PrecisionProfile::lavapipe();
  ASSERT_TRUE(fetch_message(s.view(), fb, lvp.out(), mo).ok);
  size_t differ = 0;
  for (uint32_t i = 0; i < 256; ++i) {
    FetchRequest q;
    q.coord = {i, 0, 0};
    const FetchResult want = fetch_texel_lavapipe(s.view(), q);
    EXPECT_EQ(lvp.r[i], want.texel.bits[0]) << i;
    EXPECT_EQ(lvp.flags[i], kLaneInBounds);
    EXPECT_EQ(lvp.kinds[i], TexelKind::kFloat);
    const FetchResult ref = fetch_texel(s.view(), q);
    EXPECT_EQ(d3d.r[i], ref.texel.bits[0]) << i;
    differ += d3d.r[i] != lvp.r[i] ? 1 : 0;
  }
  EXPECT_GT(differ, 0u);  // k * float(1/255) is 1 ulp off k / 255 for some k
}

TEST(Message, LavapipeFetchClampsTheSampleIndexUnderKClamp) {
  Surface s(desc_2d(Format::kR32_UINT, 1, 1, 1, 4));
  for (uint32_t k = 0; k < 4; ++k) s.texel_ptr(k, 0, 0, 0, 0)[0] = static_cast<uint8_t>(10 + k);
  const std::array<uint32_t, 1> si{9};
  FetchBatch fb;
  fb.count = 1;
  fb.sample = si;
  Lanes out(1);
  MessageOptions mo;
  mo.precision = PrecisionProfile::lavapipe();
  ASSERT_TRUE(fetch_message(s.view(), fb, out.out(), mo).ok);
  EXPECT_EQ(out.r[0], 0u);  // lavapipe zeroes an out-of-range sample
  mo.fetch.sample_policy = SampleIndexPolicy::kClamp;
  ASSERT_TRUE(fetch_message(s.view(), fb, out.out(), mo).ok);
  EXPECT_EQ(out.r[0], 13u);
}

TEST(Message, LanesAloneMatchScalarSampleInEveryProfile) {
  const Surface s = ramp(Format::kR8G8B8A8_UNORM, 8, 8, 4);
  SamplerState smp;
  smp.mip_filter = MipFilter::kLinear;
  smp.min_filter = Filter::kPoint;
  const size_t n = 16;
  std::vector<float> u(n), v(n), lod(n);
  for (size_t i = 0; i < n; ++i) {
    u[i] = 0.07f * static_cast<float>(i);
    v[i] = 0.9f - 0.05f * static_cast<float>(i);
    lod[i] = 0.3f * static_cast<float>(i) - 1.0f;
  }
  SampleBatch b;
  b.count = n;
  b.op = SampleOp::kLevel;
  b.u = u, b.v = v, b.lod = lod;
  for (const PrecisionProfile& p :
       {PrecisionProfile::d3d(), PrecisionProfile::exact(), PrecisionProfile::lavapipe()}) {
    Lanes out(n);
    MessageOptions mo;
    mo.precision = p;
    ASSERT_TRUE(sample_message(s.view(), smp, b, out.out(), mo).ok);
    for (size_t i = 0; i < n; ++i) {
      const SampleResult want = sample(s.view(), smp, sample_request_at(b, i), p);
      EXPECT_EQ((std::array<uint32_t, 4>{out.r[i], out.g[i], out.b[i], out.a[i]}), want.texel.bits)
          << precision_name(p.kind) << " lane " << i;
      EXPECT_EQ(out.kinds[i], want.texel.kind);
    }
  }
}

TEST(Message, LavapipeGroupsDecideTheFilterPathTogether) {
  // min = linear, mag = point: a magnified lane alone takes the nearest path, but in a group
  // with a minified lane it takes lavapipe's combined linear path (weights 0/1).
  const Surface s = ramp(Format::kR32_FLOAT, 8, 8, 2);
  SamplerState smp;
  smp.min_filter = Filter::kLinear;
  smp.mag_filter = Filter::kPoint;
  smp.mip_filter = MipFilter::kNone;
  const std::vector<float> u{0.3f, 0.3f}, v{0.55f, 0.55f}, lod{-1.0f, 1.0f};
  SampleBatch b;
  b.count = 2;
  b.op = SampleOp::kLevel;
  b.u = u, b.v = v, b.lod = lod;
  MessageOptions mo;
  mo.precision = PrecisionProfile::lavapipe();
  Lanes alone(2), grouped(2);
  ASSERT_TRUE(sample_message(s.view(), smp, b, alone.out(), mo).ok);
  mo.layout.lavapipe_group_lanes = 8;
  ASSERT_TRUE(sample_message(s.view(), smp, b, grouped.out(), mo).ok);
  for (size_t i = 0; i < 2; ++i) {
    LavapipeLaneContext ctx;
    ctx.group_needs_linear = true;
    ctx.group_mip_lerp = false;
    const SampleResult want = sample_lavapipe(s.view(), smp, sample_request_at(b, i), ctx);
    EXPECT_EQ(grouped.r[i], want.texel.bits[0]) << i;
    EXPECT_EQ(
        alone.r[i],
        sample(s.view(), smp, sample_request_at(b, i), PrecisionProfile::lavapipe()).texel.bits[0]);
  }
  EXPECT_NE(grouped.r[0], alone.r[0]);  // the magnified lane changed path
  // Quad ops need whole quads in a quad layout.
  b.op = SampleOp::kImplicit;
  EXPECT_FALSE(sample_message(s.view(), smp, b, grouped.out(), mo).ok);
}

TEST(Message, LavapipeGroupsBlendLevelsTogether) {
  // lavapipe's need_lerp is per SIMD group: a lane at an integral LOD in a group with a lane at
  // a fractional LOD still blends, with weight 0, so an Inf texel in the next level makes NaN
  // (0 * Inf). One grouping for every caller (#16): the public API's grouped lanes do this too.
  Surface s(desc_2d(Format::kR32_FLOAT, 2, 2, 2));
  s.fill(Texel::from_float(0.5f, 0, 0, 1));
  ASSERT_TRUE(s.write_texel(0, 1, 0, 0, 0, Texel::from_float(INFINITY, 0, 0, 1)));
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kPoint;
  smp.mip_filter = MipFilter::kLinear;
  const std::vector<float> u{0.25f, 0.25f}, v{0.25f, 0.25f}, lod{0.0f, 0.5f};
  SampleBatch b;
  b.count = 2;
  b.op = SampleOp::kLevel;
  b.u = u, b.v = v, b.lod = lod;
  MessageOptions mo;
  mo.precision = PrecisionProfile::lavapipe();
  mo.layout.lavapipe_group_lanes = 8;
  Lanes out(2);
  ASSERT_TRUE(sample_message(s.view(), smp, b, out.out(), mo).ok);
  LavapipeLaneContext ctx;
  ctx.group_mip_lerp = true;
  EXPECT_EQ(out.r[0], sample_lavapipe(s.view(), smp, sample_request_at(b, 0), ctx).texel.bits[0]);
  EXPECT_TRUE(std::isnan(std::bit_cast<float>(out.r[0])));
  // Alone, the lane reads level 0 only.
  EXPECT_EQ(sample(s.view(), smp, sample_request_at(b, 0), PrecisionProfile::lavapipe()).texel.f(0),
            0.5f);
}

TEST(Message, D3DQuadDerivativesComeFromTheQuad) {
  const Surface s = ramp(Format::kR8G8B8A8_UNORM, 16, 16, 5);
  SamplerState smp;
  smp.mip_filter = MipFilter::kLinear;
  const std::vector<float> u{0.1f, 0.35f, 0.1f, 0.35f}, v{0.2f, 0.2f, 0.3f, 0.3f};
  SampleBatch b;
  b.count = 4;
  b.op = SampleOp::kImplicit;
  b.u = u, b.v = v;
  MessageOptions mo;
  mo.layout.quad_derivatives = true;
  Lanes out(4);
  ASSERT_TRUE(sample_message(s.view(), smp, b, out.out(), mo).ok);
  for (size_t i = 0; i < 4; ++i) {
    SampleRequest q = sample_request_at(b, i);
    q.ddx = {0.25f, 0.0f, 0.0f};
    q.ddy = {0.0f, v[2] - v[0], 0.0f};
    EXPECT_EQ(out.r[i], sample(s.view(), smp, q).texel.bits[0]) << i;
  }
  b.count = 3;
  EXPECT_FALSE(sample_message(s.view(), smp, b, out.out(), mo).ok);
}

TEST(BlockRead, ClampZeroUndefinedAndFields) {
  const Surface s = ramp(Format::kR8_UINT, 4, 4);
  ASSERT_TRUE(block_read_supported(s.desc()));
  BlockRead br;
  br.x = 3;
  br.y = 3;
  br.width = 2;
  br.height = 2;
  std::vector<uint8_t> bytes(8), def(8);
  read_block(s.view(), br, 4, 0xaa, bytes, def);
  const auto px = [&](int x, int y) { return s.bytes()[static_cast<size_t>(y * 4 + x)]; };
  EXPECT_EQ(bytes[0], px(3, 3));
  EXPECT_EQ(bytes[1], px(3, 3));  // clamp to edge
  EXPECT_EQ(bytes[4], px(3, 3));
  br.oob = BlockOob::kZero;
  read_block(s.view(), br, 4, 0xaa, bytes, def);
  EXPECT_EQ(bytes[1], 0);
  EXPECT_EQ(def[1], 1);
  br.oob = BlockOob::kUndefined;
  read_block(s.view(), br, 4, 0xaa, bytes, def);
  EXPECT_EQ(bytes[1], 0xaa);
  EXPECT_EQ(def[1], 0);
  EXPECT_EQ(def[0], 1);
  br = BlockRead{};
  br.width = 1;
  br.height = 2;
  br.field = BlockField::kBottom;
  read_block(s.view(), br, 4, 0, bytes, def);
  EXPECT_EQ(bytes[0], px(0, 1));
  EXPECT_EQ(bytes[4], px(0, 3));
  SurfaceDesc ms = s.desc();
  ms.samples = 4;
  EXPECT_FALSE(block_read_supported(ms));
  const std::array<uint8_t, 3> mem{1, 2, 3};
  EXPECT_EQ(read_buffer_byte(mem, 2), 3);
  EXPECT_EQ(read_buffer_byte(mem, 3), 0);
}

}  // namespace
}  // namespace texsim::texunit
