// Tests for core/bits.hpp: named fields, range-checked setters, the spec's range notation.
// Every setter's failing case (value does not fit) is pinned next to its passing case.
#include "core/bits.hpp"

#include <gtest/gtest.h>

namespace texsim::core {
namespace {

constexpr BitField kAoffU{"U", 11, 8, "visa-3d_load.md, Aoffimmi"};

TEST(BitField, GetAndWidth) {
  EXPECT_EQ(kAoffU.width(), 4u);
  EXPECT_EQ(kAoffU.max_value(), 15u);
  EXPECT_EQ(kAoffU.mask(), 0xf00u);
  EXPECT_EQ(kAoffU.get(0xabcd), 0xbu);
}

TEST(BitField, SignedGetSignExtends) {
  EXPECT_EQ(kAoffU.get_signed(0x800), -8);
  EXPECT_EQ(kAoffU.get_signed(0x700), 7);
  EXPECT_EQ(kAoffU.get_signed(0xf00), -1);
}

TEST(BitField, SetReplacesOnlyTheField) {
  auto w = kAoffU.set(0xffff, 0x3);
  ASSERT_TRUE(w.has_value());
  EXPECT_EQ(*w, 0xf3ffu);
}

TEST(BitField, SetRejectsValuesThatDoNotFit) {
  EXPECT_FALSE(kAoffU.set(0, 16).has_value());
  EXPECT_TRUE(kAoffU.set(0, 15).has_value());
}

TEST(BitField, SignedSetRange) {
  EXPECT_TRUE(kAoffU.set_signed(0, -8).has_value());
  EXPECT_TRUE(kAoffU.set_signed(0, 7).has_value());
  EXPECT_FALSE(kAoffU.set_signed(0, 8).has_value());
  EXPECT_FALSE(kAoffU.set_signed(0, -9).has_value());
  EXPECT_EQ(*kAoffU.set_signed(0, -1), 0xf00u);
}

TEST(BitField, SignedRoundTripOverWholeDomain) {
  for (int64_t v = -8; v <= 7; ++v) {
    EXPECT_EQ(kAoffU.get_signed(*kAoffU.set_signed(0, v)), v);
  }
  for (uint64_t v = 0; v <= 15; ++v) EXPECT_EQ(kAoffU.get(*kAoffU.set(0x1234, v)), v);
}

TEST(BitField, FullWidthField) {
  constexpr BitField all{"word", 63, 0};
  EXPECT_EQ(all.max_value(), ~uint64_t{0});
  EXPECT_EQ(all.get(0x8000000000000001ull), 0x8000000000000001ull);
  EXPECT_TRUE(all.set(0, ~uint64_t{0}).has_value());
}

TEST(ParseBitRange, AcceptsSpecNotations) {
  auto a = parse_bit_range("[11..8]");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->hi, 11u);
  EXPECT_EQ(a->lo, 8u);
  auto b = parse_bit_range("15:12");
  ASSERT_TRUE(b);
  EXPECT_EQ(b->hi, 15u);
  EXPECT_EQ(b->lo, 12u);
  auto c = parse_bit_range("[7]");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->width(), 1u);
  static_assert(parse_bit_range("[3..0]")->width() == 4);
}

TEST(ParseBitRange, RejectsMalformed) {
  EXPECT_FALSE(parse_bit_range("[8..11]"));
  EXPECT_FALSE(parse_bit_range("[64..0]"));
  EXPECT_FALSE(parse_bit_range("[a..0]"));
  EXPECT_FALSE(parse_bit_range(""));
}

}  // namespace
}  // namespace texsim::core
