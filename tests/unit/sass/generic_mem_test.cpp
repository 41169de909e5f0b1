// The mem family of the generic Maxwell/Pascal table (issue 29, decisions GM1-GM6): cuobjdump and
// nvdisasm 11.8 lines of ptxas output (loads, stores, atomics, barriers) print and encode both
// ways.
#include <gtest/gtest.h>

#include <string>

#include "isa/sass/generic_ops.hpp"

namespace texsim::isa::sass {
namespace {

struct Golden {
  const char* text;
  uint64_t word;
};

// From `cuobjdump -sass` / `nvdisasm -novliw -hex` of ptxas 11.8 -arch sm_52 output for a PTX
// kernel with ld/st global, shared, local and generic, atom/red global and shared, membar and
// bar.sync (the same words come out of -arch sm_61).
constexpr Golden kGolden[] = {
    {"LDG.E.S16 R7, [R4+-0x8]", 0xeed32fffff870407},
    {"LDG.E.CI R16, [R4]", 0xeed4a00000070410},
    {"LDG.E.U8 R10, [R4+0x3]", 0xeed020000037040a},
    {"STL.64 [R1+0x8], R6", 0xef55000000870106},
    {"LDL R0, [R1+0x8]", 0xef44000000870100},
    {"STS [R25], R16", 0xef5c000000071910},
    {"STS.U8 [R25+0x1], R10", 0xef5800000017190a},
    {"LDS.U.32 R17, [R25+0x4]", 0xef4c100000471911},
    {"LDS.U.64 R20, [0x8]", 0xef4d10000087ff14},
    {"BAR.SYNC 0x0", 0xf0a81b8000070000},
    {"MEMBAR.CTA", 0xef98000000070000},
    {"MEMBAR.GL.IVALLD", 0xef98000000070101},
    {"MEMBAR.SYS.IVALLD", 0xef98000000070201},
    {"ATOM.E.ADD R8, [R2], R0", 0xed01000000070208},
    {"ATOM.E.CAS R8, [R2+0x4], R8, R9", 0xeef1000040870208},
    {"ATOM.E.EXCH R23, [R2+0x8], R8", 0xed81000080870217},
    {"ATOM.E.ADD.U64 R12, [R4], R6", 0xed0500000067040c},
    {"ATOM.E.CAS.64 R14, [R4+0x8], R12, R14", 0xeef3000080c7040e},
    {"ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R17", 0xed07000101170200},
    {"ATOM.E.AND.U64 RZ, [R4+0x18], R14", 0xed55000180e704ff},
    {"ATOMS.ADD R10, [R25], R10", 0xec00000000a7190a},
    {"ATOMS.CAS R29, [RZ], R10, R11", 0xee40000000a7ff1d},
    {"RED.E.MAX.S32 [R2], R23", 0xebf9000001170217},
    {"RED.E.ADD [R2+0x14], R8", 0xebf9000140070208},
    {"STG.E [R2], R0", 0xeedc200000070200},
    {"STG.E.64 [R2+0x8], R28", 0xeedd20000087021c},
    {"STG.E.U8 [R2+0x1], R20", 0xeed8200000170214},
    {"LD.E R4, [R18], P0", 0x8090000000071204},
    {"ST.E [R18+0x4], R4, P0", 0xa090000000471204},
};

TEST(GenericMem, CuobjdumpLinesBothWays) {
  for (const unsigned sm : {52u, 61u}) {
    for (const auto& g : kGolden) {
      EXPECT_EQ(generic_text(g.word, sm), g.text) << g.text;
      const auto e = generic_encode(std::string(g.text) + " ;", sm);
      ASSERT_TRUE(e.has_value()) << g.text;
      EXPECT_EQ(e->word, g.word) << g.text;
    }
  }
}

// nvdisasm probes (GM2-GM6): what prints differently by architecture, base register or value.
TEST(GenericMem, ProbedForms) {
  // An RZ base prints the offset alone, unsigned; LDC's offset stays signed.
  EXPECT_EQ(generic_text(0xeed00ffffff7ff00, 52), "LDG.U8 R0, [0xffffff]");
  EXPECT_EQ(generic_text(0xeed000000007ff00, 52), "LDG.U8 R0, [RZ]");
  EXPECT_EQ(generic_text(0xef9000fffff7ff00, 52), "LDC.U8 R0, c[0xf][-0x1]");
  EXPECT_EQ(generic_text(0x8008000000f7ff00, 52), "LD.U8 R0, [0x8000000f], P0");
  // LDG with a predicate destination (stored complemented) is SM52+.
  EXPECT_EQ(generic_text(0xeec8000000070000, 52), "LDG.U8 PT, R0, [R0]");
  EXPECT_EQ(generic_text(0xeec8020000070000, 52), "LDG.U8 P6, R0, [R0]");
  EXPECT_FALSE(generic_text(0xeec8000000070000, 50).has_value());
  // ATOM's type 4 is .U128 on SM50, .F16x2.FTZ.RN on SM52, .F16x2.RN on SM60+.
  EXPECT_EQ(generic_text(0xed08000000070000, 50), "ATOM.ADD.U128 R0, [R0], R0");
  EXPECT_EQ(generic_text(0xed08000000070000, 52), "ATOM.ADD.F16x2.FTZ.RN R0, [R0], R0");
  EXPECT_EQ(generic_text(0xed08000000070000, 61), "ATOM.ADD.F16x2.RN R0, [R0], R0");
  EXPECT_EQ(generic_text(0xed0c000000070000, 61), "ATOM.ADD.F64.RN R0, [R0], R0");
  // .E and .EXCH both start with ".E": each row of ATOM takes one of them.
  EXPECT_EQ(generic_encode("ATOM.EXCH R23, [R2+0x8], R8", 52)->word, 0xed80000080870217u);
  // ATOM.CAS: the pair's second register is Rb + 1 (+ 2 for .64); R255 in a pair has no text.
  EXPECT_EQ(generic_text(0xeef000000fd70000, 52), "ATOM.CAS R0, [R0], R253, R254");
  EXPECT_FALSE(generic_text(0xeef000000fe70000, 52).has_value());
  EXPECT_EQ(generic_text(0xeef400000ff70000, 52), "ATOM.CAS R0, [R0], RZ, RZ");
  EXPECT_FALSE(generic_encode("ATOM.CAS R0, [R0], R0, R5", 52).has_value());
  // DEPBAR's scoreboard mask; BAR.SYNCALL prints no guard.
  EXPECT_EQ(generic_text(0xf0f000002c070033, 52), "DEPBAR.LE SB3, 0x0, {5,4,1,0}");
  EXPECT_EQ(generic_encode("DEPBAR.LE SB3, 0x0, {5,4,1,0}", 52)->word, 0xf0f000002c070033u);
  EXPECT_EQ(generic_text(0xf0a803840ff30000, 52), "BAR.SYNCALL");
  EXPECT_EQ(generic_encode("BAR.SYNCALL", 52)->word, 0xf0a803840ff70000u);
  EXPECT_FALSE(generic_encode("@P0 BAR.SYNCALL", 52).has_value());
}

}  // namespace
}  // namespace texsim::isa::sass
