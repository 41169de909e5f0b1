// Helpers shared by the vISA unit tests: parse a program, find diagnostics by rule id.
#pragma once

#include <algorithm>
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

}  // namespace texsim::isa::visa::test
