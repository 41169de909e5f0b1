// Tests of result output: hex strings MSB first with ?? for undefined bytes, typed values and
// null, the --json shape, and aligned tables with ?.
#include "scene/report.hpp"

#include <gtest/gtest.h>

namespace texsim::scene {
namespace {

RegisterValue reg(std::string name, ElemType t, std::vector<uint8_t> bytes,
                  std::vector<bool> defined = {}) {
  return RegisterValue{std::move(name), t, std::move(bytes), std::move(defined)};
}

TEST(Report, HexIsMostSignificantByteFirstWithUndefinedBytes) {
  const auto r = reg("V1", ElemType::kUD, {0x01, 0x3c, 0x00, 0x3c, 0x02, 0x03, 0xaa, 0xbb},
                     {true, true, true, true, true, true, false, false});
  EXPECT_EQ(element_hex(r, 0), "0x3c003c01");
  EXPECT_EQ(element_hex(r, 1), "0x????0302");
  EXPECT_TRUE(element_json(r, 1).is_null());
  EXPECT_EQ(element_text(r, 1), "?");
  EXPECT_EQ(element_json(r, 0).get<uint64_t>(), 0x3c003c01u);
}

TEST(Report, TypedValues) {
  EXPECT_EQ(element_text(reg("a", ElemType::kF, {0, 0, 0, 0x3f}), 0), "0.5");
  EXPECT_EQ(element_text(reg("a", ElemType::kHF, {0x00, 0x3c}), 0), "1");
  EXPECT_EQ(element_text(reg("a", ElemType::kW, {0xfe, 0xff}), 0), "-2");
  EXPECT_EQ(element_json(reg("a", ElemType::kB, {0x80}), 0).get<int64_t>(), -128);
  EXPECT_EQ(element_json(reg("a", ElemType::kDF, {0, 0, 0, 0, 0, 0, 0xf0, 0x3f}), 0).get<double>(),
            1.0);
  // NaN has no JSON number: null value, bits in hex.
  const auto nan = reg("a", ElemType::kF, {0, 0, 0xc0, 0x7f});
  EXPECT_TRUE(element_json(nan, 0).is_null());
  EXPECT_EQ(element_hex(nan, 0), "0x7fc00000");
}

TEST(Report, JsonShape) {
  core::DiagSink sink;
  sink.error("X-Y", core::TextLoc{"p.sass", 3, 1}, "bad");
  const std::vector<RegisterValue> regs{
      reg("R0", ElemType::kUD, {1, 0, 0, 0}),
      reg("V2", ElemType::kUW, {1, 2, 3, 4}, {true, true, false, true})};
  const auto j = results_json(regs, sink.diagnostics());
  EXPECT_EQ(j["registers"]["R0"]["type"], "UD");
  EXPECT_EQ(j["registers"]["R0"]["values"], nlohmann::json::array({1}));
  EXPECT_EQ(j["registers"]["R0"]["hex"], nlohmann::json::array({"0x00000001"}));
  EXPECT_EQ(j["registers"]["V2"]["values"], nlohmann::json::parse("[513, null]"));
  EXPECT_EQ(j["registers"]["V2"]["hex"], nlohmann::json::parse(R"(["0x0201", "0x04??"])"));
  ASSERT_EQ(j["diagnostics"].size(), 1u);
  EXPECT_EQ(j["diagnostics"][0]["rule"], "X-Y");
  EXPECT_EQ(j["diagnostics"][0]["line"], 3);
  EXPECT_EQ(j["diagnostics"][0]["text"], "p.sass:3:1: error[X-Y]: bad");
}

TEST(Report, Table) {
  const std::vector<RegisterValue> regs{
      reg("V2", ElemType::kUW, {1, 2, 3, 4}, {true, true, false, true})};
  EXPECT_EQ(results_table(regs),
            "register  type  element  hex     value\n"
            "--------  ----  -------  ------  -----\n"
            "V2        UW    0        0x0201  513\n"
            "                1        0x04??  ?\n");
}

}  // namespace
}  // namespace texsim::scene
