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

namespace texsim::scene {
namespace {

// Issue 15 item 8: a key named twice in one object is found (and only then).
TEST(JsonPositions, DuplicateKeys) {
  const JsonPositions p("{\"a\": 1, \"b\": {\"c\": 1, \"c\": 2}, \"a\": [{\"a\": 0}]}", false);
  ASSERT_EQ(p.duplicates().size(), 2u);
  EXPECT_EQ(p.duplicates()[0].first, "b.c");
  EXPECT_EQ(p.duplicates()[1].first, "a");
  EXPECT_EQ(p.line_col(p.duplicates()[1].second).column, 33u);
  EXPECT_TRUE(JsonPositions("{\"a\": 1, \"b\": {\"a\": 2}}").duplicates().empty());
}

// Issue 15 item 5: scalar array elements are found through their array's offset list.
TEST(JsonPositions, ScalarArrayElements) {
  const JsonPositions p("{\"t\": [1,\n 22, [3]]}");
  EXPECT_EQ(at(p, "t[1]"), (std::pair<uint32_t, uint32_t>{2, 2}));
  EXPECT_EQ(at(p, "t[2][0]"), (std::pair<uint32_t, uint32_t>{2, 7}));
  EXPECT_EQ(at(p, "t[9]"), (std::pair<uint32_t, uint32_t>{1, 7}));
  EXPECT_EQ(count_json_values("{\"a\": [1, 2, \"x,y\"]}"), 5u);
}

}  // namespace
}  // namespace texsim::scene
