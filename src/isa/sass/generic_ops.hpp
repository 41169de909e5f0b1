// Maxwell/Pascal (SM50-SM62) non-texture instructions as nvdisasm 11.8 prints them: a table of
// opcodes (match/mask) and operand fields, printed from a word and encoded from text (issue 29).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace texsim::isa::sass {

// One opcode of the generic table: its name and the word bits that select it.
struct GenericOpInfo {
  std::string_view name;
  uint64_t mask;
  uint64_t match;
};

// The opcodes the table decodes (what the differential test draws words for).
const std::vector<GenericOpInfo>& generic_ops();

// nvdisasm's text of a word of a table opcode, guard predicate included and without " ;"
// ("@!P0 MOV32I R7, 0x3f800000"); nullopt for any other word. `sm` (50..62, 0: unknown) picks
// the architecture's special-register names; `reuse`, the control field's reuse bits (a, b, c),
// adds ".reuse" to source registers as cuobjdump prints them; `pc`, the word's byte address,
// is what a branch's target is printed from (without it a branch has no text).
std::optional<std::string> generic_text(uint64_t word, unsigned sm = 0, unsigned reuse = 0,
                                        std::optional<uint64_t> pc = std::nullopt);

// An encoded instruction of the table: its word and the reuse bits its ".reuse" flags name.
struct GenericWord {
  uint64_t word;
  unsigned reuse;
};

// The word of one instruction text of a table opcode (the inverse of generic_text: a guard, the
// mnemonic with its modifiers, the operands; a trailing ';' allowed); nullopt otherwise. `pc` as
// for generic_text.
std::optional<GenericWord> generic_encode(std::string_view text, unsigned sm = 0,
                                          std::optional<uint64_t> pc = std::nullopt);

}  // namespace texsim::isa::sass
