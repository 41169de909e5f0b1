// The one register write-back of every SASS texture instruction (issue 25 item 1): consecutive
// registers from a base (RZ and past R254 handled once), the scalar forms' Rd0/Rd1 layout and
// .F16 packing, the vector forms' mask components, and the .F16-on-integer rule.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/diag.hpp"
#include "core/half.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/model.hpp"
#include "texunit/texel.hpp"

namespace texsim::isa::sass {

// The components an instruction writes: its write mask, or the row's fixed set (TLD4S: RGBA).
uint8_t written_components(const Instruction& inst);

// .F16 with an integer texture: UNPREDICTABLE where f16_integer_unpredictable(platform) says so
// (sass-tlds.md, .F16); reports warning `<rule prefix>F16-INT` and returns false (undefined).
bool f16_integer_defined(const Instruction& inst, std::string_view format_name,
                         const ExecSettings& settings, core::DiagSink& sink);

// Writes values[k] to register base+k: nothing when base is RZ, nothing past R254 (a vector that
// runs off the file loses its tail: decisions T55). defined[k] false marks the register undefined.
// Appends " R4=0x0000002a" per register written (with "?" when undefined) to `trace` if given.
void write_registers(Machine& m, uint8_t base, std::span<const uint32_t> values,
                     std::span<const bool> defined, std::string* trace);

// The scalar forms (TLDS, TEXS, TLD4S): the write mask's components in RGBA order to Rd0, Rd0+1,
// Rd1, Rd1+1 (FP32) or packed in halves (.F16, rounded with `rounding`; integer kinds convert by
// value). Trace text as write_registers.
void write_back(const Instruction& inst, const texunit::Texel& texel, bool defined,
                core::Rounding rounding, Machine& m, std::string* trace);

// The vector forms (TEX, TLD, TLD4, TXD, TXQ, TMML): the components `mask` selects, in RGBA
// order, to Rd0, Rd0+1, ... (YUZU `++dest_reg` per set bit; decisions T55).
void write_vector(const Instruction& inst, const std::array<uint32_t, 4>& bits,
                  const std::array<bool, 4>& defined, Machine& m, std::string* trace);

}  // namespace texsim::isa::sass
