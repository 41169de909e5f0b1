// D3D11.3 data conversions (§3.2.3, §3.2.4): UNORM/SNORM/SRGB <-> float, float -> n.m fixed point.
// Exact reference implementations; depends on nothing else.
#pragma once

#include <cstdint>

namespace texsim::core {

// UNORM n bits (1..32) -> float: v / (2^n - 1), correctly rounded to binary32
// (§3.2.3.5, with the exactness rule of §3.2.3.2).
// Only the low n bits of v are used; bits outside 1..32 return 0.
float unorm_to_float(uint32_t v, unsigned bits);
// SNORM n bits (2..32), two's complement in the low n bits -> float: v / (2^(n-1) - 1),
// correctly rounded; the most negative code maps to -1.0 (§3.2.3.3). Code 0 gives +0.0; bits
// outside 2..32 return 0.
float snorm_to_float(uint32_t v, unsigned bits);

// float -> UNORM n bits (§3.2.3.6): NaN -> 0, clamp to [0, 1], scale by 2^n - 1, round to
// nearest even (the D3D reference; the spec's 0.6 ULP tolerance is not used). The only exact
// tie is 0.5 (e.g. 0.5 -> 128 for 8 bits). Bits outside 1..32 return 0.
uint32_t float_to_unorm(float f, unsigned bits);
// float -> SNORM n bits (§3.2.3.4): NaN -> 0, clamp to [-1, 1], scale by 2^(n-1) - 1, round to
// nearest even. Returns the code in the low n bits (two's complement); the most negative code is
// never produced. Bits outside 2..32 return 0.
uint32_t float_to_snorm(float f, unsigned bits);

// sRGB-encoded value in [0, 1] -> linear, using the §3.2.3.7 formula evaluated in double and
// rounded once; exact at 0 and 1. NaN -> 0; inputs are clamped to [0, 1].
float srgb_to_linear(float c);
// 8-bit sRGB code -> linear float: the §3.2.3.7 formula applied to code / 255 (in double, not
// to the binary32 rounding of code / 255), rounded once; equals the correctly rounded value for
// all 256 codes (checked against a 200-bit computation in the tests).
float srgb8_to_linear(uint8_t code);
// linear -> sRGB-encoded (the inverse formula, §3.2.3.8): NaN -> 0, clamp to [0, 1]; evaluated
// in double and rounded once; exact at 0 and 1.
float linear_to_srgb(float l);
// linear float -> 8-bit sRGB code: 255 * (inverse formula in double), round to nearest even.
// NaN -> 0, clamp to [0, 1].
uint8_t float_to_srgb8(float l);

// float -> signed fixed point with int_bits integer bits (sign included) and frac_bits fraction
// bits, round to nearest even, NaN -> 0, saturating at the representable range (§3.2.4.1).
// The result is the raw fixed-point integer (value * 2^frac_bits). +/-inf saturate; a total
// width int_bits + frac_bits outside 1..64 returns 0.
int64_t float_to_fixed(float f, unsigned int_bits, unsigned frac_bits);

}  // namespace texsim::core
