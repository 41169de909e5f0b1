// The Maxwell/Pascal (SM50-SM62) word layouts of every encoding row: which bits hold which
// Instruction member (nvidia_tlds.md 1.3; envytools gm107.c; nvdisasm 11.8 bit flips, T23-T39).
#pragma once

#include <array>

#include "isa/sass/encoding.hpp"
#include "isa/sass/fields.hpp"

namespace texsim::isa::sass::sm50_layout {

namespace f = fields;
using R = Role;

// Two field lists as one layout.
template <size_t A, size_t B>
constexpr std::array<WordField, A + B> join_fields(const std::array<WordField, A>& a,
                                                   const std::array<WordField, B>& b) {
  std::array<WordField, A + B> out{};
  for (size_t k = 0; k < A; ++k) out[k] = a[k];
  for (size_t k = 0; k < B; ++k) out[A + k] = b[k];
  return out;
}

// TLDS.F16.RTZ / TEXS.F16.RTZ (decisions T71): the scalar register layout without F16.not (the
// row's match fixes bit 59 clear).
inline constexpr std::array<WordField, 10> kScalarRtzLayout{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kRb, f::kRb},
    {R::kRd1, f::kRd1},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kWmsk, f::kWmsk},
    {R::kMode, f::kEncoding},
}};
// TLDS and TEXS share the register layout and the bit-59 precision (nvidia_tlds.md 1.3).
inline constexpr auto kScalarLayout =
    join_fields(kScalarRtzLayout, std::array<WordField, 1>{{{R::kF32, f::kF32}}});

// TLD4S.F16.RTZ (decisions T20, T27): its row's match fixes bits 55:54 = 11, so its layout is
// TLD4S's without .F16.
inline constexpr std::array<WordField, 10> kTld4sRtzLayout{{
    {R::kRd0, f::kRd0},
    {R::kRa, f::kRa},
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
    {R::kRb, f::kRb},
    {R::kRd1, f::kRd1},
    {R::kTsIdx, f::kTsIdx},
    {R::kNodep, f::kNodep},
    {R::kMode, f::kTld4sMode},
    {R::kComponent, f::kTld4sComp},
}};
inline constexpr auto kTld4sLayout =
    join_fields(kTld4sRtzLayout, std::array<WordField, 1>{{{R::kF16, f::kTld4sF16}}});

inline constexpr std::array<WordField, 2> kNopLayout{{
    {R::kPred, f::kPred},
    {R::kPredNeg, f::kPredNeg},
}};

// TEX, TLD, TLD4, TXD, TMML, TXQ (decisions T23-T27).
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
template <size_t N>
constexpr std::array<WordField, 10 + N> with_common(const std::array<WordField, N>& own) {
  return join_fields(kCommon, own);
}
inline constexpr auto kTexLayout = with_common<5>({{
    {R::kNdv, f::kNdv35},
    {R::kDc, f::kDc50},
    {R::kAoffi, f::kAoffi54},
    {R::kLodSel, f::kTexLod},
    {R::kLc, f::kLc58},
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

// nvdisasm 11.8 -b SM50 rejects a predicate destination (sparse fetches come with SM52) and
// TXD.LC; from SM60 on it ignores TLD4's bit 35 (.NDV up to SM53).
inline constexpr std::array<Gate, 1> kGates{{{R::kPd, kPT, "SM52", "", "PD-SM50"}}};
inline constexpr std::array<Gate, 2> kTld4Gates{
    {{R::kPd, kPT, "SM52", "", "PD-SM50"}, {R::kNdv, 0, "", "SM53", "NDV"}}};
inline constexpr std::array<Gate, 2> kTxdGates{
    {{R::kPd, kPT, "SM52", "", "PD-SM50"}, {R::kLc, 0, "SM52", "", "LC-SM50"}}};

// The bindless forms and TXA (decisions T28-T39).
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
inline constexpr auto kBindlessCommon = [] {
  std::array<WordField, kCommon.size() - 1> out{};
  size_t n = 0;
  for (const WordField& w : kCommon) {
    if (w.role != R::kTsIdx) out[n++] = w;
  }
  return out;
}();
// TEX.B: .NDV 35, .AOFFI 36, lod 39:37, .LC 40, bits 48:41 ignored, .DC 50 (decisions T29).
inline constexpr std::array<WordField, 6> kTexBOwn{{
    {R::kNdv, f::kNdv35},
    {R::kAoffi, f::kAoffi36},
    {R::kLodSel, f::kTexBLod},
    {R::kLc, f::kLc40},
    {R::kIgnored, f::kIgnoredIdxHi},
    {R::kDc, f::kDc50},
}};
inline constexpr auto kTexBLayout = join_fields(kBindlessCommon, kTexBOwn);
// TLD4.B: .NDV 35, offsets 37:36, component 39:38, bit 40 fixed 0 (match), 48:41 ignored (T31).
inline constexpr std::array<WordField, 5> kTld4BOwn{{
    {R::kNdv, f::kNdv35},
    {R::kToff, f::kTld4BToff},
    {R::kComponent, f::kTld4BComp},
    {R::kIgnored, f::kIgnoredIdxHi},
    {R::kDc, f::kDc50},
}};
inline constexpr auto kTld4BLayout = join_fields(kBindlessCommon, kTld4BOwn);
// TLD.B, TXD.B, TXQ.B: their non-bindless layouts (T32, T33, T36); TMML.B: TMML's with Rb (T35).
inline constexpr auto kTldBLayout = bindless_layout(kTldLayout);
inline constexpr auto kTxdBLayout = bindless_layout(kTxdLayout);
inline constexpr auto kTxqBLayout = bindless_layout(kTxqLayout);
inline constexpr auto kTmmlBLayout = bindless_layout(kTmmlLayout, true);
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

// nvdisasm 11.8 -b SM50 rejects TEX.LC (bit 58) and TEX.B.LC (bit 40) as it rejects TXD.LC
// (decisions T29, T70).
inline constexpr std::array<Gate, 2> kTexGates{
    {{R::kPd, kPT, "SM52", "", "PD-SM50"}, {R::kLc, 0, "SM52", "", "LC-SM50"}}};

}  // namespace texsim::isa::sass::sm50_layout
