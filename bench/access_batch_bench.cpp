// Address reporting on the batch (SIMD) path (issue 27, ML8-ML9): 4096-lane D3D-profile batches
// of RGBA8 fetch / bilinear / trilinear lookups on a 1024x1024 mipmapped surface, without a read
// log, and with the log mapped through a placement (Tile4, block-linear, pitch) to per-read
// addresses and per-lane 64-byte lines (AddressMapper::map_lanes), and the fast path's rows
// (FastAddressMapper on the batch's TapLog, FA1-FA6). Lanes/s; the same lanes.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "hwstate/access.hpp"
#include "hwstate/fast_access.hpp"
#include "texunit/batch.hpp"

namespace texsim::hwstate {
namespace {

using namespace texsim::texunit;

constexpr size_t kLanes = 4096;

const Surface& surface() {
  static const Surface s = [] {
    SurfaceDesc d;
    d.type = SurfaceType::k2D;
    d.format = Format::kR8G8B8A8_UNORM;
    d.width = 1024;
    d.height = 1024;
    d.mips = full_mip_count(1024, 1024, 1);
    Surface surf(d);
    std::mt19937 rng(1);
    for (uint8_t& b : surf.bytes()) b = static_cast<uint8_t>(rng());
    return surf;
  }();
  return s;
}

struct Inputs {
  std::vector<float> u, v, lod;
  std::vector<uint32_t> x, y;
  std::vector<uint32_t> r, g, b, a;
  Inputs() : r(kLanes), g(kLanes), b(kLanes), a(kLanes) {
    std::mt19937 rng(2);
    std::uniform_real_distribution<float> uv(0.0f, 1.0f), l(0.0f, 10.0f);
    for (size_t i = 0; i < kLanes; ++i) {
      u.push_back(uv(rng));
      v.push_back(uv(rng));
      lod.push_back(l(rng));
      x.push_back(static_cast<uint32_t>(rng() % 1024));
      y.push_back(static_cast<uint32_t>(rng() % 1024));
    }
  }
};

enum class Op { kFetch, kBilinear, kTrilinear };

// The batches and sampler of `op` (bilinear: LOD 0; trilinear: the lanes' LODs).
struct Batches {
  FetchBatch fetch;
  SampleBatch sample;
  SamplerState sampler;
};

Batches batches(Op op, Inputs& in) {
  Batches b;
  b.fetch.count = kLanes;
  b.fetch.x = in.x;
  b.fetch.y = in.y;
  b.sample.count = kLanes;
  b.sample.u = in.u;
  b.sample.v = in.v;
  if (op == Op::kTrilinear) b.sample.lod = in.lod;
  b.sampler.min_filter = b.sampler.mag_filter = Filter::kLinear;
  b.sampler.mip_filter = op == Op::kTrilinear ? MipFilter::kLinear : MipFilter::kPoint;
  b.sampler.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  return b;
}

// One batch of `op`, its reads logged into `log` when set; returns the SIMD lane count.
size_t lookup(Op op, Inputs& in, TexelReadLog* log) {
  SurfaceView view = surface().view();
  view.read_log = log;
  const TexelLanes out{in.r, in.g, in.b, in.a, {}, {}};
  const Batches b = batches(op, in);
  if (op == Op::kFetch) return fetch_batch(view, b.fetch, out, {}, {}).simd_lanes;
  return sample_batch(view, b.sampler, b.sample, out, PrecisionProfile{}, {}).simd_lanes;
}

// lookup() with the reads handed to `sink` (the fast path's entry points).
size_t lookup_taps(Op op, Inputs& in, texunit::simd::TapSink& sink) {
  const SurfaceView view = surface().view();
  const TexelLanes out{in.r, in.g, in.b, in.a, {}, {}};
  const Batches b = batches(op, in);
  if (op == Op::kFetch) return fetch_batch_taps(view, b.fetch, out, {}, {}, sink).simd_lanes;
  return sample_batch_taps(view, b.sampler, b.sample, out, PrecisionProfile{}, {}, sink).simd_lanes;
}

// A sink that keeps nothing: the cost of the kernels' TapLog alone.
struct NullSink final : texunit::simd::TapSink {
  size_t blocks = 0;
  void block(const texunit::simd::TapBlock& /*b*/) override { ++blocks; }
};

enum class Mode { kPlain, kReadLog, kAddresses, kTapLog, kFast };

void run_fast(benchmark::State& state, Op op, Mode mode, Tiling tiling) {
  Inputs in;
  PlacedSurface placed;
  placed.desc = surface().desc();
  placed.tiling.tiling = tiling;
  placed.tiling.block_height_log2 = 4;
  placed.base_address = uint64_t{1} << 32;
  core::DiagSink sink;
  FastAddressMapper mapper(placed, 64, sink);
  if (!mapper.covered()) state.SkipWithError("the placement has no fast plan");
  NullSink null_sink;
  LaneAccesses acc;
  size_t simd = 0;
  for (auto _ : state) {
    if (mode == Mode::kTapLog) {
      simd = lookup_taps(op, in, null_sink);
      continue;
    }
    mapper.begin(acc, sink);
    simd = lookup_taps(op, in, mapper);
    if (!mapper.finish()) state.SkipWithError("a read outside the surface");
    benchmark::DoNotOptimize(acc.lines.data());
  }
  if (simd != kLanes || mapper.stats().scalar_lanes != 0) {
    state.SkipWithError("not every lane ran the SIMD path and the fast mapping");
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kLanes));
  state.SetLabel("lanes");
}

void run(benchmark::State& state, Op op, Mode mode, Tiling tiling) {
  Inputs in;
  PlacedSurface placed;
  placed.desc = surface().desc();
  placed.tiling.tiling = tiling;
  placed.tiling.block_height_log2 = 4;
  core::DiagSink sink;
  const AddressMapper mapper(placed, 64, sink);
  if (!mapper.ok()) state.SkipWithError("placement");
  TexelReadLog log;
  log.reserve(kLanes * 8);
  LaneAccesses acc;
  size_t simd = 0;
  for (auto _ : state) {
    if (mode == Mode::kPlain) {
      simd = lookup(op, in, nullptr);
      benchmark::DoNotOptimize(in.r.data());
      continue;
    }
    log.clear();
    simd = lookup(op, in, &log);
    if (mode == Mode::kAddresses) mapper.map_lanes(log, acc, sink);
    benchmark::DoNotOptimize(acc.lines.data());
  }
  if (simd != kLanes) state.SkipWithError("not every lane ran the SIMD path");
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kLanes));
  state.SetLabel("lanes");
}

// NOLINTBEGIN(readability-identifier-naming): Google Benchmark's BM_ names, as in every bench/
void BM_BatchFetchPlain(benchmark::State& s) {
  run(s, Op::kFetch, Mode::kPlain, Tiling::kTile4);
}
void BM_BatchFetchAddrTile4(benchmark::State& s) {
  run(s, Op::kFetch, Mode::kAddresses, Tiling::kTile4);
}
void BM_BatchFetchAddrBlockLinear(benchmark::State& s) {
  run(s, Op::kFetch, Mode::kAddresses, Tiling::kBlockLinear);
}
void BM_BatchBilinearPlain(benchmark::State& s) {
  run(s, Op::kBilinear, Mode::kPlain, Tiling::kTile4);
}
void BM_BatchBilinearAddrTile4(benchmark::State& s) {
  run(s, Op::kBilinear, Mode::kAddresses, Tiling::kTile4);
}
void BM_BatchBilinearAddrBlockLinear(benchmark::State& s) {
  run(s, Op::kBilinear, Mode::kAddresses, Tiling::kBlockLinear);
}
void BM_BatchBilinearAddrPitch(benchmark::State& s) {
  run(s, Op::kBilinear, Mode::kAddresses, Tiling::kPitch);
}
void BM_BatchTrilinearPlain(benchmark::State& s) {
  run(s, Op::kTrilinear, Mode::kPlain, Tiling::kTile4);
}
void BM_BatchTrilinearAddrTile4(benchmark::State& s) {
  run(s, Op::kTrilinear, Mode::kAddresses, Tiling::kTile4);
}
void BM_BatchTrilinearAddrBlockLinear(benchmark::State& s) {
  run(s, Op::kTrilinear, Mode::kAddresses, Tiling::kBlockLinear);
}

void BM_BatchFetchReadLog(benchmark::State& s) {
  run(s, Op::kFetch, Mode::kReadLog, Tiling::kTile4);
}
void BM_BatchBilinearReadLog(benchmark::State& s) {
  run(s, Op::kBilinear, Mode::kReadLog, Tiling::kTile4);
}
void BM_BatchTrilinearReadLog(benchmark::State& s) {
  run(s, Op::kTrilinear, Mode::kReadLog, Tiling::kTile4);
}

#define FAST_ROWS(op, name)                                   \
  void BM_Batch##name##TapLog(benchmark::State& s) {          \
    run_fast(s, Op::op, Mode::kTapLog, Tiling::kTile4);       \
  }                                                           \
  void BM_Batch##name##FastPitch(benchmark::State& s) {       \
    run_fast(s, Op::op, Mode::kFast, Tiling::kPitch);         \
  }                                                           \
  void BM_Batch##name##FastTileY(benchmark::State& s) {       \
    run_fast(s, Op::op, Mode::kFast, Tiling::kTileY);         \
  }                                                           \
  void BM_Batch##name##FastTile4(benchmark::State& s) {       \
    run_fast(s, Op::op, Mode::kFast, Tiling::kTile4);         \
  }                                                           \
  void BM_Batch##name##FastBlockLinear(benchmark::State& s) { \
    run_fast(s, Op::op, Mode::kFast, Tiling::kBlockLinear);   \
  }                                                           \
  BENCHMARK(BM_Batch##name##TapLog);                          \
  BENCHMARK(BM_Batch##name##FastPitch);                       \
  BENCHMARK(BM_Batch##name##FastTileY);                       \
  BENCHMARK(BM_Batch##name##FastTile4);                       \
  BENCHMARK(BM_Batch##name##FastBlockLinear)
FAST_ROWS(kFetch, Fetch);
FAST_ROWS(kBilinear, Bilinear);
FAST_ROWS(kTrilinear, Trilinear);
#undef FAST_ROWS

BENCHMARK(BM_BatchFetchPlain);
BENCHMARK(BM_BatchFetchReadLog);
BENCHMARK(BM_BatchBilinearReadLog);
BENCHMARK(BM_BatchTrilinearReadLog);
BENCHMARK(BM_BatchFetchAddrTile4);
BENCHMARK(BM_BatchFetchAddrBlockLinear);
BENCHMARK(BM_BatchBilinearPlain);
BENCHMARK(BM_BatchBilinearAddrTile4);
BENCHMARK(BM_BatchBilinearAddrBlockLinear);
BENCHMARK(BM_BatchBilinearAddrPitch);
BENCHMARK(BM_BatchTrilinearPlain);
BENCHMARK(BM_BatchTrilinearAddrTile4);
BENCHMARK(BM_BatchTrilinearAddrBlockLinear);

// NOLINTEND(readability-identifier-naming)

}  // namespace
}  // namespace texsim::hwstate
