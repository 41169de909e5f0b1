// Tests for the public sample_addresses (include/texsim/lookup.hpp, src/api/lookup.cpp): the same
// results as sample(), every read's address as hwstate's layout gives it, distinct aligned lines,
// and the errors of a bad line size or placement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "hwstate/layout.hpp"
#include "texsim/texsim.h"
#include "texsim/texsim.hpp"

namespace {

struct Lanes {
  std::vector<float> u, v;
  std::vector<uint32_t> r, g, b, a;
  explicit Lanes(size_t n) : u(n), v(n), r(n), g(n), b(n), a(n) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> d(0.05f, 0.95f);
    for (size_t i = 0; i < n; ++i) u[i] = d(rng), v[i] = d(rng);
  }
  texsim::Results results() { return {r, g, b, a, {}}; }
};

texsim::Surface noisy(uint32_t w, uint32_t h) {
  texsim::Diagnostics d;
  texsim::SurfaceDesc desc;
  desc.width = w;
  desc.height = h;
  auto s = texsim::Surface::create(desc, d);
  EXPECT_TRUE(s.has_value());
  std::mt19937 rng(3);
  for (uint8_t& byte : s->mutable_bytes()) byte = static_cast<uint8_t>(rng());
  return *s;
}

TEST(ApiAddresses, SameResultsAndTheLayoutsAddresses) {
  const texsim::Surface s = noisy(64, 64);
  const size_t n = 16;
  Lanes in(n), ref(n);
  texsim::SampleLanes l;
  l.count = n;
  l.u = in.u, l.v = in.v;
  texsim::Diagnostics d;
  ASSERT_TRUE(texsim::sample(s, texsim::Sampler{}, l, ref.results(), {}, d).ok);
  texsim::Placement p;
  p.tiling = texsim::Tiling::kTileY;
  p.base_address = 0x40000;
  texsim::AddressTrace trace;
  ASSERT_TRUE(
      texsim::sample_addresses(s, texsim::Sampler{}, l, in.results(), {}, p, 64, trace, d).ok);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(in.r, ref.r);
  EXPECT_EQ(in.a, ref.a);
  ASSERT_EQ(trace.reads.size(), 4 * n);  // bilinear, level 0, inside the surface
  texsim::hwstate::PlacedSurface placed;
  placed.desc.width = placed.desc.height = 64;
  placed.tiling.tiling = texsim::hwstate::Tiling::kTileY;
  for (const texsim::TexelAddress& a : trace.reads) {
    EXPECT_EQ(a.address, 0x40000 + texsim::hwstate::element_offset(placed, a.level, a.slice_or_z,
                                                                   a.x, a.y, a.sample));
    EXPECT_EQ(a.bytes, 4u);
    const uint64_t line = a.address & ~uint64_t{63};
    EXPECT_NE(std::find(trace.lines.begin(), trace.lines.end(), line), trace.lines.end());
  }
  std::vector<uint64_t> sorted = trace.lines;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
}

// Each read names the lane that read it: a bilinear lane reads the 2x2 texels around its own
// coordinates (clamped, inside a 64x64 surface), lane by lane, and lane_offsets delimit them.
void expect_bilinear_lanes(const texsim::AddressTrace& trace, const Lanes& in, size_t n) {
  ASSERT_EQ(trace.lane_offsets.size(), n + 1);
  for (size_t i = 0; i < n; ++i) {
    ASSERT_EQ(trace.lane_offsets[i], 4 * i) << i;
    const auto x0 = static_cast<uint32_t>(std::floor(in.u[i] * 64.0f - 0.5f));
    const auto y0 = static_cast<uint32_t>(std::floor(in.v[i] * 64.0f - 0.5f));
    for (size_t k = 4 * i; k < 4 * i + 4; ++k) {
      const texsim::TexelAddress& a = trace.reads[k];
      EXPECT_EQ(a.lane, i) << k;
      EXPECT_TRUE(a.x == x0 || a.x == x0 + 1) << "lane " << i << " read x " << a.x;
      EXPECT_TRUE(a.y == y0 || a.y == y0 + 1) << "lane " << i << " read y " << a.y;
    }
  }
}

TEST(ApiAddresses, ReadsCarryTheirLane) {
  const texsim::Surface s = noisy(64, 64);
  const size_t n = 12;
  Lanes in(n);
  texsim::SampleLanes l;
  l.count = n;
  l.u = in.u, l.v = in.v;
  texsim::Sampler smp;
  smp.min_filter = smp.mag_filter = texsim::Filter::kLinear;
  texsim::Diagnostics d;
  texsim::AddressTrace trace;
  ASSERT_TRUE(texsim::sample_addresses(s, smp, l, in.results(), {}, {}, 64, trace, d).ok);
  expect_bilinear_lanes(trace, in, n);
  EXPECT_EQ(trace.lane_offsets[n], trace.reads.size());
}

// lavapipe's groups restage placed quads (quad_x / quad_y): the quads run in another order and
// a padding quad completes the group, yet every read is tagged with the caller's lane, the reads
// come back lane by lane, and the padding lanes' reads (kNoLane) follow them.
TEST(ApiAddresses, RestagedQuadsKeepTheCallersLanes) {
  const texsim::Surface s = noisy(64, 64);
  const size_t n = 12;  // three quads; a group of 8 lanes holds two
  Lanes in(n);
  texsim::SampleLanes l;
  l.op = texsim::SampleOp::kImplicit;
  l.count = n;
  l.u = in.u, l.v = in.v;
  // Group 0 runs quad 1 then quad 0; group 1 quad 2 and a padding quad.
  const std::vector<uint32_t> qx = {1, 0, 2}, qy = {0, 0, 0};
  l.quad_x = qx, l.quad_y = qy;
  texsim::Sampler smp;
  smp.min_filter = smp.mag_filter = texsim::Filter::kLinear;
  texsim::SampleOptions o;
  o.profile = texsim::Profile::kLavapipe;
  o.lavapipe_groups = true;
  o.lavapipe_group_lanes = 8;
  o.lavapipe_masked_lanes = true;  // the padding quad takes part, and reads
  texsim::Diagnostics d;
  texsim::AddressTrace trace;
  ASSERT_TRUE(texsim::sample_addresses(s, smp, l, in.results(), o, {}, 64, trace, d).ok)
      << (d.empty() ? "" : d[0].message);
  expect_bilinear_lanes(trace, in, n);
  EXPECT_EQ(trace.reads.size(), trace.lane_offsets[n] + 16);  // the padding quad's 4 x 4 reads
  for (size_t k = trace.lane_offsets[n]; k < trace.reads.size(); ++k)
    EXPECT_EQ(trace.reads[k].lane, texsim::TexelAddress::kNoLane) << k;
}

// Each lane's own lines (lane_lines) are the distinct lines of its reads; the message's lines are
// their union in lane order (decision MT4).
TEST(ApiAddresses, LaneLinesAreEachLanesOwn) {
  const texsim::Surface s = noisy(64, 64);
  const size_t n = 16;
  Lanes in(n);
  texsim::SampleLanes l;
  l.count = n;
  l.u = in.u, l.v = in.v;
  texsim::Placement p;
  p.tiling = texsim::Tiling::kPitch;
  p.base_address = 0x10000;
  texsim::AddressTrace t;
  texsim::Diagnostics d;
  ASSERT_TRUE(texsim::sample_addresses(s, texsim::Sampler{}, l, in.results(), {}, p, 32, t, d).ok);
  ASSERT_EQ(t.lane_line_offsets.size(), n + 1);
  std::vector<uint64_t> all;
  for (size_t i = 0; i < n; ++i) {
    std::vector<uint64_t> want;
    for (size_t k = t.lane_offsets[i]; k < t.lane_offsets[i + 1]; ++k) {
      const uint64_t line = t.reads[k].address & ~uint64_t{31};
      if (std::find(want.begin(), want.end(), line) == want.end()) want.push_back(line);
    }
    const std::vector<uint64_t> got(
        t.lane_lines.begin() + static_cast<long>(t.lane_line_offsets[i]),
        t.lane_lines.begin() + static_cast<long>(t.lane_line_offsets[i + 1]));
    EXPECT_EQ(got, want) << i;
    for (uint64_t line : got)
      if (std::find(all.begin(), all.end(), line) == all.end()) all.push_back(line);
  }
  EXPECT_EQ(t.lines, all);
}

// fetch_addresses: pitch-linear address = base + y * pitch + x * bpp; out-of-bounds lanes read
// nothing; the results are fetch()'s.
TEST(ApiAddresses, FetchAddressesArePitchLinear) {
  const texsim::Surface s = noisy(16, 16);
  std::vector<uint32_t> x{9, 0, 99}, y{5, 15, 0};
  texsim::FetchLanes l;
  l.count = 3;
  l.x = x, l.y = y;
  Lanes out(3), ref(3);
  texsim::Diagnostics d;
  ASSERT_TRUE(texsim::fetch(s, l, ref.results(), {}, d).ok);
  texsim::Placement p;
  p.tiling = texsim::Tiling::kPitch;
  p.row_pitch = 128;
  p.base_address = 0x10000;
  texsim::AddressTrace t;
  ASSERT_TRUE(texsim::fetch_addresses(s, l, out.results(), {}, p, 64, t, d).ok);
  EXPECT_EQ(out.r, ref.r);
  EXPECT_EQ(out.g, ref.g);
  ASSERT_EQ(t.reads.size(), 2u);
  EXPECT_EQ(t.reads[0].address, 0x10000u + 5 * 128 + 9 * 4);
  EXPECT_EQ(t.reads[1].address, 0x10000u + 15 * 128);
  EXPECT_EQ(t.lane_offsets, (std::vector<size_t>{0, 1, 2, 2}));
  EXPECT_EQ(t.lane_lines, (std::vector<uint64_t>{0x10280, 0x10780}));
  texsim::Diagnostics bad;
  EXPECT_FALSE(texsim::fetch_addresses(s, l, out.results(), {}, p, 48, t, bad).ok);
  ASSERT_FALSE(bad.empty());
  EXPECT_EQ(bad[0].rule, "ACCESS-LINE-SIZE");
}

TEST(ApiAddresses, BadLineSizeAndPlacementAreDiagnosed) {
  const texsim::Surface s = noisy(64, 64);
  Lanes in(4);
  texsim::SampleLanes l;
  l.count = 4;
  l.u = in.u, l.v = in.v;
  texsim::AddressTrace trace;
  texsim::Diagnostics d;
  texsim::Placement p;
  p.tiling = texsim::Tiling::kTile4;
  EXPECT_FALSE(
      texsim::sample_addresses(s, texsim::Sampler{}, l, in.results(), {}, p, 48, trace, d).ok);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule, "ACCESS-LINE-SIZE");
  d.clear();
  p.base_address = 0x100;
  EXPECT_FALSE(
      texsim::sample_addresses(s, texsim::Sampler{}, l, in.results(), {}, p, 64, trace, d).ok);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule, "LAYOUT-BASE-ALIGN");
  EXPECT_TRUE(trace.reads.empty());
}

}  // namespace

namespace {

// The C API gives the C++ API's results and trace; its placement defaults are Placement{}'s.
TEST(ApiAddresses, CMatchesCpp) {
  const texsim_placement def = texsim_placement_default();
  const texsim::Placement cpp_def;
  EXPECT_EQ(def.struct_size, sizeof(texsim_placement));
  EXPECT_EQ(def.tiling, TEXSIM_TILING_LINEAR);
  EXPECT_EQ(def.halign, cpp_def.halign);
  EXPECT_EQ(def.valign, cpp_def.valign);
  EXPECT_EQ(def.qpitch, 0u);

  const size_t n = 8;
  Lanes in(n), c(n);
  texsim_surface_desc desc = texsim_surface_desc_default();
  desc.width = desc.height = 64;
  const texsim::Surface cpp_surface = noisy(64, 64);
  texsim_surface* surface = nullptr;
  const auto bytes = cpp_surface.bytes();
  ASSERT_EQ(texsim_surface_create(&desc, bytes.data(), bytes.size(), &surface), TEXSIM_OK);
  texsim_sampler smp = texsim_sampler_default();
  texsim_sample_lanes lanes = texsim_sample_lanes_default();
  lanes.count = n;
  lanes.u = c.u.data();
  lanes.v = c.v.data();
  texsim_results out = texsim_results_default();
  out.r = c.r.data(), out.g = c.g.data(), out.b = c.b.data(), out.a = c.a.data();
  texsim_placement pl = texsim_placement_default();
  pl.tiling = TEXSIM_TILING_BLOCK_LINEAR;
  pl.block_height_log2 = 4;
  pl.base_address = 0x200000;
  texsim_address_trace* trace = nullptr;
  ASSERT_EQ(texsim_sample_addresses(surface, &smp, &lanes, &out, nullptr, &pl, 32, &trace, nullptr),
            TEXSIM_OK);

  texsim::SampleLanes l;
  l.count = n;
  l.u = in.u, l.v = in.v;
  texsim::Placement p;
  p.tiling = texsim::Tiling::kBlockLinear;
  p.block_height_log2 = 4;
  p.base_address = 0x200000;
  texsim::AddressTrace want;
  texsim::Diagnostics d;
  ASSERT_TRUE(
      texsim::sample_addresses(cpp_surface, texsim::Sampler{}, l, in.results(), {}, p, 32, want, d)
          .ok);
  EXPECT_EQ(c.r, in.r);
  ASSERT_EQ(texsim_address_trace_read_count(trace), want.reads.size());
  const texsim_texel_address* reads = texsim_address_trace_reads(trace);
  for (size_t i = 0; i < want.reads.size(); ++i) {
    EXPECT_EQ(reads[i].address, want.reads[i].address) << i;
    EXPECT_EQ(reads[i].x, want.reads[i].x) << i;
    EXPECT_EQ(reads[i].y, want.reads[i].y) << i;
    EXPECT_EQ(reads[i].bytes, 4u);
  }
  ASSERT_EQ(texsim_address_trace_line_count(trace), want.lines.size());
  EXPECT_TRUE(std::equal(want.lines.begin(), want.lines.end(), texsim_address_trace_lines(trace)));
  ASSERT_EQ(texsim_address_trace_lane_count(trace), n);
  EXPECT_TRUE(std::equal(want.lane_offsets.begin(), want.lane_offsets.end(),
                         texsim_address_trace_lane_offsets(trace)));
  EXPECT_EQ(want.lane_offsets[n], want.reads.size());
  texsim_address_trace_destroy(trace);
  EXPECT_EQ(texsim_address_trace_lane_count(nullptr), 0u);
  EXPECT_EQ(texsim_address_trace_lane_offsets(nullptr), nullptr);

  const int bad_tiling = 9;  // what a C caller may store in the enum field
  std::memcpy(&pl.tiling, &bad_tiling, sizeof bad_tiling);
  trace = nullptr;
  EXPECT_EQ(texsim_sample_addresses(surface, &smp, &lanes, &out, nullptr, &pl, 32, &trace, nullptr),
            TEXSIM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(trace, nullptr);
  pl.tiling = TEXSIM_TILING_TILE4;
  pl.base_address = 0x100;  // not tile-aligned
  EXPECT_EQ(texsim_sample_addresses(surface, &smp, &lanes, &out, nullptr, &pl, 32, &trace, nullptr),
            TEXSIM_ERROR_DIAGNOSTICS);
  EXPECT_EQ(trace, nullptr);
  texsim_surface_destroy(surface);
}

// texsim_fetch_addresses and the per-lane lines match the C++ API (pitch-linear, 64-byte lines).
TEST(ApiAddresses, CFetchAndLaneLinesMatchCpp) {
  const texsim::Surface cpp_surface = noisy(16, 16);
  texsim_surface_desc desc = texsim_surface_desc_default();
  desc.width = desc.height = 16;
  texsim_surface* surface = nullptr;
  const auto bytes = cpp_surface.bytes();
  ASSERT_EQ(texsim_surface_create(&desc, bytes.data(), bytes.size(), &surface), TEXSIM_OK);
  std::vector<uint32_t> x{9, 0, 99, 15}, y{5, 15, 0, 15};
  Lanes c(4), in(4);
  texsim_fetch_lanes lanes = texsim_fetch_lanes_default();
  lanes.count = 4;
  lanes.x = x.data(), lanes.y = y.data();
  texsim_results out = texsim_results_default();
  out.r = c.r.data(), out.g = c.g.data(), out.b = c.b.data(), out.a = c.a.data();
  texsim_placement pl = texsim_placement_default();
  pl.tiling = TEXSIM_TILING_PITCH;
  pl.row_pitch = 128;
  pl.base_address = 0x10000;
  texsim_address_trace* trace = nullptr;
  ASSERT_EQ(texsim_fetch_addresses(surface, &lanes, &out, nullptr, &pl, 64, &trace, nullptr),
            TEXSIM_OK);
  texsim::FetchLanes l;
  l.count = 4;
  l.x = x, l.y = y;
  texsim::Placement p;
  p.tiling = texsim::Tiling::kPitch;
  p.row_pitch = 128;
  p.base_address = 0x10000;
  texsim::AddressTrace want;
  texsim::Diagnostics d;
  ASSERT_TRUE(texsim::fetch_addresses(cpp_surface, l, in.results(), {}, p, 64, want, d).ok);
  EXPECT_EQ(c.r, in.r);
  ASSERT_EQ(texsim_address_trace_read_count(trace), 3u);  // lane 2 is out of bounds
  EXPECT_EQ(texsim_address_trace_reads(trace)[0].address, 0x10000u + 5 * 128 + 9 * 4);
  EXPECT_TRUE(std::equal(want.lane_line_offsets.begin(), want.lane_line_offsets.end(),
                         texsim_address_trace_lane_line_offsets(trace)));
  EXPECT_TRUE(std::equal(want.lane_lines.begin(), want.lane_lines.end(),
                         texsim_address_trace_lane_lines(trace)));
  EXPECT_EQ(want.lane_lines,
            (std::vector<uint64_t>{0x10280, 0x10780, 0x10780}));  // lanes 1, 3 share a line
  texsim_address_trace_destroy(trace);
  EXPECT_EQ(texsim_address_trace_lane_line_offsets(nullptr), nullptr);
  EXPECT_EQ(texsim_address_trace_lane_lines(nullptr), nullptr);
  trace = nullptr;
  EXPECT_EQ(texsim_fetch_addresses(surface, &lanes, &out, nullptr, &pl, 100, &trace, nullptr),
            TEXSIM_ERROR_DIAGNOSTICS);
  EXPECT_EQ(trace, nullptr);
  EXPECT_EQ(texsim_fetch_addresses(surface, &lanes, &out, nullptr, &pl, 64, nullptr, nullptr),
            TEXSIM_ERROR_INVALID_ARGUMENT);
  texsim_surface_destroy(surface);
}

}  // namespace

namespace {

std::string placed_scene(const std::string& placement) {
  return R"({"texsim": 1, "surfaces": [
  {"id": 0, "type": "2d", "format": "R8G8B8A8_UNORM", "width": 64, "height": 64},
  {"id": 1, "type": "2d", "format": "R8G8B8A8_UNORM", "width": 64, "height": 64,
   "placement": )" +
         placement + R"(}]})";
}

// A scene surface's "placement" reaches the public API as the Placement it names.
TEST(ScenePlacement, LoadsAndReachesTheApi) {
  texsim::Diagnostics d;
  const auto scene = texsim::Scene::load_text(
      placed_scene(R"({"tiling": "block_linear", "address": "0x200000", "block_height_log2": 3})"),
      "s.json", d);
  ASSERT_TRUE(scene.has_value()) << (d.empty() ? "" : d[0].message);
  EXPECT_FALSE(scene->placement(0).has_value());
  EXPECT_FALSE(scene->placement(7).has_value());
  const auto p = scene->placement(1);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->tiling, texsim::Tiling::kBlockLinear);
  EXPECT_EQ(p->base_address, 0x200000u);
  EXPECT_EQ(p->block_height_log2, 3u);
  EXPECT_EQ(p->halign, 4u);  // untouched fields keep Placement{}'s values

  // Texel (4, 9) of a 64x64 RGBA8 block-linear surface with 8-GOB blocks: byte column 16, row 9:
  // GOB row 1 (offset 512), in-GOB (y % 8 = 1): (1 % 2) * 16 + (16 / 16 % 2) * 32 = 48.
  texsim::Diagnostics d2;
  const auto surface = scene->surface(1);
  ASSERT_TRUE(surface.has_value());
  std::vector<uint32_t> x = {4}, y = {9}, r(1), g(1), b(1), a(1);
  Lanes in(1);
  in.u[0] = 4.5f / 64.0f;
  in.v[0] = 9.5f / 64.0f;
  texsim::SampleLanes l;
  l.count = 1;
  l.u = in.u, l.v = in.v;
  texsim::Sampler point;
  point.min_filter = point.mag_filter = texsim::Filter::kPoint;
  texsim::AddressTrace trace;
  ASSERT_TRUE(texsim::sample_addresses(*surface, point, l, in.results(), {}, *p, 64, trace, d2).ok);
  ASSERT_EQ(trace.reads.size(), 1u);
  EXPECT_EQ(trace.reads[0].address, 0x200000u + 512 + 48);
}

// Placements are checked at load with the JSON path of the key: names, keys, LAYOUT-* rules.
TEST(ScenePlacement, ErrorsNameThePlacement) {
  const auto first = [](const std::string& placement) {
    texsim::Diagnostics d;
    EXPECT_FALSE(texsim::Scene::load_text(placed_scene(placement), "s.json", d).has_value());
    return d.empty() ? texsim::Diagnostic{} : d[0];
  };
  texsim::Diagnostic e = first(R"({"tiling": "blocklinear"})");
  EXPECT_NE(e.message.find("surfaces[1].placement.tiling"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("did you mean block_linear"), std::string::npos) << e.message;
  EXPECT_EQ(e.line, 4u);
  e = first(R"({"tiling": "tile4", "address": "0x100"})");
  EXPECT_EQ(e.rule, "LAYOUT-BASE-ALIGN");
  EXPECT_NE(e.message.find("surfaces[1].placement"), std::string::npos) << e.message;
  EXPECT_EQ(e.line, 4u);
  e = first(R"({"tiling": "pitch", "row_pitch": 100})");
  EXPECT_EQ(e.rule, "LAYOUT-PITCH-SMALL");
  e = first(R"({"tiling": "pitch", "pitch": 256})");
  EXPECT_EQ(e.rule, "SCENE-KEY");
  e = first(R"({"address": 0})");
  EXPECT_NE(e.message.find("tiling"), std::string::npos) << e.message;
  e = first(R"({"tiling": "block_linear", "block_height_log2": 300})");
  EXPECT_NE(e.message.find("block_height_log2"), std::string::npos) << e.message;
}

}  // namespace
