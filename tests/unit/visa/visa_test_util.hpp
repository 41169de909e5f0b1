// Helpers shared by the vISA unit tests: parse a program, find diagnostics by rule id.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>

#include "core/diag.hpp"
#include "isa/visa/program.hpp"
#include "isa/visa/rules.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa::test {

struct Parsed {
  std::unique_ptr<VisaProgram> prog;
  core::DiagSink sink;
};

inline Parsed parse(const std::string& text, Platform p = Platform::kTGLLP, bool check = true) {
  Parsed r;
  r.prog = parse_program(text, "t.visaasm", p, r.sink);
  if (check) check_program(*r.prog, r.sink);
  return r;
}

inline bool has_rule(const core::DiagSink& s, const std::string& id) {
  return std::any_of(s.diagnostics().begin(), s.diagnostics().end(),
                     [&](const core::Diagnostic& d) { return d.rule_id == id; });
}

inline std::string all_diags(const core::DiagSink& s) {
  std::string o;
  for (const auto& d : s.diagnostics()) o += core::format_diagnostic(d) + "\n";
  return o;
}

// Declarations used by most tests.
inline constexpr const char* kDecls = R"(.version 4.2
.decl T6 v_type=T num_elts=1
.decl V33 v_type=G type=ud num_elts=1 align=dword
.decl V34 v_type=G type=ud num_elts=1 align=dword
.decl V35 v_type=G type=ub num_elts=256 align=GRF
.decl V40 v_type=G type=ud num_elts=32 align=GRF
.decl V41 v_type=G type=ud num_elts=32 align=GRF
.decl V42 v_type=G type=f num_elts=32 align=GRF
.decl V43 v_type=G type=uw num_elts=32 align=GRF
.decl P1 v_type=P num_elts=32
.decl P3 v_type=P num_elts=16
)";

// `line` after `decls`, indented as IGC's dumps indent instructions.
inline std::string with_decls(const std::string& decls, const std::string& line) {
  return decls + "    " + line + "\n";
}

// Each line parses without a diagnostic error and prints back as written (IGC's printer).
inline void expect_prints_back(const std::string& decls, std::initializer_list<const char*> lines) {
  for (const char* line : lines) {
    auto p = parse(with_decls(decls, line));
    ASSERT_FALSE(p.sink.has_errors()) << line << "\n" << all_diags(p.sink);
    EXPECT_EQ(print_instruction(p.prog->instructions[0], *p.prog), line);
  }
}

// A rule's passing and failing line: `good` has no error at all, `bad` reports `rule`.
struct RuleCase {
  const char* rule;
  const char* good;
  const char* bad;
};
inline void expect_rule_cases(const std::string& decls, std::initializer_list<RuleCase> cases) {
  for (const RuleCase& c : cases) {
    auto good = parse(with_decls(decls, c.good));
    EXPECT_FALSE(has_rule(good.sink, c.rule)) << c.good << "\n" << all_diags(good.sink);
    EXPECT_FALSE(good.sink.has_errors()) << c.good << "\n" << all_diags(good.sink);
    auto bad = parse(with_decls(decls, c.bad));
    EXPECT_TRUE(has_rule(bad.sink, c.rule)) << c.bad << "\n" << all_diags(bad.sink);
  }
}

}  // namespace texsim::isa::visa::test
