// Rule families kept outside rules.cpp (one file per instruction family): their rule lists and
// checks, called from rules.cpp's walk over a row's fields. Not a public header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
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

namespace texsim::isa::visa::detail {

// The fields the rules read by name, found once per row (rules_fields.cpp; issue 18 item 4: a
// search by name per instruction cost a fifth of the rule checks).
enum class Named : uint8_t {
  kExecSize,
  kOp,
  kNumParams,
  kParams,
  kChannels,
  kModifiers,
  kBlockWidth,
  kBlockHeight,
  kChannelMask,
  kCount
};
// row.field_index(<the name of n>), from a table.
std::optional<size_t> named_field(const InstrRow& row, Named n);
// inst.op(<the name of n>): the operand, or an empty one where the row has no such field.
const OperandValue& named_op(const Instruction& inst, Named n);

}  // namespace texsim::isa::visa::detail
