// Golden files (tests/golden/visa): text identity on IGC-printed lines; asm -> bytes -> disasm.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "isa/visa/codec.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

std::string read(const std::string& name) {
  std::ifstream f(std::string(TEXSIM_GOLDEN_DIR) + "/" + name);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) out.push_back(l);
  return out;
}

std::vector<uint8_t> hex_bytes(const std::string& s) {
  std::vector<uint8_t> out;
  std::stringstream ss(s);
  for (std::string b; ss >> b;) out.push_back(static_cast<uint8_t>(std::stoul(b, nullptr, 16)));
  return out;
}

TEST(Golden, TextIsPrintedBackIdentically) {
  const std::string text = read("text.visaasm");
  auto p = test::parse(text);
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  const auto src = lines(text);
  ASSERT_EQ(p.prog->instructions.size(), 11u);
  for (const Instruction& i : p.prog->instructions) {
    EXPECT_EQ(print_instruction(i, *p.prog), src[i.line - 1]);
  }
  // The whole program prints back to an equivalent program (declarations included).
  const std::string printed = print_program(*p.prog);
  auto again = test::parse(printed);
  ASSERT_FALSE(again.sink.has_errors()) << test::all_diags(again.sink);
  EXPECT_EQ(print_program(*again.prog), printed);
}

void check_binary_file(const std::string& name) {
  const std::string text = read(name);
  auto p = test::parse(text, Platform::kTGLLP, /*check=*/false);
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  const auto src = lines(text);
  for (const Instruction& i : p.prog->instructions) {
    const std::string& l = src[i.line - 1];
    const size_t cpos = l.find("//");
    ASSERT_NE(cpos, std::string::npos);
    const std::string asm_text = l.substr(0, l.find_last_not_of(' ', cpos - 1) + 1);
    const auto expected = hex_bytes(l.substr(cpos + 2));
    std::vector<uint8_t> bytes;
    ASSERT_FALSE(encode_instruction(i, p.prog->version, bytes).has_value());
    EXPECT_EQ(bytes, expected) << asm_text;
    size_t pos = 0;
    core::DiagSink sink;
    const auto back = decode_instruction(expected, pos, p.prog->version, "golden", sink);
    ASSERT_TRUE(back.has_value()) << test::all_diags(sink);
    EXPECT_EQ(pos, expected.size());
    EXPECT_EQ(print_instruction(*back, *p.prog), asm_text);
  }
  // The whole stream (header + instructions) decodes back to the same program text.
  std::vector<uint8_t> stream = encode_header(*p.prog);
  for (const Instruction& i : p.prog->instructions)
    ASSERT_FALSE(encode_instruction(i, p.prog->version, stream).has_value());
  core::DiagSink sink;
  const auto decoded = decode_stream(stream, "golden.bin", Platform::kTGLLP, sink);
  ASSERT_FALSE(sink.has_errors()) << test::all_diags(sink);
  EXPECT_EQ(decoded->version, p.prog->version);
  ASSERT_EQ(decoded->instructions.size(), p.prog->instructions.size());
  for (size_t k = 0; k < decoded->instructions.size(); ++k) {
    EXPECT_EQ(print_instruction(decoded->instructions[k], *decoded),
              print_instruction(p.prog->instructions[k], *p.prog));
  }
}

TEST(Golden, BinaryVersion42) {
  check_binary_file("binary_v42.visaasm");
}
TEST(Golden, BinaryVersion33) {
  check_binary_file("binary_v33.visaasm");
}
TEST(Golden, SampleUnorm) {  // decision V50
  check_binary_file("sample_unorm.visaasm");
}

}  // namespace
}  // namespace texsim::isa::visa
