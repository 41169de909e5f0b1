// The shared "did you mean" (core/suggest): distance with transpositions, aliases, unique
// prefixes, the plausibility limit, and no suggestion across version numbers (issue 31).
#include "core/suggest.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string_view>

namespace {

using texsim::core::Alias;
using texsim::core::closest;
using texsim::core::did_you_mean;
using texsim::core::edit_distance;

TEST(Suggest, EditDistanceCountsATranspositionAsOneEdit) {
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("TLDS", "tlds"), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("ab", "ba"), 1u);
  EXPECT_EQ(edit_distance("TLSD", "TLDS"), 1u);
  EXPECT_EQ(edit_distance("sampel_lz", "sample_lz"), 1u);
  EXPECT_EQ(edit_distance("ca", "abc"), 3u);  // optimal string alignment, not full Damerau
}

TEST(Suggest, SuggestionsStayWithinThePlausibilityLimit) {
  constexpr std::array<std::string_view, 3> kNames{"visa", "sass", "ptx"};
  EXPECT_EQ(closest("vsia", kNames), "visa");
  EXPECT_EQ(did_you_mean("sas", kNames), "; did you mean sass?");
  EXPECT_EQ(closest("completely-different", kNames), "");
  EXPECT_EQ(did_you_mean("completely-different", kNames), "");
  // limit = max(2, size/3): a 3-letter name may be 2 edits away, not 3.
  EXPECT_EQ(closest("pxx", kNames), "ptx");
  EXPECT_EQ(closest("zzz", kNames), "");
  EXPECT_EQ(closest("", kNames), "");
}

TEST(Suggest, TiesGoToTheCandidateOfTheSameLength) {
  constexpr std::array<std::string_view, 4> kOps{"TEX", "TLD", "TLDS", "TLD4"};
  EXPECT_EQ(closest("TLSD", kOps), "TLDS");  // TLD is one deletion away too
  EXPECT_EQ(closest("TDLS", kOps), "TLDS");
}

TEST(Suggest, AUniquePrefixNamesItsCandidate) {
  constexpr std::array<std::string_view, 4> kPlatforms{"SKL", "ICLLP", "TGLLP", "DG2"};
  EXPECT_EQ(closest("tgl", kPlatforms), "TGLLP");  // not SKL, also two edits away
  EXPECT_EQ(closest("icl", kPlatforms), "ICLLP");
  constexpr std::array<std::string_view, 3> kCommands{"check", "chart", "asm"};
  EXPECT_EQ(closest("ch", kCommands), "");  // two candidates begin "ch"
}

TEST(Suggest, AnotherVersionNumberIsNotATypo) {
  constexpr std::array<std::string_view, 3> kSm{"SM50", "SM52", "SM62"};
  EXPECT_EQ(closest("SM75", kSm), "");
  EXPECT_EQ(closest("SM51", kSm), "");
  EXPECT_EQ(closest("SM5O", kSm), "SM50");  // a letter O for a zero is a typo
  EXPECT_EQ(closest("SM-52", kSm), "SM52");
}

TEST(Suggest, AliasesNameTheirCanonicalSpelling) {
  constexpr std::array<std::string_view, 2> kFormats{"R8_UINT", "R8G8B8A8_UNORM"};
  constexpr std::array<Alias, 1> kAliases{{{"RGBA8", "R8G8B8A8_UNORM"}}};
  EXPECT_EQ(closest("rgba8", kFormats, kAliases), "R8G8B8A8_UNORM");
  EXPECT_EQ(closest("RGBA8", kFormats), "");  // without the alias: nothing plausible
  EXPECT_EQ(did_you_mean("RGBA8", kFormats, kAliases), "; did you mean R8G8B8A8_UNORM?");
}

}  // namespace
