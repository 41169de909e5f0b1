// Owns the D3D11.3 §3.2.3/§3.2.4 data conversions (UNORM/SNORM/SRGB <-> float, float -> fixed).
// Depends only on the standard library; must not depend on other texsim code or on F16C/SIMD.
//
// All results are exact (correctly rounded, round-to-nearest-even), not merely within the spec's
// tolerances. The code assumes the default floating-point environment (round-to-nearest, no
// flush-to-zero), which is what C++ programs start with; it never changes that environment.
#include "core/convert.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace texsim::core {

namespace {

// A finite, non-zero binary32 magnitude as sig * 2^exp with sig an integer < 2^24.
struct Decomposed {
  uint64_t sig;
  int exp;
};

Decomposed decompose(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const uint32_t exp_field = (bits >> 23) & 0xffu;
  const uint32_t mant = bits & 0x007f'ffffu;
  if (exp_field == 0) return {mant, -149};  // denormal
  return {mant | 0x0080'0000u, static_cast<int>(exp_field) - 150};
}

// p / 2^s rounded to nearest, ties to even. Requires p < 2^63 (so a shift by 64 or more leaves
// less than one half and rounds to 0).
uint64_t shift_right_rne(uint64_t p, uint64_t s) {
  if (s == 0) return p;
  if (s >= 64) return 0;
  const uint64_t q = p >> s;
  const uint64_t rem = p & ((uint64_t{1} << s) - 1);
  const uint64_t half = uint64_t{1} << (s - 1);
  if (rem > half || (rem == half && (q & 1) != 0)) return q + 1;
  return q;
}

// x rounded to the nearest integer, ties to even; x >= 0 and x < 2^52, so x - floor(x) is exact.
double round_half_even(double x) {
  const double fl = std::floor(x);
  const double frac = x - fl;
  if (frac > 0.5) return fl + 1.0;
  if (frac < 0.5) return fl;
  return std::fmod(fl, 2.0) == 0.0 ? fl : fl + 1.0;
}

// v / d correctly rounded to binary32 (ties to even) by exact integer long division, for
// 0 < v < d < 2^32. The quotient lies in (2^-32, 1), so the result is a binary32 normal.
float exact_ratio(uint64_t v, uint64_t d) {
  int e = 0;  // v/d = (r/d) * 2^e, with r/d brought into [1/2, 1)
  uint64_t r = v;
  while (2 * r < d) {
    r <<= 1;
    --e;
  }
  // 24 significand bits: m = floor(r * 2^24 / d) lies in [2^23, 2^24). r * 2^24 < 2^56.
  const uint64_t num = r << 24;
  uint64_t m = num / d;
  const uint64_t rem = num % d;
  if (2 * rem > d || (2 * rem == d && (m & 1) != 0)) ++m;  // 2 * rem == d cannot occur: d is odd
  // m <= 2^24 is exact in binary32 and the power-of-two scaling stays in the normal range.
  return std::ldexp(static_cast<float>(m), e - 24);
}

// D3D11.3 §3.2.3.7 / §3.2.3.8 constants. The thresholds are the spec's binary32 constants (it
// compares the float input against 0.04045f / 0.0031308f); the arithmetic constants are the exact
// decimal values rounded to double, since the formula is evaluated in double.
constexpr double kSrgbDecodeThreshold = 0.04045f;
constexpr double kSrgbEncodeThreshold = 0.0031308f;
constexpr double kSrgbLinearSlope = 12.92;
constexpr double kSrgbOffset = 0.055;
constexpr double kSrgbScale = 1.055;
constexpr double kSrgbGamma = 2.4;

// §3.2.3.7: if (c <= 0.04045) c / 12.92 else ((c + 0.055) / 1.055)^2.4, for c in [0, 1].
double srgb_to_linear_d(double c) {
  if (c <= kSrgbDecodeThreshold) return c / kSrgbLinearSlope;
  return std::pow((c + kSrgbOffset) / kSrgbScale, kSrgbGamma);
}

// §3.2.3.8 inverse: if (l <= 0.0031308) 12.92 * l else 1.055 * l^(1/2.4) - 0.055, l in [0, 1].
double linear_to_srgb_d(double l) {
  if (l <= kSrgbEncodeThreshold) return kSrgbLinearSlope * l;
  return kSrgbScale * std::pow(l, 1.0 / kSrgbGamma) - kSrgbOffset;
}

}  // namespace

// D3D11.3 §3.2.3.5: "converted to float ... and then divided by (2^n-1)", with §3.2.3.2's "FULL
// IEEE-754 precision" (1/2 ULP of the infinitely precise result).
//
// For n <= 24 the quotient is computed in double and then rounded to float. This double rounding
// is provably correct: a binary32 rounding boundary (midpoint between adjacent floats) in (0, 1)
// has the form m = M / 2^k with M an odd integer < 2^25. The quotient x = v / (2^n - 1) is never
// such a midpoint (its reduced denominator is odd, so x is dyadic only when x is 0 or 1), so
//   |x - m| = |v * 2^k - M * (2^n - 1)| / (2^k * (2^n - 1)) >= 1 / (2^k * (2^n - 1)),
// i.e. |x - m| / m > 2^-25 * 2^-n >= 2^-49. Rounding x to double moves it by at most 2^-53
// relative, which cannot reach or cross m; the float rounding of the double therefore equals the
// float rounding of x. For n > 24 the margin argument no longer holds comfortably, so the
// quotient is rounded by exact integer long division instead.
float unorm_to_float(uint32_t v, unsigned bits) {
  if (bits == 0 || bits > 32) return 0.0f;  // outside the documented domain
  const uint64_t max = (uint64_t{1} << bits) - 1;
  const uint64_t code = v & max;
  if (bits <= 24) return static_cast<float>(static_cast<double>(code) / static_cast<double>(max));
  if (code == 0) return 0.0f;
  if (code == max) return 1.0f;
  return exact_ratio(code, max);
}

// D3D11.3 §3.2.3.3: c / (2^(n-1) - 1), with the most negative code (-2^(n-1)) mapping to -1.0.
// The magnitude is a UNORM value of n-1 bits, and round-to-nearest-even is sign-symmetric.
float snorm_to_float(uint32_t v, unsigned bits) {
  if (bits < 2 || bits > 32) return 0.0f;  // outside the documented domain
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const uint64_t sign_bit = uint64_t{1} << (bits - 1);
  const uint64_t code = v & mask;
  if ((code & sign_bit) == 0) return unorm_to_float(static_cast<uint32_t>(code), bits - 1);
  if (code == sign_bit) return -1.0f;
  const uint64_t magnitude = (mask + 1) - code;  // two's-complement negation within n bits
  return -unorm_to_float(static_cast<uint32_t>(magnitude), bits - 1);
}

// D3D11.3 §3.2.3.6: NaN -> 0, clamp to [0, 1], scale by 2^n - 1. The spec's reference adds 0.5
// and truncates with a 0.6 ULP tolerance; here the product is formed exactly (a 24-bit
// significand times a <= 32-bit scale fits in 56 bits) and rounded to nearest even.
uint32_t float_to_unorm(float f, unsigned bits) {
  if (bits == 0 || bits > 32) return 0;
  const uint64_t max = (uint64_t{1} << bits) - 1;
  if (!(f > 0.0f)) return 0;  // NaN, zeros, negatives
  if (f >= 1.0f) return static_cast<uint32_t>(max);
  const Decomposed d = decompose(f);  // f < 1, so d.exp <= -24
  return static_cast<uint32_t>(shift_right_rne(d.sig * max, static_cast<uint64_t>(-d.exp)));
}

// D3D11.3 §3.2.3.4: NaN -> 0, clamp to [-1, 1], scale by 2^(n-1) - 1, round to nearest even.
// The most negative code is never produced (-1.0 encodes as -(2^(n-1) - 1)).
uint32_t float_to_snorm(float f, unsigned bits) {
  if (bits < 2 || bits > 32) return 0;
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const uint64_t max = (uint64_t{1} << (bits - 1)) - 1;
  if (std::isnan(f) || f == 0.0f) return 0;
  const bool negative = f < 0.0f;
  const float a = std::fabs(f);
  uint64_t magnitude;
  if (a >= 1.0f) {
    magnitude = max;
  } else {
    const Decomposed d = decompose(a);
    magnitude = shift_right_rne(d.sig * max, static_cast<uint64_t>(-d.exp));
  }
  const uint64_t code = negative ? ((mask + 1 - magnitude) & mask) : magnitude;
  return static_cast<uint32_t>(code);
}

// D3D11.3 §3.2.3.7, evaluated in double and rounded once to binary32. NaN -> 0 and the input is
// clamped to [0, 1] (SRGB data never lies outside it); 0 -> 0 and 1 -> 1 exactly.
float srgb_to_linear(float c) {
  if (!(c > 0.0f)) return 0.0f;
  if (c >= 1.0f) return 1.0f;
  return static_cast<float>(srgb_to_linear_d(static_cast<double>(c)));
}

// The formula applied to code / 255 in double (not to the binary32 rounding of code / 255), then
// rounded once. Built once on first use.
float srgb8_to_linear(uint8_t code) {
  static const std::array<float, 256> kTable = [] {
    std::array<float, 256> t{};
    for (unsigned i = 0; i < 256; ++i) {
      t[i] = static_cast<float>(srgb_to_linear_d(static_cast<double>(i) / 255.0));
    }
    t[0] = 0.0f;  // §3.2.3.7: 0.0f and 1.0f must be exactly achievable
    t[255] = 1.0f;
    return t;
  }();
  return kTable[code];
}

// D3D11.3 §3.2.3.8 inverse formula in double, rounded once. NaN -> 0, clamp to [0, 1].
float linear_to_srgb(float l) {
  if (!(l > 0.0f)) return 0.0f;
  if (l >= 1.0f) return 1.0f;
  return static_cast<float>(linear_to_srgb_d(static_cast<double>(l)));
}

// D3D11.3 §3.2.3.8 with n = 8: the SRGB value in double (not rounded to binary32 first), times
// 255, rounded to nearest even. (The spec's "+0.5 and truncate" carries a 0.6 ULP tolerance; this
// is the exact reference, as in §3.2.4.1.)
uint8_t float_to_srgb8(float l) {
  if (!(l > 0.0f)) return 0;
  if (l >= 1.0f) return 255;
  const double scaled = 255.0 * linear_to_srgb_d(static_cast<double>(l));
  const double r = round_half_even(scaled);
  return static_cast<uint8_t>(r > 255.0 ? 255.0 : r);
}

// D3D11.3 §3.2.4.1: NaN -> 0; otherwise f * 2^frac_bits rounded to nearest even (the exact
// reference, without the 0.6 ULP tolerance), saturated to the signed range of
// int_bits + frac_bits bits; +/-inf saturate. A total width outside 1..64 returns 0.
int64_t float_to_fixed(float f, unsigned int_bits, unsigned frac_bits) {
  const uint64_t total = uint64_t{int_bits} + uint64_t{frac_bits};
  if (total == 0 || total > 64 || std::isnan(f)) return 0;
  const uint64_t neg_limit = uint64_t{1} << (total - 1);  // magnitude of the most negative value
  const uint64_t pos_limit = neg_limit - 1;
  const bool negative = std::signbit(f);

  uint64_t magnitude;  // |f| * 2^frac_bits rounded, saturated to UINT64_MAX
  if (std::isinf(f)) {
    magnitude = UINT64_MAX;
  } else if (f == 0.0f) {
    return 0;
  } else {
    const Decomposed d = decompose(f);
    const int64_t s = int64_t{d.exp} + int64_t{frac_bits};
    if (s >= 0) {
      const auto width = static_cast<int64_t>(std::bit_width(d.sig));
      magnitude = width + s > 64 ? UINT64_MAX : d.sig << s;
    } else {
      magnitude = shift_right_rne(d.sig, static_cast<uint64_t>(-s));
    }
  }

  if (!negative) return static_cast<int64_t>(magnitude > pos_limit ? pos_limit : magnitude);
  if (magnitude >= neg_limit) return -static_cast<int64_t>(neg_limit - 1) - 1;
  return -static_cast<int64_t>(magnitude);
}

}  // namespace texsim::core
