// The meaning of the non-scalar texture instructions TEX, TLD, TLD4, TXD, TMML, TXQ (issue 19):
// modifiers, operands, lods and legal paramA. Their SM50 word layouts: encoding_sm50_layouts.hpp.
#pragma once

#include <array>

#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass::wide {

using O = Operand;

// Printed modifier order, as nvdisasm 11.8 prints them.
inline constexpr std::array<Mod, 7> kTexMods{Mod::kLod, Mod::kLc,    Mod::kAoffi, Mod::kDc,
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

}  // namespace texsim::isa::sass::wide
