// The video and graphics families of the generic Maxwell/Pascal table (issue 29, decisions GV1-GV9,
// GL1-GL6):
// ptxas 11.8 output (cuobjdump -sass) and nvdisasm 11.8 lines of random words print and encode
// both ways.
#include <gtest/gtest.h>

#include <string>

#include "isa/sass/generic_ops.hpp"

namespace texsim::isa::sass {
namespace {

struct Golden {
  const char* text;
  uint64_t word;
};

// `cuobjdump -sass` of ptxas 11.8 -arch sm_52 for a PTX kernel with vadd, vsub, vmad, vset,
// vshl, vshr (".reuse" flags, which come from the control word, left out).
constexpr Golden kPtxas[] = {
    {"VSHL.UD.U32.U32 R6, R0, R5, RZ", 0x573c7fe060570006},
    {"VSHR.W.MIN R7, R0, R5, R6", 0x566f036060570007},
    {"VSET.LT.S32.U32 R6, R0, R5, RZ", 0x407d7fe060570006},
    {"VMAD.S8.S8.SHR_7.SAT R9, -R0, R5.B1, R7", 0x5fcf038010570009},
    {"VSET.NE.S8.S32.ACC R6, R0.B1, R5, R6", 0x4167031060570006},
    {"VSET.EQ.U8.U32 R0, R0.B2, R9, RZ", 0x40bc7fa060970000},
    {"VADD R6, R9, -R6, RZ", 0x217f7fe060670906},
};

// nvdisasm -b SM52 -novliw of random words of each opcode (census words, GV1-GV6).
constexpr Golden kNvdisasm[] = {
    {"@!P2 VADD.S8.U16.ACC R120, R138.B2, -0x2409, R160", 0x21615022409a8a78},
    {"@!P0 VADD.UD.INVALIDSEL7.U16.MRG_16H R175, R247, 0xd41, R66", 0x20012170d418f7af},
    {"@P3 VADD.UD.U8.S16.MRG_8B0 R232, R202, -R242, R251", 0x21167d8fcf23cae8},
    {"@!P1 VADD.U8.S8.PO.SAT.MRG_8B0 R103, R180.B3, R151.B3, R96", 0x23d63035b979b467},
    {"@P3 VABSDIFF.SD.INVALIDSEL6.S32.MIN R124, R129, R60, R50", 0x546e197b63c3817c},
    {"@!P5 VABSDIFF.S16.U8.MIN R91.CC, R41.H1, R223.B2, R77", 0x542da6d0adfd295b},
    {"@!P1 VABSDIFF.SD.S8.U8.SAT.MRG_16H R78, R175.B1, R204.B1, R217", 0x54c56c9a9cc9af4e},
    {"@!P2 VMAD.INVALIDSEL7.S32.INVALIDVMADSCALE3 R58, R79, R99, -R71", 0x5f3f23f3663a4f3a},
    {"@!P4 VMAD.U8.U8.PO R133.CC, R194.B3, R215.B1, R171", 0x5f64d5b09d7cc285},
    {"@!P0 VMAD.U8.U8.SHR_7.SAT R68.CC, R88.B1, R1, -R46", 0x5fac971a80185844},
    {"@!P4 VMNMX.INVALIDSEL7.U8.MRG_16H R123, R19, R179.B1, R145", 0x3a4548f21b3c137b},
    {"@P2 VMNMX.INVALIDSEL7.U16.MRG_8B0 R248, R139, 0x4b77, R199", 0x3a5163f4b7728bf8},
    {"@P2 VMNMX.UD.U16.U16.MRG_8B2 R212.CC, R180, 0x7809, R33", 0x3a1890c78092b4d4},
    {"VSET.LE.U8.S16.ACC R115.CC, R206, -0x5e43, R68", 0x40e2a20a1bd7ce73},
    {"@P4 VSET.LT.S8.INVALIDSEL6 R113.CC, R81.B1, R225, R119", 0x407dbb94fe145171},
    {"@!P5 VSET.NE.S32.U8.MRG_8B0 R235.CC, R55, R141.B2, R175", 0x4155d7ef28dd37eb},
    {"@P0 VSETP.LT.U16.S16.XOR P1, P6, R108.H1, 0x38e4, P1", 0x50f248d38e406c8e},
    {"@!PT VSETP.GE.U8.S16.AND P0, P3, R183.B2, R241.H1, P2", 0x50f69129df1fb783},
    {"@!P0 VSETP.GE.S16.S8.AND P0, PT, R15, R30, P5", 0x50f792c601e80f47},
    {"@P1 VSHL.UD.S16.INVALIDSEL7.W.ACC R5.CC, R56, R173, R174", 0x5727d740fad13805},
    {"@P2 VSHL.S8.INVALIDSEL7.W.ACC R94, R253.B2, R238, R26", 0x57670d2ffee2fd5e},
    {"@P5 VSHL.S16.U32.SAT.ACC R12, R104, R47, R149", 0x57e54acc62f5680c},
    {"@!P4 VSHR.UD.U8.U16.W.SAT R108.CC, R83.B3, R227.H1, R244", 0x56befa395e3c536c},
    {"@P1 VSHR.U8.U16.SAT.MAX R138, R228, R12.H1, R159", 0x56f44f8150c1e48a},
    {"@!P2 VSHR.SAT.MRG_16H R97, R49, 0x9a4b, R44", 0x56c11669a4ba3161},
    {"RAM", 0xe38a59aa51cfa14e},
    {"SAM", 0xe37337bdd53dac3e},
    {"IDE.EN 0x5aa2", 0xe39cc1b5aa2a9cdb},
    {"IDE 0x3ab", 0xe39cdcf03abf117a},
    {"STP.WAIT 0xfb", 0xeea46c44afba8f09},
    {"STP 0xeb", 0xeea4b3375eb8b663},
    {"@P3 B2R.INVALID R154, 0xa7", 0xf0bf6fcb1583a79a},
    {"@!PT B2R R109, 0x4d", 0xf0b973ecaeef4d6d},
    {"B2R.RESULT R0, P5", 0xf0b8a0010007ff00},
    {"B2R.WARP R0", 0xf0b800020007ff00},
    {"@!P4 R2B.INVALID 0x4, R214", 0xf0c29d2f4d6c5528},
    {"@!P3 R2B.WARP 0xa, R25", 0xf0c6ace2a19b2ad0},
    {"@P0 OUT.EMIT R172, R58, -0x31192", 0xf7e700cee6e03aac},
    {"@P4 OUT.INVALIDOUTSTYPE0 R224, R234, c[0x16][-0x37bc]", 0xebe1925b2114eae0},
    {"@!P6 OUT.EMIT_THEN_CUT R156, R33, 0x47764", 0xf6e6f9c7764e219c},
    {"@!P5 IPA.IDX.CONSTANT.SAT R39, a[R230], R34, R72, P4", 0xe08a244f222de627},
    {"@P2 IPA.IDX.CONSTANT.OFFSET R161, a[R173], R22, !P2", 0xe0a57fed3162ada1},
    {"@!P2 IPA.OFFSET R106, a[0x38e], R161, R186", 0xe063dd38ea1aff6a},
    {"@!P5 IPA.IDX.PASS R61, a[R144], R203, R156, PT", 0xe003ce720cbd903d},
    {"@P0 CCTL.E.RSLB [R205+-0x5a5e0340]", 0xef7a5a1fcc00cd89},
    {"CCTL.IVALL", 0xef6000000007ff06},
    {"CCTL.E.QRY1[R0+0x4]", 0xef70000000470000},
    {"CCTL.QRY1[0xffffffc0]", 0xef6ffffffc07ff00},
    {"@P5 CCTLL.PF1 [R120+0x315e5c]", 0xef805315e5e57801},
    {"CCTLL.IVALL", 0xef8000000007ff06},
    {"CCTLL.PF1 [R0+-0x40]", 0xef80fffffc070001},
    {"@P3 FSWZADD.FTZ.NDV R230.CC, R176, R187, PPPNNPZP", 0x50fbf6427bb3b0e6},
    {"@!P6 FSWZADD.RP.NDV R232, R252, R1, PPNPNPNP", 0x50ff4b61501efce8},
};

// `cuobjdump -sass` of ptxas 11.8: vabsdiff4 (sm_52 and sm_61) and dp4a/dp2a (sm_61) (GL1, GL2).
constexpr Golden kPtxasL[] = {
    {"VABSDIFF4.U8.U8.ACC R6, R0, R5, R6", 0x5038033440570006},
    {"VABSDIFF4.U8.U8.ACC R0, R0, R5, R6", 0x5038033440570000},
};
constexpr Golden kPtxasIdp[] = {
    {"IDP.4A.U8.U8 R6, R0, R5, R6", 0x53f8030000570006},
    {"IDP.4A.S8.U8 R6, R0, R5, R6", 0x53fa030000570006},
    {"IDP.2A.LO.S16.S8 R6, R0, R5, R6", 0x53fb830000570006},
    {"IDP.2A.HI.U16.S8 R0, R0, R5, R6", 0x53fd830000570000},
};

// nvdisasm -b SM52 -novliw (IDP: SM61) of random words and single-bit flips of them (GL1-GL5).
constexpr Golden kNvdisasmL[] = {
    {"@P6 VABSDIFF4.SD.SAT R121.CC, R31, R208.7777, R141", 0x501fc6f43d061f79},
    {"@P4 VABSDIFF4.SD.U8.U8.SAT.XW R120, R122.1111, 0xc1, R145", 0x500c48e1fc147a78},
    {"@!P3 VABSDIFF4.SD.S8.U8.INVALIDRED2.XYW R64, R249, R183.INVALIDBSEL4C, R34",
     0x50591164cb7bf940},
    {"@!PT VABSDIFF4.U8.U8.SAT.INVALIDRED2.W R116, R137.2310, R151.7777, R22", 0x50440b2d397f8974},
    {"@P6 VABSDIFF4.SD.SAT R121.CC, R31, -0x30, R141", 0x501fc6f4fd061f79},
    {"@P6 VABSDIFF4.SD.SAT.???0 R121.CC, R31, R208.7777, R141", 0x5007c6c43d061f79},
    {"@P6 VABSDIFF4.SD.SAT R121.CC, R31.INVALIDASEL4F, R208.7777, R141", 0x501fc6ff3d061f79},
    {"@P6 VABSDIFF4.SD.SAT.INVALIDRED3 R121.CC, R31, R208.7777, R141", 0x507fc6f43d061f79},
    {"@P6 CCTLT.IVTH R106", 0xebee35210c56a92d},
    {"@P6 CCTLT.INVALIDCCTLTOP3 0x1555", 0xebf3555938667817},
    {"@P3 CCTLT.INVALIDCCTLTOP2 R209", 0xebebe8ad6df3fece},
    {"@!P3 CCTLT.IVALL", 0xebf2000dcd9b70a8},
    {"@P6 ISBERD.O.SKEW R38, [R230]", 0xefd01861b926e626},
    {"@P6 ISBERD.O.PATCH.U16 R79, [R91]", 0xefd0b9632a565b4f},
    {"@!P3 ISBERD.PRIM.SKEW.32 R153, [R245]", 0xefd57cbcceabf599},
    {"@P6 ISBERD.O.SKEW.???3 R38, [R230]", 0xefd19861b926e626},
    {"@P1 PIXLD.MY_INDEX R51, P0, [R66+0x38]", 0xefe9022293814233},
    {"@!P0 PIXLD R65, [R240+0x71]", 0xefe9e1704718f041},
    {"@!P6 PIXLD.INVALID0 R177, P0, [R147+-0x1e]", 0xefee0ac35e2e93b1},
    {"@!PT PIXLD.OFFSET R43, P0, [R47+-0x5a]", 0xefea070dca6f2f2b},
    {"@P1 PIXLD.MY_INDEX R51, P0, [0xc8]", 0xefe902229c81ff33},
    {"@P2 AL2P P3, R88, R28, 0x223", 0xefa03cb2a2321c58},
    {"@!P4 AL2P R53, R9, 0x14", 0xefa67c6e814c0935},
    {"@!P0 AL2P P3, R186, R116, -0x254", 0xefa23c1adac874ba},
    {"@P4 AL2P.O.96 P1, R74, R65, 0xdb", 0xefa7178d8db4414a},
    {"@P2 AL2P P3, R88, 0x263", 0xefa03cb2a632ff58},
    {"@P0 AL2P.O.64 R0, R0", 0xefa0ffff80000000},
    {"@P0 ALD.O.P.64 R99, a[R190+-0x38], R227", 0xefdef1a1fc80be63},
    {"@P4 ALD.P.96 R146, a[R0+0x1fa], R59", 0xefdd1ddc9fa40092},
    {"@P0 ALD.O.PHYS.64 R99, a[R190]", 0xefdeffa10000be63},
    {"@P0 ALD.O.64 R99, a[0x3c8]", 0xefdeffa17c80ff63},
    {"@P0 ALD.O.P.64 R99, a[RZ], R227", 0xefdef1a18000ff63},
    {"@P5 AST.P.96 a[R94+-0x1dc], R26, R245", 0xeff17acfe2455e1a},
    {"@!PT AST.P.128 a[R61+-0x23c], R151, R14", 0xeff5877adc4f3d97},
    {"@P5 AST.PHYS.96 a[R94], R26", 0xeff17fcf00055e1a},
    {"@P5 AST.96 a[0x224], R26", 0xeff17fcf6245ff1a},
    {"@P0 AST.PHYS a[R0], R0, R0", 0xeff0000000000000},
};
constexpr Golden kNvdisasmIdp[] = {
    {"@!P6 IDP.4A.S8.S8 R127, R76, R252, R16", 0x53fa882e9fce4c7f},
    {"@P4 IDP.2A.LO.S16.S8 R150, R202, c[0x16][-0x24f4], R209", 0x53dbe8db6c34ca96},
};

// Each text prints from its word, and encodes to a word that prints it back; a word whose bits all
// lie in printed fields encodes to itself.
void both_ways(const Golden& g, unsigned sm) {
  EXPECT_EQ(generic_text(g.word, sm), g.text) << g.text;
  const auto e = generic_encode(std::string(g.text) + " ;", sm);
  ASSERT_TRUE(e.has_value()) << g.text;
  EXPECT_EQ(generic_text(e->word, sm), g.text) << g.text;
}

TEST(GenericVideo, PtxasLinesBothWays) {
  for (const unsigned sm : {52u, 61u}) {
    for (const auto& g : kPtxas) {
      both_ways(g, sm);
      EXPECT_EQ(generic_encode(g.text, sm)->word, g.word) << g.text;
    }
  }
}

TEST(GenericVideo, NvdisasmLinesBothWays) {
  for (const auto& g : kNvdisasm) both_ways(g, 52);
}

// nvdisasm probes (GV1-GV4): what prints differently by architecture, sign or value.
TEST(GenericVideo, ProbedForms) {
  // S16 immediates print signed where the opcode compares or takes a difference, not in VADD/VMAD.
  EXPECT_EQ(generic_text(0x3a02000800070000, 52), "VMNMX.UD.U8.S16.MRG_16H R0, R0, -0x8000, R0");
  EXPECT_EQ(generic_text(0x2002000800070000, 52), "VADD.UD.U8.S16.MRG_16H R0, R0, 0x8000, R0");
  EXPECT_EQ(generic_encode("VSETP.F.U8.S16.AND P0, P0, R0, -0x8000, P0", 52)->word,
            0x50f2000800070000u);
  // A negated zero immediate prints without '-'.
  EXPECT_EQ(generic_text(0x2100000000070000, 52), "VADD.UD.U8.U16.MRG_16H R0, R0, 0x0, R0");
  // S32 with a 32-bit B omits both types; VMAD keeps them from SM60 on.
  EXPECT_EQ(generic_text(0x5f871ce06f45f297, 52), "@P5 VMAD.SAT R151, R242, R244, R57");
  EXPECT_EQ(generic_text(0x5f871ce06f45f297, 60), "@P5 VMAD.S32.S32.SAT R151, R242, R244, R57");
  EXPECT_EQ(generic_encode("VMAD.S32.S32.SAT R151, R242, R244, R57", 60)->word,
            generic_encode("VMAD.SAT R151, R242, R244, R57", 52)->word);
  // A selector that contradicts the type does not encode; RAM has no guard.
  EXPECT_FALSE(generic_encode("VADD.U8.U8 R0, R1.H1, R2, R3", 52).has_value());
  EXPECT_FALSE(generic_encode("@P0 RAM", 52).has_value());
  // B2R's .RESULT and .WARP exist only with bits 15:8 all ones.
  EXPECT_FALSE(generic_text(0xf0b8000100070000, 52).has_value());
  // CCTL.QRY1 prints no space before its address; the text with one encodes too (spaces aside).
  EXPECT_EQ(generic_encode("CCTL.E.QRY1[R0+0x4]", 52)->word, 0xef70000000470000u);
  EXPECT_FALSE(generic_text(0xef6000000007ff08, 52).has_value());  // operation 8
  EXPECT_FALSE(generic_text(0xef60000000470006, 52).has_value());  // IVALL with an address
  // IPA without .IDX takes its attribute from bits 37:28 and only with Ra = RZ.
  EXPECT_EQ(generic_text(0xe0000003f007ff00, 52), "IPA.PASS R0, a[0x3f], R0, R0, P0");
  EXPECT_FALSE(generic_text(0xe0000003f0070000, 52).has_value());
}

TEST(GenericLast, PtxasLinesBothWays) {
  for (const unsigned sm : {52u, 61u}) {
    for (const auto& g : kPtxasL) {
      both_ways(g, sm);
      EXPECT_EQ(generic_encode(g.text, sm)->word, g.word) << g.text;
    }
  }
  for (const auto& g : kPtxasIdp) {
    both_ways(g, 61);
    EXPECT_EQ(generic_encode(g.text, 61)->word, g.word) << g.text;
  }
}

TEST(GenericLast, NvdisasmLinesBothWays) {
  for (const auto& g : kNvdisasmL) both_ways(g, 52);
  for (const auto& g : kNvdisasmIdp) both_ways(g, 62);
}

// nvdisasm probes (GL1-GL5): the forms nvdisasm rejects or spells by context.
TEST(GenericLast, ProbedForms) {
  // IDP exists from SM61 on; .4A rejects bit 50 (.2A's .HI).
  EXPECT_FALSE(generic_text(0x53f8030000570006, 60).has_value());
  EXPECT_FALSE(generic_encode("IDP.4A.U8.U8 R6, R0, R5, R6", 60).has_value());
  EXPECT_FALSE(generic_text(0x53fc030000570006, 61).has_value());
  // VABSDIFF4: both S8 omit the types; B's selector 15 is an immediate, signed with S8.
  EXPECT_EQ(generic_encode("VABSDIFF4.SD.SAT R121.CC, R31, -0x30, R141", 52)->word &
                0x0003'0000'ff00'0000,
            0x0003'0000'fd00'0000u);
  EXPECT_FALSE(generic_encode("VABSDIFF4.U8.U8 R0, R1, -0x30, R2", 52).has_value());
  EXPECT_FALSE(generic_encode("VABSDIFF4.S8.S8 R0, R1, R2, R3", 52).has_value());
  // CCTLT's operation 0 is IVALL, only in the immediate form with the immediate 0.
  EXPECT_FALSE(generic_text(0xebe8000000070000, 52).has_value());
  EXPECT_FALSE(generic_text(0xebf0001000070000, 52).has_value());
  EXPECT_EQ(generic_encode("CCTLT.IVALL", 52)->word, 0xebf0000000070000u);
  // ALD/AST without .P: a register base takes no offset (.PHYS); RZ prints bits 29:20 alone.
  EXPECT_FALSE(generic_text(0xefd8000000170100, 52).has_value());
  EXPECT_EQ(generic_text(0xefd8000000070000, 52), "ALD.PHYS R0, a[R0], R0");
  EXPECT_EQ(generic_text(0xefd800007ff7ff00, 52), "ALD R0, a[0x3ff], R0");
  // AL2P omits RZ and a zero offset; with RZ the offset is unsigned.
  EXPECT_EQ(generic_text(0xefa0700047f7ff00, 52), "AL2P R0, 0x7f");
}

}  // namespace
}  // namespace texsim::isa::sass
