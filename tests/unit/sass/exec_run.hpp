// Runs SASS text on a scene for the execution tests: parse, validate (no errors expected), run,
// and the written registers by name with their definedness and the diagnostics.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "isa/sass/exec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass::testing {

struct Outcome {
  std::map<std::string, uint32_t> regs;
  std::map<std::string, bool> defined;
  std::vector<core::Diagnostic> diags;
  bool ok = false;

  std::vector<std::string> rules() const {
    std::vector<std::string> out;
    for (const auto& d : diags) out.push_back(d.rule_id);
    return out;
  }
};

inline Outcome run(const scene::Scene& sc, std::string_view text,
                   std::string_view platform = "SM52") {
  Outcome r;
  core::DiagSink sink;
  auto prog = parse_program(text, "e.sass", sink);
  for (const auto& i : prog) validate(i, platform, sink);
  EXPECT_FALSE(sink.has_errors()) << format_diagnostic(sink.diagnostics().at(0));
  const auto out =
      run_program(prog, sc, settings_for(sc, platform, false), std::nullopt, sink, nullptr);
  r.diags = sink.diagnostics();
  if (!out) return r;
  r.ok = true;
  for (const auto& v : *out) {
    r.regs[v.name] = uint32_t{v.bytes[0]} | uint32_t{v.bytes[1]} << 8 | uint32_t{v.bytes[2]} << 16 |
                     uint32_t{v.bytes[3]} << 24;
    r.defined[v.name] = v.defined.empty();
  }
  return r;
}

}  // namespace texsim::isa::sass::testing
