// vISA text: parses .visaasm programs (directives, declarations, comments, instructions in IGC's
// printed syntax or the spec's upper-case templates) and prints instructions exactly as IGC's
// printer writes them. Depends on model, kinds and program; never on rules or execution.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/diag.hpp"
#include "isa/visa/program.hpp"

namespace texsim::isa::visa {

// Parses a whole program. Syntax problems are reported (VISA-SYNTAX, VISA-DECL,
// VISA-UNDECLARED) and other vISA instructions are kept as unsupported, with one VISA-UNSUPPORTED
// note per mnemonic (note_unmodelled). Never null: check the sink for errors.
// `scene_decls`: variables a scene declares ("decl" of its registers), in effect from the first
// instruction on where the program does not declare the name itself.
std::unique_ptr<VisaProgram> parse_program(std::string_view text, const std::string& file,
                                           Platform platform, core::DiagSink& sink,
                                           std::span<const Variable> scene_decls = {});

// One VISA-UNSUPPORTED note per unmodelled mnemonic of the program (its first line, line count).
void note_unmodelled(const VisaProgram& prog, core::DiagSink& sink);

// Parses one `.decl` line into `v`; an error message on failure.
std::optional<std::string> parse_decl(std::string_view line, Variable& v);

// find_row_by_mnemonic (model.hpp) through a hash map built once: the parser's lookup (issue 18
// item 4, parse speed). tests/unit/visa/lookup_tables_test.cpp checks that the two agree.
const InstrRow* row_for_mnemonic(std::string_view mnemonic);
// Every instruction name of vISA text: the modelled rows (and their spec spellings) and every
// opcode of IGC's table; what "did you mean" suggests from.
std::span<const std::string_view> known_mnemonics();

// Parses one instruction line (no directives) against a program's symbols and version.
std::optional<Instruction> parse_instruction(std::string_view line, const VisaProgram& prog,
                                             uint32_t line_no, core::DiagSink& sink);

// A .kernel name as printed: in double quotes, with '"' and '\\' escaped as \" and \\ and control
// bytes (< 0x20, 0x7f) as \xHH, so that any name reads back the same (F5, docs/reliability.md).
std::string quote_kernel_name(std::string_view name);
// The argument of .kernel: a quoted name with those escapes, or a bare one (kept as written, up
// to the end of the line). An error message for an unterminated string, a bad escape or text
// after the closing quote.
std::optional<std::string> parse_kernel_name(std::string_view text, std::string& name);

// One instruction as IGC prints it (no indentation, no trailing comment).
std::string print_instruction(const Instruction& inst, const VisaProgram& prog);

// The whole program: .version, .kernel, .decl lines, then instructions indented by 4 spaces.
std::string print_program(const VisaProgram& prog);

}  // namespace texsim::isa::visa
