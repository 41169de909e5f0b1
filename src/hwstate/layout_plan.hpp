// A surface placement worked out once: per-level origins, pitches, tile shapes and sizes, so that
// element addresses cost a few shifts each. layout.cpp, access.cpp and the tests share it; the
// geometry of each vendor lives in tiling_intel.cpp and tiling_nvidia.cpp. Depends on texunit.
#pragma once

#include <cstdint>
#include <vector>

#include "hwstate/layout.hpp"
#include "hwstate/tiling_swizzle.hpp"

namespace texsim::hwstate {

struct LevelPlan {
  uint32_t width_el = 0;   // elements (texels, or blocks of compressed formats)
  uint32_t height_el = 0;  // element rows (1 for 1D)
  uint32_t depth = 1;      // z slices (3D), 1 otherwise
  // Intel (GFX4_2D / GFX9_1D): the level's origin inside an array slice, in elements / rows.
  uint32_t x_el = 0;
  uint32_t y_el = 0;
  uint32_t z_el = 0;  // Intel Tile64 3D: the tail slot's z offset (isl_get_miptail_level_offset_el)
  // NVIDIA block-linear: the level inside one layer.
  uint64_t offset = 0;      // bytes from the layer's start
  uint32_t row_bytes = 0;   // width in bytes rounded up to whole blocks
  uint32_t rows = 0;        // height in rows rounded up to whole blocks
  uint8_t gobs_x_log2 = 0;  // this level's block shape (nil tiling.rs, Tiling::clamp)
  uint8_t gobs_y_log2 = 0;
  uint8_t gobs_z_log2 = 0;
};

struct LayoutPlan {
  Tiling tiling = Tiling::kLinear;
  uint32_t element_bytes = 0;
  uint32_t block_width = 1;  // texels per element, 4 for BCn
  uint32_t block_height = 1;
  uint32_t samples = 1;
  bool is_3d = false;
  bool intel_1d = false;       // ISL_DIM_LAYOUT_GFX9_1D (1D surfaces, linear)
  uint32_t sample_grid_w = 1;  // NVIDIA: samples of a pixel side by side (nil SampleLayout)
  uint32_t sample_grid_h = 1;
  uint32_t row_pitch = 0;           // Intel and pitch-linear: bytes per element row
  uint32_t qpitch = 0;              // Intel: element rows between physical array slices
  uint32_t slice0_rows = 0;         // Intel: rows of one slice's mip layout
  uint32_t slice0_row_bytes = 0;    // Intel: bytes of one slice's widest row of the mip layout
  uint32_t physical_slices = 1;     // Intel: array slices x samples, or depth (3D)
  uint32_t slice_groups = 1;        // Intel: physical slices / the tile's depth, rounded up
  uint32_t miptail_start = 0;       // Intel Tile64: first level of the mip tail (mips: none)
  uint64_t layer_bytes = 0;         // NVIDIA: bytes of one layer's mip chain
  uint64_t array_pitch = 0;         // NVIDIA: bytes between layers
  uint64_t level0_block_bytes = 0;  // NVIDIA: bytes of level 0's block
  TileSwizzle tile;                 // Intel tiled layouts
  std::vector<LevelPlan> levels;
  texunit::SurfaceLayout linear;  // kLinear
  uint64_t total_bytes = 0;
};

// Works the placement out. The placement need not be valid: the plan then describes what the
// fields say (validate_placement reports whether the hardware accepts it).
LayoutPlan plan_layout(const PlacedSurface& s);
void plan_intel(const PlacedSurface& s, LayoutPlan& plan);   // tiling_intel.cpp
void plan_nvidia(const PlacedSurface& s, LayoutPlan& plan);  // tiling_nvidia.cpp

// Byte offset from the base of byte `byte` of element (x, y) (elements, as element_offset) of
// the given level, slice or z, and sample. Bytes of one element are contiguous in runs of
// gcd(element_bytes, 16): every layout here swizzles at 16-byte granularity or coarser.
uint64_t plan_byte_offset(const LayoutPlan& p, uint32_t level, uint32_t slice_or_z, uint32_t x,
                          uint32_t y, uint32_t sample, uint32_t byte);
uint64_t intel_byte_offset(const LayoutPlan& p, uint32_t level, uint32_t slice_or_z, uint32_t x,
                           uint32_t y, uint32_t sample, uint32_t byte);
uint64_t nvidia_byte_offset(const LayoutPlan& p, uint32_t level, uint32_t slice_or_z, uint32_t x,
                            uint32_t y, uint32_t sample, uint32_t byte);

// Bytes of an element that are contiguous in memory in every layout: gcd(element_bytes, 16).
uint32_t contiguous_run(uint32_t element_bytes);

// The position of sample `s` in NVIDIA's pixel grid of `samples` samples (nil image.rs,
// SampleLayout::sa_offset for the layout choose_sample_layout picks). 16x is not modelled.
struct SampleOffset {
  uint32_t x = 0;
  uint32_t y = 0;
};
SampleOffset nvidia_sample_offset(uint32_t samples, uint32_t s);

}  // namespace texsim::hwstate
