// Tests for hwstate/tiling_nvidia: block-linear offsets hand-computed from the rules of Mesa's nil
// (image.rs Image::new: packed levels, layer stride rounded up to level 0's block; tiling.rs
// Tiling::clamp; copy.rs: blocks and GOBs in x, y, z order, GOB bits x5 y2 y1 x4 y0 x3..x0).
#include <gtest/gtest.h>

#include "hwstate/layout.hpp"
#include "hwstate/layout_plan.hpp"

namespace texsim::hwstate {
namespace {

using texunit::Format;
using texunit::SurfaceType;

PlacedSurface bl(SurfaceType t, Format f, uint32_t w, uint32_t h, uint32_t d = 1,
                 uint32_t layers = 1, uint32_t mips = 1, uint32_t samples = 1) {
  PlacedSurface s;
  s.desc = {t, f, w, h, d, layers, mips, samples};
  s.tiling.tiling = Tiling::kBlockLinear;
  return s;
}

// RGBA8 64x64, 16 GOBs per block asked: the level is 8 GOBs high, so the block clamps to 8 GOBs
// (64 B x 64 rows = 4096 B); 256 B per row = 4 blocks across.
TEST(TilingNvidia, Level0BlockClampAndGobOrder) {
  PlacedSurface s = bl(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 64);
  s.tiling.block_height_log2 = 4;
  const LayoutPlan p = plan_layout(s);
  EXPECT_EQ(p.levels[0].gobs_y_log2, 3);
  EXPECT_EQ(element_offset(s, 0, 0, 16, 0), 4096u);  // byte 64: second block
  EXPECT_EQ(element_offset(s, 0, 0, 0, 8), 512u);    // row 8: second GOB of the block
  EXPECT_EQ(element_offset(s, 0, 0, 1, 1), 20u);     // byte 4 of row 1: y0 -> bit 4
  EXPECT_EQ(element_offset(s, 0, 0, 4, 0), 32u);     // byte 16: x4 -> bit 5
  EXPECT_EQ(element_offset(s, 0, 0, 0, 2), 64u);     // row 2: y1 -> bit 6
  EXPECT_EQ(element_offset(s, 0, 0, 8, 0), 256u);    // byte 32: x5 -> bit 8
  EXPECT_EQ(surface_bytes(s), 16384u);
}

// Mips: level 0 256 B x 64 rows (8 GOBs) = 16384; level 1 128 B x 32 rows, block 4 GOBs: 4096
// at 16384; level 2 64 B x 16 rows, block 2 GOBs: 1024 at 20480. Layer 21504 rounded up to level
// 0's 4096-byte block: array pitch 24576.
TEST(TilingNvidia, MipsPackAndLayerStride) {
  PlacedSurface s = bl(SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 64, 64, 1, 2, 3);
  s.tiling.block_height_log2 = 4;
  const LayoutPlan p = plan_layout(s);
  EXPECT_EQ(p.levels[1].offset, 16384u);
  EXPECT_EQ(p.levels[1].gobs_y_log2, 2);
  EXPECT_EQ(p.levels[2].offset, 20480u);
  EXPECT_EQ(p.levels[2].gobs_y_log2, 1);
  EXPECT_EQ(p.layer_bytes, 21504u);
  EXPECT_EQ(p.array_pitch, 24576u);
  EXPECT_EQ(element_offset(s, 2, 1, 0, 8), 24576u + 20480u + 512u);
  EXPECT_EQ(surface_bytes(s), 24576u + 21504u);
}

// 3D R8 64x16x8, 2 GOBs high and 4 deep: block 64 B x 16 rows x 4 slices = 4096 B; z inside the
// block selects GOB (z << 1) + gob_y.
TEST(TilingNvidia, ThreeDBlocks) {
  PlacedSurface s = bl(SurfaceType::k3D, Format::kR8_UNORM, 64, 16, 8);
  s.tiling.block_height_log2 = 1;
  s.tiling.block_depth_log2 = 2;
  EXPECT_EQ(element_offset(s, 0, 1, 0, 0), 1024u);  // z 1: GOB 2
  EXPECT_EQ(element_offset(s, 0, 0, 0, 8), 512u);   // row 8: GOB 1
  EXPECT_EQ(element_offset(s, 0, 3, 0, 8), 3584u);  // GOB 7
  EXPECT_EQ(element_offset(s, 0, 4, 0, 0), 4096u);  // z 4: the next block in z
  EXPECT_EQ(surface_bytes(s), 8192u);
}

// Samples widen the pixel (nil SampleLayout): 4x is 2x2 (sample 3 at (1, 1)); 8x is the D3D
// 4x2 order (sample 0 at (2, 0)); 2x is the D3D 2x1 order (sample 0 at (1, 0)).
TEST(TilingNvidia, SampleGrid) {
  PlacedSurface s4 = bl(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 1, 1, 4);
  EXPECT_EQ(element_offset(s4, 0, 0, 0, 0, 3), 20u);  // byte 4, row 1
  PlacedSurface s8 = bl(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 1, 1, 8);
  EXPECT_EQ(element_offset(s8, 0, 0, 0, 0, 0), 8u);
  EXPECT_EQ(element_offset(s8, 0, 0, 0, 0, 5), 0u);
  PlacedSurface s2 = bl(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 1, 1, 2);
  EXPECT_EQ(element_offset(s2, 0, 0, 0, 0, 0), 4u);
  EXPECT_EQ(element_offset(s2, 0, 0, 0, 0, 1), 0u);
}

// BC1: elements are 8-byte 4x4 blocks; a 12-byte element straddles the 16-byte swizzle unit.
TEST(TilingNvidia, CompressedAndTwelveByteElements) {
  PlacedSurface bc = bl(SurfaceType::k2D, Format::kBC1_UNORM, 16, 16);
  EXPECT_EQ(element_offset(bc, 0, 0, 1, 0), 8u);
  EXPECT_EQ(element_offset(bc, 0, 0, 0, 1), 16u);
  PlacedSurface f3 = bl(SurfaceType::k2D, Format::kR32G32B32_FLOAT, 8, 8);
  const LayoutPlan p = plan_layout(f3);
  EXPECT_EQ(plan_byte_offset(p, 0, 0, 1, 0, 0, 0), 12u);
  EXPECT_EQ(plan_byte_offset(p, 0, 0, 1, 0, 0, 4), 32u);  // byte 16 of the row: x4 -> bit 5
  EXPECT_EQ(contiguous_run(12), 4u);
}

}  // namespace
}  // namespace texsim::hwstate
