// Tests for hwstate/tiling_swizzle: each tile's swizzle against the formula its public source
// writes (cited per test), and that every swizzle is a bijection on its tile.
#include "hwstate/tiling_swizzle.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace texsim::hwstate {
namespace {

// Every (x, y, z) of the tile maps to a different byte inside it.
void expect_bijection(const TileSwizzle& s) {
  std::vector<bool> seen(s.size_bytes(), false);
  for (uint32_t z = 0; z < s.depth(); ++z) {
    for (uint32_t y = 0; y < s.height_rows(); ++y) {
      for (uint32_t x = 0; x < s.width_bytes(); ++x) {
        const uint32_t o = s.offset(x, y, z);
        ASSERT_LT(o, s.size_bytes());
        ASSERT_FALSE(seen[o]) << "x " << x << " y " << y << " z " << z;
        seen[o] = true;
      }
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

// Issue 27 (T64): Tile64's 3D and multisampled tiles (isl.c acm_tile64_3d_*, _2msaa,
// _16_8_4msaa; gmmlib INTEL_TILE_64_3D_*, _MSAA2_*, _MSAA_*): extents in elements x rows x z
// slices or samples, 64 KiB each, bijections, 16-byte runs (x bits 3..0) as contiguous_run assumes.
TEST(TilingSwizzle, Tile64ThreeDAndMultisampleShapes) {
  const struct {
    uint32_t bpe;
    bool three_d;
    uint32_t samples, width_el, height, depth;
  } kCases[] = {{1, true, 1, 64, 32, 32},  {2, true, 1, 32, 32, 32},  {4, true, 1, 32, 32, 16},
                {8, true, 1, 32, 16, 16},  {16, true, 1, 16, 16, 16}, {1, false, 2, 128, 256, 2},
                {4, false, 2, 64, 128, 2}, {16, false, 2, 32, 64, 2}, {1, false, 4, 128, 128, 4},
                {2, false, 8, 128, 64, 4}, {8, false, 16, 64, 32, 4}, {16, false, 16, 32, 32, 4}};
  for (const auto& c : kCases) {
    SCOPED_TRACE(std::to_string(c.bpe) + (c.three_d ? " 3D" : " MSAA ") +
                 std::to_string(c.samples));
    const TileSwizzle t = tile64_swizzle(c.bpe, c.three_d, c.samples);
    EXPECT_EQ(t.size_bytes(), 65536u);
    EXPECT_EQ(t.width_bytes(), c.width_el * c.bpe);
    EXPECT_EQ(t.height_rows(), c.height);
    EXPECT_EQ(t.depth(), c.depth);
    EXPECT_EQ(t.x_mask & 0xfu, 0xfu);
    expect_bijection(t);
  }
  // acm_tile64_3d_32bpp "R3 R2 V4 U6 V3 U5 R1 V2 R0 U4 V1 V0 U3 U2 U1 U0" (bit 15 first).
  const TileSwizzle t3 = tile64_swizzle(4, true);
  EXPECT_EQ(t3.z_mask, 0xc280u);
  EXPECT_EQ(t3.y_mask, 0x2930u);
  EXPECT_EQ(t3.x_mask, 0x144fu);
  // acm_tile64_2d_32_16bpp_16_8_4msaa "V5 V4 U7 U6 V3 V2 U5 S1 S0 U4 V1 V0 U3 U2 U1 U0".
  const TileSwizzle m4 = tile64_swizzle(4, false, 4);
  EXPECT_EQ(m4.z_mask, 0x0180u);
  EXPECT_EQ(m4.y_mask, 0xcc30u);
  EXPECT_EQ(m4.x_mask, 0x324fu);
  EXPECT_EQ(m4.offset(0, 0, 3), 0x180u);
  // acm_tile64_2d_8bpp_2msaa "V7 V6 V5 U6 V4 V3 U5 V2 S0 U4 V1 V0 U3 U2 U1 U0": sample bit 7.
  EXPECT_EQ(tile64_swizzle(1, false, 2).z_mask, 0x80u);
  // Single-sampled 2D stays INTEL_TILE_64_*: no z bits.
  EXPECT_EQ(tile64_swizzle(4).z_mask, 0u);
}

}  // namespace
}  // namespace texsim::hwstate
