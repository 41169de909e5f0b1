// Internals shared by the lavapipe profile's sources (sample_lavapipe_*.cpp): x86 conversions,
// the lane's surface view, and the per-job entry points (decode, wrap, LOD, SoA, AoS, cube).
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
#include "texunit/sample_request.hpp"
#include "texunit/sample_lavapipe.hpp"
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

struct LinearTaps {
  int32_t x0 = 0, x1 = 0;
  float w = 0.0f;
};

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

// ---- Cube maps (lp_build_cube_lookup and the seamless branch of lp_build_sample_image_linear)

// lp_build_cube_lookup: the major axis is x if |x| > |y| (else y), then z if |z| >= max(|x|, |y|)
// (ties: z over y over x); the minor axes are mirrored by xor-ing the major axis' sign bit;
// ima = 1 / ma, s = sc * |0.5 * ima| + 0.5 (a multiply, then an add). Derivatives (explicit or
// the quad's) are projected per lane: ds = (dsc - (dma * ima) * sc) * (0.5 * ima).
struct LpCube {
  int32_t face = 0;
  float s = 0.0f, t = 0.0f;
  std::array<float, 2> ddx{}, ddy{};
};

// The integer taps of seamless cube bilinear filtering on a level of size n: x0 = ifloor(s * n
// - 0.5), x1 = x0 + 1 (likewise y); whether a tap falls off both axes (a missing corner).
struct CubeTaps {
  int32_t x0 = 0, y0 = 0;
  float fs = 0.0f, ft = 0.0f;
  bool corner = false;
};

struct LodInfo {
  float lod = 0.0f;
  bool positive = false;
  int32_t level0 = 0, level1 = 0;
  float fpart = 0.0f;
};

// ---- AoS (8-bit fixed point) path -------------------------------------------------------

struct Rgba8 {
  std::array<int32_t, 4> c{};
};

// ---- Fragment quads (lp_bld_quad.c, the cube branch of lp_build_sample_common) ----------

// lp_build_ddx / lp_build_ddy: per-pixel ("fine") differences, right - left in the lane's row and
// bottom - top in its column. lp_build_cube_lookup differentiates the direction this way when
// the shader gives no derivatives, so only the top-left lane sees the coarse TR - TL, BL - TL.
struct QuadDerivatives3 {
  std::array<float, 3> ddx{}, ddy{};
};

// Prepared lane (sample_lavapipe.cpp).
// A lane as lavapipe's filtering sees it: cubes become face coordinates (s, t) with projected
// derivatives on slice face + 6 * layer, with clamp-to-edge addressing (seamless filtering
// ignores the wrap modes).
struct Prepared {
  SampleRequest req;
  SamplerState smp;
  bool cube = false;
  int32_t face = 0;
  int32_t slice_base = 0;  // arrays: the layer (cube arrays: 6 * layer)
};

// ---- Per-job entry points (each defined in the sample_lavapipe_<job>.cpp named) ----------

// decode: the texel at integer coordinates as lavapipe converts it, border colour included.
Texel read_texel(const Surf& s, const SamplerState& smp, uint32_t level, int32_t x, int32_t y,
                 int32_t z, int32_t slice);
// wrap: lp_build_sample_wrap_nearest / _linear.
int32_t wrap_nearest(float coord, uint32_t length, int32_t offset, AddressMode mode, bool pot);
LinearTaps wrap_linear(float coord, uint32_t length, int32_t offset, AddressMode mode, bool gather,
                       bool pot);
// lod: lp_build_rho / lp_build_lod_selector / textureQueryLod.
float fast_log2(float x);
// `quad_derivs`: the derivatives are a fragment quad's own differences (lp_build_rho without
// derivs), not explicit or projected ones.
float rho_squared(const Surf& s, const SampleRequest& req, bool quad_derivs);
LodInfo select_lod(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                   bool quad_derivs);
Texel lod_query(const Surf& s, const SamplerState& smp, const SampleRequest& req, bool quad_derivs);
// soa: one level, float path.
Texel sample_level_soa(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                       uint32_t level, bool linear, bool nearest_via_linear, int32_t slice);
// aos: one level, 8-bit fixed-point path.
int32_t lerp8(int32_t w, int32_t a, int32_t b);
Rgba8 lerp8(int32_t w, const Rgba8& a, const Rgba8& b);
Rgba8 reduce8(Reduction mode, int32_t w, const Rgba8& a, const Rgba8& b);
Rgba8 sample_level_aos(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                       uint32_t level, bool linear, int32_t slice);
bool uses_aos(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
              bool lod_per_quad);
// cube: face selection, seamless filtering, fragment-quad derivatives and LOD queries.
LpCube lp_cube_lookup(const std::array<float, 3>& c, const std::array<float, 3>& dx,
                      const std::array<float, 3>& dy);
CubeTaps cube_taps(float s, float t, uint32_t n);
Texel sample_level_cube_linear(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                               uint32_t level, bool nearest_via_linear, int32_t face,
                               int32_t slice_base, bool group_corner);
QuadDerivatives3 fine_derivatives(const SampleRequest* quad, size_t k);
Texel fragment_cube_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                              const SampleRequest* quad, size_t k);
// lod: textureQueryLod's clamps from the LOD after the biases.
Texel lod_query_from(const Surf& s, const SamplerState& smp, float lod);
// cube: the face coordinates of a fragment-shader cube textureQueryLod (lp_cube_lookup_lodq).
LpCube lodq_cube_lookup(Format f, const std::array<float, 3>& c);
// aniso: anisotropic samplers (decision P12).
constexpr uint32_t kAnisoLutSize = 1024;      // WEIGHT_LUT_SIZE
constexpr int64_t kAnisoMaxProbes = 1 << 20;  // larger ellipse bounding boxes are not filtered
float aniso_filter_weight(uint32_t index);
float aniso_pmin2(const Surf& s, const std::array<std::array<float, 2>, 4>& quad_st,
                  float max_aniso);
Texel aniso_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& smp,
                      const SampleRequest& req, const LavapipeLaneContext& ctx);
Texel sample_aniso(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                   const SampleRequest& in_req, const Prepared& p, const LavapipeLaneContext& ctx);
// sample_lavapipe.cpp: the derived sampler state and the lane preparation.
MipFilter lavapipe_mip_filter(const SurfaceView& view, const SamplerState& smp, SampleOp op);
bool cube_needs_derivs(const SurfaceView& view, const SamplerState& smp, SampleOp op);
Prepared prepare(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req);

}  // namespace texsim::texunit::lavapipe_detail
