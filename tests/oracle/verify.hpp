// Conformance-style verifier for the d3d profile, in the manner of VK-GL-CTS tcuTexLookupVerifier:
// is a device's result reachable by texsim's d3d arithmetic over LOD, coordinate, reference
// windows?
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "texunit/sample.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::oracle {

// The precision a conforming device is allowed (cf. tcu::LodPrecision / tcu::LookupPrecision).
struct VerifyPrecision {
  // Coordinate window: +-1 step of 2^-subtexel_bits texel on every addressed axis of every level
  // read (D3D11.3 §7.18.16.1: at least 8 fraction bits; VkPhysicalDeviceLimits::
  // subTexelPrecisionBits).
  unsigned subtexel_bits = 8;
  // LOD windows (tcu::LodPrecision::lodBits). Explicit LODs: +-2^-8 (D3D11.3 §7.18.10: 8.8
  // fixed point; a device may round the 8.8 value either way at a tie). LODs from derivatives:
  // +-2^-4 on top of the [max-abs, sqrt(2)*L1] bracket of computeLodBoundsFromDerivates, which
  // covers rho approximations; 4 bits because Mesa's fast log2 is "only accurate to about 4-5
  // bits" (piecewise linear, up to 0.086 low before halving, i.e. 0.043 in LOD).
  unsigned lod_bits_explicit = 8;
  unsigned lod_bits_derivative = 4;
  unsigned derivate_bits = 18;  // relative error allowed on the derivatives (CTS derivateBits)
  // Linear-mip blend weight window: +-2^-blend_bits (D3D: 8-bit LOD fraction; a device may
  // truncate rather than round it).
  unsigned blend_bits = 8;
  // Accept lavapipe's compute-stage departures from D3D11.3's denormal rules (decision O8):
  // comparisons of unflushed denormals, and filtered results left denormal. Such a lookup is
  // accepted with Verdict::departure set; with false it fails.
  bool allow_denormal_departures = false;
  // Accept lavapipe's point sampling at an exact cube corner (|x| = |y| = |z|), which returns
  // the mean of the three texels meeting there where D3D11.3 returns one texel (decision O9).
  bool allow_cube_corner_mean = false;
};

// What the device returned and how to read it.
struct DeviceResult {
  std::array<uint32_t, 4> bits{};
  unsigned mask = 0xf;       // components the device defines (shadow lookups: R only)
  bool uint_result = false;  // integer result (usampler*): compared exactly
};

struct Verdict {
  bool ok = true;
  std::string why;  // on failure: the closest candidate and the offending component
  // Non-empty when `ok` only by a documented device departure (VerifyPrecision::
  // allow_denormal_departures): which rule the device broke.
  std::string departure;
};

// Checks `device` against texsim's d3d profile for one lookup (ops kLevel, kGrad, kGather;
// comparison samplers included; 2D, 2D array, 3D and cube surfaces; normalized coordinates,
// isotropic filtering). The result is valid when, for some candidate in the windows, every
// defined component lies within the d3d results' range plus the colour threshold:
//  - LOD: [lodMin, lodMax] from the explicit LOD (+-2^-lod_bits_explicit) or from the
//    derivatives (computeLodBoundsFromDerivates; cubes: derivatives projected onto the face),
//    biased, then clamped to [MinLOD, MaxLOD] +- the LOD error (MinLOD winning, as D3D);
//  - filter: magnification where the window reaches LOD <= 0, minification where it exceeds 0;
//  - levels: every level mip-point selection can pick over the window (either side of a .5
//    tie); for linear mip, every (level, level + 1) pair with the blend-weight interval;
//  - coordinates: d3d evaluated at the 3^dims corners of the +-1 sub-texel-step box, per level
//    (cube: the two face axes, and the other face where the major axis ties), and for linear
//    filtering also where the box crosses a texel centre on an axis;
//  - cube faces: the major axis, with exact ties broken Z, then Y, then X (D3D11.3 §7.18.7)
//    and only near ties (within 2^-20, not equal) free to go either way;
//  - comparison: the reference +-1 quantum of the depth format (the device may compare the
//    unquantized reference, D3D quantizes it), monotone in the reference except EQUAL and
//    NOT_EQUAL, whose taps within the window may pass or fail; float32 texels and references
//    are denormal-flushed going into the comparison (§22.4.3, §3.1.3.2);
//  - denormals: a result of filter arithmetic (linear filtering, a level blend of non-zero
//    weight) is never a float32 denormal (§3.1.3.2 flushes every output); point sampling may
//    return one (§22.4.15) and gather must (§22.4.2);
//  - border colour: the sampler's, with the format's missing components at their defaults
//    (0, 0, 0, 1; §7.18.9.1), as texsim's d3d profile computes it;
//  - colour threshold per component: UNORM/SNORM/sRGB of n bits 2^-(max(n, 8) - 1), i.e. one
//    step of an 8-bit filter (D3D's weights and AoS-style 8-bit lerps) or of the format when
//    finer; float formats and comparisons 2^-19 of the largest magnitude involved (arithmetic
//    order only); integers exact.
// Filtered results within one level are multilinear in the coordinates between texel centres,
// linear in the blend weight and monotone in the reference, so the corner (and crossing)
// evaluations bound every result inside the windows (point sampling and gathers use the corner
// results as a discrete set). Fragment-shader lookups pass `quad`, the quad's four requests (TL,
// TR, BL, BR): the LOD window then covers every lane's direction with the coarse or its fine
// derivatives (Vulkan leaves coarse/fine derivatives and per-pixel/per-quad LOD to the
// implementation).
Verdict verify_d3d(const texunit::SurfaceView& view, const texunit::SamplerState& sampler,
                   const texunit::SampleRequest& request, const DeviceResult& device,
                   const VerifyPrecision& precision = {},
                   std::span<const texunit::SampleRequest> quad = {});

}  // namespace texsim::oracle
