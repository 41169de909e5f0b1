// validate_placement: the rules a placement must meet for its layout, each with a rule id and the
// public source it follows. Messages are generated from the failed constraint. Depends on
// texunit only.
#include <algorithm>
#include <bit>
#include <string>

#include "hwstate/layout.hpp"
#include "hwstate/layout_plan.hpp"
#include "hwstate/tiling_miptail.hpp"

namespace texsim::hwstate {
namespace {

using std::to_string;

constexpr const char* kIslTiling = "Mesa isl.c, isl_gfx6_filter_tiling / isl_surf_init";
constexpr const char* kRssAlign =
    "RENDER_SURFACE_STATE, Surface Horizontal/Vertical Alignment (Mesa genxml gfx9, gfx125)";
constexpr const char* kRssQPitch =
    "RENDER_SURFACE_STATE, Surface QPitch (Skylake BSpec, quoted in isl.c "
    "isl_calc_array_pitch_el_rows_gfx4_2d)";
constexpr const char* kTic = "NVIDIA clb097tex.h, TEXHEAD_BL GOBS_PER_BLOCK_*; Mesa nil tiling.rs";

bool is_intel(Tiling t) {
  return t == Tiling::kPitch || t == Tiling::kTileX || t == Tiling::kTileY || t == Tiling::kTile4 ||
         t == Tiling::kTile64;
}
bool is_1d(texunit::SurfaceType t) {
  return t == texunit::SurfaceType::k1D || t == texunit::SurfaceType::k1DArray;
}

// Tile64's mip tail (Mip Tail Start LOD): the tail's first level must fit the tile beside slot 0,
// as isl_choose_miptail_start_level requires; a multisampled surface has no tail in the public
// sources (isl tiling_max_mip_tail: "we don't support mipmapped multisampling"), so a tail there is
// not modelled.
void check_tile64_tail(const PlacedSurface& s, const LayoutPlan& p, core::DiagSink& sink,
                       const core::Location& loc) {
  const texunit::SurfaceDesc& d = s.desc;
  if (p.miptail_start >= d.mips) return;
  if (d.samples > 1) {
    sink.error("LAYOUT-TILE64-UNMODELLED", loc,
               "a mip tail on a multisampled Tile64 surface is not modelled (Mip Tail Start LOD " +
                   to_string(p.miptail_start) + ", samples " + to_string(d.samples) + ")",
               "Mesa isl.c, tiling_max_mip_tail (no mip tail for multisampled surfaces; BSpec "
               "58770); docs/decisions.md T64");
    return;
  }
  const MiptailOffset slot0 = tile64_miptail_offset(p.is_3d, p.element_bytes, 0);
  const uint32_t tw = p.tile.width_bytes() / std::max(1u, p.element_bytes);
  const uint32_t l = p.miptail_start;
  const uint32_t w = texunit::mip_extent((d.width + p.block_width - 1) / p.block_width, l);
  const uint32_t h = texunit::mip_extent((d.height + p.block_height - 1) / p.block_height, l);
  const uint32_t z = texunit::mip_extent(p.is_3d ? d.depth : 1, l);
  if (w > tw - slot0.x || h > p.tile.height_rows() - slot0.y || z > p.tile.depth() - slot0.z) {
    sink.error("LAYOUT-TILE64-MIPTAIL", loc,
               "Mip Tail Start LOD " + to_string(l) + ": level " + to_string(l) + " (" +
                   to_string(w) + "x" + to_string(h) + "x" + to_string(z) +
                   " elements) must fit the mip tail's first slot (" + to_string(tw - slot0.x) +
                   "x" + to_string(p.tile.height_rows() - slot0.y) + "x" +
                   to_string(p.tile.depth() - slot0.z) + ")",
               "Mesa isl.c, isl_choose_miptail_start_level / isl_get_miptail_level_offset_el "
               "(RENDER_SURFACE_STATE Mip Tail Start LOD)");
  }
}

// Mip Tail Start LOD as given (kMiptailDefault: isl's choice): a 4-bit RENDER_SURFACE_STATE field
// (168..171), and only Tile64 has a tail; another layout with a start set is refused rather than
// ignored (decision TS2). False when refused.
bool check_miptail_field(const PlacedSurface& s, core::DiagSink& sink, const core::Location& loc) {
  const uint32_t m = s.tiling.miptail_start;
  if (m == TilingParams::kMiptailDefault) return true;
  const char* why = nullptr;
  if (s.tiling.tiling != Tiling::kTile64) {
    why = "is a Tile64 field";
  } else if (m > 15) {
    why = "must be in [0, 15]";
  }
  if (why == nullptr) return true;
  sink.error("LAYOUT-TILE64-MIPTAIL", loc,
             "Mip Tail Start LOD " + std::string(why) + ", got " + to_string(m) + " on " +
                 std::string(tiling_name(s.tiling.tiling)),
             "RENDER_SURFACE_STATE, Mip Tail Start LOD [171:168] (Mesa genxml gen125.xml); "
             "isl_surf_choose_tiling: Tile64 is the tiling \"which support[s] standard-tiling "
             "including Mip Tails\"; docs/decisions.md TS2");
  return false;
}

void check_intel_tiling(const PlacedSurface& s, const LayoutPlan& p, core::DiagSink& sink,
                        const core::Location& loc) {
  const Tiling t = s.tiling.tiling;
  if (t == Tiling::kPitch) return;
  if (!std::has_single_bit(p.element_bytes)) {
    sink.error("LAYOUT-TILED-BPP", loc,
               "tiled Intel layouts need a power-of-two element size, got " +
                   to_string(p.element_bytes) + " bytes",
               kIslTiling);
  }
  if (is_1d(s.desc.type)) {
    sink.error("LAYOUT-INTEL-1D-TILED", loc,
               "1D surfaces must be linear on Intel, got " + std::string(tiling_name(t)),
               "isl.c, isl_get_miptail_level_count (ATS-M PRM: 1D surfaces are not allowed to be "
               "tiled)");
  }
  const uint64_t align = t == Tiling::kTile64 ? 65536 : 4096;
  if (s.base_address % align != 0) {
    sink.error("LAYOUT-BASE-ALIGN", loc,
               "base address of a " + std::string(tiling_name(t)) +
                   " surface must be a multiple of " + to_string(align) + ", got " +
                   to_string(s.base_address),
               "RENDER_SURFACE_STATE, Surface Base Address (tiled surfaces start on a tile)");
  }
  if (t == Tiling::kTileX && s.desc.samples > 1) {
    sink.error("LAYOUT-TILEX-MSAA", loc,
               "a multisampled Intel surface must be Y-major (tile_y) or Tile4, not tile_x",
               "RENDER_SURFACE_STATE, Tile Mode: \"If Number of Multisamples is not "
               "MULTISAMPLECOUNT_1, this field must be YMAJOR\" (Broadwell PRM, quoted in isl.c "
               "isl_gfx6_filter_tiling)");
  }
  if (t == Tiling::kTile64) check_tile64_tail(s, p, sink, loc);
}

void check_intel(const PlacedSurface& s, const LayoutPlan& p, core::DiagSink& sink,
                 const core::Location& loc) {
  const TilingParams& t = s.tiling;
  check_intel_tiling(s, p, sink, loc);
  const bool ha_ok = std::has_single_bit(t.halign) && t.halign >= 4 && t.halign <= 128 &&
                     t.halign % p.block_width == 0;
  if (!ha_ok) {
    sink.error("LAYOUT-HALIGN", loc,
               "HALIGN must be 4, 8, 16, 32, 64 or 128 texels and a multiple of the block width " +
                   to_string(p.block_width) + ", got " + to_string(t.halign),
               kRssAlign);
  }
  const bool va_ok = std::has_single_bit(t.valign) && t.valign >= 4 && t.valign <= 16 &&
                     t.valign % p.block_height == 0;
  if (!va_ok && !p.intel_1d) {
    sink.error("LAYOUT-VALIGN", loc,
               "VALIGN must be 4, 8 or 16 texels and a multiple of the block height " +
                   to_string(p.block_height) + ", got " + to_string(t.valign),
               kRssAlign);
  }
  if (p.row_pitch < p.slice0_row_bytes) {
    sink.error("LAYOUT-PITCH-SMALL", loc,
               "row pitch must be at least the " + to_string(p.slice0_row_bytes) +
                   " bytes of the widest row of the mip layout, got " + to_string(p.row_pitch),
               "isl.c, isl_calc_min_row_pitch");
  }
  const uint32_t pitch_align = t.tiling == Tiling::kPitch ? p.element_bytes : p.tile.width_bytes();
  if (p.row_pitch % pitch_align != 0) {
    sink.error("LAYOUT-PITCH-ALIGN", loc,
               "row pitch must be a multiple of " + to_string(pitch_align) + " bytes for " +
                   std::string(tiling_name(t.tiling)) + ", got " + to_string(p.row_pitch),
               "isl.c, isl_calc_row_pitch_alignment");
  }
  if (t.tiling == Tiling::kTile64 && !p.is_3d && p.slice_groups > 1 &&
      p.qpitch % p.tile.height_rows() != 0) {
    sink.error("LAYOUT-QPITCH", loc,
               "QPitch of a Tile64 surface must be a multiple of the tile height " +
                   to_string(p.tile.height_rows()) + ", got " + to_string(p.qpitch),
               "RENDER_SURFACE_STATE, Surface QPitch: \"QPitch must also be programmed to an "
               "aligned tile boundary\" (quoted in isl_gfx125_choose_image_alignment_el)");
  }
  if (p.slice_groups > 1 && !p.intel_1d && va_ok) {
    if (p.qpitch < p.slice0_rows || (uint64_t{p.qpitch} * p.block_height) % t.valign != 0) {
      sink.error("LAYOUT-QPITCH", loc,
                 "QPitch must hold one slice's mip layout (" + to_string(p.slice0_rows) +
                     " rows) and be a multiple of VALIGN " + to_string(t.valign) + ", got " +
                     to_string(p.qpitch),
                 kRssQPitch);
    } else if (p.is_3d && t.tiling != Tiling::kPitch && p.qpitch % p.tile.height_rows() != 0) {
      sink.error("LAYOUT-QPITCH", loc,
                 "QPitch of a tiled 3D surface must be a multiple of the tile height " +
                     to_string(p.tile.height_rows()) + ", got " + to_string(p.qpitch),
                 kRssQPitch);
    }
  }
}

void check_nvidia(const PlacedSurface& s, const LayoutPlan& p, core::DiagSink& sink,
                  const core::Location& loc) {
  const TilingParams& t = s.tiling;
  if (t.block_height_log2 > 5 || t.block_depth_log2 > 5) {
    sink.error("LAYOUT-BL-GOBS", loc,
               "GOBs per block in y and z must be at most 32 (log2 5), got log2 " +
                   to_string(t.block_height_log2) + " and " + to_string(t.block_depth_log2),
               kTic);
  }
  if (t.block_width_log2 != 0) {
    sink.warning("LAYOUT-BL-GOBS-WIDTH", loc,
                 "GOBs per block in x must be 1 on the hardware (log2 0), got log2 " +
                     to_string(t.block_width_log2),
                 kTic);
  }
  if (s.desc.samples == 16) {
    sink.error("LAYOUT-BL-MSAA16", loc,
               "16x multisampled block-linear surfaces are not modelled (their sample order is "
               "not public)",
               "Mesa nil image.rs, SampleLayout::sa_offset (4x4: todo)");
  }
  if (s.base_address % 512 != 0) {
    sink.error("LAYOUT-BASE-ALIGN", loc,
               "base address of a block-linear surface must be a multiple of the 512-byte GOB, "
               "got " +
                   to_string(s.base_address),
               "Mesa nil image.rs (GOB-aligned levels and layers)");
  }
  if (t.array_pitch != 0 && !p.is_3d && s.desc.slices() > 1) {
    const uint64_t want =
        (p.layer_bytes + p.level0_block_bytes - 1) / p.level0_block_bytes * p.level0_block_bytes;
    if (t.array_pitch < p.layer_bytes) {
      sink.error("LAYOUT-BL-ARRAY-PITCH", loc,
                 "array pitch must hold one layer's " + to_string(p.layer_bytes) + " bytes, got " +
                     to_string(t.array_pitch),
                 "Mesa nil image.rs, Image::new (array_stride_B)");
    } else if (t.array_pitch != want) {
      sink.warning("LAYOUT-BL-ARRAY-PITCH", loc,
                   "array pitch " + to_string(t.array_pitch) + " differs from the " +
                       to_string(want) + " bytes the hardware derives from the mip chain",
                   "Mesa nil image.rs, Image::new (array_stride_B)");
    }
  }
}

}  // namespace

bool validate_placement(const PlacedSurface& s, core::DiagSink& sink, const core::Location& loc) {
  const size_t errors_before = sink.error_count();
  if (!texunit::validate_surface_desc(s.desc, sink, loc)) return false;
  if (!check_miptail_field(s, sink, loc)) return false;
  const LayoutPlan p = plan_layout(s);
  if (is_intel(s.tiling.tiling)) {
    check_intel(s, p, sink, loc);
  } else if (s.tiling.tiling == Tiling::kBlockLinear) {
    check_nvidia(s, p, sink, loc);
  }
  return sink.error_count() == errors_before;
}

}  // namespace texsim::hwstate
