// map_tap_slots (tap_plan.hpp): a block's TapLog slots to element offsets, line indices and
// first-in-lane flags, lanes across the vector, per Highway target with runtime dispatch (as
// texunit/simd/kernels.cpp). Integer arithmetic only; exact against plan_byte_offset (FA2-FA4).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "hwstate/tap_kernel.cpp"
#ifndef HWY_DISABLED_TARGETS
#define HWY_DISABLED_TARGETS HWY_SSSE3
#endif
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>

#include "hwstate/tap_plan.hpp"
#include "texunit/simd/tap_sink.hpp"

// Highway kernels follow Highway's naming (CamelCase functions), as src/texunit/simd/ does
// (its .clang-tidy); this file sits in hwstate, so the exception is spelled out here.
// NOLINTBEGIN(readability-identifier-naming)
HWY_BEFORE_NAMESPACE();
namespace texsim::hwstate {
namespace HWY_NAMESPACE {
namespace {

namespace hn = hwy::HWY_NAMESPACE;
using DU = hn::ScalableTag<uint32_t>;
using VU = hn::Vec<DU>;
using MU = hn::Mask<DU>;
constexpr size_t kBuf = 64;  // >= lanes of any target

// 0, 1, 2, ...: Highway 1.0's Iota fills a vector through 16 scalar stores, which stall the
// load that follows (no store forwarding); a constant table loads at once.
HWY_ALIGN constexpr uint32_t kIota[kBuf] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
    44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};

// Lanes i..i+n of p; a partial vector through a zeroed buffer.
HWY_INLINE VU Load(const uint32_t* p, size_t i, size_t n) {
  const DU du;
  if (n == hn::Lanes(du)) return hn::LoadU(du, p + i);
  HWY_ALIGN uint32_t b[kBuf] = {};
  std::copy_n(p + i, n, b);
  return hn::Load(du, b);
}

HWY_INLINE void Store(VU v, uint32_t* p, size_t i, size_t n) {
  const DU du;
  if (n == hn::Lanes(du)) {
    hn::StoreU(v, du, p + i);
    return;
  }
  HWY_ALIGN uint32_t b[kBuf];
  hn::Store(v, du, b);
  std::copy_n(b, n, p + i);
}

// A 16-entry per-level table at the clamped levels: a lane permutation where the vector holds
// 16 lanes (AVX-512), a gather elsewhere.
HWY_INLINE VU Table(const std::array<uint32_t, TapAddressPlan::kLevels>& t, VU level) {
  const DU du;
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3
  return hn::TableLookupLanes(hn::LoadU(du, t.data()), hn::IndicesFromVec(du, level));
#else
  return hn::GatherIndex(du, t.data(), hn::BitCast(hn::RebindToSigned<DU>(), level));
#endif
}

HWY_INLINE VU Deposit(VU v, const std::array<DepositRun, kMaxDepositRuns>& runs, uint32_t count) {
  const DU du;
  VU r = hn::Zero(du);
  // Unrolled with an exit: a counted loop kept `r` on the stack (a store-forward chain, FA8).
#pragma GCC unroll 12
  for (uint32_t k = 0; k < kMaxDepositRuns; ++k) {
    if (k >= count) break;
    const DepositRun& d = runs[k];
    const VU bits = hn::And(hn::ShiftRightSame(v, static_cast<int>(d.src)), hn::Set(du, d.mask));
    r = hn::Or(r, hn::ShiftLeftSame(bits, static_cast<int>(d.dst)));
  }
  return r;
}

// One level pass's parameters of the lanes (their levels and slices), the per-level fields
// unpacked once for the pass's taps.
struct Pass {
  VU wh_w, wh_h, x0, bw, ysh, xsh, bsh, mx, my, my_shift, slice_add, row_add;
  MU good;  // level and slice in range
};

HWY_INLINE Pass LoadPass(const TapAddressPlan& p, const texunit::simd::TapLog& log, size_t pass,
                         size_t i, size_t n) {
  const DU du;
  const VU lo8 = hn::Set(du, 0xffu), lo16 = hn::Set(du, 0xffffu);
  Pass s;
  const VU level = hn::Add(Load(log.level + pass * log.stride, i, n), hn::Set(du, p.level_add));
  const VU slice = Load(log.slice, i, n);
  s.good = hn::And(hn::Lt(level, hn::Set(du, p.mips)), hn::Lt(slice, hn::Set(du, p.slices)));
  const VU l = hn::Min(level, hn::Set(du, TapAddressPlan::kLevels - 1));
  const VU wh = Table(p.wh, l);
  s.wh_w = hn::And(wh, lo16);
  s.wh_h = hn::ShiftRight<16>(wh);
  const VU origin = Table(p.origin, l);
  s.x0 = hn::And(origin, lo16);
  s.bw = Table(p.bw, l);
  const VU shifts = Table(p.shifts, l);
  s.ysh = hn::And(shifts, lo8);
  s.xsh = hn::And(hn::ShiftRight<8>(shifts), lo8);
  s.bsh = hn::And(hn::ShiftRight<16>(shifts), lo8);
  s.my_shift = hn::ShiftRight<24>(shifts);
  const VU mxy = Table(p.mxy, l);
  s.mx = hn::And(mxy, lo16);
  s.my = hn::ShiftRight<16>(mxy);
  s.slice_add = hn::Add(Table(p.offset, l), hn::Mul(slice, Table(p.slice_bytes, l)));
  s.row_add = hn::Add(hn::ShiftRight<16>(origin), hn::Mul(slice, hn::Set(du, p.qpitch)));
  return s;
}

// One axis of a tap: its part of the block index, its in-tile / in-GOB bits, and whether it
// lies outside the level. A footprint's taps share their columns and rows (TapLog: 2x2, x
// fastest), so each axis is worked out once per column or row.
struct Axis {
  VU block, bits;
  MU out;
};

template <int kKind>
HWY_INLINE Axis AxisX(const TapAddressPlan& p, const Pass& s, VU x) {
  Axis a;
  a.out = hn::Not(hn::Lt(x, s.wh_w));
  const VU xb = hn::ShiftLeftSame(hn::Add(x, s.x0), static_cast<int>(p.eb_log2));
  if (kKind == TapAddressPlan::kPitchKind) {
    a.block = xb;
    a.bits = hn::Zero(DU());
    return a;
  }
  a.block = hn::Shr(xb, s.xsh);
  a.bits = Deposit(xb, p.x_runs, p.x_run_count);
  if (kKind == TapAddressPlan::kGobKind) {
    const VU mx = hn::And(hn::ShiftRightSame(xb, static_cast<int>(p.xlo)), s.mx);
    a.bits = hn::Or(a.bits, hn::ShiftLeftSame(mx, static_cast<int>(p.mid_shift)));
  }
  return a;
}

template <int kKind>
HWY_INLINE Axis AxisY(const TapAddressPlan& p, const Pass& s, VU y) {
  Axis a;
  a.out = hn::Not(hn::Lt(y, s.wh_h));
  const VU row = hn::Add(y, s.row_add);
  if (kKind == TapAddressPlan::kPitchKind) {
    a.block = hn::Mul(row, s.bw);
    a.bits = hn::Zero(DU());
    return a;
  }
  a.block = hn::Mul(hn::Shr(row, s.ysh), s.bw);
  a.bits = Deposit(row, p.y_runs, p.y_run_count);
  if (kKind == TapAddressPlan::kGobKind) {
    const VU my = hn::And(hn::ShiftRightSame(row, static_cast<int>(p.ylo)), s.my);
    a.bits = hn::Or(a.bits, hn::Shl(my, s.my_shift));
  }
  return a;
}

struct Tap {
  VU offset;
  MU bad;
};

// The tap at column `ax`, row `ay`: tap_plan.hpp's formula; kKind (TapAddressPlan::kind) drops
// the terms a layout lacks.
template <int kKind>
HWY_INLINE Tap MapTap(const Pass& s, const Axis& ax, const Axis& ay) {
  Tap t;
  t.bad = hn::Or(hn::Not(s.good), hn::Or(ax.out, ay.out));
  VU blk = hn::Add(ay.block, ax.block);
  if (kKind != TapAddressPlan::kPitchKind) blk = hn::Shl(blk, s.bsh);
  t.offset = hn::Add(hn::Add(s.slice_add, blk), hn::Add(ax.bits, ay.bits));
  return t;
}

// A vector of lanes' slots, in lane order (pass by pass, taps x fastest).
struct Slots {
  VU offset[texunit::simd::kTapSlots];
  VU line[texunit::simd::kTapSlots];
  VU flags[texunit::simd::kTapSlots];
};

// Lane-major copies of v[0..count) into out (count * Lanes(du) values): lane j's slots at
// out[j * count ..]. Eight slots go as four u64 pairs per lane.
HWY_INLINE void Transpose(const VU* v, size_t count, uint32_t* out) {
  const DU du;
#if HWY_TARGET == HWY_SCALAR
  HWY_ALIGN uint32_t b[texunit::simd::kTapSlots];
  for (size_t k = 0; k < count; ++k) hn::Store(v[k], du, b + k);
  std::copy_n(b, count, out);
#else
  if (count == 1) {
    hn::StoreU(v[0], du, out);
  } else if (count == 2) {
    hn::StoreInterleaved2(v[0], v[1], du, out);
  } else if (count == 4) {
    hn::StoreInterleaved4(v[0], v[1], v[2], v[3], du, out);
  } else {
    const hn::Repartition<uint64_t, DU> d64;
    const hn::Half<DU> dh;
    const auto pair = [&](VU a, VU b, bool upper) {
      const auto lo = upper ? hn::UpperHalf(dh, a) : hn::LowerHalf(dh, a);
      const auto hi = upper ? hn::UpperHalf(dh, b) : hn::LowerHalf(dh, b);
      return hn::Or(hn::PromoteTo(d64, lo), hn::ShiftLeft<32>(hn::PromoteTo(d64, hi)));
    };
    auto* o = reinterpret_cast<uint64_t*>(out);
    const size_t half = hn::Lanes(d64);
    for (int u = 0; u < 2; ++u) {
      hn::StoreInterleaved4(pair(v[0], v[1], u != 0), pair(v[2], v[3], u != 0),
                            pair(v[4], v[5], u != 0), pair(v[6], v[7], u != 0), d64,
                            o + static_cast<size_t>(u) * half * 4);
    }
  }
#endif
}

// The lanes' reads compressed into `out` in lane order (each store writes a whole vector: the
// caller leaves Lanes() values of room past the end).
template <size_t kCount>
HWY_INLINE void Compact(const TapAddressPlan& p, const Slots& s, size_t n, uint32_t first_lane,
                        TapOutput& out) {
  const DU du;
  const hn::Repartition<uint64_t, DU> d64;
  const hn::Half<DU> dh;
  const size_t N = hn::Lanes(du);
  HWY_ALIGN uint32_t off[kBuf * texunit::simd::kTapSlots];
  HWY_ALIGN uint32_t line[kBuf * texunit::simd::kTapSlots];
  HWY_ALIGN uint32_t flags[kBuf * texunit::simd::kTapSlots];
  constexpr uint32_t shift = kCount == 1 ? 0 : kCount == 2 ? 1 : kCount == 4 ? 2 : 3;
#if HWY_TARGET == HWY_SCALAR
  Transpose(s.offset, kCount, off);
  Transpose(s.line, kCount, line);
  Transpose(s.flags, kCount, flags);
  (void)dh;
  (void)d64;
  (void)N;
  for (size_t e = 0; e < n * kCount; ++e) {
    out.addresses[out.reads] = p.base + off[e];
    out.reads += flags[e] & kTapRead;
    out.lines[out.line_count] = p.line_base + (uint64_t{line[e]} << p.line_log2);
    out.line_lanes[out.line_count] = first_lane + static_cast<uint32_t>(e >> shift);
    out.line_count += flags[e] >> 1;
  }
#else
  // 32-bit compression (vpcompressd on AVX-512), then widening: Highway 1.0's 64-bit Compress
  // copies a lookup table onto the stack per call.
  const auto base = hn::Set(d64, p.base), line_base = hn::Set(d64, p.line_base);
  const size_t h = hn::Lanes(d64);
  const auto widen = [&](VU v, auto add, int log2, uint64_t* to) {
    hn::StoreU(hn::Add(add, hn::ShiftLeftSame(hn::PromoteTo(d64, hn::LowerHalf(dh, v)), log2)), d64,
               to);
    hn::StoreU(hn::Add(add, hn::ShiftLeftSame(hn::PromoteTo(d64, hn::UpperHalf(dh, v)), log2)), d64,
               to + h);
  };
  const auto emit = [&](VU o, VU l, VU f, VU lane) {
    const MU read = hn::Ne(hn::And(f, hn::Set(du, kTapRead)), hn::Zero(du));
    const MU first = hn::Ne(hn::And(f, hn::Set(du, kTapFirstLine)), hn::Zero(du));
    widen(hn::Compress(o, read), base, 0, out.addresses + out.reads);
    out.reads += hn::CountTrue(du, read);
    widen(hn::Compress(l, first), line_base, static_cast<int>(p.line_log2),
          out.lines + out.line_count);
    hn::StoreU(hn::Compress(lane, first), du, out.line_lanes + out.line_count);
    out.line_count += hn::CountTrue(du, first);
  };
  const VU iota = hn::Load(du, kIota);
  if (kCount == 1) {  // already in lane order (fetch, point sampling of one level)
    emit(s.offset[0], s.line[0], s.flags[0], hn::Add(hn::Set(du, first_lane), iota));
    return;
  }
  // Flags ride in a line's top two bits (lines are offset >> log2(line) with lines of >= 16
  // bytes and offsets under 4 GiB: below 2^28), one transposition fewer (FA9).
  (void)flags;
  VU packed[kCount];
  for (size_t k = 0; k < kCount; ++k) {
    packed[k] = hn::Or(s.line[k], hn::ShiftLeft<30>(s.flags[k]));
  }
  Transpose(s.offset, kCount, off);
  Transpose(packed, kCount, line);
  const VU low = hn::Set(du, (1u << 30) - 1);
  for (size_t e = 0; e < n * kCount; e += N) {
    const VU index = hn::Add(iota, hn::Set(du, static_cast<uint32_t>(e)));
    const VU lane =
        hn::Add(hn::Set(du, first_lane), hn::ShiftRightSame(index, static_cast<int>(shift)));
    const VU pl = hn::LoadU(du, line + e);
    emit(hn::LoadU(du, off + e), hn::And(pl, low), hn::ShiftRight<30>(pl), lane);
  }
#endif
}

// One level pass's taps into slots kBase.. of `out` (fixed positions: the loops unroll and the
// slots stay in registers); `reads` marks the slots read, earlier slots included in the
// first-in-lane test.
template <int kKind, unsigned kTaps, size_t kPass>
HWY_INLINE void MapPass(const TapAddressPlan& p, const texunit::simd::TapLog& log, size_t i,
                        size_t n, const MU* on, Slots& out, MU* reads, MU& any_bad,
                        const TapSlots* slots) {
  constexpr size_t pass = kPass, base = kPass * kTaps;
  const DU du;
  const VU one = hn::Set(du, 1);
  const Pass s = LoadPass(p, log, pass, i, n);
  // Columns of slots pass*4 + {0, 1}, rows of slots pass*4 + {0, 2} (a point pass: slot 0).
  Axis ax[2], ay[2];
  for (size_t c = 0; c < (kTaps == 4 ? 2u : 1u); ++c) {
    ax[c] = AxisX<kKind>(p, s, Load(log.x + (pass * 4 + c) * log.stride, i, n));
    ay[c] = AxisY<kKind>(p, s, Load(log.y + (pass * 4 + 2 * c) * log.stride, i, n));
  }
#pragma GCC unroll 4
  for (size_t t = 0; t < kTaps; ++t) {
    const size_t slot = pass * 4 + t, k = base + t;
    const MU read = on[t];
    const Tap tap = MapTap<kKind>(s, ax[t & 1], ay[t >> 1]);
    any_bad = hn::Or(any_bad, hn::And(read, tap.bad));
    const VU line = hn::ShiftRightSame(hn::Add(tap.offset, hn::Set(du, p.base_mod)),
                                       static_cast<int>(p.line_log2));
    // First in its lane: no earlier read of the lane touched this line.
    MU first = read;
#pragma GCC unroll 8
    for (size_t j = 0; j < k; ++j) {
      first = hn::AndNot(hn::And(reads[j], hn::Eq(out.line[j], line)), first);
    }
    reads[k] = read;
    out.offset[k] = tap.offset;
    out.line[k] = line;
    out.flags[k] = hn::Or(hn::IfThenElseZero(read, one),
                          hn::IfThenElseZero(first, hn::Set(du, kTapFirstLine)));
    if (slots != nullptr) {
      Store(tap.offset, slots->offset + slot * slots->stride, i, n);
      Store(line, slots->line + slot * slots->stride, i, n);
      Store(out.flags[k], slots->flags + slot * slots->stride, i, n);
    }
  }
}

// kTaps taps per pass, kPasses passes (compile-time: FA8).
template <int kKind, unsigned kTaps, unsigned kPasses>
bool MapSlotsImpl(const TapAddressPlan& p, const texunit::simd::TapLog& log, const uint8_t* kinds,
                  size_t count, const TapSlots* slots, TapOutput* direct) {
  const DU du;
  const size_t N = hn::Lanes(du);
  const VU one = hn::Set(du, 1);
  MU any_bad = hn::FirstN(du, 0);
  // A local copy: its counters would otherwise be reloaded after every (maybe aliasing) store.
  TapOutput local = direct != nullptr ? *direct : TapOutput{};
  for (size_t i = 0; i < count; i += N) {
    const size_t n = std::min(N, count - i);
    MU simd;
    if (n == N) {
      const hn::Rebind<uint8_t, DU> d8;
      simd = hn::Eq(hn::PromoteTo(du, hn::LoadU(d8, kinds + i)), one);
    } else {
      HWY_ALIGN uint32_t kb[kBuf] = {};
      for (size_t k = 0; k < n; ++k) kb[k] = kinds[i + k];
      simd = hn::Eq(hn::Load(du, kb), one);
    }
    Slots out;
    MU reads[texunit::simd::kTapSlots];
    bool ran[kPasses];
    const auto run_pass = [&]<size_t pass>() {
      MU on[kTaps];
      bool any = false;
      for (size_t t = 0; t < kTaps; ++t) {
        const uint32_t* p_on =
            reinterpret_cast<const uint32_t*>(log.on) + (pass * 4 + t) * log.stride;
        on[t] = hn::And(simd, hn::Ne(Load(p_on, i, n), hn::Zero(du)));
        any = any || !hn::AllFalse(du, on[t]);
      }
      // A pass no lane read in (the level blend ran nowhere) is left out of the compacted form.
      ran[pass] = any || slots != nullptr;
      if (!ran[pass]) {
        for (size_t t = 0; t < kTaps; ++t) {
          reads[pass * kTaps + t] = hn::FirstN(du, 0);
          out.offset[pass * kTaps + t] = hn::Zero(du);
          out.line[pass * kTaps + t] = hn::Zero(du);
          out.flags[pass * kTaps + t] = hn::Zero(du);
        }
        return;
      }
      MapPass<kKind, kTaps, pass>(p, log, i, n, on, out, reads, any_bad, slots);
    };
    run_pass.template operator()<0>();
    if constexpr (kPasses == 2) run_pass.template operator()<1>();
    if (direct == nullptr) continue;
    const uint32_t first = local.first_lane + static_cast<uint32_t>(i);
    if constexpr (kPasses == 1) {
      if (ran[0]) Compact<kTaps>(p, out, n, first, local);
    } else if (ran[0] && ran[1]) {
      Compact<kTaps * kPasses>(p, out, n, first, local);
    } else if (ran[0] || ran[1]) {
      if (!ran[0]) {  // only the second pass read: its slots first
        for (size_t t = 0; t < kTaps; ++t) {
          out.offset[t] = out.offset[kTaps + t];
          out.line[t] = out.line[kTaps + t];
          out.flags[t] = out.flags[kTaps + t];
        }
      }
      Compact<kTaps>(p, out, n, first, local);
    }
  }
  if (direct != nullptr) *direct = local;
  return hn::AllFalse(du, any_bad);
}

}  // namespace

bool MapSlots(const TapAddressPlan& p, const texunit::simd::TapLog& log, const uint8_t* kinds,
              size_t count, unsigned taps, unsigned passes, const TapSlots* slots,
              TapOutput* direct) {
  // The kind and the pass shape as template arguments (taps 1 or 4, passes 1 or 2).
  const auto shape = [&]<int kKind>() {
    if (taps == 1) {
      return passes == 1 ? MapSlotsImpl<kKind, 1, 1>(p, log, kinds, count, slots, direct)
                         : MapSlotsImpl<kKind, 1, 2>(p, log, kinds, count, slots, direct);
    }
    return passes == 1 ? MapSlotsImpl<kKind, 4, 1>(p, log, kinds, count, slots, direct)
                       : MapSlotsImpl<kKind, 4, 2>(p, log, kinds, count, slots, direct);
  };
  switch (p.kind) {
    case TapAddressPlan::kPitchKind:
      return shape.template operator()<TapAddressPlan::kPitchKind>();
    case TapAddressPlan::kTileKind:
      return shape.template operator()<TapAddressPlan::kTileKind>();
    default:
      return shape.template operator()<TapAddressPlan::kGobKind>();
  }
}

}  // namespace HWY_NAMESPACE
}  // namespace texsim::hwstate
HWY_AFTER_NAMESPACE();
// NOLINTEND(readability-identifier-naming)

#if HWY_ONCE
namespace texsim::hwstate {

HWY_EXPORT(MapSlots);

bool map_tap_slots(const TapAddressPlan& plan, const texunit::simd::TapLog& log,
                   const uint8_t* kinds, size_t n, unsigned taps, unsigned passes,
                   const TapSlots* slots, TapOutput* direct) {
  return HWY_DYNAMIC_DISPATCH(MapSlots)(plan, log, kinds, n, taps, passes, slots, direct);
}

}  // namespace texsim::hwstate
#endif
