// The columnar address plan of issue 27's fast path (FA2): one formula for pitch, TileX/TileY/
// Tile4 and NVIDIA block-linear 2D surfaces, with per-level parameters in 16-entry tables, and
// the Highway kernel (tap_kernel.cpp) that maps a block's TapLog slots through it.
// Depends on layout_plan.hpp and texunit/simd/kernels.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "hwstate/layout_plan.hpp"
#include "texunit/simd/kernels.hpp"

namespace texsim::hwstate {

// One run of a bit deposit: bits [src, src + popcount(mask)) of the value go to `mask << dst`.
struct DepositRun {
  uint32_t src = 0;
  uint32_t mask = 0;  // contiguous low bits
  uint32_t dst = 0;
};
inline constexpr size_t kMaxDepositRuns = 12;

// Every covered layout as (u32 arithmetic, element byte column xb, row):
//   xb  = (x + x0[L]) << eb_log2                row = y + y0[L] + slice * qpitch
//   blk = (row >> ysh[L]) * bw[L] + (xb >> xsh[L])
//   mid = ((xb >> xlo) & mx[L]) << mid_shift | ((row >> ylo) & my[L]) << my_shift[L]
//   off = offset[L] + slice * slice_bytes[L] + (blk << bsh[L]) + mid + dep_x(xb) + dep_y(row)
// Intel pitch (intel_byte_offset, kPitch): bw = row pitch, every shift and mask 0. Intel tiles:
// xlo/ylo = the tile's width/height log2, bw = tiles per row, bsh = their sum, dep = the tile's
// swizzle. NVIDIA (nvidia_byte_offset): xlo 6, ylo 3 (the GOB), mx/my the block's GOBs, bsh =
// 9 + gobs log2, dep = the GOB swizzle. texsim's linear layout: per-level pitches.
struct TapAddressPlan {
  static constexpr size_t kLevels = 16;
  // Which terms the layout has: pitch (no tile terms), Intel tiles (no GOB terms), NVIDIA GOBs.
  static constexpr int kPitchKind = 0, kTileKind = 1, kGobKind = 2;
  int kind = kPitchKind;
  uint32_t eb_log2 = 0;
  uint32_t mips = 0;
  uint32_t slices = 1;
  uint32_t level_add = 0;  // added to every logged level (a level view of the surface)
  uint32_t qpitch = 0;
  uint32_t xlo = 0, ylo = 0, mid_shift = 0;
  uint32_t base_mod = 0;  // base_address mod line_bytes
  uint32_t line_log2 = 0;
  uint64_t base = 0;
  uint64_t line_base = 0;  // base_address rounded down to a line
  // Per level L (entries past the surface's mips: width 0, so that every read is out of range).
  std::array<uint32_t, kLevels> wh{};  // width | height << 16 (texels)
  std::array<uint32_t, kLevels> offset{}, origin{}, bw{}, slice_bytes{};
  std::array<uint32_t, kLevels> shifts{};  // ysh | xsh << 8 | bsh << 16 | my_shift << 24
  std::array<uint32_t, kLevels> mxy{};     // mx | my << 16
  std::array<DepositRun, kMaxDepositRuns> x_runs{}, y_runs{};
  uint32_t x_run_count = 0, y_run_count = 0;
};

// The plan of `p` placed at `base` for `line_bytes`, or false when the fast path does not cover
// the surface: not a single-sample 2D / 2D-array surface, an element size that is not 1, 2, 4, 8
// or 16 bytes or a compressed format, Tile64 or a 3D tile, a surface of 2^32 bytes or more, more
// than 16 levels, or an element that may straddle a line (base or pitches not element-aligned).
bool make_tap_plan(const LayoutPlan& p, const texunit::SurfaceDesc& desc, uint64_t base,
                   uint32_t line_bytes, TapAddressPlan& out);

// A block's slots mapped (slot s of lane j at s * stride + j): the element's offset from the
// base, its line index ((offset + base_mod) >> line_log2) and flags (kTapRead: the slot is a
// read of a kSimd lane; kTapFirstLine: its line is not among the lane's earlier reads' lines).
inline constexpr uint32_t kTapRead = 1;
inline constexpr uint32_t kTapFirstLine = 2;
struct TapSlots {
  uint32_t* offset = nullptr;
  uint32_t* line = nullptr;
  uint32_t* flags = nullptr;
  size_t stride = 0;
};

// The reads compacted in lane order (map_lanes's form): addresses, and each lane's lines first
// in it with their lanes. Counts advance from their values on entry; every store writes whole
// vectors, so the arrays need 2 * kTapSlots * 16 elements of room past the last value.
struct TapOutput {
  uint64_t* addresses = nullptr;
  uint64_t* lines = nullptr;
  uint32_t* line_lanes = nullptr;
  size_t reads = 0;
  size_t line_count = 0;
  uint32_t first_lane = 0;  // the message lane of lane 0
};
inline constexpr size_t kTapOutputSlack = 2 * texunit::simd::kTapSlots * 16;

// Maps lanes [0, n) of `log` (slots pass * 4 + tap for passes x taps; `kinds`: TapLane per lane,
// only kSimd lanes read) into `slots` (slot-major) or, when every lane is kSimd or kNone,
// `direct` (compacted). Returns false when a read lies outside the surface (the outputs are
// then meaningless: the caller maps the block on the exact scalar route, which reports it).
bool map_tap_slots(const TapAddressPlan& plan, const texunit::simd::TapLog& log,
                   const uint8_t* kinds, size_t n, unsigned taps, unsigned passes,
                   const TapSlots* slots, TapOutput* direct);

}  // namespace texsim::hwstate
