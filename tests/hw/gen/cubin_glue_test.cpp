// The cubin predictions' reader of cuobjdump listings and its interpreter of the code around a
// texture instruction (cubin_listing.cpp, cubin_glue.cpp), on lines copied from ptxas 11.8's sm_90
// code of tests/hw/kernels/*.ptx, and the prediction itself on a one-texel texture.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "gen/cubin_glue.hpp"
#include "gen/cubin_listing.hpp"
#include "gen/cubin_predict.hpp"

namespace texsim::hwgen {
namespace {

ListedInstruction line(const std::string& text) {
  std::vector<std::string> problems;
  const auto fns = parse_listing("\t\tFunction : k\n        /*0000*/  " + text +
                                     " ;  /* 0x0000000000000000 */\n"
                                     "                /* 0x0000000000000000 */\n",
                                 problems);
  EXPECT_TRUE(problems.empty()) << text;
  return fns.at("k").code.at(0);
}

// A machine whose lanes read input records where word w of lane l is 100 * l + w.
struct Glue {
  std::vector<uint32_t> inputs = std::vector<uint32_t>(kGlueLanes * hw::kInputWords);
  GlueMachine m;
  Glue() {
    for (unsigned l = 0; l < kGlueLanes; ++l) {
      for (unsigned w = 0; w < hw::kInputWords; ++w) inputs[l * hw::kInputWords + w] = 100 * l + w;
    }
    m.inputs = inputs.data();
  }
  std::string run(const std::string& text) { return m.step(line(text)); }
  uint32_t lane(unsigned reg, unsigned l) const { return m.r.at(reg).v[l]; }
};

TEST(CubinListing, ReadsFunctionsGuardsOperandsAndBothWordHalves) {
  std::vector<std::string> problems;
  const auto fns = parse_listing(
      "\tcode for sm_90\n\t\tFunction : tld4_a_2d\n"
      "        /*00e0*/                   TLD4.A R10, R8, R2, UR4, 0x0, 2D ;      "
      "/* 0x200004ff02087f63 */\n"
      "                                                                          "
      "/* 0x000fe20008020aff */\n"
      "        /*0070*/               @P0 EXIT ;                                  "
      "/* 0x000000000000094d */\n"
      "                                                                          "
      "/* 0x000fea0003800000 */\n",
      problems);
  ASSERT_TRUE(problems.empty());
  const ListedFunction& f = fns.at("tld4_a_2d");
  ASSERT_EQ(f.code.size(), 2u);
  EXPECT_EQ(f.code[0].offset, 0xe0u);
  EXPECT_EQ(f.code[0].op, "TLD4.A");
  EXPECT_EQ(f.code[0].operands, (std::vector<std::string>{"R10", "R8", "R2", "UR4", "0x0", "2D"}));
  EXPECT_EQ(f.code[0].word.lo, 0x200004ff02087f63u);
  EXPECT_EQ(f.code[0].word.hi, 0x000fe20008020affu);
  EXPECT_EQ(f.code[1].guard, "@P0");
  EXPECT_EQ(f.code[1].op, "EXIT");
}

TEST(CubinListing, NamesALineItCannotRead) {
  std::vector<std::string> problems;
  parse_listing("\t\tFunction : k\n        /*0000*/  MOV R1, R2 ; no word here\n", problems);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "line 2");
}

TEST(CubinGlue, LoadsTheLanesInputRecordThroughTheParameterPointer) {
  Glue g;
  EXPECT_EQ(g.run("LDC.64 R2, c[0x0][0x218]"), "");
  EXPECT_EQ(g.run("IMAD.WIDE.U32 R2, R7, 0x40, R2"), "");  // the base is also the destination
  EXPECT_EQ(g.run("LDG.E.128 R8, [R2.64+0x10]"), "");
  EXPECT_EQ(g.run("LDG.E R12, [R2.64+0x2c]"), "");
  EXPECT_EQ(g.lane(8, 0), 4u);
  EXPECT_EQ(g.lane(11, 3), 307u);
  EXPECT_EQ(g.lane(12, 5), 511u);
  // A stride other than the record's (64 bytes) is not the lane's record: the load is unknown.
  EXPECT_EQ(g.run("LDC.64 R4, c[0x0][0x218]"), "");
  EXPECT_EQ(g.run("IMAD.WIDE.U32 R4, R7, 0x20, R4"), "");
  EXPECT_EQ(g.run("LDG.E R13, [R4.64]"), "");
  EXPECT_EQ(g.m.r.count(13), 0u);
}

TEST(CubinGlue, StoresOnlyToTheResultRecord) {
  Glue g;
  g.run("LDC.64 R2, c[0x0][0x218]");
  g.run("IMAD.WIDE.U32 R2, R7, 0x40, R2");
  g.run("LDG.E.64 R8, [R2.64]");
  EXPECT_NE(g.run("STG.E.64 [R2.64], R8"), "");  // into the inputs: out of reach
  g.run("LDC.64 R4, c[0x0][0x220]");
  g.run("IMAD.WIDE.U32 R4, R7, 0x10, R4");
  EXPECT_EQ(g.run("STG.E.64 [R4.64+0x8], R8"), "");
  EXPECT_EQ(g.m.stored_mask, 0xcu);
  EXPECT_EQ(g.m.stored[7 * 4 + 3], 701u);
}

TEST(CubinGlue, ConstantsMovesCompareSelectShiftLop3AndTheF16Pack) {
  Glue g;
  EXPECT_EQ(g.run("HFMA2.MMA R8, -RZ, RZ, -3, 0"), "");
  EXPECT_EQ(g.lane(8, 0), 0xc2000000u);  // -32.0f: ptxas's implicit LOD (W11)
  g.run("MOV R9, 0xffff0");
  g.run("IMAD.MOV.U32 R10, RZ, RZ, R9");
  EXPECT_EQ(g.lane(10, 31), 0xffff0u);
  g.run("ISETP.GT.U32.AND P0, PT, R10.reuse, 0xffff, PT");
  g.run("SEL R12, R10, 0xffff, !P0");
  EXPECT_EQ(g.lane(12, 0), 0xffffu);  // min(layer, 0xffff), ptxas's layer clamp
  g.run("MOV R4, 0x5");
  g.run("MOV R0, 0x3");
  g.run("SHF.L.U32 R5, R4, 0x4, RZ");
  g.run("LOP3.LUT R0, R5, 0xf0, R0, 0xe2, !PT");  // (R5 & 0xf0) | (R0 & ~0xf0): the AOFFI nibbles
  EXPECT_EQ(g.lane(0, 0), 0x53u);
  g.run("MOV R1, 0x3f800000");
  g.run("MOV R2, 0x40000000");
  g.run("F2FP.F16.F32.PACK_AB R3, R1, R2");
  EXPECT_EQ(g.lane(3, 0), 0x3c004000u);
}

TEST(CubinGlue, AnUnknownInstructionForgetsItsDestinationAndACallIsOutOfReach) {
  Glue g;
  g.run("MOV R6, 0x1");
  EXPECT_EQ(g.run("FADD R6, R6, 1"), "");
  EXPECT_EQ(g.m.r.count(6), 0u);
  EXPECT_NE(g.run("CALL.ABS.NOINC 0x0"), "");
  EXPECT_NE(g.run("@P1 MOV R6, 0x1"), "");
  EXPECT_EQ(g.run("@P0 EXIT"), "");
  EXPECT_FALSE(g.m.exited);
  EXPECT_EQ(g.run("EXIT"), "");
  EXPECT_TRUE(g.m.exited);
}

// ptxas 11.8's sm_90 tlds_2d for one lookup a lane: TLD.LZ R10, R8, R2, UR4, 0x0, 2D on a 2x1
// R32F texture; lanes fetch x = lane % 3 (x = 2 is out of range: (0, 0, 0, 1), decisions T51).
TEST(CubinPredict, RunsTheTextureWordOnTheGluesRegisters) {
  hw::CaseData c;
  c.spec.name = "t";
  c.spec.module = "tlds";
  c.spec.kernel = "ld_2d_f32";
  c.spec.w = 2;
  c.spec.lookups = 32;
  c.spec.compare_mask = 0xf;
  const float texels[2] = {0.25f, -7.5f};
  c.texels.resize(8);
  std::memcpy(c.texels.data(), texels, 8);
  c.inputs.assign(32 * hw::kInputWords, 0u);
  for (unsigned l = 0; l < 32; ++l) c.inputs[l * hw::kInputWords] = l % 3;
  std::vector<std::string> problems;
  const auto fns = parse_listing(
      "\t\tFunction : ld_2d_f32\n"
      "        /*0080*/  LDC.64 R2, c[0x0][0x218] ;  /* 0x00008600ff027b82 */\n"
      "                                              /* 0x000e220000000a00 */\n"
      "        /*00a0*/  IMAD.WIDE.U32 R2, R7, 0x40, R2 ;  /* 0x0000004007027825 */\n"
      "                                              /* 0x001fca00078e0002 */\n"
      "        /*00b0*/  LDG.E.64 R2, [R2.64] ;  /* 0x0000000602027981 */\n"
      "                                              /* 0x000ea8000c1e1b00 */\n"
      "        /*00c0*/  ULDC UR4, c[0x0][0x210] ;  /* 0x0000840000047ab9 */\n"
      "                                              /* 0x000fe40000000800 */\n"
      "        /*00e0*/  TLD.LZ R10, R8, R2, UR4, 0x0, 2D ;  /* 0x200004ff02087f66 */\n"
      "                                              /* 0x004f6200089e0f0a */\n"
      "        /*00f0*/  LDC.64 R4, c[0x0][0x220] ;  /* 0x00008800ff047b82 */\n"
      "                                              /* 0x000e640000000a00 */\n"
      "        /*0100*/  IMAD.WIDE.U32 R4, R7, 0x10, R4 ;  /* 0x0000001007047825 */\n"
      "                                              /* 0x002fca00078e0004 */\n"
      "        /*0110*/  STG.E.128 [R4.64], R8 ;  /* 0x0000000804007986 */\n"
      "                                              /* 0x001fe2000c101d06 */\n"
      "        /*0120*/  EXIT ;  /* 0x000000000000794d */\n"
      "                                              /* 0x000fea0003800000 */\n",
      problems);
  ASSERT_TRUE(problems.empty());
  const CubinPrediction p = predict_cubin(c, fns.at("ld_2d_f32"), 90);
  ASSERT_TRUE(p.predicted) << p.reason;
  EXPECT_TRUE(p.texture_text_agrees) << p.texture_line;
  for (unsigned l = 0; l < 32; ++l) {
    const uint32_t* r = &p.results[l * 4];
    if (l % 3 == 2) {
      EXPECT_EQ(r[0], 0u);
      EXPECT_EQ(r[3], 0x3f800000u);
    } else {
      EXPECT_EQ(r[0], std::bit_cast<uint32_t>(texels[l % 3])) << l;
      EXPECT_EQ(r[1], 0u);
      EXPECT_EQ(r[3], 0x3f800000u);
    }
  }
}

}  // namespace
}  // namespace texsim::hwgen
