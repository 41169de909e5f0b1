// The LOD window of a lookup under conformance precision (Vulkan "Level-of-Detail Operation",
// D3D11.3 §7.18.10-11) and the (filter, level pair, blend weight) candidates it reaches.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

// The precision a conforming implementation is allowed (cf. VK-GL-CTS tcu::LodPrecision and
// tcu::LookupPrecision). Defaults: the Vulkan CTS's 2D filtering tests (vktTextureFilteringTests:
// coordBits 20, uvwBits 7, derivateBits 18, lodBits 6, colour bits - 1 or - 2), except the LOD
// of derivatives, which takes the CTS's lower tier (lodBits 4; docs/bounds.md, decision B3).
struct BoundsPrecision {
  // Coordinate error: the coordinate's own floating-point error at coord_bits (relative to its
  // magnitude, tcu computeFloatingPointError), plus +-2^-subtexel_bits texel on every addressed
  // axis of every level read (Vulkan "Texel Coordinate Operations": subTexelPrecisionBits).
  unsigned coord_bits = 20;
  unsigned subtexel_bits = 7;
  // LOD error: +-2^-lod_bits_explicit for explicit LODs and the clamps (Vulkan "Level-of-Detail
  // Operation"; D3D11.3 §7.18.10: 8.8 fixed point), +-2^-lod_bits_derivative for LODs from
  // derivatives (Vulkan: an "implementation-dependent approximation" of log2; Mesa's fast log2
  // is good to ~4 bits).
  unsigned lod_bits_explicit = 6;
  unsigned lod_bits_derivative = 4;
  // Relative error allowed on the derivatives and the scale factor (CTS derivateBits).
  unsigned derivative_bits = 18;
  // Linear-mip blend weight window: +-2^-blend_bits (Vulkan mipmapPrecisionBits, D3D 8 bits).
  unsigned blend_bits = 8;
  // Colour threshold of normalized channels: 2^-color_bits; 0: the CTS's, from the format's bits
  // (at least 8) less one when only nearest filtering is involved, less two otherwise.
  unsigned color_bits = 0;
  // Relative colour threshold of float channels: 2^-float_bits of the largest magnitude the
  // surface holds (arithmetic order only).
  unsigned float_bits = 19;
};

// Where a derivative LOD may come from: a direction (cubes) and its derivatives.
struct LodSource {
  std::array<float, 3> dir{}, ddx{}, ddy{};
};

// The sources of a lookup's derivative LOD: the request's own derivatives and, for a fragment
// quad (`quad`: its four requests TL, TR, BL, BR), every lane's direction with the coarse (the
// request's) and that lane's fine differences (Vulkan "Derivative Operations" leaves coarse or
// fine, per pixel or per quad, to the implementation).
std::vector<LodSource> lod_sources(const SampleRequest& req, std::span<const SampleRequest> quad);

// [lodMin, lodMax] of log2(rho) for texel-space derivatives dx, dy (VK-GL-CTS
// computeLodBoundsFromDerivates): the lower end from the max-abs norm, the upper from sqrt(2)
// times the L1 norm (Vulkan "Scale Factor Operation": rho's approximations lie between), each
// widened by the derivative error, then by the LOD error.
std::array<double, 2> lod_bounds_from_derivatives(const std::array<double, 3>& dx,
                                                  const std::array<double, 3>& dy,
                                                  const BoundsPrecision& p);

// Texel-space derivatives of the face coordinates of cube face `face` of `size` texels, from the
// exact projection (cube_project_derivative: d|ma| = sign(ma) * d(ma)). The CTS's
// computeCubeLodBoundsFromDerivates takes |d(ma)| instead, wrong where the major axis shrinks
// along the derivative (decision B2).
std::array<double, 3> cube_texel_derivative(const std::array<float, 3>& dir,
                                            const std::array<float, 3>& d, uint32_t face,
                                            double size);

// The faces whose projection a device's LOD may use for `dir`: the selected face and any axis
// within 2^-10 (relative) of the major one (Vulkan "Cube Map Face Selection": ties and the
// face choice near an edge are approximate).
std::vector<uint32_t> cube_lod_faces(const std::array<float, 3>& dir);

// The biased LOD window before the clamp (explicit LOD +- its error; derivatives: the union over
// lod_sources() and cube faces; then + sampler bias + instruction bias). NaN: [-inf, inf].
std::array<double, 2> biased_lod_window(const SurfaceView& view, const SamplerState& sampler,
                                        const SampleRequest& req, const BoundsPrecision& p,
                                        std::span<const SampleRequest> quad);

// tcu::clampLodBounds: [minLod, maxLod] with the clamp values' own +-2^-lod_bits_explicit error
// (MinLOD winning, as both APIs).
std::array<double, 2> clamp_lod_window(const SamplerState& sampler, const std::array<double, 2>& b,
                                       const BoundsPrecision& p);

// One way an implementation may filter: `filter` on level0, or on level0 and level1 with
// level1's weight in [w0, w1].
struct BoundsCandidate {
  Filter filter = Filter::kPoint;
  uint32_t level0 = 0, level1 = 0;
  double w0 = 0.0, w1 = 0.0;
};

// Every candidate over the clamped LOD window `lod` (Vulkan "Level-of-Detail Operation":
// magnification when lambda <= 0, minification above; D3D11.3 magnifies up to the 8.8 LOD 0,
// i.e. 2^-9; nearest mipmap: either level at a .5 tie; linear: each (d, d + 1) pair with the
// weight window). Integer formats: nearest filter and mipmap mode.
std::vector<BoundsCandidate> bounds_candidates(const SamplerState& sampler, uint32_t mip_count,
                                               bool integer, const std::array<double, 2>& lod,
                                               const BoundsPrecision& p);

}  // namespace texsim::texunit
