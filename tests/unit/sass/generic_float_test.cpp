// The float family of the generic Maxwell/Pascal table (issue 29, GF1-GF8): cuobjdump 11.8's own
// lines of ptxas output print and encode both ways; nvdisasm's float immediates and SM rules.
#include <gtest/gtest.h>

#include "isa/sass/generic_ops.hpp"

namespace texsim::isa::sass {
namespace {

struct Golden {
  const char* text;
  uint64_t word;
};

// From `cuobjdump -sass` of `ptxas -arch sm_52` 11.8 output (float, double and conversion PTX).
constexpr Golden kGolden[] = {
    {"I2F.F32.U32 R0, R6", 0x5cb8000000670a00},
    {"FFMA R5, R0, c[0x0][0x148], R5", 0x4980028005270005},
    {"FMUL R5, R5, c[0x0][0x148]", 0x4c68000005270505},
    {"FADD R4, R5, 0.5", 0x3858003f00070504},
    {"FFMA R4, R4, c[0x2][0x0], R5", 0x4980028800070404},
    {"FMUL.FTZ.RZ R4, R4, c[0x2][0x4]", 0x4c68118800170404},
    {"FADD.RM R5, R4, c[0x0][0x148]", 0x4c58008005270405},
    {"FADD R5, -R0, |R5|", 0x5c5b000000570005},
    {"FMNMX R5, R5, c[0x0][0x148], PT", 0x4c60038005270505},
    {"FMNMX.FTZ R0, RZ, R5, !PT", 0x5c6017800057ff00},
    {"FSETP.GEU.AND P0, PT, R0, c[0x0][0x148], PT", 0x4bbe038005270007},
    {"RRO.SINCOS R6, R0", 0x5c90000000070006},
    {"MUFU.SIN R0, R6", 0x5080000000170600},
    {"RRO.EX2 R7, R0", 0x5c90008000070007},
    {"MUFU.EX2 R0, R7", 0x5080000000270700},
    {"FSETP.GT.AND P0, PT, R0, 8.50705917302346158658e+37, PT", 0x36b403fe80070007},
    {"FMUL R0, R0, R5", 0x5c68000000570000},
    {"MUFU.RCP R0, R0", 0x5080000000470000},
    {"FSETP.GEU.AND P0, PT, |R8|, 1.175494350822287508e-38, PT", 0x36be038080070887},
    {"@!P0 FMUL R8, R8, 16777216", 0x3868004b80080808},
    {"MUFU.SQRT R9, R8", 0x5080000000870809},
    {"@!P0 FMUL R9, R9, 0.000244140625", 0x3868003980080909},
    {"MUFU.LG2 R10, R9", 0x508000000037090a},
    {"@!P0 FADD R10, R10, -24", 0x39580041c0080a0a},
    {"FFMA R9, R9, R11, R9", 0x5980048000b70909},
    {"DADD R4, R4, c[0x0][0x150]", 0x4c70000005470404},
    {"DMUL R6, R4, 2", 0x3880004000070406},
    {"DFMA R4, R6, c[0x0][0x150], R4", 0x4b70020005470604},
    {"F2I.U32.F32 R6, R10", 0x5cb0000000a70a06},
    {"DMNMX R4, R4, c[0x0][0x150], !PT", 0x4c50078005470404},
    {"DSETP.GTU.AND P0, PT, R4, 1, PT", 0x368c03bff0070407},
    {"I2F.F32.U16 R8, R6", 0x5cb8000000670608},
    {"F2F.F32.F64 R7, R4", 0x5ca8000000470e07},
    {"@!P0 I2F.F32.S32 R7, R6", 0x5cb8000000682a07},
    {"FADD.SAT R7, RZ, R7", 0x5c5c00000077ff07},
    {"FFMA R10, R8, -c[0x0][0x148], R7", 0x498103800527080a},
    {"I2F.F32.S8 R6, R0", 0x5cb8000000072206},
    {"FSET.GTU.FTZ.AND R11, |R7|, +INF , PT", 0x30cc03ff8007070b},
    {"FSETP.NEU.FTZ.AND P0, PT, |R15|, +INF , PT", 0x36bd83ff80070f87},
    {"@!P0 FFMA R9, R7, 1.84467440737095516160e+19, RZ", 0x32807fdf80080709},
    {"FADD.FTZ R12, -R7, -RZ", 0x5c5930000ff7070c},
    {"FFMA.RM R8, R15, R12, R14", 0x5988070000c70f08},
    {"FFMA.RP R6, R15, R12, R14", 0x5990070000c70f06},
    {"MUFU.RSQ R7, R7", 0x5080000000570707},
    {"FMUL32I.FTZ R6, R6, 0.60000002384185791016", 0x1e23f19999a70606},
    {"FSET.BF.LT.AND R0, R0, c[0x0][0x148], PT", 0x4811038005270000},
};

TEST(GenericFloat, CuobjdumpLinesBothWays) {
  for (const auto& g : kGolden) {
    EXPECT_EQ(generic_text(g.word, 52), g.text) << g.text;
    const auto e = generic_encode(std::string(g.text) + " ;", 52);
    ASSERT_TRUE(e.has_value()) << g.text;
    EXPECT_EQ(e->word, g.word) << g.text;
  }
}

// GF1: nvdisasm's float immediates (FADD32I R0, R0, <float bits>), probed with nvdisasm 11.8.
TEST(GenericFloat, FloatImmediatesAsNvdisasmPrintsThem) {
  const struct {
    uint32_t bits;
    const char* text;
  } kCases[] = {
      {0x3f800000, "1"},
      {0xbf000000, "-0.5"},
      {0x00000000, "0"},
      {0x80000000, "-0.0 "},
      {0x7f800000, "+INF "},
      {0xff800001, "-QNAN "},  // a signalling float NaN reads as quiet
      {0x4e6e6b27, "999999936"},
      {0x4e6e6b28, "1.00000000000000000000e+09"},  // integers from 1e9 on: %.20e
      {0x3dcccccd, "0.10000000149011611938"},      // the rest: %.20g
      {0x38d1b717, "9.9999997473787516356e-05"},
      {0x00000001, "1.4012984643248170709e-45"},
  };
  for (const auto& c : kCases) {
    const uint64_t w = 0x0800000000070000 | uint64_t{c.bits} << 20;
    EXPECT_EQ(generic_text(w, 52), std::string("FADD32I R0, R0, ") + c.text) << c.text;
    const auto e = generic_encode(std::string("FADD32I R0, R0, ") + c.text, 52);
    ASSERT_TRUE(e.has_value()) << c.text;
    EXPECT_EQ(generic_text(e->word, 52), generic_text(w, 52)) << c.text;
  }
  // A double's signalling NaN is SNAN (DFMA's 20-bit immediate, the top of a double).
  EXPECT_EQ(generic_text(0x367c617ff4a7e4ff, 52), "DFMA.RZ RZ, R228, +SNAN , R194");
  // ".NEG" and ".ABS" follow an immediate; "-0.0 " keeps its space inside the operand list.
  EXPECT_EQ(generic_text(0x3381000000070000, 52), "FFMA R0, R0, -0.0 .NEG, R0");
  EXPECT_EQ(generic_text(0x395a203f80070000, 52), "FADD R0, R0, -1.NEG.ABS");
  EXPECT_FALSE(generic_encode("FADD32I R0, R0, 1.0", 52).has_value());  // nvdisasm prints "1"
  EXPECT_FALSE(generic_encode("FADD32I R0, R0, 0x3f800000", 52).has_value());
}

// GF6, GF7, GF8: architecture- and source-dependent texts.
TEST(GenericFloat, ArchitectureAndSourceRules) {
  EXPECT_EQ(generic_text(0x5080000000870809, 52), "MUFU.SQRT R9, R8");
  EXPECT_EQ(generic_text(0x5080000000870809, 50), "MUFU.INVALIDMUFUOPCODE8 R9, R8");
  EXPECT_FALSE(generic_encode("MUFU.SQRT R9, R8", 50).has_value());
  EXPECT_EQ(generic_text(0x5ba4800000070000, 52), "FCMP.FTZ R0, R0, R0, R0");  // GT prints nothing
  EXPECT_EQ(generic_text(0x5cb8040000070600, 52), "I2F.F32.U16 R0, R0.H1");
  EXPECT_EQ(generic_text(0x5cb8040000070200, 52), "I2F.F32.U8 R0, R0.B2");
  EXPECT_EQ(generic_text(0x4cb8020000070200, 52), "I2F.F32.U8 R0, c[0x0] [0x0].B1");
  EXPECT_EQ(generic_text(0x38b0003f80070600, 52), "F2I.U32.F16 R0, -32768");  // a half
  EXPECT_EQ(generic_text(0x38b0003f80070e00, 52), "F2I.U32.F64 R0, 0.0078125");
  for (const char* t : {"FCMP.FTZ R0, R0, R0, R0", "I2F.F32.U16 R0, R0.H1",
                        "I2F.F32.U8 R0, c[0x0] [0x0].B1", "F2I.U32.F16 R0, -32768"}) {
    const auto e = generic_encode(t, 52);
    ASSERT_TRUE(e.has_value()) << t;
    EXPECT_EQ(generic_text(e->word, 52), t);
  }
  EXPECT_FALSE(generic_encode("I2F.F32.U8 R0, R0.H1", 52).has_value());
  // GF9: F2F between equal types rounds as PASS/ROUND..., with an F16 source selects ".H1".
  EXPECT_EQ(generic_text(0x5cac108000070a00, 52), "F2F.FTZ.F32.F32.PASS.SAT R0, R0");
  EXPECT_EQ(generic_text(0x5cac008000070900, 52), "F2F.F16.F32.RM.SAT R0, R0");
  const auto h = generic_encode("F2F.F16.F16.PASS R211, R217.H1", 52);
  ASSERT_TRUE(h.has_value());
  EXPECT_EQ(generic_text(h->word, 52), "F2F.F16.F16.PASS R211, R217.H1");
}

}  // namespace
}  // namespace texsim::isa::sass
