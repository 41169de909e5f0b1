// Tests for core/half: exhaustive binary16 widening and round trips, and binary32 -> binary16
// narrowing checked against the CPU's F16C and an independent double-arithmetic reference.
// Depends on core/half.hpp, GoogleTest and (checked at run time) F16C; nothing else in texsim.
#include "core/half.hpp"

#include <gtest/gtest.h>
#include <immintrin.h>
#if defined(__clang__)
#include <cpuid.h>
#endif

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace texsim::core {
namespace {

constexpr std::array<Rounding, 4> kAllModes = {Rounding::kNearestEven, Rounding::kTowardZero,
                                               Rounding::kUp, Rounding::kDown};

const char* mode_name(Rounding m) {
  switch (m) {
    case Rounding::kNearestEven:
      return "RNE";
    case Rounding::kTowardZero:
      return "RZ";
    case Rounding::kUp:
      return "RU";
    case Rounding::kDown:
      return "RD";
  }
  return "?";
}

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

uint32_t bits_of(float f) {
  return std::bit_cast<uint32_t>(f);
}
float float_of(uint32_t b) {
  return std::bit_cast<float>(b);
}

bool is_half_nan(uint16_t h) {
  return (h & 0x7c00u) == 0x7c00u && (h & 0x03ffu) != 0;
}

// Independent value of a binary16 as a double: mantissa scaled with ldexp (finite and inf only).
double half_value(uint16_t h) {
  const int e = (h >> 10) & 0x1f;
  const int m = h & 0x3ff;
  double mag;
  if (e == 0x1f) {
    mag = INFINITY;
  } else if (e == 0) {
    mag = std::ldexp(static_cast<double>(m), -24);
  } else {
    mag = std::ldexp(static_cast<double>(m + 1024), e - 25);
  }
  return (h & 0x8000u) != 0 ? -mag : mag;
}

// Independent rounding of a finite double x to the binary16 grid, in double arithmetic: the two
// neighbours are floor/ceil of x in units of the binary16 quantum at |x|, then the mode picks one
// and the IEEE 754 §7.4 overflow rule for the mode is applied. Returns a double (maybe +/-inf).
double reference_round(double x, Rounding mode) {
  if (x == 0.0) return x;
  const int e = std::ilogb(std::fabs(x));      // floor(log2|x|)
  const int q_exp = (e < -14 ? -14 : e) - 10;  // binary16 quantum 2^q_exp
  const double m = std::ldexp(x, -q_exp);      // exact: power-of-two scaling
  const double lo = std::floor(m);
  const double hi = std::ceil(m);
  double r = 0.0;
  switch (mode) {
    case Rounding::kTowardZero:
      r = std::trunc(m);
      break;
    case Rounding::kUp:
      r = hi;
      break;
    case Rounding::kDown:
      r = lo;
      break;
    case Rounding::kNearestEven: {
      const double d = m - lo;
      if (d < 0.5) {
        r = lo;
      } else if (d > 0.5) {
        r = hi;
      } else {
        r = std::fmod(lo, 2.0) == 0.0 ? lo : hi;
      }
      break;
    }
  }
  // trunc/ceil/floor keep the sign of a zero result (ceil(-0.3) == -0.0), as IEEE requires.
  const double v = std::ldexp(r, q_exp);
  constexpr double kMax = 65504.0;
  if (v > kMax) {
    return (mode == Rounding::kNearestEven || mode == Rounding::kUp) ? INFINITY : kMax;
  }
  if (v < -kMax) {
    return (mode == Rounding::kNearestEven || mode == Rounding::kDown) ? -INFINITY : -kMax;
  }
  return v;
}

// ---- F16C (only called after the run-time check) -------------------------------------------

__attribute__((target("f16c"))) float f16c_widen(uint16_t h) {
  return _cvtsh_ss(h);
}

// VCVTPS2PH on lane 0 with the rounding mode in the immediate (bit 2 clear: MXCSR ignored).
// _mm_cvtps_ph rather than _cvtss_sh, whose Clang expansion is a C99 compound literal.
template <int kImm>
__attribute__((target("f16c"))) uint16_t f16c_narrow_imm(float f) {
  const __m128i v = _mm_cvtps_ph(_mm_set_ss(f), kImm);
  return static_cast<uint16_t>(_mm_cvtsi128_si32(v) & 0xffff);
}

uint16_t f16c_narrow(float f, Rounding mode) {
  switch (mode) {
    case Rounding::kNearestEven:
      return f16c_narrow_imm<_MM_FROUND_TO_NEAREST_INT>(f);
    case Rounding::kTowardZero:
      return f16c_narrow_imm<_MM_FROUND_TO_ZERO>(f);
    case Rounding::kUp:
      return f16c_narrow_imm<_MM_FROUND_TO_POS_INF>(f);
    case Rounding::kDown:
      return f16c_narrow_imm<_MM_FROUND_TO_NEG_INF>(f);
  }
  return 0;
}

bool cpu_has_f16c() {
#if defined(__clang__)
  // Clang 14's __builtin_cpu_supports does not know "f16c": read CPUID.1:ECX.F16C[bit 29] and,
  // since F16C instructions are VEX-encoded, check the OS enabled AVX state (OSXSAVE and
  // XCR0 bits 1-2).
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0) return false;
  if ((ecx & bit_F16C) == 0 || (ecx & bit_OSXSAVE) == 0) return false;
  unsigned xcr0_lo = 0, xcr0_hi = 0;
  __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
  return (xcr0_lo & 0x6u) == 0x6u;
#else
  __builtin_cpu_init();
  return __builtin_cpu_supports("f16c");
#endif
}

#define REQUIRE_F16C()                                                                           \
  do {                                                                                           \
    if (!cpu_has_f16c()) {                                                                       \
      GTEST_SKIP() << "CPU lacks F16C: cannot compare against the hardware VCVTPS2PH/VCVTPH2PS"; \
    }                                                                                            \
  } while (0)

// ---- Input sets ------------------------------------------------------------------------------

// Every binary16 value, widened.
std::vector<float> all_halves_widened() {
  std::vector<float> out;
  out.reserve(65536);
  for (uint32_t h = 0; h < 65536; ++h) out.push_back(half_to_float(static_cast<uint16_t>(h)));
  return out;
}

// Every midpoint between adjacent finite binary16 values of the same sign (including the
// 65504/65536 midpoint 65520, the overflow threshold), each with its float neighbours.
std::vector<float> halfway_points() {
  std::vector<float> out;
  for (uint32_t h = 0; h <= 0x7bff; ++h) {
    const double a = half_value(static_cast<uint16_t>(h));
    const double b = h == 0x7bff ? 65536.0 : half_value(static_cast<uint16_t>(h + 1));
    const auto mid = static_cast<float>((a + b) / 2);  // exact: 12 significant bits at most
    for (float s : {1.0f, -1.0f}) {
      const float m = s * mid;
      out.push_back(m);
      out.push_back(std::nextafter(m, INFINITY));
      out.push_back(std::nextafter(m, -INFINITY));
    }
  }
  return out;
}

// Structured binary32 patterns: every sign, every exponent (denormals, the binary16 denormal and
// overflow ranges, inf/NaN), every top-10 mantissa pattern, with low 13 bits chosen around the
// RNE decision point (0x1000 is the halfway point in the binary16 normal range) plus one random.
std::vector<float> structured_patterns() {
  std::mt19937 rng(12345);
  constexpr std::array<uint32_t, 6> kLow = {0x0000, 0x0001, 0x0fff, 0x1000, 0x1001, 0x1fff};
  std::vector<float> out;
  out.reserve(size_t{2} * 256 * 1024 * (kLow.size() + 1));
  for (uint32_t sign = 0; sign < 2; ++sign) {
    for (uint32_t exp = 0; exp < 256; ++exp) {
      for (uint32_t top = 0; top < 1024; ++top) {
        const uint32_t base = (sign << 31) | (exp << 23) | (top << 13);
        for (uint32_t low : kLow) out.push_back(float_of(base | low));
        out.push_back(float_of(base | (rng() & 0x1fffu)));
      }
    }
  }
  return out;
}

// Uniformly random bit patterns, plus random values concentrated in the binary16 range
// (exponent 100..145) where the interesting rounding happens.
std::vector<float> random_patterns(size_t n) {
  std::mt19937_64 rng(0x5eed'f00d);
  std::vector<float> out;
  out.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const auto r = static_cast<uint32_t>(rng());
    if ((i & 1) == 0) {
      out.push_back(float_of(r));
    } else {
      const auto exp = static_cast<uint32_t>(100 + (rng() % 46));
      out.push_back(float_of((r & 0x807f'ffffu) | (exp << 23)));
    }
  }
  return out;
}

// Compares float_to_half against F16C for every mode; returns the number of mismatches and
// records the first few.
size_t compare_with_f16c(const std::vector<float>& inputs, const char* set_name) {
  size_t mismatches = 0;
  for (float f : inputs) {
    for (Rounding mode : kAllModes) {
      const uint16_t ours = float_to_half(f, mode);
      const uint16_t hw = f16c_narrow(f, mode);
      if (ours != hw) {
        if (++mismatches <= 10) {
          ADD_FAILURE() << set_name << " " << mode_name(mode) << ": float " << hex(bits_of(f))
                        << " -> ours " << hex(ours) << ", F16C " << hex(hw);
        }
      }
    }
  }
  return mismatches;
}

// Compares float_to_half against reference_round for every mode on non-NaN inputs.
size_t compare_with_reference(const std::vector<float>& inputs, const char* set_name) {
  size_t mismatches = 0;
  for (float f : inputs) {
    if (std::isnan(f)) continue;
    for (Rounding mode : kAllModes) {
      const uint16_t ours = float_to_half(f, mode);
      const double want =
          std::isinf(f) ? static_cast<double>(f) : reference_round(static_cast<double>(f), mode);
      const bool ok = !is_half_nan(ours) &&
                      std::bit_cast<uint64_t>(half_value(ours)) == std::bit_cast<uint64_t>(want);
      if (!ok && ++mismatches <= 10) {
        ADD_FAILURE() << set_name << " " << mode_name(mode) << ": float " << hex(bits_of(f)) << " ("
                      << f << ") -> " << hex(ours) << " = " << half_value(ours) << ", want "
                      << want;
      }
    }
  }
  return mismatches;
}

// ---- Widening --------------------------------------------------------------------------------

TEST(HalfToFloat, AllHalvesWidenExactly) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const auto h = static_cast<uint16_t>(i);
    const float f = half_to_float(h);
    const uint32_t sign = (i & 0x8000u) << 16;
    if (is_half_nan(h)) {
      ASSERT_TRUE(std::isnan(f)) << hex(i);
      // Sign kept, payload in the top mantissa bits, quiet bit set.
      ASSERT_EQ(bits_of(f), sign | 0x7fc0'0000u | ((i & 0x3ffu) << 13)) << hex(i);
    } else {
      // half_value is exact in double and every binary16 value is exact in binary32.
      ASSERT_EQ(bits_of(f), bits_of(static_cast<float>(half_value(h)))) << hex(i);
    }
  }
}

TEST(HalfToFloat, KnownValues) {
  EXPECT_EQ(bits_of(half_to_float(0x0000)), 0x0000'0000u);
  EXPECT_EQ(bits_of(half_to_float(0x8000)), 0x8000'0000u);  // -0 keeps its sign
  EXPECT_EQ(half_to_float(0x3c00), 1.0f);
  EXPECT_EQ(half_to_float(0xc000), -2.0f);
  EXPECT_EQ(half_to_float(0x7bff), 65504.0f);
  EXPECT_EQ(half_to_float(0x0400), std::ldexp(1.0f, -14));  // smallest normal
  EXPECT_EQ(half_to_float(0x0001), std::ldexp(1.0f, -24));  // smallest denormal
  EXPECT_EQ(half_to_float(0x03ff), std::ldexp(1023.0f, -24));
  EXPECT_EQ(half_to_float(0x3555), 0x555 / 4096.0f);  // 0.333251953125
  EXPECT_EQ(bits_of(half_to_float(0x7c00)), 0x7f80'0000u);
  EXPECT_EQ(bits_of(half_to_float(0xfc00)), 0xff80'0000u);
  EXPECT_EQ(bits_of(half_to_float(0x7e00)), 0x7fc0'0000u);  // canonical quiet NaN
  EXPECT_EQ(bits_of(half_to_float(0x7c01)), 0x7fc0'2000u);  // signalling NaN comes out quiet
  EXPECT_EQ(bits_of(half_to_float(0xfdff)), 0xffff'e000u);  // sign and payload kept
}

TEST(HalfToFloat, MatchesF16cOnAllHalves) {
  REQUIRE_F16C();
  for (uint32_t i = 0; i < 65536; ++i) {
    const auto h = static_cast<uint16_t>(i);
    ASSERT_EQ(bits_of(half_to_float(h)), bits_of(f16c_widen(h))) << hex(i);
  }
}

// ---- Narrowing: round trips and known values -------------------------------------------------

TEST(FloatToHalf, AllHalvesRoundTripInEveryMode) {
  for (uint32_t i = 0; i < 65536; ++i) {
    const auto h = static_cast<uint16_t>(i);
    const float f = half_to_float(h);
    for (Rounding mode : kAllModes) {
      const uint16_t back = float_to_half(f, mode);
      if (is_half_nan(h)) {
        // Stays NaN, same sign; the quiet bit is set by widening, the rest of the payload kept.
        ASSERT_TRUE(is_half_nan(back)) << hex(i) << " " << mode_name(mode);
        ASSERT_EQ(back, h | 0x0200u) << hex(i) << " " << mode_name(mode);
      } else {
        ASSERT_EQ(back, h) << hex(i) << " " << mode_name(mode);
      }
    }
  }
}

TEST(FloatToHalf, KnownValuesAndTies) {
  EXPECT_EQ(float_to_half(1.0f), 0x3c00);
  EXPECT_EQ(float_to_half(-0.0f), 0x8000);
  EXPECT_EQ(float_to_half(65504.0f), 0x7bff);
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even (down); 1 + 3 * 2^-11 ties up.
  EXPECT_EQ(float_to_half(1.0f + 0x1p-11f), 0x3c00);
  EXPECT_EQ(float_to_half(1.0f + 0x3p-11f), 0x3c02);
  EXPECT_EQ(float_to_half(1.0f + 0x1p-11f, Rounding::kUp), 0x3c01);
  EXPECT_EQ(float_to_half(-1.0f - 0x1p-11f, Rounding::kUp), 0xbc00);
  EXPECT_EQ(float_to_half(-1.0f - 0x1p-11f, Rounding::kDown), 0xbc01);
  EXPECT_EQ(float_to_half(1.0f + 0x1p-11f, Rounding::kTowardZero), 0x3c00);
  // Denormal results: 2^-25 is halfway between 0 and the smallest denormal (ties to 0);
  // 3 * 2^-25 is halfway between denormals 1 and 2 (ties to 2).
  EXPECT_EQ(float_to_half(0x1p-25f), 0x0000);
  EXPECT_EQ(float_to_half(0x1.000002p-25f), 0x0001);
  EXPECT_EQ(float_to_half(0x3p-25f), 0x0002);
  EXPECT_EQ(float_to_half(0x1p-30f, Rounding::kUp), 0x0001);
  EXPECT_EQ(float_to_half(-0x1p-30f, Rounding::kUp), 0x8000);  // -0, not +0
  EXPECT_EQ(float_to_half(-0x1p-30f, Rounding::kDown), 0x8001);
  EXPECT_EQ(float_to_half(0x1p-149f, Rounding::kDown), 0x0000);  // binary32 denormal in
  EXPECT_EQ(float_to_half(0x1p-149f, Rounding::kUp), 0x0001);
  // The largest denormal rounds up into the smallest normal.
  EXPECT_EQ(float_to_half(0x3ffp-24f + 0x1p-25f), 0x0400);
  // Overflow: 65520 is the RNE threshold to inf; below it, 65504.
  EXPECT_EQ(float_to_half(65519.996f), 0x7bff);
  EXPECT_EQ(float_to_half(65520.0f), 0x7c00);
  EXPECT_EQ(float_to_half(-65520.0f), 0xfc00);
  EXPECT_EQ(float_to_half(1e10f, Rounding::kTowardZero), 0x7bff);
  EXPECT_EQ(float_to_half(-1e10f, Rounding::kTowardZero), 0xfbff);
  EXPECT_EQ(float_to_half(65505.0f, Rounding::kUp), 0x7c00);
  EXPECT_EQ(float_to_half(-1e10f, Rounding::kUp), 0xfbff);
  EXPECT_EQ(float_to_half(1e10f, Rounding::kDown), 0x7bff);
  EXPECT_EQ(float_to_half(-65505.0f, Rounding::kDown), 0xfc00);
  for (Rounding mode : kAllModes) {
    EXPECT_EQ(float_to_half(INFINITY, mode), 0x7c00) << mode_name(mode);
    EXPECT_EQ(float_to_half(-INFINITY, mode), 0xfc00) << mode_name(mode);
  }
}

TEST(FloatToHalf, NanStaysQuietNanWithSignAndTopPayload) {
  for (Rounding mode : kAllModes) {
    EXPECT_EQ(float_to_half(float_of(0x7fc0'0000u), mode), 0x7e00);
    EXPECT_EQ(float_to_half(float_of(0xffc0'0000u), mode), 0xfe00);
    // A signalling NaN whose payload lies entirely below the kept bits: still a NaN (quiet bit).
    EXPECT_EQ(float_to_half(float_of(0x7f80'0001u), mode), 0x7e00);
    EXPECT_EQ(float_to_half(float_of(0x7fa0'0000u), mode), 0x7f00);  // top payload bits kept
    EXPECT_EQ(float_to_half(float_of(0xff80'2000u), mode), 0xfe01);
  }
}

// ---- Narrowing: RNE and the directed modes against F16C ---------------------------------------

TEST(FloatToHalfF16c, AllHalves) {
  REQUIRE_F16C();
  EXPECT_EQ(compare_with_f16c(all_halves_widened(), "halves"), 0u);
}

TEST(FloatToHalfF16c, HalfwayPointsAndNeighbours) {
  REQUIRE_F16C();
  EXPECT_EQ(compare_with_f16c(halfway_points(), "halfway"), 0u);
}

TEST(FloatToHalfF16c, StructuredPatterns) {
  REQUIRE_F16C();
  EXPECT_EQ(compare_with_f16c(structured_patterns(), "structured"), 0u);
}

TEST(FloatToHalfF16c, RandomPatterns) {
  REQUIRE_F16C();
  EXPECT_EQ(compare_with_f16c(random_patterns(2'000'000), "random"), 0u);
}

// ---- Narrowing: every mode against the double reference (no hardware needed) ------------------

TEST(FloatToHalfReference, AllHalvesAndHalfwayPoints) {
  EXPECT_EQ(compare_with_reference(all_halves_widened(), "halves"), 0u);
  EXPECT_EQ(compare_with_reference(halfway_points(), "halfway"), 0u);
}

TEST(FloatToHalfReference, StructuredPatterns) {
  EXPECT_EQ(compare_with_reference(structured_patterns(), "structured"), 0u);
}

TEST(FloatToHalfReference, RandomPatterns) {
  EXPECT_EQ(compare_with_reference(random_patterns(1'000'000), "random"), 0u);
}

}  // namespace
}  // namespace texsim::core
