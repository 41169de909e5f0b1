// Anisotropic lookups (issue 33: "the anisotropic path is scalar and slow"): messages of 64
// kGrad lanes through the texture unit's message entry (what texsim::sample runs), max
// anisotropy 16, on a 256x256 RGBA8 chain, in lanes/s. lavapipe: 8-lane compute groups, whose
// lane quads give the footprint (P12); d3d: the lanes' own gradients, 8:1 footprints.
// "Scattered": a one-level 64x64 image with the lanes of each group far apart (P22's case:
// ellipses of thousands of texels per lane). "ReferenceScan": the row-by-row scan of the
// ellipse's box that the eight-row scan replaced (decision P25), for the before / after ratio.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>
#include <vector>

#include "texunit/message.hpp"
#include "texunit/sample_lavapipe_aniso.hpp"

namespace texsim::texunit {
namespace {

Surface make_surface(uint32_t size, uint32_t mips) {
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = d.height = size;
  d.mips = mips;
  Surface s(d);
  std::mt19937 rng(3);
  for (uint8_t& b : s.bytes()) b = static_cast<uint8_t>(rng());
  return s;
}

struct Message {
  static constexpr size_t kLanes = 64;
  std::vector<float> u, v, dux, duy, dvx, dvy;
  SampleBatch batch() const {
    SampleBatch b;
    b.count = kLanes;
    b.op = SampleOp::kGrad;
    b.u = u, b.v = v;
    b.ddx_u = dux, b.ddx_v = dvx, b.ddy_u = duy, b.ddy_v = dvy;
    return b;
  }
};

// Quads of neighbouring lanes (a 1/64 step) or, scattered, lanes anywhere in [-4, 4].
Message make_message(bool scattered, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> uv(0.0f, 1.0f), far(-4.0f, 4.0f);
  Message m;
  for (size_t q = 0; q < Message::kLanes; q += 4) {
    const float u0 = uv(rng), v0 = uv(rng);
    for (size_t k = 0; k < 4; ++k) {
      const float du = static_cast<float>(k & 1u) * (1.0f / 32.0f);
      const float dv = static_cast<float>(k >> 1) * (1.0f / 256.0f);
      m.u.push_back(scattered ? far(rng) : u0 + du);
      m.v.push_back(scattered ? far(rng) : v0 + dv);
      m.dux.push_back(1.0f / 32.0f), m.dvx.push_back(0.0f);  // 8 texels by 1 at 256x256
      m.duy.push_back(0.0f), m.dvy.push_back(1.0f / 256.0f);
    }
  }
  return m;
}

void run(benchmark::State& state, PrecisionKind kind, bool scattered, bool reference = false) {
  lavapipe_detail::set_aniso_reference_scan(reference);
  static const Surface chain = make_surface(256, 9);
  static const Surface single = make_surface(64, 1);
  const SurfaceView view = scattered ? single.view() : chain.view();
  SamplerState smp;
  smp.mip_filter = MipFilter::kLinear;
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  smp.max_anisotropy = 16.0f;
  std::vector<Message> msgs;
  for (uint32_t s = 0; s < 8; ++s) msgs.push_back(make_message(scattered, 10 + s));
  std::vector<uint32_t> r(Message::kLanes), g(r.size()), b(r.size()), a(r.size());
  const TexelLanes out{r, g, b, a, {}};
  MessageOptions mo;
  mo.precision = PrecisionProfile::of(kind);
  if (kind == PrecisionKind::kLavapipe) mo.layout.lavapipe_group_lanes = 8;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(sample_message(view, smp, msgs[i].batch(), out, mo));
    benchmark::DoNotOptimize(r.data());
    i = (i + 1) % msgs.size();
  }
  lavapipe_detail::set_aniso_reference_scan(false);
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(Message::kLanes));
  state.SetLabel("lanes");
}

void BM_AnisoLavapipe(benchmark::State& state) {
  run(state, PrecisionKind::kLavapipe, false);
}
void BM_AnisoLavapipeScattered(benchmark::State& state) {
  run(state, PrecisionKind::kLavapipe, true);
}
// The same with gallivm's row-by-row scan (the reference the eight-row scan replaced, P25).
void BM_AnisoLavapipeReferenceScan(benchmark::State& state) {
  run(state, PrecisionKind::kLavapipe, false, true);
}
void BM_AnisoLavapipeScatteredReferenceScan(benchmark::State& state) {
  run(state, PrecisionKind::kLavapipe, true, true);
}
void BM_AnisoD3D(benchmark::State& state) {
  run(state, PrecisionKind::kD3D, false);
}

BENCHMARK(BM_AnisoLavapipe);
BENCHMARK(BM_AnisoLavapipeScattered)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnisoLavapipeReferenceScan);
BENCHMARK(BM_AnisoLavapipeScatteredReferenceScan)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AnisoD3D);

}  // namespace
}  // namespace texsim::texunit
