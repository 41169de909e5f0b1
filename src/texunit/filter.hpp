// Filtering arithmetic: texel selection per axis in fixed point (D3D11.3 §7.18.7, §7.18.8),
// footprints and weights, comparison (PCF, §22.4.19), reduction, the level blend and the gather
// order (§22.4.2). Depends on sampler, format and texel; never reads memory itself.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "texunit/format.hpp"
#include "texunit/sampler.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// Where a lookup lands on one axis of one level: the first texel (offset added, not yet
// wrapped) and the weight of the next texel (always 0 for point sampling).
struct AxisSample {
  int64_t texel = 0;
  float frac = 0.0f;
};

// §7.18.7 point: s = coord * scale (float), converted to fixed point with subtexel_bits
// fraction bits (round to nearest even, NaN -> 0), texel = floor, plus `offset`.
// kExact: floor(coord * scale) in double.
AxisSample point_axis(float coord, float scale, int32_t offset, const PrecisionProfile& p);

// §7.18.8 linear: s = coord * scale - 0.5 (float, in that order), fixed point as above,
// texel = floor, frac = fraction bits / 2^subtexel_bits, plus `offset`.
// kExact: coord * scale - 0.5 in double, frac = its fractional part rounded to float.
AxisSample linear_axis(float coord, float scale, int32_t offset, const PrecisionProfile& p);

// One tap of a footprint: integer texel address (before wrapping) and its weight.
struct Tap {
  std::array<int64_t, 3> xyz{};
  float weight = 0.0f;
};

// The taps of one level: 1 (point), or 2^dims for linear, x fastest then y then z. A tap's
// weight is the product of its axis weights ((1 - f) or f), multiplied x, then y, then z
// (exact in float for subtexel_bits <= 8).
struct Footprint {
  uint8_t count = 0;
  std::array<Tap, 8> taps{};
};
Footprint make_footprint(std::span<const AxisSample> axes, bool linear);

// §22.4.19: the reference quantized to the precision of the texture's R channel, including the
// clamp to its range: UNORM/SNORM n bits -> n-bit code (round to nearest even) -> float;
// 16-bit float -> binary16 with round-toward-zero (§3.2.2); 32-bit float unchanged.
float quantize_reference(float reference, Format format);

// D3D11.3 §3.1.3.2: "Denorms MUST be flushed to sign-preserved zero on input and output of any
// floating point mathematical operation". A float32 denormal becomes a zero of its sign; every
// other value (NaN payloads included) is returned unchanged.
float flush_denormal(float x);
uint32_t flush_denormal_bits(uint32_t bits);

// D3D comparison `reference OP texel`; ordered except kNotEqual (NaN: only kNotEqual and
// kAlways pass). Both operands are denormal-flushed first (§22.4.3 gather4_c: "Denorms are
// flushed to zero going into the comparison"; §22.4.19 sample_c honours the §3.1 float rules),
// whatever the filter. Returns 1.0f or 0.0f.
float compare_passes(CompareFunc func, float reference, float texel);

// A texel value with its weight, as the combiner consumes it.
struct WeightedTexel {
  Texel texel;  // kFloat for filtered values
  float weight = 0.0f;
};

// Combines one level's values (taps of weight 0 are ignored). `linear`: the footprint is a
// linear (bilinear, trilinear, anisotropic probe) filter rather than a point sample.
//  - Point (`linear` false, a single tap of weight 1): the texel's bits unchanged (§7.18.16.3
//    "Point sampling always yields a single texel, exactly"; §22.4.15 lets point sampling keep
//    float32 denormals, and texsim keeps them).
//  - kWeightedAverage, linear: the §3.1 float rules (§7.18.16.2), so every input texel and every
//    product and sum is denormal-flushed (§3.1.3.2); a single tap of weight 1 returns its
//    flushed texel (x * 1.0f = x "except denorm flushed"); otherwise, per channel, acc = w0*v0,
//    then acc = acc + wi*vi in tap order (float; no FMA).
//  - kMin / kMax: per channel IEEE minNum / maxNum over the taps, the chosen value's bits kept
//    (linear: of the flushed values, §3.1.3.2 "min or max operations must flush denorms").
// An empty input gives a zero float texel.
Texel combine(std::span<const WeightedTexel> values, Reduction reduction, bool linear);

// Blends two levels: weight 0 returns `a` unchanged; otherwise per channel
// a * (1 - w) + b * w (float, in that order), inputs, products and sum denormal-flushed
// (§3.1.3.2). kMin/kMax reductions instead take minNum/maxNum of the flushed values.
Texel blend_levels(const Texel& a, const Texel& b, float w, Reduction reduction);

// §22.4.2 gather order: the returned (x, y, z, w) are the texels at 2x2 footprint positions
// (i0,j1), (i1,j1), (i1,j0), (i0,j0): "counter clockwise starting with the sample to the lower
// left" with v growing downwards. Values are indices into a footprint built by make_footprint
// (x fastest: 0 = (i0,j0), 1 = (i1,j0), 2 = (i0,j1), 3 = (i1,j1)).
inline constexpr std::array<uint8_t, 4> kGatherOrder{2, 3, 1, 0};

}  // namespace texsim::texunit
