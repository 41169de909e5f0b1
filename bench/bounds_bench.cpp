// The cost of the conformant range per lookup (texunit::BoundsContext::bounds, issue 33) next to
// the scalar d3d lookup it brackets: bilinear, trilinear and cube RGBA8, a 3D RGBA16F and a
// D32 comparison, random coordinates and LODs, in lookups/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "texunit/bounds.hpp"
#include "texunit/sample.hpp"

namespace texsim::texunit {
namespace {

Surface random_surface(SurfaceType type, Format format, uint32_t size, uint32_t depth) {
  SurfaceDesc d;
  d.type = type;
  d.format = format;
  d.width = d.height = size;
  d.depth = depth;
  d.mips = full_mip_count(size, size, depth);
  Surface surf(d);
  std::mt19937 rng(1);
  for (uint8_t& b : surf.bytes()) b = static_cast<uint8_t>(rng());
  if (format == Format::kR16G16B16A16_FLOAT || format == Format::kD32_FLOAT) {
    // Finite values only: half floats with the exponent's top bit clear, depths in [0, 1].
    for (size_t i = 0; i + 1 < surf.bytes().size(); i += 2)
      surf.bytes()[i + 1] = static_cast<uint8_t>(surf.bytes()[i + 1] & 0x3b);
  }
  return surf;
}

struct Case {
  SurfaceType type = SurfaceType::k2D;
  Format format = Format::kR8G8B8A8_UNORM;
  uint32_t size = 256, depth = 1;
  MipFilter mip = MipFilter::kPoint;
  bool compare = false;
};

std::vector<SampleRequest> requests(const Case& c) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> uv(0.0f, 1.0f), dir(-1.0f, 1.0f), lod(0.0f, 8.0f);
  std::vector<SampleRequest> out(1024);
  for (SampleRequest& r : out) {
    r.op = SampleOp::kLevel;
    if (c.type == SurfaceType::kCube)
      r.coord = {dir(rng), dir(rng), dir(rng)};
    else
      r.coord = {uv(rng), uv(rng), uv(rng)};
    r.lod = lod(rng);
    r.reference = uv(rng);
  }
  return out;
}

void run(benchmark::State& state, const Case& c, bool bounds) {
  const Surface surf = random_surface(c.type, c.format, c.size, c.depth);
  const SurfaceView view = surf.view();
  SamplerState smp;
  smp.mip_filter = c.mip;
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  if (c.compare) smp.compare = CompareFunc::kLessEqual;
  const std::vector<SampleRequest> reqs = requests(c);
  BoundsContext ctx(view, smp);
  size_t i = 0;
  for (auto _ : state) {
    if (bounds)
      benchmark::DoNotOptimize(ctx.bounds(reqs[i]));
    else
      benchmark::DoNotOptimize(sample(view, smp, reqs[i]));
    i = (i + 1) & (reqs.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("lookups");
}

const Case kBilinear{};
const Case kTrilinear{SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 256, 1, MipFilter::kLinear};
const Case kCube{SurfaceType::kCube, Format::kR8G8B8A8_UNORM, 64, 1, MipFilter::kLinear};
const Case k3D{SurfaceType::k3D, Format::kR16G16B16A16_FLOAT, 32, 32, MipFilter::kLinear};
const Case kShadow{SurfaceType::k2D, Format::kD32_FLOAT, 256, 1, MipFilter::kPoint, true};

// NOLINTBEGIN(readability-identifier-naming): Google Benchmark's BM_ names, as in every bench/
// file.
void BM_BoundsBilinearRgba8(benchmark::State& s) {
  run(s, kBilinear, true);
}
void BM_SampleBilinearRgba8D3D(benchmark::State& s) {
  run(s, kBilinear, false);
}
void BM_BoundsTrilinearRgba8(benchmark::State& s) {
  run(s, kTrilinear, true);
}
void BM_SampleTrilinearRgba8D3D(benchmark::State& s) {
  run(s, kTrilinear, false);
}
void BM_BoundsCubeTrilinearRgba8(benchmark::State& s) {
  run(s, kCube, true);
}
void BM_SampleCubeTrilinearRgba8D3D(benchmark::State& s) {
  run(s, kCube, false);
}
void BM_Bounds3DTrilinearRgba16f(benchmark::State& s) {
  run(s, k3D, true);
}
void BM_Sample3DTrilinearRgba16fD3D(benchmark::State& s) {
  run(s, k3D, false);
}
void BM_BoundsShadowD32(benchmark::State& s) {
  run(s, kShadow, true);
}
void BM_SampleShadowD32D3D(benchmark::State& s) {
  run(s, kShadow, false);
}

// NOLINTEND(readability-identifier-naming)

BENCHMARK(BM_BoundsBilinearRgba8);
BENCHMARK(BM_SampleBilinearRgba8D3D);
BENCHMARK(BM_BoundsTrilinearRgba8);
BENCHMARK(BM_SampleTrilinearRgba8D3D);
BENCHMARK(BM_BoundsCubeTrilinearRgba8);
BENCHMARK(BM_SampleCubeTrilinearRgba8D3D);
BENCHMARK(BM_Bounds3DTrilinearRgba16f);
BENCHMARK(BM_Sample3DTrilinearRgba16fD3D);
BENCHMARK(BM_BoundsShadowD32);
BENCHMARK(BM_SampleShadowD32D3D);

}  // namespace
}  // namespace texsim::texunit
