// The parts of IGC's vISA text beyond the modelled instructions, read while a program is parsed
// (syntax.cpp): kernel header directives (.input, .implicit_*, .parameter, .kernel_attr,
// .function), labels, and each unmodelled instruction line checked against its text form
// (isa_text.hpp). Depends on program, isa_text and isa_header_text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "isa/visa/program.hpp"

namespace texsim::isa::visa {

class GenericText {
 public:
  GenericText(VisaProgram& prog, core::DiagSink& sink) : prog_(prog), sink_(sink) {}

  // A directive (`dir` without its dot, `rest` the text after it starting at column
  // `rest_col`); false when it is none of the header directives handled here.
  bool directive(std::string_view dir, std::string_view rest, uint32_t line, uint32_t col,
                 uint32_t rest_col);
  void label(std::string_view name, uint32_t line, uint32_t col);
  // An unmodelled instruction just parsed (the last of prog.instructions); `text` is its line
  // with columns counted from the line start.
  void instruction(std::string_view text, uint32_t line);
  // Labels used but not defined, a .function without its label.
  void finish();

 private:
  struct Ref {
    std::string name;
    uint32_t line, column;
  };
  VisaProgram& prog_;
  core::DiagSink& sink_;
  std::string pending_function_;
  uint32_t pending_line_ = 0;
  std::vector<Ref> refs_;
};

// Whether IGC prints `mnemonic` (an unmodelled instruction's first word) in the form the
// generic encoder reads (common class, control flow, fences, LSC untyped, scaled messages):
// lines of these that do not read are syntax errors; others get a warning (texsim's own
// layout-driven form is then the only way to write them to a .isa).
bool igc_text_form(std::string_view mnemonic);

}  // namespace texsim::isa::visa
