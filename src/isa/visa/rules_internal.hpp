// Rule families kept outside rules.cpp (one file per instruction family): their rule lists and
// checks, called from rules.cpp's walk over a row's fields. Not a public header.
#pragma once

#include <array>
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

// The 3D sampler and load families (3D_SAMPLE, 3D_SAMPLE4, 3D_LOAD): rules_3d.cpp. Their
// parameters (a kRawList field), and their per-instruction rules.
void check_params(const Instruction& inst, const VisaProgram& prog, size_t field,
                  core::DiagSink& sink);
void check_3d(const Instruction& inst, const VisaProgram& prog, core::DiagSink& sink);

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
extern const OperandValue kAbsentOperand;  // what Instruction::op gives for a missing field

// One row's indices of the Named fields (-1: the row has no such field).
struct NamedFields {
  std::array<int16_t, static_cast<size_t>(Named::kCount)> index{};
  // row.field_index(<the name of n>)
  std::optional<size_t> field(Named n) const {
    const int16_t k = index[static_cast<size_t>(n)];
    return k < 0 ? std::nullopt : std::optional<size_t>(static_cast<size_t>(k));
  }
  // inst.op(<the name of n>) for an instruction of this row
  const OperandValue& op(const Instruction& inst, Named n) const {
    const int16_t k = index[static_cast<size_t>(n)];
    return k >= 0 && static_cast<size_t>(k) < inst.ops.size() ? inst.ops[static_cast<size_t>(k)]
                                                              : kAbsentOperand;
  }
};
const NamedFields& named_fields(const InstrRow& row);

}  // namespace texsim::isa::visa::detail
