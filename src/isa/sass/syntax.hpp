// SASS text: parse and print nvdisasm's form (optional /*addr*/ and [B------:R-:W5:-:S01]
// control prefixes) and the spec's annotations ({&req_M} {&rdN} {&wrN} {?sched}). Depends on model.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/listing.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

struct PrintOptions {
  bool control_prefix = false;      // "[B------:R-:W5:-:S01] "
  std::optional<uint64_t> address;  // "/*0008*/ "
  bool spec_annotations = false;    // " &req_3 &rd1 &wr5 ?S01 ?Y" before ';'
  // Issue 29, generic table: the word's byte address that branch targets print from (unset:
  // `address`; neither: a branch prints as .word) and the architecture, 50..62 (0: unknown), that
  // names S2R's special registers.
  std::optional<uint64_t> pc;
  unsigned sm = 0;
};

// One instruction, e.g. "@!P1 TLDS.LZ.AOFFI.NODEP.T R32, R34, R54, R53, 0x50, 2D, RGBA ;".
// kRaw prints ".word 0x... ;" (a placeholder the parser reads back); kUnsupported its text.
std::string print_instruction(const Instruction& inst, const PrintOptions& opt = {});

// "[B0-2---:R1:W5:Y:S01]" (CuAssembler's form, barriers 0-based; Y when the yield bit is 0).
std::string print_control(const Control& c);
// `wide`: a Volta+ prefix, which may start with the field of bits 127:122 (syntax_sm70.hpp).
std::optional<Control> parse_control(std::string_view text, bool wide = false);

// Parses a whole program. Every line holds at most one instruction; blank lines, comments
// (// ..., # ..., /* ... */), labels ("name:") and directives other than .word are skipped.
// Syntax problems are errors (SASS-SYNTAX, SASS-TLDS-*); other instructions are kept as
// kUnsupported with a warning (SASS-UNSUPPORTED). Rules are not checked here (see rules.hpp).
// cuobjdump listings (issue 14): `code for sm_NN`, `Function : name` and fatbin banner lines are
// structure (recorded in *info when given); a line holding only "/* 0x... */" is a bundle's
// control word and gives the next three instructions their control fields; an unsupported
// instruction's trailing "/* 0x... */" is its encoding (it then assembles to that word).
// `sm` 70..90: Volta+ text (syntax_sm70.hpp); a listing's "/* 0x... */" pair of lines is one
// 128-bit word that must decode to the line's text, and gives it its scheduling bits.
std::vector<Instruction> parse_program(std::string_view text, const std::string& file,
                                       core::DiagSink& sink, ListingInfo* info = nullptr,
                                       unsigned sm = 0);

// Parses one line (line number `line` for diagnostics); nullopt for a line with no instruction
// or with a syntax error (reported).
// `sm` 70..90 reads Volta+ text (syntax_sm70.hpp), 0 Maxwell/Pascal text.
std::optional<Instruction> parse_line(std::string_view text, const std::string& file, uint32_t line,
                                      core::DiagSink& sink, unsigned sm = 0);

std::string register_name(uint8_t r);  // "R7", "RZ"

// A line with its comments (//, #, /* */) and nvdisasm's dual-issue braces blanked to spaces,
// columns kept: what the line parser reads.
std::string blank_comments(std::string_view line);

// A Volta+ instruction (inst.wide.sm != 0) as nvdisasm 11.8 prints it for its architecture,
// guard included, without the closing ';' ("TEX.SCR.LL R6, R4, R4, R6, 0x0, 0x66, 2D", with a
// trailing " ?PM1" on SM86+ when bits 103:102 are set): printer_sm70.cpp.
std::string print_sm70(const Instruction& inst);

}  // namespace texsim::isa::sass
