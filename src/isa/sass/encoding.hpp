// Encodings apart from meaning (issue 25 item 1): a generation is the platforms it covers and its
// rows, each an opcode's word pattern and the bit field of each Instruction member it encodes.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "core/bits.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// What a word field holds (the Instruction member it is read into / written from).
enum class Role : uint8_t {
  kRd0,
  kRa,
  kPred,
  kPredNeg,
  kRb,
  kRd1,
  kTsIdx,
  kNodep,
  kWmsk,       // write-mask code (2- or 3/4-component table by Rd1)
  kMode,       // index into OpSpec::modes (paramA/lod/AOFFI/MS/DC)
  kF32,        // set = FP32 result, clear = .F16 (TLDS, TEXS)
  kF16,        // set = .F16 (TLD4S)
  kComponent,  // TLD4S gather component
  kRtz,        // TLD4S .RTZ
  // TEX, TLD, TLD4, TXD (decisions T23-T27)
  kPd,       // predicate destination, 7 = PT (none)
  kDim,      // paramA as dimension 30:29 and array 28 (wide_param_a)
  kMask4,    // component mask, printed in hex
  kLodSel,   // index into OpSpec::lods
  kAoffi,    // .AOFFI bit
  kDc,       // .DC bit
  kMs,       // .MS bit
  kNdv,      // .NDV bit
  kCl,       // TLD .CL
  kLc,       // TXD .LC
  kToff,     // TLD4 offset mode (none, .AOFFI, .PTP, INVALIDBTOFF03)
  kQuery,    // TXQ query code (query_text)
  kIgnored,  // bits nvdisasm ignores: kept in Instruction::kept_bits, never printed
};
inline constexpr size_t kRoleCount = static_cast<size_t>(Role::kIgnored) + 1;

struct WordField {
  Role role;
  core::BitField bits;
};

// A field value some platforms lack (nvdisasm 11.8 rejects the word before `first`) or ignore
// (from the platform after `last` on, it prints nothing for the bits): decisions T23-T27.
struct Gate {
  Role role;
  uint64_t off;             // the value that means "not used"
  std::string_view first;   // rejected before this platform ("" = none)
  std::string_view last;    // ignored after this platform ("" = none)
  std::string_view suffix;  // rule id suffix: "PD-SM50"
};

// One encoding of an opcode: the word pattern (word & mask) == match and its fields.
struct EncodingRow {
  Opcode op;
  uint64_t match;
  uint64_t mask;
  std::span<const WordField> fields;    // every field outside the fixed opcode bits
  std::span<const Gate> gates;          // platform limits of field values
  std::span<const Lod> lod_codes = {};  // Role::kLodSel code -> Lod (TEX, TLD)
  bool rtz = false;  // an .F16.RTZ row: TLD4S (bits 55:54 = 11, T27), TLDS/TEXS (bit 58, T71)
};

// An encoding generation: the platforms it covers, its word size and its rows (rows never
// overlap: opspec_test).
struct Generation {
  std::string_view name;                        // "Maxwell/Pascal"
  std::span<const std::string_view> platforms;  // canonical spellings, "SM50", ...
  unsigned word_bits;                           // 64: words in 3+1 bundles with a control word
  std::span<const EncodingRow> rows;
};

// Every generation texsim encodes, oldest first, and the one a platform belongs to ("" = the
// first generation; nullptr for a platform none covers).
std::span<const Generation* const> generations();
const Generation* generation_for(std::string_view platform);
// Every SASS platform of every generation, in order (the one list; isa/frontend.hpp's matches it:
// sass_generation_test).
std::span<const std::string_view> sass_platforms();

// Maxwell/Pascal (SM50-SM62): 64-bit words (encoding_sm50.cpp).
const Generation& sm50();
// The row whose match/mask the word satisfies, or nullptr.
const EncodingRow* sm50_row_for_word(uint64_t word);
// The row an instruction encodes with (TLD4S.F16.RTZ has its own, decisions T27).
const EncodingRow& sm50_row(const Instruction& i);
const EncodingRow& sm50_row(Opcode op);

// TEX/TLD/TLD4/TXD paramA: bits 30:29 dimension (1D, 2D, 3D, CUBE), bit 28 array
// (envytools gm107.c tabdf60_0 and ON(28, array); nvdisasm 11.8 prints all eight).
ParamA wide_param_a(uint8_t code);
uint8_t wide_param_a_code(ParamA p);

// The value extract_fields gives the write-mask roles when the row has no such field.
inline constexpr uint64_t kRoleAbsent = ~uint64_t{0};
// Writes every v[role]: the row's field read from `word`, or where the row has none the role's
// default (PT for predicates, RZ for Rb/Rd1, 1 for F32, kRoleAbsent for write masks, else 0).
void extract_fields(const EncodingRow& r, uint64_t word, std::span<uint64_t, kRoleCount> v);
// The field of a role in a row, or nullptr.
const WordField* field_of(const EncodingRow& r, Role role);

}  // namespace texsim::isa::sass
