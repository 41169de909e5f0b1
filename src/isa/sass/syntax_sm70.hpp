// Volta+ SASS text (SM70-SM90): one texture instruction as nvdisasm 11.8 prints it, read back
// into the Instruction its 128-bit word decodes to (the inverse of print_sm70). Depends on model.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/diag.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// A word of a source line with its 1-based column.
struct TextTok {
  std::string_view text;
  uint32_t col = 0;
};

// Whether `name` is one of the six Volta+ texture families (TEX TLD TLD4 TXD TMML TXQ).
bool is_wide_mnemonic(std::string_view name);

// Reads `mnemonic` ("TEX.SCR.LL"), its modifier tokens ("SCR", "LL"), operands and trailing notes
// (nvdisasm's "?PM1") for architecture `sm` (70 .. 90) into `inst`, whose guard, control and origin
// the line parser has set. Every field is range-checked at its column; the word must be one
// nvdisasm reads (decisions W7) and print back exactly as written (whitespace aside), else an
// error names the form nvdisasm prints. The control prefix gives the scheduling bits 127:105
// (decisions W9). nullopt after an error.
std::optional<Instruction> parse_wide(Instruction inst, TextTok mnemonic, std::string_view name,
                                      std::span<const TextTok> mods, std::span<const TextTok> ops,
                                      std::span<const TextTok> notes, unsigned sm,
                                      core::DiagSink& sink);

// A line's words after its guard (sm 70..90): a texture instruction (parse_wide), a 128-bit
// .word (whose control prefix, if any, must be its bits 127:105), or another instruction kept as
// `text`; Maxwell/Pascal's short forms are SASS-UNKNOWN-OPCODE. nullopt after an error.
std::optional<Instruction> read_wide_line(Instruction inst, TextTok mn, std::string_view name,
                                          std::span<const TextTok> mods,
                                          std::span<const TextTok> ops,
                                          std::span<const TextTok> notes, std::string_view text,
                                          unsigned sm, core::DiagSink& sink);

// A cuobjdump listing's encoding of a Volta+ line (bits 63:0 on its line, 127:64 on the next):
// an unmodelled line keeps it; a texture instruction or .word must be what the word decodes to,
// which then brings the bits the text does not show. An error (at the line) otherwise.
void take_wide_word(Instruction& inst, const Word128& w, core::DiagSink& sink);

// The control prefix of a Volta+ line: print_control's form, with a leading six-character field
// for bits 127:122 ("[0-----:B------:R-:W-:Y:S01]", digit k for bit 122+k) when any is set.
std::string print_wide_control(const Control& c);

}  // namespace texsim::isa::sass
