// vISA instruction-level binary: the opcode byte, then every field of the row in table order,
// little-endian, no padding (visa 6_instructions.md; research §1.2), version-aware where vISA's
// layout changed. Depends on model, kinds, syntax (for the declaration header) and program.
//
// texsim's vISA stream file (what `texsim asm` writes and `texsim disasm` reads):
//   optional header: "TXVI" (54 58 56 49), UB major, UB minor, UD n, then n bytes of UTF-8 text
//                    holding the program's `.kernel` and `.decl` lines (the variable table);
//   then the instructions back to back.
// A stream without the header (e.g. `disasm --bytes`) is read as vISA kNewestVersion with no
// variable table: operands print by id (V<id>, T<id>, P<id>) and type rules are skipped.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/visa/program.hpp"

namespace texsim::isa::visa {

inline constexpr std::array<uint8_t, 4> kStreamMagic{0x54, 0x58, 0x56, 0x49};  // "TXVI"

// Encodes one modelled instruction at `version`; an error message if a value does not fit.
std::optional<std::string> encode_instruction(const Instruction& inst, Version version,
                                              std::vector<uint8_t>& out);

// Decodes one instruction at `pos`; on success advances `pos`. Problems are reported at
// FILE+0xOFFSET (rule VISA-ENCODING).
std::optional<Instruction> decode_instruction(std::span<const uint8_t> bytes, size_t& pos,
                                              Version version, const std::string& file,
                                              core::DiagSink& sink);

// The stream header for a program (its version and declarations).
std::vector<uint8_t> encode_header(const VisaProgram& prog);

// Decodes a whole stream (with or without header).
std::unique_ptr<VisaProgram> decode_stream(std::span<const uint8_t> bytes, const std::string& file,
                                           Platform platform, core::DiagSink& sink);

}  // namespace texsim::isa::visa
