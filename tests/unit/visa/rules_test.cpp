// Every validator rule: a passing and a failing case (rule ids in rules.cpp / describe --rules).
#include "isa/visa/rules.hpp"

#include <gtest/gtest.h>

#include <set>

#include "isa/visa/codec.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

using test::has_rule;
using test::kDecls;

// Parses and checks `line` after the common declarations (plus `extra` ones).
core::DiagSink check(const std::string& line, const std::string& extra = {},
                     Platform p = Platform::kTGLLP) {
  auto r = test::parse(std::string(kDecls) + extra + line + "\n", p);
  return r.sink;
}

void expect_fires(const std::string& rule, const std::string& good, const std::string& bad,
                  const std::string& extra = {}) {
  const core::DiagSink ok = check(good, extra);
  EXPECT_FALSE(has_rule(ok, rule)) << rule << " fired on: " << good << "\n" << test::all_diags(ok);
  EXPECT_FALSE(ok.has_errors()) << good << "\n" << test::all_diags(ok);
  const core::DiagSink ko = check(bad, extra);
  EXPECT_TRUE(has_rule(ko, rule)) << rule << " did not fire on: " << bad << "\n"
                                  << test::all_diags(ko);
}

constexpr const char* kMedia = "media_ld.nomod (16,8) T6 0 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0";
constexpr const char* kGather = "gather_scaled.1 (M1, 16) T6 0x0:ud V40.0 V41.0";

TEST(Rules, MediaLdModifiers) {
  expect_fires("VISA-MEDIA_LD-MODIFIERS", "MEDIA_LD.3 (16, 8) T6 0 0x0:ud 0x0:ud V35.0",
               "MEDIA_LD.6 (16, 8) T6 0 0x0:ud 0x0:ud V35.0");
  const auto warn = check("media_ld.top_mod (16,8) T6 0 0x0:ud 0x0:ud V35.0");
  EXPECT_TRUE(has_rule(warn, "VISA-MEDIA_LD-MODIFIERS-IGC"));
  EXPECT_FALSE(warn.has_errors());
  EXPECT_FALSE(has_rule(check("media_ld.top (16,8) T6 0 0x0:ud 0x0:ud V35.0"),
                        "VISA-MEDIA_LD-MODIFIERS-IGC"));
}

TEST(Rules, MediaLdPlaneWidthHeight) {
  expect_fires("VISA-MEDIA_LD-PLANE", "media_ld.nomod (16,8) T6 3 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (16,8) T6 4 0x0:ud 0x0:ud V35.0");
  expect_fires("VISA-MEDIA_LD-BLOCK_WIDTH", "media_ld.nomod (64,4) T6 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (65,1) T6 0 0x0:ud 0x0:ud V35.0");
  expect_fires("VISA-MEDIA_LD-BLOCK_WIDTH", "media_ld.nomod (1,1) T6 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (0,1) T6 0 0x0:ud 0x0:ud V35.0");
  expect_fires("VISA-MEDIA_LD-BLOCK_HEIGHT", "media_ld.nomod (4,64) T6 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (4,65) T6 0 0x0:ud 0x0:ud V35.0");
  expect_fires("VISA-MEDIA_LD-BLOCK_HEIGHT", "media_ld.nomod (4,1) T6 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (4,0) T6 0 0x0:ud 0x0:ud V35.0");
}

TEST(Rules, MediaLdShapeTableEveryClass) {
  // (width class, max height) from the Notes table; max passes, max + 1 fails.
  // Widths 1-4 allow 64 rows, the Block_height maximum itself (VISA-MEDIA_LD-BLOCK_HEIGHT).
  EXPECT_FALSE(check("media_ld.nomod (4,64) T6 0 0x0:ud 0x0:ud V35.0").has_errors());
  const std::pair<unsigned, unsigned> classes[] = {{5, 32}, {8, 32}, {9, 16}, {16, 16},
                                                   {17, 8}, {32, 8}, {33, 4}, {64, 4}};
  for (const auto& [w, h] : classes) {
    const std::string pre = "media_ld.nomod (" + std::to_string(w) + ",";
    expect_fires("VISA-MEDIA_LD-SHAPE", pre + std::to_string(h) + ") T6 0 0x0:ud 0x0:ud V35.0",
                 pre + std::to_string(h + 1) + ") T6 0 0x0:ud 0x0:ud V35.0");
  }
}

TEST(Rules, MediaLdSurface) {
  expect_fires("VISA-MEDIA_LD-SURFACE", kMedia, "media_ld.nomod (16,8) %slm 0 0x0:ud 0x0:ud V35.0");
  expect_fires("VISA-MEDIA_LD-SURFACE", "media_ld.nomod (16,8) T2 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (16,8) T5 0 0x0:ud 0x0:ud V35.0");
}

TEST(Rules, MediaLdXYScalarUD) {
  expect_fires("VISA-MEDIA_LD-X_OFFSET-TYPE", kMedia,
               "media_ld.nomod (16,8) T6 0 0x0:uw 0x0:ud V35.0");
  expect_fires("VISA-MEDIA_LD-Y_OFFSET-TYPE", kMedia,
               "media_ld.nomod (16,8) T6 0 0x0:ud V42(0,0)<0;1,0> V35.0");
  expect_fires("VISA-MEDIA_LD-X_OFFSET-SCALAR", kMedia,
               "media_ld.nomod (16,8) T6 0 V40(0,0)<1;1,0> 0x0:ud V35.0");
  expect_fires("VISA-MEDIA_LD-Y_OFFSET-SCALAR",
               "media_ld.nomod (16,8) T6 0 0x0:ud V40(1,7)<0;1,0> V35.0",
               "media_ld.nomod (16,8) T6 0 0x0:ud V40(4,0)<0;1,0> V35.0");
  expect_fires("VISA-MEDIA_LD-X_OFFSET-SCALAR", kMedia,
               "media_ld.nomod (16,8) T6 0 (-)V33(0,0)<0;1,0> 0x0:ud V35.0");
}

TEST(Rules, MediaLdDst) {
  expect_fires("VISA-MEDIA_LD-DST-ALIGN", "media_ld.nomod (4,4) T6 0 0x0:ud 0x0:ud V35.32",
               "media_ld.nomod (4,4) T6 0 0x0:ud 0x0:ud V35.4");
  expect_fires("VISA-MEDIA_LD-DST-ALIGN", "media_ld.nomod (4,1) T6 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (4,1) T6 0 0x0:ud 0x0:ud V33.0");
  // 16 x 16 needs pitch 16 x 16 rows = 256 bytes: fits V35 from 0, not from 32.
  expect_fires("VISA-MEDIA_LD-DST-SIZE", "media_ld.nomod (16,16) T6 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (16,16) T6 0 0x0:ud 0x0:ud V35.32");
  // Width 5 has pitch 8: 32 rows need 256 bytes, not 160.
  expect_fires("VISA-MEDIA_LD-DST-SIZE", "media_ld.nomod (5,32) T6 0 0x0:ud 0x0:ud V35.0",
               "media_ld.nomod (5,32) T6 0 0x0:ud 0x0:ud V40.0");
  expect_fires("VISA-MEDIA_LD-DST-RANGE", kMedia,
               "media_ld.nomod (16,8) T6 0 0x0:ud 0x0:ud %null.0");
  expect_fires("VISA-MEDIA_LD-DST-RANGE", kMedia,
               "media_ld.nomod (1,1) T6 0 0x0:ud 0x0:ud V35.256");
}

TEST(Rules, GatherScaledExecSizeAndBlocks) {
  const auto w32 = check("gather_scaled.1 (M1, 32) T6 0x0:ud V40.0 V41.0");
  EXPECT_TRUE(has_rule(w32, "VISA-GATHER_SCALED-EXEC_SIZE-IGC"));
  EXPECT_FALSE(w32.has_errors()) << test::all_diags(w32);
  EXPECT_FALSE(has_rule(check(kGather), "VISA-GATHER_SCALED-EXEC_SIZE-IGC"));
  for (const char* n : {"1", "2", "4"}) {
    expect_fires("VISA-GATHER_SCALED-NUM_BLOCKS",
                 std::string("gather_scaled.") + n + " (M1, 16) T6 0x0:ud V40.0 V41.0",
                 "gather_scaled.3 (M1, 16) T6 0x0:ud V40.0 V41.0");
  }
  expect_fires("VISA-GATHER_SCALED-NUM_BLOCKS", kGather,
               "gather_scaled.8 (M1, 16) T6 0x0:ud V40.0 V41.0");
}

TEST(Rules, GatherScaledSurfacesIncludeSlmAndStateless) {
  for (const char* s : {"%slm", "T0", "%scratch", "T5", "%bss", "T1", "T6"}) {
    const auto d = check(std::string("gather_scaled.1 (M1, 16) ") + s + " 0x0:ud V40.0 V41.0");
    EXPECT_FALSE(d.has_errors()) << s << test::all_diags(d);
  }
  // An undeclared surface id in a binary with a variable table.
  auto p = test::parse(std::string(kDecls) + kGather + "\n");
  ASSERT_FALSE(p.sink.has_errors());
  std::vector<uint8_t> bytes = encode_header(*p.prog);
  ASSERT_FALSE(encode_instruction(p.prog->instructions[0], p.prog->version, bytes).has_value());
  bytes[bytes.size() - 27 + 8] = 9;  // Surface byte: T9
  core::DiagSink sink;
  auto dec = decode_stream(bytes, "s.bin", Platform::kTGLLP, sink);
  check_program(*dec, sink);
  EXPECT_TRUE(has_rule(sink, "VISA-GATHER_SCALED-SURFACE")) << test::all_diags(sink);
}

TEST(Rules, GatherScaledIgnoredFieldsWarn) {
  std::vector<uint8_t> bytes{0x78, 0x04, 0x00, 0x00, 0x02, 0x00, 0x05, 0x00, 0x06,
                             0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00,
                             0x00, 0x00, 0x00, 0x29, 0x00, 0x00, 0x00, 0x00, 0x00};
  core::DiagSink sink;
  auto dec = decode_stream(bytes, "w.bin", Platform::kTGLLP, sink);
  check_program(*dec, sink);
  EXPECT_TRUE(has_rule(sink, "VISA-GATHER_SCALED-BLOCK_SIZE"));
  EXPECT_TRUE(has_rule(sink, "VISA-GATHER_SCALED-SCALE"));
  EXPECT_FALSE(sink.has_errors()) << test::all_diags(sink);
  bytes[4] = 0;
  bytes[6] = 0;
  core::DiagSink clean;
  check_program(*decode_stream(bytes, "w.bin", Platform::kTGLLP, clean), clean);
  EXPECT_TRUE(clean.diagnostics().empty()) << test::all_diags(clean);
}

TEST(Rules, GatherScaledOperandTypes) {
  expect_fires("VISA-GATHER_SCALED-OFFSET-TYPE", kGather,
               "gather_scaled.1 (M1, 16) T6 0x0:d V40.0 V41.0");
  expect_fires("VISA-GATHER_SCALED-OFFSET-SCALAR",
               "gather_scaled.1 (M1, 16) T6 V33(0,0)<0;1,0> V40.0 V41.0",
               "gather_scaled.1 (M1, 16) T6 V40(0,0)<8;8,1> V40.0 V41.0");
  expect_fires("VISA-GATHER_SCALED-ELEMENT_OFFSET-TYPE", kGather,
               "gather_scaled.1 (M1, 16) T6 0x0:ud V42.0 V41.0");
  expect_fires("VISA-GATHER_SCALED-DST-TYPE", "gather_scaled.1 (M1, 16) T6 0x0:ud V40.0 V42.0",
               "gather_scaled.1 (M1, 16) T6 0x0:ud V40.0 V43.0");
  expect_fires("VISA-GATHER_SCALED-DST-TYPE", "gather_scaled.1 (M1, 16) T6 0x0:ud V40.0 V44.0",
               "gather_scaled.1 (M1, 16) T6 0x0:ud V40.0 V35.0",
               ".decl V44 v_type=G type=d num_elts=16 align=GRF\n");
}

TEST(Rules, GatherScaledRawOperandsInsideTheirVariable) {
  expect_fires("VISA-GATHER_SCALED-ELEMENT_OFFSET-SIZE",
               "gather_scaled.1 (M1, 16) T6 0x0:ud V40.64 V41.0",
               "gather_scaled.1 (M1, 32) T6 0x0:ud V40.64 V41.0");
  expect_fires("VISA-GATHER_SCALED-ELEMENT_OFFSET-RANGE", kGather,
               "gather_scaled.1 (M1, 1) T6 0x0:ud V40.128 V41.0");
  expect_fires("VISA-GATHER_SCALED-ELEMENT_OFFSET-ALIGN", kGather,
               "gather_scaled.1 (M1, 8) T6 0x0:ud V40.4 V41.0");
  expect_fires("VISA-GATHER_SCALED-DST-SIZE", "gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 V41.96",
               "gather_scaled.1 (M1, 16) T6 0x0:ud V40.0 V41.96");
  expect_fires("VISA-GATHER_SCALED-DST-ALIGN", kGather,
               "gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 V41.16");
  expect_fires("VISA-GATHER_SCALED-DST-RANGE", kGather,
               "gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 %null.0");
  // An alias inside its root keeps the root's alignment.
  expect_fires("VISA-GATHER_SCALED-DST-ALIGN", "gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 V45.0",
               "gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 V46.0",
               ".decl V45 v_type=G type=ud num_elts=8 alias=<V41, 32>\n.decl V46 v_type=G type=ud "
               "num_elts=8 alias=<V41, 4>\n");
}

TEST(Rules, PredicatesDeclaredAndLargeEnough) {
  expect_fires("VISA-PRED", "(P3) gather_scaled.1 (M2, 8) T6 0x0:ud V40.0 V41.0",
               "(P3) gather_scaled.1 (M2, 16) T6 0x0:ud V40.0 V41.0");
  expect_fires("VISA-PRED", "(P1) gather_scaled.1 (M5, 16) T6 0x0:ud V40.0 V41.0",
               "(P1) gather_scaled.1 (M5, 32) T6 0x0:ud V40.0 V41.0");
}

TEST(Rules, DeclarationsAndAliases) {
  EXPECT_TRUE(has_rule(check(kGather, ".decl V47 v_type=G type=ud num_elts=32 alias=<V41, 64>\n"),
                       "VISA-DECL"));
  const auto ok = check(kGather, ".decl V47 v_type=G type=ud num_elts=16 alias=<V41, 64>\n");
  EXPECT_FALSE(has_rule(ok, "VISA-DECL"));
  EXPECT_TRUE(has_rule(check(kGather, ".decl V40 v_type=G type=ud num_elts=1\n"),
                       "VISA-DECL"));  // duplicate
  EXPECT_TRUE(has_rule(check(kGather, ".decl V47 v_type=G type=ud num_elts=1 alias=<V99, 0>\n"),
                       "VISA-DECL"));
}

TEST(Rules, EveryListedRuleIsUnique) {
  std::set<std::string> ids;
  for (const RuleSpec& r : all_rules()) {
    EXPECT_TRUE(ids.insert(r.id).second) << r.id;
    EXPECT_FALSE(r.citation.empty()) << r.id;
  }
  for (const char* id :
       {"VISA-MEDIA_LD-MODIFIERS", "VISA-MEDIA_LD-PLANE", "VISA-MEDIA_LD-BLOCK_WIDTH",
        "VISA-MEDIA_LD-BLOCK_HEIGHT", "VISA-MEDIA_LD-SHAPE", "VISA-MEDIA_LD-SURFACE",
        "VISA-MEDIA_LD-DST-ALIGN", "VISA-GATHER_SCALED-NUM_BLOCKS",
        "VISA-GATHER_SCALED-EXEC_SIZE-IGC", "VISA-GATHER_SCALED-DST-TYPE"}) {
    EXPECT_EQ(ids.count(id), 1u) << id;
  }
}

}  // namespace
}  // namespace texsim::isa::visa
