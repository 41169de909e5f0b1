// texsim_bench_compare: texsim's side of `make bench-compare` — one op on the inputs of
// compare_inputs.hpp through texunit::fetch_batch / sample_batch; prints the median lanes/s.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "compare_inputs.hpp"
#include "texunit/batch.hpp"
#include "texunit/simd/kernels.hpp"
#include "texunit/simd/lavapipe_message.hpp"

namespace texsim {
namespace {

struct Options {
  benchcmp::Op op = benchcmp::Op::kFetch;
  std::string profile = "d3d";
  uint32_t size = 1024;
  size_t lookups = size_t{1} << 24;
  uint64_t seed = 1;
  unsigned reps = 9;
  unsigned threads = 0;  // 0: every hardware thread
  bool simd = true;
};

int usage() {
  std::fprintf(
      stderr,
      "usage: texsim_bench_compare --op fetch|bilinear|trilinear [--profile d3d|lavapipe]\n"
      "       [--size N] [--lookups N] [--seed N] [--reps N] [--threads N (0: all)]"
      " [--scalar]\n");
  return 2;
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--scalar") {
      o.simd = false;
      continue;
    }
    if (i + 1 >= argc) return false;
    const char* v = argv[++i];
    if (a == "--op") {
      const auto op = benchcmp::op_from_name(v);
      if (!op) return false;
      o.op = *op;
    } else if (a == "--profile") {
      o.profile = v;
      if (o.profile != "d3d" && o.profile != "lavapipe") return false;
    } else if (a == "--size") {
      o.size = static_cast<uint32_t>(std::strtoul(v, nullptr, 0));
    } else if (a == "--lookups") {
      o.lookups = std::strtoull(v, nullptr, 0);
    } else if (a == "--seed") {
      o.seed = std::strtoull(v, nullptr, 0);
    } else if (a == "--reps") {
      o.reps = static_cast<unsigned>(std::strtoul(v, nullptr, 0));
    } else if (a == "--threads") {
      o.threads = static_cast<unsigned>(std::strtoul(v, nullptr, 0));
    } else {
      return false;
    }
  }
  return o.size >= 1 && o.lookups >= 1 && o.reps >= 1;
}

int run(const Options& o) {
  using namespace texunit;
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = Format::kR8G8B8A8_UNORM;
  d.width = o.size;
  d.height = o.size;
  d.mips = benchcmp::mip_count(o.size);
  Surface surf(d);
  const std::vector<uint8_t> bytes = benchcmp::surface_bytes(o.size, o.seed);
  if (surf.bytes().size() < bytes.size()) {
    std::fprintf(stderr, "texsim_bench_compare: unexpected surface layout\n");
    return 1;
  }
  std::copy(bytes.begin(), bytes.end(), surf.bytes().begin());
  const SurfaceView view = surf.view();
  const benchcmp::Lanes lanes = benchcmp::make_lanes(o.op, o.size, o.lookups, o.seed);
  std::vector<uint32_t> r(o.lookups), g(o.lookups), b(o.lookups), a(o.lookups);
  const TexelLanes out{r, g, b, a, {}};

  BatchOptions bo;
  bo.threads = o.threads;
  bo.simd = o.simd;
  const PrecisionProfile precision =
      o.profile == "lavapipe" ? PrecisionProfile::lavapipe() : PrecisionProfile::d3d();
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  smp.mip_filter = o.op == benchcmp::Op::kTrilinear ? MipFilter::kLinear : MipFilter::kPoint;
  smp.address = {AddressMode::kWrap, AddressMode::kWrap, AddressMode::kWrap};
  FetchBatch fb;
  SampleBatch sb;
  if (o.op == benchcmp::Op::kFetch) {
    fb.count = o.lookups;
    fb.x = lanes.x;
    fb.y = lanes.y;
  } else {
    sb.count = o.lookups;
    sb.op = o.op == benchcmp::Op::kTrilinear ? SampleOp::kLevel : SampleOp::kLevelZero;
    sb.u = lanes.u;
    sb.v = lanes.v;
    if (o.op == benchcmp::Op::kTrilinear) sb.lod = lanes.lod;
  }
  // The lavapipe profile runs its whole-message entry (lavapipe's SIMD groups, compute lanes).
  const bool lp = o.profile == "lavapipe";
  simd::LavapipeMessageOptions lo;
  lo.batch = bo;
  auto once = [&] {
    if (lp) {
      return o.op == benchcmp::Op::kFetch ? simd::lavapipe_fetch_message(view, fb, out, lo)
                                          : simd::lavapipe_sample_message(view, smp, sb, out, lo);
    }
    return o.op == benchcmp::Op::kFetch ? fetch_batch(view, fb, out, {}, bo)
                                        : sample_batch(view, smp, sb, out, precision, bo);
  };

  BatchStats stats = once();  // warm-up: pages, thread pool, dispatch
  if (!stats.ok) {
    std::fprintf(stderr, "texsim_bench_compare: batch rejected\n");
    return 1;
  }
  std::vector<double> secs;
  for (unsigned i = 0; i < o.reps; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    stats = once();
    secs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(secs.begin(), secs.end());
  const double n = static_cast<double>(o.lookups);
  benchcmp::Hash h;
  for (size_t i = 0; i < o.lookups; ++i) {
    h.add(r[i]);
    h.add(g[i]);
    h.add(b[i]);
    h.add(a[i]);
  }
  const std::string path = stats.scalar_lanes == 0 ? "simd(" + simd::current_target_name() + ")"
                           : stats.simd_lanes == 0 ? std::string("scalar")
                                                   : "mixed(" + simd::current_target_name() + ")";
  std::printf(
      "bench side=texsim op=%s profile=%s size=%u lookups=%zu reps=%u threads=%u path=%s "
      "median_mlps=%.2f min_mlps=%.2f max_mlps=%.2f hash=%016" PRIx64 "\n",
      benchcmp::op_name(o.op), o.profile.c_str(), o.size, o.lookups, o.reps, o.threads,
      path.c_str(), n / secs[secs.size() / 2] / 1e6, n / secs.back() / 1e6, n / secs.front() / 1e6,
      h.h);
  return 0;
}

}  // namespace
}  // namespace texsim

int main(int argc, char** argv) {
  texsim::Options o;
  if (!texsim::parse(argc, argv, o)) return texsim::usage();
  return texsim::run(o);
}
