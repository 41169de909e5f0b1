// Tests for core/convert: hand-computed values, exhaustive round trips, and correct-rounding
// checks against exact integer and high-precision references (D3D11.3 §3.2.3, §3.2.4).
// Depends on core/convert.hpp and GoogleTest; nothing else in texsim.
#include "core/convert.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>

namespace texsim::core {
namespace {

__extension__ typedef unsigned __int128 U128;

// std::mt19937 with 32-bit results (its result_type is uint_fast32_t, 64 bits on LP64).
struct Rng32 {
  explicit Rng32(uint32_t seed) : engine(seed) {}
  uint32_t operator()() { return static_cast<uint32_t>(engine()); }
  std::mt19937 engine;
};

uint32_t bits_of(float f) {
  return std::bit_cast<uint32_t>(f);
}
float float_of(uint32_t b) {
  return std::bit_cast<float>(b);
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// g * 2^57 as an exact integer, for 0 <= g <= 2 whose ULP is at least 2^-56.
U128 scaled57(float g) {
  int e = 0;
  const double fr = std::frexp(static_cast<double>(g), &e);  // g = fr * 2^e, fr in [0.5, 1)
  const auto m = static_cast<uint64_t>(std::ldexp(fr, 24));  // 24-bit significand
  const int shift = 57 + e - 24;
  return static_cast<U128>(m) << shift;
}

// True iff f is v / d correctly rounded to binary32 (0 <= v <= d < 2^32), checked exactly:
// f must lie between the midpoints to its float neighbours (ties cannot occur: d is odd).
bool is_correctly_rounded_ratio(float f, uint64_t v, uint64_t d) {
  if (v == 0) return bits_of(f) == 0;
  if (v == d) return f == 1.0f;
  if (!(f > 0.0f && f <= 1.0f) || f < 0x1p-33f) return false;
  const float below = std::nextafter(f, 0.0f);
  const float above = std::nextafter(f, 2.0f);
  // 2 * v/d * 2^57 compared with (f + neighbour) * 2^57.
  const U128 lhs = (static_cast<U128>(v) << 58);
  return lhs > static_cast<U128>(d) * (scaled57(f) + scaled57(below)) &&
         lhs < static_cast<U128>(d) * (scaled57(f) + scaled57(above));
}

// ---- UNORM -> float (§3.2.3.5) ----------------------------------------------------------------

TEST(UnormToFloat, KnownValues) {
  EXPECT_EQ(bits_of(unorm_to_float(128, 8)), 0x3f008081u);  // 128/255
  EXPECT_EQ(bits_of(unorm_to_float(1, 8)), 0x3b808081u);
  EXPECT_EQ(bits_of(unorm_to_float(254, 8)), 0x3f7efeffu);
  EXPECT_EQ(bits_of(unorm_to_float(0, 8)), 0u);
  EXPECT_EQ(unorm_to_float(255, 8), 1.0f);
  EXPECT_EQ(unorm_to_float(1, 1), 1.0f);
  EXPECT_EQ(bits_of(unorm_to_float(1, 2)), 0x3eaaaaabu);  // 1/3
  EXPECT_EQ(bits_of(unorm_to_float(511, 10)), 0x3effbff0u);
  EXPECT_EQ(bits_of(unorm_to_float(1, 16)), 0x37800080u);
  EXPECT_EQ(bits_of(unorm_to_float(0x8000, 16)), 0x3f000080u);
  EXPECT_EQ(bits_of(unorm_to_float(12345, 16)), 0x3e40e4c1u);
  EXPECT_EQ(bits_of(unorm_to_float(1, 24)), 0x33800001u);
  EXPECT_EQ(bits_of(unorm_to_float(0x800000, 24)), 0x3f000001u);
  EXPECT_EQ(bits_of(unorm_to_float(12345678, 24)), 0x3f3c614fu);
  EXPECT_EQ(bits_of(unorm_to_float(1, 32)), 0x2f800000u);
  EXPECT_EQ(bits_of(unorm_to_float(0x80000000u, 32)), 0x3f000000u);
  EXPECT_EQ(bits_of(unorm_to_float(0xdeadbeefu, 32)), 0x3f5eadbfu);
  EXPECT_EQ(unorm_to_float(0xfffffffeu, 32), 1.0f);  // rounds up to 1
  EXPECT_EQ(unorm_to_float(0xffffffffu, 32), 1.0f);
  EXPECT_EQ(unorm_to_float(0x1ff, 8), 1.0f);  // only the low n bits are used
  EXPECT_EQ(unorm_to_float(5, 0), 0.0f);      // outside the domain
  EXPECT_EQ(unorm_to_float(5, 33), 0.0f);
}

TEST(UnormToFloat, CorrectlyRoundedExhaustiveUpTo16Bits) {
  for (unsigned n = 1; n <= 16; ++n) {
    const uint64_t max = (uint64_t{1} << n) - 1;
    for (uint64_t v = 0; v <= max; ++v) {
      const float f = unorm_to_float(static_cast<uint32_t>(v), n);
      ASSERT_TRUE(is_correctly_rounded_ratio(f, v, max))
          << "n=" << n << " v=" << v << " -> " << hex(bits_of(f));
    }
  }
}

TEST(UnormToFloat, CorrectlyRoundedSampled17To32Bits) {
  std::mt19937_64 rng(17);
  for (unsigned n = 17; n <= 32; ++n) {
    const uint64_t max = (uint64_t{1} << n) - 1;
    auto check = [&](uint64_t v) {
      const float f = unorm_to_float(static_cast<uint32_t>(v), n);
      ASSERT_TRUE(is_correctly_rounded_ratio(f, v, max))
          << "n=" << n << " v=" << hex(v) << " -> " << hex(bits_of(f));
    };
    for (uint64_t v : {uint64_t{0}, uint64_t{1}, uint64_t{2}, uint64_t{3}, max / 2, max / 2 + 1,
                       max - 2, max - 1, max}) {
      check(v);
    }
    for (unsigned k = 1; k < n; ++k) {  // powers of two and their neighbours
      check((uint64_t{1} << k) - 1);
      check(uint64_t{1} << k);
      check((uint64_t{1} << k) + 1);
    }
    for (int i = 0; i < 20000; ++i) check(rng() & max);
  }
}

// ---- SNORM -> float (§3.2.3.3) ----------------------------------------------------------------

TEST(SnormToFloat, KnownValues) {
  EXPECT_EQ(snorm_to_float(0x80, 8), -1.0f);  // -128: the most negative code
  EXPECT_EQ(snorm_to_float(0x81, 8), -1.0f);  // -127
  EXPECT_EQ(snorm_to_float(0x7f, 8), 1.0f);
  EXPECT_EQ(bits_of(snorm_to_float(0, 8)), 0u);              // +0
  EXPECT_EQ(bits_of(snorm_to_float(1, 8)), 0x3c010204u);     // 1/127
  EXPECT_EQ(bits_of(snorm_to_float(0xff, 8)), 0xbc010204u);  // -1/127
  EXPECT_EQ(bits_of(snorm_to_float(64, 8)), 0x3f010204u);    // 64/127
  EXPECT_EQ(bits_of(snorm_to_float(1, 16)), 0x38000100u);
  EXPECT_EQ(bits_of(snorm_to_float(0x4000, 16)), 0x3f000100u);
  EXPECT_EQ(snorm_to_float(0x8000, 16), -1.0f);
  EXPECT_EQ(snorm_to_float(0x8001, 16), -1.0f);
  EXPECT_EQ(bits_of(snorm_to_float(1, 32)), 0x30000000u);
  EXPECT_EQ(snorm_to_float(0x40000000u, 32), 0.5f);
  EXPECT_EQ(snorm_to_float(0x80000000u, 32), -1.0f);
  EXPECT_EQ(snorm_to_float(0x80000001u, 32), -1.0f);
  EXPECT_EQ(snorm_to_float(0x7ffffffeu, 32), 1.0f);  // rounds to 1
  EXPECT_EQ(snorm_to_float(0x10, 5), -1.0f);         // the spec's 5-bit examples: 10000
  EXPECT_EQ(snorm_to_float(0x11, 5), -1.0f);         // and 10001
  EXPECT_EQ(snorm_to_float(0x0f, 5), 1.0f);          // 01111
  EXPECT_EQ(snorm_to_float(0x2, 2), -1.0f);
  EXPECT_EQ(snorm_to_float(0x3, 2), -1.0f);
  EXPECT_EQ(snorm_to_float(0x1, 2), 1.0f);
  EXPECT_EQ(snorm_to_float(0x17f, 8), 1.0f);  // only the low n bits are used
  EXPECT_EQ(snorm_to_float(1, 1), 0.0f);      // outside the domain
}

void check_snorm(uint64_t code, unsigned n) {
  const uint64_t max = (uint64_t{1} << (n - 1)) - 1;
  const uint64_t sign_bit = uint64_t{1} << (n - 1);
  const float f = snorm_to_float(static_cast<uint32_t>(code), n);
  if (code == sign_bit) {
    ASSERT_EQ(f, -1.0f) << "n=" << n;
    return;
  }
  const bool negative = (code & sign_bit) != 0;
  const uint64_t mag = negative ? (uint64_t{1} << n) - code : code;
  ASSERT_EQ(std::signbit(f), negative && mag != 0) << "n=" << n << " code=" << hex(code);
  ASSERT_TRUE(is_correctly_rounded_ratio(std::fabs(f), mag, max))
      << "n=" << n << " code=" << hex(code) << " -> " << hex(bits_of(f));
}

TEST(SnormToFloat, CorrectlyRoundedExhaustiveUpTo16Bits) {
  for (unsigned n = 2; n <= 16; ++n) {
    for (uint64_t c = 0; c < (uint64_t{1} << n); ++c) check_snorm(c, n);
  }
}

TEST(SnormToFloat, CorrectlyRoundedSampled17To32Bits) {
  std::mt19937_64 rng(33);
  for (unsigned n = 17; n <= 32; ++n) {
    const uint64_t mask = (uint64_t{1} << n) - 1;
    const uint64_t sign_bit = uint64_t{1} << (n - 1);
    for (uint64_t c : {uint64_t{0}, uint64_t{1}, sign_bit - 1, sign_bit, sign_bit + 1, mask}) {
      check_snorm(c, n);
    }
    for (int i = 0; i < 20000; ++i) check_snorm(rng() & mask, n);
  }
}

// ---- float -> UNORM / SNORM (§3.2.3.6, §3.2.3.4) ---------------------------------------------

TEST(FloatToUnorm, KnownValuesAndSpecialCases) {
  EXPECT_EQ(float_to_unorm(0.5f, 8), 128u);  // 127.5 ties to even 128
  EXPECT_EQ(float_to_unorm(0.5f, 1), 0u);    // 0.5 ties to even 0
  EXPECT_EQ(float_to_unorm(0.5f, 2), 2u);    // 1.5 -> 2
  EXPECT_EQ(float_to_unorm(0.5f, 16), 32768u);
  EXPECT_EQ(float_to_unorm(0.5f, 32), 0x80000000u);  // 2147483647.5 -> even 2^31
  EXPECT_EQ(float_to_unorm(1.0f, 8), 255u);
  EXPECT_EQ(float_to_unorm(1.0f, 32), 0xffffffffu);
  EXPECT_EQ(float_to_unorm(0.0f, 8), 0u);
  EXPECT_EQ(float_to_unorm(-0.0f, 8), 0u);
  EXPECT_EQ(float_to_unorm(NAN, 8), 0u);
  EXPECT_EQ(float_to_unorm(-NAN, 16), 0u);
  EXPECT_EQ(float_to_unorm(INFINITY, 8), 255u);
  EXPECT_EQ(float_to_unorm(-INFINITY, 8), 0u);
  EXPECT_EQ(float_to_unorm(2.0f, 10), 1023u);
  EXPECT_EQ(float_to_unorm(-0.25f, 8), 0u);
  EXPECT_EQ(float_to_unorm(0x1p-149f, 32), 0u);        // binary32 denormal
  EXPECT_EQ(float_to_unorm(0x1p-33f, 32), 0u);         // 0.49999999988 -> 0
  EXPECT_EQ(float_to_unorm(0x1.000002p-33f, 32), 1u);  // 0.5 + 2^-24 - ... -> 1
  EXPECT_EQ(float_to_unorm(0x1p-32f, 32), 1u);         // 0.99999999977 -> 1
  EXPECT_EQ(float_to_unorm(0.2f, 8), 51u);             // 0.2f * 255 = 51.0000007...
  EXPECT_EQ(float_to_unorm(0.5f, 0), 0u);              // outside the domain
  // Just either side of the 127.5 tie for 8 bits.
  EXPECT_EQ(float_to_unorm(std::nextafter(0.5f, 0.0f), 8), 127u);
  EXPECT_EQ(float_to_unorm(std::nextafter(0.5f, 1.0f), 8), 128u);
}

TEST(FloatToSnorm, KnownValuesAndSpecialCases) {
  EXPECT_EQ(float_to_snorm(1.0f, 8), 0x7fu);
  EXPECT_EQ(float_to_snorm(-1.0f, 8), 0x81u);  // -127; -128 is never produced
  EXPECT_EQ(float_to_snorm(-2.0f, 8), 0x81u);
  EXPECT_EQ(float_to_snorm(-INFINITY, 8), 0x81u);
  EXPECT_EQ(float_to_snorm(INFINITY, 16), 0x7fffu);
  EXPECT_EQ(float_to_snorm(NAN, 8), 0u);
  EXPECT_EQ(float_to_snorm(-0.0f, 8), 0u);
  EXPECT_EQ(float_to_snorm(0.5f, 8), 64u);     // 63.5 ties to even 64
  EXPECT_EQ(float_to_snorm(-0.5f, 8), 0xc0u);  // -63.5 ties to even -64
  EXPECT_EQ(float_to_snorm(0.5f, 2), 0u);      // 0.5 ties to even 0
  EXPECT_EQ(float_to_snorm(-1.0f, 2), 0x3u);
  EXPECT_EQ(float_to_snorm(-1.0f, 32), 0x80000001u);
  EXPECT_EQ(float_to_snorm(0.5f, 32), 0x40000000u);       // 1073741823.5 -> even 2^30
  EXPECT_EQ(float_to_snorm(-0x1p-31f, 32), 0xffffffffu);  // -0.9999999995 -> -1
  EXPECT_EQ(float_to_snorm(0.25f, 1), 0u);                // outside the domain
}

// Reference: |f| * (2^n - 1) formed exactly in double (n <= 29) or long double (64-bit
// significand, n <= 32) and rounded with nearbyint in the default round-to-nearest-even mode.
uint64_t reference_scale_round(float a, uint64_t max, unsigned n) {
  if (n <= 29) {
    return static_cast<uint64_t>(std::nearbyint(static_cast<double>(a) * static_cast<double>(max)));
  }
  return static_cast<uint64_t>(
      std::nearbyintl(static_cast<long double>(a) * static_cast<long double>(max)));
}

TEST(FloatToUnorm, MatchesExactReferenceOnRandomInputs) {
  Rng32 rng(99);
  const unsigned max_n = LDBL_MANT_DIG >= 56 ? 32u : 29u;
  for (unsigned n = 1; n <= max_n; ++n) {
    const uint64_t max = (uint64_t{1} << n) - 1;
    for (int i = 0; i < 20000; ++i) {
      // Half the inputs uniform in [0, 1), half random bit patterns with exponent near 0.
      float f;
      if ((i & 1) == 0) {
        f = static_cast<float>(rng() >> 8) * 0x1p-24f;
      } else {
        f = float_of((rng() & 0x007f'ffffu) | ((96u + rng() % 31u) << 23));
      }
      ASSERT_EQ(float_to_unorm(f, n), reference_scale_round(f, max, n))
          << "n=" << n << " f=" << hex(bits_of(f));
    }
  }
}

TEST(FloatToSnorm, MatchesExactReferenceOnRandomInputs) {
  Rng32 rng(98);
  const unsigned max_n = LDBL_MANT_DIG >= 56 ? 32u : 30u;
  for (unsigned n = 2; n <= max_n; ++n) {
    const uint64_t mask = (uint64_t{1} << n) - 1;
    const uint64_t max = (uint64_t{1} << (n - 1)) - 1;
    for (int i = 0; i < 20000; ++i) {
      float f = static_cast<float>(rng() >> 8) * 0x1p-24f;
      if ((i & 2) != 0) f = float_of((rng() & 0x007f'ffffu) | ((96u + rng() % 31u) << 23));
      if ((i & 1) != 0) f = -f;
      const uint64_t mag = reference_scale_round(std::fabs(f), max, n - 1);
      const uint64_t want = f < 0 ? ((mask + 1 - mag) & mask) : mag;
      ASSERT_EQ(float_to_snorm(f, n), want) << "n=" << n << " f=" << hex(bits_of(f));
    }
  }
}

TEST(NormRoundTrip, UnormDecodeEncodeIsIdentity) {
  for (unsigned n = 1; n <= 20; ++n) {
    for (uint32_t v = 0; v < (1u << n); ++v) {
      ASSERT_EQ(float_to_unorm(unorm_to_float(v, n), n), v) << "n=" << n;
    }
  }
  Rng32 rng(5);
  for (unsigned n = 21; n <= 24; ++n) {
    for (int i = 0; i < 50000; ++i) {
      const uint32_t v = rng() & ((1u << n) - 1);
      ASSERT_EQ(float_to_unorm(unorm_to_float(v, n), n), v) << "n=" << n;
    }
  }
}

TEST(NormRoundTrip, SnormDecodeEncodeIsIdentity) {
  for (unsigned n = 2; n <= 20; ++n) {
    const uint32_t mask = (1u << n) - 1;
    const uint32_t most_negative = 1u << (n - 1);
    for (uint32_t c = 0; c <= mask; ++c) {
      const uint32_t want = c == most_negative ? most_negative + 1 : c;  // -2^(n-1) -> -1.0
      ASSERT_EQ(float_to_snorm(snorm_to_float(c, n), n), want) << "n=" << n << " c=" << c;
    }
  }
  Rng32 rng(6);
  for (unsigned n = 21; n <= 25; ++n) {
    const uint32_t mask = (1u << n) - 1;
    for (int i = 0; i < 50000; ++i) {
      const uint32_t c = rng() & mask;
      if (c == (1u << (n - 1))) continue;
      ASSERT_EQ(float_to_snorm(snorm_to_float(c, n), n), c) << "n=" << n;
    }
  }
}

// ---- sRGB (§3.2.3.7, §3.2.3.8) -----------------------------------------------------------------

// srgb8_to_linear(code) for every code, computed with mpmath at 200 bits and rounded to binary32.
constexpr std::array<uint32_t, 256> kSrgb8ToLinearBits = {
    0x00000000, 0x399f22b4, 0x3a1f22b4, 0x3a6eb40e, 0x3a9f22b4, 0x3ac6eb61, 0x3aeeb40e, 0x3b0b3e5d,
    0x3b1f22b4, 0x3b33070a, 0x3b46eb61, 0x3b5b518e, 0x3b70f18f, 0x3b83e1c6, 0x3b8fe616, 0x3b9c87fd,
    0x3ba9c9b6, 0x3bb7ad6f, 0x3bc6354a, 0x3bd56360, 0x3be539c1, 0x3bf5ba71, 0x3c0373b6, 0x3c0c6153,
    0x3c15a705, 0x3c1f45be, 0x3c293e6b, 0x3c3391f7, 0x3c3e4149, 0x3c494d44, 0x3c54b6c9, 0x3c607eb4,
    0x3c6ca5df, 0x3c792d22, 0x3c830aa9, 0x3c89af9f, 0x3c9085dc, 0x3c978dc6, 0x3c9ec7c2, 0x3ca63433,
    0x3cadd37d, 0x3cb5a602, 0x3cbdac21, 0x3cc5e63a, 0x3cce54ac, 0x3cd6f7d5, 0x3cdfd010, 0x3ce8ddba,
    0x3cf2212d, 0x3cfb9ac3, 0x3d02a56a, 0x3d0798dd, 0x3d0ca7e6, 0x3d11d2af, 0x3d171964, 0x3d1c7c30,
    0x3d21fb3c, 0x3d2796b2, 0x3d2d4ebb, 0x3d332381, 0x3d39152b, 0x3d3f23e4, 0x3d454fd2, 0x3d4b991d,
    0x3d51ffec, 0x3d588468, 0x3d5f26b6, 0x3d65e6fd, 0x3d6cc563, 0x3d73c20e, 0x3d7add24, 0x3d810b65,
    0x3d84b793, 0x3d88732e, 0x3d8c3e48, 0x3d9018f4, 0x3d940344, 0x3d97fd49, 0x3d9c0715, 0x3da020ba,
    0x3da44a4a, 0x3da883d6, 0x3daccd6f, 0x3db12727, 0x3db5910f, 0x3dba0b38, 0x3dbe95b3, 0x3dc33090,
    0x3dc7dbe0, 0x3dcc97b4, 0x3dd1641d, 0x3dd6412b, 0x3ddb2eee, 0x3de02d76, 0x3de53cd4, 0x3dea5d18,
    0x3def8e51, 0x3df4d090, 0x3dfa23e5, 0x3dff885e, 0x3e027f06, 0x3e05427f, 0x3e080ea2, 0x3e0ae377,
    0x3e0dc104, 0x3e10a753, 0x3e13966a, 0x3e168e51, 0x3e198f0f, 0x3e1c98ac, 0x3e1fab30, 0x3e22c6a1,
    0x3e25eb07, 0x3e29186a, 0x3e2c4ed0, 0x3e2f8e42, 0x3e32d6c5, 0x3e362862, 0x3e39831f, 0x3e3ce703,
    0x3e405417, 0x3e43ca60, 0x3e4749e6, 0x3e4ad2af, 0x3e4e64c3, 0x3e520029, 0x3e55a4e7, 0x3e595305,
    0x3e5d0a89, 0x3e60cb7a, 0x3e6495df, 0x3e6869be, 0x3e6c471f, 0x3e702e07, 0x3e741e7e, 0x3e78188b,
    0x3e7c1c33, 0x3e8014bf, 0x3e822039, 0x3e84308b, 0x3e8645b8, 0x3e885fc3, 0x3e8a7eb0, 0x3e8ca281,
    0x3e8ecb3b, 0x3e90f8df, 0x3e932b72, 0x3e9562f6, 0x3e979f6f, 0x3e99e0e0, 0x3e9c274c, 0x3e9e72b6,
    0x3ea0c321, 0x3ea31890, 0x3ea57307, 0x3ea7d288, 0x3eaa3716, 0x3eaca0b6, 0x3eaf0f68, 0x3eb18332,
    0x3eb3fc15, 0x3eb67a14, 0x3eb8fd34, 0x3ebb8576, 0x3ebe12de, 0x3ec0a56e, 0x3ec33d2a, 0x3ec5da14,
    0x3ec87c30, 0x3ecb2380, 0x3ecdd008, 0x3ed081ca, 0x3ed338c9, 0x3ed5f508, 0x3ed8b68a, 0x3edb7d52,
    0x3ede4963, 0x3ee11abf, 0x3ee3f169, 0x3ee6cd65, 0x3ee9aeb5, 0x3eec955b, 0x3eef815c, 0x3ef272b8,
    0x3ef56974, 0x3ef86593, 0x3efb6716, 0x3efe6e00, 0x3f00bd2b, 0x3f02460c, 0x3f03d1a5, 0x3f055ff7,
    0x3f06f104, 0x3f0884cd, 0x3f0a1b54, 0x3f0bb499, 0x3f0d509f, 0x3f0eef65, 0x3f1090ef, 0x3f12353d,
    0x3f13dc50, 0x3f15862a, 0x3f1732cc, 0x3f18e237, 0x3f1a946e, 0x3f1c4970, 0x3f1e0140, 0x3f1fbbde,
    0x3f21794d, 0x3f23398c, 0x3f24fc9f, 0x3f26c285, 0x3f288b41, 0x3f2a56d2, 0x3f2c253c, 0x3f2df67f,
    0x3f2fca9c, 0x3f31a194, 0x3f337b6a, 0x3f35581d, 0x3f3737b0, 0x3f391a24, 0x3f3aff7a, 0x3f3ce7b2,
    0x3f3ed2cf, 0x3f40c0d2, 0x3f42b1bc, 0x3f44a58e, 0x3f469c49, 0x3f4895ef, 0x3f4a9280, 0x3f4c91ff,
    0x3f4e946c, 0x3f5099c9, 0x3f52a216, 0x3f54ad56, 0x3f56bb88, 0x3f58ccaf, 0x3f5ae0cc, 0x3f5cf7df,
    0x3f5f11ea, 0x3f612eef, 0x3f634eee, 0x3f6571e9, 0x3f6797e0, 0x3f69c0d5, 0x3f6becca, 0x3f6e1bbf,
    0x3f704db5, 0x3f7282ae, 0x3f74baab, 0x3f76f5ae, 0x3f7933b6, 0x3f7b74c6, 0x3f7db8de, 0x3f800000,
};

// High-precision references (long double where it is wider than double).
long double srgb_to_linear_ref(long double c) {
  if (c <= static_cast<long double>(0.04045f)) return c / 12.92L;
  return std::pow((c + 0.055L) / 1.055L, 2.4L);
}
long double linear_to_srgb_ref(long double l) {
  if (l <= static_cast<long double>(0.0031308f)) return 12.92L * l;
  return 1.055L * std::pow(l, 1.0L / 2.4L) - 0.055L;
}

// |got - want| in units of got's ULP.
double ulp_error(float got, long double want) {
  const float next = std::nextafter(std::fabs(got), INFINITY);
  const long double ulp = static_cast<long double>(next) - std::fabs(static_cast<long double>(got));
  return static_cast<double>(std::fabs(static_cast<long double>(got) - want) / ulp);
}

TEST(Srgb, EndsExactAndSpecialCases) {
  EXPECT_EQ(bits_of(srgb_to_linear(0.0f)), 0u);
  EXPECT_EQ(bits_of(srgb_to_linear(1.0f)), 0x3f800000u);
  EXPECT_EQ(bits_of(srgb_to_linear(NAN)), 0u);
  EXPECT_EQ(bits_of(srgb_to_linear(-0.5f)), 0u);
  EXPECT_EQ(srgb_to_linear(2.0f), 1.0f);
  EXPECT_EQ(srgb_to_linear(INFINITY), 1.0f);
  EXPECT_EQ(bits_of(linear_to_srgb(0.0f)), 0u);
  EXPECT_EQ(bits_of(linear_to_srgb(1.0f)), 0x3f800000u);
  EXPECT_EQ(bits_of(linear_to_srgb(NAN)), 0u);
  EXPECT_EQ(bits_of(linear_to_srgb(-INFINITY)), 0u);
  EXPECT_EQ(linear_to_srgb(INFINITY), 1.0f);
  EXPECT_EQ(bits_of(srgb8_to_linear(0)), 0u);
  EXPECT_EQ(bits_of(srgb8_to_linear(255)), 0x3f800000u);
  EXPECT_EQ(float_to_srgb8(NAN), 0);
  EXPECT_EQ(float_to_srgb8(-1.0f), 0);
  EXPECT_EQ(float_to_srgb8(-INFINITY), 0);
  EXPECT_EQ(float_to_srgb8(0.0f), 0);
  EXPECT_EQ(float_to_srgb8(1.0f), 255);
  EXPECT_EQ(float_to_srgb8(2.0f), 255);
  EXPECT_EQ(float_to_srgb8(INFINITY), 255);
}

TEST(Srgb, KnownValues) {
  // 0.5 linear -> 1.055 * 0.5^(1/2.4) - 0.055 = 0.735357 -> 187.516 * -> 188.
  EXPECT_EQ(float_to_srgb8(0.5f), 188);
  EXPECT_EQ(float_to_srgb8(0.25f), 137);  // 136.960
  EXPECT_EQ(float_to_srgb8(0.18f), 118);  // 117.646
  EXPECT_EQ(float_to_srgb8(0.001f), 3);   // 12.92 * 0.001 * 255 = 3.2946
  // Code 1 is on the linear segment: (1/255) / 12.92.
  EXPECT_EQ(bits_of(srgb8_to_linear(1)), 0x399f22b4u);
  EXPECT_EQ(bits_of(srgb8_to_linear(128)), 0x3e5d0a89u);  // 0.21586050...
  EXPECT_FLOAT_EQ(srgb_to_linear(0.5f), 0.21404114f);
  EXPECT_FLOAT_EQ(linear_to_srgb(0.5f), 0.73535698f);
}

TEST(Srgb, Srgb8TableMatchesHighPrecisionValues) {
  for (unsigned code = 0; code < 256; ++code) {
    EXPECT_EQ(bits_of(srgb8_to_linear(static_cast<uint8_t>(code))), kSrgb8ToLinearBits[code])
        << "code " << code;
  }
}

TEST(Srgb, Srgb8WithinD3dToleranceOnTheSrgbSide) {
  // §3.2.3.7: convert the result back with the ideal inverse (no integer rounding); it must be
  // within 0.5 ULP of the SRGB code, i.e. within 0.5 of code on the 0..255 scale.
  for (unsigned code = 0; code < 256; ++code) {
    const float lin = srgb8_to_linear(static_cast<uint8_t>(code));
    const long double back = 255.0L * linear_to_srgb_ref(static_cast<long double>(lin));
    EXPECT_LE(std::fabs(back - static_cast<long double>(code)), 0.5L) << "code " << code;
    if (code > 0) {
      EXPECT_LT(srgb8_to_linear(static_cast<uint8_t>(code - 1)), lin) << "monotonic at " << code;
    }
  }
}

TEST(Srgb, Srgb8RoundTripAllCodes) {
  for (unsigned code = 0; code < 256; ++code) {
    EXPECT_EQ(float_to_srgb8(srgb8_to_linear(static_cast<uint8_t>(code))), code);
  }
}

TEST(Srgb, FunctionsWithinHalfUlpOfReferenceOnSweep) {
  double worst_decode = 0.0;
  double worst_encode = 0.0;
  // Every 211th binary32 pattern in (0, 1), covering all binades including denormals.
  for (uint32_t b = 1; b < 0x3f80'0000u; b += 211) {
    const float x = float_of(b);
    const float dec = srgb_to_linear(x);
    const float enc = linear_to_srgb(x);
    const double e1 = ulp_error(dec, srgb_to_linear_ref(x));
    const double e2 = ulp_error(enc, linear_to_srgb_ref(x));
    worst_decode = std::max(worst_decode, e1);
    worst_encode = std::max(worst_encode, e2);
    ASSERT_LE(e1, 0.5 + 1e-6) << "srgb_to_linear " << hex(b);
    ASSERT_LE(e2, 0.5 + 1e-6) << "linear_to_srgb " << hex(b);
  }
  RecordProperty("worst_decode_ulp", std::to_string(worst_decode));
  RecordProperty("worst_encode_ulp", std::to_string(worst_encode));
}

TEST(Srgb, FloatToSrgb8MatchesReferenceAndIsMonotonic) {
  unsigned prev = 0;
  for (uint32_t b = 0; b <= 0x3f80'0000u; b += 127) {
    const float x = float_of(b);
    const unsigned got = float_to_srgb8(x);
    const long double scaled = 255.0L * linear_to_srgb_ref(static_cast<long double>(x));
    const long double frac = scaled - std::floor(scaled);
    if (std::fabs(frac - 0.5L) > 1e-9L) {  // skip anything too close to a rounding boundary
      ASSERT_EQ(got, static_cast<unsigned>(std::floor(scaled + 0.5L))) << hex(b);
    }
    ASSERT_GE(got, prev) << hex(b);
    prev = got;
  }
}

// ---- float -> fixed point (§3.2.4.1) ----------------------------------------------------------

TEST(FloatToFixed, KnownValues) {
  EXPECT_EQ(float_to_fixed(1.5f, 16, 8), 384);
  EXPECT_EQ(float_to_fixed(-1.5f, 16, 8), -384);
  EXPECT_EQ(float_to_fixed(-2.75f, 16, 8), -704);  // the spec's -3 + 0.25 example
  EXPECT_EQ(float_to_fixed(0.0f, 16, 8), 0);
  EXPECT_EQ(float_to_fixed(-0.0f, 16, 8), 0);
  EXPECT_EQ(float_to_fixed(NAN, 16, 8), 0);
  EXPECT_EQ(float_to_fixed(-NAN, 16, 8), 0);
  // Ties to even in units of 2^-8.
  EXPECT_EQ(float_to_fixed(0x1p-9f, 16, 8), 0);         // 0.5 -> 0
  EXPECT_EQ(float_to_fixed(0x3p-9f, 16, 8), 2);         // 1.5 -> 2
  EXPECT_EQ(float_to_fixed(0x5p-9f, 16, 8), 2);         // 2.5 -> 2
  EXPECT_EQ(float_to_fixed(-0x1p-9f, 16, 8), 0);        // -0.5 -> 0
  EXPECT_EQ(float_to_fixed(-0x3p-9f, 16, 8), -2);       // -1.5 -> -2
  EXPECT_EQ(float_to_fixed(0x1.000002p-9f, 16, 8), 1);  // just above the tie
  EXPECT_EQ(float_to_fixed(2.5f, 8, 0), 2);
  EXPECT_EQ(float_to_fixed(3.5f, 8, 0), 4);
  EXPECT_EQ(float_to_fixed(0x1p-149f, 16, 8), 0);
  // Saturation: 16.8 covers [-2^15, 2^15 - 2^-8] -> raw [-2^23, 2^23 - 1].
  EXPECT_EQ(float_to_fixed(32767.996f, 16, 8), (int64_t{1} << 23) - 1);  // exactly FixedMax
  EXPECT_EQ(float_to_fixed(32768.0f, 16, 8), (int64_t{1} << 23) - 1);
  EXPECT_EQ(float_to_fixed(-32768.0f, 16, 8), -(int64_t{1} << 23));  // exactly FixedMin
  EXPECT_EQ(float_to_fixed(-32768.5f, 16, 8), -(int64_t{1} << 23));
  EXPECT_EQ(float_to_fixed(1e30f, 16, 8), (int64_t{1} << 23) - 1);
  EXPECT_EQ(float_to_fixed(INFINITY, 16, 8), (int64_t{1} << 23) - 1);
  EXPECT_EQ(float_to_fixed(-INFINITY, 16, 8), -(int64_t{1} << 23));
  // A value that rounds up past FixedMax saturates.
  EXPECT_EQ(float_to_fixed(127.999f, 8, 8), 32767);  // 32767.74 -> 32768 -> saturated
  // 64-bit total width.
  EXPECT_EQ(float_to_fixed(1e30f, 32, 32), INT64_MAX);
  EXPECT_EQ(float_to_fixed(-1e30f, 32, 32), INT64_MIN);
  EXPECT_EQ(float_to_fixed(INFINITY, 32, 32), INT64_MAX);
  EXPECT_EQ(float_to_fixed(-0x1p31f, 32, 32), INT64_MIN);  // exactly representable
  EXPECT_EQ(float_to_fixed(0x1p31f, 32, 32), INT64_MAX);   // one past the top
  EXPECT_EQ(float_to_fixed(0x1.fffffep30f, 32, 32), int64_t{0xffffff} << 39);
  EXPECT_EQ(float_to_fixed(1.0f, 1, 63), INT64_MAX);
  EXPECT_EQ(float_to_fixed(-1.0f, 1, 63), INT64_MIN);
  EXPECT_EQ(float_to_fixed(0.5f, 1, 63), int64_t{1} << 62);
  // Huge fraction counts and degenerate widths.
  EXPECT_EQ(float_to_fixed(0x1p-100f, 1, 63), 0);
  EXPECT_EQ(float_to_fixed(1.0f, 0, 0), 0);
  EXPECT_EQ(float_to_fixed(1.0f, 40, 40), 0);
  EXPECT_EQ(float_to_fixed(-1.0f, 1, 0), -1);  // 1-bit signed range [-1, 0]
  EXPECT_EQ(float_to_fixed(1.0f, 1, 0), 0);
}

TEST(FloatToFixed, MatchesDoubleReferenceOnRandomInputs) {
  struct Fmt {
    unsigned i, f;
  };
  constexpr std::array<Fmt, 8> kFormats = {
      {{16, 8}, {1, 15}, {8, 0}, {24, 8}, {2, 30}, {32, 20}, {10, 14}, {4, 4}}};
  Rng32 rng(2024);
  for (const Fmt& fmt : kFormats) {
    const double lo = -std::ldexp(1.0, static_cast<int>(fmt.i + fmt.f) - 1);
    const double hi = -lo - 1.0;  // exact in double: total width <= 52
    for (int i = 0; i < 100000; ++i) {
      float x;
      if ((i & 1) == 0) {
        x = float_of(rng());  // any pattern, including NaN/inf/denormal
      } else {
        // Values around the format's range and resolution.
        const auto exp = 127u - fmt.f - 3u + rng() % (fmt.i + fmt.f + 6u);
        x = float_of((rng() & 0x807f'ffffu) | (exp << 23));
      }
      int64_t want;
      if (std::isnan(x)) {
        want = 0;
      } else {
        // x * 2^f is exact in double; nearbyint rounds to nearest even in the default mode.
        double r =
            std::isinf(x)
                ? static_cast<double>(x)
                : std::nearbyint(std::ldexp(static_cast<double>(x), static_cast<int>(fmt.f)));
        r = std::min(std::max(r, lo), hi);
        want = static_cast<int64_t>(r);
      }
      ASSERT_EQ(float_to_fixed(x, fmt.i, fmt.f), want)
          << fmt.i << "." << fmt.f << " x=" << hex(bits_of(x));
    }
  }
}

}  // namespace
}  // namespace texsim::core
