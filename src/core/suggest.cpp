// The shared "did you mean" rule (issue 31): aliases, unique prefixes, then the nearest name by
// optimal-string-alignment distance, never a different version number.
#include "core/suggest.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "core/text.hpp"

namespace texsim::core {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// True when a and b differ, but only in their digits: the same letters and punctuation in the
// same order around different numbers.
bool differs_only_in_digits(std::string_view a, std::string_view b) {
  std::string sa, sb;
  for (char c : a)
    if (!is_digit(c)) sa += ascii_upper(c);
  for (char c : b)
    if (!is_digit(c)) sb += ascii_upper(c);
  return sa == sb && !iequals(a, b);
}

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

}  // namespace

size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows: i-2, i-1 and i (the transposition looks two rows back).
  std::vector<size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const bool same = ascii_upper(a[i - 1]) == ascii_upper(b[j - 1]);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && ascii_upper(a[i - 1]) == ascii_upper(b[j - 2]) &&
          ascii_upper(a[i - 2]) == ascii_upper(b[j - 1]))
        cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string_view closest(std::string_view name, std::span<const std::string_view> candidates,
                         std::span<const Alias> aliases) {
  if (name.empty()) return {};
  for (std::string_view c : candidates)
    if (iequals(c, name)) return c;
  for (const Alias& a : aliases)
    if (iequals(a.alias, name)) return a.canonical;
  if (name.size() >= 2) {
    std::string_view only;
    size_t count = 0;
    for (std::string_view c : candidates) {
      if (c.size() > name.size() && starts_with_ci(c, name)) only = c, ++count;
    }
    if (count == 1) return only;
  }
  std::string_view best;
  size_t best_d = std::numeric_limits<size_t>::max(), best_len = best_d;
  for (std::string_view c : candidates) {
    if (differs_only_in_digits(name, c)) continue;
    const size_t d = edit_distance(name, c);
    const size_t len = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (d < best_d || (d == best_d && len < best_len)) best_d = d, best_len = len, best = c;
  }
  return best_d <= std::max<size_t>(2, name.size() / 3) ? best : std::string_view{};
}

std::string did_you_mean(std::string_view name, std::span<const std::string_view> candidates,
                         std::span<const Alias> aliases) {
  const std::string_view c = closest(name, candidates, aliases);
  return c.empty() ? std::string() : "; did you mean " + std::string(c) + "?";
}

}  // namespace texsim::core
