// Throughput of the scalar reference sampling path (texunit::sample, D3D profile): bilinear and
// trilinear RGBA8 lookups on a 1024x1024 mipmapped surface at random coordinates, in lanes/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "texunit/sample.hpp"

namespace texsim::texunit {
namespace {

const Surface& rgba8_surface() {
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

std::vector<SampleRequest> requests(bool random_lod) {
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> uv(0.0f, 1.0f);
  std::uniform_real_distribution<float> lod(0.0f, 10.0f);
  std::vector<SampleRequest> out(4096);
  for (SampleRequest& r : out) {
    r.op = SampleOp::kLevel;
    r.coord = {uv(rng), uv(rng), 0.0f};
    r.lod = random_lod ? lod(rng) : 0.0f;
  }
  return out;
}

void run(benchmark::State& state, MipFilter mip, bool random_lod) {
  const SurfaceView view = rgba8_surface().view();
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  smp.mip_filter = mip;
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  const std::vector<SampleRequest> reqs = requests(random_lod);
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(sample(view, smp, reqs[i]));
    i = (i + 1) & (reqs.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("lanes");
}

void BM_SampleBilinearRgba8(benchmark::State& state) {
  run(state, MipFilter::kPoint, false);
}
void BM_SampleTrilinearRgba8(benchmark::State& state) {
  run(state, MipFilter::kLinear, true);
}

BENCHMARK(BM_SampleBilinearRgba8);
BENCHMARK(BM_SampleTrilinearRgba8);

}  // namespace
}  // namespace texsim::texunit
