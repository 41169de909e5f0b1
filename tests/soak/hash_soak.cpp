// Behaviour soak (#16): from a fixed seed, random lookups through every route users take (public
// lookup API, scalar texunit entries, batch API, vISA and SASS programs, render), one hash a line.
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "api/internal.hpp"
#include "scene/render.hpp"
#include "texsim/lookup.hpp"
#include "texsim/program.hpp"
#include "texsim/scene.hpp"
#include "texunit/batch.hpp"
#include "texunit/fetch.hpp"
#include "texunit/format.hpp"
#include "texunit/sample.hpp"
#include "texunit/sample_lavapipe.hpp"
#include "texunit/surface.hpp"

namespace {

using namespace texsim;
namespace tu = texsim::texunit;

struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(next() % n); }
  bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }
  float uniform(float lo, float hi) {
    return lo + (hi - lo) * static_cast<float>(static_cast<double>(next() >> 40) * 0x1.0p-24);
  }
};

// FNV-1a 64 over bytes, with a lookup count per line.
struct Hash {
  uint64_t h = 0xcbf29ce484222325ull;
  uint64_t lookups = 0;
  void bytes(const void* p, size_t n) {
    const auto* b = static_cast<const uint8_t*>(p);
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  }
  template <typename T>
  void val(const T& v) {
    bytes(&v, sizeof v);
  }
};

std::map<std::string, Hash> g_lines;
Hash& line(const std::string& route, std::string_view profile, bool special) {
  return g_lines[route + " " + std::string(profile) + (special ? " special" : " finite")];
}

const char* kProfiles[] = {"d3d", "exact", "lavapipe"};
Profile profile_at(int p) {
  return static_cast<Profile>(p);
}

// A special float: NaN, +-Inf, a denormal, or a huge value.
float special_float(Rng& r) {
  switch (r.below(6)) {
    case 0:
      return std::bit_cast<float>(0x7fc00000u | (r.below(0x3fffff)));
    case 1:
      return std::numeric_limits<float>::infinity();
    case 2:
      return -std::numeric_limits<float>::infinity();
    case 3:
      return std::bit_cast<float>(r.below(0x7fffff) + 1u) * (r.chance(0.5) ? 1.f : -1.f);
    case 4:
      return r.uniform(1e18f, 1e30f) * (r.chance(0.5) ? 1.f : -1.f);
    default:
      return -0.0f;
  }
}

// One random float input: finite and moderate, or (special rounds, ~1 in 6 lanes) special.
float input(Rng& r, bool special, float lo, float hi) {
  if (special && r.chance(0.18)) return special_float(r);
  return r.uniform(lo, hi);
}

// Float channels of a clean surface are normal and moderate (no NaN, Inf or denormal texels).
void clean_floats(const tu::FormatInfo& fi, std::vector<uint8_t>& bytes, Rng& r) {
  if (fi.is_compressed()) return;
  bool any = false;
  for (const auto& c : fi.channels) any = any || c.kind == tu::ChannelKind::kFloat;
  if (!any) return;
  const size_t bpt = fi.bytes_per_block;
  for (size_t t = 0; t + bpt <= bytes.size(); t += bpt) {
    uint64_t v = 0;
    std::memcpy(&v, &bytes[t], std::min<size_t>(bpt, 8));
    std::array<uint64_t, 2> w{};
    std::memcpy(w.data(), &bytes[t], bpt);
    for (const auto& c : fi.channels) {
      if (c.kind != tu::ChannelKind::kFloat) continue;
      const unsigned ebits = c.bits == 32 ? 8 : 5;
      const unsigned mbits = c.bits == 32 ? 23 : c.bits == 16 ? 10 : c.bits - 5u;
      const uint64_t lo = c.bits == 32 ? 100 : 8, span = c.bits == 32 ? 54 : 14;
      const unsigned shift = c.offset % 64 + mbits;
      uint64_t& word = w[c.offset / 64];
      const uint64_t mask = ((uint64_t{1} << ebits) - 1) << shift;
      word = (word & ~mask) | (((lo + r.below(static_cast<uint32_t>(span))) << shift) & mask);
    }
    std::memcpy(&bytes[t], w.data(), bpt);
  }
}

struct Surf {
  tu::Surface surface;
  bool special = false;
};

tu::SurfaceDesc random_desc(Rng& r, bool allow_msaa) {
  tu::SurfaceDesc d;
  const auto formats = tu::all_formats();
  d.format = formats[r.below(static_cast<uint32_t>(formats.size()))].format;
  const bool bc = tu::format_info(d.format).is_compressed();
  d.type = static_cast<tu::SurfaceType>(r.below(7));
  if (bc && (d.type == tu::SurfaceType::k1D || d.type == tu::SurfaceType::k1DArray ||
             d.type == tu::SurfaceType::k3D))
    d.type = tu::SurfaceType::k2D;
  auto size = [&] { return bc ? 4u * (1 + r.below(4)) : 1 + r.below(r.chance(0.3) ? 33 : 9); };
  d.width = size();
  d.height = d.type == tu::SurfaceType::k1D || d.type == tu::SurfaceType::k1DArray ? 1 : size();
  if (d.type == tu::SurfaceType::kCube || d.type == tu::SurfaceType::kCubeArray) d.height = d.width;
  d.depth = d.type == tu::SurfaceType::k3D ? 1 + r.below(6) : 1;
  const bool arr = d.type == tu::SurfaceType::k1DArray || d.type == tu::SurfaceType::k2DArray ||
                   d.type == tu::SurfaceType::kCubeArray;
  d.layers = arr ? 1 + r.below(4) : 1;
  d.mips = 1 + r.below(tu::full_mip_count(d.width, d.height, d.depth));
  if (allow_msaa && !bc &&
      (d.type == tu::SurfaceType::k2D || d.type == tu::SurfaceType::k2DArray) && r.chance(0.25)) {
    d.samples = 1u << (1 + r.below(3));
    d.mips = 1;
  }
  return d;
}

Surf random_surface(Rng& r, bool special, bool allow_msaa = true) {
  Surf s;
  s.special = special;
  s.surface = tu::Surface(random_desc(r, allow_msaa));
  auto bytes = s.surface.bytes();
  for (auto& b : bytes) b = static_cast<uint8_t>(r.next());
  const auto& fi = tu::format_info(s.surface.desc().format);
  if (!special) {
    std::vector<uint8_t> v(bytes.begin(), bytes.end());
    clean_floats(fi, v, r);
    std::copy(v.begin(), v.end(), bytes.begin());
  }
  const auto& d = s.surface.desc();
  if (d.samples > 1 && r.chance(0.6)) {
    s.surface.enable_mcs();
    for (uint32_t sl = 0; sl < d.slices(); ++sl)
      for (uint32_t y = 0; y < d.height; ++y)
        for (uint32_t x = 0; x < d.width; ++x)
          if (r.chance(0.5))
            s.surface.set_mcs(x, y, sl, r.chance(0.2) ? tu::mcs_clear_value(d.samples) : r.next());
    tu::Texel c;
    c.kind = fi.result_kind;
    c.bits = {r.below(1000), r.below(1000), 0x3f800000u, 1};
    s.surface.set_clear_color(c);
  }
  if (r.chance(0.1)) {
    tu::NullRegion nr;
    nr.x = r.below(d.width);
    nr.y = r.below(d.height);
    s.surface.add_null_region(nr);
  }
  return s;
}

// Sampler state; special rounds may use anisotropy and min/max reduction.
tu::SamplerState random_sampler(Rng& r, bool special, bool compare) {
  tu::SamplerState s;
  s.min_filter = static_cast<tu::Filter>(r.below(2));
  s.mag_filter = static_cast<tu::Filter>(r.below(2));
  s.mip_filter = static_cast<tu::MipFilter>(r.below(3));
  for (auto& a : s.address) a = static_cast<tu::AddressMode>(r.below(5));
  for (auto& c : s.border_color) c = r.uniform(-1, 2);
  for (auto& c : s.border_color_int) c = static_cast<uint32_t>(r.next());
  if (r.chance(0.3)) s.lod_bias = r.uniform(-3, 3);
  if (r.chance(0.3)) s.min_lod = r.uniform(0, 3);
  if (r.chance(0.3)) s.max_lod = r.uniform(0, 6);
  if (compare) s.compare = static_cast<tu::CompareFunc>(r.below(8));
  if (r.chance(0.1)) s.normalized_coords = false;
  if (r.chance(0.2)) s.srgb_decode = false;
  if (special && r.chance(0.3)) s.max_anisotropy = static_cast<float>(2 + r.below(15));
  if (special && r.chance(0.3)) s.reduction = static_cast<tu::Reduction>(1 + r.below(2));
  return s;
}

// Random sample lanes in SoA form (kept alive by the struct).
struct SampleData {
  tu::SampleOp op;
  std::vector<float> f[12];  // u v w ai lod dxu dxv dxw dyu dyv dyw ref
  std::vector<int32_t> ox, oy, oz;
  std::vector<uint8_t> active;
  std::array<int32_t, 3> offset{};
  uint8_t comp = 0;
  size_t n = 0;
};

SampleData random_samples(Rng& r, size_t n, bool special, const tu::SurfaceDesc& d) {
  SampleData s;
  s.n = n;
  s.op = static_cast<tu::SampleOp>(r.below(7));
  const bool cube = d.type == tu::SurfaceType::kCube || d.type == tu::SurfaceType::kCubeArray;
  const float lo = cube ? -1.5f : -0.6f, hi = cube ? 1.5f : 1.6f;
  for (auto& v : s.f) v.resize(n);
  const bool quadlike = r.chance(0.5);  // nearby coordinates in each quad
  for (size_t i = 0; i < n; ++i) {
    for (int c = 0; c < 3; ++c) {
      float base = input(r, special, lo, hi);
      if (quadlike && (i & 3) != 0) base = s.f[c][i & ~size_t{3}] + r.uniform(-0.1f, 0.1f);
      s.f[c][i] = base;
    }
    s.f[3][i] = input(r, special, -1, 5);
    s.f[4][i] = input(r, special, -3, 8);
    for (int c = 5; c < 11; ++c) s.f[c][i] = input(r, special, -0.6f, 0.6f);
    s.f[11][i] = input(r, special, -0.3f, 1.3f);
  }
  if (r.chance(0.3))
    s.offset = {int32_t(r.below(16)) - 8, int32_t(r.below(16)) - 8, int32_t(r.below(16)) - 8};
  if (r.chance(0.15)) {
    s.ox.resize(n), s.oy.resize(n), s.oz.resize(n);
    for (size_t i = 0; i < n; ++i)
      s.ox[i] = int32_t(r.below(16)) - 8, s.oy[i] = int32_t(r.below(16)) - 8,
      s.oz[i] = int32_t(r.below(16)) - 8;
  }
  if (r.chance(0.3)) {
    s.active.resize(n);
    for (auto& a : s.active) a = r.chance(0.8) ? 1 : 0;
  }
  s.comp = static_cast<uint8_t>(r.below(4));
  return s;
}

// The public SampleLanes and texunit's SampleBatch name their spans alike.
template <typename Lanes, typename Op>
Lanes lanes_of(const SampleData& s) {
  Lanes l;
  l.count = s.n;
  l.op = static_cast<Op>(s.op);
  l.u = s.f[0], l.v = s.f[1], l.w = s.f[2], l.array_index = s.f[3], l.lod = s.f[4];
  l.ddx_u = s.f[5], l.ddx_v = s.f[6], l.ddx_w = s.f[7];
  l.ddy_u = s.f[8], l.ddy_v = s.f[9], l.ddy_w = s.f[10];
  l.reference = s.f[11];
  l.offset = s.offset;
  l.offset_x = s.ox, l.offset_y = s.oy, l.offset_z = s.oz;
  l.gather_component = s.comp;
  l.active = s.active;
  return l;
}
SampleLanes public_lanes(const SampleData& s) {
  return lanes_of<SampleLanes, SampleOp>(s);
}
tu::SampleBatch batch_lanes(const SampleData& s) {
  return lanes_of<tu::SampleBatch, tu::SampleOp>(s);
}

struct FetchData {
  std::vector<uint32_t> c[6];  // x y z slice level sample
  std::vector<uint64_t> mcs;
  std::vector<int32_t> ox, oy, oz;
  std::vector<uint8_t> active;
  std::array<int32_t, 3> offset{};
  size_t n = 0;
};

FetchData random_fetches(Rng& r, size_t n, const tu::SurfaceDesc& d) {
  FetchData f;
  f.n = n;
  for (auto& v : f.c) v.resize(n);
  const uint32_t ext[6] = {d.width + 2,    d.height + 2, d.depth + 2,
                           d.slices() + 2, d.mips + 1,   d.samples + 1};
  for (size_t i = 0; i < n; ++i)
    for (int k = 0; k < 6; ++k)
      f.c[k][i] = r.chance(0.03) ? static_cast<uint32_t>(r.next()) : r.below(ext[k]);
  if (r.chance(0.3))
    f.offset = {int32_t(r.below(16)) - 8, int32_t(r.below(16)) - 8, int32_t(r.below(16)) - 8};
  if (r.chance(0.2)) {
    f.ox.resize(n), f.oy.resize(n), f.oz.resize(n);
    for (size_t i = 0; i < n; ++i)
      f.ox[i] = int32_t(r.below(6)) - 3, f.oy[i] = int32_t(r.below(6)) - 3,
      f.oz[i] = int32_t(r.below(6)) - 3;
  }
  if (d.samples > 1 && r.chance(0.4)) {
    f.mcs.resize(n);
    for (auto& m : f.mcs) m = r.chance(0.5) ? tu::mcs_identity_value(d.samples) : r.next();
  }
  if (r.chance(0.3)) {
    f.active.resize(n);
    for (auto& a : f.active) a = r.chance(0.8) ? 1 : 0;
  }
  return f;
}

struct Out {
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;
  explicit Out(size_t n)
      : r(n, 0xdeadbeef), g(n, 0xdeadbeef), b(n, 0xdeadbeef), a(n, 0xdeadbeef), flags(n, 0xee) {}
  void hash_into(Hash& h) const {
    for (size_t i = 0; i < r.size(); ++i) {
      h.val(r[i]), h.val(g[i]), h.val(b[i]), h.val(a[i]), h.val(flags[i]);
    }
    h.lookups += r.size();
  }
};

void hash_texel(Hash& h, const tu::Texel& t, uint8_t flags) {
  h.val(t.bits), h.val(static_cast<uint8_t>(t.kind)), h.val(flags);
  ++h.lookups;
}

// ---- routes ---------------------------------------------------------------------------------

// The public API (texsim::sample / fetch) in every profile and layout.
void route_api(Rng& r, bool special, size_t n) {
  const bool msaa_fetch = r.chance(0.5);
  Surf s = random_surface(r, special, msaa_fetch);
  Diagnostics diags;
  auto pub = Surface::from_memory(detail::to_public(s.surface.desc()), s.surface.bytes(), diags);
  if (!pub) {
    line("api.error", "-", special).val(diags.size());
    return;
  }
  // from_memory carries no MCS/null tiles: the API's own surface is the plain bytes.
  const tu::SurfaceDesc& d = s.surface.desc();
  const bool compare = r.chance(0.25);
  const tu::SamplerState st = random_sampler(r, special, compare);
  const Sampler ps = detail::to_public(st);
  const SampleData sd = random_samples(r, n, special, d);
  const FetchData fd = random_fetches(r, n, d);
  for (int p = 0; p < 3; ++p) {
    for (int variant = 0; variant < 2; ++variant) {
      SampleOptions o;
      o.profile = profile_at(p);
      if (p == 2)
        o.lavapipe_groups = variant == 0;
      else
        o.derivatives_from_quads = variant == 1;
      if (variant == 0 && r.chance(0.3)) o.lavapipe_group_lanes = 4 + r.below(13);
      Out out(n);
      Results res{out.r, out.g, out.b, out.a, out.flags};
      Diagnostics dd;
      const LookupStatus stt = sample(*pub, ps, public_lanes(sd), res, o, dd);
      Hash& h = line(std::string("api.sample") + (variant ? ".v1" : ".v0"), kProfiles[p], special);
      h.val(stt.ok), h.val(stt.kind);
      for (const auto& x : dd) h.bytes(x.rule.data(), x.rule.size());
      out.hash_into(h);
    }
    FetchOptions fo;
    fo.profile = profile_at(p);
    fo.sample_index = static_cast<SampleIndexPolicy>(r.below(2));
    FetchLanes fl;
    fl.count = n;
    fl.x = fd.c[0], fl.y = fd.c[1], fl.z = fd.c[2], fl.slice = fd.c[3], fl.level = fd.c[4],
    fl.sample = fd.c[5];
    fl.offset = fd.offset;
    fl.offset_x = fd.ox, fl.offset_y = fd.oy, fl.offset_z = fd.oz;
    fl.mcs = fd.mcs;
    fl.active = fd.active;
    Out out(n);
    Diagnostics dd;
    const LookupStatus stt =
        fetch(*pub, fl, Results{out.r, out.g, out.b, out.a, out.flags}, fo, dd);
    Hash& h = line("api.fetch", kProfiles[p], special);
    h.val(stt.ok), h.val(stt.kind);
    out.hash_into(h);
  }
}

// The scalar texunit entries and the batch API.
void route_texunit(Rng& r, bool special, size_t n) {
  Surf s = random_surface(r, special);
  const tu::SurfaceView view = s.surface.view();
  const bool compare = r.chance(0.25);
  const tu::SamplerState st = random_sampler(r, special, compare);
  const SampleData sd = random_samples(r, n, special, view.desc);
  const FetchData fd = random_fetches(r, n, view.desc);
  const tu::SampleBatch sb = batch_lanes(sd);
  const tu::PrecisionProfile profs[3] = {tu::PrecisionProfile::d3d(), tu::PrecisionProfile::exact(),
                                         tu::PrecisionProfile::lavapipe()};
  for (int p = 0; p < 3; ++p) {
    Hash& h = line("texunit.sample", kProfiles[p], special);
    for (size_t i = 0; i < n; ++i) {
      const tu::SampleResult res = tu::sample(view, st, tu::sample_request_at(sb, i), profs[p]);
      hash_texel(h, res.texel, res.null_tile);
    }
    if (p < 2) {
      Out out(n);
      tu::BatchOptions bo;
      bo.threads = 1 + r.below(2);
      const auto stats =
          tu::sample_batch(view, st, sb, {out.r, out.g, out.b, out.a, out.flags}, profs[p], bo);
      Hash& hb = line("texunit.sample_batch", kProfiles[p], special);
      hb.val(stats.ok), hb.val(stats.kind);
      out.hash_into(hb);
    }
  }
  // lavapipe with a quad context (fragment-shader lookups), lane alone in its group.
  {
    Hash& h = line("texunit.sample_lavapipe_quad", "lavapipe", special);
    std::vector<tu::SampleRequest> reqs(n);
    for (size_t i = 0; i < n; ++i) reqs[i] = tu::sample_request_at(sb, i);
    for (size_t i = 0; i + 4 <= n; ++i) {
      tu::LavapipeLaneContext ctx;
      ctx.quad = &reqs[i & ~size_t{3}];
      ctx.quad_lane = static_cast<uint8_t>(i & 3);
      const auto res = tu::sample_lavapipe(view, st, reqs[i], ctx);
      hash_texel(h, res.texel, res.null_tile);
    }
  }
  tu::FetchBatch fb;
  fb.count = n;
  fb.x = fd.c[0], fb.y = fd.c[1], fb.z = fd.c[2], fb.slice = fd.c[3], fb.level = fd.c[4],
  fb.sample = fd.c[5];
  fb.offset = fd.offset;
  fb.offset_x = fd.ox, fb.offset_y = fd.oy, fb.offset_z = fd.oz;
  fb.mcs = fd.mcs;
  fb.active = fd.active;
  tu::FetchOptions fo;
  fo.sample_policy = static_cast<tu::SampleIndexPolicy>(r.below(2));
  Hash& hf = line("texunit.fetch", "-", special);
  Hash& hl = line("texunit.fetch_lavapipe", "lavapipe", special);
  Hash& hm = line("texunit.fetch_mcs", "-", special);
  for (size_t i = 0; i < n; ++i) {
    tu::FetchRequest q;
    q.coord = {fd.c[0][i], fd.c[1][i], fd.c[2][i]};
    q.slice = fd.c[3][i], q.level = fd.c[4][i], q.sample = fd.c[5][i];
    q.offset = fd.ox.empty() ? fd.offset : std::array<int32_t, 3>{fd.ox[i], fd.oy[i], fd.oz[i]};
    if (!fd.mcs.empty()) q.mcs = fd.mcs[i];
    const auto a = tu::fetch_texel(view, q, fo);
    hash_texel(hf, a.texel, uint8_t(a.in_bounds | a.null_tile << 1 | a.fast_cleared << 2));
    const auto b = tu::fetch_texel_lavapipe(view, q);
    hash_texel(hl, b.texel, uint8_t(b.in_bounds | b.null_tile << 1 | b.fast_cleared << 2));
    hm.val(tu::fetch_mcs(view, q));
    ++hm.lookups;
  }
  Out out(n);
  tu::BatchOptions bo;
  bo.threads = 1 + r.below(2);
  const auto stats = tu::fetch_batch(view, fb, {out.r, out.g, out.b, out.a, out.flags}, fo, bo);
  Hash& hb = line("texunit.fetch_batch", "-", special);
  hb.val(stats.ok), hb.val(stats.kind);
  out.hash_into(hb);
}

// ---- programs -------------------------------------------------------------------------------

std::string hex_of(std::span<const uint8_t> b) {
  static const char* k = "0123456789abcdef";
  std::string s;
  s.reserve(b.size() * 2);
  for (uint8_t x : b) s += k[x >> 4], s += k[x & 15];
  return s;
}

std::string surface_json(uint32_t id, const tu::Surface& s) {
  const auto& d = s.desc();
  std::string j = "{\"id\": " + std::to_string(id) + ", \"type\": \"" +
                  std::string(tu::surface_type_name(d.type)) + "\", \"format\": \"" +
                  std::string(tu::format_info(d.format).name) +
                  "\", \"width\": " + std::to_string(d.width) +
                  ", \"height\": " + std::to_string(d.height);
  if (d.type == tu::SurfaceType::k3D) j += ", \"depth\": " + std::to_string(d.depth);
  if (d.is_array()) j += ", \"layers\": " + std::to_string(d.layers);
  j += ", \"mips\": " + std::to_string(d.mips) + ", \"samples\": " + std::to_string(d.samples);
  j += ", \"data\": {\"hex\": \"" + hex_of(s.bytes()) + "\"}}";
  return j;
}

std::string sampler_json(uint32_t id, const tu::SamplerState& s) {
  static const char* filt[] = {"point", "linear"};
  static const char* mip[] = {"none", "point", "linear"};
  static const char* addr[] = {"wrap", "mirror", "clamp", "border", "mirror_once"};
  static const char* cmp[] = {"never",   "less",      "equal",         "less_equal",
                              "greater", "not_equal", "greater_equal", "always"};
  static const char* red[] = {"weighted_average", "min", "max"};
  char buf[160];
  std::string j = "{\"id\": " + std::to_string(id) + ", \"min_filter\": \"" +
                  filt[int(s.min_filter)] + "\", \"mag_filter\": \"" + filt[int(s.mag_filter)] +
                  "\", \"mip_filter\": \"" + mip[int(s.mip_filter)] + "\", \"address\": [\"" +
                  addr[int(s.address[0])] + "\", \"" + addr[int(s.address[1])] + "\", \"" +
                  addr[int(s.address[2])] + "\"]";
  std::snprintf(buf, sizeof buf, ", \"border_color\": [%.9g, %.9g, %.9g, %.9g]",
                double(s.border_color[0]), double(s.border_color[1]), double(s.border_color[2]),
                double(s.border_color[3]));
  j += buf;
  std::snprintf(buf, sizeof buf, ", \"lod_bias\": %.9g, \"min_lod\": %.9g, \"max_lod\": %.9g",
                double(s.lod_bias), double(s.min_lod), double(s.max_lod));
  j += buf;
  if (s.compare) j += std::string(", \"compare\": \"") + cmp[int(*s.compare)] + "\"";
  std::snprintf(buf, sizeof buf, ", \"max_anisotropy\": %.9g", double(s.max_anisotropy));
  j += buf;
  j += std::string(", \"reduction\": \"") + red[int(s.reduction)] + "\"";
  j += std::string(", \"normalized\": ") + (s.normalized_coords ? "true" : "false");
  j += std::string(", \"srgb_decode\": ") + (s.srgb_decode ? "true" : "false") + "}";
  return j;
}

void hash_run(Hash& h, const std::optional<RunResult>& rr, const Diagnostics& diags,
              size_t lookups) {
  h.val(rr.has_value());
  for (const auto& d : diags)
    h.bytes(d.rule.data(), d.rule.size()), h.bytes(d.message.data(), d.message.size());
  if (rr) {
    for (const auto& reg : rr->registers) {
      h.bytes(reg.name.data(), reg.name.size());
      h.bytes(reg.bytes.data(), reg.bytes.size());
      for (bool b : reg.defined) h.val(b);
    }
  }
  h.lookups += lookups;
}

std::string f32_hex(float f) {
  char b[16];
  std::snprintf(b, sizeof b, "\"0x%08x\"", std::bit_cast<uint32_t>(f));
  return b;
}

// vISA: every 3D_SAMPLE / 3D_LOAD operation, MEDIA_LD and GATHER_SCALED, SIMD16, through run().
void route_visa(Rng& r, bool special) {
  Surf s = random_surface(r, special);
  Surf ms = random_surface(r, special);
  while (ms.surface.desc().samples < 2) ms = random_surface(r, special);
  Surf m2 = random_surface(r, special, false);
  while (m2.surface.desc().type != tu::SurfaceType::k2D ||
         tu::format_info(m2.surface.desc().format).is_compressed())
    m2 = random_surface(r, special, false);
  const tu::SamplerState s1 = random_sampler(r, special, false);
  const tu::SamplerState s2 = random_sampler(r, special, true);
  std::string prog =
      ".version 4.2\n.kernel \"soak\"\n.decl T6 v_type=T num_elts=1\n"
      ".decl T7 v_type=T num_elts=1\n.decl T8 v_type=T num_elts=1\n.decl S1 v_type=S num_elts=1\n"
      ".decl S2 v_type=S num_elts=1\n";
  const int kF = 12, kI = 7;
  for (int k = 0; k < kF; ++k)
    prog += ".decl F" + std::to_string(k) + " v_type=G type=f num_elts=16 align=GRF\n";
  for (int k = 0; k < kI; ++k)
    prog += ".decl I" + std::to_string(k) + " v_type=G type=ud num_elts=16 align=GRF\n";
  prog +=
      ".decl MX v_type=G type=ud num_elts=1 align=dword\n.decl MY v_type=G type=ud num_elts=1 "
      "align=dword\n";
  prog += ".decl MB v_type=G type=ub num_elts=256 align=GRF\n";
  struct Op {
    const char* text;
  };
  static const char* kSample[] = {
      "sample_3d%s S1 T6 D%d.0 %%null.0 F0.0 F1.0 F2.0 F3.0",
      "sample_b%s S1 T6 D%d.0 %%null.0 F4.0 F0.0 F1.0 F2.0 F3.0",
      "sample_l%s S1 T6 D%d.0 %%null.0 F4.0 F0.0 F1.0 F2.0 F3.0",
      "sample_c%s S2 T6 D%d.0 %%null.0 F11.0 F0.0 F1.0 F2.0 F3.0",
      "sample_d%s S1 T6 D%d.0 %%null.0 F0.0 F5.0 F8.0 F1.0 F6.0 F9.0 F2.0 F7.0 F10.0 F3.0",
      "sample_b_c%s S2 T6 D%d.0 %%null.0 F11.0 F4.0 F0.0 F1.0 F2.0 F3.0",
      "sample_l_c%s S2 T6 D%d.0 %%null.0 F11.0 F4.0 F0.0 F1.0 F2.0 F3.0",
      "sample_d_c%s S2 T6 D%d.0 %%null.0 F11.0 F0.0 F5.0 F8.0 F1.0 F6.0 F9.0 F2.0 F7.0 F10.0 F3.0",
      "sample_lz%s S1 T6 D%d.0 %%null.0 F0.0 F1.0 F2.0 F3.0",
      "sample_c_lz%s S2 T6 D%d.0 %%null.0 F11.0 F0.0 F1.0 F2.0 F3.0",
      "lod%s S1 T6 D%d.0 %%null.0 F0.0 F1.0 F2.0 F3.0",
      "load_3d%s T6 D%d.0 %%null.0 I0.0 I1.0 I2.0 I3.0",
      "load_lz%s T6 D%d.0 %%null.0 I0.0 I1.0 I2.0",
      "load_2dms_w%s T7 D%d.0 %%null.0 I4.0 I5.0 I6.0 I0.0 I1.0 I2.0",
      "load_mcs%s T7 D%d.0 %%null.0 I0.0 I1.0 I2.0",
  };
  static const char* kMasks[] = {".R", ".RG", ".RGBA", ".GA", ".B"};
  std::vector<std::string> body;  // one program per instruction: an error stops only its own
  int nd = 0;
  for (const char* t : kSample) {
    const bool hf = r.chance(0.2);
    const std::string mods = std::string(kMasks[r.below(5)]) + " (M1, 16)  0x0:uw";
    char buf[256];
    std::snprintf(buf, sizeof buf, t, mods.c_str(), nd);
    prog += ".decl D" + std::to_string(nd) +
            " v_type=G type=" + (hf ? "hf" : (std::strncmp(t, "load", 4) == 0 ? "ud" : "f")) +
            " num_elts=64 align=GRF\n";
    body.push_back("    " + std::string(buf) + "\n");
    ++nd;
  }
  const unsigned bw = 1u << (r.below(4)), bh = 1 + r.below(4);
  body.push_back("    media_ld.nomod (" + std::to_string(bw * 4 > 32 ? 8 : bw * 4) + "," +
                 std::to_string(bh) + ") T8 0 MX(0,0)<0;1,0> MY(0,0)<0;1,0> MB.0\n");
  const unsigned gs = 1u << r.below(3);
  body.push_back("    gather_scaled." + std::to_string(gs) + " (M1, 16) %slm 0x" +
                 std::to_string(r.below(8)) + ":ud I0.0 I6.0\n");
  std::string regs;
  auto add_reg = [&](const std::string& name, const char* type,
                     const std::vector<std::string>& vals) {
    if (!regs.empty()) regs += ",\n";
    regs += "\"" + name + "\": {\"type\": \"" + type + "\", \"values\": [";
    for (size_t i = 0; i < vals.size(); ++i) regs += (i ? ", " : "") + vals[i];
    regs += "]}";
  };
  const auto& d = s.surface.desc();
  const bool cube = d.type == tu::SurfaceType::kCube || d.type == tu::SurfaceType::kCubeArray;
  std::vector<std::string> v(16);
  std::array<float, 16> base{};
  for (int k = 0; k < kF; ++k) {
    for (int i = 0; i < 16; ++i) {
      float x;
      if (k < 3) {
        x = (i & 3) && r.chance(0.7) ? base[size_t(i & ~3)] + r.uniform(-0.05f, 0.05f)
                                     : input(r, special, cube ? -1.5f : -0.5f, 1.5f);
        base[size_t(i)] = x;
      } else if (k == 3)
        x = input(r, special, -1, 4);
      else if (k == 4)
        x = input(r, special, -3, 8);
      else if (k < 11)
        x = input(r, special, -0.5f, 0.5f);
      else
        x = input(r, special, -0.3f, 1.3f);
      v[size_t(i)] = f32_hex(x);
    }
    add_reg("F" + std::to_string(k), "F", v);
  }
  for (int k = 0; k < kI; ++k) {
    for (int i = 0; i < 16; ++i)
      v[size_t(i)] = std::to_string(k == 5 || k == 6 ? static_cast<uint32_t>(r.next())
                                                     : r.below(k == 4 ? 10 : 20));
    add_reg("I" + std::to_string(k), "UD", v);
  }
  add_reg("MX", "UD", {std::to_string(r.below(64))});
  add_reg("MY", "UD", {std::to_string(r.below(20))});
  std::vector<uint8_t> slm(64 + r.below(64));
  for (auto& b : slm) b = static_cast<uint8_t>(r.next());
  std::string scene =
      "{\"texsim\": 1, \"isa\": \"visa\", \"platform\": \"TGLLP\", \"surfaces\": [" +
      surface_json(6, s.surface) + ", " + surface_json(7, ms.surface) + ", " +
      surface_json(8, m2.surface) + "], \"samplers\": [" + sampler_json(1, s1) + ", " +
      sampler_json(2, s2) + "], \"memory\": {\"slm\": {\"hex\": \"" + hex_of(slm) + "\"}}";
  if (r.chance(0.4))
    scene += ", \"dispatch_mask\": \"0x" + std::to_string(1000 + r.below(8999)) + "\"";
  scene += ", \"registers\": {" + regs + "}}";
  Diagnostics diags;
  auto sc = Scene::load_text(scene, "soak.json", diags);
  if (!sc) {
    Hash& h = line("visa.scene_error", "-", special);
    for (const auto& x : diags) h.bytes(x.message.data(), x.message.size());
    if (std::getenv("SOAK_DEBUG"))
      std::fprintf(stderr, "%s\n%s\n", diags[0].text.c_str(), scene.c_str());
    return;
  }
  for (int p = 0; p < 3; ++p) {
    RunOptions o;
    o.profile = profile_at(p);
    for (size_t k = 0; k < body.size(); ++k) {
      Diagnostics dd;
      const std::string text = prog + body[k];
      const auto rr = run(Isa::kVisa, Source{text, "soak.visaasm"}, *sc, o, dd);
      if (!rr && std::getenv("SOAK_DEBUG"))
        std::fprintf(stderr, "%s\n%s", dd[0].text.c_str(), body[k].c_str());
      hash_run(line("visa.run", kProfiles[p], special), rr, dd,
               k + 2 < body.size()   ? 16
               : k + 1 < body.size() ? bw * bh
                                     : 16);
    }
  }
}

// SASS: TLDS on random 2D / 2D-array surfaces through run().
void route_sass(Rng& r, bool special) {
  Surf s0 = random_surface(r, special, false);
  Surf s1 = random_surface(r, special, false);
  std::string prog;
  static const char* kT[] = {"TLDS.LZ R%d, R%d, R%d, R%d, 0x7, 2D, RGBA ;",
                             "TLDS.LL R%d, R%d, R%d, R%d, 0x7, 2D, RGBA ;",
                             "TLDS.LL.AOFFI RZ, R%d, R%d, R%d, 0x7, 2D, RG ;",
                             "TLDS.F16.LZ R%d, R%d, R%d, R%d, 0x8, ARRAY_2D, RGBA ;",
                             "TLDS.LZ RZ, R%d, R%d, 0x7, 1D, R ;",
                             "TLDS.LZ RZ, R%d, R%d, R%d, 0xa, 2D, R ;",
                             "TLDS.LZ.NODEP.T R%d, R%d, R%d, R%d, 0x9, 2D, RGBA ;"};
  std::string regs;
  int lookups = 0;
  for (int k = 0; k < 12; ++k) {
    const int src = 100 + 4 * k, dst = 4 * (k % 4);
    const int t = static_cast<int>(r.below(7));
    char buf[128];
    if (t == 2 || t == 5)
      std::snprintf(buf, sizeof buf, kT[t], dst, src, src + 2);
    else if (t == 4)
      std::snprintf(buf, sizeof buf, kT[t], dst, src);
    else
      std::snprintf(buf, sizeof buf, kT[t], dst, dst + 2, src, src + 2);
    prog += std::string(buf) + "\n";
    for (int q = 0; q < 4; ++q) {
      regs += ", \"R" + std::to_string(src + q) + "\": " +
              std::to_string(r.chance(0.05) ? static_cast<uint32_t>(r.next())
                                            : r.below(q == 3 ? 0xffff : 24));
    }
    ++lookups;
    // Registers are read back after each instruction: copy nothing, the result registers are
    // overwritten by later ones, so the hash sees every result through the trace below.
  }
  std::string scene = "{\"texsim\": 1, \"isa\": \"sass\", \"platform\": \"SM52\", \"surfaces\": [" +
                      surface_json(0, s0.surface) + ", " + surface_json(1, s1.surface) +
                      "], \"registers\": {\"R8\": 0" + regs +
                      "}, \"const_banks\": {\"1\": {\"words\": {\"0x7\": \"0x00000003\", \"0x8\": "
                      "\"0x00100004\", \"0x9\": \"0x00000014\", \"0xa\": \"0x00000005\"}}}, "
                      "\"tex_bank\": 1, \"texture_headers\": {\"max_index\": 15, \"entries\": "
                      "{\"3\": {\"surface\": 0, \"min_level\": 0, \"max_level\": " +
                      std::to_string(s0.surface.desc().mips - 1) +
                      "}, \"4\": {\"surface\": 1}, \"5\": {\"surface\": 0, \"srgb\": true}}}}";
  Diagnostics diags;
  auto sc = Scene::load_text(scene, "soak.json", diags);
  if (!sc) {
    Hash& h = line("sass.scene_error", "-", special);
    for (const auto& x : diags) h.bytes(x.message.data(), x.message.size());
    if (std::getenv("SOAK_DEBUG")) std::fprintf(stderr, "%s\n", diags[0].text.c_str());
    return;
  }
  RunOptions o;
  o.trace = true;
  Diagnostics dd;
  const auto rr = run(Isa::kSass, Source{prog, "soak.sass"}, *sc, o, dd);
  if (!rr && std::getenv("SOAK_DEBUG"))
    std::fprintf(stderr, "%s\n%s\n", dd[0].text.c_str(), prog.c_str());
  Hash& h = line("sass.run", "-", special);
  hash_run(h, rr, dd, static_cast<size_t>(lookups));
  if (rr)
    for (const auto& t : rr->trace) h.bytes(t.data(), t.size());
}

// render(): a grid or a ground plane, each profile.
void route_render(Rng& r, bool special) {
  Surf s = random_surface(r, special, false);
  const tu::SurfaceView view = s.surface.view();
  if (view.desc.type == tu::SurfaceType::kCube || view.desc.type == tu::SurfaceType::kCubeArray)
    return;
  const tu::SamplerState st = random_sampler(r, special, r.chance(0.2));
  scene::RenderParams p;
  p.width = 8 + r.below(25);
  p.height = 8 + r.below(25);
  p.plane = r.chance(0.5);
  if (r.chance(0.3)) p.lod = special ? input(r, true, -2, 8) : r.uniform(-2, 8);
  p.layer = special ? input(r, true, 0, 4) : r.uniform(0, 4);
  const tu::PrecisionProfile profs[3] = {tu::PrecisionProfile::d3d(), tu::PrecisionProfile::exact(),
                                         tu::PrecisionProfile::lavapipe()};
  for (int k = 0; k < 3; ++k) {
    p.precision = profs[k];
    if (!scene::render_unsupported(view, p).empty()) return;
    const scene::Rendered out = scene::render(view, st, p);
    Hash& h = line("render", kProfiles[k], special);
    for (size_t i = 0; i < out.texels.size(); ++i) hash_texel(h, out.texels[i], out.covered[i]);
    h.val(out.null_tile_pixels);
  }
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t total = 200000, seed = 0x7e25111;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--lookups") == 0 && i + 1 < argc)
      total = std::strtoull(argv[++i], nullptr, 10);
    else if (std::strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
      seed = std::strtoull(argv[++i], nullptr, 0);
    else {
      std::fprintf(stderr, "usage: texsim_hash_soak [--lookups N] [--seed S]\n");
      return 2;
    }
  }
  const auto t0 = std::chrono::steady_clock::now();
  uint64_t done = 0;
  for (uint64_t round = 0; done < total; ++round) {
    Rng r{seed ^ (round * 0x9e3779b97f4a7c15ull)};
    const bool special = round % 5 == 4;  // every fifth round: NaN/Inf/denormal/overflow inputs
    const uint64_t before = [] {
      uint64_t s = 0;
      for (const auto& [k, h] : g_lines) s += h.lookups;
      return s;
    }();
    switch (round % 8) {
      case 0:
      case 3:
      case 6:
        route_api(r, special, 4 + r.below(64) * 4);
        break;
      case 1:
      case 4:
        route_texunit(r, special, 4 + r.below(64) * 4);
        break;
      case 2:
      case 7:
        route_visa(r, special);
        break;
      case 5:
        (round / 8) % 2 ? route_sass(r, special) : route_render(r, special);
        break;
      default:
        break;
    }
    uint64_t after = 0;
    for (const auto& [k, h] : g_lines) after += h.lookups;
    done += after - before + 1;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "texsim_hash_soak: %.1f s\n", secs);
  std::printf("# texsim hash soak: seed 0x%llx, %llu lookups requested\n", (unsigned long long)seed,
              (unsigned long long)total);
  for (const auto& [k, h] : g_lines)
    std::printf("%-44s %016llx %llu\n", k.c_str(), (unsigned long long)h.h,
                (unsigned long long)h.lookups);
  return 0;
}
