// The half-precision and surface families of the generic Maxwell/Pascal table (issue 29, GH1-GH7):
// cuobjdump 11.8's own lines of ptxas output print and encode both ways; nvdisasm's SM rules.
#include <gtest/gtest.h>

#include "isa/sass/generic_ops.hpp"

namespace texsim::isa::sass {
namespace {

struct Golden {
  const char* text;
  uint64_t word;
};

// From `cuobjdump -sass` of `ptxas -arch sm_53` and `sm_60` 11.8 output of f16x2 PTX (add, sub,
// mul, fma.rn with .ftz/.sat, register, constant and immediate operands, setp/set .f16x2 and
// scalar .f16 compares); ".reuse" flags dropped (the word is the same).
constexpr Golden kHalf[] = {
    {"HADD2 R4, R7.H0_H0, R7.H1_H1", 0x5d11000030770704},
    {"HADD2 R7, -R7, 1, 2", 0x7a00083c10070707},
    {"HADD2 R7, R0, R5", 0x5d10000000570007},
    {"HADD2 R7, R7, -R5", 0x5d10000080570707},
    {"HADD2.F32 R6, R5.H0_H0, -RZ.H0_H0", 0x5d130000aff70506},
    {"HADD2.FTZ R5, R0, R7", 0x5d10008000770005},
    {"HADD2.FTZ.SAT R5, R5, -R7", 0x5d10008180770505},
    {"HADD2.SAT R4, R7, R0", 0x5d10000100070704},
    {"HADD2_32I R5, R5, 1.0009765625, 2.005859375", 0x2c03c01400370505},
    {"HFMA2 R5, R5, R4, R6", 0x5d00030000470505},
    {"HFMA2 R7, R0, 1, 2, R7", 0x700003bc10070007},
    {"HFMA2 R7, R4, R5, R7", 0x5d00038000570407},
    {"HFMA2.FTZ R5, R5, R6, R4", 0x5d00022000670505},
    {"HFMA2.SAT R7, R7, R6, R0", 0x5d00000100670707},
    {"HFMA2_32I R5, R0, 1.0009765625, 2.005859375, R5", 0x2803c01400370005},
    {"HMUL2 R0, R0, R6", 0x5d08000000670000},
    {"HMUL2 R0, R7, 1, 2", 0x7800003c10070700},
    {"HMUL2.FTZ R4, R4, R6", 0x5d08008000670404},
    {"HMUL2_32I R0, R5, 1.0009765625, 2.005859375", 0x2a03c01400370500},
    {"HSET2.BF.GT.FTZ.AND R0, R5, R7, PT", 0x5d1e03a000770500},
    {"HSET2.GT.AND R4, R7, R6, PT", 0x5d1803a000670704},
    {"HSETP2.GE.AND P1, PT, R4.H0_H0, R7.H0_H0, PT", 0x5d2103b02077040f},
    {"HSETP2.LT.AND P0, P1, R7, R5, PT", 0x5d20038800570701},
    {"HSETP2.LTU.FTZ.AND P0, PT, R5.H0_H0, R6.H0_H0, PT", 0x5d2103c820670547},
    {"HSETP2.NEU.AND P1, PT, R5.H0_H0, c[0x2][0x0], PT", 0x7e9b03880007050f},
};

// From `cuobjdump -sass` of `ptxas -arch sm_52` 11.8 output of surface PTX: suld.b/sust.b/sust.p/
// sured.b on a module surfref (immediate handle) and on a handle loaded from memory (register).
constexpr Golden kSurf[] = {
    {"SULD.D.BA.1D.TRAP R5, [R18], 0x54", 0xeb1c054000c71205},
    {"SULD.D.BA.2D.64 R6, [R18], 0x54", 0xeb1a054600d71206},
    {"SULD.D.BA.1D_ARRAY.U8.TRAP R0, [R18], 0x54", 0xeb1c054400871200},
    {"SULD.D.BA.2D.U16.TRAP R2, [R18], 0x52", 0xeb1c052600a71202},
    {"SULD.D.BA.3D.128.IGN R12, [R12], 0x55", 0xeb18055a00e70c0c},
    {"SULD.D.BA.2D_ARRAY.128.TRAP R8, [R8], 0x54", 0xeb1c054800e70808},
    {"SULD.D.BA.2D.64.TRAP R4, [R6], R0", 0xeb14000600d70604},
    {"SULD.D.BA.1D.U8.TRAP R4, [R6], R0", 0xeb14000000870604},
    {"SUST.D.BA.1D.TRAP [R18], R4, 0x54", 0xeb3c054000c71204},
    {"SUST.D.BA.2D.64 [R18], R4, 0x54", 0xeb3a054600d71204},
    {"SUST.D.BA.3D.128.IGN [R16], R4, 0x55", 0xeb38055a00e71004},
    {"SUST.D.BA.2D.U8.TRAP [R18], R0, 0x54", 0xeb3c054600871200},
    {"SUST.D.BA.2D.64.TRAP [R18], R10, 0x52", 0xeb3c052600d7120a},
    {"SUST.P.2D.R.TRAP [R18], R4, 0x54", 0xeb2c054600171204},
    {"SUST.P.1D.TRAP [R18], R4, 0x54", 0xeb2c054000f71204},
    {"SUST.D.BA.2D [R14], R8, R0", 0xeb32000600c70e08},
    {"SUST.P.2D.TRAP [R18], R8, R0", 0xeb24000600f71208},
    {"SURED.D.BA.2D.ADD.TRAP [R18], R4, 0x54", 0xeb5c054600871204},
    {"SURED.D.BA.1D.MIN.S32.TRAP [R18], R4, 0x54", 0xeb5c054001971204},
    {"SURED.D.BA.2D.ADD.U64.TRAP [R18], R8, 0x54", 0xeb5c054600a71208},
    {"SURED.D.BA.2D.AND.TRAP [R18], R4, 0x52", 0xeb5c052605871204},
    {"SURED.D.2D.ADD.TRAP [R18], R4, 0x54", 0xeb5c054600071204},
    {"SURED.D.BA.2D.OR [R18], R4, 0x54", 0xeb5a054606871204},
    {"SURED.D.BA.2D.ADD.IGN [R6], R8, R0", 0xeb50000600870608},
};

void both_ways(const Golden& g, unsigned sm) {
  EXPECT_EQ(generic_text(g.word, sm), g.text) << g.text << " on SM" << sm;
  const auto e = generic_encode(std::string(g.text) + " ;", sm);
  ASSERT_TRUE(e.has_value()) << g.text << " on SM" << sm;
  EXPECT_EQ(e->word, g.word) << g.text << " on SM" << sm;
}

TEST(GenericHalf, CuobjdumpLinesBothWays) {
  for (unsigned sm : {53u, 60u, 61u})
    for (const auto& g : kHalf) both_ways(g, sm);
}

TEST(GenericSurf, CuobjdumpLinesBothWays) {
  for (unsigned sm : {50u, 52u, 60u})
    for (const auto& g : kSurf) both_ways(g, sm);
}

// GH1: the half opcodes exist from SM52 on (nvdisasm -b SM50 rejects them: no text, no word).
TEST(GenericHalf, FromSm52On) {
  EXPECT_EQ(generic_text(0x5d10000000570007, 50), std::nullopt);
  EXPECT_FALSE(generic_encode("HADD2 R7, R0, R5 ;", 50).has_value());
  EXPECT_EQ(generic_text(0x5d10000000570007, 52), "HADD2 R7, R0, R5");
}

// GH2: swizzles print inside '|x|' and before ".reuse"; HMUL2's register form has no '-a'.
TEST(GenericHalf, SwizzlesNegationsAndReuse) {
  EXPECT_EQ(generic_text(0x5d13ff8000070000, 52), "HADD2.F32.FTZ R0, -|R0.H1_H1|, R0");
  EXPECT_EQ(generic_text(0x5d11000030770704, 53, 1), "HADD2 R4, R7.H0_H0.reuse, R7.H1_H1");
  const auto e = generic_encode("HADD2 R4, R7.H0_H0.reuse, R7.H1_H1 ;", 53);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->word, 0x5d11000030770704u);
  EXPECT_EQ(e->reuse, 1u);
  EXPECT_EQ(generic_text(0x5d08080000070000, 52), "HMUL2 R0, R0, R0");  // bit 43: nothing
  EXPECT_EQ(generic_text(0x7888080000070000, 52), "HMUL2 R0, R0, -c[0x0][0x0]");
}

// GH3: immediate pairs: 9 bits of each half (its bits 14:6) with their signs, or whole halves in
// the _32I forms, as nvdisasm prints float immediates; a half with low bits is no 20-bit pair.
TEST(GenericHalf, ImmediatePairs) {
  EXPECT_EQ(generic_text(0x7a00000017c70000, 52), "HADD2 R0, R0, 0, 448");
  EXPECT_EQ(generic_text(0x7a0000001f070000, 52), "HADD2 R0, R0, 0, +INF ");
  EXPECT_EQ(generic_text(0x7b0000001ff70000, 52), "HADD2 R0, R0, -0.0 , +QNAN ");
  EXPECT_EQ(generic_text(0x2c0000001ff70000, 52), "HADD2_32I R0, R0, 0, 3.0457973480224609375e-05");
  EXPECT_EQ(generic_text(0x2c00000000170000, 52), "HADD2_32I R0, R0, 0, 5.9604644775390625e-08");
  EXPECT_FALSE(generic_encode("HADD2 R0, R0, 0, 1.0009765625 ;", 52).has_value());
  // A NaN's text encodes the quiet NaN (0x7e00: bits 14:6 0x1f8), which prints the same.
  const auto e = generic_encode("HADD2 R0, R0, -0.0 , +QNAN ;", 52);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->word, 0x7b0000001f870000u);
}

// GH4: the names of value 3 differ per form: HFMA2's register-constant form "INVALIDFMZ3", its
// other forms "INVALID"; HSET2's boolean "???3", HSETP2's "INVALIDBOP3".
TEST(GenericHalf, PerFormNames) {
  EXPECT_EQ(generic_text(0x5d00006000070000, 52), "HFMA2.INVALID R0, R0, R0, R0");
  EXPECT_EQ(generic_text(0x6680000000070000, 52), "HFMA2.INVALIDFMZ3 R0, R0, R0, c[0x0][0x0]");
  EXPECT_EQ(generic_text(0x5d18600000070000, 52), "HSET2.F.???3 R0, R0, R0, P0");
  EXPECT_EQ(generic_text(0x5d20600000070000, 52), "HSETP2.F.INVALIDBOP3 P0, P0, R0, R0, P0");
}

// GH6: SULD's predicate destination (bits 32:30 complemented) from SM52 on; SM50 prints none.
TEST(GenericSurf, SuldPredicatePerSm) {
  EXPECT_EQ(generic_text(0xeb10000040070000, 52), "SULD.D.1D.U8.IGN P6, R0, [R0], R0");
  EXPECT_EQ(generic_text(0xeb10000140070000, 52), "SULD.D.1D.U8.IGN P2, R0, [R0], R0");
  EXPECT_EQ(generic_text(0xeb10000040070000, 50), "SULD.D.1D.U8.IGN R0, [R0], R0");
  const auto e = generic_encode("SULD.D.1D.U8.IGN P2, R0, [R0], R0 ;", 52);
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->word, 0xeb10000140070000u);
  EXPECT_FALSE(generic_encode("SULD.D.1D.U8.IGN P2, R0, [R0], R0 ;", 50).has_value());
}

// GH7: SURED's type 4 per architecture.
TEST(GenericSurf, RedTypeFourPerSm) {
  EXPECT_EQ(generic_text(0xeb50000000470000, 50),
            "SURED.D.1D.ADD.INVALIDATOMICSIZE4.IGN [R0], R0, R0");
  EXPECT_EQ(generic_text(0xeb50000000470000, 52), "SURED.D.1D.ADD.F16x2.FTZ.RN.IGN [R0], R0, R0");
  EXPECT_EQ(generic_text(0xeb50000000470000, 60), "SURED.D.1D.ADD.F16x2.RN.IGN [R0], R0, R0");
}

// GH8: SUATOM (no PTX instruction makes ptxas emit it): words probed with nvdisasm -b SM52 and
// SM60, both ways; SM50 rejects the predicate form and a CAS with its predicate bits set.
TEST(GenericSurf, SuatomAsNvdisasmPrintsIt) {
  constexpr Golden kAtom[] = {
      {"SUATOM.D.BA.2D.ADD.S32.IGN R4, [R18], R6, 0x54", 0xea08054610671204},
      {"SUATOM.D.1D.EXCH.U64.TRAP R4, [R18], R6, R8", 0xea74042100671204},
      {"SUATOM.P.1D.MIN R4, [R18], R6, R9", 0xea62048020671204},
      {"SUATOM.D.BA.2D.CAS.S32.TRAP R4, [R18], R6, 0x52", 0xea8c052610671204},
      {"SUATOM.D.BA.2D.CAS.S32.IGN P6, R4, [R18], R6, R3", 0xead0019650671204},
      {"SUATOM.D.BA.2D.AND.IGN P6, R4, [R18], R6, R5", 0xeb880286b0671204},
      {"SUATOM.P.1D.CAS.TRAP R4, [R18], R6, 0x54", 0xeacc054000671204},
  };
  for (unsigned sm : {52u, 60u})
    for (const auto& g : kAtom) both_ways(g, sm);
  EXPECT_EQ(generic_text(0xead0019650671204, 50), std::nullopt);
  EXPECT_EQ(generic_text(0xeb880286b0671204, 50), std::nullopt);
  EXPECT_EQ(generic_text(0xea8c052610671204, 50),
            "SUATOM.D.BA.2D.CAS.S32.TRAP R4, [R18], R6, 0x52");
}

}  // namespace
}  // namespace texsim::isa::sass
