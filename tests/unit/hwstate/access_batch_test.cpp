// The SIMD batch path's texel reads against the scalar reference's (issue 27, ML8): random lanes
// over formats, filters, mip filters, wrap modes, levels, arrays and offsets; the same reads in
// the same order, hence the same addresses and lines through every layout.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "hwstate/access.hpp"
#include "texunit/batch.hpp"
#include "unit/hwstate/random_batch.hpp"

namespace texsim::hwstate {
namespace {

using namespace texsim::texunit;

using batch_testing::Lanes;

// The full mip chain, or one level.
Surface random_surface(Format f, uint32_t w, uint32_t h, uint32_t layers, uint32_t seed,
                       bool mips = true) {
  return batch_testing::random_surface(f, w, h, layers, mips ? 32 : 1, seed);
}

Lanes random_lanes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uv(-1.5f, 2.5f), lod(-1.0f, 9.0f), lay(-1.0f, 5.0f);
  Lanes l;
  for (size_t i = 0; i < n; ++i) {
    l.u.push_back(i % 97 == 5 ? std::numeric_limits<float>::quiet_NaN() : uv(rng));
    l.v.push_back(uv(rng));
    l.layer.push_back(lay(rng));
    l.lod.push_back(lod(rng));
    l.ox.push_back(static_cast<int32_t>(rng() % 7) - 3);
    l.oy.push_back(static_cast<int32_t>(rng() % 7) - 3);
    l.active.push_back(static_cast<uint8_t>(rng() % 8 != 0));
    l.x.push_back(static_cast<uint32_t>(rng() % 80));
    l.y.push_back(static_cast<uint32_t>(rng() % 60));
    l.slice.push_back(static_cast<uint32_t>(rng() % 5));
    l.level.push_back(static_cast<uint32_t>(rng() % 9));
  }
  return l;
}

// Both paths' logs (and results) of one sample batch; the SIMD one must have run SIMD lanes.
void expect_same_sample_reads(const Surface& s, const SamplerState& smp, const Lanes& l,
                              TexelReadLog& simd_log) {
  const size_t n = l.u.size();
  SampleBatch b;
  b.count = n;
  b.u = l.u;
  b.v = l.v;
  b.array_index = l.layer;
  b.lod = l.lod;
  b.offset_x = l.ox;
  b.offset_y = l.oy;
  b.active = l.active;
  TexelReadLog logs[2];
  std::vector<uint32_t> out[2][4];
  for (int k = 0; k < 2; ++k) {
    for (auto& c : out[k]) c.assign(n, 0);
    SurfaceView view = s.view();
    view.read_log = &logs[k];
    BatchOptions o;
    o.simd = k == 0;
    o.threads = 0;
    const BatchStats st = sample_batch(
        view, smp, b, {out[k][0], out[k][1], out[k][2], out[k][3], {}, {}}, PrecisionProfile{}, o);
    ASSERT_TRUE(st.ok);
    if (k == 0) {
      EXPECT_GT(st.simd_lanes, n / 2);
    }
  }
  for (int c = 0; c < 4; ++c) EXPECT_EQ(out[0][c], out[1][c]);
  ASSERT_EQ(logs[0].size(), logs[1].size());
  EXPECT_EQ(logs[0], logs[1]);
  simd_log = logs[0];
}

// Every layout maps the reads: the same reads as the scalar path's, hence the same addresses and
// lines. Tile64 is modelled for one-level surfaces only (LAYOUT-TILE64-UNMODELLED).
void expect_layouts_map(const SurfaceDesc& d, const TexelReadLog& log) {
  for (Tiling t : {Tiling::kLinear, Tiling::kPitch, Tiling::kBlockLinear, Tiling::kTileY,
                   Tiling::kTile4, Tiling::kTile64}) {
    if (t == Tiling::kTile64 && d.mips > 1) continue;
    PlacedSurface p;
    p.desc = d;
    p.tiling.tiling = t;
    p.tiling.block_height_log2 = 2;
    p.base_address = 0x100000;
    core::DiagSink sink;
    AccessTrace trace;
    ASSERT_TRUE(map_reads(p, log, 64, trace, sink)) << tiling_name(t);
    EXPECT_EQ(trace.reads.size(), log.size());
    EXPECT_FALSE(log.empty() || trace.lines.empty());
  }
}

TEST(AccessBatch, SimdSampleReadsMatchTheScalarReference) {
  const SamplerState base;
  int cases = 0;
  for (Format f : {Format::kR8G8B8A8_UNORM, Format::kR32_FLOAT, Format::kR16G16B16A16_FLOAT}) {
    for (uint32_t shape = 0; shape < 3; ++shape) {
      const uint32_t layers = shape == 0 ? 1 : 4;
      const Surface s = random_surface(f, 80, 60, layers, 7 + shape, shape != 2);
      for (AddressMode m : {AddressMode::kWrap, AddressMode::kMirror, AddressMode::kClamp,
                            AddressMode::kBorder, AddressMode::kMirrorOnce}) {
        for (int filt = 0; filt < 4; ++filt) {
          SamplerState smp = base;
          smp.min_filter = smp.mag_filter = filt == 0 ? Filter::kPoint : Filter::kLinear;
          smp.mip_filter =
              filt <= 1 ? MipFilter::kPoint : (filt == 2 ? MipFilter::kNone : MipFilter::kLinear);
          smp.address = {m, filt == 3 ? AddressMode::kWrap : m, m};
          TexelReadLog log;
          SCOPED_TRACE(testing::Message() << "format " << static_cast<int>(f) << " shape " << shape
                                          << " mode " << static_cast<int>(m) << " filter " << filt);
          expect_same_sample_reads(s, smp, random_lanes(700, 11 + cases), log);
          if (m == AddressMode::kWrap) expect_layouts_map(s.desc(), log);
          ++cases;
        }
      }
    }
  }
  EXPECT_EQ(cases, 180);
}

TEST(AccessBatch, SimdFetchReadsMatchTheScalarReference) {
  for (uint32_t layers : {1u, 4u}) {
    const Surface s = random_surface(Format::kR8G8B8A8_UNORM, 80, 60, layers, 3, layers == 1);
    const Lanes l = random_lanes(1000, 5 + layers);
    FetchBatch b;
    b.count = l.x.size();
    b.x = l.x;
    b.y = l.y;
    b.slice = l.slice;
    b.level = l.level;
    b.offset_x = l.ox;
    b.offset_y = l.oy;
    b.active = l.active;
    TexelReadLog logs[2];
    std::vector<uint32_t> out[2][4];
    for (int k = 0; k < 2; ++k) {
      for (auto& c : out[k]) c.assign(b.count, 0);
      SurfaceView view = s.view();
      view.read_log = &logs[k];
      BatchOptions o;
      o.simd = k == 0;
      const BatchStats st =
          fetch_batch(view, b, {out[k][0], out[k][1], out[k][2], out[k][3], {}, {}}, {}, o);
      ASSERT_TRUE(st.ok);
      if (k == 0) {
        EXPECT_GT(st.simd_lanes, 0u);
      }
    }
    for (int c = 0; c < 4; ++c) EXPECT_EQ(out[0][c], out[1][c]);
    EXPECT_EQ(logs[0], logs[1]);
    EXPECT_GT(logs[0].size(), b.count / 20);  // some lanes in bounds, some not
    EXPECT_LT(logs[0].size(), b.count);
    expect_layouts_map(s.desc(), logs[0]);
  }
}

}  // namespace
}  // namespace texsim::hwstate
