// Highway kernels of the batch fast paths (fetch; D3D point/bilinear/trilinear sampling), per
// SIMD target with runtime dispatch. Depends on kernels.hpp and Highway only, never on isa/.
//
// They reproduce the scalar reference (fetch.cpp, sample.cpp, filter.cpp, lod.cpp, address.cpp)
// bit for bit. Built with -ffp-contract=off: D10 forbids FMA in the filter arithmetic.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "texunit/simd/kernels.cpp"
#ifndef HWY_DISABLED_TARGETS
// SSSE3 adds little over the baseline fallback; fewer targets, shorter builds.
#define HWY_DISABLED_TARGETS HWY_SSSE3
#endif
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include <algorithm>
#include <cstring>

#include "texunit/simd/kernels.hpp"
#include "texunit/simd/lanes-inl.h"

HWY_BEFORE_NAMESPACE();
namespace texsim::texunit::simd {
namespace HWY_NAMESPACE {
namespace {

namespace hn = hwy::HWY_NAMESPACE;

using DF = hn::ScalableTag<float>;
using DI = hn::RebindToSigned<DF>;
using DU = hn::RebindToUnsigned<DF>;
using VF = hn::Vec<DF>;
using VI = hn::Vec<DI>;
using VU = hn::Vec<DU>;
using MI = hn::Mask<DI>;

constexpr uint32_t kOneBits = 0x3f800000u;

// Integer >= and <= (Highway 1.0.3 defines them for floats only).
HWY_INLINE MI GeI(VI a, VI b) {
  return hn::Not(hn::Lt(a, b));
}
HWY_INLINE MI LeI(VI a, VI b) {
  return hn::Not(hn::Gt(a, b));
}

// ---- lane I/O (loads: lanes-inl.h); partial and masked stores go through a buffer ----

HWY_INLINE void StoreLanes(VU v, uint32_t* p, size_t i, size_t n, MI m, bool full) {
  const DU du;
  const DI di;
  if (full) {
    hn::StoreU(v, du, p + i);
    return;
  }
  HWY_ALIGN uint32_t vb[kLaneBuf];
  HWY_ALIGN int32_t mb[kLaneBuf];
  hn::Store(v, du, vb);
  hn::Store(hn::VecFromMask(di, m), di, mb);
  for (size_t k = 0; k < n; ++k) {
    if (mb[k] != 0) p[i + k] = vb[k];
  }
}

HWY_INLINE void StoreFlags(MI value, uint8_t* p, size_t i, size_t n, MI m, uint8_t bit) {
  const DI di;
  HWY_ALIGN int32_t vb[kLaneBuf];
  HWY_ALIGN int32_t mb[kLaneBuf];
  hn::Store(hn::VecFromMask(di, value), di, vb);
  hn::Store(hn::VecFromMask(di, m), di, mb);
  for (size_t k = 0; k < n; ++k) {
    if (mb[k] != 0) p[i + k] = vb[k] != 0 ? bit : uint8_t{0};
  }
}

// ---- exact conversions ----

// core::float_to_fixed(x, int_bits, frac_bits) for results within +/-lim (saturating), where
// lim = 2^(int_bits - 1 + frac_bits) - 1 < 2^30: NaN -> 0, x * 2^frac exact, clamp, RNE.
HWY_INLINE VI ToFixed(VF x, float scale, float lim) {
  const DF df;
  VF s = hn::Mul(x, hn::Set(df, scale));
  s = hn::IfThenZeroElse(hn::IsNaN(s), s);
  s = hn::Min(hn::Max(s, hn::Set(df, -lim - 1.0f)), hn::Set(df, lim));
  return RoundToInt(s);
}

// UNORM8 code -> code / 255 correctly rounded, in integer lanes. In base 256, c / 255 is
// 0.cccc... For 0 < c < 255 of bit length L, the 24-bit significand is the repeating pattern
// P = c * 0x01010101 shifted right by L, and the discarded part (c's low L bits plus the rest
// of the expansion) always exceeds half an ulp because c's top bit is set: round up, no ties.
// The exponent is L - 9, read off float(c) (exact). Checked for all 256 codes by the tests.
HWY_INLINE VU Unorm8(VI code) {
  const DF df;
  const DU du;
#if HWY_TARGET == HWY_AVX2 || HWY_TARGET == HWY_AVX3 || HWY_TARGET == HWY_AVX3_DL
  // With FMA: q0 = c * RN(1/255), the exact residual c - q0 * 255, one fused correction step.
  // Correctly rounded for all 256 codes (checked exhaustively by the tests).
  const VF cf = hn::ConvertTo(df, code);
  const VF k = hn::Set(df, 1.0f / 255.0f);
  const VF q0 = hn::Mul(cf, k);
  const VF r = hn::NegMulAdd(q0, hn::Set(df, 255.0f), cf);
  return hn::BitCast(du, hn::MulAdd(r, k, q0));
#else
  const VU c = hn::BitCast(du, code);
  const VU e = hn::ShiftRight<23>(hn::BitCast(du, hn::ConvertTo(df, code)));  // L + 126
  const VU pattern = hn::Mul(c, hn::Set(du, 0x01010101u));
  // c = 0 (e = 0) is selected away below; its shift is kept in range (no UB in emulation).
  const VU sig = pattern >> hn::Sub(hn::Max(e, hn::Set(du, 127u)), hn::Set(du, 126u));
  const VU bits =
      hn::Add(hn::Add(hn::ShiftLeft<23>(hn::Sub(e, hn::Set(du, 9u))), sig), hn::Set(du, 1u));
  const VU zero = hn::Zero(du);
  return hn::IfThenElse(hn::Eq(c, zero), zero,
                        hn::IfThenElse(hn::Eq(c, hn::Set(du, 255u)), hn::Set(du, kOneBits), bits));
#endif
}

HWY_INLINE VU Srgb8(const float* table, VI code) {
  const DF df;
  const DU du;
  return hn::BitCast(du, hn::GatherIndex(df, table, code));
}

// core::half_to_float in integer lanes: exact widening, denormals scaled exactly, NaN quieted
// with the payload at the top of the mantissa.
HWY_INLINE VU HalfToFloat(VU h) {
  const DF df;
  const DI di;
  const DU du;
  const VU sign = hn::ShiftLeft<16>(hn::And(h, hn::Set(du, 0x8000u)));
  const VU e = hn::And(hn::ShiftRight<10>(h), hn::Set(du, 0x1fu));
  const VU m = hn::And(h, hn::Set(du, 0x3ffu));
  const VU normal = hn::Or(hn::ShiftLeft<23>(hn::Add(e, hn::Set(du, 112u))), hn::ShiftLeft<13>(m));
  const VU quiet = hn::IfThenElseZero(hn::Ne(m, hn::Zero(du)), hn::Set(du, 0x00400000u));
  const VU special = hn::Or(hn::Or(hn::Set(du, 0x7f800000u), hn::ShiftLeft<13>(m)), quiet);
  const VU sub = hn::BitCast(
      du, hn::Mul(hn::ConvertTo(df, hn::BitCast(di, m)), hn::Set(df, 5.9604644775390625e-8f)));
  const VU mag = hn::IfThenElse(hn::Eq(e, hn::Zero(du)), sub,
                                hn::IfThenElse(hn::Eq(e, hn::Set(du, 31u)), special, normal));
  return hn::Or(mag, sign);
}

// ---- texel memory ----

struct Texel4 {
  VU c[4];
};

HWY_INLINE VU Gather32(const SurfacePlan& p, VI off) {
  const DI di;
  const DU du;
  return hn::BitCast(du, hn::GatherOffset(di, reinterpret_cast<const int32_t*>(p.bytes), off));
}

// Decodes RGBA8 UNORM / sRGB texel words like decode_texel.
template <FastFormat F>
HWY_INLINE Texel4 DecodeRgba8(const SurfacePlan& p, VU w) {
  const DI di;
  const DU du;
  const VU byte = hn::Set(du, 0xffu);
  Texel4 t;
  const VI c0 = hn::BitCast(di, hn::And(w, byte));
  const VI c1 = hn::BitCast(di, hn::And(hn::ShiftRight<8>(w), byte));
  const VI c2 = hn::BitCast(di, hn::And(hn::ShiftRight<16>(w), byte));
  const VI c3 = hn::BitCast(di, hn::ShiftRight<24>(w));
  if constexpr (F == FastFormat::kRgba8Srgb) {
    t.c[0] = Srgb8(p.srgb_table, c0);
    t.c[1] = Srgb8(p.srgb_table, c1);
    t.c[2] = Srgb8(p.srgb_table, c2);
  } else {
    t.c[0] = Unorm8(c0);
    t.c[1] = Unorm8(c1);
    t.c[2] = Unorm8(c2);
  }
  t.c[3] = Unorm8(c3);
  return t;
}

#if HWY_TARGET != HWY_SCALAR
// Two adjacent 4-byte texels per lane with 64-bit gathers (half the gathered elements of two
// 32-bit gathers): `lo` = the word at `off`, `hi` = the word at `off` + 4. Both must lie inside
// the view.
HWY_INLINE void GatherPair(const SurfacePlan& p, VI off, VU& lo, VU& hi) {
  const DU du;
  const hn::Half<DI> dh;
  const hn::Repartition<int64_t, DI> d64;
  const auto* base = reinterpret_cast<const int64_t*>(p.bytes);
  const auto a = hn::GatherOffset(d64, base, hn::PromoteTo(d64, hn::LowerHalf(dh, off)));
  const auto b = hn::GatherOffset(d64, base, hn::PromoteTo(d64, hn::UpperHalf(dh, off)));
  lo = hn::ConcatEven(du, hn::BitCast(du, b), hn::BitCast(du, a));
  hi = hn::ConcatOdd(du, hn::BitCast(du, b), hn::BitCast(du, a));
}
#endif

// Decodes the texels at byte offsets `off` (each inside the view) like decode_texel.
template <FastFormat F>
HWY_INLINE Texel4 ReadTexel(const SurfacePlan& p, VI off) {
  const DI di;
  const DU du;
  const VU zero = hn::Zero(du);
  const VU one = hn::Set(du, kOneBits);
  const VU byte = hn::Set(du, 0xffu);
  Texel4 t;
  if constexpr (F == FastFormat::kRgba8Unorm || F == FastFormat::kRgba8Srgb) {
    return DecodeRgba8<F>(p, Gather32(p, off));
  } else if constexpr (F == FastFormat::kR8Unorm || F == FastFormat::kRg8Unorm) {
    // A 4-byte read that ends inside the view, shifted down to the texel.
    const VI base = hn::Min(off, hn::Set(di, static_cast<int32_t>(p.size - 4)));
    const VU shift = hn::BitCast(du, hn::ShiftLeft<3>(hn::Sub(off, base)));
    const VU w = Gather32(p, base) >> shift;
    t.c[0] = Unorm8(hn::BitCast(di, hn::And(w, byte)));
    t.c[1] = F == FastFormat::kRg8Unorm
                 ? Unorm8(hn::BitCast(di, hn::And(hn::ShiftRight<8>(w), byte)))
                 : zero;
    t.c[2] = zero;
    t.c[3] = one;
  } else if constexpr (F == FastFormat::kRgba16Float) {
    const VU w0 = Gather32(p, off);
    const VU w1 = Gather32(p, hn::Add(off, hn::Set(di, 4)));
    const VU lo16 = hn::Set(du, 0xffffu);
    t.c[0] = HalfToFloat(hn::And(w0, lo16));
    t.c[1] = HalfToFloat(hn::ShiftRight<16>(w0));
    t.c[2] = HalfToFloat(hn::And(w1, lo16));
    t.c[3] = HalfToFloat(hn::ShiftRight<16>(w1));
  } else if constexpr (F == FastFormat::kR32Float) {
    t.c[0] = Gather32(p, off);
    t.c[1] = zero;
    t.c[2] = zero;
    t.c[3] = one;
  } else {
    static_assert(F == FastFormat::kRgba32Float);
    for (int c = 0; c < 4; ++c) t.c[c] = Gather32(p, hn::Add(off, hn::Set(di, 4 * c)));
  }
  return t;
}

struct LevelVec {
  VI offset, row, slice_pitch, width, height;
};

// Level parameters per lane; `level` must lie in [0, kMaxLevels). A uniform level (the common
// case) is broadcast instead of gathered.
HWY_INLINE LevelVec LoadLevel(const SurfacePlan& p, VI level) {
  const DI di;
  const int32_t l0 = hn::GetLane(level);
  if (hn::AllTrue(di, hn::Eq(level, hn::Set(di, l0)))) {
    const auto l = static_cast<size_t>(l0);
    return {hn::Set(di, p.level_offset[l]), hn::Set(di, p.row_pitch[l]),
            hn::Set(di, p.slice_pitch[l]), hn::Set(di, p.width[l]), hn::Set(di, p.height[l])};
  }
#if HWY_TARGET != HWY_SCALAR
  if constexpr (hn::MaxLanes(DI()) == kMaxLevels) {
    // One register holds a whole table (AVX-512): a lane permute instead of a gather.
    const auto idx = hn::IndicesFromVec(di, level);
    const auto look = [&](const std::array<int32_t, kMaxLevels>& t) {
      return hn::TableLookupLanes(hn::LoadU(di, t.data()), idx);
    };
    return {look(p.level_offset), look(p.row_pitch), look(p.slice_pitch), look(p.width),
            look(p.height)};
  }
#endif
  return {hn::GatherIndex(di, p.level_offset.data(), level),
          hn::GatherIndex(di, p.row_pitch.data(), level),
          hn::GatherIndex(di, p.slice_pitch.data(), level),
          hn::GatherIndex(di, p.width.data(), level), hn::GatherIndex(di, p.height.data(), level)};
}

// ---- fetch (fetch.cpp: offsets in uint32, bounds on every axis, the view's byte range) ----

template <FastFormat F>
HWY_INLINE void FetchVec(const SurfacePlan& p, const FetchLanes& L, size_t i, size_t n) {
  const DI di;
  const DU du;
  const MI active = ActiveMask(di, L.active, i, n);
  if (hn::AllFalse(di, active)) return;
  const bool full = n == hn::Lanes(di) && hn::AllTrue(di, active);

  const VU offx = L.offset_x ? hn::BitCast(du, LoadLanes(di, L.offset_x, i, n))
                             : hn::Set(du, static_cast<uint32_t>(L.shared_offset_x));
  const VU offy = L.offset_y ? hn::BitCast(du, LoadLanes(di, L.offset_y, i, n))
                             : hn::Set(du, static_cast<uint32_t>(L.shared_offset_y));
  const VU x = hn::Add(LoadLanes(du, L.x, i, n), offx);
  const VU y = hn::Add(LoadLanes(du, L.y, i, n), offy);
  const VU level = LoadLanes(du, L.level, i, n);
  MI valid = hn::And(active, hn::RebindMask(di, hn::Lt(level, hn::Set(du, p.levels))));
  const LevelVec lv = LoadLevel(p, hn::IfThenElseZero(valid, hn::BitCast(di, level)));
  valid = hn::And(valid, hn::RebindMask(di, hn::Lt(x, hn::BitCast(du, lv.width))));
  valid = hn::And(valid, hn::RebindMask(di, hn::Lt(y, hn::BitCast(du, lv.height))));
  VI base = lv.offset;
  if (p.array) {
    const VU slice = LoadLanes(du, L.slice, i, n);
    valid = hn::And(valid, hn::RebindMask(di, hn::Lt(slice, hn::Set(du, p.slices))));
    base =
        hn::Add(base, hn::Mul(hn::IfThenElseZero(valid, hn::BitCast(di, slice)), lv.slice_pitch));
  }
  const VI xi = hn::IfThenElseZero(valid, hn::BitCast(di, x));
  const VI yi = hn::IfThenElseZero(valid, hn::BitCast(di, y));
  VI off = hn::Add(hn::Add(base, hn::Mul(yi, lv.row)),
                   hn::Mul(xi, hn::Set(di, static_cast<int32_t>(p.bytes_per_texel))));
  // A view smaller than its layout reads as out of bounds (fetch.cpp).
  valid = hn::And(valid, LeI(off, hn::Set(di, static_cast<int32_t>(p.size - p.bytes_per_texel))));
  off = hn::IfThenElseZero(valid, off);
  const Texel4 t = ReadTexel<F>(p, off);
  if (L.taps != nullptr) {
    LogTap(L.taps, 0, hn::BitCast(di, x), hn::BitCast(di, y), valid, i, n);
    StoreAll(hn::BitCast(di, level), Slot(L.taps->level, 0, L.taps->stride), i, n);
    const VI slice = p.array ? hn::BitCast(di, LoadLanes(du, L.slice, i, n)) : hn::Zero(di);
    StoreAll(slice, Slot(L.taps->slice, 0, L.taps->stride), i, n);
  }
  for (int c = 0; c < 4; ++c) {
    const VU v = hn::IfThenElse(hn::RebindMask(du, valid), t.c[c], hn::Set(du, p.oob[c]));
    StoreLanes(v, L.out[c], i, n, active, full);
  }
  if (L.flags != nullptr) StoreFlags(valid, L.flags, i, n, active, 1);
}

template <FastFormat F>
void FetchLoop(const SurfacePlan& p, const FetchLanes& L, size_t begin, size_t end) {
  const size_t step = hn::Lanes(DI());
  for (size_t i = begin; i < end; i += step) FetchVec<F>(p, L, i, std::min(step, end - i));
}

// ---- sampling (sample.cpp / filter.cpp / lod.cpp / address.cpp, D3D profile) ----

// address.cpp reduce_range.
HWY_INLINE VF Reduce(VF u, AddressMode mode) {
  const DF df;
  switch (mode) {
    case AddressMode::kWrap:
      return hn::Sub(u, hn::Floor(u));
    case AddressMode::kMirror: {
      const VF half = hn::Mul(u, hn::Set(df, 0.5f));
      return hn::Mul(hn::Sub(half, hn::Trunc(half)), hn::Set(df, 2.0f));
    }
    default: {
      const VF c = hn::Min(hn::Max(u, hn::Set(df, -10.0f)), hn::Set(df, 10.0f));
      return hn::IfThenElse(hn::IsNaN(u), u, c);
    }
  }
}

// t mod n in [0, n) for n >= 1 and |t| < 2^24.
HWY_INLINE VI Mod(VI t, VI n) {
  const DF df;
  const DI di;
  const VI zero = hn::Zero(di);
  if (hn::AllTrue(di, hn::And(GeI(t, zero), hn::Lt(t, n)))) return t;
  VI r = hn::IfThenElse(hn::Lt(t, zero), hn::Add(t, n), t);
  r = hn::IfThenElse(GeI(r, n), hn::Sub(r, n), r);
  if (hn::AllTrue(di, hn::And(GeI(r, zero), hn::Lt(r, n)))) return r;  // t in [-n, 2n)
  const VF q = hn::Floor(hn::Div(hn::ConvertTo(df, t), hn::ConvertTo(df, n)));
  r = hn::Sub(t, hn::Mul(hn::ConvertTo(di, q), n));  // off by at most one period
  r = hn::IfThenElse(hn::Lt(r, zero), hn::Add(r, n), r);
  return hn::IfThenElse(GeI(r, n), hn::Sub(r, n), r);
}

// address.cpp apply_address_mode on int32 texel addresses; border lanes are flagged and read
// texel 0. The final clamp keeps every read inside the level whatever the input.
HWY_INLINE VI Address(VI t, VI n, AddressMode mode, MI& border) {
  const DI di;
  const VI zero = hn::Zero(di);
  const VI last = hn::Sub(n, hn::Set(di, 1));
  VI r;
  switch (mode) {
    case AddressMode::kWrap:
      r = Mod(t, n);
      break;
    case AddressMode::kMirror: {
      const VI period = hn::Add(n, n);
      const VI m = Mod(t, period);
      r = hn::IfThenElse(hn::Lt(m, n), m, hn::Sub(hn::Sub(period, hn::Set(di, 1)), m));
      break;
    }
    case AddressMode::kClamp:
      r = t;
      break;
    case AddressMode::kMirrorOnce:
      r = hn::IfThenElse(hn::Lt(t, zero), hn::Not(t), t);  // -t - 1
      break;
    case AddressMode::kBorder: {
      const MI out = hn::Not(hn::And(GeI(t, zero), hn::Lt(t, n)));
      border = hn::Or(border, out);
      r = hn::IfThenZeroElse(out, t);
      break;
    }
  }
  return hn::Min(hn::Max(r, zero), last);
}

struct AxisVec {
  VI i0;
  VF frac;
};

// filter.cpp linear_axis / point_axis (D3D): s = coord * size (- 0.5), fixed point with
// `bits` fraction bits, texel = floor + offset, frac = fraction bits / 2^bits.
HWY_INLINE AxisVec Axis(VF coord, VI size, VI offset, bool linear, uint32_t bits) {
  const DF df;
  const DI di;
  VF s = hn::Mul(coord, hn::ConvertTo(df, size));
  if (linear) s = hn::Sub(s, hn::Set(df, 0.5f));
  const float scale = static_cast<float>(uint32_t{1} << bits);
  const VI fx = ToFixed(s, scale, 1073741823.0f);
  AxisVec a;
  a.i0 = hn::Add(hn::ShiftRightSame(fx, static_cast<int>(bits)), offset);
  const VI mask = hn::Set(di, static_cast<int32_t>((uint32_t{1} << bits) - 1));
  a.frac = hn::Mul(hn::ConvertTo(df, hn::And(fx, mask)), hn::Set(df, 1.0f / scale));
  return a;
}

// filter.cpp flush_denormal_bits (D3D11.3 §3.1.3.2): exponent field 0 -> the signed zero.
HWY_INLINE VU FtzBits(VU x) {
  const DU du;
  const VU exp = hn::And(x, hn::Set(du, 0x7f800000u));
  return hn::IfThenElse(hn::Eq(exp, hn::Zero(du)), hn::And(x, hn::Set(du, 0x80000000u)), x);
}
HWY_INLINE VF Ftz(VF x) {
  const DF df;
  return hn::BitCast(df, FtzBits(hn::BitCast(DU(), x)));
}

// The border colour in the lanes of `t` whose tap addressed the border (§7.18.9).
HWY_INLINE void ApplyBorder(const SamplePlan& p, MI border, Texel4& t) {
  const DU du;
  for (int c = 0; c < 4; ++c) {
    t.c[c] = hn::IfThenElse(hn::RebindMask(du, border), hn::Set(du, p.border[c]), t.c[c]);
  }
}

// The four taps of a bilinear footprint, x fastest: (x0, y0), (x1, y0), (x0, y1), (x1, y1).
template <FastFormat F>
HWY_INLINE void ReadQuad(const SamplePlan& p, VI row0, VI row1, VI x0, VI x1, Texel4 (&t)[4]) {
  const DI di;
  const VI bpt = hn::Set(di, static_cast<int32_t>(p.surf.bytes_per_texel));
  const VI col0 = hn::Mul(x0, bpt);
  const VI col1 = hn::Mul(x1, bpt);
#if HWY_TARGET != HWY_SCALAR
  if constexpr (F == FastFormat::kRgba8Unorm || F == FastFormat::kRgba8Srgb) {
    // Every lane's x1 is x0 + 1 (no wrap at the right edge): both texels of a row are one
    // 8-byte read inside the row; otherwise the four 32-bit gathers below.
    if (hn::AllTrue(di, hn::Eq(x1, hn::Add(x0, hn::Set(di, 1))))) {
      VU w0, w1, w2, w3;
      GatherPair(p.surf, hn::Add(row0, col0), w0, w1);
      GatherPair(p.surf, hn::Add(row1, col0), w2, w3);
      t[0] = DecodeRgba8<F>(p.surf, w0);
      t[1] = DecodeRgba8<F>(p.surf, w1);
      t[2] = DecodeRgba8<F>(p.surf, w2);
      t[3] = DecodeRgba8<F>(p.surf, w3);
      return;
    }
  }
#endif
  t[0] = ReadTexel<F>(p.surf, hn::Add(row0, col0));
  t[1] = ReadTexel<F>(p.surf, hn::Add(row0, col1));
  t[2] = ReadTexel<F>(p.surf, hn::Add(row1, col0));
  t[3] = ReadTexel<F>(p.surf, hn::Add(row1, col1));
}

// filter.cpp combine() for a linear footprint: weights x then y (make_footprint), taps x
// fastest; every texel, product and sum denormal-flushed (§3.1.3.2) where the plan may meet
// denormals; a single tap of weight 1 returns its flushed bits; otherwise acc = w0*v0 over the
// first non-zero tap, then acc + wi*vi in tap order, taps of weight 0 skipped.
HWY_INLINE Texel4 CombineLinear(const SamplePlan& p, VF fx, VF fy, Texel4 (&t)[4]) {
  const DF df;
  const DU du;
  const VF fone = hn::Set(df, 1.0f);
  const VF wx0 = hn::Sub(fone, fx);
  const VF wy0 = hn::Sub(fone, fy);
  const VF w[4] = {hn::Mul(wx0, wy0), hn::Mul(fx, wy0), hn::Mul(wx0, fy), hn::Mul(fx, fy)};
  const VF fzero = hn::Zero(df);
  const hn::Mask<DF> nz[4] = {hn::Ne(w[0], fzero), hn::Ne(w[1], fzero), hn::Ne(w[2], fzero),
                              hn::Ne(w[3], fzero)};
  const bool flush = p.flush_denormals;
  if (flush) {
    for (int k = 0; k < 4; ++k) {
      for (int c = 0; c < 4; ++c) t[k].c[c] = FtzBits(t[k].c[c]);
    }
  }
  auto ftz = [flush](VF x) { return flush ? Ftz(x) : x; };
  const hn::Mask<DF> single = hn::AndNot(hn::Or(hn::Or(nz[1], nz[2]), nz[3]), hn::Eq(w[0], fone));
  Texel4 out;
  for (int c = 0; c < 4; ++c) {
    VF acc = hn::IfThenElseZero(nz[0], ftz(hn::Mul(w[0], hn::BitCast(df, t[0].c[c]))));
    hn::Mask<DF> started = nz[0];
    for (int k = 1; k < 4; ++k) {
      const VF term = ftz(hn::Mul(w[k], hn::BitCast(df, t[k].c[c])));
      acc = hn::IfThenElse(nz[k], hn::IfThenElse(started, ftz(hn::Add(acc, term)), term), acc);
      started = hn::Or(started, nz[k]);
    }
    out.c[c] = hn::IfThenElse(hn::RebindMask(du, single), t[0].c[c], hn::BitCast(du, acc));
  }
  return out;
}

// The four taps of a linear footprint into the read log: read where on, their weight (as
// CombineLinear computes it) is non-zero and no axis addressed the border.
HWY_INLINE void LogQuad(const TapLog* log, size_t pass, const std::array<VI, 4>& xy,
                        const std::array<MI, 4>& b, VF fx, VF fy, MI on, size_t i, size_t n) {
  const DF df;
  const DI di;
  const VF fone = hn::Set(df, 1.0f);
  const VF wx0 = hn::Sub(fone, fx);
  const VF wy0 = hn::Sub(fone, fy);
  const VF w[4] = {hn::Mul(wx0, wy0), hn::Mul(fx, wy0), hn::Mul(wx0, fy), hn::Mul(fx, fy)};
  for (size_t k = 0; k < 4; ++k) {
    const MI nz = hn::RebindMask(di, hn::Ne(w[k], hn::Zero(df)));
    const MI bord = hn::Or(b[k & 1], b[2 + (k >> 1)]);
    LogTap(log, pass * 4 + k, xy[k & 1], xy[2 + (k >> 1)], hn::AndNot(bord, hn::And(on, nz)), i, n);
  }
}

// One level: sample.cpp filter_level with filter.cpp make_footprint and combine.
template <FastFormat F>
HWY_INLINE Texel4 FilterLevel(const SamplePlan& p, VI level, VF u, VF v, VI slice, VI offx, VI offy,
                              const TapLog* log, size_t pass, MI on, size_t i, size_t n) {
  const DI di;
  const LevelVec lv = LoadLevel(p.surf, level);
  const VI base = p.surf.array ? hn::Add(lv.offset, hn::Mul(slice, lv.slice_pitch)) : lv.offset;
  const AxisVec ax = Axis(u, lv.width, offx, p.linear, p.subtexel_bits);
  const AxisVec ay = Axis(v, lv.height, offy, p.linear, p.subtexel_bits);
  const VI one = hn::Set(di, 1);

  MI bx0 = hn::FirstN(di, 0);
  MI by0 = bx0;
  const VI x0 = Address(ax.i0, lv.width, p.mode_u, bx0);
  const VI y0 = Address(ay.i0, lv.height, p.mode_v, by0);
  const VI row0 = hn::Add(base, hn::Mul(y0, lv.row));
  const bool border = p.mode_u == AddressMode::kBorder || p.mode_v == AddressMode::kBorder;
  if (!p.linear) {  // one tap of weight 1: its bits, untouched
    const VI col0 = hn::Mul(x0, hn::Set(di, static_cast<int32_t>(p.surf.bytes_per_texel)));
    Texel4 t0 = ReadTexel<F>(p.surf, hn::Add(row0, col0));
    if (log != nullptr) LogTap(log, pass * 4, x0, y0, hn::AndNot(hn::Or(bx0, by0), on), i, n);
    if (border) ApplyBorder(p, hn::Or(bx0, by0), t0);
    return t0;
  }

  MI bx1 = hn::FirstN(di, 0);
  MI by1 = bx1;
  const VI x1 = Address(hn::Add(ax.i0, one), lv.width, p.mode_u, bx1);
  const VI y1 = Address(hn::Add(ay.i0, one), lv.height, p.mode_v, by1);
  const VI row1 = hn::Add(base, hn::Mul(y1, lv.row));
  Texel4 t[4];
  ReadQuad<F>(p, row0, row1, x0, x1, t);
  if (log != nullptr)
    LogQuad(log, pass, {x0, x1, y0, y1}, {bx0, bx1, by0, by1}, ax.frac, ay.frac, on, i, n);
  if (border) {
    ApplyBorder(p, hn::Or(bx0, by0), t[0]);
    ApplyBorder(p, hn::Or(bx1, by0), t[1]);
    ApplyBorder(p, hn::Or(bx0, by1), t[2]);
    ApplyBorder(p, hn::Or(bx1, by1), t[3]);
  }
  return CombineLinear(p, ax.frac, ay.frac, t);
}

// IEEE minNum / maxNum (std::fmin / std::fmax): a NaN operand loses.
HWY_INLINE VF MinNum(VF a, VF b) {
  return hn::IfThenElse(hn::IsNaN(a), b, hn::IfThenElse(hn::IsNaN(b), a, hn::Min(a, b)));
}
HWY_INLINE VF MaxNum(VF a, VF b) {
  return hn::IfThenElse(hn::IsNaN(a), b, hn::IfThenElse(hn::IsNaN(b), a, hn::Max(a, b)));
}

// lod.cpp select_mips on the clamped LOD in fixed point with lod_frac_bits fraction bits: the
// first level and, for a linear mip filter, the second level's weight (0 outside the chain).
struct MipVec {
  VI level0;
  VF w1;
};

HWY_INLINE MipVec SelectMips(const SamplePlan& p, VF clamped) {
  const DF df;
  const DI di;
  const uint32_t bits = p.lod_frac_bits;
  const float lod_lim = static_cast<float>((uint32_t{1} << (8 + bits)) - 1);
  const VI fx = ToFixed(clamped, static_cast<float>(uint32_t{1} << bits), lod_lim);
  const VI last = hn::Set(di, static_cast<int32_t>(p.mip_count - 1));
  const VI zero = hn::Zero(di);
  MipVec m{zero, hn::Zero(df)};
  switch (p.mip_filter) {
    case MipFilter::kNone:
      break;
    case MipFilter::kPoint: {
      const VI nearest =
          bits == 0 ? fx
                    : hn::ShiftRightSame(hn::Add(fx, hn::Set(di, int32_t{1} << (bits - 1))),
                                         static_cast<int>(bits));
      m.level0 = hn::Min(hn::Max(nearest, zero), last);
      break;
    }
    case MipFilter::kLinear: {
      const VI whole = hn::ShiftRightSame(fx, static_cast<int>(bits));
      const VI mask = hn::Set(di, static_cast<int32_t>((uint32_t{1} << bits) - 1));
      const VF frac = hn::Mul(hn::ConvertTo(df, hn::And(fx, mask)),
                              hn::Set(df, 1.0f / static_cast<float>(uint32_t{1} << bits)));
      const MI below = hn::Lt(whole, zero);
      const MI above = GeI(whole, last);
      m.level0 = hn::IfThenElse(below, zero, hn::IfThenElse(above, last, whole));
      m.w1 = hn::IfThenZeroElse(hn::RebindMask(df, hn::Or(below, above)), frac);
      break;
    }
  }
  return m;
}

// filter.cpp blend_levels in the `blend` lanes: a * (1 - w) + b * w, inputs, products and sum
// denormal-flushed (§3.1.3.2) where the plan may meet denormals; other lanes keep a.
HWY_INLINE void BlendLevels(const SamplePlan& p, const Texel4& b, VF w1, hn::Mask<DF> blend,
                            Texel4& a) {
  const DF df;
  const DU du;
  const VF wa = hn::Sub(hn::Set(df, 1.0f), w1);
  for (int c = 0; c < 4; ++c) {
    VF fa = hn::BitCast(df, a.c[c]);
    VF fb = hn::BitCast(df, b.c[c]);
    VF ta, tb, sum;
    if (p.flush_denormals) {
      ta = Ftz(hn::Mul(Ftz(fa), wa));
      tb = Ftz(hn::Mul(Ftz(fb), w1));
      sum = Ftz(hn::Add(ta, tb));
    } else {
      ta = hn::Mul(fa, wa);
      tb = hn::Mul(fb, w1);
      sum = hn::Add(ta, tb);
    }
    a.c[c] = hn::IfThenElse(hn::RebindMask(du, blend), hn::BitCast(du, sum), a.c[c]);
  }
}

// Active lanes with a NaN result go back to the scalar reference (SampleLanes::redo): their
// indices are appended at L.redo[redo_count...]; returns the new count.
HWY_INLINE size_t QueueNanLanes(const Texel4& r, MI active, const SampleLanes& L, size_t i,
                                size_t n, size_t redo_count) {
  const DF df;
  const DI di;
  hn::Mask<DF> nan =
      hn::Or(hn::Or(hn::IsNaN(hn::BitCast(df, r.c[0])), hn::IsNaN(hn::BitCast(df, r.c[1]))),
             hn::Or(hn::IsNaN(hn::BitCast(df, r.c[2])), hn::IsNaN(hn::BitCast(df, r.c[3]))));
  nan = hn::And(nan, hn::RebindMask(df, active));
  if (hn::AllFalse(df, nan)) return redo_count;
  HWY_ALIGN int32_t mb[kLaneBuf];
  hn::Store(hn::VecFromMask(di, hn::RebindMask(di, nan)), di, mb);
  for (size_t k = 0; k < n; ++k) {
    if (mb[k] != 0) L.redo[redo_count++] = static_cast<uint32_t>(i + k);
  }
  return redo_count;
}

template <FastFormat F>
HWY_INLINE size_t SampleVec(const SamplePlan& p, const SampleLanes& L, size_t i, size_t n,
                            size_t redo_count) {
  const DF df;
  const DI di;
  const MI active = ActiveMask(di, L.active, i, n);
  if (hn::AllFalse(di, active)) return redo_count;
  const bool full = n == hn::Lanes(di) && hn::AllTrue(di, active);

  const VF u = Reduce(LoadLanes(df, L.u, i, n), p.mode_u);
  const VF v = Reduce(LoadLanes(df, L.v, i, n), p.mode_v);
  // Inactive lanes may hold any offset; zero them so every lane's arithmetic stays in range.
  const VI offx = hn::IfThenElseZero(
      active, L.offset_x ? LoadLanes(di, L.offset_x, i, n) : hn::Set(di, L.shared_offset_x));
  const VI offy = hn::IfThenElseZero(
      active, L.offset_y ? LoadLanes(di, L.offset_y, i, n) : hn::Set(di, L.shared_offset_y));

  VI slice = hn::Zero(di);
  if (p.surf.array) {
    // sample.cpp array_layer: round to nearest even, clamp to the layers, NaN -> 0.
    VF a = LoadLanes(df, L.array_index, i, n);
    a = hn::IfThenZeroElse(hn::IsNaN(a), a);
    a = hn::Min(hn::Max(a, hn::Zero(df)), hn::Set(df, static_cast<float>(p.surf.slices - 1)));
    slice = RoundToInt(a);
  }

  // lod.cpp bias_lod, clamp_lod, select_mips (D3D: 8.8-style fixed point).
  const VF lod = LoadLanes(df, L.lod, i, n);
  const VF biased = hn::Add(lod, hn::Set(df, p.bias));
  const VF clamped = MaxNum(hn::Set(df, p.min_lod), MinNum(hn::Set(df, p.max_lod), biased));
  const MipVec mips = SelectMips(p, clamped);

  const TapLog* log = L.taps;
  Texel4 r = FilterLevel<F>(p, mips.level0, u, v, slice, offx, offy, log, 0, active, i, n);
  const hn::Mask<DF> blend = hn::And(hn::Ne(mips.w1, hn::Zero(df)), hn::RebindMask(df, active));
  const VI level1 =
      hn::IfThenElse(hn::RebindMask(di, blend), hn::Add(mips.level0, hn::Set(di, 1)), mips.level0);
  if (!hn::AllFalse(df, blend)) {
    const MI on1 = hn::RebindMask(di, blend);
    BlendLevels(p, FilterLevel<F>(p, level1, u, v, slice, offx, offy, log, 1, on1, i, n), mips.w1,
                blend, r);
  } else if (log != nullptr) {
    for (size_t k = 4; k < kTapSlots; ++k) StoreAll(hn::Zero(di), log->on + k * log->stride, i, n);
  }
  if (log != nullptr) {
    StoreAll(mips.level0, Slot(log->level, 0, log->stride), i, n);
    StoreAll(level1, Slot(log->level, 1, log->stride), i, n);
    StoreAll(slice, Slot(log->slice, 0, log->stride), i, n);
  }
  for (int c = 0; c < 4; ++c) StoreLanes(r.c[c], L.out[c], i, n, active, full);
  if (L.flags != nullptr) StoreFlags(hn::FirstN(di, 0), L.flags, i, n, active, 0);
  return QueueNanLanes(r, active, L, i, n, redo_count);
}

template <FastFormat F>
size_t SampleLoop(const SamplePlan& p, const SampleLanes& L, size_t begin, size_t end) {
  const size_t step = hn::Lanes(DI());
  size_t redo = 0;
  for (size_t i = begin; i < end; i += step)
    redo = SampleVec<F>(p, L, i, std::min(step, end - i), redo);
  return redo;
}

}  // namespace

void FetchLanesImpl(const SurfacePlan& p, const FetchLanes& L, size_t begin, size_t end) {
  switch (p.format) {
    case FastFormat::kRgba8Unorm:
      return FetchLoop<FastFormat::kRgba8Unorm>(p, L, begin, end);
    case FastFormat::kRgba8Srgb:
      return FetchLoop<FastFormat::kRgba8Srgb>(p, L, begin, end);
    case FastFormat::kR8Unorm:
      return FetchLoop<FastFormat::kR8Unorm>(p, L, begin, end);
    case FastFormat::kRg8Unorm:
      return FetchLoop<FastFormat::kRg8Unorm>(p, L, begin, end);
    case FastFormat::kRgba16Float:
      return FetchLoop<FastFormat::kRgba16Float>(p, L, begin, end);
    case FastFormat::kR32Float:
      return FetchLoop<FastFormat::kR32Float>(p, L, begin, end);
    case FastFormat::kRgba32Float:
      return FetchLoop<FastFormat::kRgba32Float>(p, L, begin, end);
    case FastFormat::kNone:
      break;
  }
}

size_t SampleLanesImpl(const SamplePlan& p, const SampleLanes& L, size_t begin, size_t end) {
  switch (p.surf.format) {
    case FastFormat::kRgba8Unorm:
      return SampleLoop<FastFormat::kRgba8Unorm>(p, L, begin, end);
    case FastFormat::kRgba8Srgb:
      return SampleLoop<FastFormat::kRgba8Srgb>(p, L, begin, end);
    case FastFormat::kR8Unorm:
      return SampleLoop<FastFormat::kR8Unorm>(p, L, begin, end);
    case FastFormat::kRg8Unorm:
      return SampleLoop<FastFormat::kRg8Unorm>(p, L, begin, end);
    case FastFormat::kRgba16Float:
      return SampleLoop<FastFormat::kRgba16Float>(p, L, begin, end);
    case FastFormat::kR32Float:
      return SampleLoop<FastFormat::kR32Float>(p, L, begin, end);
    case FastFormat::kRgba32Float:
      return SampleLoop<FastFormat::kRgba32Float>(p, L, begin, end);
    case FastFormat::kNone:
      break;
  }
  return 0;
}

int64_t CurrentTarget() {
  return HWY_TARGET;
}

}  // namespace HWY_NAMESPACE
}  // namespace texsim::texunit::simd
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace texsim::texunit::simd {

HWY_EXPORT(FetchLanesImpl);
HWY_EXPORT(SampleLanesImpl);
HWY_EXPORT(CurrentTarget);

void fetch_lanes(const SurfacePlan& plan, const FetchLanes& lanes, size_t begin, size_t end) {
  HWY_DYNAMIC_DISPATCH(FetchLanesImpl)(plan, lanes, begin, end);
}

size_t sample_lanes(const SamplePlan& plan, const SampleLanes& lanes, size_t begin, size_t end) {
  return HWY_DYNAMIC_DISPATCH(SampleLanesImpl)(plan, lanes, begin, end);
}

std::vector<int64_t> available_targets() {
  return hwy::SupportedAndGeneratedTargets();
}

void force_target(int64_t target) {
  hwy::SetSupportedTargetsForTest(target);
  hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}

std::string target_name(int64_t target) {
  return hwy::TargetName(target);
}

std::string current_target_name() {
  return target_name(HWY_DYNAMIC_DISPATCH(CurrentTarget)());
}

}  // namespace texsim::texunit::simd
#endif  // HWY_ONCE
