// GATHER4_SCALED (0x74, IGC visa-gather4_scaled.md): IGC's printed lines, the binary, one passing
// and one failing case per rule, and execution (dword channels, GRF per channel, OOB zeros).
#include <gtest/gtest.h>

#include "isa/visa/codec.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/report.hpp"
#include "visa_exec_util.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kDecls = R"(.version 4.2
.decl T6 v_type=T num_elts=1
.decl V33 v_type=G type=ud num_elts=1 align=dword
.decl V34 v_type=G type=f num_elts=1 align=dword
.decl V40 v_type=G type=ud num_elts=32 align=GRF
.decl V41 v_type=G type=d num_elts=128 align=GRF
.decl V42 v_type=G type=f num_elts=16 align=GRF
.decl V43 v_type=G type=uw num_elts=64 align=GRF
.decl V44 v_type=G type=d num_elts=16 align=GRF
.decl P1 v_type=P num_elts=32
)";

std::string program(const std::string& body) {
  return std::string(kDecls) + body + "\n";
}

TEST(Gather4ScaledText, IgcLinesPrintBackIdentically) {
  // The forms IGC 1.0.12504 prints in the vendor corpus (DG2 dumps of gather_01.cl).
  test::expect_prints_back(kDecls,
                           {"gather4_scaled.R (M1, 16) T6 0x0:ud V40.0 V41.0",
                            "gather4_scaled.RGBA (M5, 16) %slm 0x0:ud V40.0 V41.0",
                            "(P1) gather4_scaled.GA (M1, 8) T6 V33(0,0)<0;1,0> V40.0 V41.0"});
  auto s = test::parse(program("    GATHER4_SCALED.RB (M1, 8) T6 0x4:ud V40.0 V41.0"));
  ASSERT_FALSE(s.sink.has_errors()) << test::all_diags(s.sink);
  EXPECT_EQ(s.prog->instructions[0].op("Channels").value, 5u);
}

TEST(Gather4ScaledBinary, LayoutAndRoundTrip) {
  auto p = test::parse(program("    (P1) gather4_scaled.GA (M5, 16) T6 0x10:ud V40.0 V41.0"));
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  const Instruction& inst = p.prog->instructions[0];
  std::vector<uint8_t> bytes;
  ASSERT_FALSE(encode_instruction(inst, p.prog->version, bytes).has_value());
  // Opcode, exec size (M5 = 4 in bits 7:4, 16 = 0b100), predicate UW, Channels UB, Scale UW (0),
  // Surface UB.
  ASSERT_GE(bytes.size(), 9u);
  EXPECT_EQ(bytes[0], 0x74);
  EXPECT_EQ(bytes[1], 0x44);
  EXPECT_EQ(bytes[4], 0x0a);
  EXPECT_EQ(bytes[5] | (bytes[6] << 8), 0);
  size_t pos = 0;
  core::DiagSink sink;
  const auto back = decode_instruction(bytes, pos, p.prog->version, "t", sink);
  ASSERT_TRUE(back.has_value()) << test::all_diags(sink);
  EXPECT_EQ(pos, bytes.size());
  EXPECT_EQ(print_instruction(*back, *p.prog), print_instruction(inst, *p.prog));
  // A non-zero Scale from a binary is a warning (the field is ignored).
  bytes[5] = 3;
  pos = 0;
  const auto scaled = decode_instruction(bytes, pos, p.prog->version, "t", sink);
  ASSERT_TRUE(scaled.has_value());
  core::DiagSink rs;
  check_instruction(*scaled, *p.prog, rs);
  EXPECT_TRUE(test::has_rule(rs, "VISA-GATHER4_SCALED-SCALE")) << test::all_diags(rs);
  core::DiagSink ok;
  check_instruction(*back, *p.prog, ok);
  EXPECT_FALSE(test::has_rule(ok, "VISA-GATHER4_SCALED-SCALE"));
  // Channels 0 from a binary: at least one channel.
  bytes[5] = 0;
  bytes[4] = 0;
  pos = 0;
  const auto none = decode_instruction(bytes, pos, p.prog->version, "t", sink);
  ASSERT_TRUE(none.has_value());
  core::DiagSink rc;
  check_instruction(*none, *p.prog, rc);
  EXPECT_TRUE(test::has_rule(rc, "VISA-GATHER4_SCALED-CHANNELS")) << test::all_diags(rc);
  EXPECT_FALSE(test::has_rule(ok, "VISA-GATHER4_SCALED-CHANNELS"));
}

TEST(Gather4ScaledRules, EveryRulePassesAndFails) {
  test::expect_rule_cases(
      kDecls,
      {
          {"VISA-GATHER4_SCALED-EXEC_SIZE", "gather4_scaled.R (M1, 8) T6 0x0:ud V40.0 V41.0",
           "gather4_scaled.R (M1, 4) T6 0x0:ud V40.0 V41.0"},
          {"VISA-GATHER4_SCALED-EXEC_SIZE", "gather4_scaled.R (M1, 16) T6 0x0:ud V40.0 V41.0",
           "gather4_scaled.R (M1, 32) T6 0x0:ud V40.0 V41.0"},
          {"VISA-GATHER4_SCALED-OFFSET-TYPE",
           "gather4_scaled.R (M1, 8) T6 V33(0,0)<0;1,0> V40.0 V41.0",
           "gather4_scaled.R (M1, 8) T6 V34(0,0)<0;1,0> V40.0 V41.0"},
          {"VISA-GATHER4_SCALED-ELEMENT_OFFSET-TYPE",
           "gather4_scaled.R (M1, 8) T6 0x0:ud V40.0 V41.0",
           "gather4_scaled.R (M1, 8) T6 0x0:ud V44.0 V41.0"},
          {"VISA-GATHER4_SCALED-DST-TYPE", "gather4_scaled.R (M1, 8) T6 0x0:ud V40.0 V42.0",
           "gather4_scaled.R (M1, 8) T6 0x0:ud V40.0 V43.0"},
          // Three channels of SIMD16: 3 x 64 bytes; V42 has 64, V41 512.
          {"VISA-GATHER4_SCALED-DST-SIZE", "gather4_scaled.RGB (M1, 16) T6 0x0:ud V40.0 V41.0",
           "gather4_scaled.RGB (M1, 16) T6 0x0:ud V40.0 V42.0"},
          // SIMD8 still takes a whole GRF per channel: two channels need 64 bytes from V42.32.
          {"VISA-GATHER4_SCALED-DST-SIZE", "gather4_scaled.RG (M1, 8) T6 0x0:ud V40.0 V42.0",
           "gather4_scaled.RG (M1, 8) T6 0x0:ud V40.0 V42.32"},
          {"VISA-GATHER4_SCALED-DST-ALIGN", "gather4_scaled.R (M1, 8) T6 0x0:ud V40.0 V41.32",
           "gather4_scaled.R (M1, 8) T6 0x0:ud V40.0 V41.4"},
      });
  EXPECT_TRUE(describe_opcode("gather4_scaled").has_value());
  EXPECT_NE(describe_opcode("0x74")->find("visa-gather4_scaled.md"), std::string::npos);
}

// --- execution -------------------------------------------------------------------------------

using test::ud;
using Outcome = test::RunOutcome;

uint32_t dword(const scene::RegisterValue& r, size_t i) {
  return test::u32_at(r, 4 * i);
}

Outcome run(const std::string& line, const scene::Scene& sc) {
  Outcome o;
  auto p = test::parse(program("    " + line));
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  o.result = execute_program(*p.prog, sc, {}, o.sink);
  return o;
}

// SLM of 64 bytes: dword k holds 0x1000 + k.
scene::Scene slm_scene() {
  scene::Scene sc;
  std::vector<uint8_t> slm;
  for (uint32_t k = 0; k < 16; ++k) {
    for (int b = 0; b < 4; ++b) slm.push_back(static_cast<uint8_t>((0x1000u + k) >> (8 * b)));
  }
  sc.slm = slm;
  VisaRegister dst;
  dst.type = scene::ElemType::kUB;
  dst.bytes.assign(512, 0xee);
  edit_scene_state(sc).registers["V41"] = dst;
  return sc;
}

TEST(Gather4ScaledExec, EnabledChannelsAreConsecutiveDwordsEachFromTheNextGrf) {
  scene::Scene sc = slm_scene();
  // Byte offsets + 8; lane 5 straddles the end (dwords 15, 17, 18: B and A read 0), lane 6 is
  // out of bounds, lane 7 wraps (0xfffffffc + 8 = 4: the 32-bit add wraps, research §4.3).
  edit_scene_state(sc).registers["V40"] = ud({0, 4, 8, 20, 32, 52, 64, 0xfffffffcu});
  const Outcome r = run("gather4_scaled.RBA (M1, 8) %slm 0x8:ud V40.0 V41.0", sc);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto v = r.reg("V41");
  const uint32_t first[8] = {2, 3, 4, 7, 10, 15, 18, 1};  // dword index of channel R
  for (unsigned i = 0; i < 8; ++i) {
    const unsigned chans[3] = {0, 2, 3};  // R, B, A: channel c reads dword first + c
    for (unsigned k = 0; k < 3; ++k) {
      const uint32_t d = first[i] + chans[k];
      const uint32_t want = d < 16 ? 0x1000u + d : 0u;
      EXPECT_EQ(dword(v, 8 * k + i), want) << "lane " << i << " channel " << chans[k];
    }
  }
  // 8 lanes fill a 32-byte GRF exactly; the fourth GRF is past the three channels: untouched.
  EXPECT_EQ(v.bytes[96], 0xee);
  EXPECT_TRUE(v.byte_defined(96));
}

TEST(Gather4ScaledExec, Simd8OnA64ByteGrfLeavesTailsUndefinedAndKeepsDisabledLanes) {
  scene::Scene sc = slm_scene();
  edit_scene_state(sc).registers["V40"] = ud({0, 4, 8, 12, 16, 20, 24, 28});
  edit_scene_state(sc).dispatch_mask.reset();
  edit_scene_state(sc).registers["P1"] = ud({0x55});  // lanes 0, 2, 4, 6
  auto prog = test::parse(program("    (P1) gather4_scaled.RG (M1, 8) %slm 0x0:ud V40.0 V41.0"),
                          Platform::kPVC);
  ASSERT_FALSE(prog.sink.has_errors()) << test::all_diags(prog.sink);
  Outcome r;
  r.result = execute_program(*prog.prog, sc, {}, r.sink);
  ASSERT_TRUE(r.result) << test::all_diags(r.sink);
  const auto v = r.reg("V41");
  for (unsigned i = 0; i < 8; ++i) {
    const bool on = (i % 2) == 0;
    // R at bytes 0.., G from the next 64-byte GRF.
    EXPECT_EQ(dword(v, i), on ? 0x1000u + i : 0xeeeeeeeeu) << i;
    EXPECT_EQ(dword(v, 16 + i), on ? 0x1001u + i : 0xeeeeeeeeu) << i;
  }
  EXPECT_FALSE(v.byte_defined(32));  // the R GRF's tail (bytes 32..63) is undefined
  EXPECT_FALSE(v.byte_defined(63));
  EXPECT_TRUE(v.byte_defined(64));
}

TEST(Gather4ScaledExec, MissingMemoryIsARunError) {
  scene::Scene sc = slm_scene();
  sc.slm.reset();
  edit_scene_state(sc).registers["V40"] = ud({0, 4, 8, 12, 16, 20, 24, 28});
  const Outcome r = run("gather4_scaled.R (M1, 8) %slm 0x0:ud V40.0 V41.0", sc);
  EXPECT_FALSE(r.result);
  EXPECT_TRUE(test::has_rule(r.sink, "VISA-RUN-MEMORY"));
}

}  // namespace
}  // namespace texsim::isa::visa
