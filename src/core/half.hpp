// IEEE binary16 <-> binary32 conversion with an explicit rounding mode (denormals, inf, NaN).
// Header declares; half.cpp implements in portable integer arithmetic (no F16C dependence).
#pragma once

#include <cstdint>

namespace texsim::core {

enum class Rounding : uint8_t {
  kNearestEven,  // RNE (IEEE default, D3D11.3 §3.1.5 float16 rule)
  kTowardZero,   // RZ  (D3D11.3 §3.2.2 float-to-lower-precision-float rule)
  kUp,           // RU  toward +inf
  kDown,         // RD  toward -inf
};

// Exact widening: every binary16 value (denormals included) is representable in binary32.
// NaNs keep their sign and payload (payload shifted into the top of the binary32 mantissa) and
// come out quiet (quiet bit set, as F16C VCVTPH2PS does), so a signalling NaN's top payload bit
// becomes 1.
float half_to_float(uint16_t h);

// Narrowing with the given rounding. Overflow follows IEEE 754 for the mode (RNE -> inf,
// RZ -> 65504 max finite, RU/RD -> inf or max finite by sign). Denormal results are produced
// (no flushing). NaN -> quiet NaN keeping sign and the top 10 payload bits (payload forced
// non-zero).
uint16_t float_to_half(float f, Rounding mode = Rounding::kNearestEven);

}  // namespace texsim::core
