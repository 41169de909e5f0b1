// Tests for the public sample_addresses (include/texsim/lookup.hpp, src/api/lookup.cpp): the same
// results as sample(), every read's address as hwstate's layout gives it, distinct aligned lines,
// and the errors of a bad line size or placement.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "hwstate/layout.hpp"
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
