// Rule families kept outside rules.cpp (one file per instruction family): their rule lists and
// checks, called from rules.cpp's walk over a row's fields. Not a public header.
#pragma once

#include <cstddef>
#include <vector>

#include "core/diag.hpp"
#include "isa/visa/program.hpp"
#include "isa/visa/rules.hpp"

namespace texsim::isa::visa::detail {

// SAMPLE_UNORM's Channel_mask (kUnormChannels): rules_sample_unorm.cpp.
void add_unorm_channel_rules(const InstrRow& row, const FieldSpec& f, std::vector<RuleSpec>& out);
void check_unorm_channels(const Instruction& inst, const VisaProgram& prog, size_t field,
                          core::DiagSink& sink);

}  // namespace texsim::isa::visa::detail
