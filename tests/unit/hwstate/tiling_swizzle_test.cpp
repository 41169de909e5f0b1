// Tests for hwstate/tiling_swizzle: each tile's swizzle against the formula its public source
// writes (cited per test), and that every swizzle is a bijection on its tile.
#include "hwstate/tiling_swizzle.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace texsim::hwstate {
namespace {

// Every (x, y) of the tile maps to a different byte inside it.
void expect_bijection(const TileSwizzle& s) {
  std::vector<bool> seen(s.size_bytes(), false);
  for (uint32_t y = 0; y < s.height_rows(); ++y) {
    for (uint32_t x = 0; x < s.width_bytes(); ++x) {
      const uint32_t o = s.offset(x, y);
      ASSERT_LT(o, s.size_bytes());
      ASSERT_FALSE(seen[o]) << "x " << x << " y " << y;
      seen[o] = true;
    }
  }
}

TEST(TilingSwizzle, DepositBits) {
  EXPECT_EQ(deposit_bits(0b101, 0b11010), 0b10010u);
  EXPECT_EQ(deposit_bits(0xff, 0), 0u);
  EXPECT_EQ(deposit_bits(0b11, 0x80000001u), 0x80000001u);
}

// yuzu/nouveau GOB address: ((x % 64) / 32) * 256 + ((y % 8) / 2) * 64 + ((x % 32) / 16) * 32 +
// (y % 2) * 16 + (x % 16), the same as nil copy.rs's bit list x5 y2 y1 x4 y0 x3 x2 x1 x0.
TEST(TilingSwizzle, GobMatchesTheFormula) {
  const TileSwizzle g = gob_swizzle();
  ASSERT_EQ(g.width_bytes(), 64u);
  ASSERT_EQ(g.height_rows(), 8u);
  for (uint32_t y = 0; y < 8; ++y) {
    for (uint32_t x = 0; x < 64; ++x) {
      const uint32_t want =
          (x / 32) * 256 + (y / 2) * 64 + ((x % 32) / 16) * 32 + (y % 2) * 16 + (x % 16);
      ASSERT_EQ(g.offset(x, y), want) << x << "," << y;
    }
  }
  EXPECT_EQ(g.offset(16, 0), 32u);
  EXPECT_EQ(g.offset(0, 1), 16u);
  EXPECT_EQ(g.offset(63, 7), 511u);
}

// isl_tiled_memcpy.c, ytiled_to_linear: (x % 16) + (x / 16) * (16 * 32) + y * 16.
TEST(TilingSwizzle, TileYMatchesIsl) {
  const TileSwizzle t = tile_y_swizzle();
  ASSERT_EQ(t.width_bytes(), 128u);
  ASSERT_EQ(t.height_rows(), 32u);
  for (uint32_t y = 0; y < 32; ++y) {
    for (uint32_t x = 0; x < 128; ++x) {
      ASSERT_EQ(t.offset(x, y), (x % 16) + (x / 16) * 512 + y * 16) << x << "," << y;
    }
  }
  expect_bijection(t);
}

// isl_tiled_memcpy.c, linear_to_tile4: xsb = (x % 16) + (x / 16) * 64, Y = (y / 4) * 256 +
// (y % 4) * 16; offset = ALIGN_DOWN(Y, 512) + ALIGN_DOWN(xsb, 256) + xsb + Y.
TEST(TilingSwizzle, Tile4MatchesIsl) {
  const TileSwizzle t = tile4_swizzle();
  ASSERT_EQ(t.width_bytes(), 128u);
  ASSERT_EQ(t.height_rows(), 32u);
  for (uint32_t y = 0; y < 32; ++y) {
    for (uint32_t x = 0; x < 128; ++x) {
      const uint32_t xsb = (x % 16) + (x / 16) * 64;
      const uint32_t yo = (y / 4) * 256 + (y % 4) * 16;
      const uint32_t want = (yo / 512) * 512 + (xsb / 256) * 256 + xsb + yo;
      ASSERT_EQ(t.offset(x, y), want) << x << "," << y;
    }
  }
  expect_bijection(t);
}

// gmmlib INTEL_TILE_64_*: 64 KiB tiles of 256x256 (8 bpp), 256x128 (16), 128x128 (32),
// 128x64 (64) and 64x64 (128 bpp) elements; their low 12 bits are Tile4's.
TEST(TilingSwizzle, Tile64ShapesAndTile4Prefix) {
  const struct {
    uint32_t bpe, width_el, height;
  } kCases[] = {{1, 256, 256}, {2, 256, 128}, {4, 128, 128}, {8, 128, 64}, {16, 64, 64}};
  const TileSwizzle t4 = tile4_swizzle();
  for (const auto& c : kCases) {
    const TileSwizzle t = tile64_swizzle(c.bpe);
    EXPECT_EQ(t.size_bytes(), 65536u);
    EXPECT_EQ(t.width_bytes(), c.width_el * c.bpe) << c.bpe;
    EXPECT_EQ(t.height_rows(), c.height) << c.bpe;
    expect_bijection(t);
    for (uint32_t y = 0; y < 32; ++y) {
      for (uint32_t x = 0; x < 128; ++x) ASSERT_EQ(t.offset(x, y), t4.offset(x, y));
    }
  }
  // INTEL_TILE_64_32 "Y Y X X Y Y X Y X X Y Y X X X X" (bit 15 first): x7, x8 are bits 12, 13;
  // y5, y6 are bits 14, 15.
  const TileSwizzle t32 = tile64_swizzle(4);
  EXPECT_EQ(t32.offset(128, 0), 1u << 12);
  EXPECT_EQ(t32.offset(0, 32), 1u << 14);
  EXPECT_EQ(t32.offset(256, 0), 1u << 13);
  EXPECT_EQ(t32.offset(0, 64), 1u << 15);
}

}  // namespace
}  // namespace texsim::hwstate
