// The cost of address reporting (hwstate/access.hpp): one scalar bilinear / trilinear RGBA8
// lookup (texunit::sample, D3D profile) on a 1024x1024 mipmapped surface at random coordinates,
// without a read log, with the texture unit's read log, and with the log mapped through a Tile4
// placement to addresses and 64-byte lines by a prepared AddressMapper. Lanes/s.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "hwstate/access.hpp"
#include "texunit/sample.hpp"

namespace texsim::hwstate {
namespace {

using namespace texsim::texunit;

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

enum class Mode { kPlain, kLog, kAddresses };

void run(benchmark::State& state, MipFilter mip, bool random_lod, Mode mode) {
  SurfaceView view = rgba8_surface().view();
  TexelReadLog log;
  log.reserve(64);
  if (mode != Mode::kPlain) view.read_log = &log;
  PlacedSurface placed;
  placed.desc = view.desc;
  placed.tiling.tiling = Tiling::kTile4;
  core::DiagSink sink;
  const AddressMapper mapper(placed, 64, sink);
  AccessTrace trace;
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  smp.mip_filter = mip;
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  const std::vector<SampleRequest> reqs = requests(random_lod);
  size_t i = 0;
  for (auto _ : state) {
    log.clear();
    benchmark::DoNotOptimize(sample(view, smp, reqs[i]));
    if (mode == Mode::kAddresses) {
      mapper.map(log, trace, sink);
      benchmark::DoNotOptimize(trace.lines.data());
    }
    i = (i + 1) & (reqs.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("lanes");
}

void BM_AccessBilinearPlain(benchmark::State& s) {
  run(s, MipFilter::kPoint, false, Mode::kPlain);
}
void BM_AccessBilinearReadLog(benchmark::State& s) {
  run(s, MipFilter::kPoint, false, Mode::kLog);
}
void BM_AccessBilinearAddresses(benchmark::State& s) {
  run(s, MipFilter::kPoint, false, Mode::kAddresses);
}
void BM_AccessTrilinearPlain(benchmark::State& s) {
  run(s, MipFilter::kLinear, true, Mode::kPlain);
}
void BM_AccessTrilinearReadLog(benchmark::State& s) {
  run(s, MipFilter::kLinear, true, Mode::kLog);
}
void BM_AccessTrilinearAddresses(benchmark::State& s) {
  run(s, MipFilter::kLinear, true, Mode::kAddresses);
}

BENCHMARK(BM_AccessBilinearPlain);
BENCHMARK(BM_AccessBilinearReadLog);
BENCHMARK(BM_AccessBilinearAddresses);
BENCHMARK(BM_AccessTrilinearPlain);
BENCHMARK(BM_AccessTrilinearReadLog);
BENCHMARK(BM_AccessTrilinearAddresses);

}  // namespace
}  // namespace texsim::hwstate
