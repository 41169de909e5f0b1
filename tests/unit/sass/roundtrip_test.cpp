// Random round trips: text -> words -> text on random valid instructions (with control
// prefixes and spec annotations), and words -> text -> words on random valid words.
#include <gtest/gtest.h>

#include <random>

#include "isa/sass/codec.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

uint8_t even_reg(std::mt19937& g) {
  return static_cast<uint8_t>(2 * (g() % 127));
}  // R0..R252

Instruction random_valid(std::mt19937& g) {
  Instruction i;
  const auto rows = tlds_encodings();
  const TldsEncodingRow& row = rows[g() % rows.size()];
  i.param_a = row.param_a;
  i.lod = row.lod;
  i.aoffi = row.aoffi;
  i.ms = row.ms;
  i.f16 = g() % 2 != 0;
  i.nodep = g() % 2 != 0;
  i.phase = static_cast<Phase>(g() % 3);
  i.pred = static_cast<uint8_t>(g() % 8);
  i.pred_neg = g() % 2 != 0;
  const bool four = g() % 2 != 0;
  const auto masks = four ? write_masks_34c() : write_masks_2c();
  i.mask = masks[g() % masks.size()].components;
  i.rd1 = four ? even_reg(g) : kRZ;
  i.rd0 = even_reg(g);
  i.ra = even_reg(g);
  i.rb = row.rb_count == 0 ? kRZ : even_reg(g);
  i.ts_idx = g() % 0x2000;
  i.ctrl = Control{static_cast<uint8_t>(g() % 16),
                   static_cast<uint8_t>(g() % 2),
                   static_cast<uint8_t>(g() % 7 == 6 ? 7 : g() % 6),
                   static_cast<uint8_t>(g() % 7 == 6 ? 7 : g() % 6),
                   static_cast<uint8_t>(g() % 64),
                   0};
  i.has_ctrl = true;
  return i;
}

TEST(SassRoundTrip, TextWordsText) {
  std::mt19937 g(1234);
  for (int n = 0; n < 5000; ++n) {
    const Instruction i = random_valid(g);
    PrintOptions opt;
    opt.control_prefix = n % 2 == 0;
    opt.spec_annotations = !opt.control_prefix;
    opt.address = opt.control_prefix ? std::optional<uint64_t>(8 * n) : std::nullopt;
    const std::string text = print_instruction(i, opt);
    core::DiagSink sink;
    auto p = parse_line(text, "r.sass", 1, sink);
    ASSERT_TRUE(p) << text;
    ASSERT_TRUE(validate(*p, "SM61", sink)) << text << "\n"
                                            << format_diagnostic(sink.diagnostics()[0]);
    const auto e = encode(*p, sink);
    ASSERT_TRUE(e) << text;
    EXPECT_EQ(e->control, encode_control(i.ctrl, i.phase)) << text;
    Origin o;
    o.binary = true;
    const Instruction d = decode(e->word, e->control, o, sink);
    EXPECT_TRUE(sink.diagnostics().empty()) << text;
    EXPECT_EQ(print_instruction(d, opt), text);
  }
}

TEST(SassRoundTrip, WordsTextWords) {
  std::mt19937_64 g(99);
  int valid = 0;
  for (int n = 0; n < 20000; ++n) {
    // Random word with the TLDS opcode; control with reuse limited to T/P/none.
    uint64_t w = (g() & ~fields::kTldsMatchMask) | fields::kTldsMatchValue;
    uint32_t c = static_cast<uint32_t>(g() & 0x1ffff) | static_cast<uint32_t>((g() % 3) << 17);
    core::DiagSink sink;
    Origin o;
    o.binary = true;
    const Instruction d = decode(w, c, o, sink);
    if (d.kind != Kind::kInstruction) {
      // Reserved: the placeholder still carries the word.
      EXPECT_EQ(encode(d, sink)->word, w);
      continue;
    }
    ++valid;
    PrintOptions opt;
    opt.control_prefix = true;
    const std::string text = print_instruction(d, opt);
    core::DiagSink psink;
    auto p = parse_line(text, "r.sass", 1, psink);
    ASSERT_TRUE(p) << text;
    const auto e = encode(*p, psink);
    ASSERT_TRUE(e) << text;
    EXPECT_EQ(e->word, w) << text;
    EXPECT_EQ(e->control, c) << text;
  }
  EXPECT_GT(valid, 5000);
}

}  // namespace
}  // namespace texsim::isa::sass
