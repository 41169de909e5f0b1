// Volta+ SASS text (issue 26, syntax_sm70.cpp): each way a line can be wrong is an error at its
// column naming what is expected; listings' two encoding lines; control prefixes; .word.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/syntax_sm70.hpp"

namespace texsim::isa::sass {
namespace {

struct Read {
  std::optional<Instruction> inst;
  core::DiagSink sink;
};

void read(Read& r, std::string_view line, unsigned sm) {
  r.inst = parse_line(line, "t.sass", 3, r.sink, sm);
}

// One error: its rule, column and a part of its message.
void expect_error(std::string_view line, unsigned sm, std::string_view rule, uint32_t col,
                  std::string_view says) {
  Read r;
  read(r, line, sm);
  EXPECT_FALSE(r.inst) << line;
  ASSERT_EQ(r.sink.error_count(), 1u) << line;
  const core::Diagnostic& d = r.sink.diagnostics().back();
  EXPECT_EQ(d.rule_id, rule) << line;
  const auto& loc = std::get<core::TextLoc>(d.loc);
  EXPECT_EQ(loc.line, 3u);
  EXPECT_EQ(loc.column, col) << line << ": " << d.message;
  EXPECT_NE(d.message.find(says), std::string::npos) << d.message;
}

TEST(SassSm70Text, ReadsEachFormAndItsControl) {
  Read r;
  read(r, "[B0-----:R-:W5:-:S01] @!P1 TEX.SCR.LL.DC P0, RZ, R4, R2, R6, 0x0, 0x5c, 2D, 0x3 ;", 75);
  ASSERT_TRUE(r.inst);
  EXPECT_EQ(r.inst->op, Opcode::kTex);
  EXPECT_EQ(r.inst->pd, 0);
  EXPECT_EQ(r.inst->mask, 0x3);
  EXPECT_TRUE(r.inst->dc);
  EXPECT_EQ(r.inst->ctrl.wr_bar, 5);
  EXPECT_EQ(r.inst->ctrl.wait, 1);
  EXPECT_EQ(r.inst->wide.sched, wide_sched(r.inst->ctrl));
  Read b;
  read(b, "TEX.B.LL R0, R2, R4, R6, 2D ;", 70);
  ASSERT_TRUE(b.inst);
  EXPECT_EQ(b.inst->op, Opcode::kTexB);
  EXPECT_EQ(b.inst->wide.source, TexSource::kBindless);
  Read u;
  read(u, "TEX.LL R6, R4, R4, R6, UR4, 0x0, 2D ;", 90);
  ASSERT_TRUE(u.inst);
  EXPECT_EQ(u.inst->wide.source, TexSource::kUniform);
  EXPECT_EQ(u.inst->wide.tex_a, 4);
  Read c;
  read(c, "TXQ.B RZ, R0, R2, TEX_HEADER_TEXTURE_TYPE, 0x3 ;", 72);
  ASSERT_TRUE(c.inst) << (c.sink.diagnostics().empty() ? "" : c.sink.diagnostics()[0].message);
  EXPECT_EQ(c.inst->op, Opcode::kTxqB);
  Read pm;
  read(pm, "TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D ?PM2;", 86);
  ASSERT_TRUE(pm.inst);
  EXPECT_EQ(pm.inst->wide.pm, 2);
}

TEST(SassSm70Text, EachMistakeIsAnErrorAtItsColumn) {
  expect_error("TEX.SCR.XX.LL R6, R4, R4, R6, 0x0, 0x66, 2D ;", 75, "SASS-SYNTAX", 9,
               "in nvdisasm's order it takes .SCR .B");
  expect_error("TEX.SCR.LL R6, R4, Q4, R6, 0x0, 0x66, 2D ;", 75, "SASS-SYNTAX", 20,
               "expected a register");
  expect_error("TEX.SCR.LL R6, R4, R4, R6, 0x20, 0x66, 2D ;", 75, "SASS-SYNTAX", 28,
               "constant bank is a 5-bit field");
  expect_error("TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x4000, 2D ;", 75, "SASS-SYNTAX", 33,
               "14-bit field");
  expect_error("TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 4D ;", 75, "SASS-SYNTAX", 39,
               "unknown dimension '4D'");
  expect_error("TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D, 0x10 ;", 75, "SASS-SYNTAX", 43,
               "component mask");
  expect_error("TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D, 0x1, 0x1 ;", 75, "SASS-SYNTAX", 48,
               "too many operands");
  expect_error("TEX.LL R6, R4, R4, R6, UR4, 0x0, 2D ;", 70, "SASS-SYNTAX", 1, "SM75 or later");
  expect_error("TEX.LL R6, R4, R4, R6, UR63, 0x0, 2D ;", 75, "SASS-SYNTAX", 24, "UR0..UR62");
  expect_error("TXQ RZ, R0, R2, TEX_HEADER_SIZE, 0x0, 0x5a, 0x3 ;", 75, "SASS-SYNTAX", 17,
               "unknown TXQ query");
  // A form nvdisasm never prints (Rb RZ written out, a .B form without .B on SM70-SM75).
  expect_error("TLD.SCR.LZ RZ, R4, R3, RZ, 0x0, 0x62, 1D, 0x3 ;", 75, "SASS-SYNTAX", 1,
               "'TLD.SCR.LZ RZ, R4, R3, 0x0, 0x62, 1D, 0x3'");
  expect_error("TEX.LL R0, R2, R4, R6, 2D ;", 75, "SASS-SYNTAX", 1, "bit 59");
  expect_error("TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D ?PM2;", 80, "SASS-SYNTAX", 42,
               "?PM1..?PM3");
  expect_error("TLDS.LZ R0, R2, R4, 0x50, 2D, RGBA ;", 75, "SASS-UNKNOWN-OPCODE", 1,
               "no short texture forms");
  expect_error(".word 0x1234567890123456789012345678901234 ;", 75, "SASS-SYNTAX", 1, "128-bit");
  expect_error("[B------:R-:W-:Y:S05] .word 0x000fc000019e0f063000740604047b60 ;", 75,
               "SASS-SYNTAX", 23, "bits 127:105");
}

TEST(SassSm70Text, ControlPrefixKeepsEveryBit) {
  for (uint32_t sched : {0x7e0u, 0x7a1u, 0x1fffffu, 0x7fffffu, 0x200000u, 0x600000u}) {
    const Control c = wide_control(sched);
    EXPECT_EQ(wide_sched(c), sched);
    EXPECT_EQ(parse_control(print_wide_control(c), true), c) << print_wide_control(c);
  }
  EXPECT_EQ(print_wide_control(wide_control(0x400000u | 0x7e0u)), "[-----5:B------:R-:W-:Y:S00]");
  EXPECT_FALSE(parse_control("[------:B------:R-:W-:Y:S00]", true));   // an empty field is left out
  EXPECT_FALSE(parse_control("[0-----:B------:R-:W-:Y:S00]", false));  // Maxwell has no such field
}

TEST(SassSm70Text, ListingLinesCarryTheWholeWord) {
  const std::string good =
      "        /*0050*/                   TEX.SCR.LL RZ, R4, R2, R6, 0x0, 0x5c, 2D, 0x3 ;  /* "
      "0x30005c0602047b60 */\n"
      "                                                                     /* 0x000f4200019e03ff "
      "*/\n"
      "        /*0060*/                   MOV R9, R2 ;   /* 0x0000000200097202 */\n"
      "                                                  /* 0x000fe20000000f00 */\n";
  core::DiagSink sink;
  const auto insts = parse_program(good, "l.sass", sink, nullptr, 75);
  ASSERT_EQ(insts.size(), 2u);
  EXPECT_EQ(sink.error_count(), 0u);
  EXPECT_EQ(insts[0].wide.sched, 0x000f4200019e03ffull >> 41);
  EXPECT_EQ(encode_sm70(insts[0], sink), (Word128{0x30005c0602047b60ull, 0x000f4200019e03ffull}));
  EXPECT_TRUE(insts[1].word_given);
  EXPECT_EQ(insts[1].wide.raw_hi, 0x000fe20000000f00ull);
  // A word that is not the line's text, and a lone encoding line.
  core::DiagSink bad;
  parse_program(
      "TEX.SCR.LL RZ, R4, R2, R6, 0x0, 0x5c, 2D, 0x3 ; /* 0x30005c0602047b60 */\n/* "
      "0x000f4200019e07ff */\n/* 0x000f4200019e07ff */\n",
      "l.sass", bad, nullptr, 75);
  ASSERT_EQ(bad.error_count(), 2u);
  EXPECT_NE(bad.diagnostics()[0].message.find("not the line's text"), std::string::npos);
  EXPECT_EQ(std::get<core::TextLoc>(bad.diagnostics()[1].loc).line, 3u);
}

}  // namespace
}  // namespace texsim::isa::sass
