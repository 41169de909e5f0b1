// Binary form of SASS programs: one Instruction <-> a 64-bit word plus its 21-bit control
// field, and the bundle stream (one control word per three instructions). Depends on model, core.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

struct EncodedWord {
  uint64_t word = 0;
  uint32_t control = 0;  // the 21-bit field, .T/.P included
};

// The 21-bit control field of an instruction: its Control with .T/.P folded into the reuse bits.
uint32_t encode_control(const Control& c, Phase phase);
// Splits a 21-bit field; reuse keeps every bit (callers interpret T/P).
Control decode_control(uint32_t bits);

// Encodes one instruction. Reports (SASS-ENCODE) and returns nullopt when a value does not fit
// its field or the modifier combination has no row; kUnsupported/kRaw lines are not encodable
// (kRaw encodes to its word).
std::optional<EncodedWord> encode(const Instruction& inst, core::DiagSink& sink);

// Decodes one word with its control field (nullopt: none given, treated as 0 and not printed).
// Never fails: a word that is not TLDS/NOP, or a reserved TLDS field value, yields a kRaw
// placeholder and a warning (SASS-DECODE-*) at `origin`.
// `platform` (e.g. "SM50"): where TLDS.F16 does not exist, bit 59 clear is not TLDS.
Instruction decode(uint64_t word, std::optional<uint32_t> control, const Origin& origin,
                   core::DiagSink& sink, std::string_view platform = {});

// Bundle stream: [control word, insn, insn, insn]*, little-endian 64-bit words. The last
// bundle is padded with NOPs (control 0x7e0).
std::vector<uint8_t> encode_stream(std::span<const EncodedWord> words);
// Byte offset of instruction i in a stream.
uint64_t stream_offset(size_t i);

// Decodes a stream. A size that is not a multiple of 8 is an error (SASS-DECODE-SIZE); a final
// partial bundle decodes with a SASS-DECODE-SIZE warning (it re-encodes padded with NOPs).
// Bit 63 of a control word set is a warning.
// `base` is the file offset of bytes[0] (a cubin's .text section): origins and diagnostics name
// file offsets.
std::vector<Instruction> decode_stream(std::span<const uint8_t> bytes, const std::string& name,
                                       core::DiagSink& sink, uint64_t base = 0,
                                       std::string_view platform = {});

}  // namespace texsim::isa::sass
