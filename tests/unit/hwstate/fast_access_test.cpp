// The fast address path (issue 27, FA1-FA6) against the exact scalar route: random fetch /
// point / bilinear / trilinear batches over formats of 1-16 bytes, 2D and arrays, every covered
// layout and line size; the same addresses, lines and line lanes as map_lanes of the read log,
// the same results, the fast route taken where covered and the scalar one where not.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "hwstate/access.hpp"
#include "hwstate/fast_access.hpp"
#include "texunit/batch.hpp"
#include "texunit/simd/kernels.hpp"
#include "texunit/simd/tap_sink.hpp"
#include "unit/hwstate/random_batch.hpp"

namespace texsim::hwstate {
namespace {

using namespace texsim::texunit;

uint32_t next(std::mt19937& g) {
  return static_cast<uint32_t>(g());
}

using batch_testing::Lanes;
using batch_testing::random_surface;

Lanes random_lanes(size_t n, std::mt19937& rng, uint32_t w, uint32_t h) {
  std::uniform_real_distribution<float> uv(-1.5f, 2.5f), lod(-1.0f, 9.0f), lay(-1.0f, 5.0f);
  Lanes l;
  for (size_t i = 0; i < n; ++i) {
    // NaN coordinates make redo lanes (scalar reference); huge offsets leave the fast range.
    l.u.push_back(next(rng) % 61 == 0 ? std::numeric_limits<float>::quiet_NaN() : uv(rng));
    l.v.push_back(uv(rng));
    l.layer.push_back(lay(rng));
    l.lod.push_back(lod(rng));
    l.ox.push_back(next(rng) % 89 == 0 ? (1 << 20) : static_cast<int32_t>(next(rng) % 7) - 3);
    l.oy.push_back(static_cast<int32_t>(next(rng) % 7) - 3);
    l.active.push_back(static_cast<uint8_t>(next(rng) % 8 != 0));
    l.x.push_back(static_cast<uint32_t>(next(rng) % (w + 4)));
    l.y.push_back(static_cast<uint32_t>(next(rng) % (h + 4)));
    l.slice.push_back(static_cast<uint32_t>(next(rng) % 5));
    l.level.push_back(static_cast<uint32_t>(next(rng) % 9));
  }
  return l;
}

enum class Op { kFetch, kPoint, kBilinear, kTrilinear, kPointMip };

struct Case {
  const Surface* surface;
  Op op;
  AddressMode mode;
  size_t block_lanes;
  uint32_t first_level = 0;  // the view starts at this level of the placed surface
};

// Runs the batch twice: logged and mapped by map_lanes, and through the fast mapper.
void run_case(const Case& c, const Lanes& l, const PlacedSurface& placed, uint32_t line_bytes,
              FastAddressStats& stats, bool& mapped) {
  const size_t n = l.u.size();
  core::DiagSink ref_sink, fast_sink;
  const AddressMapper ref(placed, line_bytes, ref_sink);
  FastAddressMapper fast(placed, line_bytes, fast_sink);
  ASSERT_TRUE(ref.ok() && fast.ok())
      << (ref_sink.diagnostics().empty() ? std::string() : ref_sink.diagnostics()[0].message);
  fast.set_first_level(c.first_level);
  std::vector<uint32_t> out[2][4];
  TexelReadLog log;
  LaneAccesses want, got;
  BatchOptions bo;
  bo.block_lanes = c.block_lanes;
  for (int k = 0; k < 2; ++k) {
    for (auto& o : out[k]) o.assign(n, 0);
    SurfaceView view = c.surface->view();
    view.read_log = k == 0 ? &log : nullptr;
    const TexelLanes tl{out[k][0], out[k][1], out[k][2], out[k][3], {}, {}};
    if (k == 1) fast.begin(got, fast_sink);
    if (c.op == Op::kFetch) {
      FetchBatch fb;
      fb.count = n;
      fb.x = l.x;
      fb.y = l.y;
      fb.slice = l.slice;
      fb.level = l.level;
      fb.active = l.active;
      if (k == 0) fetch_batch(view, fb, tl, {}, bo);
      if (k == 1) fetch_batch_taps(view, fb, tl, {}, bo, fast);
      continue;
    }
    SampleBatch sb;
    sb.count = n;
    sb.u = l.u;
    sb.v = l.v;
    sb.array_index = l.layer;
    sb.lod = l.lod;
    sb.offset_x = l.ox;
    sb.offset_y = l.oy;
    sb.active = l.active;
    SamplerState smp;
    const bool linear = c.op == Op::kBilinear || c.op == Op::kTrilinear;
    smp.min_filter = smp.mag_filter = linear ? Filter::kLinear : Filter::kPoint;
    smp.mip_filter =
        c.op == Op::kTrilinear || c.op == Op::kPointMip ? MipFilter::kLinear : MipFilter::kPoint;
    smp.address = {c.mode, c.mode, c.mode};
    smp.border_color = {0.25f, 0.5f, 0.75f, 1.0f};
    if (k == 0) sample_batch(view, smp, sb, tl, PrecisionProfile{}, bo);
    if (k == 1) sample_batch_taps(view, smp, sb, tl, PrecisionProfile{}, bo, fast);
  }
  for (int ch = 0; ch < 4; ++ch) ASSERT_EQ(out[0][ch], out[1][ch]) << "results, channel " << ch;
  for (TexelRead& r : log) r.level += c.first_level;
  const bool want_ok = ref.map_lanes(log, want, ref_sink);
  mapped = fast.finish();
  ASSERT_EQ(want_ok, mapped);
  stats = fast.stats();
  if (!want_ok) {
    ASSERT_EQ(ref_sink.diagnostics().size(), fast_sink.diagnostics().size());
    EXPECT_EQ(ref_sink.diagnostics().back().message, fast_sink.diagnostics().back().message);
    EXPECT_TRUE(got.addresses.empty() && got.lines.empty());
    return;
  }
  ASSERT_EQ(want.addresses.size(), log.size());
  ASSERT_TRUE(want.addresses == got.addresses) << "addresses";
  ASSERT_TRUE(want.lines == got.lines) << "lines";
  ASSERT_TRUE(want.line_lanes == got.line_lanes) << "line lanes";
  EXPECT_EQ(want.element_bytes, got.element_bytes);
  EXPECT_EQ(want.line_bytes, got.line_bytes);
}

PlacedSurface place(const SurfaceDesc& d, Tiling t, std::mt19937& rng) {
  PlacedSurface p;
  p.desc = d;
  p.tiling.tiling = t;
  p.tiling.block_height_log2 = static_cast<uint8_t>(next(rng) % 5);
  // Tiled layouts start on a tile (validate_placement); linear ones anywhere element-aligned.
  const bool linear = t == Tiling::kLinear || t == Tiling::kPitch;
  p.base_address = (uint64_t{next(rng) % 64} << 32) + uint64_t{next(rng) % 4096} * 65536 +
                   (linear ? uint64_t{next(rng) % 64} * 16 : 0);
  return p;
}

constexpr Tiling kCovered[] = {Tiling::kLinear, Tiling::kPitch, Tiling::kTileY,
                               Tiling::kTile4,  Tiling::kTileX, Tiling::kBlockLinear};
constexpr Format kFormats[] = {Format::kR8_UNORM, Format::kR8G8_UNORM, Format::kR8G8B8A8_UNORM,
                               Format::kR16G16B16A16_FLOAT, Format::kR32G32B32A32_FLOAT};
constexpr Op kOps[] = {Op::kFetch, Op::kPoint, Op::kBilinear, Op::kTrilinear, Op::kPointMip};
constexpr AddressMode kModes[] = {AddressMode::kWrap, AddressMode::kClamp, AddressMode::kBorder,
                                  AddressMode::kMirror};

// `rounds` rounds of every format x covered layout x op; returns the cases run.
size_t random_rounds(std::mt19937& rng, int rounds, size_t& fast_lanes, size_t& scalar_lanes) {
  size_t cases = 0;
  for (int round = 0; round < rounds; ++round) {
    for (Format f : kFormats) {
      const uint32_t w = 17 + next(rng) % 150, h = 9 + next(rng) % 120;
      const uint32_t layers = round == 1 ? 1 : 2 + next(rng) % 3;
      const Surface s = random_surface(f, w, h, layers, 1 + next(rng) % 9, next(rng));
      for (Tiling t : kCovered) {
        const PlacedSurface placed = place(s.desc(), t, rng);
        for (Op op : kOps) {
          const Lanes l = random_lanes(300 + next(rng) % 200, rng, w, h);
          const Case c{&s, op, kModes[next(rng) % 4],
                       next(rng) % 2 == 0 ? size_t{64} : size_t{2048}};
          const uint32_t line = 32u << (next(rng) % 3);
          FastAddressStats st;
          bool mapped = false;
          run_case(c, l, placed, line, st, mapped);
          if (::testing::Test::HasFatalFailure()) {
            ADD_FAILURE() << "format " << int(f) << " tiling " << int(t) << " op " << int(op)
                          << " line " << line << " size " << w << "x" << h << "x" << layers;
            return cases;
          }
          EXPECT_TRUE(mapped);
          EXPECT_GT(st.fast_lanes, 0u) << "covered layout " << int(t) << " took no fast lane";
          EXPECT_EQ(st.fallback_blocks, 0u);
          fast_lanes += st.fast_lanes;
          scalar_lanes += st.scalar_lanes;
          ++cases;
        }
      }
    }
  }
  return cases;
}

TEST(FastAccess, RandomBatchesEqualTheScalarRoute) {
  std::mt19937 rng(27);
  size_t fast_lanes = 0, scalar_lanes = 0;
  EXPECT_EQ(random_rounds(rng, 3, fast_lanes, scalar_lanes), 3u * 5 * 6 * 5);
  EXPECT_GT(fast_lanes, 10 * scalar_lanes);  // redo and out-of-range-offset lanes only
  EXPECT_GT(scalar_lanes, 0u);               // ... which exist and took the scalar route
}

// Every SIMD target this CPU has (the kernels dispatch at run time; tap_kernel.cpp too).
TEST(FastAccess, EveryTargetEqualsTheScalarRoute) {
  for (int64_t target : simd::available_targets()) {
    SCOPED_TRACE(simd::target_name(target));
    simd::force_target(target);
    std::mt19937 rng(static_cast<uint32_t>(target));
    size_t fast_lanes = 0, scalar_lanes = 0;
    EXPECT_EQ(random_rounds(rng, 1, fast_lanes, scalar_lanes), 5u * 6 * 5);
    EXPECT_GT(fast_lanes, 0u);
  }
  simd::force_target(0);
}

TEST(FastAccess, UncoveredPlacementsTakeTheScalarRoute) {
  std::mt19937 rng(5);
  const Surface s = random_surface(Format::kR8G8B8A8_UNORM, 70, 50, 3, 4, 9);
  struct Uncovered {
    Tiling tiling;
    uint64_t base;
  };
  // Tile64, and an element that may straddle a line (base not element-aligned).
  const Uncovered cases[] = {{Tiling::kTile64, 0x10000}, {Tiling::kLinear, 0x10002}};
  for (const Uncovered& u : cases) {
    PlacedSurface placed = place(s.desc(), u.tiling, rng);
    placed.base_address = u.base;
    core::DiagSink sink;
    FastAddressMapper probe(placed, 64, sink);
    ASSERT_TRUE(probe.ok());
    EXPECT_FALSE(probe.covered());
    for (Op op : {Op::kFetch, Op::kBilinear, Op::kTrilinear}) {
      const Lanes l = random_lanes(200, rng, 70, 50);
      FastAddressStats st;
      bool mapped = false;
      run_case({&s, op, AddressMode::kWrap, 64}, l, placed, 64, st, mapped);
      ASSERT_FALSE(HasFatalFailure());
      EXPECT_EQ(st.fast_lanes, 0u);
      EXPECT_GT(st.scalar_lanes, 0u);
    }
  }
  // The same surfaces element-aligned are covered.
  PlacedSurface good = place(s.desc(), Tiling::kLinear, rng);
  good.base_address = 0x10004;
  core::DiagSink sink;
  EXPECT_TRUE(FastAddressMapper(good, 64, sink).covered());
}

TEST(FastAccess, ReadsOutsideThePlacementReportTheFirstAsMapLanes) {
  // The placed surface has fewer levels and a smaller extent than the view sampled: the exact
  // route must name the same first bad read.
  std::mt19937 rng(11);
  const Surface s = random_surface(Format::kR8G8B8A8_UNORM, 64, 64, 1, 7, 3);
  SurfaceDesc small = s.desc();
  small.width = 40;
  small.mips = 3;
  for (Tiling t : kCovered) {
    const PlacedSurface placed = place(small, t, rng);
    for (Op op : {Op::kFetch, Op::kBilinear, Op::kTrilinear}) {
      const Lanes l = random_lanes(500, rng, 64, 64);
      FastAddressStats st;
      bool mapped = true;
      run_case({&s, op, AddressMode::kClamp, 64}, l, placed, 64, st, mapped);
      ASSERT_FALSE(HasFatalFailure());
      EXPECT_FALSE(mapped);
      EXPECT_GT(st.fallback_blocks, 0u);
    }
  }
}

TEST(FastAccess, LevelViewsAddTheirFirstLevel) {
  std::mt19937 rng(13);
  const Surface whole = random_surface(Format::kR8G8B8A8_UNORM, 128, 96, 3, 8, 4);
  // The view: levels 2.. of `whole` (128x96 -> 32x24).
  const Surface view = random_surface(Format::kR8G8B8A8_UNORM, 32, 24, 3, 6, 5);
  for (Tiling t : kCovered) {
    const PlacedSurface placed = place(whole.desc(), t, rng);
    for (Op op : kOps) {
      const Lanes l = random_lanes(300, rng, 32, 24);
      FastAddressStats st;
      bool mapped = false;
      run_case({&view, op, AddressMode::kWrap, 64, 2}, l, placed, 64, st, mapped);
      ASSERT_FALSE(HasFatalFailure());
      EXPECT_TRUE(mapped);
      EXPECT_GT(st.fast_lanes, 0u);
    }
  }
}

}  // namespace
}  // namespace texsim::hwstate
