// Level of detail: LOD from texel-space derivatives (D3D11.3 §7.18.11, isotropic and the
// anisotropic footprint), bias and clamp, and mip selection on 8.8 fixed point (§7.18.10).
// Depends on sampler only; knows nothing of surfaces, texels or addressing.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "texunit/sampler.hpp"

namespace texsim::texunit {

using Vec3 = std::array<float, 3>;

// §7.18.11 isotropic LOD from derivatives already scaled to texels (unused axes 0):
// lengthX = sqrt((dX.u*dX.u + dX.v*dX.v) + dX.w*dX.w) in float, likewise lengthY, then
// log2(max(lengthX, lengthY)) evaluated in double and rounded to float. Zero derivatives give
// -inf; NaN derivatives give NaN (the clamp removes both).
float isotropic_lod(const Vec3& ddx, const Vec3& ddy);

// §7.18.11 anisotropic footprint of 2D texel-space derivatives:
//   dx2 = |dX|^2, dy2 = |dY|^2, det = |dX.u*dY.v - dX.v*dY.u|, major = the longer of dX, dY,
//   ratio = major2 / det; if ratio > max_anisotropy (or det == 0): ratio = max_anisotropy and
//   minor = lengthMajor / ratio, else minor = det / lengthMajor; LOD = log2(minor).
// The optional WHQL "lengthMinor >= 1" clamp is not applied. `probes` is how many isotropic
// probes are taken along the major axis: ceil(ratio), in [1, ceil(max_anisotropy)] (a
// fractional max_anisotropy clamps the ratio to itself; Vulkan's N = ceil(eta)).
struct AnisoFootprint {
  float lod = 0.0f;
  float ratio = 1.0f;
  unsigned probes = 1;
  std::array<float, 2> major{0.0f, 0.0f};  // the major-axis derivative vector, in texels
};
AnisoFootprint anisotropic_footprint(const Vec3& ddx, const Vec3& ddy, float max_anisotropy);

// §7.18.11: biasedLOD = (lod + MipLODBias) + instruction bias (sample_b only). Each bias is
// first clamped to the spec's range [-16, 15.99]; additions are in float, in that order.
float bias_lod(float lod, float sampler_bias, std::optional<float> instruction_bias = {});

// §7.18.11: clampedLOD = max(MinLOD, min(MaxLOD, biasedLOD)) with IEEE minNum/maxNum, so NaN is
// never propagated (a NaN LOD becomes max(MinLOD, MaxLOD)) and MinLOD wins over MaxLOD.
float clamp_lod(float biased, float min_lod, float max_lod);

// §7.18.10: the LOD as signed fixed point with `frac_bits` fraction bits (round to nearest even,
// NaN -> 0, saturating at +/-256).
int64_t lod_to_fixed(float lod, unsigned frac_bits);

// The levels a lookup reads: level0, and level1 with weight `weight1` when blending.
struct MipSelection {
  bool magnify = false;  // §7.18.11: clampedLOD <= 0 (decided after the clamp)
  uint32_t level0 = 0;
  uint32_t level1 = 0;
  float weight1 = 0.0f;  // 0: level0 only
};

// §7.18.10 / §7.18.11 mip selection from the clamped LOD for a surface with `mip_count` levels.
// kD3D: the LOD is converted to fixed point first (lod_frac_bits); magnify when that is <= 0;
// point mip = integer part of (LOD + 0.5); linear mip = integer part, weight = fraction bits /
// 2^frac_bits. kExact: the same rules on the float value. Levels are clamped to the chain; a
// linear blend at or past the last level reads the last level only.
MipSelection select_mips(float clamped_lod, MipFilter mip_filter, uint32_t mip_count,
                         const PrecisionProfile& precision);

// The LOD as the D3D profile sees it after fixed-point conversion (kExact: unchanged); for the
// LOD query. Values outside the fixed-point range (and infinities) pass unchanged.
float quantize_lod(float lod, const PrecisionProfile& precision);

}  // namespace texsim::texunit
