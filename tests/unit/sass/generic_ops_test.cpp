// The generic Maxwell/Pascal table (issue 29): cuobjdump 11.8's own lines of ptxas output print
// and encode both ways, a listing's non-texture lines read back as their words.
#include "isa/sass/generic_ops.hpp"

#include <gtest/gtest.h>

#include "core/diag.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

struct Golden {
  const char* text;
  uint64_t word;
};

// From `cuobjdump -sass` of ptxas 11.8 output for sm_52 (decisions SO1).
constexpr Golden kGolden[] = {
    {"MOV R1, c[0x0][0x20]", 0x4c98078000870001},
    {"S2R R9, SR_TID.X", 0xf0c8000002170009},
    {"S2R R0, SR_CTAID.X", 0xf0c8000002570000},
    {"NOP", 0x50b0000000070f00},
    {"@P0 EXIT", 0xe30000000000000f},
    {"EXIT", 0xe30000000007000f},
    {"MOV32I R7, 0x3f800000", 0x0103f8000007f007},
    {"SEL R7, R7, c[0x2][0x0], P1", 0x4ca0008800070707},
    {"SEL R7, R7, c[0x2][0x4], !P0", 0x4ca0040800170707},
};

TEST(GenericOps, CuobjdumpLinesBothWays) {
  for (const auto& g : kGolden) {
    EXPECT_EQ(generic_text(g.word, 52), g.text) << g.text;
    const auto e = generic_encode(std::string(g.text) + " ;", 52);
    ASSERT_TRUE(e.has_value()) << g.text;
    EXPECT_EQ(e->word, g.word) << g.text;
  }
}

TEST(GenericOps, RejectsWhatNvdisasmDoesNotPrint) {
  EXPECT_FALSE(generic_text(0x6ed4200000070206).has_value());       // nvdisasm rejects it
  EXPECT_FALSE(generic_encode("MOV R1, R2, 0xf").has_value());      // nvdisasm omits mask 0xf
  EXPECT_FALSE(generic_encode("MOV R1, c[0x0][0x2]").has_value());  // offsets are words
  EXPECT_FALSE(generic_encode("SEL R1, R2, R3").has_value());
  EXPECT_FALSE(generic_encode("@P7 EXIT").has_value());
  // Special register 62: SR_CTXADDR on Maxwell, SR_BARRIERALLOC on Pascal, no text without SM.
  EXPECT_EQ(generic_text(0xf0c8000003e70000, 52), "S2R R0, SR_CTXADDR");
  EXPECT_EQ(generic_text(0xf0c8000003e70000, 61), "S2R R0, SR_BARRIERALLOC");
  EXPECT_FALSE(generic_text(0xf0c8000003e70000).has_value());
}

TEST(GenericOps, ReuseFlagsFromTheControlField) {
  EXPECT_EQ(generic_text(0x5ca0000000070102, 52, 3), "SEL R2, R1.reuse, R0.reuse, P0");
  const auto e = generic_encode("SEL R2, R1.reuse, R0.reuse, P0");
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->word, 0x5ca0000000070102u);
  EXPECT_EQ(e->reuse, 3u);
}

TEST(GenericOps, ListingLinesReadAndPrintBack) {
  const char* listing =
      "        /*0008*/                   MOV R1, c[0x0][0x20] ;  /* 0x4c98078000870001 */\n"
      "        /*0010*/                   S2R R9, SR_TID.X ;      /* 0xf0c8000002170009 */\n"
      "        /*0018*/               @P0 EXIT ;                  /* 0xe30000000000000f */\n";
  core::DiagSink sink;
  const auto prog = parse_program(listing, "k.sass", sink, nullptr, 0);
  ASSERT_EQ(prog.size(), 3u);
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(prog[0].raw_word, 0x4c98078000870001u);
  EXPECT_EQ(prog[2].raw_word, 0xe30000000000000fu);
  EXPECT_EQ(print_instruction(prog[1]), "S2R R9, SR_TID.X ;");
  EXPECT_EQ(print_instruction(prog[2]), "@P0 EXIT ;");
}

}  // namespace
}  // namespace texsim::isa::sass
