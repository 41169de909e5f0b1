// SASS as a table: one OpSpec row per opcode (match/mask, word fields, printed modifiers and
// operands, the legal mode combinations). Codec, parser, printer, validator and describe walk it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

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

// What executing a row means: exec.cpp dispatches on it, never on the opcode (issue 25 item 1).
enum class ExecKind : uint8_t {
  kNone,         // NOP: nothing happens
  kFetch,        // TLDS: one texel fetch to scalar destinations (exec.cpp)
  kSample,       // TEXS, TLD4S: one sample or gather to scalar destinations (exec_sample.cpp)
  kWide,         // TEX, TLD, TLD4, TXD: vector sources and destinations (exec_wide.cpp)
  kQuery,        // TXQ, TMML (exec_query.cpp)
  kUnsupported,  // TXA: decodes, prints, encodes and validates, but has no documented meaning
};

// One opcode's meaning: its text (modifiers and operands in nvdisasm's order), its legal mode
// combinations and rules, and how it runs. Its encodings are rows of a generation (encoding.hpp).
struct OpSpec {
  Opcode op = {};
  std::string_view mnemonic = {};
  std::string_view summary = {};
  std::string_view citation = {};
  std::span<const Mod> mods = {};
  std::span<const Operand> operands = {};
  std::span<const ModeRow> modes = {};    // legal combinations; the first is the default
  std::string_view operand_syntax = {};   // for diagnostics and describe
  std::string_view mode_citation = {};    // where the mode table comes from
  std::string_view rule_prefix = {};      // "SASS-TLDS-"
  std::string_view syntax_citation = {};  // where the text form comes from
  std::string_view full_form = {};        // the non-scalar sibling (for masks it cannot encode)
  std::string_view rtz_from = {};         // first platform with .RTZ, empty: none
  bool lod_required = false;              // TLDS: exactly one of .LZ/.LL
  bool spec_sources = false;              // TLDS: sass-tlds.md's Rb-RZ / not-RZ restrictions
  uint8_t fixed_components = 0;           // no write mask: the components always written (TLD4S)
  // modes[mode_index[e]] has encoding e, -1: reserved. Derived from `modes` at compile time
  // (index_modes), so the decoder finds a row without a search (issue 18 item 4).
  std::array<int8_t, 16> mode_index{};
  // Rows without a mode table (TEX, TLD, TLD4, TXD): each modifier is its own field.
  std::span<const Lod> lods = {};         // the .lod values the row has (TEX: in lod-code order)
  std::span<const ParamA> param_as = {};  // the legal paramA values (others: PARAMA-RESERVED)
  ExecKind exec = ExecKind::kNone;
};

// TXQ's query as nvdisasm 11.8 prints it ("TEX_HEADER_DIMENSION", or code/2 in decimal for the
// unnamed even codes); "" where nvdisasm rejects the code. `named`: one of envytools' seven.
std::string query_text(uint8_t code);
bool query_named(uint8_t code);

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
const OpSpec* spec_for_mnemonic(std::string_view mnemonic);
bool has_mod(const OpSpec& s, Mod m);
bool has_operand(const OpSpec& s, Operand o);

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
