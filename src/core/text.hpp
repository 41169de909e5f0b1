// Small text helpers every layer needs: ASCII case, case-insensitive compare, join, hex
// formatting and parsing ("did you mean" is core/suggest.hpp). Locale-free (ASCII only) on purpose.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace texsim::core {

constexpr char ascii_upper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}
constexpr char ascii_lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}
// `s` without leading and trailing blanks (space, tab, CR, LF).
std::string_view trim(std::string_view s);

std::string to_upper(std::string_view s);
std::string to_lower(std::string_view s);

// ASCII case-insensitive equality.
bool iequals(std::string_view a, std::string_view b);

std::string join(std::span<const std::string_view> items, std::string_view sep = ", ");

// "0x1f" (lower case, no padding).
std::string hex(uint64_t v);
// "0a1b2c": two lower-case digits a byte, no separator.
std::string hex_bytes(std::span<const uint8_t> bytes);
// The value of one hex digit, or -1.
constexpr int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace texsim::core
