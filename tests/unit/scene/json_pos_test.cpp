// Tests of JSON value positions: paths, keys vs values, nesting, escapes, fallbacks.
#include "scene/json_pos.hpp"

#include <gtest/gtest.h>

namespace texsim::scene {
namespace {

std::pair<uint32_t, uint32_t> at(const JsonPositions& p, const std::string& path,
                                 bool key = false) {
  const LineCol lc = p.find(path, key);
  return {lc.line, lc.column};
}

TEST(JsonPositions, ValuesKeysAndArrays) {
  const JsonPositions p("{\"a\": 1,\n  \"b\": [10, {\"c\": \"x\"}],\n \"d\\\"e\": true}");
  EXPECT_EQ(at(p, ""), std::make_pair(1u, 1u));
  EXPECT_EQ(at(p, "a"), std::make_pair(1u, 7u));
  EXPECT_EQ(at(p, "a", true), std::make_pair(1u, 2u));
  EXPECT_EQ(at(p, "b[0]"), std::make_pair(2u, 9u));
  EXPECT_EQ(at(p, "b[1].c"), std::make_pair(2u, 19u));
  EXPECT_EQ(at(p, "d\"e"), std::make_pair(3u, 10u));
}

TEST(JsonPositions, UnknownPathsFallBackToTheNearestAncestor) {
  const JsonPositions p("{\"s\": [{\"x\": 1}]}");
  EXPECT_EQ(at(p, "s[0].missing"), std::make_pair(1u, 8u));
  EXPECT_EQ(at(p, "s[5]"), std::make_pair(1u, 7u));
  EXPECT_EQ(at(p, "nothing"), std::make_pair(1u, 1u));
}

TEST(JsonPositions, PathHelpers) {
  EXPECT_EQ(json_member_path("", "a"), "a");
  EXPECT_EQ(json_member_path("a", "b"), "a.b");
  EXPECT_EQ(json_index_path("a.b", 3), "a.b[3]");
}

TEST(JsonPositions, DeepNestingDoesNotRecurseForever) {
  std::string deep(5000, '[');
  deep += std::string(5000, ']');
  const JsonPositions p(deep);
  EXPECT_EQ(at(p, ""), std::make_pair(1u, 1u));
}

TEST(JsonPositions, EmptyText) {
  const JsonPositions p("");
  EXPECT_EQ(at(p, "x"), std::make_pair(0u, 0u));
}

}  // namespace
}  // namespace texsim::scene
