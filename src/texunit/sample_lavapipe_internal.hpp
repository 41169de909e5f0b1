// Internals shared by the lavapipe profile's sources (sample_lavapipe_*.cpp), all inline: x86
// conversions and NaN rules, lerp / compare / reduce as gallivm emits them, the lane's surface.
#pragma once

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "texunit/format.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit::lavapipe_detail {

constexpr int32_t kIntIndefinite = std::numeric_limits<int32_t>::min();  // cvt*ps2dq overflow
constexpr float kPipeMaxLodClamp = 15.0f;  // PIPE_MAX_TEXTURE_LEVELS - 1: apply_max_lod below

// x86 conversions as LLVM emits them on SSE4.1/AVX2: out of range or NaN -> 0x80000000.
inline int32_t cvt_trunc(float x) {
  if (!(x > -2147483904.0f && x < 2147483648.0f)) return kIntIndefinite;
  return static_cast<int32_t>(x);
}
inline int32_t cvt_floor(float x) {
  return cvt_trunc(std::floor(x));
}
inline int32_t cvt_round(float x) {
  return cvt_trunc(std::nearbyint(x));
}  // RNE (MXCSR default)

// Under DAZ (a fragment lookup, FragmentFpState) x86 arithmetic reads a denormal operand as a
// zero of its sign; a plain C++ select would return the denormal's bits instead.
inline float daz_operand(float x) {
  const uint32_t b = std::bit_cast<uint32_t>(x);
  if ((b & 0x7f800000u) != 0 || (b & 0x007fffffu) == 0) return x;
#if defined(__x86_64__) || defined(_M_X64)
  if ((_mm_getcsr() & (1u << 6)) != 0) return std::bit_cast<float>(b & 0x80000000u);
#endif
  return x;
}

// x86 maxps / minps as lp_build_max / lp_build_min emit them: the second operand unless the
// first compares greater (less), so a NaN first operand gives the second (decision P1); under
// DAZ a denormal operand comes back as a signed zero (P9, seed 2 case 592).
inline float maxps(float a, float b) {
  a = daz_operand(a);
  b = daz_operand(b);
  return a > b ? a : b;
}
inline float minps(float a, float b) {
  a = daz_operand(a);
  b = daz_operand(b);
  return a < b ? a : b;
}
// lp_build_cmp's float compares are unordered (LLVM fcmp ugt): true when either side is NaN.
inline bool ugt(float a, float b) {
  return !(a <= b);
}

// Integer adds on converted coordinates wrap like LLVM's add (a NaN coordinate converts to
// INT_MIN, and an offset or -128 must not make that C++ overflow).
inline int32_t wadd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

inline float fract(float x) {
  return x - std::floor(x);
}
inline float fract_safe(float x) {
  return minps(fract(x), 0x1.fffffep-1f);  // NaN -> the last texel (class B)
}

// lp_build_coord_mirror: 2 * (x/2 - round(x/2)), optionally |.| and NaN -> 0.
inline float coord_mirror(float x, bool pos_only) {
  x = x * 0.5f;
  const float f = x - std::nearbyint(x);
  x = f + f;
  if (pos_only) {
    x = std::fabs(x);
    if (!(x >= 0.0f)) x = 0.0f;
  }
  return x;
}

// One lane's view of the surface for lavapipe: format facts and texel reads.
struct Surf {
  const SurfaceView& view;
  const FormatInfo& fi;
  SurfaceType type;
  unsigned dims;  // 2 or 3 (array layers and cube faces are not dimensions)
};

inline bool is_pot(uint32_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}

inline float quiet(float x) {
  return std::bit_cast<float>(std::bit_cast<uint32_t>(x) | 0x00400000u);
}
// x86 addss / subss / mulss with NaN operands (Intel SDM vol. 1, 4.8.3.5): the first NaN
// operand, quieted; a NaN made from numbers (Inf - Inf, 0 * Inf) is the default NaN 0xffc00000.
// C++ leaves which NaN `a + b` returns to the compiler, which may commute the operands (GCC
// does so differently at -O2 under sanitizers than at -O3), so arithmetic on values that may be
// NaN (texels, and integer texels read as floats: every negative 32-bit integer down to
// -2^22 is a quiet NaN) goes through these, in the order lavapipe's IR has them (decision P11).
inline float x86_nan_result(float a, float b, float r) {
  if (std::isnan(a)) return quiet(a);
  if (std::isnan(b)) return quiet(b);
  if (std::isnan(r)) return std::bit_cast<float>(0xffc00000u);
  return r;
}
inline float x86_add(float a, float b) {
  return x86_nan_result(a, b, a + b);
}
inline float x86_sub(float a, float b) {
  return x86_nan_result(a, b, a - b);
}
inline float x86_mul(float a, float b) {
  return x86_nan_result(a, b, a * b);
}

// lp_build_lerp: a + w * (b - a) as one fma. NaN propagation as x86 does it: a NaN weight is
// the result (mulps returns its first NaN operand), else the NaN of b - a (class B: a NaN or
// infinite coordinate's weight decides the sign of the NaN returned).
inline float lerp(float w, float a, float b) {
  if (std::isnan(w)) return quiet(w);
  const float d = x86_sub(b, a);
  if (std::isnan(d)) return d;
  return x86_nan_result(w, d, std::fma(w, d, a));  // 0 * Inf: the default NaN
}

// Comparison (ordered except NOT_EQUAL, D3D10 rules as lavapipe applies them): ref OP texel.
inline bool compare(CompareFunc f, float ref, float tex) {
  switch (f) {
    case CompareFunc::kNever:
      return false;
    case CompareFunc::kLess:
      return ref < tex;
    case CompareFunc::kEqual:
      return ref == tex;
    case CompareFunc::kLessEqual:
      return ref <= tex;
    case CompareFunc::kGreater:
      return ref > tex;
    case CompareFunc::kNotEqual:
      return !(ref == tex);
    case CompareFunc::kGreaterEqual:
      return ref >= tex;
    case CompareFunc::kAlways:
      return true;
  }
  return false;
}

// The depth reference as the comparison sees it: for UNORM depth lp_build_clamp, minps with 1
// then maxps with 0, so a NaN reference reads as 1.0 (decision P1, class C).
inline float compare_reference(const FormatInfo& fi, float ref) {
  if (fi.channels[0].kind != ChannelKind::kUnorm) return ref;
  return maxps(minps(ref, 1.0f), 0.0f);
}

// lp_build_reduce_filter (VK_EXT_sampler_filter_minmax): the weighted average (lerp), or
// lp_build_sample_min / _max: minps / maxps of the two taps where the weight is not 0
// (unordered !=, so a NaN weight counts), else the first tap alone (decision P9).
inline float reduce(Reduction mode, float w, float a, float b) {
  switch (mode) {
    case Reduction::kMin:
      return w == 0.0f ? a : minps(a, b);
    case Reduction::kMax:
      return w == 0.0f ? a : maxps(a, b);
    case Reduction::kWeightedAverage:
      break;
  }
  return lerp(w, a, b);
}

inline float masklerp(float w, bool m0, bool m1) {
  const float w2 = x86_sub(1.0f, w);
  return x86_add(m1 ? w : 0.0f, m0 ? w2 : 0.0f);
}

}  // namespace texsim::texunit::lavapipe_detail
