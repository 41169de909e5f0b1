// Tests for hwstate/tiling_intel: Intel placements hand-computed from isl.c (GFX4_2D level
// origins of isl_surf_get_image_offset_sa_gfx4_2d, GFX9_1D, the compact QPitch of
// isl_calc_array_pitch_el_rows_gfx4_2d, MSAA array layout) and the tiles' swizzles.
#include <gtest/gtest.h>

#include "hwstate/layout.hpp"
#include "hwstate/layout_plan.hpp"

namespace texsim::hwstate {
namespace {

using texunit::Format;
using texunit::SurfaceType;

PlacedSurface intel(Tiling t, SurfaceType type, Format f, uint32_t w, uint32_t h, uint32_t d = 1,
                    uint32_t layers = 1, uint32_t mips = 1, uint32_t samples = 1) {
  PlacedSurface s;
  s.desc = {type, f, w, h, d, layers, mips, samples};
  s.tiling.tiling = t;
  return s;
}

// RGBA8 16x16, 5 levels, HALIGN = VALIGN = 4: level 1 at (0, 16), level 2 at (8, 16), level 3 at
// (8, 20), level 4 at (8, 24); the slice is max(16, 8 + 4) x max(16 + 8, 16 + 4 + 4 + 4) = 16x28.
TEST(TilingIntel, Gfx4_2dMipOrigins) {
  const PlacedSurface s =
      intel(Tiling::kPitch, SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 16, 16, 1, 2, 5);
  const LayoutPlan p = plan_layout(s);
  const uint32_t want[5][2] = {{0, 0}, {0, 16}, {8, 16}, {8, 20}, {8, 24}};
  for (uint32_t l = 0; l < 5; ++l) {
    EXPECT_EQ(p.levels[l].x_el, want[l][0]) << l;
    EXPECT_EQ(p.levels[l].y_el, want[l][1]) << l;
  }
  EXPECT_EQ(p.slice0_rows, 28u);
  EXPECT_EQ(p.row_pitch, 64u);  // 16 texels x 4 bytes, the smallest pitch
  EXPECT_EQ(p.qpitch, 28u);     // compact: the slice height rounded up to VALIGN
  EXPECT_EQ(element_offset(s, 2, 0, 0, 0), 16u * 64 + 8 * 4);
  EXPECT_EQ(element_offset(s, 2, 1, 1, 1), (28u + 17) * 64 + 9 * 4);
  EXPECT_EQ(surface_bytes(s), 56u * 64);
}

// A given QPitch is used as is; a single level is not padded (isl: levels == 1).
TEST(TilingIntel, QPitchFromTheDescriptor) {
  PlacedSurface s =
      intel(Tiling::kPitch, SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 8, 6, 1, 2);
  EXPECT_EQ(plan_layout(s).qpitch, 8u);  // 6 rounded up to VALIGN 4
  EXPECT_EQ(element_offset(s, 0, 1, 0, 0), 8u * 32);
  s.tiling.qpitch = 12;
  EXPECT_EQ(element_offset(s, 0, 1, 0, 0), 12u * 32);
}

// ISL_MSAA_LAYOUT_ARRAY: sample s of slice a is physical slice a * samples + s.
TEST(TilingIntel, MultisampleArraySlices) {
  const PlacedSurface s =
      intel(Tiling::kPitch, SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 4, 4, 1, 2, 1, 4);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 0, 2), 2u * 4 * 16);
  EXPECT_EQ(element_offset(s, 0, 1, 0, 0, 1), 5u * 4 * 16);
}

// GFX9_1D: levels side by side (R8, 16 wide, HALIGN 4: x 0, 16, 24), one row per array slice.
TEST(TilingIntel, Gfx9_1d) {
  const PlacedSurface s =
      intel(Tiling::kPitch, SurfaceType::k1DArray, Format::kR8_UNORM, 16, 1, 1, 2, 3);
  const LayoutPlan p = plan_layout(s);
  EXPECT_TRUE(p.intel_1d);
  EXPECT_EQ(p.levels[1].x_el, 16u);
  EXPECT_EQ(p.levels[2].x_el, 24u);
  EXPECT_EQ(p.row_pitch, 28u);
  EXPECT_EQ(element_offset(s, 2, 1, 1, 0), 28u + 25);
}

// TileY, RGBA8 64x64: pitch 256 (two tiles); byte 16 is the next 16-byte column (512 bytes on),
// row 32 the next row of tiles.
TEST(TilingIntel, TileYAddresses) {
  const PlacedSurface s = intel(Tiling::kTileY, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64);
  EXPECT_EQ(plan_layout(s).row_pitch, 256u);
  EXPECT_EQ(element_offset(s, 0, 0, 4, 0), 512u);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 1), 16u);
  EXPECT_EQ(element_offset(s, 0, 0, 32, 0), 4096u);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 32), 8192u);
  EXPECT_EQ(surface_bytes(s), 16384u);
}

// Tile4: byte 16 is x4 (bit 6), row 4 is y2 (bit 8), byte 64 is x6 (bit 9).
// TileX: 512 B x 8 rows, each tile row linear (isl_tiled_memcpy.c xtiled_to_linear), tiles
// row-major across the pitch (a multiple of 512).
TEST(TilingIntel, TileXAddresses) {
  const PlacedSurface s = intel(Tiling::kTileX, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 256, 16);
  EXPECT_EQ(plan_layout(s).row_pitch, 1024u);
  EXPECT_EQ(element_offset(s, 0, 0, 1, 0), 4u);
  EXPECT_EQ(element_offset(s, 0, 0, 1, 1), 516u);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 7), 7u * 512);
  EXPECT_EQ(element_offset(s, 0, 0, 128, 0), 4096u);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 8), 8192u);
  EXPECT_EQ(element_offset(s, 0, 0, 129, 9), 8192u + 4096 + 512 + 4);
  EXPECT_EQ(surface_bytes(s), 4u * 4096);
  // Multisampled surfaces must be Y-major (LAYOUT-TILEX-MSAA).
  PlacedSurface msaa = s;
  msaa.desc.samples = 4;
  core::DiagSink sink;
  EXPECT_FALSE(validate_placement(msaa, sink));
  bool named = false;
  for (const auto& d : sink.diagnostics()) named = named || d.rule_id == "LAYOUT-TILEX-MSAA";
  EXPECT_TRUE(named);
}

TEST(TilingIntel, Tile4Addresses) {
  const PlacedSurface s = intel(Tiling::kTile4, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64);
  EXPECT_EQ(element_offset(s, 0, 0, 4, 0), 64u);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 4), 256u);
  EXPECT_EQ(element_offset(s, 0, 0, 16, 0), 512u);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 8), 1024u);
  EXPECT_EQ(element_offset(s, 0, 0, 32, 0), 4096u);
}

// Tile64 at 4 bytes per texel: 128x128 texels per 64 KiB tile; array slices QPitch apart, QPitch
// rounded up to the tile height (decision ML4).
TEST(TilingIntel, Tile64Addresses) {
  const PlacedSurface s =
      intel(Tiling::kTile64, SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 256, 100, 1, 2);
  const LayoutPlan p = plan_layout(s);
  EXPECT_EQ(p.row_pitch, 1024u);
  EXPECT_EQ(p.qpitch, 128u);
  EXPECT_EQ(element_offset(s, 0, 0, 128, 0), 65536u);
  EXPECT_EQ(element_offset(s, 0, 1, 0, 0), 2u * 65536);
  EXPECT_EQ(surface_bytes(s), 4u * 65536);
}

// Issue 27, decision T64: Tile64's 3D, multisampled and mip-tail placements, hand-computed from
// Mesa isl.c. Bit patterns are isl's REV16 swizzle lists (bit 15 first), equal to gmmlib
// CpuSwizzleBlt.c's INTEL_TILE_64_3D_* / _MSAA_* / _MSAA2_*.

// 3D RGBA8, 64x64x32: acm_tile64_3d_32bpp "R3 R2 V4 U6 V3 U5 R1 V2 R0 U4 V1 V0 U3..U0": a tile is
// 128 bytes (32 texels) x 32 rows x 16 slices; z bits 7, 9, 14, 15; x bits 0..3, 6, 10, 12; y bits
// 4, 5, 8, 11, 13. Pitch 256 (two tiles); QPitch 64 rows between groups of 16 slices
// (isl_tiling_get_intratile_offset_el: y_tl += z_tl * array_pitch_tl_rows).
TEST(TilingIntel, Tile64ThreeD) {
  const PlacedSurface s =
      intel(Tiling::kTile64, SurfaceType::k3D, Format::kR8G8B8A8_UNORM, 64, 64, 32);
  const LayoutPlan p = plan_layout(s);
  EXPECT_EQ(p.tile.width_bytes(), 128u);
  EXPECT_EQ(p.tile.height_rows(), 32u);
  EXPECT_EQ(p.tile.depth(), 16u);
  EXPECT_EQ(p.qpitch, 64u);
  EXPECT_EQ(p.miptail_start, 1u);  // 64 texels > 32 - 16: no tail (slot 0 {16, 0, 0})
  EXPECT_EQ(element_offset(s, 0, 1, 0, 0), 128u);        // z0 -> bit 7
  EXPECT_EQ(element_offset(s, 0, 3, 0, 0), 128u + 512);  // z1 -> bit 9
  EXPECT_EQ(element_offset(s, 0, 8, 0, 0), 32768u);      // z3 -> bit 15
  EXPECT_EQ(element_offset(s, 0, 0, 8, 0), 1024u);       // byte 32: x5 -> bit 10
  EXPECT_EQ(element_offset(s, 0, 0, 0, 4), 256u);        // y2 -> bit 8
  EXPECT_EQ(element_offset(s, 0, 1, 8, 0), 1152u);
  EXPECT_EQ(element_offset(s, 0, 0, 32, 0), 65536u);      // the second tile across
  EXPECT_EQ(element_offset(s, 0, 16, 0, 0), 4u * 65536);  // z 16: tile row 64 / 32 = 2
  EXPECT_EQ(surface_bytes(s), 8u * 65536);                // 2 groups x 2 tile rows x 2 tiles
}

// Multisampled RGBA8 (MSS, a sample per physical slice): 4x acm_tile64_2d_32_16bpp_16_8_4msaa
// "V5 V4 U7 U6 V3 V2 U5 S1 S0 U4 V1 V0 U3..U0" holds 4 samples of 64x64 texels (samples: bits 7,
// 8); 8x puts samples 4..7 one QPitch (64 rows = the next tile) further; 2x
// acm_tile64_2d_32_16bpp_2msaa "V6 V5 U7 U6 V4 V3 U5 V2 S0 U4 V1 V0 U3..U0": sample bit 7, 128
// rows.
TEST(TilingIntel, Tile64Multisampled) {
  const PlacedSurface s4 =
      intel(Tiling::kTile64, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64, 1, 1, 1, 4);
  EXPECT_EQ(element_offset(s4, 0, 0, 0, 0, 1), 128u);
  EXPECT_EQ(element_offset(s4, 0, 0, 0, 0, 3), 384u);
  EXPECT_EQ(element_offset(s4, 0, 0, 4, 0, 0), 64u);    // byte 16: x4 -> bit 6
  EXPECT_EQ(element_offset(s4, 0, 0, 0, 4, 0), 1024u);  // y2 -> bit 10
  EXPECT_EQ(surface_bytes(s4), 65536u);
  const PlacedSurface s8 =
      intel(Tiling::kTile64, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64, 1, 1, 1, 8);
  EXPECT_EQ(plan_layout(s8).qpitch, 64u);
  EXPECT_EQ(element_offset(s8, 0, 0, 0, 0, 5), 65536u + 128);
  EXPECT_EQ(surface_bytes(s8), 2u * 65536);
  const PlacedSurface s2 =
      intel(Tiling::kTile64, SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 64, 64, 1, 2, 1, 2);
  EXPECT_EQ(element_offset(s2, 0, 0, 0, 0, 1), 128u);
  EXPECT_EQ(element_offset(s2, 0, 0, 0, 4, 0), 256u);          // y2 -> bit 8
  EXPECT_EQ(element_offset(s2, 0, 1, 0, 0, 1), 65536u + 128);  // layer 1: physical slices 2, 3
}

// Mip tail, RGBA8 64x64 with 7 levels: level 0 fits slot 0 (64x128 beside {64, 0}), so the whole
// chain lies in one tile at icl_std_y_2d_miptail_offset_el's 32 bpb column: {64,0} {0,64} {32,0}
// {0,32} {16,0} {8,16} {0,24}. INTEL_TILE_64_32 "Y Y X X Y Y X Y X X Y Y X X X X": x bits 0..3, 6,
// 7, 9, 12, 13; y bits 4, 5, 8, 10, 11, 14, 15.
TEST(TilingIntel, Tile64MipTailWholeChain) {
  const PlacedSurface s =
      intel(Tiling::kTile64, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64, 1, 1, 7);
  const LayoutPlan p = plan_layout(s);
  EXPECT_EQ(p.miptail_start, 0u);
  EXPECT_EQ(element_offset(s, 0, 0, 0, 0), 8192u);   // byte 256: x8 -> bit 13
  EXPECT_EQ(element_offset(s, 1, 0, 0, 0), 32768u);  // row 64: y6 -> bit 15
  EXPECT_EQ(element_offset(s, 2, 0, 0, 0), 4096u);   // byte 128: x7 -> bit 12
  EXPECT_EQ(element_offset(s, 6, 0, 0, 0), 3072u);   // row 24: y4, y3 -> bits 11, 10
  EXPECT_EQ(surface_bytes(s), 65536u);
}

// RGBA8 256x256, 9 levels: levels 0 and 1 are too wide for slot 0, level 2 (64x64) starts the tail.
// Tile-aligned GFX4_2D: level 1 at (0, 256), the tail's tile at (128, 256) (right of level 1);
// level 2 at +{64, 0}, level 3 at +{0, 64}. The slice is 256 x 384, pitch 1024 (two tiles).
TEST(TilingIntel, Tile64MipTailAfterTwoLevels) {
  const PlacedSurface s =
      intel(Tiling::kTile64, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 256, 256, 1, 1, 9);
  const LayoutPlan p = plan_layout(s);
  EXPECT_EQ(p.miptail_start, 2u);
  EXPECT_EQ(p.levels[2].x_el, 192u);
  EXPECT_EQ(p.levels[2].y_el, 256u);
  EXPECT_EQ(p.levels[3].x_el, 128u);
  EXPECT_EQ(p.levels[3].y_el, 320u);
  EXPECT_EQ(p.slice0_rows, 384u);
  EXPECT_EQ(p.row_pitch, 1024u);
  EXPECT_EQ(element_offset(s, 1, 0, 1, 1), 4u * 65536 + 4 + 16);
  EXPECT_EQ(element_offset(s, 2, 0, 0, 0), 5u * 65536 + 8192);
  EXPECT_EQ(element_offset(s, 3, 0, 0, 0), 5u * 65536 + 32768);
  EXPECT_EQ(surface_bytes(s), 6u * 65536);
}

// 3D mip tail, RGBA8 16x16x16, 5 levels: level 0 fits slot 0 of the 32x32x16 tile ({16, 0, 0});
// acm_tile64_3d_miptail_offset_el's 32 bpb column: {16,0,0} {0,16,0} {0,0,8} {8,0,0} {0,8,0}.
TEST(TilingIntel, Tile64MipTailThreeD) {
  const PlacedSurface s =
      intel(Tiling::kTile64, SurfaceType::k3D, Format::kR8G8B8A8_UNORM, 16, 16, 16, 1, 5);
  EXPECT_EQ(plan_layout(s).miptail_start, 0u);
  EXPECT_EQ(element_offset(s, 0, 1, 0, 0), 4096u + 128);  // byte 64: x6 -> bit 12; z0 -> bit 7
  EXPECT_EQ(element_offset(s, 1, 0, 0, 0), 8192u);        // row 16: y4 -> bit 13
  EXPECT_EQ(element_offset(s, 2, 0, 0, 0), 32768u);       // z 8: z3 -> bit 15
  EXPECT_EQ(element_offset(s, 2, 1, 0, 0), 32768u + 128);
  EXPECT_EQ(surface_bytes(s), 65536u);
}

// 3D on Gfx9+: GFX4_2D per z slice, QPitch a multiple of the tile height when tiled.
TEST(TilingIntel, ThreeDTileY) {
  const PlacedSurface s =
      intel(Tiling::kTileY, SurfaceType::k3D, Format::kR8G8B8A8_UNORM, 8, 8, 4, 1, 2);
  const LayoutPlan p = plan_layout(s);
  EXPECT_EQ(p.slice0_rows, 12u);  // 8 + 4
  EXPECT_EQ(p.qpitch, 32u);
  EXPECT_EQ(p.physical_slices, 4u);
  // z 1 of level 1: rows 32 + 8, x 0: tile row 1 (pitch 128 = one tile), row 8 inside.
  EXPECT_EQ(element_offset(s, 1, 1, 0, 0), 4096u + 8 * 16);
}

}  // namespace
}  // namespace texsim::hwstate
