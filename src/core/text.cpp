// Small text helpers (see text.hpp): case, edit distance, suggestions and hex, ASCII only.
// One implementation for every layer; the CLI, scene, texunit and ISA front ends all use it.
#include "core/text.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace texsim::core {

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

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t sub = prev[j - 1] + (ascii_upper(a[i - 1]) == ascii_upper(b[j - 1]) ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string_view closest(std::string_view name, std::span<const std::string_view> candidates) {
  std::string_view best;
  size_t best_d = std::numeric_limits<size_t>::max();
  for (std::string_view c : candidates) {
    const size_t d = edit_distance(name, c);
    if (d < best_d) best_d = d, best = c;
  }
  return best_d <= std::max<size_t>(2, name.size() / 3) ? best : std::string_view{};
}

std::string did_you_mean(std::string_view name, std::span<const std::string_view> candidates) {
  const std::string_view c = closest(name, candidates);
  return c.empty() ? std::string() : "; did you mean " + std::string(c) + "?";
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
