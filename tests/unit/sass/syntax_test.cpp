// Syntax: nvdisasm's form with and without /*addr*/ and control prefixes, the spec's
// annotations, canonical printing, and syntax errors with their columns.
#include "isa/sass/syntax.hpp"

#include <gtest/gtest.h>

#include "isa/sass/codec.hpp"
#include "isa/sass/fields.hpp"

namespace texsim::isa::sass {
namespace {

Instruction one(std::string_view text) {
  core::DiagSink sink;
  auto v = parse_program(text, "t.sass", sink);
  EXPECT_FALSE(sink.has_errors()) << (sink.diagnostics().empty()
                                          ? ""
                                          : format_diagnostic(sink.diagnostics()[0]));
  EXPECT_EQ(v.size(), 1u);
  return v.empty() ? Instruction{} : v[0];
}

std::vector<core::Diagnostic> errors(std::string_view text) {
  core::DiagSink sink;
  parse_program(text, "t.sass", sink);
  return sink.diagnostics();
}

TEST(SassSyntax, IssueExample) {
  const Instruction i = one("@!P1 TLDS.LZ.AOFFI.NODEP.T R32, R34, R54, R53, 0x50, 2D, RGBA ;");
  EXPECT_EQ(i.pred, 1);
  EXPECT_TRUE(i.pred_neg);
  EXPECT_TRUE(i.aoffi);
  EXPECT_TRUE(i.nodep);
  EXPECT_EQ(i.phase, Phase::kT);
  EXPECT_EQ(i.rd1, 32);
  EXPECT_EQ(i.rd0, 34);
  EXPECT_EQ(i.ra, 54);
  EXPECT_EQ(i.rb, 53);
  EXPECT_EQ(i.ts_idx, 0x50u);
  EXPECT_EQ(i.mask, 0xf);
  EXPECT_FALSE(i.has_ctrl);
  EXPECT_EQ(print_instruction(i),
            "@!P1 TLDS.LZ.AOFFI.NODEP.T R32, R34, R54, R53, 0x50, 2D, RGBA ;");
}

TEST(SassSyntax, PrefixesAndTrailingComment) {
  const Instruction t =
      one("[B0-2---:R1:W5:Y:S04] /*0048*/  TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;  /* "
          "0xda1005cffff71006 */");
  EXPECT_TRUE(t.has_ctrl);
  EXPECT_EQ(t.ctrl.wait, 0x5);
  EXPECT_EQ(t.ctrl.rd_bar, 1);
  EXPECT_EQ(t.ctrl.wr_bar, 5);
  EXPECT_EQ(t.ctrl.yield_bit, 0);
  EXPECT_EQ(t.ctrl.stall, 4);
  PrintOptions o;
  o.control_prefix = true;
  o.address = 0x48;
  EXPECT_EQ(print_instruction(t, o),
            "[B0-2---:R1:W5:Y:S04] /*0048*/ TLDS.LZ.T RZ, R6, R16, 0x5c, 1D, RG ;");
}

TEST(SassSyntax, ControlPrefixRoundTrip) {
  for (unsigned w = 0; w < 64; w += 7) {
    for (uint8_t bar : {uint8_t{0}, uint8_t{3}, uint8_t{5}, uint8_t{7}}) {
      Control c{static_cast<uint8_t>(w % 16),           static_cast<uint8_t>(w & 1), bar,
                static_cast<uint8_t>(bar == 7 ? 0 : 7), static_cast<uint8_t>(w),     0};
      EXPECT_EQ(parse_control(print_control(c)), c) << print_control(c);
    }
  }
  EXPECT_EQ(print_control(kDefaultControl), "[B------:R-:W-:Y:S00]");
  EXPECT_FALSE(parse_control("[B------:R-:W5:-]"));
  EXPECT_FALSE(parse_control("[B1-----:R-:W5:-:S01]"));  // barrier digit at the wrong place
  EXPECT_FALSE(parse_control("[B------:R-:W5:-:S16]"));
}

TEST(SassSyntax, SpecAnnotations) {
  const Instruction i = one("TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA &req_6 &rd1 &wr5 ?S3 ?Y ;");
  EXPECT_TRUE(i.has_ctrl);
  EXPECT_EQ(i.ctrl.wait, 6);
  EXPECT_EQ(i.ctrl.rd_bar, 1);
  EXPECT_EQ(i.ctrl.wr_bar, 5);
  EXPECT_EQ(i.ctrl.stall, 3);
  EXPECT_EQ(i.ctrl.yield_bit, 0);
  PrintOptions o;
  o.spec_annotations = true;
  EXPECT_EQ(print_instruction(i, o),
            "TLDS.LZ R0, R4, R9, R11, 0x7, 2D, RGBA &req_6 &rd1 &wr5 ?S3 ?Y ;");
  const Instruction j = one("TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R &wr0 ;");
  EXPECT_EQ(j.ctrl.wr_bar, 0);
  EXPECT_EQ(j.ctrl.yield_bit, 1);  // no ?Y: no yield
  EXPECT_EQ(errors("TLDS.LZ RZ, R9, R6, R11, 0x0, 2D, R &wr6 ;").at(0).rule_id, "SASS-SYNTAX");
}

TEST(SassSyntax, SpecExamplesParse) {
  // sass-tlds.md Examples (the first has no space before ';').
  const Instruction a = one("TLDS.LZ      R0, R4, R9, R11, 0x7, 2D, RGBA; // reads R9 & R11");
  EXPECT_EQ(a.rd1, 0);
  EXPECT_EQ(a.rd0, 4);
  const Instruction b = one("TLDS.LZ.MS RZ, R9, R6, R11, 0x0, 2D, R;");
  EXPECT_TRUE(b.ms);
  EXPECT_EQ(b.mask, 0x1);
}

TEST(SassSyntax, RbOmittedWhenRZAndDefaultMask) {
  const Instruction i = one("TLDS.LZ RZ, R2, R4, RZ, 0x1, 1D, R ;");
  EXPECT_EQ(print_instruction(i), "TLDS.LZ RZ, R2, R4, 0x1, 1D, R ;");
  const Instruction j = one("TLDS.LZ R0, R4, R8, R9, 0x1, 2D ;");  // RGBA* default
  EXPECT_EQ(j.mask, 0xf);
}

TEST(SassSyntax, NopAndWordAndSkippedLines) {
  core::DiagSink sink;
  const auto v = parse_program(
      ".headerflags @\"EF_CUDA_SM52\"\n.L_x_0:\n\n  NOP ;\n.word 0x4c98078000870001 ;\n# c\n",
      "t.sass", sink);
  EXPECT_TRUE(sink.diagnostics().empty());
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].op, Opcode::kNop);
  EXPECT_EQ(v[1].kind, Kind::kRaw);
  EXPECT_EQ(v[1].raw_word, 0x4c98078000870001ull);
}

TEST(SassSyntax, UnsupportedIsAWarning) {
  core::DiagSink sink;
  // Issue 29: MOV and LDG are rows of the generic table now (generic_ops_test,
  // generic_mem_test); `.SYS` is a Volta modifier no Maxwell LDG prints.
  const auto v = parse_program("LDG.E.SYS R6, [R2] ;", "t.sass", sink);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].kind, Kind::kUnsupported);
  EXPECT_EQ(print_instruction(v[0]), "LDG.E.SYS R6, [R2] ;");
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].severity, core::Severity::kWarning);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "SASS-UNSUPPORTED");
}

// F1 (docs/reliability.md): an unsupported line printed without its guard predicate, and the
// printed text then parsed to nothing (a line starting with '.' is a directive).
TEST(SassSyntax, UnsupportedKeepsPredicateRoundTrip) {
  core::DiagSink sink;
  const auto v = parse_program("@!P3 .AOFFIZ.NODEP.T RZ, R6, R17 ;", "t.sass", sink);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].kind, Kind::kUnsupported);
  const std::string p1 = print_instruction(v[0]);
  EXPECT_EQ(p1, "@!P3 .AOFFIZ.NODEP.T RZ, R6, R17 ;");
  core::DiagSink sink2;
  const auto v2 = parse_program(p1, "p.sass", sink2);
  ASSERT_EQ(v2.size(), 1u);
  EXPECT_EQ(print_instruction(v2[0]), p1);
  // F8: with the default @PT guard, a text starting with '.' keeps "@PT" when printed.
  core::DiagSink sink5;
  const auto w = parse_program("@PT}.", "t.sass", sink5);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].kind, Kind::kUnsupported);
  EXPECT_EQ(print_instruction(w[0]), "@PT . ;");
  core::DiagSink sink6;
  const auto w2 = parse_program(print_instruction(w[0]), "p.sass", sink6);
  ASSERT_EQ(w2.size(), 1u);
  EXPECT_EQ(print_instruction(w2[0]), "@PT . ;");
  core::DiagSink sink7;
  const auto w3 = parse_program("@PT}@P4.+", "t.sass", sink7);
  ASSERT_EQ(w3.size(), 1u);
  EXPECT_EQ(print_instruction(w3[0]), "@PT @P4.+ ;");
  // Unguarded and @PT-free lines print as before.
  core::DiagSink sink3;
  const auto v3 = parse_program("@P2 MOV R1, R2 ;", "t.sass", sink3);
  ASSERT_EQ(v3.size(), 1u);
  EXPECT_EQ(print_instruction(v3[0]), "@P2 MOV R1, R2 ;");
  EXPECT_NE(print_instruction(v3[0]), "MOV R1, R2 ;");
}

// Fuzz findings F6, F7: a directive behind a dual-issue brace ("} .NODEP...") was kept as an
// unsupported instruction, printed without the brace, and the printed line then read as a
// directive.
// cuobjdump prints a dual-issue pair's second instruction ("SAM }") without its encoding, which
// follows on a line of its own before the next bundle's control word (issue 29: asm rejected
// 94 of 97 listings there).
TEST(SassSyntax, DualIssueSecondHalfTakesTheNextLineAsItsWord) {
  const char* listing =
      "                                        /* 0x001ff400fe0007f1 */\n"
      "        /*0188*/                   MOV R18, R18, 0x1 ;    /* 0x5c98008001270012 */\n"
      "        /*0190*/         {         MOV R19, R19, 0x1 ;    /* 0x5c98008001370013 */\n"
      "        /*0198*/                   SAM         }\n"
      "                                        /* 0xe370000000000000 */\n"
      "                                        /* 0x001fc400e22007f1 */\n"
      "        /*01a8*/                   SHFL.IDX PT, R20, R8, 0x1, 0x1c03 ;  /* "
      "0xef17700c30170814 */\n";
  core::DiagSink sink;
  const auto prog = parse_program(listing, "k.sass", sink);
  ASSERT_EQ(prog.size(), 4u);
  // SAM is a generic-table row (decision GV5): its word is the listing's line, which prints the
  // same text (an unmodelled mnemonic would keep it as word_given).
  EXPECT_EQ(prog[2].kind, Kind::kRaw);
  EXPECT_EQ(prog[2].raw_word, 0xe370000000000000ull);
  // The control word after it is the next bundle's: SHFL takes its slot 0.
  const auto e = encode(prog[3], sink);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->control, fields::control_slot(0).get(0x001fc400e22007f1ull));
  EXPECT_FALSE(sink.has_errors());
}

TEST(SassSyntax, DirectiveBehindBraceOrCommentIsADirective) {
  core::DiagSink sink;
  const auto v = parse_program("}\r\r.NODEP} OCRD ;\n  { .section x }\n} label:\n", "t.sass", sink);
  EXPECT_TRUE(v.empty());
  EXPECT_TRUE(sink.diagnostics().empty());
  // Fuzz finding F7: the same behind a comment ("/*0008*/." printed as ". ;", then a directive).
  core::DiagSink sink3;
  const auto c =
      parse_program("/*0008*/.\n/*0010*/ .headerflags x\nlabel: // c\n", "t.sass", sink3);
  EXPECT_TRUE(c.empty());
  EXPECT_TRUE(sink3.diagnostics().empty());
  // An nvdisasm line with its address comment is an instruction.
  core::DiagSink sink4;
  const auto d = parse_program("/*0008*/ TLDS.LZ RZ, R2, R4, 0x1, 1D, R ;", "t.sass", sink4);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, Kind::kInstruction);
  // A braced instruction is still an instruction.
  core::DiagSink sink2;
  const auto w = parse_program("{ TLDS.LZ RZ, R2, R4, 0x1, 1D, R ; }", "t.sass", sink2);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].kind, Kind::kInstruction);
}

TEST(SassSyntax, ErrorsCarryColumns) {
  auto d = errors("TLDS.LZ.XX RZ, R2, R4, 0x1, 1D, R ;");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(format_diagnostic(d[0]).substr(0, 21), "t.sass:1:9: error[SAS");
  d = errors("TLDS.LZ RZ, R2, Q4, 0x1, 1D, R ;");
  EXPECT_EQ(std::get<core::TextLoc>(d.at(0).loc).column, 17u);
  d = errors("TLDS.LZ RZ, R2, R4, 0x1, 4D, R ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
  d = errors("TLDS.LZ RZ, R2, R4, 0x1, 1D, XYZ ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
  d = errors("TLDS.LZ RZ, R2, R4, 0x1, 1D, R, R ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
  d = errors("TLDS.LZ RZ, R2, R4 ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
  d = errors("TLDS.LZ.LZ RZ, R2, R4, 0x1, 1D, R ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-TLDS-LOD");
  d = errors("TLDS.NODEP.NODEP.LZ RZ, R2, R4, 0x1, 1D, R ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
  d = errors("@P7 TLDS.LZ RZ, R2, R4, 0x1, 1D, R ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
  d = errors("TLDS.LZ RZ, R2, R256, 0x1, 1D, R ;");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
  d = errors("TLDS.LZ RZ, R2, R4, 0x1, 1D, R ; junk");
  EXPECT_EQ(d.at(0).rule_id, "SASS-SYNTAX");
}

// Golden review (docs/reliability.md): a TLDS line with a missing comma was accepted.
TEST(SassSyntax, TldsMissingCommaIsAnError) {
  auto d = errors("TLDS.LZ RZ, R0, R4 0x1, 1D, R ;");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "SASS-SYNTAX");
  EXPECT_EQ(std::get<core::TextLoc>(d[0].loc).column, 20u);
  EXPECT_TRUE(errors("TLDS.LZ RZ, R0, R4, 0x1, 1D, R ;").empty());
  EXPECT_TRUE(errors("TLDS.LZ RZ,R0 ,R4 , 0x1,1D, R ;").empty());
}

TEST(SassSyntax, ReservedParamAParsesForTheRule) {
  const Instruction i = one("TLDS.LZ RZ, R2, R4, R5, 0x1, CUBE, R ;");
  EXPECT_EQ(i.param_a, ParamA::kCube);
}

}  // namespace
}  // namespace texsim::isa::sass
