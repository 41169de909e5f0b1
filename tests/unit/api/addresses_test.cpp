// Tests for the public sample_addresses (include/texsim/lookup.hpp, src/api/lookup.cpp): the same
// results as sample(), every read's address as hwstate's layout gives it, distinct aligned lines,
// and the errors of a bad line size or placement.
#include <gtest/gtest.h>

#include <algorithm>
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
  texsim_address_trace_destroy(trace);

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

}  // namespace
