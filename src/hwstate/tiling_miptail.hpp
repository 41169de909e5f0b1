// Gfx12.5 Tile64 mip tails: the fixed element offsets, inside one 64 KiB tile, of the levels from
// Mip Tail Start LOD on (Mesa isl.c tables, the ATS-M PRM's "Tiling and Mip Tail" pages). Data
// only.
#pragma once

#include <cstdint>

namespace texsim::hwstate {

// Slots of a mip tail: rows of isl's icl_std_y_2d_miptail_offset_el (2D, cube) and
// acm_tile64_3d_miptail_offset_el (3D) tables. isl's tiling_max_mip_tail: a tail holds at most
// this many levels (isl_get_miptail_base_row is 0 for Tile64).
constexpr uint32_t kTile64MiptailSlots = 15;

struct MiptailOffset {
  uint32_t x = 0;  // elements
  uint32_t y = 0;  // element rows
  uint32_t z = 0;  // z slices (3D only)
};

// Offset of tail slot `slot` (level - Mip Tail Start LOD, < kTile64MiptailSlots) for elements of
// `bytes_per_element` (1, 2, 4, 8 or 16; the table's column is 8 - ffs(bits per element)):
// isl_get_miptail_level_offset_el for ISL_TILING_64.
MiptailOffset tile64_miptail_offset(bool three_d, uint32_t bytes_per_element, uint32_t slot);

}  // namespace texsim::hwstate
