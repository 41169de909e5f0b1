// Owns IEEE binary16 <-> binary32 conversion with explicit rounding (D3D11.3 §3.1.5, §3.2.2).
// Portable integer arithmetic only: must not depend on F16C, <cfenv> state, or host FP rounding.
#include "core/half.hpp"

#include <bit>
#include <cstdint>

namespace texsim::core {

namespace {

constexpr uint32_t kF32SignBit = 0x8000'0000u;
constexpr uint32_t kF32ExpMask = 0x7f80'0000u;
constexpr uint32_t kF32MantMask = 0x007f'ffffu;
constexpr uint32_t kF32QuietBit = 0x0040'0000u;
constexpr int kF32ExpBias = 127;
constexpr int kF32MantBits = 23;

constexpr uint16_t kF16SignBit = 0x8000u;
constexpr uint16_t kF16ExpMask = 0x7c00u;
constexpr uint16_t kF16MantMask = 0x03ffu;
constexpr uint16_t kF16QuietBit = 0x0200u;
constexpr uint16_t kF16Inf = 0x7c00u;
constexpr uint16_t kF16MaxFinite = 0x7bffu;  // 65504
constexpr int kF16ExpBias = 15;
constexpr int kF16MantBits = 10;
constexpr int kF16MinNormalExp = -14;  // unbiased exponent of the smallest normal, 2^-14
constexpr int kF16MaxExp = 15;         // unbiased exponent of the largest binade

// Mantissa bits dropped when a binary32 payload is narrowed into binary16 (23 - 10).
constexpr int kPayloadShift = kF32MantBits - kF16MantBits;

}  // namespace

float half_to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & kF16SignBit) << 16;
  const uint32_t exp = (h & kF16ExpMask) >> kF16MantBits;
  uint32_t mant = h & kF16MantMask;

  if (exp == 0x1f) {
    if (mant == 0) return std::bit_cast<float>(sign | kF32ExpMask);  // +/-inf
    // NaN: sign and payload kept (payload in the top mantissa bits); the result is quiet, as
    // the F16C VCVTPH2PS instruction and IEEE 754 §6.2 (operations deliver quiet NaNs) do.
    return std::bit_cast<float>(sign | kF32ExpMask | kF32QuietBit | (mant << kPayloadShift));
  }
  if (exp == 0) {
    if (mant == 0) return std::bit_cast<float>(sign);  // +/-0
    // Denormal: value = mant * 2^-24. Normalise so the leading 1 lands on bit 10; every binary16
    // denormal is a binary32 normal, so widening is exact (D3D11.3 §3.1.5 "must preserve denorms").
    int e = kF16MinNormalExp;  // exponent of bit 10 once normalised
    while ((mant & (1u << kF16MantBits)) == 0) {
      mant <<= 1;
      --e;
    }
    mant &= kF16MantMask;
    const uint32_t exp32 = static_cast<uint32_t>(e + kF32ExpBias);
    return std::bit_cast<float>(sign | (exp32 << kF32MantBits) | (mant << kPayloadShift));
  }
  const uint32_t exp32 = exp - kF16ExpBias + kF32ExpBias;
  return std::bit_cast<float>(sign | (exp32 << kF32MantBits) | (mant << kPayloadShift));
}

namespace {

// The result of a magnitude of 2^16 or more (>= 65504 + half an ULP): overflow per IEEE 754 §7.4
// for the rounding direction.
uint16_t overflow_half(uint16_t sign, bool negative, Rounding mode) {
  switch (mode) {
    case Rounding::kNearestEven:
      return static_cast<uint16_t>(sign | kF16Inf);
    case Rounding::kTowardZero:
      return static_cast<uint16_t>(sign | kF16MaxFinite);
    case Rounding::kUp:
      return static_cast<uint16_t>(sign | (negative ? kF16MaxFinite : kF16Inf));
    case Rounding::kDown:
      return static_cast<uint16_t>(sign | (negative ? kF16Inf : kF16MaxFinite));
  }
  return static_cast<uint16_t>(sign | kF16Inf);
}

// A magnitude sig * 2^scale divided by the quantum 2^q_exp, truncated, with what was dropped.
struct Quanta {
  uint32_t q;      // magnitude in quanta, truncated
  bool round_bit;  // the first dropped bit
  bool sticky;     // any dropped bit below the round bit
};

// shift = q_exp - scale is always >= 13, so the division is a right shift.
Quanta truncate_to_quanta(uint32_t sig, int shift) {
  if (shift > 25) return Quanta{0, false, true};  // sig < 2^24 (and != 0): below half a quantum
  const uint32_t rem = sig & ((1u << shift) - 1u);
  const uint32_t half = 1u << (shift - 1);
  return Quanta{sig >> shift, (rem & half) != 0, (rem & (half - 1u)) != 0};
}

// Whether the truncated quanta count rounds up by one in the given direction.
bool rounds_up(const Quanta& t, bool negative, Rounding mode) {
  switch (mode) {
    case Rounding::kNearestEven:
      return t.round_bit && (t.sticky || (t.q & 1u) != 0);
    case Rounding::kTowardZero:
      return false;
    case Rounding::kUp:
      return !negative && (t.round_bit || t.sticky);
    case Rounding::kDown:
      return negative && (t.round_bit || t.sticky);
  }
  return false;
}

// Denormal range: the quanta count is the encoding (q == 1024 rounds into the smallest normal,
// whose encoding is also 1024). Normal range: q in [1024, 2048]; a carry to 2048 bumps the
// exponent field, and from the top binade lands exactly on the infinity encoding.
uint32_t half_magnitude(int e, uint32_t q) {
  if (e < kF16MinNormalExp) return q;
  const auto biased = static_cast<uint32_t>(e + kF16ExpBias);
  return (biased << kF16MantBits) + (q - (1u << kF16MantBits));
}

}  // namespace

uint16_t float_to_half(float f, Rounding mode) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const bool negative = (bits & kF32SignBit) != 0;
  const uint16_t sign = negative ? kF16SignBit : uint16_t{0};
  const uint32_t exp = (bits & kF32ExpMask) >> kF32MantBits;
  const uint32_t mant = bits & kF32MantMask;

  if (exp == 0xff) {
    if (mant == 0) return static_cast<uint16_t>(sign | kF16Inf);
    // NaN: quiet, sign kept, top 10 payload bits kept; the quiet bit makes the payload non-zero.
    return static_cast<uint16_t>(sign | kF16Inf | kF16QuietBit | (mant >> kPayloadShift));
  }

  // Magnitude as sig * 2^scale with sig an integer < 2^24 (exact for normals and denormals).
  uint32_t sig;
  int scale;
  int e;  // unbiased exponent of the leading bit (only meaningful for normals)
  if (exp == 0) {
    if (mant == 0) return sign;  // +/-0 is exact in every mode
    // A binary32 denormal is < 2^-126, far below half the smallest binary16 denormal (2^-25):
    // it takes the denormal path below with a shift that leaves only sticky bits.
    sig = mant;
    scale = 1 - kF32ExpBias - kF32MantBits;  // -149
    e = 1 - kF32ExpBias;                     // below kF16MinNormalExp
  } else {
    sig = mant | (1u << kF32MantBits);
    e = static_cast<int>(exp) - kF32ExpBias;
    scale = e - kF32MantBits;
  }

  if (e > kF16MaxExp) return overflow_half(sign, negative, mode);  // |f| >= 2^16

  // The binary16 quantum (ULP) at this magnitude is 2^q_exp: 2^-24 in the denormal range,
  // 2^(e-10) otherwise.
  const int q_exp = e < kF16MinNormalExp ? kF16MinNormalExp - kF16MantBits : e - kF16MantBits;
  Quanta t = truncate_to_quanta(sig, q_exp - scale);
  if (rounds_up(t, negative, mode)) ++t.q;
  return static_cast<uint16_t>(sign | half_magnitude(e, t.q));
}

}  // namespace texsim::core
