// The batch API's contract: span checks, defaults of empty spans, the active mask, flags,
// result kinds, which batches take a fast path, scalar fallbacks and thread options.
#include "texunit/batch.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <limits>
#include <vector>

namespace texsim::texunit {
namespace {

Surface make_surface(Format f, SurfaceType type = SurfaceType::k2D, uint32_t w = 8, uint32_t h = 8,
                     uint32_t mips = 1, uint32_t layers = 1, uint32_t samples = 1) {
  SurfaceDesc d;
  d.type = type;
  d.format = f;
  d.width = w;
  d.height = h;
  d.mips = mips;
  d.layers = layers;
  d.samples = samples;
  Surface s(d);
  for (size_t i = 0; i < s.bytes().size(); ++i) s.bytes()[i] = static_cast<uint8_t>(i * 37 + 11);
  return s;
}

struct Out {
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;
  explicit Out(size_t n, uint32_t fill = 0xabababab)
      : r(n, fill), g(n, fill), b(n, fill), a(n, fill), flags(n, 0x77) {}
  TexelLanes lanes() { return {r, g, b, a, flags}; }
  std::array<uint32_t, 4> at(size_t i) const { return {r[i], g[i], b[i], a[i]}; }
};

TEST(BatchFetch, MatchesFetchTexelPerLane) {
  const Surface s = make_surface(Format::kR8G8B8A8_UNORM);
  const std::vector<uint32_t> x{0, 7, 8, 3, 0xffffffffu};
  const std::vector<uint32_t> y{0, 7, 0, 5, 1};
  FetchBatch b;
  b.count = x.size();
  b.x = x;
  b.y = y;
  Out out(b.count);
  const BatchStats st = fetch_batch(s.view(), b, out.lanes());
  ASSERT_TRUE(st.ok);
  EXPECT_EQ(st.kind, TexelKind::kFloat);
  EXPECT_EQ(st.simd_lanes, b.count);
  EXPECT_EQ(st.scalar_lanes, 0u);
  for (size_t i = 0; i < b.count; ++i) {
    FetchRequest r;
    r.coord = {x[i], y[i], 0};
    const FetchResult ref = fetch_texel(s.view(), r);
    EXPECT_EQ(out.at(i), ref.texel.bits) << i;
    EXPECT_EQ(out.flags[i], ref.in_bounds ? kLaneInBounds : 0) << i;
  }
  EXPECT_EQ(out.flags[2], 0);  // x = 8 is out of bounds
}

TEST(BatchFetch, EmptySpansReadAsZeroAndSharedOffsetsApply) {
  const Surface s = make_surface(Format::kR32_FLOAT);
  FetchBatch b;
  b.count = 3;
  b.offset = {2, 1, 0};  // every lane reads (2, 1)
  Out out(b.count);
  ASSERT_TRUE(fetch_batch(s.view(), b, out.lanes()).ok);
  FetchRequest r;
  r.coord = {2, 1, 0};
  const Texel ref = fetch_texel(s.view(), r).texel;
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(out.at(i), ref.bits);
}

TEST(BatchFetch, InactiveLanesAreUntouched) {
  const Surface s = make_surface(Format::kR8_UNORM);
  const std::vector<uint32_t> x(100, 1);
  const std::vector<uint8_t> active = [] {
    std::vector<uint8_t> a(100);
    for (size_t i = 0; i < a.size(); ++i) a[i] = i % 3 == 0 ? 1 : 0;
    return a;
  }();
  for (bool simd : {true, false}) {
    FetchBatch b;
    b.count = x.size();
    b.x = x;
    b.active = active;
    Out out(b.count);
    BatchOptions o;
    o.simd = simd;
    const BatchStats st = fetch_batch(s.view(), b, out.lanes(), {}, o);
    EXPECT_EQ(st.simd_lanes + st.scalar_lanes, 34u);
    EXPECT_EQ(simd ? st.simd_lanes : st.scalar_lanes, 34u);
    for (size_t i = 0; i < x.size(); ++i) {
      if (active[i] != 0) {
        EXPECT_NE(out.r[i], 0xabababab) << i;
      } else {
        EXPECT_EQ(out.r[i], 0xabababab) << i;
        EXPECT_EQ(out.flags[i], 0x77) << i;
      }
    }
  }
}

TEST(BatchFetch, ShortSpansAreRejectedAndNothingIsWritten) {
  const Surface s = make_surface(Format::kR8G8B8A8_UNORM);
  const std::vector<uint32_t> x(3, 0);
  FetchBatch b;
  b.count = 4;
  b.x = x;  // 3 < 4
  Out out(4);
  EXPECT_FALSE(fetch_batch(s.view(), b, out.lanes()).ok);
  EXPECT_EQ(out.r[0], 0xabababab);
  b.count = 3;
  Out small(2);
  EXPECT_FALSE(fetch_batch(s.view(), b, small.lanes()).ok);
  Out ok(3);
  EXPECT_TRUE(fetch_batch(s.view(), b, ok.lanes()).ok);
  FetchBatch empty;
  EXPECT_TRUE(fetch_batch(s.view(), empty, TexelLanes{}).ok);
}

TEST(BatchFetch, SlowPathsMatchTheReference) {
  // MSAA with an MCS plane, integer formats, BCn and 3D surfaces run the scalar path.
  Surface msaa = make_surface(Format::kR8G8B8A8_UNORM, SurfaceType::k2D, 4, 4, 1, 1, 4);
  msaa.enable_mcs();
  msaa.set_mcs(1, 1, 0, mcs_clear_value(4));
  const Surface uint_surface = make_surface(Format::kR16G16_UINT);
  const Surface volume = make_surface(Format::kR8G8B8A8_UNORM, SurfaceType::k3D, 4, 4, 1);
  const Surface bc1 = make_surface(Format::kBC1_UNORM, SurfaceType::k2D, 8, 8);
  const std::vector<uint32_t> x{0, 1, 2, 3, 9};
  const std::vector<uint32_t> y{0, 1, 2, 3, 0};
  const std::vector<uint32_t> sample{0, 1, 3, 5, 0};
  for (const Surface* s : std::array<const Surface*, 4>{&msaa, &uint_surface, &volume, &bc1}) {
    EXPECT_FALSE(fetch_has_fast_path(s->view()));
    FetchBatch b;
    b.count = x.size();
    b.x = x;
    b.y = y;
    b.sample = sample;
    Out out(b.count);
    FetchOptions fo;
    fo.sample_policy = SampleIndexPolicy::kClamp;
    const BatchStats st = fetch_batch(s->view(), b, out.lanes(), fo);
    EXPECT_EQ(st.scalar_lanes, b.count);
    EXPECT_EQ(st.kind, format_info(s->desc().format).result_kind);
    for (size_t i = 0; i < b.count; ++i) {
      FetchRequest r;
      r.coord = {x[i], y[i], 0};
      r.sample = sample[i];
      const FetchResult ref = fetch_texel(s->view(), r, fo);
      EXPECT_EQ(out.at(i), ref.texel.bits) << i;
      const uint8_t flags = static_cast<uint8_t>((ref.in_bounds ? kLaneInBounds : 0) |
                                                 (ref.fast_cleared ? kLaneFastCleared : 0));
      EXPECT_EQ(out.flags[i], flags) << i;
    }
  }
}

TEST(BatchFetch, NullTilesAreFlagged) {
  Surface s = make_surface(Format::kR8G8B8A8_UNORM);
  s.add_null_region(NullRegion{0, 0, 1, 0, 0, 2, 2});
  EXPECT_FALSE(fetch_has_fast_path(s.view()));
  const std::vector<uint32_t> x{1, 5};
  FetchBatch b;
  b.count = 2;
  b.x = x;
  b.y = x;
  Out out(2);
  fetch_batch(s.view(), b, out.lanes());
  EXPECT_EQ(out.flags[0], kLaneInBounds | kLaneNullTile);
  EXPECT_EQ(out.flags[1], kLaneInBounds);
}

SamplerState bilinear_wrap() {
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  smp.mip_filter = MipFilter::kLinear;
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  return smp;
}

TEST(BatchSample, FastPathSelection) {
  const Surface s = make_surface(Format::kR8G8B8A8_UNORM, SurfaceType::k2D, 16, 16, 5);
  SamplerState smp = bilinear_wrap();
  EXPECT_TRUE(sample_has_fast_path(s.view(), smp, SampleOp::kLevel));
  EXPECT_TRUE(sample_has_fast_path(s.view(), smp, SampleOp::kLevelZero));
  EXPECT_FALSE(sample_has_fast_path(s.view(), smp, SampleOp::kImplicit));
  EXPECT_FALSE(sample_has_fast_path(s.view(), smp, SampleOp::kGather));
  EXPECT_FALSE(sample_has_fast_path(s.view(), smp, SampleOp::kLevel, PrecisionProfile::exact()));
  EXPECT_FALSE(sample_has_fast_path(s.view(), smp, SampleOp::kLevel, PrecisionProfile::lavapipe()));
  smp.compare = CompareFunc::kLess;
  EXPECT_FALSE(sample_has_fast_path(s.view(), smp, SampleOp::kLevel));
  smp = bilinear_wrap();
  smp.mag_filter = Filter::kPoint;
  EXPECT_FALSE(sample_has_fast_path(s.view(), smp, SampleOp::kLevel));
  smp = bilinear_wrap();
  smp.normalized_coords = false;
  EXPECT_FALSE(sample_has_fast_path(s.view(), smp, SampleOp::kLevel));
  const Surface cube = make_surface(Format::kR8G8B8A8_UNORM, SurfaceType::kCube, 8, 8);
  EXPECT_FALSE(sample_has_fast_path(cube.view(), bilinear_wrap(), SampleOp::kLevel));
}

// Runs a sample batch and compares every active lane with sample().
void expect_matches(const SurfaceView& view, const SamplerState& smp, const SampleBatch& b,
                    const PrecisionProfile& prec, BatchStats* stats_out = nullptr) {
  Out out(b.count);
  const BatchStats st = sample_batch(view, smp, b, out.lanes(), prec);
  ASSERT_TRUE(st.ok);
  if (stats_out != nullptr) *stats_out = st;
  for (size_t i = 0; i < b.count; ++i) {
    if (!b.active.empty() && b.active[i] == 0) continue;
    SampleRequest r;
    r.op = b.op;
    r.coord = {b.u.empty() ? 0.0f : b.u[i], b.v.empty() ? 0.0f : b.v[i],
               b.w.empty() ? 0.0f : b.w[i]};
    r.array_index = b.array_index.empty() ? 0.0f : b.array_index[i];
    r.lod = b.lod.empty() ? 0.0f : b.lod[i];
    r.reference = b.reference.empty() ? 0.0f : b.reference[i];
    r.ddx = {b.ddx_u.empty() ? 0.0f : b.ddx_u[i], b.ddx_v.empty() ? 0.0f : b.ddx_v[i], 0.0f};
    r.ddy = {b.ddy_u.empty() ? 0.0f : b.ddy_u[i], b.ddy_v.empty() ? 0.0f : b.ddy_v[i], 0.0f};
    r.offset = {b.offset_x.empty() ? b.offset[0] : b.offset_x[i],
                b.offset_y.empty() ? b.offset[1] : b.offset_y[i], b.offset[2]};
    r.gather_component = b.gather_component;
    const SampleResult ref = sample(view, smp, r, prec);
    EXPECT_EQ(out.at(i), ref.texel.bits) << "lane " << i;
    EXPECT_EQ(st.kind, ref.texel.kind) << "lane " << i;
  }
}

TEST(BatchSample, ScalarOpsMatchTheReference) {
  const Surface s = make_surface(Format::kR8G8B8A8_UNORM, SurfaceType::k2D, 16, 16, 5);
  const std::vector<float> u{0.1f, 0.7f, -0.3f, 1.9f};
  const std::vector<float> v{0.2f, 0.4f, 0.5f, -2.0f};
  const std::vector<float> d{0.05f, 0.2f, 0.01f, 1.0f};
  const std::vector<float> ref{0.5f, 0.1f, 0.9f, 0.3f};
  for (SampleOp op : {SampleOp::kImplicit, SampleOp::kBias, SampleOp::kGrad, SampleOp::kGather,
                      SampleOp::kLodQuery}) {
    SampleBatch b;
    b.count = u.size();
    b.op = op;
    b.u = u;
    b.v = v;
    b.ddx_u = d;
    b.ddy_v = d;
    b.lod = d;
    b.gather_component = 2;
    BatchStats st;
    expect_matches(s.view(), bilinear_wrap(), b, {}, &st);
    EXPECT_EQ(st.scalar_lanes, b.count);
  }
  // Comparison sampler on a depth format; integer formats report their own kind.
  const Surface depth = make_surface(Format::kD32_FLOAT);
  SamplerState cmp = bilinear_wrap();
  cmp.compare = CompareFunc::kLessEqual;
  SampleBatch b;
  b.count = u.size();
  b.u = u;
  b.v = v;
  b.reference = ref;
  expect_matches(depth.view(), cmp, b, {});
  const Surface ints = make_surface(Format::kR8G8B8A8_UINT);
  expect_matches(ints.view(), bilinear_wrap(), b, {});
  EXPECT_EQ(sample_result_kind(ints.view(), bilinear_wrap(), SampleOp::kLevel), TexelKind::kUint);
  // The lavapipe and exact profiles run the scalar path.
  expect_matches(s.view(), bilinear_wrap(), b, PrecisionProfile::lavapipe());
  expect_matches(s.view(), bilinear_wrap(), b, PrecisionProfile::exact());
}

TEST(BatchSample, LanesWithOffsetsBeyondTheFastRangeFallBack) {
  const Surface s = make_surface(Format::kR8G8B8A8_UNORM, SurfaceType::k2D, 16, 16, 5);
  std::vector<float> u(40), v(40);
  std::vector<int32_t> ox(40, 1), oy(40, -2);
  for (size_t i = 0; i < u.size(); ++i) {
    u[i] = static_cast<float>(i) / 37.0f;
    v[i] = 1.0f - u[i];
  }
  ox[5] = std::numeric_limits<int32_t>::max();
  oy[17] = -1000000;
  SampleBatch b;
  b.count = u.size();
  b.u = u;
  b.v = v;
  b.offset_x = ox;
  b.offset_y = oy;
  BatchStats st;
  expect_matches(s.view(), bilinear_wrap(), b, {}, &st);
  EXPECT_EQ(st.scalar_lanes, 2u);
  EXPECT_EQ(st.simd_lanes, 38u);
  // A shared offset beyond the range sends the whole batch to the scalar path.
  SampleBatch shared = b;
  shared.offset_x = {};
  shared.offset_y = {};
  shared.offset = {std::numeric_limits<int32_t>::min(), 0, 0};
  expect_matches(s.view(), bilinear_wrap(), shared, {}, &st);
  EXPECT_EQ(st.scalar_lanes, b.count);
}

TEST(BatchSample, NaNResultsAreDecidedByTheScalarPath) {
  // Two different NaNs meeting in the filter sum: the lane is recomputed by sample().
  Surface s = make_surface(Format::kR32_FLOAT, SurfaceType::k2D, 2, 2);
  const std::array<uint32_t, 4> nans{0x7fc00001u, 0xffc00002u, 0x7fc00003u, 0xffc00004u};
  for (uint32_t i = 0; i < 4; ++i) {
    s.write_texel(0, 0, 0, i % 2, i / 2, Texel::from_float(std::bit_cast<float>(nans[i]), 0, 0, 1));
  }
  const std::vector<float> u{0.5f, 0.3f};
  SampleBatch b;
  b.count = 2;
  b.u = u;
  b.v = u;
  BatchStats st;
  expect_matches(s.view(), bilinear_wrap(), b, {}, &st);
  EXPECT_EQ(st.scalar_lanes, 2u);
}

TEST(BatchOptionsTest, ThreadCountsAndBlockSizesGiveIdenticalResults) {
  const Surface s = make_surface(Format::kR8G8B8A8_UNORM_SRGB, SurfaceType::k2DArray, 32, 16, 6, 3);
  const size_t n = 20000;
  std::vector<float> u(n), v(n), lod(n), layer(n);
  for (size_t i = 0; i < n; ++i) {
    u[i] = static_cast<float>(i % 977) / 311.0f - 1.0f;
    v[i] = static_cast<float>(i % 631) / 203.0f - 0.5f;
    lod[i] = static_cast<float>(i % 97) / 13.0f - 1.0f;
    layer[i] = static_cast<float>(i % 7) * 0.5f - 0.5f;
  }
  SampleBatch b;
  b.count = n;
  b.u = u;
  b.v = v;
  b.lod = lod;
  b.array_index = layer;
  Out base(n);
  sample_batch(s.view(), bilinear_wrap(), b, base.lanes());
  for (unsigned threads : {1u, 2u, 0u}) {
    for (size_t block : {size_t{1}, size_t{64}, size_t{1000}, size_t{100000}}) {
      for (bool simd : {true, false}) {
        Out o(n);
        BatchOptions opts;
        opts.threads = threads;
        opts.block_lanes = block;
        opts.simd = simd;
        sample_batch(s.view(), bilinear_wrap(), b, o.lanes(), {}, opts);
        EXPECT_EQ(o.r, base.r);
        EXPECT_EQ(o.a, base.a);
        EXPECT_EQ(o.flags, base.flags);
      }
    }
  }
}

}  // namespace
}  // namespace texsim::texunit
