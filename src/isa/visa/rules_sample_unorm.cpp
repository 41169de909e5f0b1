// SAMPLE_UNORM's Channel_mask rules: a channel enabled, reserved bits 7:6 zero, and the output
// format IGC does not lower (visa-sample_unorm.md; IGC IsaVerification.cpp, TranslateSend3D.cpp).
#include <string>

#include "isa/visa/kinds.hpp"
#include "isa/visa/model_sample_unorm.hpp"
#include "isa/visa/rules_internal.hpp"

namespace texsim::isa::visa::detail {

void add_unorm_channel_rules(const InstrRow& row, const FieldSpec& f, std::vector<RuleSpec>& out) {
  const std::string c(f.citation);
  out.push_back(
      {field_rule_id(row, f), "at least one of R, G, B, A enabled (bits 3:0); bits 7:6 zero", c});
  out.push_back({field_rule_id(row, f, "FORMAT"),
                 "an output format other than 16-full runs as 16-full: IGC's lowering sends no "
                 "format to the sampler (warning; decision V52)",
                 c + "; IGC TranslateSend3D.cpp, translateVISASamplerNormInst"});
}

void check_unorm_channels(const Instruction& inst, const VisaProgram& prog, size_t field,
                          core::DiagSink& sink) {
  const InstrRow& row = *inst.row;
  const FieldSpec& f = row.fields[field];
  const uint32_t v = inst.ops[field].value;
  const auto where = [&] { return field_location(inst, prog, field); };
  if ((v & 0xfu) == 0) {
    // IsaVerification.cpp: "only accepts non-zero channel masks".
    sink.error(field_rule_id(row, f), where(),
               std::string(f.name) + " must enable at least one of R, G, B, A (bits 3:0), got " +
                   std::to_string(v),
               std::string(f.citation));
  } else if ((v & 0xc0u) != 0) {
    sink.error(field_rule_id(row, f), where(),
               std::string(f.name) + " bits 7:6 are not defined and must be zero, got " +
                   std::to_string(v),
               std::string(f.citation));
  }
  if (sample_unorm_format(v) != 0) {
    sink.warning(field_rule_id(row, f, "FORMAT"), where(),
                 "output format " + std::string(kUnormOutputFormats[sample_unorm_format(v)]) +
                     " runs as 16-full: IGC's lowering (translateVISASamplerNormInst) sends the "
                     "sampler no output format, so 16-bit words of every pixel come back",
                 std::string(f.citation) + "; IGC visa/VisaToG4/TranslateSend3D.cpp");
  }
}

}  // namespace texsim::isa::visa::detail
