// Destination write-back of TLDS, TEXS and TLD4S: the write mask's components in RGBA order to
// Rd0, Rd0+1, Rd1, Rd1+1 (FP32) or packed in halves (.F16), and the .F16-on-integer rule.
#pragma once

#include <cstdint>
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

// Writes the texel's components (FP32 bits, or halves rounded with `rounding` for .F16; integer
// kinds convert by value) and returns the trace text " R0=0x... R1=0x...".
std::string write_back(const Instruction& inst, const texunit::Texel& texel, bool defined,
                       core::Rounding rounding, Machine& m);

}  // namespace texsim::isa::sass
