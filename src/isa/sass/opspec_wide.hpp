// The OpSpec tables of the non-scalar texture instructions TEX, TLD, TLD4, TXD (issue 19): word
// fields, modifiers, operands, lod codes, legal paramA and platform gates. Included by opspec.cpp.
#pragma once

#include <array>

#include "isa/sass/fields.hpp"
#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass::wide {

namespace f = fields;
using R = Role;
using O = Operand;

// The registers and fields every row shares (nvdisasm 11.8 random words, envytools gm107.c).
// Rd0 7:0, Ra 15:8, Pg 19:16, Rb 27:20, paramA 30:28, mask 34:31, tsPtrIdx 48:36, NODEP 49, Pd
// 53:51 in every row, then the row's own bits.
inline constexpr std::array<WordField, 10> kCommon{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kRb, f::kRb},
    {R::kDim, f::kDim},
    {R::kMask4, f::kMask4},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kPd, f::kPd},
}};
// Two field lists as one layout.
template <size_t A, size_t B>
constexpr std::array<WordField, A + B> join_fields(const std::array<WordField, A>& a,
                                                   const std::array<WordField, B>& b) {
  std::array<WordField, A + B> out{};
  for (size_t k = 0; k < A; ++k) out[k] = a[k];
  for (size_t k = 0; k < B; ++k) out[A + k] = b[k];
  return out;
}
template <size_t N>
constexpr std::array<WordField, 10 + N> with_common(const std::array<WordField, N>& own) {
  return join_fields(kCommon, own);
}
inline constexpr auto kTexLayout = with_common<4>({{
    {R::kNdv, f::kNdv35},
    {R::kDc, f::kDc50},
    {R::kAoffi, f::kAoffi54},
    {R::kLodSel, f::kTexLod},
}});
inline constexpr auto kTldLayout = with_common<4>({{
    {R::kAoffi, f::kAoffi35},
    {R::kMs, f::kMs50},
    {R::kCl, f::kCl54},
    {R::kLodSel, f::kTldLod},
}});
inline constexpr auto kTld4Layout = with_common<4>({{
    {R::kNdv, f::kNdv35},
    {R::kDc, f::kDc50},
    {R::kToff, f::kTld4Toff},
    {R::kComponent, f::kTld4Comp},
}});
inline constexpr auto kTxdLayout = with_common<2>({{
    {R::kAoffi, f::kAoffi35},
    {R::kLc, f::kLc50},
}});

inline constexpr std::array<WordField, 11> kTmmlLayout{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kIgnored, f::kIgnoredRb},
    {R::kDim, f::kDim},
    {R::kMask4, f::kMask4},
    {R::kNdv, f::kNdv35},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kIgnored, f::kIgnored50},
}};
inline constexpr std::array<WordField, 12> kTxqLayout{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kIgnored, f::kIgnoredLow},
    {R::kQuery, f::kTxqQuery},
    {R::kIgnored, f::kIgnoredDim},
    {R::kMask4, f::kMask4},
    {R::kIgnored, f::kIgnored35},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kIgnored, f::kIgnored50},
}};

// Printed modifier order, as nvdisasm 11.8 prints them.
inline constexpr std::array<Mod, 6> kTexMods{Mod::kLod, Mod::kAoffi, Mod::kDc,
                                             Mod::kNdv, Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 6> kTldMods{Mod::kLod, Mod::kAoffi, Mod::kMs,
                                             Mod::kCl,  Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 6> kTld4Mods{Mod::kComponent, Mod::kToff,  Mod::kDc,
                                              Mod::kNdv,       Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 4> kTxdMods{Mod::kLc, Mod::kAoffi, Mod::kNodep, Mod::kPhase};

inline constexpr std::array<Mod, 4> kTmmlMods{Mod::kLodQuery, Mod::kNdv, Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Mod, 2> kTxqMods{Mod::kNodep, Mod::kPhase};
inline constexpr std::array<Operand, 5> kTmmlOperands{O::kRd0, O::kRa, O::kTsIdx, O::kParamA,
                                                      O::kMaskHex};
inline constexpr std::array<Operand, 5> kTxqOperands{O::kRd0, O::kRa, O::kQuery, O::kTsIdx,
                                                     O::kMaskHex};

// Rb is omitted when RZ except for TXD (its gradients are always there).
inline constexpr std::array<Operand, 7> kOperands{O::kPdOpt, O::kRd0,    O::kRa,     O::kRbOpt,
                                                  O::kTsIdx, O::kParamA, O::kMaskHex};
inline constexpr std::array<Operand, 7> kTxdOperands{O::kPdOpt, O::kRd0,    O::kRa,     O::kRb,
                                                     O::kTsIdx, O::kParamA, O::kMaskHex};

// TEX lod codes 0..7 (envytools tabc038_0; 4, 5 unnamed there, INVALIDBLOD4/5 in nvdisasm).
inline constexpr std::array<Lod, 8> kTexLods{Lod::kAuto,     Lod::kLZ,       Lod::kLB,  Lod::kLL,
                                             Lod::kInvalid4, Lod::kInvalid5, Lod::kLBA, Lod::kLLA};
inline constexpr std::array<Lod, 2> kTldLods{Lod::kLZ, Lod::kLL};

// Every texture geometry but ARRAY_3D, which no texture header type has (decisions T23).
inline constexpr std::array<ParamA, 7> kParamAs{
    ParamA::k1D,      ParamA::k2D,      ParamA::k3D,       ParamA::kCube,
    ParamA::kArray1D, ParamA::kArray2D, ParamA::kArrayCube};

// nvdisasm 11.8 -b SM50 rejects a predicate destination (sparse fetches come with SM52) and
// TXD.LC; from SM60 on it ignores TLD4's bit 35 (.NDV up to SM53).
inline constexpr std::array<Gate, 1> kGates{{{R::kPd, kPT, "SM52", "", "PD-SM50"}}};
inline constexpr std::array<Gate, 2> kTld4Gates{
    {{R::kPd, kPT, "SM52", "", "PD-SM50"}, {R::kNdv, 0, "", "SM53", "NDV"}}};
inline constexpr std::array<Gate, 2> kTxdGates{
    {{R::kPd, kPT, "SM52", "", "PD-SM50"}, {R::kLc, 0, "SM52", "", "LC-SM50"}}};

}  // namespace texsim::isa::sass::wide
