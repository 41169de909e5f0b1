// NVIDIA block-linear layout (Maxwell and later): levels one after another inside a layer, each
// with its block shape clamped to the level's size, layers at the array pitch, samples in a pixel
// grid, and the GOB swizzle inside each 512-byte GOB. Follows Mesa src/nouveau/nil (image.rs,
// tiling.rs, copy.rs); depends on texunit only.
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

#include "hwstate/layout_plan.hpp"

namespace texsim::hwstate {
namespace {

constexpr uint32_t kGobWidthLog2 = 6;   // 64 bytes (nil tiling.rs, GOBType::Fermi8)
constexpr uint32_t kGobHeightLog2 = 3;  // 8 rows
constexpr uint32_t kGobBytesLog2 = kGobWidthLog2 + kGobHeightLog2;

uint64_t align_up(uint64_t v, uint64_t a) {
  return (v + a - 1) / a * a;
}
uint32_t ceil_log2(uint32_t v) {
  return v <= 1 ? 0 : static_cast<uint32_t>(std::bit_width(v - 1));
}

// nil tiling.rs, Tiling::clamp, "done by the hardware at each LOD": no wider blocks than one GOB
// when the level is smaller than a block in any direction; block height and depth at most the
// level's height in GOBs and depth, rounded up to a power of two.
void clamp_block(LevelPlan& lv, uint32_t width_bytes, uint32_t rows, uint32_t depth,
                 const TilingParams& t) {
  uint32_t x = t.block_width_log2, y = t.block_height_log2, z = t.block_depth_log2;
  if (width_bytes < (1u << (kGobWidthLog2 + x)) || rows < (1u << (kGobHeightLog2 + y)) ||
      depth < (1u << z)) {
    x = 0;
  }
  y = std::min(y, ceil_log2((rows + 7) / 8));
  z = std::min(z, ceil_log2(depth));
  lv.gobs_x_log2 = static_cast<uint8_t>(x);
  lv.gobs_y_log2 = static_cast<uint8_t>(y);
  lv.gobs_z_log2 = static_cast<uint8_t>(z);
}

}  // namespace

SampleOffset nvidia_sample_offset(uint32_t samples, uint32_t s) {
  // nil image.rs: choose_sample_layout picks 2x1 "D3D" (2x), 2x2 (4x), 4x2 "D3D" (8x), 4x4 (16x,
  // whose order nil leaves unknown: validate_placement rejects it).
  static constexpr std::array<SampleOffset, 8> k4x2D3d = {
      {{2, 0}, {1, 1}, {3, 1}, {1, 0}, {0, 1}, {0, 0}, {2, 1}, {3, 0}}};
  switch (samples) {
    case 2:
      return {1 - s, 0};
    case 4:
      return {s & 1, s >> 1};
    case 8:
      return k4x2D3d[s & 7];
    case 16:
      return {s & 3, s >> 2};
    default:
      return {0, 0};
  }
}

void plan_nvidia(const PlacedSurface& s, LayoutPlan& p) {
  const texunit::SurfaceDesc& d = s.desc;
  switch (d.samples) {
    case 2:
      p.sample_grid_w = 2;
      break;
    case 4:
      p.sample_grid_w = 2, p.sample_grid_h = 2;
      break;
    case 8:
      p.sample_grid_w = 4, p.sample_grid_h = 2;
      break;
    case 16:
      p.sample_grid_w = 4, p.sample_grid_h = 4;
      break;
    default:
      break;
  }
  // nil image.rs, Image::new: each level's extent in bytes (samples widen the pixel), rounded up
  // to its clamped block; levels packed one after another; the layer stride rounded up to
  // level 0's block.
  uint64_t offset = 0;
  for (uint32_t l = 0; l < d.mips; ++l) {
    LevelPlan& lv = p.levels[l];
    const uint32_t width_bytes = lv.width_el * p.element_bytes * p.sample_grid_w;
    const uint32_t rows = lv.height_el * p.sample_grid_h;
    clamp_block(lv, width_bytes, rows, lv.depth, s.tiling);
    lv.row_bytes =
        static_cast<uint32_t>(align_up(width_bytes, 1u << (kGobWidthLog2 + lv.gobs_x_log2)));
    lv.rows = static_cast<uint32_t>(align_up(rows, 1u << (kGobHeightLog2 + lv.gobs_y_log2)));
    const uint64_t depth = align_up(lv.depth, 1u << lv.gobs_z_log2);
    lv.offset = offset;
    offset += uint64_t{lv.row_bytes} * lv.rows * depth;
  }
  p.layer_bytes = offset;
  const LevelPlan& l0 = p.levels[0];
  p.level0_block_bytes = uint64_t{1}
                         << (kGobBytesLog2 + l0.gobs_x_log2 + l0.gobs_y_log2 + l0.gobs_z_log2);
  p.array_pitch = s.tiling.array_pitch != 0 ? s.tiling.array_pitch
                                            : align_up(p.layer_bytes, p.level0_block_bytes);
  const uint32_t layers = p.is_3d ? 1 : d.slices();
  p.total_bytes = p.array_pitch * (layers - 1) + p.layer_bytes;
}

uint64_t nvidia_byte_offset(const LayoutPlan& p, uint32_t level, uint32_t slice_or_z, uint32_t x,
                            uint32_t y, uint32_t sample, uint32_t byte) {
  const LevelPlan& lv = p.levels[level];
  const SampleOffset so = nvidia_sample_offset(p.samples, sample);
  const uint32_t xb = (x * p.sample_grid_w + so.x) * p.element_bytes + byte;
  const uint32_t row = y * p.sample_grid_h + so.y;
  const uint32_t z = p.is_3d ? slice_or_z : 0;
  const uint64_t layer = p.is_3d ? 0 : slice_or_z;
  const uint32_t bx = lv.gobs_x_log2, by = lv.gobs_y_log2, bz = lv.gobs_z_log2;
  const uint32_t block_w_log2 = kGobWidthLog2 + bx, block_h_log2 = kGobHeightLog2 + by;
  const uint64_t blocks_w = lv.row_bytes >> block_w_log2;
  const uint64_t blocks_h = lv.rows >> block_h_log2;
  // Blocks in x, then y, then z order; GOBs inside a block likewise (nil copy.rs, BlockPointer).
  const uint64_t block =
      ((uint64_t{z >> bz} * blocks_h + (row >> block_h_log2)) * blocks_w) + (xb >> block_w_log2);
  const uint32_t gob_x = (xb >> kGobWidthLog2) & ((1u << bx) - 1);
  const uint32_t gob_y = (row >> kGobHeightLog2) & ((1u << by) - 1);
  const uint32_t gob_z = z & ((1u << bz) - 1);
  const uint64_t gob = (((uint64_t{gob_z} << by) + gob_y) << bx) + gob_x;
  static const TileSwizzle kGob = gob_swizzle();
  return layer * p.array_pitch + lv.offset + (block << (kGobBytesLog2 + bx + by + bz)) +
         (gob << kGobBytesLog2) + kGob.offset(xb & 63u, row & 7u);
}

}  // namespace texsim::hwstate
