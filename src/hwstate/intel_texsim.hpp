// Intel SAMPLER_STATE (+ SAMPLER_BORDER_COLOR_STATE) as texsim's sampler state: decoded per the
// platform's genxml table, validated, mapped; what texsim has no model for is reported
// (SAMPLER_STATE-TEXSIM), never guessed. Depends on hwstate (fields, intel tables) and texunit.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "core/diag.hpp"
#include "hwstate/fields.hpp"
#include "texunit/sampler.hpp"

namespace texsim::hwstate::intel {

inline constexpr uint32_t kSamplerStateBytes = 16;
inline constexpr uint32_t kBorderColorBytes = 16;

// The platform's type by name ("SAMPLER_STATE"), or null. Platforms: TGLLP.
const DescriptorType* find_type(std::string_view platform, std::string_view type_name);

// A SAMPLER_STATE and the SAMPLER_BORDER_COLOR_STATE its Border Color Pointer names (empty: no
// border colour given, 0s) -> sampler state. nullopt when invalid or not modelled (reported).
std::optional<texunit::SamplerState> sampler_to_texsim(std::string_view platform,
                                                       std::span<const uint8_t> sampler,
                                                       std::span<const uint8_t> border,
                                                       core::DiagSink& sink,
                                                       const core::Location& loc = {});

// The SAMPLER_STATE at `offset` of a dynamic state heap (as `ocloc disasm -dump` writes
// DynamicStateHeap.bin) with its border colour read at the Border Color Pointer (bits 23:6 of
// DW2, a byte offset into the same heap).
std::optional<texunit::SamplerState> sampler_from_heap(std::string_view platform,
                                                       std::span<const uint8_t> heap,
                                                       uint64_t offset, core::DiagSink& sink);

}  // namespace texsim::hwstate::intel
