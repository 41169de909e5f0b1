// What IGC's own dumps contain (issue 13): %r0 aliases, signed 3D_LOAD parameters, any
// `.implicit*` directive, and unmodelled instructions noted once per mnemonic, never as errors.
#include <gtest/gtest.h>

#include "isa/visa/exec.hpp"
#include "isa/visa/frontend.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

size_t count(const core::DiagSink& s, core::Severity sev, const std::string& rule = {}) {
  return static_cast<size_t>(
      std::count_if(s.diagnostics().begin(), s.diagnostics().end(), [&](const core::Diagnostic& d) {
        return d.severity == sev && (rule.empty() || d.rule_id == rule);
      }));
}

// The declarations ocloc writes for an image kernel (shape of IGC 1.0.12504's dumps).
constexpr const char* kHeader = R"(.version 4.1
.kernel "k"
.decl V0033 v_type=G type=d num_elts=8 align=hword alias=<%r0, 0>
.decl V0040 v_type=G type=d num_elts=16 align=hword
.decl V0041 v_type=G type=d num_elts=16 align=hword
.decl V0042 v_type=G type=f num_elts=64 align=hword
.decl V0043 v_type=G type=f num_elts=16 align=hword
.decl P1 v_type=P num_elts=32
.decl T6 v_type=T num_elts=1 v_name=T006
.input V0040 offset=32 size=64
.implicit_UNDEFINED_11 V0041 offset=96 size=4
.kernel_attr SimdSize=16
.function "_main_0"

_main_0:
)";

TEST(IgcDump, R0IsOneGrfAsAnAliasTarget) {
  // V22: 32 bytes onto %r0 fit on a 32-byte-GRF platform, 64 bytes do not; 64 fit on PVC.
  const std::string ok = std::string(kHeader) + "    ret (M1, 1)\n";
  auto p = test::parse(ok, Platform::kTGLLP);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  const std::string wide =
      std::string(kHeader) + ".decl V0050 v_type=G type=d num_elts=16 alias=<%r0, 0>\n";
  EXPECT_TRUE(test::has_rule(test::parse(wide, Platform::kTGLLP).sink, "VISA-DECL"));
  EXPECT_FALSE(test::parse(wide, Platform::kPVC).sink.has_errors());
  // Other predefined targets keep IGC's sizes: %sr0 is 4 UD (16 bytes).
  const std::string tsc = std::string(kHeader) +
                          ".decl V0051 v_type=G type=ud num_elts=5 alias=<%sr0, 0>\n"
                          ".decl V0052 v_type=G type=ud num_elts=4 alias=<%sr0, 0>\n";
  const auto t = test::parse(tsc);
  EXPECT_EQ(count(t.sink, core::Severity::kError, "VISA-DECL"), 1u) << test::all_diags(t.sink);
}

TEST(IgcDump, AnyImplicitDirectiveIsAccepted) {
  EXPECT_FALSE(test::parse(std::string(kHeader)).sink.has_errors());
  const auto bad = test::parse(
      ".version 4.1\n.decl V40 v_type=G type=d num_elts=8\n.implicitly_wrong V40 offset=0 "
      "size=4\n.bogus_directive 3\n");
  EXPECT_EQ(count(bad.sink, core::Severity::kError, "VISA-SYNTAX"), 1u)
      << test::all_diags(bad.sink);
  // An unknown kind is IGC's kind 5 (printed .implicit_UNDEFINED_5); a known one keeps its kind.
  ASSERT_EQ(bad.prog->inputs.size(), 1u);
  EXPECT_EQ(bad.prog->inputs[0].kind, 5 << 3);
}

TEST(IgcDump, SignedLoadParametersWarnNamingTheRule) {
  // V23: IGC emits D coordinates for load_lz; accepted with the spec rule's id as a warning.
  const std::string d = std::string(kHeader) +
                        "    load_lz.RGBA (M1, 16)  0x0:uw T6 V0042.0 %null.0 V0040.0 V0041.0\n";
  const auto p = test::parse(d);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  EXPECT_EQ(count(p.sink, core::Severity::kWarning, "VISA-3D_LOAD-PARAMS-TYPE"), 1u);
  // F parameters stay an error.
  const std::string f =
      std::string(kHeader) + "    load_lz.RGBA (M1, 16)  0x0:uw T6 V0042.0 %null.0 V0043.0\n";
  EXPECT_EQ(count(test::parse(f).sink, core::Severity::kError, "VISA-3D_LOAD-PARAMS-TYPE"), 1u);
}

TEST(IgcDump, UnmodelledInstructionsAreOneNoteEach) {
  const std::string text = std::string(kHeader) +
                           "    add3 (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0> 0x1:d "
                           "V0041(0,0)<1;1,0>\n"
                           "    add3 (M1, 16) V0041(0,0)<1> V0040(0,0)<1;1,0> 0x2:d "
                           "V0041(0,0)<1;1,0>\n"
                           "    fence_local.E\n"
                           "    fence_sw\n"
                           "    lsc_fence.ugm.evict.gpu\n"
                           "    bfn.xd8 (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0> "
                           "V0040(0,0)<1;1,0> V0041(0,0)<1;1,0>\n"
                           "    ret (M1, 1)\n";
  const auto p = test::parse(text);
  EXPECT_EQ(count(p.sink, core::Severity::kError), 0u) << test::all_diags(p.sink);
  EXPECT_EQ(count(p.sink, core::Severity::kWarning), 0u) << test::all_diags(p.sink);
  EXPECT_EQ(count(p.sink, core::Severity::kNote, "VISA-UNSUPPORTED"), 6u)
      << test::all_diags(p.sink);
  EXPECT_NE(test::all_diags(p.sink).find("'add3' (2 lines) is a generic vISA instruction: texsim "
                                         "runs it in whole kernels"),
            std::string::npos)
      << test::all_diags(p.sink);
  // An unknown word is still a syntax error.
  const auto bad = test::parse(std::string(kHeader) + "    add4 (M1, 16) V0040(0,0)<1>\n");
  EXPECT_EQ(count(bad.sink, core::Severity::kError, "VISA-SYNTAX"), 1u);
  // Assembling it: the parser's one note per mnemonic and one error for the program.
  const auto fe = make_frontend();
  core::DiagSink asm_sink;
  const auto parsed = fe->parse(isa::SourceFile{"t.visaasm", text}, "TGLLP", asm_sink);
  ASSERT_NE(parsed, nullptr);
  EXPECT_FALSE(fe->encode(*parsed, asm_sink));
  EXPECT_EQ(count(asm_sink, core::Severity::kError, "VISA-UNSUPPORTED"), 1u)
      << test::all_diags(asm_sink);
  EXPECT_EQ(count(asm_sink, core::Severity::kNote, "VISA-UNSUPPORTED"), 6u);
  // Its generic instructions run as a kernel (issue 28); one the kernel executor does not model
  // makes the run one error for the whole program, not one per line.
  core::DiagSink run_sink;
  scene::Scene sc;
  EXPECT_TRUE(execute_program(*p.prog, sc, ExecConfig{}, run_sink)) << test::all_diags(run_sink);
  const auto q = test::parse(text +
                             "    bfrev (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0>\n"
                             "    bfrev (M1, 16) V0040(0,0)<1> V0040(0,0)<1;1,0>\n");
  core::DiagSink atomic_sink;
  EXPECT_FALSE(execute_program(*q.prog, sc, ExecConfig{}, atomic_sink));
  EXPECT_EQ(count(atomic_sink, core::Severity::kError, "VISA-UNSUPPORTED"), 1u)
      << test::all_diags(atomic_sink);
  EXPECT_NE(test::all_diags(atomic_sink)
                .find("2 of its instructions are not modelled, the first "
                      "'bfrev' at line 23"),
            std::string::npos)
      << test::all_diags(atomic_sink);
}

TEST(IgcDump, ExecSizePlusMaskOffsetFitsIn32Lanes) {
  // V29 (found by the GenX_IR differential): M5 + 16 lanes ends at lane 31, M6 + 16 does not.
  const std::string decls = std::string(kHeader) + ".decl V0060 v_type=G type=ud num_elts=64\n";
  const auto ok = test::parse(decls + "    gather_scaled.1 (M5, 16) T6 0x0:ud V0060.0 V0060.0\n");
  EXPECT_FALSE(test::has_rule(ok.sink, "VISA-EXEC_SIZE-MASK")) << test::all_diags(ok.sink);
  for (const char* bad : {"    gather_scaled.1 (M6, 16) T6 0x0:ud V0060.0 V0060.0\n",
                          "    gather_scaled.1 (M2_NM, 32) T6 0x0:ud V0060.0 V0060.0\n",
                          "    gather_scaled.1 (M8, 8) T6 0x0:ud V0060.0 V0060.0\n"}) {
    EXPECT_TRUE(test::has_rule(test::parse(decls + bad).sink, "VISA-EXEC_SIZE-MASK")) << bad;
  }
}

TEST(IgcDump, Xe3pSurfaceOperandFormIsNamedUnsupported) {
  const std::string decls = std::string(kHeader) + ".decl S1 v_type=S num_elts=1\n";
  const std::string ok = "    sample_lz.RGBA (M1, 16)  0x0:uw S1 T6 V0042.0 %null.0 V0043.0\n";
  EXPECT_FALSE(test::parse(decls + ok).sink.has_errors());
  for (const char* bad :
       {"    sample_lz.RGBA (M1, 16)  0x0:uw (V0040, 0) T6 V0042.0 %null.0 V0043.0\n",
        "    sample_lz.RGBA (M1, 16)  0x0:uw S1 V0040(0,0)<0;1,0>[0] V0042.0 "
        "%null.0 V0043.0\n"}) {
    const auto p = test::parse(decls + bad);
    EXPECT_NE(test::all_diags(p.sink).find("Xe3P efficient-64-bit form"), std::string::npos)
        << test::all_diags(p.sink);
  }
}

}  // namespace
}  // namespace texsim::isa::visa
