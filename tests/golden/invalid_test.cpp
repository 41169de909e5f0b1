// Invalid-input golden files (tests/golden/<isa>/invalid.*): every bad line is followed by the
// exact diagnostics it must produce, "# CHECK: :LINE:COL: error[RULE]: message (citation)".
// TEXSIM_RECORD=1 rewrites them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "isa/frontend.hpp"
#include "isa/sass/frontend.hpp"
#include "isa/visa/frontend.hpp"

namespace texsim {
namespace {

constexpr std::string_view kCheck = "# CHECK: ";

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<std::string> out;
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// The program the front end sees: every "#" line blanked, so line numbers stay those of the file.
std::string program_text(const std::vector<std::string>& lines) {
  std::string t;
  for (const auto& l : lines) t += (l.starts_with("#") ? std::string() : l) + "\n";
  return t;
}

// Each diagnostic's first line without the file name, by line number.
std::map<uint32_t, std::vector<std::string>> diagnostics_by_line(const isa::Frontend& fe,
                                                                 const std::string& name,
                                                                 const std::string& text,
                                                                 std::string_view platform) {
  core::DiagSink sink;
  (void)fe.parse({name, text}, platform, sink);
  std::map<uint32_t, std::vector<std::string>> out;
  for (const auto& d : sink.diagnostics()) {
    std::string s = core::format_diagnostic(d);
    s = s.substr(0, s.find('\n'));
    if (s.starts_with(name)) s = s.substr(name.size());
    const auto* t = std::get_if<core::TextLoc>(&d.loc);
    out[t ? t->line : 0].push_back(s);
  }
  return out;
}

// Rewrites the CHECK lines after each code line from what the front end reports (until stable,
// since inserted lines move the ones below).
void record(const isa::Frontend& fe, const std::string& path, const std::string& name,
            std::string_view platform) {
  std::vector<std::string> lines = read_lines(path);
  for (int round = 0; round < 8; ++round) {
    const auto diags = diagnostics_by_line(fe, name, program_text(lines), platform);
    std::vector<std::string> out;
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].starts_with(kCheck)) continue;
      out.push_back(lines[i]);
      const auto it = diags.find(static_cast<uint32_t>(i + 1));
      if (it == diags.end()) continue;
      for (const auto& d : it->second) out.push_back(std::string(kCheck) + d);
    }
    if (out == lines) break;
    lines = out;
  }
  std::ofstream o(path);
  for (const auto& l : lines) o << l << "\n";
}

void check_file(const isa::Frontend& fe, const std::string& rel, std::string_view platform,
                size_t min_checks) {
  const std::string path = std::string(TEXSIM_GOLDEN_DIR) + "/" + rel;
  const std::string name = rel.substr(rel.find('/') + 1);
  if (std::getenv("TEXSIM_RECORD") != nullptr) record(fe, path, name, platform);
  const std::vector<std::string> lines = read_lines(path);
  std::vector<std::string> want;
  size_t code_line = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].starts_with(kCheck)) {
      if (!lines[i].starts_with("#")) code_line = i + 1;
      continue;
    }
    const std::string c = lines[i].substr(kCheck.size());
    // Each CHECK names the code line above it.
    EXPECT_TRUE(c.starts_with(":" + std::to_string(code_line) + ":"))
        << rel << ":" << i + 1 << ": " << c;
    want.push_back(c);
  }
  std::vector<std::string> got;
  for (const auto& [line, ds] : diagnostics_by_line(fe, name, program_text(lines), platform)) {
    got.insert(got.end(), ds.begin(), ds.end());
  }
  std::ostringstream diff;
  for (size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
    const std::string w = i < want.size() ? want[i] : "(nothing)";
    const std::string g = i < got.size() ? got[i] : "(nothing)";
    if (w != g) diff << "  expected " << w << "\n  got      " << g << "\n";
  }
  EXPECT_GE(want.size(), min_checks) << rel;
  EXPECT_TRUE(diff.str().empty()) << rel << " (TEXSIM_RECORD=1 re-records; review the diff first)\n"
                                  << diff.str();
}

TEST(InvalidGolden, Visa) {
  check_file(*isa::visa::make_frontend(), "visa/invalid.visaasm", "TGLLP", 20);
}

TEST(InvalidGolden, Sass) {
  check_file(*isa::sass::make_frontend(), "sass/invalid.sass", "SM52", 20);
}

}  // namespace
}  // namespace texsim
