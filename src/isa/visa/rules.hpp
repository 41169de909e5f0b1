// The vISA validator: every rule has a stable id, a summary and a spec citation; checks walk the
// model rows (ranges, types, scalar regions, raw operand bounds, alignment, sizes, surfaces) and
// add the per-instruction rules. Depends on model, kinds, program and lower (sizes); never prints.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "isa/visa/program.hpp"

namespace texsim::isa::visa {

struct RuleSpec {
  std::string id;
  std::string summary;
  std::string citation;
};

// Every rule id the front end reports (generic ones, then each row's), for `describe --rules`.
const std::vector<RuleSpec>& all_rules();
// The rules that apply to one row.
std::vector<RuleSpec> rules_for_row(const InstrRow& row);

// Rule id of a field check: "VISA-<ROW>-<FIELD>[-<WHAT>]", upper case.
std::string field_rule_id(const InstrRow& row, const FieldSpec& f, std::string_view what = {});

// Validates a parsed or decoded program (declarations and every modelled instruction).
void check_program(const VisaProgram& prog, core::DiagSink& sink);
void check_instruction(const Instruction& inst, const VisaProgram& prog, core::DiagSink& sink);

// The location of a field of an instruction: text line:column, or FILE+0xOFFSET for binaries.
core::Location field_location(const Instruction& inst, const VisaProgram& prog, size_t field);

}  // namespace texsim::isa::visa
