// The address bits inside one tile or GOB: NVIDIA's 512-byte GOB and Intel's TileX, TileY, Tile4
// and Tile64 tiles (Tile64's 3D and multisampled shapes too), as bit-deposit masks over (byte x,
// row y, z slice or sample). Pure arithmetic; depends on nothing.
#pragma once

#include <cstdint>

namespace texsim::hwstate {

// One tile shape: which offset bits take the successive bits of the byte column x, of the row y
// and of the third coordinate z (deposited lowest bit first, like the x86 PDEP instruction), and
// the tile's extent. z is the z slice of a 3D tile or the sample of a multisampled one (gmmlib's
// 'Z' and 'S', isl's R() and S(): SwizzleOffset's OffsetZ, "3D slices or MSAA samples as
// appropriate"); 2D tiles have no z bits.
struct TileSwizzle {
  uint32_t x_mask = 0;       // offset bits fed by x (bytes), lowest first
  uint32_t y_mask = 0;       // offset bits fed by y (rows)
  uint32_t z_mask = 0;       // offset bits fed by z (slices or samples)
  uint32_t width_log2 = 0;   // bytes
  uint32_t height_log2 = 0;  // rows
  uint32_t depth_log2 = 0;   // z slices or samples one tile holds

  uint32_t width_bytes() const { return 1u << width_log2; }
  uint32_t height_rows() const { return 1u << height_log2; }
  uint32_t depth() const { return 1u << depth_log2; }
  uint32_t size_bytes() const { return 1u << (width_log2 + height_log2 + depth_log2); }
  // Offset inside the tile of byte (x, y) of z slice or sample z, x < width_bytes(),
  // y < height_rows(), z < depth().
  uint32_t offset(uint32_t x, uint32_t y, uint32_t z = 0) const;
};

// Deposits the low bits of `value` into the set bits of `mask`, lowest first (PDEP).
uint32_t deposit_bits(uint32_t value, uint32_t mask);

// NVIDIA Maxwell+ GOB, 64 B x 8 rows: offset bits [8..0] = x5 y2 y1 x4 y0 x3 x2 x1 x0
// (Mesa src/nouveau/nil/copy.rs, the "pixel address" bit interleave; CopyGOBTuring2D).
TileSwizzle gob_swizzle();
// Intel legacy TileY, 128 B x 32 rows in 16 B columns: bits [11..0] = x6 x5 x4 y4 y3 y2 y1 y0 x3
// x2 x1 x0 (isl_tiled_memcpy.c, ytiled_to_linear: (x % 16) + (x / 16) * 512 + y * 16).
TileSwizzle tile_y_swizzle();
// Intel legacy TileX, 512 B x 8 rows, each row of the tile linear: bits [11..0] = y2 y1 y0 x8 .. x0
// (isl_tiled_memcpy.c, xtiled_to_linear: a tile row is 512 contiguous bytes; isl_tiling_get_info,
// ISL_TILING_X: 512 B x 8 rows).
TileSwizzle tile_x_swizzle();
// Intel Tile4, 128 B x 32 rows: bits [11..0] = y4 y3 x6 y2 x5 x4 y1 y0 x3 x2 x1 x0
// (isl_tiled_memcpy.c, linear_to_tile4's cell diagram; gmmlib CpuSwizzleBlt.c, INTEL_TILE_4).
TileSwizzle tile4_swizzle();
// Intel Gfx12.5 Tile64, 64 KiB, by bytes per element (1, 2, 4, 8, 16), for 2D (and cube) surfaces
// of `samples` samples or for 3D surfaces (Mesa isl.c, isl_tiling_get_info, ISL_TILING_64: the
// acm_tile64_2d_*, acm_tile64_2d_*_2msaa, acm_tile64_2d_*_16_8_4msaa and acm_tile64_3d_* swizzles;
// bit for bit gmmlib CpuSwizzleBlt.c's INTEL_TILE_64_*, _MSAA2_*, _MSAA_* and _3D_* of the
// XE_HP_SDV list). A multisampled tile holds 2 samples (2x) or 4 (4x, 8x, 16x): samples past the
// fourth lie in further tiles (isl_tiling_get_intratile_offset_el). gmmlib's "Tile64 updated
// layout" INTEL_TILE_64_V2_* are Xe2's (isl's xe2_tile64_*, ISL_TILING_64_XE2), not these (T64-1).
// Other element sizes take the 8/16-byte shape so that an invalid placement can be planned.
TileSwizzle tile64_swizzle(uint32_t bytes_per_element, bool three_d = false, uint32_t samples = 1);

}  // namespace texsim::hwstate
