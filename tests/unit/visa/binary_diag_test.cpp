// Binary diagnostics name the field (issue 13): FILE+0xOFFSET[bits HI:LO] for decode errors and
// for rules broken by a decoded instruction, as the SASS side does.
#include <gtest/gtest.h>

#include "isa/visa/codec.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

std::vector<uint8_t> encode_one(const std::string& line) {
  auto p = test::parse(std::string(test::kDecls) + line + "\n");
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  std::vector<uint8_t> out = encode_header(*p.prog);
  EXPECT_FALSE(encode_instruction(p.prog->instructions.at(0), p.prog->version, out));
  return out;
}

TEST(BinaryDiagnostics, RuleOnADecodedFieldNamesItsBytes) {
  // GATHER_SCALED: opcode, Block_size, Num_blocks (log2), ... Num_blocks 3 (log2) is invalid.
  std::vector<uint8_t> bytes = encode_one("gather_scaled.4 (M1, 8) T6 0x0:ud V40.0 V41.0");
  const size_t header = encode_header(*test::parse(test::kDecls).prog).size();
  core::DiagSink sink;
  auto prog = decode_stream(bytes, "g.bin", Platform::kTGLLP, sink);
  ASSERT_EQ(prog->instructions.size(), 1u) << test::all_diags(sink);
  const size_t nb = *prog->instructions[0].row->field_index("Num_blocks");
  const uint64_t at = prog->instructions[0].ops[nb].bin_offset;
  EXPECT_GT(at, header);
  bytes[at] = 3;  // log2 code 3 = 8 blocks: not 1, 2 or 4
  core::DiagSink bad;
  auto p2 = decode_stream(bytes, "g.bin", Platform::kTGLLP, bad);
  check_program(*p2, bad);
  ASSERT_TRUE(bad.has_errors());
  char want[64];
  std::snprintf(want, sizeof want, "g.bin+0x%llx[bits 7:0]", static_cast<unsigned long long>(at));
  EXPECT_NE(test::all_diags(bad).find(want), std::string::npos) << want << "\n"
                                                                << test::all_diags(bad);
}

TEST(BinaryDiagnostics, TruncatedFieldNamesItsBytes) {
  const std::vector<uint8_t> bytes{0x6d, 0x00};  // 3D_SAMPLE cut inside its UW Op field
  core::DiagSink sink;
  decode_stream(bytes, "t.bin", Platform::kTGLLP, sink);
  ASSERT_TRUE(sink.has_errors());
  const std::string d = test::all_diags(sink);
  EXPECT_NE(d.find("t.bin+0x1[bits "), std::string::npos) << d;
  EXPECT_NE(d.find("Op"), std::string::npos) << d;
}

}  // namespace
}  // namespace texsim::isa::visa
