// Throughput of the batch API (texunit/batch) in lanes/s per op and path: the scalar reference,
// the SIMD fast path on one thread, and SIMD on several oneTBB threads. RGBA8 2D 1024x1024.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "texunit/batch.hpp"
#include "texunit/simd/kernels.hpp"

namespace texsim::texunit {
namespace {

constexpr uint32_t kSize = 1024;
constexpr size_t kLanes = size_t{1} << 20;  // lanes per batch call

// RGBA8 2D surfaces with a full mip chain and random contents, one per size.
const Surface& rgba8_surface(uint32_t size) {
  static std::map<uint32_t, Surface> surfaces;
  auto it = surfaces.find(size);
  if (it != surfaces.end()) return it->second;
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = size;
  d.height = size;
  d.mips = full_mip_count(size, size, 1);
  Surface surf(d);
  std::mt19937 rng(1);
  for (uint8_t& b : surf.bytes()) b = static_cast<uint8_t>(rng());
  return surfaces.emplace(size, std::move(surf)).first->second;
}

uint32_t surface_size(const benchmark::State& state) {
  return state.range(2) != 0 ? static_cast<uint32_t>(state.range(2)) : kSize;
}

// Random coordinates: texel coordinates in [0, 1024) (reduced modulo smaller sizes), UVs in
// [0, 1), LODs in [0, 10).
struct Lanes {
  std::vector<uint32_t> x, y;
  std::vector<float> u, v, lod;
  std::vector<uint32_t> r, g, b, a;
  Lanes() : r(kLanes), g(kLanes), b(kLanes), a(kLanes) {
    std::mt19937 rng(7);
    std::uniform_int_distribution<uint32_t> coord(0, kSize - 1);
    std::uniform_real_distribution<float> uv(0.0f, 1.0f);
    std::uniform_real_distribution<float> l(0.0f, 10.0f);
    x.resize(kLanes);
    y.resize(kLanes);
    u.resize(kLanes);
    v.resize(kLanes);
    lod.resize(kLanes);
    for (size_t i = 0; i < kLanes; ++i) {
      x[i] = coord(rng);
      y[i] = coord(rng);
      u[i] = uv(rng);
      v[i] = uv(rng);
      lod[i] = l(rng);
    }
  }
  TexelLanes out() { return {r, g, b, a, {}}; }
};

Lanes& lanes() {
  static Lanes l;
  return l;
}

BatchOptions options(const benchmark::State& state) {
  BatchOptions o;
  o.simd = state.range(0) != 0;
  o.threads = static_cast<unsigned>(state.range(1));
  return o;
}

void label(benchmark::State& state) {
  std::string path = state.range(0) != 0 ? "simd(" + simd::current_target_name() + ")" : "scalar";
  state.SetLabel(path + " threads=" + std::to_string(state.range(1)) +
                 " size=" + std::to_string(surface_size(state)));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(kLanes));
}

// texelFetch: random in-bounds coordinates, level 0.
void BM_BatchFetchRgba8(benchmark::State& state) {
  const uint32_t size = surface_size(state);
  const SurfaceView view = rgba8_surface(size).view();
  Lanes& l = lanes();
  std::vector<uint32_t> x(l.x), y(l.y);
  for (size_t i = 0; i < kLanes; ++i) {
    x[i] %= size;
    y[i] %= size;
  }
  FetchBatch b;
  b.count = kLanes;
  b.x = x;
  b.y = y;
  const BatchOptions o = options(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(fetch_batch(view, b, l.out(), {}, o));
    benchmark::ClobberMemory();
  }
  label(state);
}

void run_sample(benchmark::State& state, MipFilter mip, bool random_lod) {
  const SurfaceView view = rgba8_surface(surface_size(state)).view();
  Lanes& l = lanes();
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  smp.mip_filter = mip;
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  SampleBatch b;
  b.count = kLanes;
  b.op = random_lod ? SampleOp::kLevel : SampleOp::kLevelZero;
  b.u = l.u;
  b.v = l.v;
  if (random_lod) b.lod = l.lod;
  const BatchOptions o = options(state);
  for (auto _ : state) {
    benchmark::DoNotOptimize(sample_batch(view, smp, b, l.out(), PrecisionProfile::d3d(), o));
    benchmark::ClobberMemory();
  }
  label(state);
}

// textureLod(uv, 0) bilinear and textureLod(uv, random LOD in [0, 10)) trilinear, wrap.
void BM_BatchBilinearRgba8(benchmark::State& state) {
  run_sample(state, MipFilter::kPoint, false);
}
void BM_BatchTrilinearRgba8(benchmark::State& state) {
  run_sample(state, MipFilter::kLinear, true);
}

// Args: {simd, threads, surface size (0: 1024)}: the scalar reference, SIMD on 1 thread, SIMD
// on 2 threads at 1024x1024; then SIMD on 1 thread across sizes (throughput vs size).
#define TEXSIM_BATCH_ARGS             \
  Args({0, 1, 0})                     \
      ->Args({1, 1, 0})               \
      ->Args({1, 2, 0})               \
      ->Args({1, 1, 64})              \
      ->Args({1, 1, 256})             \
      ->Args({1, 1, 512})             \
      ->Args({1, 1, 2048})            \
      ->Args({1, 1, 4096})            \
      ->Unit(benchmark::kMillisecond) \
      ->UseRealTime()

BENCHMARK(BM_BatchFetchRgba8)->TEXSIM_BATCH_ARGS;
BENCHMARK(BM_BatchBilinearRgba8)->TEXSIM_BATCH_ARGS;
BENCHMARK(BM_BatchTrilinearRgba8)->TEXSIM_BATCH_ARGS;

}  // namespace
}  // namespace texsim::texunit
