// The Volta+ (SM70-SM90) paths of the SASS front end: text programs, 128-bit word streams and
// cubin kernels in, 128-bit encodings out. Called by frontend.cpp; depends on codec_sm70, syntax.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "isa/frontend.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// The architecture a cuobjdump listing names in "code for sm_NN" when it is Volta+ (75), else 0.
unsigned listing_wide_sm(std::string_view text);

// Raw 128-bit words (16 bytes each, bits 63:0 first) at file offset `offset`: every word decoded
// for `sm`; a word that is no texture instruction is kRaw with a SASS-DECODE-OPCODE warning. A
// size that is not a multiple of 16 is SASS-DECODE-STREAM (nothing decoded).
std::vector<Instruction> decode_wide_stream(std::span<const uint8_t> bytes, const std::string& name,
                                            uint64_t offset, unsigned sm, core::DiagSink& sink);

// The 128 bits of one instruction of a Volta+ program: a texture instruction's encoding, a
// .word's value, an unmodelled line's given encoding; SASS-UNSUPPORTED for an unmodelled line
// without one.
std::optional<Word128> wide_word(const Instruction& inst, core::DiagSink& sink);

// Every instruction as 16 bytes (bits 63:0 first) with its printed text and offset.
std::optional<std::vector<EncodedInstruction>> encode_wide(std::span<const Instruction> program,
                                                           core::DiagSink& sink);

}  // namespace texsim::isa::sass
