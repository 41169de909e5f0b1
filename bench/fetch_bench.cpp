// Throughput of the scalar reference fetch (texunit/fetch, D3D `ld`) in lanes per second.
// Depends on texunit only; coordinates are pregenerated so only fetch_texel is timed.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "texunit/fetch.hpp"
#include "texunit/surface.hpp"

namespace {

using texsim::texunit::FetchRequest;
using texsim::texunit::FetchResult;
using texsim::texunit::Format;
using texsim::texunit::Surface;
using texsim::texunit::SurfaceDesc;
using texsim::texunit::SurfaceType;

constexpr uint32_t kSize = 1024;
constexpr size_t kLanes = 1 << 16;  // requests per batch (reused round-robin)

Surface make_surface(Format f) {
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = f;
  d.width = kSize;
  d.height = kSize;
  Surface s(d);
  std::mt19937 rng(42);
  for (uint8_t& b : s.bytes()) b = static_cast<uint8_t>(rng());
  return s;
}

// Random coordinates in [0, 1056): about 6% of the lanes fall out of bounds on each axis.
std::vector<FetchRequest> random_requests() {
  std::mt19937 rng(7);
  std::uniform_int_distribution<uint32_t> coord(0, kSize + kSize / 32 - 1);
  std::vector<FetchRequest> reqs(kLanes);
  for (FetchRequest& r : reqs) r.coord = {coord(rng), coord(rng), 0};
  return reqs;
}

// Row-major sweep, all in bounds.
std::vector<FetchRequest> sequential_requests() {
  std::vector<FetchRequest> reqs(kLanes);
  for (size_t i = 0; i < kLanes; ++i) {
    reqs[i].coord = {static_cast<uint32_t>(i % kSize), static_cast<uint32_t>(i / kSize % kSize), 0};
  }
  return reqs;
}

void run(benchmark::State& state, Format f, const std::vector<FetchRequest>& reqs) {
  const Surface s = make_surface(f);
  const auto view = s.view();
  uint32_t sink = 0;
  for (auto _ : state) {
    for (const FetchRequest& r : reqs) {
      const FetchResult res = texsim::texunit::fetch_texel(view, r);
      sink += res.texel.bits[0] ^ res.texel.bits[3];
    }
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(reqs.size()));
  state.SetLabel("lanes");
}

void BM_FetchRgba8Random(benchmark::State& state) {
  run(state, Format::kR8G8B8A8_UNORM, random_requests());
}
void BM_FetchR32FloatRandom(benchmark::State& state) {
  run(state, Format::kR32_FLOAT, random_requests());
}
void BM_FetchRgba8Sequential(benchmark::State& state) {
  run(state, Format::kR8G8B8A8_UNORM, sequential_requests());
}
void BM_FetchR32FloatSequential(benchmark::State& state) {
  run(state, Format::kR32_FLOAT, sequential_requests());
}

BENCHMARK(BM_FetchRgba8Random);
BENCHMARK(BM_FetchR32FloatRandom);
BENCHMARK(BM_FetchRgba8Sequential);
BENCHMARK(BM_FetchR32FloatSequential);

}  // namespace
