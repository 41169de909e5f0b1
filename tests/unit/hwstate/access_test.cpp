// Tests for hwstate/access and the texel-read log it consumes (texunit SurfaceView::read_log):
// what fetch and sample log, that batches with a log log in lane order (SIMD or scalar), and
// the mapping of reads to addresses, byte ranges and cache lines (hand-computed).
#include "hwstate/access.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "texunit/batch.hpp"
#include "texunit/fetch.hpp"

namespace texsim::hwstate {
namespace {

using texunit::Format;
using texunit::SurfaceType;
using texunit::TexelRead;

texunit::Surface surface(SurfaceType t, Format f, uint32_t w, uint32_t h, uint32_t layers = 1) {
  texunit::SurfaceDesc d;
  d.type = t;
  d.format = f;
  d.width = w;
  d.height = h;
  d.layers = layers;
  return texunit::Surface(d);
}

TEST(TexelReadLog, FetchLogsOnlyMemoryReads) {
  texunit::Surface s = surface(SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 8, 8, 2);
  s.add_null_region({0, 1, 1, 0, 0, 8, 8});
  texunit::TexelReadLog log;
  texunit::SurfaceView v = s.view();
  v.read_log = &log;
  texunit::FetchRequest r;
  r.coord = {3, 5, 0};
  r.slice = 0;
  EXPECT_TRUE(texunit::fetch_texel(v, r).in_bounds);
  r.coord = {9, 0, 0};  // out of bounds: no memory read
  texunit::fetch_texel(v, r);
  r.coord = {1, 1, 0};
  r.slice = 1;  // null tile: no memory read
  EXPECT_TRUE(texunit::fetch_texel(v, r).null_tile);
  EXPECT_EQ(log, (texunit::TexelReadLog{{0, 0, 3, 5, 0}}));
}

TEST(TexelReadLog, BilinearSampleReadsFourTexels) {
  texunit::Surface s = surface(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8);
  texunit::TexelReadLog log;
  texunit::SurfaceView v = s.view();
  v.read_log = &log;
  texunit::SampleRequest req;
  req.coord = {2.0f / 8, 3.0f / 8, 0};  // between texels 1..2 and 2..3
  texunit::sample(v, texunit::SamplerState{}, req);
  ASSERT_EQ(log.size(), 4u);
  std::vector<std::pair<uint32_t, uint32_t>> xy;
  for (const TexelRead& r : log) xy.emplace_back(r.x, r.y);
  std::sort(xy.begin(), xy.end());
  EXPECT_EQ(xy, (std::vector<std::pair<uint32_t, uint32_t>>{{1, 2}, {1, 3}, {2, 2}, {2, 3}}));
}

// A batch given a logging view runs the scalar reference lane by lane, even with SIMD and threads
// asked for, so its log is the lanes' logs one after another, each read tagged with its lane.
TEST(TexelReadLog, BatchLogsInLaneOrder) {
  texunit::Surface s = surface(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 16, 16);
  const size_t n = 300;
  std::vector<float> u(n), v(n);
  for (size_t i = 0; i < n; ++i) {
    u[i] = static_cast<float>(i % 17) / 16.0f;
    v[i] = static_cast<float>(i % 13) / 12.0f;
  }
  std::vector<uint32_t> r(n), g(n), b(n), a(n);
  texunit::SampleBatch batch;
  batch.count = n;
  batch.u = u;
  batch.v = v;
  texunit::TexelReadLog log;
  texunit::SurfaceView view = s.view();
  view.read_log = &log;
  texunit::BatchOptions opts;
  opts.threads = 0;
  opts.simd = true;
  const auto stats = texunit::sample_batch(view, texunit::SamplerState{}, batch,
                                           {r, g, b, a, {}, {}}, texunit::PrecisionProfile{}, opts);
  EXPECT_EQ(stats.simd_lanes, n);  // the SIMD kernels log their taps (issue 27, ML8)
  texunit::TexelReadLog want;
  texunit::SurfaceView one = s.view();
  one.read_log = &want;
  for (size_t i = 0; i < n; ++i) {
    const size_t from = want.size();
    texunit::sample(one, texunit::SamplerState{}, texunit::sample_request_at(batch, i));
    for (size_t k = from; k < want.size(); ++k) want[k].lane = static_cast<uint32_t>(i);
  }
  EXPECT_EQ(log, want);
  EXPECT_EQ(log.back().lane, n - 1);
}

TEST(Access, TileYAddressesAndLines) {
  PlacedSurface p;
  p.desc = {SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64, 1, 1, 1, 1};
  p.tiling.tiling = Tiling::kTileY;
  p.base_address = 0x100000;
  const std::vector<TexelRead> reads = {
      {0, 0, 3, 0, 0}, {0, 0, 4, 0, 0}, {0, 0, 3, 1, 0}, {0, 0, 4, 1, 0}};
  AccessTrace t;
  core::DiagSink sink;
  ASSERT_TRUE(map_reads(p, reads, 64, t, sink));
  // TileY: byte 12 -> 12, byte 16 -> 512 (next column), row 1 adds 16.
  ASSERT_EQ(t.reads.size(), 4u);
  EXPECT_EQ(t.reads[0].address, 0x100000u + 12);
  EXPECT_EQ(t.reads[1].address, 0x100000u + 512);
  EXPECT_EQ(t.reads[2].address, 0x100000u + 28);
  EXPECT_EQ(t.reads[3].address, 0x100000u + 528);
  EXPECT_EQ(t.reads[0].bytes, 4u);
  EXPECT_EQ(t.lines, (std::vector<uint64_t>{0x100000, 0x100200}));
  ASSERT_TRUE(map_reads(p, reads, 16, t, sink));
  EXPECT_EQ(t.lines, (std::vector<uint64_t>{0x100000, 0x100200, 0x100010, 0x100210}));
}

TEST(Access, TwelveByteElementSplitsAndCompressedBlocks) {
  PlacedSurface p;
  p.desc = {SurfaceType::k2D, Format::kR32G32B32_FLOAT, 8, 8, 1, 1, 1, 1};
  p.tiling.tiling = Tiling::kBlockLinear;
  AccessTrace t;
  core::DiagSink sink;
  ASSERT_TRUE(map_reads(p, std::vector<TexelRead>{{0, 0, 1, 0, 0}}, 32, t, sink));
  EXPECT_EQ(t.ranges, (std::vector<ByteRange>{{12, 4}, {32, 8}}));
  EXPECT_EQ(t.lines, (std::vector<uint64_t>{0, 32}));
  PlacedSurface bc;
  bc.desc = {SurfaceType::k2D, Format::kBC1_UNORM, 16, 16, 1, 1, 1, 1};
  bc.tiling.tiling = Tiling::kPitch;
  ASSERT_TRUE(map_reads(bc, std::vector<TexelRead>{{0, 0, 5, 6, 0}}, 64, t, sink));
  EXPECT_EQ(t.reads[0].address, 32u + 8);  // block (1, 1); 4 blocks x 8 bytes per row
  EXPECT_EQ(t.reads[0].bytes, 8u);
}

TEST(Access, Rules) {
  PlacedSurface p;
  p.desc = {SurfaceType::k2D, Format::kR8_UNORM, 8, 8, 1, 1, 1, 1};
  p.tiling.tiling = Tiling::kPitch;
  AccessTrace t;
  core::DiagSink sink;
  EXPECT_TRUE(map_reads(p, std::vector<TexelRead>{{0, 0, 7, 7, 0}}, 128, t, sink));
  EXPECT_FALSE(map_reads(p, std::vector<TexelRead>{{0, 0, 8, 7, 0}}, 128, t, sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "ACCESS-READ-RANGE");
  sink.clear();
  EXPECT_FALSE(map_reads(p, std::vector<TexelRead>{{0, 0, 0, 0, 0}}, 48, t, sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "ACCESS-LINE-SIZE");
  EXPECT_TRUE(t.reads.empty());
}

TEST(Access, SampleAddressesMapsTheLookupsReads) {
  texunit::Surface s = surface(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64);
  PlacedSurface p;
  p.desc = s.desc();
  p.tiling.tiling = Tiling::kTile4;
  texunit::SampleRequest req;
  req.coord = {0.5f, 0.5f, 0};  // texels 31..32 x 31..32: four tiles' corners
  texunit::SampleResult res;
  AccessTrace t;
  core::DiagSink sink;
  ASSERT_TRUE(sample_addresses(s.view(), texunit::SamplerState{}, req, {}, p, 64, res, t, sink));
  ASSERT_EQ(t.reads.size(), 4u);
  for (const TexelAccess& a : t.reads) {
    EXPECT_EQ(a.address, element_offset(p, 0, 0, a.read.x, a.read.y));
  }
  EXPECT_EQ(t.lines.size(), 4u);  // (31, 31), (32, 31), (31, 32), (32, 32) in four tiles
}

}  // namespace
}  // namespace texsim::hwstate
