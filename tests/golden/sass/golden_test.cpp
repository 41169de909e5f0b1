// Golden runner for tests/golden/sass: for every "# CHECK: WORD CONTROL" line, text -> words
// and words -> text must match exactly; for "# CHECK-DIAG:" lines, the reported rule ids.
// Mismatches are printed as a diff (expected / got).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "isa/sass/codec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {
namespace {

std::vector<std::string> lines_of(const std::string& name) {
  std::ifstream in(std::string(TEXSIM_GOLDEN_DIR) + "/" + name);
  EXPECT_TRUE(in) << name;
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ')) s.pop_back();
  size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  return s.substr(i);
}

void check_encodings(const std::string& file, size_t min_lines) {
  size_t checked = 0, failures = 0;
  std::ostringstream diff;
  const auto lines = lines_of(file);
  for (size_t n = 0; n < lines.size(); ++n) {
    const std::string& l = lines[n];
    const size_t c = l.find("# CHECK: ");
    if (c == std::string::npos || l.starts_with("#")) continue;
    const std::string text = trim(l.substr(0, c));
    uint64_t want_word = 0;
    unsigned long want_ctrl = 0;
    std::istringstream(l.substr(c + 9)) >> std::hex >> want_word >> want_ctrl;
    ++checked;
    // text -> words
    core::DiagSink sink;
    auto inst = parse_line(text, file, static_cast<uint32_t>(n + 1), sink);
    if (inst) validate(*inst, "SM61", sink);
    std::optional<EncodedWord> e;
    if (inst && !sink.has_errors()) e = encode(*inst, sink);
    if (!e || e->word != want_word || e->control != want_ctrl) {
      ++failures;
      diff << file << ":" << n + 1 << ": text -> words\n  expected " << std::hex << want_word << " "
           << want_ctrl << "\n  got      " << (e ? e->word : 0) << " " << (e ? e->control : 0)
           << std::dec << "\n";
      for (const auto& d : sink.diagnostics()) diff << "  " << format_diagnostic(d) << "\n";
    }
    // words -> text
    core::DiagSink dsink;
    Origin o;
    o.binary = true;
    o.file = file;
    const Instruction d = decode(want_word, static_cast<uint32_t>(want_ctrl), o, dsink);
    PrintOptions popt;
    popt.control_prefix = text.starts_with("[");  // lines with a prefix print theirs
    const std::string got = print_instruction(d, popt);
    if (got != text || !dsink.diagnostics().empty()) {
      ++failures;
      diff << file << ":" << n + 1 << ": words -> text\n  expected " << text << "\n  got      "
           << got << "\n";
    }
  }
  EXPECT_GE(checked, min_lines);
  EXPECT_EQ(failures, 0u) << diff.str();
}

TEST(SassGolden, EveryEncodingMaskAndModifier) {
  check_encodings("tlds_encodings.sass", 1404);
}

TEST(SassGolden, KnownRealEncodings) {
  check_encodings("tlds_known.sass", 2);
}

TEST(SassGolden, RuleDiagnostics) {
  const auto lines = lines_of("tlds_rules.sass");
  size_t checked = 0;
  for (size_t n = 0; n < lines.size(); ++n) {
    const std::string& l = lines[n];
    const size_t c = l.find("# CHECK-DIAG: ");
    if (c == std::string::npos || l.starts_with("#")) continue;
    ++checked;
    const std::string want = trim(l.substr(c + 14));
    core::DiagSink sink;
    auto inst = parse_line(l.substr(0, c), "tlds_rules.sass", static_cast<uint32_t>(n + 1), sink);
    if (inst) validate(*inst, "SM52", sink);
    std::string got;
    for (const auto& d : sink.diagnostics()) got += (got.empty() ? "" : " ") + d.rule_id;
    if (got.empty()) got = "none";
    EXPECT_EQ(got, want) << "tlds_rules.sass:" << n + 1 << ": " << l;
  }
  EXPECT_GE(checked, 20u);
}

}  // namespace
}  // namespace texsim::isa::sass
