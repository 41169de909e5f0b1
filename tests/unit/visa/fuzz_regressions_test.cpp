// Regression tests for problems the fuzzers found in the vISA front end (docs/reliability.md);
// the reproducers also live in tests/fuzz/corpus. One test per finding.
#include <gtest/gtest.h>

#include "isa/visa/codec.hpp"
#include "isa/visa/frontend.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

// num_elts * type size wrapped in 32 bits (1073741824 UD elements = 0 bytes), so a 4 GiB
// variable passed the "under 16 KiB" check.
TEST(VisaFuzzRegressions, VariableSizeDoesNotWrap) {
  const auto fe = make_frontend();
  core::DiagSink sink;
  const std::string text =
      ".version 4.2\n.decl V52 v_type=G type=ud num_elts=1073741824 align=dword\n";
  EXPECT_EQ(fe->parse({"t.visaasm", text}, "TGLLP", sink), nullptr);
  ASSERT_EQ(sink.error_count(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "VISA-DECL");
  EXPECT_EQ(sink.diagnostics()[0].message, "variable is too large");
}

constexpr std::string_view kGatherText =
    ".version 4.2\n.kernel \"g\"\n"
    ".decl V40 v_type=G type=ud num_elts=16 align=GRF\n"
    ".decl V41 v_type=G type=ud num_elts=16 align=GRF\n"
    ".decl P1 v_type=P num_elts=16\n"
    "    (P1) gather_scaled.2 (M1, 16) %slm 0x4:ud V40.0 V41.0\n";

std::vector<uint8_t> stream_of(const VisaProgram& prog) {
  std::vector<uint8_t> out = encode_header(prog);
  for (const Instruction& i : prog.instructions) {
    EXPECT_FALSE(encode_instruction(i, prog.version, out).has_value());
  }
  return out;
}

// F3 (tests/fuzz/corpus/visa_binary/regress-F3-*): the reproducer's bytes differ from the
// re-encoded text in GATHER_SCALED's ignored Scale (0x7d), not in its predicate: a predicate id
// the header does not declare is a VISA-UNDECLARED error at decode, and a non-zero Scale (which
// IGC's text cannot carry) a warning, so neither decodes cleanly.
TEST(VisaFuzzRegressions, UndeclaredPredicateAndIgnoredScaleAreReported) {
  const auto fe = make_frontend();
  core::DiagSink sink;
  const auto prog = parse_program(kGatherText, "t.visaasm", Platform::kTGLLP, sink);
  ASSERT_FALSE(sink.has_errors());
  const std::vector<uint8_t> clean = stream_of(*prog);
  const size_t body = clean.size() - 27;  // the one gather_scaled: 27 bytes at version 4.2
  ASSERT_EQ(clean[body], 0x78);
  core::DiagSink s0;
  ASSERT_NE(fe->decode({"c.bin", clean, {}, {}}, "TGLLP", s0), nullptr);
  EXPECT_TRUE(s0.diagnostics().empty());

  std::vector<uint8_t> pred = clean;
  pred[body + 2] = 0x7d;  // Pred: P125, not declared
  core::DiagSink s1;
  fe->decode({"p.bin", pred, {}, {}}, "TGLLP", s1);
  ASSERT_TRUE(s1.has_errors());
  EXPECT_EQ(s1.diagnostics()[0].rule_id, "VISA-UNDECLARED");

  std::vector<uint8_t> scale = clean;
  scale[body + 6] = 0x7d;  // Scale
  core::DiagSink s2;
  ASSERT_NE(fe->decode({"s.bin", scale, {}, {}}, "TGLLP", s2), nullptr);
  EXPECT_FALSE(s2.has_errors());
  ASSERT_EQ(s2.diagnostics().size(), 1u);
  EXPECT_EQ(s2.diagnostics()[0].rule_id, "VISA-GATHER_SCALED-SCALE");
}

// F4: a stream header's version 120.255 decoded and printed ".version 120.255", which the text
// parser rejects. Both now take major and minor 0..254 (255 is kNoVersion's).
TEST(VisaFuzzRegressions, HeaderVersionRangeMatchesText) {
  const auto fe = make_frontend();
  auto header = [](uint8_t ma, uint8_t mi) {
    return std::vector<uint8_t>{'T', 'X', 'V', 'I', ma, mi, 0, 0, 0, 0};
  };
  core::DiagSink bad;
  fe->decode({"v.bin", header(120, 255), {}, {}}, "TGLLP", bad);
  ASSERT_TRUE(bad.has_errors());
  EXPECT_EQ(bad.diagnostics()[0].rule_id, "VISA-ENCODING");
  core::DiagSink bad_text;
  EXPECT_EQ(fe->parse({"v.visaasm", ".version 120.255\n"}, "TGLLP", bad_text), nullptr);
  EXPECT_TRUE(bad_text.has_errors());

  core::DiagSink ok;
  const auto prog = fe->decode({"v.bin", header(254, 254), {}, {}}, "TGLLP", ok);
  ASSERT_NE(prog, nullptr);
  EXPECT_FALSE(ok.has_errors());
  const std::string text = fe->print(*prog);
  EXPECT_EQ(text, ".version 254.254\n");
  core::DiagSink ok_text;
  EXPECT_NE(fe->parse({"v.visaasm", text}, "TGLLP", ok_text), nullptr);
  EXPECT_FALSE(ok_text.has_errors());
}

// F5: a kernel name holding '"', '\' or control bytes printed unescaped and re-parsed to another
// name. It now prints with \" \\ \xHH escapes, in text and in a stream header alike.
TEST(VisaFuzzRegressions, KernelNameEscapesRoundTrip) {
  const std::string name = std::string("a\"b\\c//d\x01") + '\0' + "e";
  EXPECT_EQ(quote_kernel_name(name), R"("a\"b\\c//d\x01\x00e")");
  const std::string text = ".version 4.2\n.kernel " + quote_kernel_name(name) + "\n";
  core::DiagSink sink;
  const auto prog = parse_program(text, "k.visaasm", Platform::kTGLLP, sink);
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(prog->kernel, name);
  EXPECT_EQ(print_program(*prog), text);
  core::DiagSink dsink;
  const auto dec = decode_stream(stream_of(*prog), "k.bin", Platform::kTGLLP, dsink);
  EXPECT_FALSE(dsink.has_errors());
  EXPECT_EQ(dec->kernel, name);
  // Bare names read as before.
  std::string bare;
  EXPECT_FALSE(parse_kernel_name("plain_name", bare).has_value());
  EXPECT_EQ(bare, "plain_name");

  for (const std::string_view bad :
       {".kernel \"abc\n", ".kernel \"a\" b\n", ".kernel \"a\\qb\"\n", ".kernel \"\"x\"\n"}) {
    core::DiagSink e;
    parse_program(std::string(".version 4.2\n") + std::string(bad), "k.visaasm", Platform::kTGLLP,
                  e);
    ASSERT_TRUE(e.has_errors()) << bad;
    EXPECT_EQ(e.diagnostics()[0].rule_id, "VISA-SYNTAX") << bad;
  }
}

}  // namespace
}  // namespace texsim::isa::visa
