// Named bit fields written as the specs write them ("[11..8]"), with range-checked setters.
// Header-only; depends on nothing but the standard library.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <string_view>

namespace texsim::core {

// A field of a 64-bit word: bits hi..lo inclusive, with a name and the spec it comes from.
struct BitField {
  std::string_view name;
  unsigned hi;
  unsigned lo;
  std::string_view citation = {};

  constexpr unsigned width() const { return hi - lo + 1; }
  constexpr uint64_t max_value() const {
    return width() >= 64 ? ~uint64_t{0} : (uint64_t{1} << width()) - 1;
  }
  constexpr uint64_t mask() const { return max_value() << lo; }

  constexpr uint64_t get(uint64_t word) const { return (word >> lo) & max_value(); }

  // Sign-extended read, for two's-complement fields such as 4-bit offsets.
  constexpr int64_t get_signed(uint64_t word) const {
    const uint64_t v = get(word);
    const unsigned w = width();
    if (w >= 64) return static_cast<int64_t>(v);
    const uint64_t sign = uint64_t{1} << (w - 1);
    return static_cast<int64_t>((v ^ sign) - sign);
  }

  constexpr bool fits(uint64_t value) const { return value <= max_value(); }
  constexpr bool fits_signed(int64_t value) const {
    const unsigned w = width();
    if (w >= 64) return true;
    const int64_t lo_v = -(int64_t{1} << (w - 1));
    const int64_t hi_v = (int64_t{1} << (w - 1)) - 1;
    return value >= lo_v && value <= hi_v;
  }

  // Returns the word with the field replaced, or nullopt if value does not fit.
  constexpr std::optional<uint64_t> set(uint64_t word, uint64_t value) const {
    if (!fits(value)) return std::nullopt;
    return (word & ~mask()) | (value << lo);
  }
  constexpr std::optional<uint64_t> set_signed(uint64_t word, int64_t value) const {
    if (!fits_signed(value)) return std::nullopt;
    return (word & ~mask()) | ((static_cast<uint64_t>(value) & max_value()) << lo);
  }
};

// Parses the spec's range notation: "[11..8]", "[11:8]", "11..8", "[7]".
constexpr std::optional<BitField> parse_bit_range(std::string_view text,
                                                  std::string_view name = {}) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '[')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == ']')) s.remove_suffix(1);
    return s;
  };
  auto number = [](std::string_view s) -> std::optional<unsigned> {
    if (s.empty() || s.size() > 2) return std::nullopt;
    unsigned v = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return std::nullopt;
      v = v * 10 + static_cast<unsigned>(c - '0');
    }
    return v;
  };
  text = trim(text);
  size_t sep = text.find("..");
  size_t sep_len = 2;
  if (sep == std::string_view::npos) {
    sep = text.find(':');
    sep_len = 1;
  }
  std::optional<unsigned> hi, lo;
  if (sep == std::string_view::npos) {
    hi = lo = number(text);
  } else {
    hi = number(text.substr(0, sep));
    lo = number(text.substr(sep + sep_len));
  }
  if (!hi || !lo || *hi < *lo || *hi > 63) return std::nullopt;
  return BitField{name, *hi, *lo};
}

}  // namespace texsim::core
