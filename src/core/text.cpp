// Small text helpers (see text.hpp): case, case-insensitive compare, join and hex, ASCII only.
// One implementation for every layer; the CLI, scene, texunit and ISA front ends all use it.
#include "core/text.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace texsim::core {

std::string_view trim(std::string_view s) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

std::string to_upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_upper(c);
  return out;
}

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = ascii_lower(c);
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (ascii_upper(a[i]) != ascii_upper(b[i])) return false;
  }
  return true;
}

std::string join(std::span<const std::string_view> items, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i != 0) out += sep;
    out += items[i];
  }
  return out;
}

std::string hex(uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  char buf[20];
  char* e = buf + sizeof buf;
  do {
    *--e = kDigits[v & 15];
    v >>= 4;
  } while (v != 0);
  return "0x" + std::string(e, buf + sizeof buf);
}

std::string hex_bytes(std::span<const uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s;
  s.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) s += kDigits[b >> 4], s += kDigits[b & 15];
  return s;
}

}  // namespace texsim::core
