// Lane I/O, TapLog stores and exact conversions of the Highway kernels (kernels.cpp, lavapipe_*).
// Re-included once per SIMD target by foreach_target.h: Highway's toggle guard, not #pragma once.
//
// Include it after <hwy/highway.h>, outside HWY_BEFORE_NAMESPACE (it opens its own).
#if defined(TEXSIM_TEXUNIT_SIMD_LANES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXSIM_TEXUNIT_SIMD_LANES_INL_H_
#undef TEXSIM_TEXUNIT_SIMD_LANES_INL_H_
#else
#define TEXSIM_TEXUNIT_SIMD_LANES_INL_H_
#endif

#include <hwy/highway.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

HWY_BEFORE_NAMESPACE();
namespace texsim::texunit::simd {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

inline constexpr size_t kLaneBuf = 64;  // >= lanes of any target

// Lanes i..i+n of p (n <= Lanes(d)); a null pointer reads 0, a partial vector goes through a
// zeroed buffer so nothing past p + i + n is read.
template <class D, typename T>
HWY_INLINE hn::Vec<D> LoadLanes(D d, const T* p, size_t i, size_t n) {
  if (p == nullptr) return hn::Zero(d);
  if (n == hn::Lanes(d)) return hn::LoadU(d, p + i);
  HWY_ALIGN T buf[kLaneBuf] = {};
  std::copy_n(p + i, n, buf);
  return hn::Load(d, buf);
}

// The first n lanes, and of those the ones whose `active` byte is non-zero (all when null).
template <class DI>
HWY_INLINE hn::Mask<DI> ActiveMask(DI di, const uint8_t* active, size_t i, size_t n) {
  const hn::Mask<DI> first = hn::FirstN(di, n);
  if (active == nullptr) return first;
  HWY_ALIGN int32_t buf[kLaneBuf] = {};
  for (size_t k = 0; k < n; ++k) buf[k] = active[i + k];
  return hn::And(first, hn::Ne(hn::Load(di, buf), hn::Zero(di)));
}

// cvtps2dq: round to nearest even, for |x| <= 2^30 (callers clamp; NaN already removed). The
// emulated targets' NearestInt adds 0.5 in float (wrong just below .5), so they round through
// the 2^23 trick instead.
template <class VF>
HWY_INLINE hn::Vec<hn::RebindToSigned<hn::DFromV<VF>>> RoundToInt(VF x) {
#if HWY_TARGET == HWY_EMU128 || HWY_TARGET == HWY_SCALAR
  const hn::DFromV<VF> df;
  const hn::RebindToSigned<hn::DFromV<VF>> di;
  const VF ax = hn::Abs(x);
  const VF magic = hn::Set(df, 8388608.0f);
  const VF r = hn::IfThenElse(hn::Lt(ax, magic), hn::Sub(hn::Add(ax, magic), magic), ax);
  const auto mag = hn::ConvertTo(di, r);
  return hn::IfThenElse(hn::RebindMask(di, hn::Lt(x, hn::Zero(df))), hn::Neg(mag), mag);
#else
  return hn::NearestInt(x);  // the MXCSR rounding mode: round to nearest even
#endif
}

// Lanes i..i+n of v into p (whatever the mask): a partial vector goes through a buffer.
HWY_INLINE void StoreAll(hn::Vec<hn::ScalableTag<int32_t>> v, int32_t* p, size_t i, size_t n) {
  const hn::ScalableTag<int32_t> di;
  if (n == hn::Lanes(di)) {
    hn::StoreU(v, di, p + i);
    return;
  }
  HWY_ALIGN int32_t b[kLaneBuf];
  hn::Store(v, di, b);
  std::copy_n(b, n, p + i);
}
HWY_INLINE int32_t* Slot(uint32_t* base, size_t slot, size_t stride) {
  return reinterpret_cast<int32_t*>(base + slot * stride);
}

// One tap into the read log (TapLog): its texel and whether it was read.
// Log: simd::TapLog (a template so that this file needs no kernels.hpp: no include cycle).
template <class Log, class VI, class MI>
HWY_INLINE void LogTap(const Log* log, size_t slot, VI x, VI y, MI on, size_t i, size_t n) {
  const hn::ScalableTag<int32_t> di;
  StoreAll(x, Slot(log->x, slot, log->stride), i, n);
  StoreAll(y, Slot(log->y, slot, log->stride), i, n);
  StoreAll(hn::VecFromMask(di, on), log->on + slot * log->stride, i, n);
}

}  // namespace HWY_NAMESPACE
}  // namespace texsim::texunit::simd
HWY_AFTER_NAMESPACE();

#endif  // TEXSIM_TEXUNIT_SIMD_LANES_INL_H_ toggle
