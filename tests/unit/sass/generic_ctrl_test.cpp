// The ctrl family of the generic Maxwell/Pascal table (issue 29, GC1-GC5): cuobjdump 11.8's own
// branch lines of ptxas output print and encode both ways from the word's address.
#include <gtest/gtest.h>

#include "core/diag.hpp"
#include "isa/sass/generic_ops.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

struct Golden {
  uint64_t pc;
  const char* text;
  uint64_t word;
};

// From `cuobjdump -sass` of ptxas 11.8 -arch sm_52 output: a loop calling a .func under a
// divergent branch (SSY/SYNC, CAL, RET, BRA) and a brx.idx jump table (BRX).
constexpr Golden kGolden[] = {
    {0x28, "SSY 0x98", 0xe290000006800000},     {0x38, "SSY 0x70", 0xe290000003000000},
    {0x50, "CAL 0xc0", 0xe260000006800040},     {0x88, "@!P0 BRA 0x30", 0xe2400ffffa08000f},
    {0x108, "BRA 0x100", 0xe2400fffff07000f},   {0x48, "BRA 0x70", 0xe24000000207000f},
    {0xe8, "@!P0 RET", 0xe32000000008000f},     {0xf8, "RET", 0xe32000000007000f},
    {0x30, "BRX R0 -0x38", 0xe2500ffffc87000f},
};

TEST(GenericCtrl, CuobjdumpLinesBothWays) {
  for (const auto& g : kGolden) {
    EXPECT_EQ(generic_text(g.word, 52, 0, g.pc), g.text) << g.text;
    const auto e = generic_encode(std::string(g.text) + " ;", 52, g.pc);
    ASSERT_TRUE(e.has_value()) << g.text;
    // SSY ignores its guard bits: ptxas writes 0, texsim's canonical word has PT (7).
    EXPECT_EQ(e->word & ~(uint64_t{0xf} << 16), g.word & ~(uint64_t{0xf} << 16)) << g.text;
    EXPECT_EQ(generic_text(e->word, 52, 0, g.pc), g.text) << g.text;
  }
}

// nvdisasm probes (GC1-GC4): targets relative to the next word, signed; no guard on the stack
// pushes; constant-bank forms; SM60's BPT.PAUSE_QUIET.
TEST(GenericCtrl, NvdisasmProbes) {
  // Without the word's address a relative branch has no text; BRX's offset needs none.
  EXPECT_FALSE(generic_text(0xe2400fffff07000f, 52).has_value());
  EXPECT_FALSE(generic_encode("BRA 0x100", 52).has_value());
  EXPECT_EQ(generic_text(0xe2500ffffc87000f, 52), "BRX R0 -0x38");
  EXPECT_EQ(generic_text(0xe24ffffff0070000, 52, 0, 0x68), "BRA CC.F, -0x90");
  EXPECT_EQ(generic_text(0xe2400000000700c0, 52, 0, 0x8), "BRA.U.LMT CC.F, 0x10");
  // SSY's bits 19:16 are no guard: a guarded SSY is no text nvdisasm prints.
  EXPECT_EQ(generic_text(0xe290000000000000, 52, 0, 0x8), "SSY 0x10");
  EXPECT_FALSE(generic_encode("@P0 SSY 0x10", 52, 0x8).has_value());
  EXPECT_EQ(generic_text(0xe2a0001800000020, 52, 0, 0x8), "PBK c[0x1][-0x8000]");
  EXPECT_EQ(generic_text(0xe25000000007ff20, 52), "BRX CC.F, c[0x0][RZ]");
  EXPECT_EQ(generic_text(0xe206878f9dfbff28, 52), "@!P3 JMX CC.NAN, c[0x18][-0x621]");
  EXPECT_EQ(generic_text(0xe3a0000000000180, 52), "BPT.???6");
  EXPECT_EQ(generic_text(0xe3a0000000000180, 61), "BPT.PAUSE_QUIET");
  const auto e = generic_encode("BPT.PAUSE_QUIET", 61);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->word, 0xe3a0000000070180u);  // bits 19:16 PT, as for every row
  EXPECT_FALSE(generic_encode("BPT.PAUSE_QUIET", 52).has_value());
}

// A listing's branch lines read back as their words from the lines' addresses, and print back
// with the address the listing gave them.
TEST(GenericCtrl, ListingLinesReadAndPrintBack) {
  const char* listing =
      "\tcode for sm_52\n"
      "        /*0028*/                   SSY 0x98 ;     /* 0xe290000006800000 */\n"
      "        /*0088*/              @!P0 BRA 0x30 ;     /* 0xe2400ffffa08000f */\n"
      "        /*0090*/                   BRA 0x100 ;\n";
  core::DiagSink sink;
  const auto prog = parse_program(listing, "k.sass", sink, nullptr, 0);
  ASSERT_EQ(prog.size(), 3u);
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(prog[0].raw_word, 0xe290000006800000u);
  EXPECT_EQ(prog[1].raw_word, 0xe2400ffffa08000fu);
  EXPECT_EQ(prog[2].raw_word, 0xe24000000687000fu);
  PrintOptions opt;
  opt.address = 0x88;
  EXPECT_EQ(print_instruction(prog[1], opt), "/*0088*/ @!P0 BRA 0x30 ;");
  opt.address.reset();
  opt.pc = 0x90;
  EXPECT_EQ(print_instruction(prog[2], opt), "BRA 0x100 ;");
  // Without an address the word prints as itself.
  EXPECT_EQ(print_instruction(prog[2]), ".word 0xe24000000687000f ;");
  // texsim's stream form: the address after the control prefix.
  const auto stream =
      parse_program("[B------:R-:W-:-:S05] /*0028*/ SSY 0x98 ;\n", "s.sass", sink, nullptr, 0);
  ASSERT_EQ(stream.size(), 1u);
  EXPECT_EQ(stream[0].raw_word, 0xe290000006870000u);
}

}  // namespace
}  // namespace texsim::isa::sass
