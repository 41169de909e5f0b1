// The int family of the generic Maxwell/Pascal table (issue 29, decisions GI1-GI9): cuobjdump
// 11.8's lines of ptxas output both ways, and nvdisasm's spellings of the odd encodings.
#include <gtest/gtest.h>

#include "isa/sass/generic_ops.hpp"

namespace texsim::isa::sass {
namespace {

struct Golden {
  const char* text;
  uint64_t word;
};

// From `cuobjdump -sass` of ptxas 11.8 output (sm_52 and sm_61) for two PTX kernels of integer
// arithmetic (mad/mul.hi/lop3/shf/bfe/bfi/min/max/popc/clz/prmt/vote/slct/64-bit shifts and
// products, clock64); ".reuse" left out (the control word's, tested below).
constexpr Golden kGolden[] = {
    {"XMAD R0, R2, c[0x0] [0x8], R0", 0x4e00000000270200},
    {"XMAD.MRG R3, R2, c[0x0] [0x8].H1, RZ", 0x4f107f8000270203},
    {"XMAD.PSL.CBCC R0, R2.H1, R3.H1, R0", 0x5b30001800370200},
    {"ISETP.GE.U32.AND P0, PT, R0, c[0x0][0x148], PT", 0x4b6c038005270007},
    {"XMAD R4, R5, c[0x0] [0x148], RZ", 0x4e007f8005270504},
    {"XMAD R7, R5, c[0x0] [0x148].H1, RZ", 0x4e107f8005270507},
    {"XMAD R8, R5.H1, c[0x0] [0x148].H1, RZ", 0x4e307f8005270508},
    {"XMAD R10, R5, R0, RZ", 0x5b007f800007050a},
    {"XMAD.U16.S16 R11, R5, R0.H1, RZ", 0x5b027f880007050b},
    {"XMAD.CHI R9, R5.H1, c[0x0] [0x148], R4", 0x4e28020005270509},
    {"XMAD.S16.S16.CSFU R12, R5.H1, R0.H1, RZ", 0x5b2f7f880007050c},
    {"XMAD.S16.U16.CHI R10, R5.H1, R0, R10", 0x5b2905000007050a},
    {"IADD3.RS R6, R9, R7, R8", 0x5cc0042000770906},
    {"LOP3.LUT R6, R4, c[0x2][0x0], R6, 0xec", 0x02ec030800070406},
    {"LOP.XOR R6, R6, R7", 0x5c47040000770606},
    {"LOP.PASS_B R6, RZ, ~R6", 0x5c4707000067ff06},
    {"LOP3.LUT R6, R6, R5, R4, 0x96", 0x5be7020960570606},
    {"BFI R4, R10, 0x808, R0", 0x36f0000080870a04},
    {"IADD32I R9, R6, 0xbc614e", 0x1c000bc614e70609},
    {"SHF.L.W R6, R9, R0, R6", 0x5bfc030000070906},
    {"SHF.R R6, R6, 0x7, R9", 0x38f8048000770606},
    {"BFE R4, R6, R4", 0x5c01000000470604},
    {"BFE.U32 R6, R6, 0x503", 0x3800000050370606},
    {"IMNMX.U32 R4, R5, R4, PT", 0x5c20038000470504},
    {"IMNMX R4, R7, R4, !PT", 0x5c21078000470704},
    {"FLO.U32 R6, R4", 0x5c30000000470006},
    {"POPC R5, R4", 0x5c08000000470005},
    {"IADD32I R6, -R6, 0x1f", 0x1d00000001f70606},
    {"PRMT R9, R4, 0x3210, R5", 0x36c0028321070409},
    {"PRMT R0, R9, R0, R6", 0x5bc0030000070900},
    {"IADD3 R5, R6, R0, R5", 0x5cc0028000070605},
    {"ISETP.GE.AND P2, PT, R5, R7, PT", 0x5b6d038000770517},
    {"ISETP.EQ.U32.OR P1, PT, R0, 0x7, !P2", 0x366425000077000f},
    {"VOTE.ANY R0, PT, !P2", 0x50d9e50000070000},
    {"VOTE.ALL P0, P1", 0x50d80080000700ff},
    {"ISETP.LT.AND P0, PT, R5, R7, P0", 0x5b63000000770507},
    {"XMAD R5, R0, R6, R5", 0x5b00028000670005},
    {"XMAD.MRG R6, R0, R6.H1, RZ", 0x5b007fa800670006},
    {"BFE.U32.BREV R6, R0, 0x2000", 0x3800010200070006},
    {"SHF.L.U64 R13, R4, R14, R5", 0x5bf802c000e7040d},
    {"SHF.R.U64 R10, R4, 0xd, R5", 0x38f802c000d7040a},
    {"SHF.R.S64 R4, R0, R7, R13", 0x5cf806e000770004},
    {"ICMP.GE R5, R0, R7, R14", 0x5b4d070000770005},
    {"XMAD R11, R10, R4.H1, RZ", 0x5b007f8800470a0b},
    {"ISETP.GE.U32.AND P2, PT, R0, R9, PT", 0x5b6c038000970017},
    {"ISETP.NE.U32.AND P1, PT, R5, c[0x0][0x148], PT", 0x4b6a03800527050f},
    {"XMAD.CHI R12, R10.H1, R4, R7", 0x5b28038000470a0c},
    {"XMAD R10, R10.H1, R4.H1, RZ", 0x5b207f8800470a0a},
    {"ISETP.GT.XOR P0, PT, R5, RZ, !P2", 0x5b6945000ff70507},
    {"ISETP.EQ.U32.OR P3, PT, R0, 0x63, P1", 0x366420800637001f},
    {"ISETP.GT.AND P3, PT, R5, RZ, PT", 0x5b6903800ff7051f},
    {"BFE R10, R6, 0x1800", 0x380100018007060a},
    {"CS2R R0, SR_CLOCKLO", 0x50c8000005070000},
    {"CS2R R0, SR_CLOCKHI", 0x50c8000005170000},
    {"ISETP.NE.U32.AND P0, PT, R0, R5, PT", 0x5b6a038000570007},
};

TEST(GenericInt, CuobjdumpLinesBothWays) {
  for (const auto& g : kGolden) {
    EXPECT_EQ(generic_text(g.word, 52), g.text) << g.text;
    const auto e = generic_encode(std::string(g.text) + " ;", 52);
    ASSERT_TRUE(e.has_value()) << g.text;
    EXPECT_EQ(e->word, g.word) << g.text;
  }
}

// nvdisasm 11.8's text of words ptxas does not emit (probes, decisions GI1-GI6): each prints so,
// and its text encodes to a word that prints the same.
constexpr Golden kProbes[] = {
    {"ISETP.F.U32.XOR P0, P0, R0, R0, P0", 0x5b60400000070000},  // ".XOR" is not ".X" + "OR"
    {"@P0 XMAD.S16.S16.CLO R6, R230, -0x1e3c, R103", 0x3607338e1c40e606},  // signed imm b
    {"XMAD R0, R0, c[0x0] [0x0], R0", 0x4e00000000070000},
    {"IMAD.HI.PO.SAT.X R0, R0, R0, R0", 0x5a7f000000070000},  // both signed: no .S32.S32
    {"@!P5 IADD32I.PO.SAT.X R0.CC, R49, -0x1f1daa61", 0x1dfe0e2559fd3100},
    {"IMADSP.S16H1.S16H0.S16H0 R0, R0, R0, R0", 0x5af7000000070000},
    {"VOTE.VTG.A 0xe1a84f6", 0x50e1e1a84f67055a},
    {"R2P CC, R0.B3, 0x0", 0x38f0070000070000},
};

TEST(GenericInt, NvdisasmSpellingsOfOddEncodings) {
  for (const auto& g : kProbes) {
    EXPECT_EQ(generic_text(g.word, 52), g.text) << g.text;
    const auto e = generic_encode(g.text, 52);
    ASSERT_TRUE(e.has_value()) << g.text;
    EXPECT_EQ(generic_text(e->word, 52), g.text) << g.text;
  }
  // The .PO rows take only texts with ".PO": a plain IMAD is the other row's.
  const auto plain = generic_encode("IMAD.U32.U32 R0, R0, R0, R0", 52);
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->word, 0x5a00000000070000u);
}

TEST(GenericInt, RejectsWhatNvdisasmRejects) {
  EXPECT_FALSE(generic_text(0x5a98000000070000, 52).has_value());  // IMADSP c type 3
  EXPECT_FALSE(generic_text(0x1c80000000070000, 52).has_value());  // IADD32I bit 55 alone
  EXPECT_FALSE(generic_encode("XMAD R0, R0, c[0x0][0x0], R0", 52).has_value());  // no space
  EXPECT_FALSE(generic_encode("LOP.AND P0, R0, R0, -R0", 52).has_value());       // '~', not '-'
  EXPECT_FALSE(generic_encode("LOP3.LUT R0, R0, R0, R0", 52).has_value());       // no LUT
}

TEST(GenericInt, ReuseFlagsAfterTheHalfSelect) {
  EXPECT_EQ(generic_text(0x5b30001800370200, 52, 3),
            "XMAD.PSL.CBCC R0, R2.H1.reuse, R3.H1.reuse, R0");
  const auto e = generic_encode("XMAD.PSL.CBCC R0, R2.H1.reuse, R3.H1.reuse, R0", 52);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->word, 0x5b30001800370200u);
  EXPECT_EQ(e->reuse, 3u);
  // nvdisasm prints no ".reuse" on IMAD/IMUL or on FLO's and POPC's source (decision GI7).
  EXPECT_EQ(generic_text(0x5a00000000070000, 52, 7), "IMAD.U32.U32 R0, R0, R0, R0");
  EXPECT_EQ(generic_text(0x5c08000000070000, 52, 7), "POPC R0, R0");
  EXPECT_EQ(generic_text(0x5c40000000070000, 52, 7), "LOP.AND P0, R0, R0.reuse, R0.reuse");
}

}  // namespace
}  // namespace texsim::isa::sass
