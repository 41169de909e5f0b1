// "Did you mean": the one suggestion rule behind every unknown-name diagnostic (platforms,
// opcodes, subcommands, JSON keys, format names), over the real candidate set.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace texsim::core {

// Another spelling users write for a candidate (a codename, GL's "RGBA8", "sm_52").
struct Alias {
  std::string_view alias;
  std::string_view canonical;
};

// Optimal-string-alignment distance, ASCII case-insensitive: insert, delete, substitute and
// transpose two neighbours each cost 1 ("TLSD" is one edit from "TLDS").
size_t edit_distance(std::string_view a, std::string_view b);

// The candidate `name` most plausibly meant, or empty:
//  0. a candidate equal to `name` (case-insensitive) is itself;
//  1. an alias equal to `name` (case-insensitive) names its canonical candidate;
//  2. a unique candidate that `name` (2+ characters) begins ("tgl" -> "TGLLP");
//  3. the nearest candidate within max(2, |name|/3) edits, ties to the closest length, then to
//     the earlier candidate. A candidate that differs from `name` only in its digits ("SM75" and
//     "SM50") is another version of the thing, not a typo, and is never suggested.
std::string_view closest(std::string_view name, std::span<const std::string_view> candidates,
                         std::span<const Alias> aliases = {});

// "; did you mean X?" for closest(), or "".
std::string did_you_mean(std::string_view name, std::span<const std::string_view> candidates,
                         std::span<const Alias> aliases = {});

}  // namespace texsim::core
