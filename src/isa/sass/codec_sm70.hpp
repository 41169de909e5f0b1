// Binary form of Volta+ texture instructions (SM70-SM90): one Instruction <-> one 128-bit word,
// scheduling bits included (decisions W1-W8). Depends on model and encoding_sm70.
#pragma once

#include <optional>
#include <string_view>

#include "core/diag.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// Decodes one word for a Volta+ `platform` ("SM75"). Never fails: a word that is no texture
// instruction there, or one nvdisasm 11.8 rejects (opcode, bit 59, bit 91), yields a kRaw
// placeholder and a SASS-DECODE-OPCODE warning naming its offset and bits.
Instruction decode_sm70(const Word128& word, std::string_view platform, const Origin& origin,
                        core::DiagSink& sink);

// Encodes a decoded (or built) Volta+ instruction; SASS-ENCODE and nullopt when a value does
// not fit its field or the row does not exist on the instruction's architecture.
std::optional<Word128> encode_sm70(const Instruction& inst, core::DiagSink& sink);

// The 23 scheduling bits 127:105 <-> Control: bits 125:105 have the Maxwell/Pascal control
// field's layout (stall, yield, barriers, wait mask, four reuse flags) and bits 127:126 are
// Control::reuse bits 5:4 (decisions W9).
uint32_t wide_sched(const Control& c);
Control wide_control(uint32_t sched);
}  // namespace texsim::isa::sass
