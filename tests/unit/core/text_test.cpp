// Tests for core/text.hpp: ASCII case, case-insensitive compare, edit distance, suggestions, hex.
// These helpers replaced per-file copies; the cases pin the behaviour those copies had.
#include "core/text.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string_view>

namespace texsim::core {
namespace {

TEST(Text, CaseIsAsciiOnly) {
  EXPECT_EQ(to_upper("r8g8_unorm"), "R8G8_UNORM");
  EXPECT_EQ(to_lower("SKL-Xe2"), "skl-xe2");
  EXPECT_EQ(ascii_upper('\xe9'), '\xe9');  // bytes above 0x7f are left alone (no locale)
  EXPECT_EQ(ascii_lower('@'), '@');
  EXPECT_EQ(ascii_upper('['), '[');
}

TEST(Text, IequalsComparesWholeStrings) {
  EXPECT_TRUE(iequals("Linear", "LINEAR"));
  EXPECT_TRUE(iequals("", ""));
  EXPECT_FALSE(iequals("linear", "linea"));
  EXPECT_FALSE(iequals("a[", "A{"));  // '[' and '{' differ by 0x20 but are not letters
}

TEST(Text, Join) {
  constexpr std::array<std::string_view, 3> kItems{"a", "b", "c"};
  EXPECT_EQ(join(kItems), "a, b, c");
  EXPECT_EQ(join(kItems, " or "), "a or b or c");
  EXPECT_EQ(join(std::span<const std::string_view>{}), "");
}

TEST(Text, Hex) {
  EXPECT_EQ(hex(0), "0x0");
  EXPECT_EQ(hex(0xdeadbeef), "0xdeadbeef");
  EXPECT_EQ(hex(UINT64_MAX), "0xffffffffffffffff");
  constexpr std::array<uint8_t, 3> kBytes{0x00, 0x5a, 0xff};
  EXPECT_EQ(hex_bytes(kBytes), "005aff");
  EXPECT_EQ(hex_digit('7'), 7);
  EXPECT_EQ(hex_digit('b'), 11);
  EXPECT_EQ(hex_digit('F'), 15);
  EXPECT_EQ(hex_digit('g'), -1);
  EXPECT_EQ(hex_digit('x'), -1);
}

}  // namespace
}  // namespace texsim::core
