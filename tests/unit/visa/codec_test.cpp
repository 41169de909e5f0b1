// The binary codec: random valid instructions round-trip text -> bytes -> text at several
// versions; bad encodings are diagnosed at their offset.
#include "isa/visa/codec.hpp"

#include <gtest/gtest.h>

#include <random>

#include "isa/visa/kinds.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

std::string random_scalar(std::mt19937& rng_) {
  auto rng = [&rng_]() { return static_cast<unsigned>(rng_()); };
  if (rng() % 2) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%x:ud", static_cast<unsigned>(rng()));
    return buf;
  }
  return rng() % 2
             ? "V33(0,0)<0;1,0>"
             : "V40(" + std::to_string(rng() % 2) + "," + std::to_string(rng() % 8) + ")<0;1,0>";
}

std::string random_instruction(std::mt19937& rng_) {
  auto rng = [&rng_]() { return static_cast<unsigned>(rng_()); };
  static const char* kMods[] = {"nomod", "modified", "top", "bottom", "top_mod", "bottom_mod"};
  static const char* kSurf[] = {"%slm", "T1", "T2", "TSS", "%bss", "%scratch", "T6"};
  static const char* kMask[] = {"M1",    "M2",    "M3",    "M4",    "M5",    "M6",
                                "M7",    "M8",    "M1_NM", "M2_NM", "M3_NM", "M4_NM",
                                "M5_NM", "M6_NM", "M7_NM", "M8_NM"};
  if (rng() % 2) {
    const unsigned w = 1 + rng() % 64;
    const unsigned h = 1 + rng() % 64;
    return "media_ld." + std::string(kMods[rng() % 6]) + " (" + std::to_string(w) + "," +
           std::to_string(h) + ") T6 " + std::to_string(rng() % 4) + " " + random_scalar(rng_) +
           " " + random_scalar(rng_) + " V35." + std::to_string(32 * (rng() % 4));
  }
  std::string pred;
  if (rng() % 2) {
    const unsigned comb = rng() % 3;
    pred = std::string("(") + (rng() % 2 ? "!" : "") + (rng() % 2 ? "P1" : "P3") +
           (comb == 1   ? ".any"
            : comb == 2 ? ".all"
                        : "") +
           ") ";
  }
  const unsigned lanes = 1u << (rng() % 6);
  const unsigned blocks = 1u << (rng() % 3);
  return pred + "gather_scaled." + std::to_string(blocks) + " (" + kMask[rng() % 16] + ", " +
         std::to_string(lanes) + ") " + kSurf[rng() % 7] + " " + random_scalar(rng_) + " V40." +
         std::to_string(rng() % 128) + " V41." + std::to_string(4 * (rng() % 8));
}

TEST(Codec, RandomRoundTripsAtEveryVersionLayout) {
  std::mt19937 rng(1234u);
  for (const char* ver : {"3.3", "3.4", "3.8", "4.2"}) {
    std::string text = std::string(test::kDecls);
    text.replace(text.find("4.2"), 3, ver);
    std::vector<std::string> src;
    for (int i = 0; i < 300; ++i) src.push_back(random_instruction(rng));
    for (const auto& s : src) text += s + "\n";
    auto p = test::parse(text, Platform::kTGLLP, /*check=*/false);
    ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
    ASSERT_EQ(p.prog->instructions.size(), src.size());
    for (size_t k = 0; k < src.size(); ++k) {
      const Instruction& i = p.prog->instructions[k];
      EXPECT_EQ(print_instruction(i, *p.prog), src[k]);
      std::vector<uint8_t> bytes;
      ASSERT_FALSE(encode_instruction(i, p.prog->version, bytes).has_value()) << src[k];
      size_t pos = 0;
      core::DiagSink sink;
      auto back = decode_instruction(bytes, pos, p.prog->version, "x", sink);
      ASSERT_TRUE(back.has_value()) << src[k];
      EXPECT_EQ(pos, bytes.size());
      EXPECT_EQ(back->ops, i.ops) << src[k];
      EXPECT_EQ(print_instruction(*back, *p.prog), src[k]);
    }
  }
}

TEST(Codec, StreamWithoutHeaderPrintsIdsByNumber) {
  const std::vector<uint8_t> bytes{0x78, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04,
                                   0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00,
                                   0x00, 0x00, 0x00, 0x29, 0x00, 0x00, 0x00, 0x00, 0x00};
  core::DiagSink sink;
  auto prog = decode_stream(bytes, "<bytes>", Platform::kTGLLP, sink);
  ASSERT_FALSE(sink.has_errors());
  EXPECT_FALSE(prog->has_symbols);
  ASSERT_EQ(prog->instructions.size(), 1u);
  EXPECT_EQ(print_instruction(prog->instructions[0], *prog),
            "gather_scaled.1 (M1_NM, 1) %bss 0x0:ud V40.0 V41.0");
  check_program(*prog, sink);
  EXPECT_FALSE(sink.has_errors()) << test::all_diags(sink);
}

TEST(Codec, BadEncodingsReportOffsets) {
  struct Case {
    std::vector<uint8_t> bytes;
    uint64_t offset;
  };
  const Case cases[] = {
      {{0x99, 0x00}, 0},                                // unknown opcode
      {{0x78, 0x06}, 1},                                // reserved exec size code 6
      {{0x78, 0x04, 0x00, 0x10}, 2},                    // predicate reserved bit 12
      {{0x78, 0x04, 0x00, 0xa0}, 2},                    // inverse/any without a predicate (F11)
      {{0x78, 0x04, 0x00, 0x80}, 2},                    // inverse of predicate id 0 (F11)
      {{0x78, 0x04, 0x00, 0x00, 0x00, 0x03}, 5},        // Num_blocks code 3
      {{0x37, 0x00, 0x06}, 3},                          // truncated
      {{0x37, 0x00, 0x06, 0x00, 0x10, 0x08, 0x03}, 6},  // indirect operand class
  };
  for (const Case& c : cases) {
    core::DiagSink sink;
    auto prog = decode_stream(c.bytes, "f.bin", Platform::kTGLLP, sink);
    ASSERT_TRUE(sink.has_errors());
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "VISA-ENCODING");
    const auto* loc = std::get_if<core::BinaryLoc>(&sink.diagnostics()[0].loc);
    ASSERT_NE(loc, nullptr);
    EXPECT_EQ(loc->offset, c.offset) << sink.diagnostics()[0].message;
    EXPECT_TRUE(prog->instructions.empty());
  }
}

TEST(Codec, IdsTooWideForOldVersionsAreErrors) {
  auto p = test::parse(
      ".version 3.3\n.decl V40 v_type=G type=ud num_elts=16 align=GRF\n"
      ".decl V41 v_type=G type=ud num_elts=16 align=GRF\n"
      "gather_scaled.1 (M1, 8) %slm 0x0:ud V40.0 V41.0\n");
  ASSERT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  Instruction i = p.prog->instructions[0];
  std::vector<uint8_t> bytes;
  ASSERT_FALSE(encode_instruction(i, Version{3, 3}, bytes).has_value());
  i.ops[*i.row->field_index("Element_offset")].raw.id = 70000;  // a 65536+ variable table
  ASSERT_FALSE(encode_instruction(i, Version{3, 4}, bytes).has_value());
  const auto e = encode_instruction(i, Version{3, 3}, bytes);
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->find("UW before 3.4"), std::string::npos);
}

}  // namespace
}  // namespace texsim::isa::visa
