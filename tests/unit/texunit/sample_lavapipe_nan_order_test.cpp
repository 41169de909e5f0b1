// Which NaN the lavapipe profile's arithmetic returns (decision P11): x86's first-NaN-operand
// rule in the order of lavapipe's IR, never left to the compiler (which may commute a + b).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

#include "texunit/cube.hpp"
#include "texunit/sample_lavapipe.hpp"
#include "texunit/sample_lavapipe_internal.hpp"

namespace texsim::texunit {
namespace {

using namespace lavapipe_detail;

uint32_t bits(float f) {
  return std::bit_cast<uint32_t>(f);
}
float from_bits(uint32_t b) {
  return std::bit_cast<float>(b);
}

// Two quiet NaNs: the first operand's comes back, whatever the operation; a signalling NaN is
// quieted; Inf - Inf and 0 * Inf give x86's default NaN. The reversed order (what GCC emitted
// for `term + acc` at -O3) would return the second operand's NaN.
TEST(SampleLavapipeNanOrder, FirstNanOperandWins) {
  const float a = from_bits(0xffffff94u);  // the int32 -108 read as a float
  const float b = from_bits(0x7fc01234u);
  EXPECT_EQ(bits(x86_add(a, b)), 0xffffff94u);
  EXPECT_EQ(bits(x86_add(b, a)), 0x7fc01234u);
  EXPECT_EQ(bits(x86_sub(b, a)), 0x7fc01234u);
  EXPECT_EQ(bits(x86_mul(a, b)), 0xffffff94u);
  EXPECT_EQ(bits(x86_mul(2.0f, b)), 0x7fc01234u);
  EXPECT_EQ(bits(x86_add(from_bits(0x7f800001u), 1.0f)), 0x7fc00001u);  // sNaN, quieted
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(bits(x86_sub(inf, inf)), 0xffc00000u);
  EXPECT_EQ(bits(x86_mul(0.0f, inf)), 0xffc00000u);
  EXPECT_EQ(x86_add(1.5f, 2.25f), 3.75f);
  // lp_build_lerp's fma: 0 * (Inf - 0) + 0 is the default NaN, not libm's choice.
  EXPECT_EQ(bits(lerp(0.0f, 0.0f, inf)), 0xffc00000u);
}

// The seamless-cube corner path (lavapipe's colors0 = w * t + colors0 per tap) on a signed-integer
// cube, whose negative texels are NaNs to the float filter: the sum returns the last tap's NaN.
// 2x2 faces, direction (1, -0.9, -0.9): +X face, taps x0 = y0 = 1, so 01 and 10 lie on the
// neighbouring faces and 11 is the missing corner, filled with the 01 tap (cheap corner).
TEST(SampleLavapipeNanOrder, CubeCornerSumReturnsTheLastTapsNan) {
  SurfaceDesc d;
  d.type = SurfaceType::kCube;
  d.format = Format::kR32_SINT;
  d.width = d.height = 2;
  Surface s(d);
  auto value = [](uint32_t face, uint32_t x, uint32_t y) {
    return static_cast<int32_t>(-1 - static_cast<int32_t>(16 * face + 4 * y + x));
  };
  for (uint32_t f = 0; f < 6; ++f)
    for (uint32_t y = 0; y < 2; ++y)
      for (uint32_t x = 0; x < 2; ++x) {
        const int32_t v = value(f, x, y);
        std::memcpy(s.texel_ptr(0, 0, f, x, y), &v, 4);
      }
  SamplerState smp;
  smp.min_filter = smp.mag_filter = Filter::kLinear;
  smp.mip_filter = MipFilter::kNone;
  SampleRequest q;
  q.op = SampleOp::kLevelZero;
  q.coord = {1.0f, -0.9f, -0.9f};
  const Texel t = sample_lavapipe(s.view(), smp, q).texel;
  const CubeTexel tap01 = cube_resolve_texel(0, 2, 1, 2);
  ASSERT_FALSE(tap01.missing);
  ASSERT_TRUE(cube_resolve_texel(0, 2, 2, 2).missing);
  EXPECT_EQ(t.bits[0], static_cast<uint32_t>(value(tap01.face, tap01.x, tap01.y)));
  // The other order would give the 00 tap, on the +X face itself.
  EXPECT_NE(t.bits[0], static_cast<uint32_t>(value(0, 1, 1)));
}

}  // namespace
}  // namespace texsim::texunit
