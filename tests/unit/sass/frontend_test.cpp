// The Frontend plug-in: --word/--ctrl decoding, streams, printing modes, describe, rules list,
// and the built-in example (identical to examples/sass/*, runs without diagnostics).
#include "isa/sass/frontend.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "isa/sass/examples.hpp"
#include "isa/sass/scene_section.hpp"

namespace texsim::isa::sass {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(SassFrontend, WordAndCtrlPrintExactly) {
  auto fe = make_frontend();
  BinaryInput in;
  in.name = "<word>";
  in.word = 0xda1005cffff71006ull;
  in.ctrl = 0x020000;
  core::DiagSink sink;
  auto p = fe->decode(in, "SM61", sink);
  ASSERT_TRUE(p);
  EXPECT_TRUE(sink.diagnostics().empty());
  EXPECT_EQ(fe->print(*p), "TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;\n");
  in.ctrl = 0x200000;  // 22 bits
  EXPECT_FALSE(fe->decode(in, "SM61", sink));
  EXPECT_EQ(sink.diagnostics().back().rule_id, "SASS-DECODE-CTRL");
}

TEST(SassFrontend, AsmThenDisasmStream) {
  auto fe = make_frontend();
  core::DiagSink sink;
  auto p = fe->parse({"a.sass",
                      "[B------:R-:W5:-:S01] TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;\n"
                      "TLDS.LZ R0, R4, R8, R9, 0x7, 2D, RGBA ;\n"},
                     "SM52", sink);
  ASSERT_TRUE(p);
  auto enc = fe->encode(*p, sink);
  ASSERT_TRUE(enc);
  ASSERT_EQ(enc->size(), 4u);  // control + 2 instructions + NOP
  EXPECT_EQ((*enc)[0].text.substr(0, 29), "control [B------:R-:W5:-:S01]");
  BinaryInput in;
  in.name = "a.bin";
  for (const auto& e : *enc) in.bytes.insert(in.bytes.end(), e.bytes.begin(), e.bytes.end());
  auto d = fe->decode(in, "SM52", sink);
  ASSERT_TRUE(d);
  EXPECT_EQ(fe->print(*d),
            "[B------:R-:W5:-:S01] /*0008*/ TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;\n"
            "[B------:R-:W-:Y:S00] /*0010*/ TLDS.LZ R0, R4, R8, R9, 0x7, 2D, RGBA ;\n"
            "[B------:R-:W-:Y:S00] /*0018*/ NOP ;\n");
}

TEST(SassFrontend, ParseReportsEveryError) {
  auto fe = make_frontend();
  core::DiagSink sink;
  EXPECT_FALSE(fe->parse({"b.sass",
                          "TLDS.LL.MS RZ, R0, R4, R7, 0x1, 2D, R ;\n"
                          "TLDS.LZ RZ, R1, R4, 0x1, 1D, RG ;\n"},
                         "SM52", sink));
  ASSERT_EQ(sink.error_count(), 2u);
  EXPECT_EQ(core::format_diagnostic(sink.diagnostics()[0]),
            "b.sass:1:6: error[SASS-TLDS-MS-LZ]: .MS requires .LZ, got .LL (sass-tlds.md, .MS)");
}

TEST(SassFrontend, DecodedRuleViolationsAreWarnings) {
  auto fe = make_frontend();
  BinaryInput in;
  in.name = "<word>";
  in.word = 0xda1005cffff71001ull;  // Rd0 = R1 with RG: misaligned
  core::DiagSink sink;
  auto p = fe->decode(in, "SM61", sink);
  ASSERT_TRUE(p);
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(sink.diagnostics().at(0).rule_id, "SASS-TLDS-ALIGN");
}

TEST(SassFrontend, DescribeAndRules) {
  auto fe = make_frontend();
  const auto d = fe->describe("tlds", "");
  ASSERT_TRUE(d);
  EXPECT_NE(d->find("ARRAY_2D"), std::string::npos);
  EXPECT_NE(d->find("RBA=2"), std::string::npos);
  EXPECT_NE(d->find("SASS-TLDS-MS-LZ"), std::string::npos);
  EXPECT_FALSE(fe->describe("TXB", ""));
  // Issue 19: every opcode of the table is described from its row.
  const auto texs = fe->describe("texs", "");
  ASSERT_TRUE(texs);
  EXPECT_NE(texs->find("13        CUBE        LL"), std::string::npos) << *texs;
  EXPECT_NE(texs->find("SASS-TEXS-ENCODING"), std::string::npos);
  EXPECT_EQ(texs->find("SASS-TLDS-MS-LZ"), std::string::npos);
  const auto tld4s = fe->describe("TLD4S", "");
  ASSERT_TRUE(tld4s);
  EXPECT_NE(tld4s->find("AOFFI,DC 51:50"), std::string::npos) << *tld4s;
  EXPECT_NE(tld4s->find("SASS-TLD4S-RTZ"), std::string::npos);
  // TEX, TLD, TLD4, TXD (decisions T23-T26): rows without a mode table.
  const auto tex = fe->describe("TEX", "");
  ASSERT_TRUE(tex);
  EXPECT_NE(tex->find("[.LZ|.LB|.LL|.INVALIDBLOD4|.INVALIDBLOD5|.LBA|.LLA]"), std::string::npos)
      << *tex;
  EXPECT_NE(tex->find("Pd 53:51"), std::string::npos) << *tex;
  EXPECT_NE(tex->find("SASS-TEX-LOD"), std::string::npos);
  EXPECT_EQ(tex->find("SASS-TEXS-"), std::string::npos);
  const auto tld = fe->describe("TLD", "");
  ASSERT_TRUE(tld);
  EXPECT_NE(tld->find("TLD.{LZ|LL}"), std::string::npos) << *tld;
  EXPECT_NE(fe->describe("TLD4", "")->find("SASS-TLD4-TOFF"), std::string::npos);
  EXPECT_NE(fe->describe("TXD", "")->find("SASS-TXD-LC-SM50"), std::string::npos);
  EXPECT_NE(fe->describe("TXQ", "")->find("SASS-TXQ-QUERY"), std::string::npos);
  EXPECT_NE(fe->describe("TMML", "")->find("TMML.LOD[.NDV]"), std::string::npos);
  // The bindless rows and TXA (decisions T28-T39) are described by their names.
  EXPECT_NE(fe->describe("tex.b", "")->find("TEX.B[.LZ|.LB|"), std::string::npos);
  EXPECT_NE(fe->describe("TLD4.B", "")->find("TLD4.{R|G|B|A}.B[.AOFFI|.PTP]"), std::string::npos)
      << *fe->describe("TLD4.B", "");
  EXPECT_NE(fe->describe("TXA", "")->find("tsPtrIdx 48:36"), std::string::npos);
  EXPECT_EQ(fe->opcodes(),
            (std::vector<std::string>{"TLDS", "TEXS", "TLD4S", "TEX", "TLD", "TLD4", "TXD", "TMML",
                                      "TXQ", "TEX.B", "TLD.B", "TLD4.B", "TXD.B", "TMML.B", "TXQ.B",
                                      "TXA", "NOP"}));
  EXPECT_GE(fe->rules().size(), 20u);
}

TEST(SassFrontend, ExampleMatchesFilesAndRuns) {
  EXPECT_EQ(demo_program(),
            slurp(std::string(TEXSIM_SOURCE_DIR) + "/examples/sass/tlds-demo.sass"));
  EXPECT_EQ(demo_scene(), slurp(std::string(TEXSIM_SOURCE_DIR) + "/examples/sass/tlds-demo.json"));
  auto fe = make_frontend();
  const auto ex = fe->examples();
  ASSERT_EQ(ex.size(), 1u);
  core::DiagSink sink;
  scene::LoadOptions scene_opt;
  scene_opt.sections = {&scene_section()};
  const auto sc = scene::load_scene_text(ex[0].scene_json, "demo.json", sink, scene_opt);
  ASSERT_TRUE(sc) << core::format_diagnostic(sink.diagnostics().at(0));
  auto p = fe->parse({ex[0].program_file, ex[0].program}, sc->platform, sink);
  ASSERT_TRUE(p);
  ExecOptions opt;
  opt.trace = true;
  auto r = fe->execute(*p, *sc, sc->platform, opt, sink);
  ASSERT_TRUE(r);
  EXPECT_TRUE(sink.diagnostics().empty());
  std::vector<std::string> names;
  for (const auto& v : r->registers) names.push_back(v.name);
  // R16 (invalid header) and R17 (1D on 2D) are written as zeros; R19 (@P1, false) is not.
  EXPECT_EQ(names, (std::vector<std::string>{"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R16",
                                             "R17", "R18"}));
  EXPECT_EQ(r->trace.size(), 7u);
}

}  // namespace
}  // namespace texsim::isa::sass
