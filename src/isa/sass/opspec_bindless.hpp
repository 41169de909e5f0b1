// The OpSpec rows of the bindless texture forms TEX.B, TLD.B, TLD4.B, TXD.B, TMML.B, TXQ.B and of
// TXA (issue 19, decisions T28-T39): layouts, modifiers, operands, gates. Included by opspec.cpp.
#pragma once

#include <array>

#include "isa/sass/fields.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/opspec_wide.hpp"

namespace texsim::isa::sass::bindless {

namespace f = fields;
using R = Role;
using O = Operand;

// A non-bindless layout as its bindless form: tsPtrIdx becomes bits nvdisasm 11.8 ignores (the
// texture handle is in a register, decisions T28) and, with `rb`, TMML's ignored Rb bits the Rb
// operand (T35).
template <size_t N>
constexpr std::array<WordField, N> bindless_layout(const std::array<WordField, N>& layout,
                                                   bool rb = false) {
  std::array<WordField, N> out = layout;
  for (WordField& w : out) {
    if (w.role == R::kTsIdx) w = {R::kIgnored, f::kIgnoredIdx};
    if (rb && w.role == R::kIgnored && w.bits.lo == f::kRb.lo) w = {R::kRb, f::kRb};
  }
  return out;
}
// The registers and fields every non-scalar row shares, without tsPtrIdx.
inline constexpr auto kCommon = [] {
  std::array<WordField, wide::kCommon.size() - 1> out{};
  size_t n = 0;
  for (const WordField& w : wide::kCommon) {
    if (w.role != R::kTsIdx) out[n++] = w;
  }
  return out;
}();
// TEX.B: .NDV 35, .AOFFI 36, lod 39:37, .LC 40, bits 48:41 ignored, .DC 50 (decisions T29).
inline constexpr std::array<WordField, 6> kTexOwn{{
    {R::kNdv, f::kNdv35},
    {R::kAoffi, f::kAoffi36},
    {R::kLodSel, f::kTexBLod},
    {R::kLc, f::kLc40},
    {R::kIgnored, f::kIgnoredIdxHi},
    {R::kDc, f::kDc50},
}};
inline constexpr auto kTexLayout = wide::join_fields(kCommon, kTexOwn);
// TLD4.B: .NDV 35, offsets 37:36, component 39:38, bit 40 fixed 0 (match), 48:41 ignored (T31).
inline constexpr std::array<WordField, 5> kTld4Own{{
    {R::kNdv, f::kNdv35},
    {R::kToff, f::kTld4BToff},
    {R::kComponent, f::kTld4BComp},
    {R::kIgnored, f::kIgnoredIdxHi},
    {R::kDc, f::kDc50},
}};
inline constexpr auto kTld4Layout = wide::join_fields(kCommon, kTld4Own);
// TLD.B, TXD.B, TXQ.B: their non-bindless layouts (T32, T33, T36); TMML.B: TMML's with Rb (T35).
inline constexpr auto kTldLayout = bindless_layout(wide::kTldLayout);
inline constexpr auto kTxdLayout = bindless_layout(wide::kTxdLayout);
inline constexpr auto kTxqLayout = bindless_layout(wide::kTxqLayout);
inline constexpr auto kTmmlLayout = bindless_layout(wide::kTmmlLayout, true);
// TXA: Rd, Ra, tsPtrIdx 48:36, mask 34:31, .NDV 35; bits 30:20 and 50 ignored (T34).
inline constexpr std::array<WordField, 10> kTxaLayout{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kIgnored, f::kIgnoredTxa},
    {R::kMask4, f::kMask4},
    {R::kNdv, f::kNdv35},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kIgnored, f::kIgnored50},
}};

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

// nvdisasm 11.8 -b SM50 rejects TEX.B.LC (bit 40) as it rejects TXD.LC (decisions T29).
inline constexpr std::array<Gate, 2> kTexGates{
    {{R::kPd, kPT, "SM52", "", "PD-SM50"}, {R::kLc, 0, "SM52", "", "LC-SM50"}}};

// One bindless row: the non-bindless row's texts with its own pattern, layout and operands.
struct RowParts {
  Opcode op;
  std::string_view mnemonic;
  std::string_view summary;
  std::string_view citation;
  uint64_t match;
  uint64_t mask;
  std::span<const WordField> fields;
  std::span<const Mod> mods;
  std::span<const Operand> operands;
  std::string_view operand_syntax;
  std::string_view rule_prefix;
  bool lod_required;
  std::span<const Lod> lods;
  std::span<const ParamA> param_as;
  std::span<const Gate> gates;
};
constexpr OpSpec row(const RowParts& p) {
  return OpSpec{p.op,
                p.mnemonic,
                p.summary,
                p.citation,
                p.match,
                p.mask,
                p.fields,
                p.mods,
                p.operands,
                {},
                p.operand_syntax,
                "decisions.md T28-T39",
                p.rule_prefix,
                "decisions.md T28-T39 (nvdisasm 11.8)",
                "",
                "",
                p.lod_required,
                false,
                0,
                {},
                p.lods,
                p.param_as,
                p.gates};
}

inline constexpr std::string_view kCite = "decisions.md T28-T39; envytools gm107.c; nvdisasm 11.8";
inline constexpr std::string_view kSyntax = "[Pd,] Rd, Ra[, Rb], 0x0, paramA, mask";

inline constexpr std::array<OpSpec, 7> kRows{{
    row({Opcode::kTexB, "TEX.B", "bindless texture sample (texture handle in Rb)", kCite,
         f::kTexBMatch, f::kTexBMask, kTexLayout, kTexMods, kOperands, kSyntax, "SASS-TEX-", false,
         wide::kTexLods, wide::kParamAs, kTexGates}),
    row({Opcode::kTldB, "TLD.B", "bindless texture load (texture handle in Rb)", kCite,
         f::kTldBMatch, f::kTldBMask, kTldLayout, kTldMods, kOperands, kSyntax, "SASS-TLD-", true,
         wide::kTldLods, wide::kParamAs, wide::kGates}),
    row({Opcode::kTld4B,
         "TLD4.B",
         "bindless texture gather (texture handle in Rb)",
         kCite,
         f::kTld4BMatch,
         f::kTld4BMask,
         kTld4Layout,
         kTld4Mods,
         kOperands,
         kSyntax,
         "SASS-TLD4-",
         false,
         {},
         wide::kParamAs,
         wide::kTld4Gates}),
    row({Opcode::kTxdB,
         "TXD.B",
         "bindless texture sample with explicit derivatives (texture handle in Ra)",
         kCite,
         f::kTxdBMatch,
         f::kTxdBMask,
         kTxdLayout,
         kTxdMods,
         kTxdOperands,
         "[Pd,] Rd, Ra, Rb, 0x0, paramA, mask",
         "SASS-TXD-",
         false,
         {},
         wide::kParamAs,
         wide::kTxdGates}),
    row({Opcode::kTmmlB,
         "TMML.B",
         "bindless texture LOD query (texture handle in Rb)",
         kCite,
         f::kTmmlBMatch,
         f::kTmmlBMask,
         kTmmlLayout,
         kTmmlMods,
         kTmmlOperands,
         "Rd, Ra[, Rb], 0x0, paramA, mask",
         "SASS-TMML-",
         false,
         {},
         wide::kParamAs,
         {}}),
    row({Opcode::kTxqB,
         "TXQ.B",
         "bindless texture header / sampler query (texture handle in Ra)",
         kCite,
         f::kTxqBMatch,
         f::kTxqBMask,
         kTxqLayout,
         kTxqMods,
         kTxqOperands,
         "Rd, Ra, query, 0x0, mask",
         "SASS-TXQ-",
         false,
         {},
         {},
         {}}),
    row({Opcode::kTxa,
         "TXA",
         "texture instruction TXA (envytools 'txa'; no PTX instruction emits it)",
         "decisions.md T34; envytools gm107.c txa; nvdisasm 11.8",
         f::kTxaMatch,
         f::kTxaMask,
         kTxaLayout,
         kTxaMods,
         kTxaOperands,
         "Rd, Ra, tsPtrIdx, mask",
         "SASS-TXA-",
         false,
         {},
         {},
         {}}),
}};

}  // namespace texsim::isa::sass::bindless
