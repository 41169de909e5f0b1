// texsim_bench_replay: the inputs of `make bench-replay` (scripts/bench-replay.sh) — the lanes of
// compare_inputs.hpp as a scene and an .npz request file — and the public API's time on them.
#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "compare_inputs.hpp"
#include "scene/npz.hpp"
#include "texsim/texsim.hpp"

namespace texsim {
namespace {

struct Options {
  std::string mode;  // write, api, hash
  benchcmp::Op op = benchcmp::Op::kBilinear;
  std::string profile = "d3d";
  uint32_t size = 1024;
  size_t lookups = size_t{1} << 24;
  uint64_t seed = 1;
  unsigned reps = 5;
  std::string dir = ".";
  std::string file;  // hash: the results .npz
};

int usage() {
  std::fprintf(stderr,
               "usage: texsim_bench_replay write|api [--op fetch|bilinear|trilinear] [--size N]\n"
               "         [--lookups N] [--seed N] [--dir D] [--profile d3d|lavapipe] [--reps N]\n"
               "       texsim_bench_replay hash RESULTS.npz\n");
  return 2;
}

bool parse(int argc, char** argv, Options& o) {
  if (argc < 2) return false;
  o.mode = argv[1];
  if (o.mode == "hash") return argc == 3 && (o.file = argv[2], true);
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const char* v = argv[i + 1];
    if (a == "--op") {
      const auto op = benchcmp::op_from_name(v);
      if (!op) return false;
      o.op = *op;
    } else if (a == "--size") {
      o.size = static_cast<uint32_t>(std::strtoul(v, nullptr, 0));
    } else if (a == "--lookups") {
      o.lookups = std::strtoull(v, nullptr, 0);
    } else if (a == "--seed") {
      o.seed = std::strtoull(v, nullptr, 0);
    } else if (a == "--dir") {
      o.dir = v;
    } else if (a == "--profile") {
      o.profile = v;
    } else if (a == "--reps") {
      o.reps = static_cast<unsigned>(std::strtoul(v, nullptr, 0));
    } else {
      return false;
    }
  }
  return (argc % 2) == 0 && (o.mode == "write" || o.mode == "api");
}

// The scene: surface 0 (RGBA8, full chain, the benchmark's bytes) and sampler 0 (bilinear or
// trilinear, wrap), as bench-compare's lavapipe side sets them up.
bool write_scene(const Options& o) {
  const std::vector<uint8_t> bytes = benchcmp::surface_bytes(o.size, o.seed);
  std::ofstream f(o.dir + "/scene.json");
  f << "{\"texsim\":1,\"surfaces\":[{\"id\":0,\"type\":\"2D\",\"format\":\"R8G8B8A8_UNORM\","
    << "\"width\":" << o.size << ",\"height\":" << o.size
    << ",\"mips\":\"full\",\"data\":{\"hex\":\"";
  static const char* kHex = "0123456789abcdef";
  std::string hex;
  hex.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) hex += kHex[b >> 4], hex += kHex[b & 15];
  f << hex << "\"}}],\"samplers\":[{\"id\":0,\"filter\":\"linear\",\"mip_filter\":\""
    << (o.op == benchcmp::Op::kTrilinear ? "linear" : "point")
    << "\",\"address\":\"wrap\",\"max_lod\":1000}]}\n";
  return static_cast<bool>(f);
}

template <typename T>
std::span<const uint8_t> as_bytes(const std::vector<T>& v) {
  return {reinterpret_cast<const uint8_t*>(v.data()), v.size() * sizeof(T)};
}

bool write_requests(const Options& o, const benchcmp::Lanes& l) {
  using scene::NpyKind;
  scene::NpzWriter npz;
  auto add = [&](const char* name, NpyKind kind, uint32_t size) {
    return npz.add_array(name, {{"", {kind, size, false}, 0, {}}});
  };
  const size_t op = add("op", NpyKind::kUint, 1);
  const size_t surface = add("surface", NpyKind::kUint, 4);
  const uint8_t code = o.op == benchcmp::Op::kFetch ? 0 : o.op == benchcmp::Op::kBilinear ? 2 : 1;
  bool ok = npz.append(op, as_bytes(std::vector<uint8_t>(o.lookups, code))) &&
            npz.append(surface, as_bytes(std::vector<uint32_t>(o.lookups, 0)));
  if (o.op == benchcmp::Op::kFetch) {
    ok = ok && npz.append(add("x", NpyKind::kUint, 4), as_bytes(l.x)) &&
         npz.append(add("y", NpyKind::kUint, 4), as_bytes(l.y));
  } else {
    ok = ok &&
         npz.append(add("sampler", NpyKind::kUint, 4),
                    as_bytes(std::vector<uint32_t>(o.lookups, 0))) &&
         npz.append(add("u", NpyKind::kFloat, 4), as_bytes(l.u)) &&
         npz.append(add("v", NpyKind::kFloat, 4), as_bytes(l.v));
    if (o.op == benchcmp::Op::kTrilinear)
      ok = ok && npz.append(add("lod", NpyKind::kFloat, 4), as_bytes(l.lod));
  }
  std::string why;
  std::FILE* f = std::fopen((o.dir + "/requests.npz").c_str(), "wb");
  ok = ok && f != nullptr && npz.finish(f, why);
  if (f != nullptr) ok = std::fclose(f) == 0 && ok;
  return ok;
}

// The public message API on the same lanes, in messages of `block` lanes (the CLI's 4096, or
// all in one), one thread.
int time_api(const Options& o, const benchcmp::Lanes& l) {
  Diagnostics diags;
  const auto scene = Scene::load_file(o.dir + "/scene.json", diags);
  if (!scene)
    return std::fprintf(stderr, "texsim_bench_replay: scene: %s\n",
                        diags.empty() ? "?" : diags[0].text.c_str()),
           1;
  const Surface surface = *scene->surface(0);
  const Sampler sampler = *scene->sampler(0);
  const size_t n = o.lookups;
  std::vector<uint32_t> r(n), g(n), b(n), a(n);
  std::vector<uint8_t> flags(n);
  const Profile profile = o.profile == "lavapipe" ? Profile::kLavapipe : Profile::kD3D;
  auto run = [&](size_t block) {
    for (size_t s = 0; s < n; s += block) {
      const size_t c = std::min(block, n - s);
      const Results res{std::span(r).subspan(s, c), std::span(g).subspan(s, c),
                        std::span(b).subspan(s, c), std::span(a).subspan(s, c),
                        std::span(flags).subspan(s, c)};
      Diagnostics d;
      if (o.op == benchcmp::Op::kFetch) {
        FetchLanes fl;
        fl.count = c;
        fl.x = std::span(l.x).subspan(s, c), fl.y = std::span(l.y).subspan(s, c);
        FetchOptions fo;
        fo.profile = profile;
        fetch(surface, fl, res, fo, d);
      } else {
        SampleLanes sl;
        sl.count = c;
        sl.op = o.op == benchcmp::Op::kTrilinear ? SampleOp::kLevel : SampleOp::kLevelZero;
        sl.u = std::span(l.u).subspan(s, c), sl.v = std::span(l.v).subspan(s, c);
        if (o.op == benchcmp::Op::kTrilinear) sl.lod = std::span(l.lod).subspan(s, c);
        SampleOptions so;
        so.profile = profile;
        so.lavapipe_groups = true;
        sample(surface, sampler, sl, res, so, d);
      }
    }
  };
  for (size_t block : {size_t{4096}, n}) {
    run(block);  // warm-up
    std::vector<double> secs;
    for (unsigned i = 0; i < o.reps; ++i) {
      const auto t0 = std::chrono::steady_clock::now();
      run(block);
      secs.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(secs.begin(), secs.end());
    benchcmp::Hash h;
    for (size_t i = 0; i < n; ++i) h.add(r[i]), h.add(g[i]), h.add(b[i]), h.add(a[i]);
    std::printf(
        "bench side=api op=%s profile=%s lookups=%zu message=%zu threads=1 "
        "median_mlps=%.2f hash=%016" PRIx64 "\n",
        benchcmp::op_name(o.op), o.profile.c_str(), n, block,
        static_cast<double>(n) / secs[secs.size() / 2] / 1e6, h.h);
  }
  return 0;
}

// The FNV hash of a results .npz's `bits` (N, 4), as bench-compare hashes lanes.
int hash_results(const std::string& path) {
  std::string why;
  auto src = scene::open_byte_source(path, why);
  auto arrays = src ? scene::read_npz_arrays(*src, scene::FileKind::kNpz, why) : std::nullopt;
  if (!arrays)
    return std::fprintf(stderr, "texsim_bench_replay: %s: %s\n", path.c_str(), why.c_str()), 1;
  for (const scene::NpzArray& a : *arrays) {
    if (a.name != "bits") continue;
    const uint64_t rows = a.header.shape.empty() ? 0 : a.header.shape[0];
    std::vector<uint8_t> buf(rows * 16);
    scene::NpzArrayReader reader(*src, a);
    if (a.header.record_size != 4 || !reader.read(0, rows * 4, buf, why)) break;
    benchcmp::Hash h;
    for (size_t i = 0; i < rows * 4; ++i) {
      uint32_t w = 0;
      std::memcpy(&w, &buf[i * 4], 4);
      h.add(w);
    }
    std::printf("hash=%016" PRIx64 "\n", h.h);
    return 0;
  }
  std::fprintf(stderr, "texsim_bench_replay: %s has no readable 'bits'\n", path.c_str());
  return 1;
}

}  // namespace
}  // namespace texsim

int main(int argc, char** argv) {
  texsim::Options o;
  if (!texsim::parse(argc, argv, o)) return texsim::usage();
  if (o.mode == "hash") return texsim::hash_results(o.file);
  const texsim::benchcmp::Lanes lanes =
      texsim::benchcmp::make_lanes(o.op, o.size, o.lookups, o.seed);
  if (o.mode == "write") {
    if (!texsim::write_scene(o) || !texsim::write_requests(o, lanes)) {
      std::fprintf(stderr, "texsim_bench_replay: cannot write into %s\n", o.dir.c_str());
      return 1;
    }
    return 0;
  }
  return texsim::time_api(o, lanes);
}
