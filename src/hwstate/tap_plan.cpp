// make_tap_plan (tap_plan.hpp): a LayoutPlan's per-level geometry as the fast path's tables, for
// the layouts whose element address is tile origin + in-tile swizzle (FA2). The formulas are
// intel_byte_offset's (tiling_intel.cpp) and nvidia_byte_offset's (tiling_nvidia.cpp).
#include <bit>

#include "hwstate/tap_plan.hpp"

namespace texsim::hwstate {
namespace {

constexpr uint64_t kLimit = uint64_t{1} << 32;
constexpr uint32_t kGobWidthLog2 = 6;  // tiling_nvidia.cpp
constexpr uint32_t kGobHeightLog2 = 3;
constexpr uint32_t kGobBytesLog2 = 9;

// The runs of `mask`'s set bits, lowest first: value bit k feeds the k-th set bit (PDEP).
bool deposit_runs(uint32_t mask, std::array<DepositRun, kMaxDepositRuns>& runs, uint32_t& count) {
  count = 0;
  uint32_t src = 0;
  while (mask != 0) {
    if (count == kMaxDepositRuns) return false;
    const auto dst = static_cast<uint32_t>(std::countr_zero(mask));
    const auto len = static_cast<uint32_t>(std::countr_one(mask >> dst));
    const uint32_t bits = len == 32 ? ~0u : (1u << len) - 1;
    runs[count++] = {src, bits, dst};
    src += len;
    mask &= ~(bits << dst);
  }
  return true;
}

bool fits16(uint64_t v) {
  return v < (1u << 16);
}

bool level_tables(const LayoutPlan& p, const texunit::SurfaceDesc& d, TapAddressPlan& t) {
  const uint32_t eb = p.element_bytes;
  for (uint32_t l = 0; l < d.mips; ++l) {
    const uint32_t w = texunit::mip_extent(d.width, l), h = texunit::mip_extent(d.height, l);
    if (!fits16(w) || !fits16(h)) return false;
    t.wh[l] = w | h << 16;
    if (p.tiling == Tiling::kLinear) {
      const texunit::LevelLayout& lv = p.linear.levels[l];
      if (lv.offset >= kLimit || lv.row_pitch >= kLimit || lv.slice_pitch >= kLimit) return false;
      if (lv.offset % eb != 0 || lv.row_pitch % eb != 0 || lv.slice_pitch % eb != 0) return false;
      t.offset[l] = static_cast<uint32_t>(lv.offset);
      t.bw[l] = static_cast<uint32_t>(lv.row_pitch);
      t.slice_bytes[l] = static_cast<uint32_t>(lv.slice_pitch);
      continue;
    }
    const LevelPlan& lv = p.levels[l];
    if (p.tiling == Tiling::kBlockLinear) {
      const uint32_t bx = lv.gobs_x_log2, by = lv.gobs_y_log2, bz = lv.gobs_z_log2;
      if (lv.offset >= kLimit || p.array_pitch >= kLimit || lv.offset % eb != 0) return false;
      t.offset[l] = static_cast<uint32_t>(lv.offset);
      t.slice_bytes[l] = static_cast<uint32_t>(p.array_pitch);
      t.bw[l] = lv.row_bytes >> (kGobWidthLog2 + bx);
      t.shifts[l] = (kGobHeightLog2 + by) | (kGobWidthLog2 + bx) << 8 |
                    (kGobBytesLog2 + bx + by + bz) << 16 | (kGobBytesLog2 + bx) << 24;
      t.mxy[l] = ((1u << bx) - 1) | ((1u << by) - 1) << 16;
      continue;
    }
    if (!fits16(lv.x_el) || !fits16(lv.y_el) || lv.z_el != 0) return false;
    t.origin[l] = lv.x_el | lv.y_el << 16;
    if (p.tiling == Tiling::kPitch) {
      t.bw[l] = p.row_pitch;
      continue;
    }
    const uint32_t tw = p.tile.width_log2, th = p.tile.height_log2;
    t.bw[l] = p.row_pitch >> tw;
    t.shifts[l] = th | tw << 8 | (tw + th) << 16;
  }
  return true;
}

}  // namespace

bool make_tap_plan(const LayoutPlan& p, const texunit::SurfaceDesc& d, uint64_t base,
                   uint32_t line_bytes, TapAddressPlan& t) {
  t = TapAddressPlan{};
  const uint32_t eb = p.element_bytes;
  if (d.type != texunit::SurfaceType::k2D && d.type != texunit::SurfaceType::k2DArray) return false;
  if (d.samples != 1 || p.samples != 1 || p.is_3d || p.intel_1d) return false;
  if (p.block_width != 1 || p.block_height != 1) return false;
  if (!std::has_single_bit(eb) || eb > 16 || base % eb != 0) return false;
  if (d.mips < 1 || d.mips > TapAddressPlan::kLevels) return false;
  if (p.total_bytes + line_bytes >= kLimit) return false;
  switch (p.tiling) {
    case Tiling::kLinear:
    case Tiling::kPitch:
    case Tiling::kBlockLinear:
      break;
    case Tiling::kTileX:
    case Tiling::kTileY:
    case Tiling::kTile4:
      if (p.tile.depth_log2 != 0 || p.tile.z_mask != 0) return false;
      break;
    default:
      return false;  // Tile64: mip tails and per-bpp 3D / MSAA shapes stay on the scalar route
  }
  if (p.tiling == Tiling::kPitch && p.row_pitch % eb != 0) return false;
  t.eb_log2 = static_cast<uint32_t>(std::countr_zero(eb));
  t.mips = d.mips;
  t.slices = d.slices();
  t.base = base;
  t.line_log2 = static_cast<uint32_t>(std::countr_zero(line_bytes));
  t.base_mod = static_cast<uint32_t>(base & (line_bytes - 1));
  t.line_base = base - t.base_mod;
  if (!level_tables(p, d, t)) return false;
  if (p.tiling == Tiling::kBlockLinear) {
    const TileSwizzle gob = gob_swizzle();
    t.xlo = kGobWidthLog2;
    t.ylo = kGobHeightLog2;
    t.mid_shift = kGobBytesLog2;
    t.kind = TapAddressPlan::kGobKind;
    return deposit_runs(gob.x_mask, t.x_runs, t.x_run_count) &&
           deposit_runs(gob.y_mask, t.y_runs, t.y_run_count);
  }
  if (p.tiling == Tiling::kLinear || p.tiling == Tiling::kPitch) {
    t.qpitch = p.tiling == Tiling::kPitch ? p.qpitch : 0;
    return true;
  }
  t.qpitch = p.qpitch;
  t.kind = TapAddressPlan::kTileKind;
  t.xlo = p.tile.width_log2;
  t.ylo = p.tile.height_log2;
  return deposit_runs(p.tile.x_mask, t.x_runs, t.x_run_count) &&
         deposit_runs(p.tile.y_mask, t.y_runs, t.y_run_count);
}

}  // namespace texsim::hwstate
