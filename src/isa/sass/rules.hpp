// The TLDS validator: every rule with a stable id, a one-line summary and its spec citation;
// checks walk the model's tables. Depends on model, fields, core.
#pragma once

#include <span>
#include <string_view>

#include "core/diag.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

struct Rule {
  std::string_view id;
  std::string_view summary;
  std::string_view citation;
};
std::span<const Rule> all_rules();
const Rule* find_rule(std::string_view id);

// Where a slot of an instruction is: a text column, or the field's bits in the word.
core::Location location_of(const Instruction& inst, Slot slot);

// Checks one instruction (kUnsupported/kRaw are not checked here). Reports errors; returns
// true when there were none. `platform` is the canonical SASS platform ("SM52").
bool validate(const Instruction& inst, std::string_view platform, core::DiagSink& sink);

// Whether `.F16` on an integer texture is UNPREDICTABLE on `platform` (sass-tlds.md, .F16:
// "not supported for integer textures in SPA 5.2").
bool f16_integer_unpredictable(std::string_view platform);

}  // namespace texsim::isa::sass
