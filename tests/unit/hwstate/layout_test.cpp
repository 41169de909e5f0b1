// Tests for hwstate/layout: for every layout, random surfaces (mips, arrays, 3D, cubes, MSAA,
// compressed and 12-byte formats) whose placement validates: from_linear then to_linear gives the
// original bytes, every byte of every element lands on its own address below surface_bytes, and
// padding is left alone. Plus names and the kLinear identity.
#include "hwstate/layout.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "hwstate/layout_plan.hpp"

namespace texsim::hwstate {
namespace {

using texunit::Format;
using texunit::SurfaceType;

constexpr Format kFormats[] = {Format::kR8_UNORM,           Format::kR8G8_UNORM,
                               Format::kR8G8B8A8_UNORM,     Format::kR16G16B16A16_FLOAT,
                               Format::kR32G32B32A32_FLOAT, Format::kR32G32B32_FLOAT,
                               Format::kBC1_UNORM,          Format::kBC3_UNORM};

PlacedSurface random_surface(std::mt19937& rng, Tiling tiling) {
  auto pick = [&](uint32_t lo, uint32_t hi) {
    return std::uniform_int_distribution<uint32_t>(lo, hi)(rng);
  };
  PlacedSurface s;
  s.tiling.tiling = tiling;
  texunit::SurfaceDesc& d = s.desc;
  d.type = static_cast<SurfaceType>(pick(0, 6));
  d.format = kFormats[pick(0, std::size(kFormats) - 1)];
  d.width = pick(1, 70);
  d.height = (d.type == SurfaceType::k1D || d.type == SurfaceType::k1DArray) ? 1 : pick(1, 70);
  if (d.type == SurfaceType::kCube || d.type == SurfaceType::kCubeArray) d.height = d.width;
  d.depth = d.type == SurfaceType::k3D ? pick(1, 12) : 1;
  const bool arrayed = d.type == SurfaceType::k1DArray || d.type == SurfaceType::k2DArray ||
                       d.type == SurfaceType::kCubeArray;
  d.layers = arrayed ? pick(1, 3) : 1;
  const bool msaa = (d.type == SurfaceType::k2D || d.type == SurfaceType::k2DArray) &&
                    pick(0, 3) == 0 && !texunit::format_info(d.format).is_compressed();
  d.samples = msaa ? 1u << pick(1, 3) : 1;
  d.mips = msaa ? 1 : pick(1, texunit::full_mip_count(d.width, d.height, d.depth));
  s.tiling.halign = 4u << pick(0, 2);
  s.tiling.valign = 4u << pick(0, 2);
  s.tiling.block_height_log2 = static_cast<uint8_t>(pick(0, 5));
  s.tiling.block_depth_log2 = static_cast<uint8_t>(pick(0, 5));
  if (tiling == Tiling::kPitch && pick(0, 1) == 0) {
    s.tiling.row_pitch = 16 * pick(40, 80);  // explicit, often wider than needed
  }
  return s;
}

// The properties on one valid placement: from_linear then to_linear gives the original bytes;
// every byte of every element lands on its own address below surface_bytes; padding keeps 0xa5.
void check_properties(const PlacedSurface& s, std::mt19937& rng) {
  SCOPED_TRACE(std::string(tiling_name(s.tiling.tiling)) + " " +
               std::string(texunit::surface_type_name(s.desc.type)) + " " +
               std::string(texunit::format_info(s.desc.format).name) + " " +
               std::to_string(s.desc.width) + "x" + std::to_string(s.desc.height) + "x" +
               std::to_string(s.desc.depth) + " layers " + std::to_string(s.desc.layers) +
               " mips " + std::to_string(s.desc.mips) + " samples " +
               std::to_string(s.desc.samples));
  const uint64_t total = surface_bytes(s);
  const uint64_t lin_size = texunit::linear_layout(s.desc).total_bytes;
  std::vector<uint8_t> linear(lin_size);
  for (auto& b : linear) b = static_cast<uint8_t>(rng());
  std::vector<uint8_t> memory(total, 0xa5);
  from_linear(s, linear, memory);
  ASSERT_EQ(to_linear(s, memory), linear);
  const LayoutPlan p = plan_layout(s);
  std::vector<bool> owned(total, false);
  uint64_t element_bytes_seen = 0;
  const texunit::SurfaceLayout lin = texunit::linear_layout(s.desc);
  for (uint32_t smp = 0; smp < s.desc.samples; ++smp) {
    for (uint32_t l = 0; l < s.desc.mips; ++l) {
      const LevelPlan& lv = p.tiling == Tiling::kLinear ? LevelPlan{} : p.levels[l];
      const uint32_t w = p.tiling == Tiling::kLinear
                             ? static_cast<uint32_t>(lin.levels[l].row_pitch / p.element_bytes)
                             : lv.width_el;
      const uint32_t h =
          p.tiling == Tiling::kLinear
              ? static_cast<uint32_t>(lin.levels[l].slice_pitch / lin.levels[l].row_pitch)
              : lv.height_el;
      const uint32_t slices = p.is_3d ? lin.levels[l].depth : s.desc.slices();
      for (uint32_t z = 0; z < slices; ++z) {
        for (uint32_t y = 0; y < h; ++y) {
          for (uint32_t x = 0; x < w; ++x) {
            for (uint32_t b = 0; b < p.element_bytes; ++b) {
              const uint64_t o = plan_byte_offset(p, l, z, x, y, smp, b);
              ASSERT_LT(o, total);
              ASSERT_FALSE(owned[o])
                  << "level " << l << " z " << z << " x " << x << " y " << y << " sample " << smp;
              owned[o] = true;
              ++element_bytes_seen;
            }
            ASSERT_EQ(plan_byte_offset(p, l, z, x, y, smp, 0), element_offset(s, l, z, x, y, smp));
          }
        }
      }
    }
  }
  ASSERT_EQ(element_bytes_seen, lin_size);
  for (uint64_t i = 0; i < total; ++i) {
    if (!owned[i]) {
      ASSERT_EQ(memory[i], 0xa5) << i;
    }
  }
}

// Runs the properties on `count` valid random placements of `tiling`.
void check_tiling(Tiling tiling, uint32_t seed, int count) {
  std::mt19937 rng(seed);
  int checked = 0;
  for (int attempt = 0; checked < count && attempt < count * 20; ++attempt) {
    PlacedSurface s = random_surface(rng, tiling);
    core::DiagSink sink;
    if (!validate_placement(s, sink)) continue;
    ++checked;
    check_properties(s, rng);
    if (testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(checked, count) << "too few valid random placements for " << tiling_name(tiling);
}

TEST(Layout, PropertiesLinear) {
  check_tiling(Tiling::kLinear, 1, 60);
}
TEST(Layout, PropertiesPitch) {
  check_tiling(Tiling::kPitch, 2, 60);
}
TEST(Layout, PropertiesBlockLinear) {
  check_tiling(Tiling::kBlockLinear, 3, 60);
}
TEST(Layout, PropertiesTileY) {
  check_tiling(Tiling::kTileY, 4, 60);
}
TEST(Layout, PropertiesTileX) {
  check_tiling(Tiling::kTileX, 7, 60);
}
TEST(Layout, PropertiesTile4) {
  check_tiling(Tiling::kTile4, 5, 60);
}
TEST(Layout, PropertiesTile64) {
  check_tiling(Tiling::kTile64, 6, 30);
}

// Issue 27 (T64): Tile64 mip chains past and inside the mip tail, 3D surfaces with tails and
// several z groups, and 2x..16x multisampled arrays, at 8, 16, 32, 64 and 128 bits per element
// (BC1 and BC3 are 64- and 128-bit blocks), each through the properties above; plus explicit mip
// tail starts (a later start, none).
TEST(Layout, PropertiesTile64MipsThreeDMsaa) {
  std::mt19937 rng(27);
  constexpr Format kSizes[] = {Format::kR8_UNORM,           Format::kR8G8_UNORM,
                               Format::kR8G8B8A8_UNORM,     Format::kR16G16B16A16_FLOAT,
                               Format::kR32G32B32A32_FLOAT, Format::kBC1_UNORM,
                               Format::kBC3_UNORM};
  int checked = 0;
  const auto run = [&](PlacedSurface s) {
    s.tiling.tiling = Tiling::kTile64;
    core::DiagSink sink;
    ASSERT_TRUE(validate_placement(s, sink)) << sink.diagnostics().front().message;
    check_properties(s, rng);
    ++checked;
  };
  for (Format f : kSizes) {
    const bool compressed = texunit::format_info(f).is_compressed();
    PlacedSurface m;  // a mip chain: levels 0.. outside the tail, then the tail
    m.desc = {SurfaceType::k2DArray, f, 260, 130, 1, 2, 9, 1};
    run(m);
    m.desc = {SurfaceType::kCube, f, 40, 40, 1, 1, 6, 1};
    run(m);
    m.desc = {SurfaceType::k2D, f, 260, 130, 1, 1, 9, 1};
    m.tiling.miptail_start = 15;  // no tail
    run(m);
    PlacedSurface v;  // 3D: several z groups, the tail's z offsets
    v.desc = {SurfaceType::k3D, f, 40, 36, 34, 1, 6, 1};
    run(v);
    v.desc = {SurfaceType::k3D, f, 12, 12, 12, 1, 4, 1};
    run(v);
    if (compressed) continue;
    for (uint32_t samples : {2u, 4u, 8u, 16u}) {
      PlacedSurface a;
      a.desc = {SurfaceType::k2DArray, f, 70, 33, 1, 3, 1, samples};
      run(a);
    }
  }
  EXPECT_EQ(checked, 7 * 5 + 5 * 4);
}

TEST(Layout, LinearIsTexunitsLayout) {
  PlacedSurface s;
  s.desc = {SurfaceType::k2DArray, Format::kBC1_UNORM, 16, 8, 1, 2, 2, 1};
  const texunit::SurfaceLayout lin = texunit::linear_layout(s.desc);
  EXPECT_EQ(surface_bytes(s), lin.total_bytes);
  // Level 1 is 8x4 texels: one row of two blocks; block 1 is texel (4, 0).
  EXPECT_EQ(element_offset(s, 1, 1, 1, 0), texunit::texel_byte_offset(s.desc, lin, 0, 1, 1, 4, 0));
  EXPECT_EQ(element_bytes(s), 8u);
}

TEST(Layout, TilingNames) {
  EXPECT_EQ(tiling_name(Tiling::kLinear), "linear");
  EXPECT_EQ(tiling_name(Tiling::kPitch), "pitch");
  EXPECT_EQ(tiling_name(Tiling::kBlockLinear), "block_linear");
  EXPECT_EQ(tiling_name(Tiling::kTileY), "tile_y");
  EXPECT_EQ(tiling_name(Tiling::kTile4), "tile4");
  EXPECT_EQ(tiling_name(Tiling::kTile64), "tile64");
  EXPECT_EQ(tiling_name(Tiling::kTileX), "tile_x");
}

}  // namespace
}  // namespace texsim::hwstate
