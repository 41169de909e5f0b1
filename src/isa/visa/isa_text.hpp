// IGC's text of every vISA instruction with a binary layout (layouts.hpp) to .isa bytes: the
// exact inverse of the instruction printer (isa_print.hpp). Modelled instructions go through the
// model (codec.hpp); this is the generic path. Depends on layouts, symbols and types.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isa/visa/platform.hpp"
#include "isa/visa/symbols.hpp"

namespace texsim::isa::visa {

// Maps a declared variable's texsim id to its id in the file (V35).
using IdMap = std::function<uint32_t(VarClass, uint32_t)>;
// A label's id by name (labels are numbered in order of first mention).
using LabelMap = std::function<uint32_t(std::string_view)>;

struct TextEnv {
  const SymbolTable& syms;
  Version version;
  IdMap ids;
  LabelMap labels;
  // The platform's GRF size: the byte offset of an address-of operand (&NAME[offset]) is
  // row x GRF + column x element size (VISAKernelImpl CreateVISAAddressOfOperandGeneric).
  unsigned grf_bytes = 32;
};

// A syntax error: 1-based column in the line and what is wrong.
struct TextError {
  uint32_t column = 1;
  std::string message;
};

// Encodes one instruction line (IGC's printed syntax, without its `/// $N` comment; leading
// blanks count for columns) and appends the bytes, opcode first.
std::optional<TextError> encode_text_instruction(std::string_view line, const TextEnv& env,
                                                 std::vector<uint8_t>& out);

// Whether `mnemonic` (the line's first word without its suffixes) names an instruction the
// generic path can encode (one with a known binary layout).
bool has_text_form(std::string_view mnemonic);

}  // namespace texsim::isa::visa
