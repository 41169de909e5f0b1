// Memory layouts of surfaces as GPUs place them: pitch-linear, NVIDIA block-linear (GOBs), Intel
// TileX / TileY / Tile4 / Tile64, with mip, array, 3D and sample placement. Owns the address
// arithmetic and the conversion to and from texunit's linear layout. Depends on texunit and core
// only.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "texunit/surface.hpp"

namespace texsim::hwstate {

enum class Tiling : uint8_t {
  kLinear,       // texsim's own layout (texunit::linear_layout): tightly packed, no alignment
  kPitch,        // pitch-linear rows of `row_pitch` bytes; Intel TILING_LINEAR / NVIDIA pitch
  kBlockLinear,  // NVIDIA: 64 B x 8 row GOBs in blocks of 2^w x 2^h x 2^d GOBs (nil_image.c)
  kTileY,        // Intel legacy Y-major tile: 128 B x 32 rows, 16 B x 32 row columns (isl)
  kTile4,        // Intel Gfx12.5 TILE4: 128 B x 32 rows, 4 KiB (isl ISL_TILING_4)
  kTile64,       // Intel Gfx12.5 TILE64: 64 KiB tiles with per-bpp dimensions (isl)
  kTileX,        // Intel X-major tile: 512 B x 8 rows, rows linear inside the tile (isl)
};

std::string_view tiling_name(Tiling t);  // "linear", "pitch", "block_linear", "tile_y", ...

struct TilingParams {
  Tiling tiling = Tiling::kLinear;
  // Bytes between element rows of the surface (pitch-linear and Intel layouts; for Intel tiled
  // layouts a multiple of the tile width). 0: the smallest pitch the layout allows.
  uint32_t row_pitch = 0;
  // NVIDIA block-linear: GOBs per block in x / y / z, log2 (the TIC GOBS_PER_BLOCK_* values).
  // These are level 0's; smaller levels shrink them as nil_image.c does. Real hardware only
  // supports block_width_log2 == 0 (validate_placement warns otherwise).
  uint8_t block_width_log2 = 0;
  uint8_t block_height_log2 = 0;
  uint8_t block_depth_log2 = 0;
  // Intel surface alignment in elements (RENDER_SURFACE_STATE Surface Horizontal / Vertical
  // Alignment, in texels; for compressed formats in texels too, i.e. multiples of the block).
  uint32_t halign = 4;
  uint32_t valign = 4;
  // Intel: element rows between array slices (RENDER_SURFACE_STATE QPitch, in rows of elements).
  // 0: computed as isl_calc_array_pitch_el_rows_gfx4_2d does. Not used by 1D surfaces (GFX9_1D:
  // one row per slice).
  uint32_t qpitch = 0;
  // NVIDIA: bytes between array layers (TIC layer stride). 0: computed as nil_image.c does.
  uint64_t array_pitch = 0;
  // Intel Tile64: the first level of the mip tail (RENDER_SURFACE_STATE Mip Tail Start LOD); it and
  // every further level share one tile at the fixed offsets of isl's slot tables. A value >= the
  // surface's levels means no tail (the RSS writes 15). kMiptailDefault: the level isl picks
  // (isl_choose_miptail_start_level, without CCS; none for multisampled surfaces). Ignored by the
  // other layouts (they have no tail).
  static constexpr uint32_t kMiptailDefault = 0xffffffffu;
  uint32_t miptail_start = kMiptailDefault;
};

// A surface as it lies in GPU memory: what it holds (desc), how (tiling) and where.
struct PlacedSurface {
  texunit::SurfaceDesc desc;
  TilingParams tiling;
  uint64_t base_address = 0;
};

// Byte offset from base_address of element (x, y) — elements are texels, or 4x4 blocks of
// compressed formats, so x and y count blocks — of z-slice or array slice `slice_or_z` (cube
// faces: layer * 6 + face), level `level`, sample `sample`. Arguments must be in range
// (asserted) and the placement valid.
uint64_t element_offset(const PlacedSurface& s, uint32_t level, uint32_t slice_or_z, uint32_t x,
                        uint32_t y, uint32_t sample = 0);

// Bytes of one element (texel, or block of a compressed format).
uint32_t element_bytes(const PlacedSurface& s);

// Bytes the surface spans in memory from base_address (every element's bytes lie below this).
uint64_t surface_bytes(const PlacedSurface& s);

// Checks a placement against the rules of its layout (pitch alignment, tile-multiple pitches,
// GOB counts, HALIGN/VALIGN values, QPitch and array pitch large enough, base alignment, modelled
// cases). Rule ids are LAYOUT-*, each with the public source it follows. Also runs
// texunit::validate_surface_desc on the description. Returns true when there were no errors.
bool validate_placement(const PlacedSurface& s, core::DiagSink& sink,
                        const core::Location& loc = {});

// Conversion between the bytes of the surface in memory (from base_address, at least
// surface_bytes long) and texunit::linear_layout. to_linear reads every element; from_linear
// writes every element and leaves padding bytes of `memory_at_base` untouched.
std::vector<uint8_t> to_linear(const PlacedSurface& s, std::span<const uint8_t> memory_at_base);
void from_linear(const PlacedSurface& s, std::span<const uint8_t> linear,
                 std::span<uint8_t> memory_at_base);

}  // namespace texsim::hwstate
