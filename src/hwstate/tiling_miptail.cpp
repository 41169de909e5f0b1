// The Tile64 mip-tail slot tables, as Mesa isl.c gives them (MIT; themselves the ATS-M PRM Vol. 5
// "Tiling and Mip Tail for 2D Surfaces" / "... 3D Surfaces" tables). Pure data.
#include "hwstate/tiling_miptail.hpp"

#include <bit>
#include <cassert>

namespace texsim::hwstate {
namespace {

// isl.c icl_std_y_2d_miptail_offset_el: {x, y} in elements, columns 128, 64, 32, 16, 8 bpb. Used
// for ISL_TILING_64 2D surfaces (isl_get_miptail_level_offset_el).
constexpr uint8_t kTail2d[kTile64MiptailSlots][5][2] = {
    {{32, 0}, {64, 0}, {64, 0}, {128, 0}, {128, 0}}, {{0, 32}, {0, 32}, {0, 64}, {0, 64}, {0, 128}},
    {{16, 0}, {32, 0}, {32, 0}, {64, 0}, {64, 0}},   {{0, 16}, {0, 16}, {0, 32}, {0, 32}, {0, 64}},
    {{8, 0}, {16, 0}, {16, 0}, {32, 0}, {32, 0}},    {{4, 8}, {8, 8}, {8, 16}, {16, 16}, {16, 32}},
    {{0, 12}, {0, 12}, {0, 24}, {0, 24}, {0, 48}},   {{0, 8}, {0, 8}, {0, 16}, {0, 16}, {0, 32}},
    {{4, 4}, {8, 4}, {8, 8}, {16, 8}, {16, 16}},     {{4, 0}, {8, 0}, {8, 0}, {16, 0}, {16, 0}},
    {{0, 4}, {0, 4}, {0, 8}, {0, 8}, {0, 16}},       {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}},
    {{1, 0}, {2, 0}, {0, 4}, {0, 4}, {0, 4}},        {{2, 0}, {4, 0}, {4, 0}, {8, 0}, {0, 8}},
    {{3, 0}, {6, 0}, {4, 4}, {8, 4}, {0, 12}},
};

// isl.c acm_tile64_3d_miptail_offset_el: {x, y, z}, same columns.
constexpr uint8_t kTail3d[kTile64MiptailSlots][5][3] = {
    {{8, 0, 0}, {16, 0, 0}, {16, 0, 0}, {16, 0, 0}, {32, 0, 0}},
    {{0, 8, 0}, {0, 8, 0}, {0, 16, 0}, {0, 16, 0}, {0, 16, 0}},
    {{0, 0, 8}, {0, 0, 8}, {0, 0, 8}, {0, 0, 16}, {0, 0, 16}},
    {{4, 0, 0}, {8, 0, 0}, {8, 0, 0}, {8, 0, 0}, {16, 0, 0}},
    {{0, 4, 0}, {0, 4, 0}, {0, 8, 0}, {0, 8, 0}, {0, 8, 0}},
    {{2, 0, 4}, {4, 0, 4}, {4, 0, 4}, {0, 4, 8}, {0, 4, 8}},
    {{1, 0, 4}, {2, 0, 4}, {0, 4, 4}, {0, 0, 12}, {0, 0, 12}},
    {{0, 0, 4}, {0, 0, 4}, {0, 0, 4}, {0, 0, 8}, {0, 0, 8}},
    {{3, 0, 0}, {6, 0, 0}, {4, 4, 0}, {0, 4, 4}, {0, 4, 4}},
    {{2, 0, 0}, {4, 0, 0}, {4, 0, 0}, {0, 4, 0}, {0, 4, 0}},
    {{1, 0, 0}, {2, 0, 0}, {0, 4, 0}, {0, 0, 4}, {0, 0, 4}},
    {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}},
    {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {0, 0, 1}},
    {{0, 0, 2}, {0, 0, 2}, {0, 0, 2}, {0, 0, 2}, {0, 0, 2}},
    {{0, 0, 3}, {0, 0, 3}, {0, 0, 3}, {0, 0, 3}, {0, 0, 3}},
};

}  // namespace

MiptailOffset tile64_miptail_offset(bool three_d, uint32_t bytes_per_element, uint32_t slot) {
  assert(slot < kTile64MiptailSlots);
  // isl: col = 8 - ffs(bpb): 128 bpb -> 0 ... 8 bpb -> 4. Other sizes cannot be tiled
  // (LAYOUT-TILED-BPP); they take the nearest column so that an invalid placement plans.
  const uint32_t bits = std::bit_floor(bytes_per_element == 0 ? 1u : bytes_per_element) * 8;
  const uint32_t col = bits >= 128 ? 0 : 7 - static_cast<uint32_t>(std::countr_zero(bits));
  if (three_d) return {kTail3d[slot][col][0], kTail3d[slot][col][1], kTail3d[slot][col][2]};
  return {kTail2d[slot][col][0], kTail2d[slot][col][1], 0};
}

}  // namespace texsim::hwstate
