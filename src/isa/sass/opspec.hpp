// SASS as a table: one OpSpec row per opcode (match/mask, word fields, printed modifiers and
// operands, the legal mode combinations). Codec, parser, printer, validator and describe walk it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
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

// The printed modifiers; each row lists its own in nvdisasm's order (mostly this order; .B comes
// first, except after TLD4's component: `TEX.B.LL`, `TLD4.R.B.AOFFI`, decisions T30).
enum class Mod : uint8_t {
  kF16,
  kRtz,
  kLod,
  kComponent,
  kBindless,  // .B: the texture handle is in a register (decisions T28)
  kLodQuery,  // TMML's fixed .LOD
  kLc,
  kToff,
  kAoffi,
  kMs,
  kCl,
  kDc,
  kNdv,
  kNodep,
  kPhase
};

// The printed operands, in order. kRbOpt: omitted when RZ (TLDS, TEXS); kWmsk: optional when
// Rd1 != RZ (RGBA).
// kPdOpt: the predicate destination, omitted when PT; kMaskHex: a 4-bit component mask as 0x%x.
// kZeroIdx: the 0x0 a bindless form prints where tsPtrIdx stands (decisions T28).
enum class Operand : uint8_t {
  kRd1,
  kRd0,
  kRa,
  kRb,
  kRbOpt,
  kTsIdx,
  kParamA,
  kWmsk,
  kPdOpt,
  kMaskHex,
  kQuery,
  kZeroIdx
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

struct OpSpec {
  Opcode op;
  std::string_view mnemonic;
  std::string_view summary;
  std::string_view citation;
  uint64_t match;  // (word & mask) == match
  uint64_t mask;
  std::span<const WordField> fields;  // every field outside the fixed opcode bits
  std::span<const Mod> mods;
  std::span<const Operand> operands;
  std::span<const ModeRow> modes;    // legal combinations; the first is the default
  std::string_view operand_syntax;   // for diagnostics and describe
  std::string_view mode_citation;    // where the mode table comes from
  std::string_view rule_prefix;      // "SASS-TLDS-"
  std::string_view syntax_citation;  // where the text form comes from
  std::string_view full_form;        // the non-scalar sibling (for masks it cannot encode)
  std::string_view rtz_from;         // first platform with .RTZ, empty: none
  bool lod_required = false;         // TLDS: exactly one of .LZ/.LL
  bool spec_sources = false;         // TLDS: sass-tlds.md's Rb-RZ / not-RZ restrictions
  uint8_t fixed_components = 0;      // no write mask: the components always written (TLD4S)
  // modes[mode_index[e]] has encoding e, -1: reserved. Derived from `modes` at compile time
  // (index_modes), so the decoder finds a row without a search (issue 18 item 4).
  std::array<int8_t, 16> mode_index{};
  // Rows without a mode table (TEX, TLD, TLD4, TXD): each modifier is its own field.
  std::span<const Lod> lods;         // kLodSel code -> Lod
  std::span<const ParamA> param_as;  // the legal paramA values (others: PARAMA-RESERVED)
  std::span<const Gate> gates;       // platform limits of field values
};

// TEX/TLD/TLD4/TXD paramA: bits 30:29 dimension (1D, 2D, 3D, CUBE), bit 28 array
// (envytools gm107.c tabdf60_0 and ON(28, array); nvdisasm 11.8 prints all eight).
ParamA wide_param_a(uint8_t code);
uint8_t wide_param_a_code(ParamA p);
// TXQ's query as nvdisasm 11.8 prints it ("TEX_HEADER_DIMENSION", or code/2 in decimal for the
// unnamed even codes); "" where nvdisasm rejects the code. `named`: one of envytools' seven.
std::string query_text(uint8_t code);
bool query_named(uint8_t code);
// The row an instruction encodes with (TLD4S.RTZ has its own row, decisions T27).
const OpSpec& encoding_spec(const Instruction& i);
// Whether a row is TLD4S's .F16.RTZ row (its match fixes .F16 and .RTZ).
bool is_rtz_row(const OpSpec& s);

// The mode_index of a mode table (encodings are 4-bit fields).
template <size_t N>
constexpr std::array<int8_t, 16> index_modes(const std::array<ModeRow, N>& modes) {
  std::array<int8_t, 16> idx{};
  for (auto& v : idx) v = -1;
  for (size_t k = 0; k < N; ++k) idx[modes[k].encoding & 0xfu] = static_cast<int8_t>(k);
  return idx;
}

// Bindless rows (decisions T28-T39): their mnemonic is "TEX.B"; the text starts with the base
// "TEX" and the row prints .B among its modifiers (Mod::kBindless).
bool is_bindless(const OpSpec& s);
std::string_view base_mnemonic(const OpSpec& s);  // "TEX" for TEX and TEX.B
// The row a line's mnemonic and modifiers name: `base` (spec_for_mnemonic of the text before the
// first '.') or its .B sibling when a modifier is .B (TLD4: a .B after the gather component).
const OpSpec& row_for_mods(const OpSpec& base, std::span<const std::string_view> mods);

// The register holding a bindless form's 32-bit texture handle (decisions T38): Rb for TEX.B,
// TLD.B, TLD4.B and TMML.B (the rest of Rb's vector follows it), Ra for TXD.B and TXQ.B (the
// coordinates / level follow it); nullopt for the other rows (their handle is tsPtrIdx's word).
std::optional<uint8_t> handle_register(const Instruction& i);

std::span<const OpSpec> op_specs();
const OpSpec& op_spec(Opcode op);
// The row whose match/mask the word satisfies (rows never overlap: opspec_test), or nullptr.
const OpSpec* spec_for_word(uint64_t word);
const OpSpec* spec_for_mnemonic(std::string_view mnemonic);
// The value extract_fields gives the write-mask roles when the row has no such field.
inline constexpr uint64_t kRoleAbsent = ~uint64_t{0};
// Writes every v[role]: the row's field read from `word`, or where the row has none the role's
// default (PT for predicates, RZ for Rb/Rd1, 1 for F32, kRoleAbsent for write masks, else 0).
void extract_fields(const OpSpec& s, uint64_t word, std::span<uint64_t, kRoleCount> v);
// The field of a role in a row, or nullptr.
const WordField* field_of(const OpSpec& s, Role r);
bool has_mod(const OpSpec& s, Mod m);

// The mode row an instruction's modifiers select, or nullptr (no legal combination).
const ModeRow* mode_row(const OpSpec& s, const Instruction& i);
const ModeRow* mode_by_encoding(const OpSpec& s, uint8_t encoding);
// Sets the modifiers a mode row stands for (paramA, .lod, .AOFFI, .MS, .DC).
void set_mode(Instruction& i, const ModeRow& r);
// Whether any mode of the row uses paramA p.
bool param_a_legal(const OpSpec& s, ParamA p);

// The modelled mnemonics in table order, joined by `sep`: "TLDS, TEXS, TLD4S, NOP".
std::string modelled_mnemonics(std::string_view sep = ", ");

// The paramA names some mode of the row uses, in table order: "1D, 2D, 3D, ARRAY_2D".
std::string legal_param_a_names(const OpSpec& spec);

}  // namespace texsim::isa::sass
