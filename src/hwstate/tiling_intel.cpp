// Intel surface layouts: GFX4_2D mip placement (every 2D, cube and, on Gfx9+, 3D surface) with
// Tile64's mip tail, the GFX9_1D placement of 1D surfaces, QPitch, row pitch, and the linear /
// TileX / TileY / Tile4 / Tile64 address of an element. Follows Mesa src/intel/isl/isl.c; depends
// on texunit only.
#include <algorithm>
#include <cassert>

#include "hwstate/layout_plan.hpp"
#include "hwstate/tiling_miptail.hpp"

namespace texsim::hwstate {
namespace {

uint32_t align_up(uint32_t v, uint32_t a) {
  return a == 0 ? v : (v + a - 1) / a * a;
}
uint32_t div_up(uint32_t v, uint32_t d) {
  return (v + d - 1) / d;
}
bool is_1d(texunit::SurfaceType t) {
  return t == texunit::SurfaceType::k1D || t == texunit::SurfaceType::k1DArray;
}

TileSwizzle intel_tile(Tiling t, const LayoutPlan& p) {
  switch (t) {
    case Tiling::kTileX:
      return tile_x_swizzle();
    case Tiling::kTileY:
      return tile_y_swizzle();
    case Tiling::kTile4:
      return tile4_swizzle();
    case Tiling::kTile64:
      return tile64_swizzle(p.element_bytes, p.is_3d, p.samples);
    default:
      return {};  // pitch-linear: no tile
  }
}

// The level origins' alignment in texels. Tile64: one tile (isl_gfx125_choose_image_alignment_el:
// RENDER_SURFACE_STATE's HALIGN "is ignored for Tile64 surface formats because horizontal
// alignment is always to the start of the next tile", and the vertical alignment is a tile height
// too); the other layouts: the HALIGN / VALIGN fields.
struct Align {
  uint32_t w = 4;
  uint32_t h = 4;
};
Align level_align(const PlacedSurface& s, const LayoutPlan& p) {
  if (s.tiling.tiling != Tiling::kTile64)
    return {std::max(1u, s.tiling.halign), std::max(1u, s.tiling.valign)};
  return {p.tile.width_bytes() / std::max(1u, p.element_bytes) * p.block_width,
          p.tile.height_rows() * p.block_height};
}

// isl_choose_miptail_start_level for ISL_TILING_64 without CCS: the first level whose extent in
// elements (level 0's, minified) fits the tile beside tail slot 0; none for multisampled surfaces
// (tiling_max_mip_tail: 0) or when no level fits.
uint32_t default_miptail_start(const PlacedSurface& s, const LayoutPlan& p) {
  const texunit::SurfaceDesc& d = s.desc;
  if (d.samples > 1) return d.mips;
  const MiptailOffset slot0 = tile64_miptail_offset(p.is_3d, p.element_bytes, 0);
  const uint32_t tw = p.tile.width_bytes() / std::max(1u, p.element_bytes);
  const uint32_t w0 = div_up(d.width, p.block_width), h0 = div_up(d.height, p.block_height);
  const uint32_t d0 = p.is_3d ? d.depth : 1;
  for (uint32_t l = 0; l < d.mips; ++l) {
    if (texunit::mip_extent(w0, l) <= tw - slot0.x &&
        texunit::mip_extent(h0, l) <= p.tile.height_rows() - slot0.y &&
        texunit::mip_extent(d0, l) <= p.tile.depth() - slot0.z)
      return l;
  }
  return d.mips;
}

// isl get_image_offset_sa_gfx4_2d and isl_calc_phys_slice0_extent_sa_gfx4_2d: level 0 at the top
// left, level 1 below it, level 2 to the right of level 1, each further level below the previous
// one; every level's extent rounded up to the alignment. The mip tail (Tile64) is the tile where
// the GFX4_2D placement puts its first level; level l >= the tail start lies at that tile's origin
// plus slot (l - start)'s offset, and the slice's extent stops at the tail's tile. Returns the
// slice's extent in texels.
void place_levels_2d(const PlacedSurface& s, LayoutPlan& p, uint32_t& slice_w, uint32_t& slice_h) {
  const texunit::SurfaceDesc& d = s.desc;
  const Align a = level_align(s, p);
  const uint32_t h0 = is_1d(d.type) ? 1 : d.height;
  uint32_t x = 0, y = 0, top_w = 0, bottom_w = 0, left_h = 0, right_h = 0;
  uint32_t tail_x = 0, tail_y = 0;  // the tail's tile, in elements
  for (uint32_t l = 0; l < d.mips; ++l) {
    LevelPlan& lv = p.levels[l];
    if (l == p.miptail_start) {
      tail_x = x / p.block_width;
      tail_y = y / p.block_height;
    }
    if (l >= p.miptail_start) {
      const MiptailOffset o = tile64_miptail_offset(p.is_3d, p.element_bytes, l - p.miptail_start);
      lv.x_el = tail_x + o.x;
      lv.y_el = tail_y + o.y;
      lv.z_el = o.z;
      if (l > p.miptail_start) continue;  // inside the tail's tile: the extent is done
    } else {
      lv.x_el = x / p.block_width;
      lv.y_el = y / p.block_height;
    }
    const uint32_t W = texunit::mip_extent(d.width, l), H = texunit::mip_extent(h0, l);
    const uint32_t w = align_up(W, a.w), h = align_up(H, a.h);
    if (l == 0) {
      top_w = w;
      left_h = right_h = h;
      y += h;  // level 1 starts below level 0
    } else if (l == 1) {
      bottom_w = w;
      left_h += h;
      x += w;  // level 2 starts right of level 1
    } else {
      if (l == 2) bottom_w += w;
      right_h += h;
      y += h;
    }
  }
  if (d.mips == 1 && p.miptail_start > 0) {
    // isl: a single level is not padded to the alignment (phys_slice0 = level 0's extent).
    slice_w = d.width;
    slice_h = h0;
  } else {
    slice_w = std::max(top_w, bottom_w);
    slice_h = std::max(left_h, right_h);
  }
}

// isl_calc_phys_total_extent_el_gfx9_1d: levels side by side in one row, each rounded up to
// HALIGN; array slices one row apart.
void place_levels_1d(const PlacedSurface& s, LayoutPlan& p, uint32_t& slice_w) {
  const uint32_t ha = std::max(1u, s.tiling.halign);
  uint32_t x = 0;
  for (uint32_t l = 0; l < s.desc.mips; ++l) {
    p.levels[l].x_el = x / p.block_width;
    x += align_up(texunit::mip_extent(s.desc.width, l), ha);
  }
  slice_w = x;
}

}  // namespace

void plan_intel(const PlacedSurface& s, LayoutPlan& p) {
  const texunit::SurfaceDesc& d = s.desc;
  p.tile = intel_tile(s.tiling.tiling, p);
  p.miptail_start = d.mips;  // no tail
  if (s.tiling.tiling == Tiling::kTile64) {
    p.miptail_start = s.tiling.miptail_start == TilingParams::kMiptailDefault
                          ? default_miptail_start(s, p)
                          : std::min(s.tiling.miptail_start, d.mips);
  }
  // ISL_DIM_LAYOUT_GFX9_1D for linear 1D surfaces (isl_surf_choose_dim_layout); tiled 1D
  // surfaces are not allowed (validate_placement), and then take the 2D placement.
  p.intel_1d = is_1d(d.type) && s.tiling.tiling == Tiling::kPitch;
  uint32_t slice_w = 0, slice_h = 1;
  if (p.intel_1d) {
    place_levels_1d(s, p, slice_w);
  } else {
    place_levels_2d(s, p, slice_w, slice_h);
  }
  const bool tiled = s.tiling.tiling != Tiling::kPitch;
  p.slice0_row_bytes = div_up(slice_w, p.block_width) * p.element_bytes;
  p.slice0_rows = div_up(slice_h, p.block_height);
  // MSAA: ISL_MSAA_LAYOUT_ARRAY, each sample a physical array slice (decision ML3). A Tile64 tile
  // holds several z slices or samples: QPitch then separates groups of them
  // (isl_tiling_get_intratile_offset_el, isl_calc_size).
  p.physical_slices = p.is_3d ? d.depth : d.slices() * d.samples;
  p.slice_groups = div_up(p.physical_slices, p.tile.depth());
  if (p.intel_1d) {
    // GFX9_1D: one row per slice, whatever the field says (a 1D surface's QPitch counts pixels:
    // the row pitch: isl_surface_state.c, get_qpitch).
    p.qpitch = 1;
  } else if (s.tiling.qpitch != 0) {
    p.qpitch = s.tiling.qpitch;
  } else {
    // isl_calc_array_pitch_el_rows_gfx4_2d, ISL_ARRAY_PITCH_SPAN_COMPACT (Gfx8+ programs QPitch):
    // the slice's height rounded up to VALIGN; 3D tiled surfaces round up to the tile height.
    p.qpitch = div_up(align_up(slice_h, std::max(1u, s.tiling.valign)), p.block_height);
    if (tiled && (p.is_3d || s.tiling.tiling == Tiling::kTile64)) {
      p.qpitch = align_up(p.qpitch, p.tile.height_rows());
    }
  }
  if (s.tiling.row_pitch != 0) {
    p.row_pitch = s.tiling.row_pitch;
  } else {
    p.row_pitch = tiled ? align_up(p.slice0_row_bytes, p.tile.width_bytes()) : p.slice0_row_bytes;
  }
  uint64_t rows = uint64_t{p.qpitch} * (p.slice_groups - 1) + (p.intel_1d ? 1 : p.slice0_rows);
  if (tiled) rows = (rows + p.tile.height_rows() - 1) / p.tile.height_rows() * p.tile.height_rows();
  // A tile row holds tile-height rows of every z slice or sample of the tile (isl_calc_size).
  p.total_bytes = (rows * p.row_pitch) << p.tile.depth_log2;
}

uint64_t intel_byte_offset(const LayoutPlan& p, uint32_t level, uint32_t slice_or_z, uint32_t x,
                           uint32_t y, uint32_t sample, uint32_t byte) {
  const LevelPlan& lv = p.levels[level];
  // Sample s of array slice a is physical slice a * samples + s (ISL_MSAA_LAYOUT_ARRAY); a 3D
  // level's z adds its tail slot's z offset. A tile of depth 2^k holds 2^k physical slices: the
  // low k bits feed its z swizzle, the rest count QPitches (isl_tiling_get_intratile_offset_el).
  const uint64_t phys =
      p.is_3d ? uint64_t{slice_or_z} + lv.z_el : uint64_t{slice_or_z} * p.samples + sample;
  const uint32_t dz = p.tile.depth_log2;
  const uint64_t group = phys >> dz;
  const uint64_t xb = uint64_t{lv.x_el + x} * p.element_bytes + byte;
  const uint64_t row = p.intel_1d ? phys : lv.y_el + y + group * p.qpitch;
  if (p.tiling == Tiling::kPitch) return row * p.row_pitch + xb;
  const uint32_t tw = p.tile.width_log2, th = p.tile.height_log2;
  const uint64_t tiles_per_row = p.row_pitch >> tw;
  const uint64_t tile = (row >> th) * tiles_per_row + (xb >> tw);
  return (tile << (tw + th + dz)) + p.tile.offset(static_cast<uint32_t>(xb & ((1u << tw) - 1)),
                                                  static_cast<uint32_t>(row & ((1u << th) - 1)),
                                                  static_cast<uint32_t>(phys & ((1u << dz) - 1)));
}

}  // namespace texsim::hwstate
