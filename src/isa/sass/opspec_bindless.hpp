// The OpSpec rows of the bindless texture forms TEX.B, TLD.B, TLD4.B, TXD.B, TMML.B, TXQ.B and of
// TXA (issue 19, decisions T28-T39): modifiers, operands. Their SM50 layouts: encoding_sm50_*.
#pragma once

#include <array>

#include "isa/sass/opspec.hpp"
#include "isa/sass/opspec_wide.hpp"

namespace texsim::isa::sass::bindless {

using O = Operand;

// Printed modifier order, as nvdisasm 11.8 prints them (decisions T30).
inline constexpr std::array<Mod, 8> kTexMods{Mod::kBindless, Mod::kLod, Mod::kLc,    Mod::kAoffi,
                                             Mod::kDc,       Mod::kNdv, Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 7> kTldMods{Mod::kBindless, Mod::kLod,   Mod::kAoffi, Mod::kMs,
                                             Mod::kCl,       Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 7> kTld4Mods{Mod::kComponent, Mod::kBindless, Mod::kToff, Mod::kDc,
                                              Mod::kNdv,       Mod::kNodep,    Mod::kPhase};
inline constexpr std::array<Mod, 5> kTxdMods{Mod::kBindless, Mod::kLc, Mod::kAoffi, Mod::kNodep,
                                             Mod::kPhase};
inline constexpr std::array<Mod, 5> kTmmlMods{Mod::kBindless, Mod::kLodQuery, Mod::kNdv,
                                              Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 3> kTxqMods{Mod::kBindless, Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 3> kTxaMods{Mod::kNdv, Mod::kNodep, Mod::kPhase};

// Rb is omitted when RZ except for TXD.B (its gradients); 0x0 stands where tsPtrIdx would.
inline constexpr std::array<Operand, 7> kOperands{O::kPdOpt,   O::kRd0,    O::kRa,     O::kRbOpt,
                                                  O::kZeroIdx, O::kParamA, O::kMaskHex};
inline constexpr std::array<Operand, 7> kTxdOperands{O::kPdOpt,   O::kRd0,    O::kRa,     O::kRb,
                                                     O::kZeroIdx, O::kParamA, O::kMaskHex};
inline constexpr std::array<Operand, 6> kTmmlOperands{O::kRd0,     O::kRa,     O::kRbOpt,
                                                      O::kZeroIdx, O::kParamA, O::kMaskHex};
inline constexpr std::array<Operand, 5> kTxqOperands{O::kRd0, O::kRa, O::kQuery, O::kZeroIdx,
                                                     O::kMaskHex};
inline constexpr std::array<Operand, 4> kTxaOperands{O::kRd0, O::kRa, O::kTsIdx, O::kMaskHex};

// One bindless row: the non-bindless row's texts with its own modifiers and operands.
struct RowParts {
  Opcode op;
  std::string_view mnemonic;
  std::string_view summary;
  std::string_view citation;
  std::span<const Mod> mods;
  std::span<const Operand> operands;
  std::string_view operand_syntax;
  std::string_view rule_prefix;
  bool lod_required;
  std::span<const Lod> lods;
  std::span<const ParamA> param_as;
  ExecKind exec;
};
constexpr OpSpec row(const RowParts& p) {
  return OpSpec{.op = p.op,
                .mnemonic = p.mnemonic,
                .summary = p.summary,
                .citation = p.citation,
                .mods = p.mods,
                .operands = p.operands,
                .operand_syntax = p.operand_syntax,
                .mode_citation = "decisions.md T28-T39",
                .rule_prefix = p.rule_prefix,
                .syntax_citation = "decisions.md T28-T39 (nvdisasm 11.8)",
                .lod_required = p.lod_required,
                .lods = p.lods,
                .param_as = p.param_as,
                .exec = p.exec};
}

inline constexpr std::string_view kCite = "decisions.md T28-T39; envytools gm107.c; nvdisasm 11.8";
inline constexpr std::string_view kSyntax = "[Pd,] Rd, Ra[, Rb], 0x0, paramA, mask";

inline constexpr std::array<OpSpec, 7> kRows{{
    row({Opcode::kTexB, "TEX.B", "bindless texture sample (texture handle in Rb)", kCite, kTexMods,
         kOperands, kSyntax, "SASS-TEX-", false, wide::kTexLods, wide::kParamAs, ExecKind::kWide}),
    row({Opcode::kTldB, "TLD.B", "bindless texture load (texture handle in Rb)", kCite, kTldMods,
         kOperands, kSyntax, "SASS-TLD-", true, wide::kTldLods, wide::kParamAs, ExecKind::kWide}),
    row({Opcode::kTld4B,
         "TLD4.B",
         "bindless texture gather (texture handle in Rb)",
         kCite,
         kTld4Mods,
         kOperands,
         kSyntax,
         "SASS-TLD4-",
         false,
         {},
         wide::kParamAs,
         ExecKind::kWide}),
    row({Opcode::kTxdB,
         "TXD.B",
         "bindless texture sample with explicit derivatives (texture handle in Ra)",
         kCite,
         kTxdMods,
         kTxdOperands,
         "[Pd,] Rd, Ra, Rb, 0x0, paramA, mask",
         "SASS-TXD-",
         false,
         {},
         wide::kParamAs,
         ExecKind::kWide}),
    row({Opcode::kTmmlB,
         "TMML.B",
         "bindless texture LOD query (texture handle in Rb)",
         kCite,
         kTmmlMods,
         kTmmlOperands,
         "Rd, Ra[, Rb], 0x0, paramA, mask",
         "SASS-TMML-",
         false,
         {},
         wide::kParamAs,
         ExecKind::kQuery}),
    row({Opcode::kTxqB,
         "TXQ.B",
         "bindless texture header / sampler query (texture handle in Ra)",
         kCite,
         kTxqMods,
         kTxqOperands,
         "Rd, Ra, query, 0x0, mask",
         "SASS-TXQ-",
         false,
         {},
         {},
         ExecKind::kQuery}),
    // TXA: no source gives it a meaning, so it cannot run (decisions T34, T58).
    row({Opcode::kTxa,
         "TXA",
         "texture instruction TXA (envytools 'txa'; no PTX instruction emits it)",
         "decisions.md T34; envytools gm107.c txa; nvdisasm 11.8",
         kTxaMods,
         kTxaOperands,
         "Rd, Ra, tsPtrIdx, mask",
         "SASS-TXA-",
         false,
         {},
         {},
         ExecKind::kUnsupported}),
}};

}  // namespace texsim::isa::sass::bindless
