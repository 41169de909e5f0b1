// Every SASS modifier once: its spellings, the Instruction member that holds its value, and what
// a row allows. The printer, the parser, describe and the diagnostics all read this table.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass {

struct ModSpelling {
  std::string_view text;  // as nvdisasm prints it, without the dot
  uint8_t value;
  bool listed =
      true;  // named in "expected" lists (nvdisasm's INVALID* names are read, not offered)
};

struct ModifierSpec {
  Mod mod;
  std::string_view what;  // ".lod", "gather component": how diagnostics name it ("": its spelling)
  std::span<const ModSpelling> spellings;
  uint8_t none;  // the value with no spelling printed (ignored when `always`)
  bool always;   // printed whatever the value (.LOD, .B, the gather component)
  Slot slot;     // the column a parsed spelling records (kModifiers: none of its own)
  uint8_t (*get)(const Instruction&);
  void (*set)(Instruction&, uint8_t);
};

// The spec of a modifier (every Mod has exactly one: modifiers_test walks them).
const ModifierSpec& modifier(Mod m);
std::span<const ModifierSpec> modifier_table();

// How diagnostics name a modifier: ".lod", "gather component", ".AOFFI".
std::string modifier_word(Mod m);
// The spelling of a modifier's value ("LZ", "AOFFI"), or "" when the value has none.
std::string_view spelling(Mod m, uint8_t value);
// Whether `row` accepts value `value` of modifier `m` (its lod table, TLDS's LZ/LL, ...).
bool row_allows(const OpSpec& row, Mod m, uint8_t value);
// The row's modifier that `text` spells with a value the row allows, preferring one not yet
// given (`given`, a bit per Mod): TLD4's first .B is the blue component, a second one .B.
struct ModMatch {
  Mod mod;
  uint8_t value;
};
std::optional<ModMatch> match_modifier(const OpSpec& row, std::string_view text, uint32_t given);

// The modifiers that select a mode row (.lod, .AOFFI, .MS, .DC) as printed: ".LZ.AOFFI".
std::string mode_modifiers(const Instruction& inst);
// "2D.LZ.AOFFI", the text of a mode row's combination as the legal lists print it.
std::string mode_name(const OpSpec& s, const ModeRow& r);
// What selects a row's mode: "paramA, .lod, .AOFFI and .MS".
std::string mode_words(const OpSpec& s);
// The modifiers of an instruction as printed: ".F16.LZ.AOFFI".
std::string print_modifiers(const OpSpec& row, const Instruction& inst);
// The listed spellings of modifier m that the row allows: "(.LZ or .LL)".
std::string allowed_spellings(const OpSpec& row, Mod m);
// The modifiers a row takes, as a diagnostic's "expected" list: ".F16, .LZ, .LL, ...".
std::string expected_mods(const OpSpec& row);
// The row's modifiers as describe writes the syntax: ".{LZ|LL}[.AOFFI][.MS]".
std::string modifier_syntax(const OpSpec& row);

// SM70+ (128-bit words, decisions W5): the modifiers whose value is a code of that generation,
// as printed with their dots (".F16.RN", ".LB.LC", ".EF"); "" where the code prints nothing and
// ".INVALIDn" for a code outside the table. `sm` is the architecture (70, 75, ...).
enum class WideMod : uint8_t {
  kScr,     // bit 60
  kF16,     // 80:79
  kCache,   // 86:84 (1 = none)
  kTexLod,  // TEX 89:87
  kTldLod,  // TLD 89:87
  kToff,    // TLD4 77:76
  kDim,     // 63:61, per opcode (`op`)
  kQuery,   // TXQ 63:62
};
std::string wide_spelling(WideMod m, uint8_t code, unsigned sm, Opcode op = Opcode::kTex);

}  // namespace texsim::isa::sass
