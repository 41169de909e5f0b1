// vISA text: IGC syntax, the spec's upper-case templates, declarations, comments, unsupported
// instructions and syntax errors with columns.
#include "isa/visa/syntax.hpp"

#include <gtest/gtest.h>

#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

using test::kDecls;

std::string one(const std::string& line, core::DiagSink* diags = nullptr) {
  auto p = test::parse(std::string(kDecls) + line + "\n", Platform::kTGLLP, false);
  if (diags) *diags = p.sink;
  if (p.prog->instructions.empty()) return "<none>";
  return print_instruction(p.prog->instructions[0], *p.prog);
}

TEST(Syntax, SpecUpperCaseTemplatesPrintAsIgc) {
  EXPECT_EQ(one("MEDIA_LD.0 (16, 8) T6 0 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0"),
            "media_ld.nomod (16,8) T6 0 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0");
  EXPECT_EQ(one("MEDIA_LD.3 (4, 4) T6 1 0x0:ud 0x0:ud V35.0"),
            "media_ld.bottom (4,4) T6 1 0x0:ud 0x0:ud V35.0");
  EXPECT_EQ(one("(P1) GATHER_SCALED.4 (16) T5 0x0:ud V40.0 V41.0"),
            "(P1) gather_scaled.4 (M1, 16) %scratch 0x0:ud V40.0 V41.0");
  EXPECT_EQ(one("GATHER_SCALED.1 (M2_NM, 8) T0 0x0:ud V40.0 V41.0"),
            "gather_scaled.1 (M2_NM, 8) %slm 0x0:ud V40.0 V41.0");
}

TEST(Syntax, OptionalPlaneAndFlexibleSpacing) {
  // IGC's grammar makes the plane optional; it prints it always.
  EXPECT_EQ(one("media_ld.nomod (16,8) T6 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0"),
            "media_ld.nomod (16,8) T6 0 V33(0,0)<0;1,0> V34(0,0)<0;1,0> V35.0");
  EXPECT_EQ(one("media_ld.nomod (16,8) T6 0x10:ud 0x0:ud V35.0"),
            "media_ld.nomod (16,8) T6 0 0x10:ud 0x0:ud V35.0");
  EXPECT_EQ(one("  gather_scaled.1   ( M1_NM ,  1 )  %bss 0x0:ud   V40.0 V41.0   // comment"),
            "gather_scaled.1 (M1_NM, 1) %bss 0x0:ud V40.0 V41.0");
  EXPECT_EQ(one("gather_scaled.1 (NoMask, 8) %bss 0:ud V40.0 /* c */ V41.0"),
            "gather_scaled.1 (M1_NM, 8) %bss 0x0:ud V40.0 V41.0");
}

TEST(Syntax, UnsupportedInstructionsAreWarnings) {
  core::DiagSink d;
  EXPECT_EQ(one("add (M1, 8) V40(0,0)<1> V41(0,0)<8;8,1> 0x1:ud", &d),
            "add (M1, 8) V40(0,0)<1> V41(0,0)<8;8,1> 0x1:ud");
  EXPECT_FALSE(d.has_errors());
  EXPECT_TRUE(test::has_rule(d, "VISA-UNSUPPORTED"));
  one("load_l.RGBA (M1, 16)  0x0:uw T6 V40.0 %null.0 V41.0", &d);
  EXPECT_TRUE(test::has_rule(d, "VISA-UNSUPPORTED"));
  one("(P1) lsc_load.ugm (M1, 16) V40:d32 flat[V41]:a32", &d);
  EXPECT_TRUE(test::has_rule(d, "VISA-UNSUPPORTED"));
}

TEST(Syntax, ErrorsCarryColumns) {
  struct Case {
    const char* line;
    const char* rule;
    uint32_t column;
  };
  const Case cases[] = {
      {"frobnicate V40.0", "VISA-SYNTAX", 1},
      {"media_ld.sideways (16,8) T6 0 0x0:ud 0x0:ud V35.0", "VISA-SYNTAX", 10},
      {"media_ld.nomod (16,8) T9 0 0x0:ud 0x0:ud V35.0", "VISA-UNDECLARED", 23},
      {"gather_scaled.1 (M1, 3) T6 0x0:ud V40.0 V41.0", "VISA-SYNTAX", 22},
      {"gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 V99.0", "VISA-UNDECLARED", 41},
      {"gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 V41.0 V41.0", "VISA-SYNTAX", 47},
      {"(P2) gather_scaled.1 (M1, 8) T6 0x0:ud V40.0 V41.0", "VISA-UNDECLARED", 2},
      {"(P1) media_ld.nomod (16,8) T6 0 0x0:ud 0x0:ud V35.0", "VISA-SYNTAX", 1},
      {"gather_scaled.1 (M1, 8) T6 V33(0,0)<0;3,0> V40.0 V41.0", "VISA-SYNTAX", 39},
  };
  for (const Case& c : cases) {
    core::DiagSink d;
    one(c.line, &d);
    ASSERT_TRUE(d.has_errors()) << c.line;
    const core::Diagnostic& first = d.diagnostics().front();
    EXPECT_EQ(first.rule_id, c.rule) << c.line << "\n" << test::all_diags(d);
    const auto* loc = std::get_if<core::TextLoc>(&first.loc);
    ASSERT_NE(loc, nullptr);
    EXPECT_EQ(loc->line, 12u) << c.line;
    EXPECT_EQ(loc->column, c.column) << c.line << "\n" << test::all_diags(d);
  }
}

// Golden review (docs/reliability.md): "0x100000000:ud" (33 bits) was accepted and truncated.
TEST(Syntax, ImmediateMustFitItsType) {
  core::DiagSink d;
  EXPECT_EQ(one("gather_scaled.1 (M1, 16) T6 0x100000000:ud V40.0 V41.0", &d), "<none>");
  ASSERT_TRUE(d.has_errors());
  EXPECT_EQ(d.diagnostics()[0].rule_id, "VISA-SYNTAX");
  EXPECT_NE(d.diagnostics()[0].message.find("does not fit type ud"), std::string::npos);
  core::DiagSink d2;
  EXPECT_EQ(one("gather_scaled.1 (M1, 16) T6 4294967296:ud V40.0 V41.0", &d2), "<none>");
  EXPECT_TRUE(d2.has_errors());
  core::DiagSink ok;
  EXPECT_EQ(one("gather_scaled.1 (M1, 16) T6 0xffffffff:ud V40.0 V41.0", &ok),
            "gather_scaled.1 (M1, 16) T6 0xffffffff:ud V40.0 V41.0");
  EXPECT_FALSE(ok.has_errors());
  EXPECT_EQ(one("gather_scaled.1 (M1, 16) T6 -1:ud V40.0 V41.0"),
            "gather_scaled.1 (M1, 16) T6 0xffffffff:ud V40.0 V41.0");
}

TEST(Syntax, DeclarationsRoundTrip) {
  for (const char* d : {".decl V40 v_type=G type=f num_elts=64 align=GRF",
                        ".decl V41 v_type=G type=ud num_elts=8 align=dword alias=<V40, 32>",
                        ".decl P1 v_type=P num_elts=16", ".decl S1 v_type=S num_elts=1",
                        ".decl T6 v_type=T num_elts=1 v_name=img", ".decl A0 v_type=A num_elts=1",
                        ".decl V42 v_type=G type=hf num_elts=16"}) {
    Variable v;
    ASSERT_FALSE(parse_decl(d, v).has_value()) << d;
    EXPECT_EQ(print_decl(v), d);
  }
  Variable v;
  EXPECT_TRUE(parse_decl(".decl V40 v_type=Q type=f num_elts=1", v).has_value());
  EXPECT_TRUE(parse_decl(".decl V40 v_type=G type=zz num_elts=1", v).has_value());
  EXPECT_TRUE(parse_decl(".decl P1 v_type=P num_elts=3", v).has_value());
  EXPECT_TRUE(parse_decl(".decl V40 v_type=G num_elts=1", v).has_value());
}

TEST(Syntax, PredefinedAndNumberedIds) {
  auto p = test::parse(
      ".decl T6 v_type=T num_elts=1\n.decl img v_type=T num_elts=1\n.decl V40 v_type=G type=ud "
      "num_elts=1\n"
      ".decl foo v_type=G type=ud num_elts=1\n.decl T0 v_type=T num_elts=1\n");
  EXPECT_EQ(p.prog->symbols.find_name("T6")->id, 6u);
  EXPECT_EQ(p.prog->symbols.find_name("img")->id, 7u);
  EXPECT_EQ(p.prog->symbols.find_name("V40")->id, 40u);
  EXPECT_EQ(p.prog->symbols.find_name("foo")->id, 32u);
  EXPECT_EQ(p.prog->symbols.find_name("%scratch")->id, 5u);
  EXPECT_EQ(p.prog->symbols.find_name("S31")->id, 31u);
  EXPECT_TRUE(test::has_rule(p.sink, "VISA-DECL"));  // T0 is predefined
}

TEST(Syntax, DirectivesVersionKernelLabels) {
  auto p = test::parse(
      ".version 3.6\n.kernel \"k//1\"\n.kernel_attr SLMSize=4\nBB_0:\n/* multi\nline */\n");
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  EXPECT_EQ(p.prog->version, (Version{3, 6}));
  EXPECT_EQ(p.prog->kernel, "k//1");
  auto bad = test::parse(".version four\n.frobnicate\n");
  EXPECT_EQ(bad.sink.error_count(), 2u);
}

}  // namespace
}  // namespace texsim::isa::visa
