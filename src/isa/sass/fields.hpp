// Bit layouts of the Maxwell/Pascal 64-bit instruction word (TLDS, TEXS, TLD4S, NOP) and the 21-bit
// per-instruction control field, as named data. Depends on core/bits.hpp only.
#pragma once

#include <cstdint>

#include "core/bits.hpp"

namespace texsim::isa::sass::fields {

using core::BitField;

// TLDS instruction word (nvidia_tlds.md §1.3; sass-tlds.md Format).
inline constexpr BitField kRd0{"Rd0", 7, 0, "nvidia_tlds.md 1.3"};
inline constexpr BitField kRa{"Ra", 15, 8, "nvidia_tlds.md 1.3"};
inline constexpr BitField kPred{"Pg", 18, 16, "nvidia_tlds.md 1.3"};
inline constexpr BitField kPredNeg{"Pg.not", 19, 19, "nvidia_tlds.md 1.3"};
inline constexpr BitField kRb{"Rb", 27, 20, "nvidia_tlds.md 1.3"};
inline constexpr BitField kRd1{"Rd1", 35, 28, "nvidia_tlds.md 1.3"};
inline constexpr BitField kTsIdx{"tsPtrIdx", 48, 36, "sass-tlds.md, #tsPtrIdxU13"};
inline constexpr BitField kNodep{"NODEP", 49, 49, "nvidia_tlds.md 1.3"};
inline constexpr BitField kWmsk{"wmsk", 52, 50, "sass-tlds.md, wmsk2C/wmsk34C"};
inline constexpr BitField kEncoding{"paramA", 56, 53, "sass-tlds.md, Legal modifier table"};
inline constexpr BitField kOpLow{"opcode[58:57]", 58, 57, "nvidia_tlds.md 1.4"};
// .F16 is bit 59 CLEAR (nvidia_tlds.md §1.3, caveat 3): 1 = FP32 return.
inline constexpr BitField kF32{"F16.not", 59, 59, "nvidia_tlds.md 1.3"};
inline constexpr BitField kOpHigh{"opcode[63:60]", 63, 60, "nvidia_tlds.md 1.4"};

inline constexpr uint64_t kTldsOpHigh = 0xd;  // 1101
inline constexpr uint64_t kTldsOpLow = 0x1;   // bits 58:57 = 01 (TEXS: 00, nvidia_tlds.md 1.4)
// ENVY gm107.c: tlds {0xd200..., mask 0xf600...}.
inline constexpr uint64_t kTldsMatchMask = 0xf600000000000000ull;
inline constexpr uint64_t kTldsMatchValue = 0xd200000000000000ull;

// TLDS.F16.RTZ and TEXS.F16.RTZ (SM60+, nvdisasm 11.8; decisions T71): bit 58 set on an .F16
// word (bit 59 clear), TLDS 0xd6, TEXS 0xd4; the same fields without F16.not.
inline constexpr uint64_t kScalarRtzMask = 0xfe00000000000000ull;
inline constexpr uint64_t kTldsRtzValue = 0xd600000000000000ull;
inline constexpr uint64_t kTexsRtzValue = 0xd400000000000000ull;

// TEXS: TLDS's register layout, bits 58:57 = 00 (nvidia_tlds.md 1.3/1.4; ENVY gm107.c texs
// {0xd000..., mask 0xf600...}); paramA table bits 56:53 (1.6), .F16 = bit 59 clear.
inline constexpr uint64_t kTexsMatchMask = 0xf600000000000000ull;
inline constexpr uint64_t kTexsMatchValue = 0xd000000000000000ull;

// TLD4S (nvidia_tlds.md 1.3/1.4; ENVY gm107.c tld4s {0xdf00..., mask 0xff40...}): the same
// registers, no paramA and no mask. Bit 54 set is TXQ/TMML unless .F16 on SM60+ (decisions T20).
inline constexpr BitField kTld4sF16{"F16", 55, 55, "nvidia_tlds.md 1.3"};
inline constexpr BitField kTld4sRtz{"RTZ", 54, 54, "decisions.md T20 (nvdisasm 11.8)"};
inline constexpr BitField kTld4sComp{"component", 53, 52, "nvidia_tlds.md 1.3"};
inline constexpr BitField kTld4sMode{"AOFFI,DC", 51, 50, "nvidia_tlds.md 1.3"};
// Bit 54 clear; TLD4S.F16.RTZ (bits 55:54 = 11, SM60+) is a second row (decisions T27).
inline constexpr uint64_t kTld4sMatchMask = 0xff40000000000000ull;
inline constexpr uint64_t kTld4sMatchValue = 0xdf00000000000000ull;
inline constexpr uint64_t kTld4sRtzMask = 0xffc0000000000000ull;
inline constexpr uint64_t kTld4sRtzValue = 0xdfc0000000000000ull;
// TMML and TXQ: bits 55:54 = 01 with bits 53:51 = 011 / 001 (envytools gm107.c tmml 0xdf58,
// txq 0xdf48, mask 0xfff8; 010 TXQ.B, 100 TMML.B, 000 TXA: the bindless rows below). TXQ's query
// 27:22 (tabdf50_0); the bits nvdisasm 11.8 ignores are kept (decisions T27).
inline constexpr uint64_t kTmmlMatch = 0xdf58000000000000ull, kTmmlMask = 0xfff8000000000000ull;
inline constexpr uint64_t kTxqMatch = 0xdf48000000000000ull, kTxqMask = 0xfff8000000000000ull;
inline constexpr BitField kTxqQuery{"query", 27, 22, "envytools gm107.c tabdf50_0"};
inline constexpr BitField kIgnoredRb{"ignored", 27, 20, "decisions.md T27 (nvdisasm 11.8)"};
inline constexpr BitField kIgnoredLow{"ignored", 21, 20, "decisions.md T27 (nvdisasm 11.8)"};
inline constexpr BitField kIgnoredDim{"ignored", 30, 28, "decisions.md T27 (nvdisasm 11.8)"};
inline constexpr BitField kIgnored35{"ignored", 35, 35, "decisions.md T27 (nvdisasm 11.8)"};
inline constexpr BitField kIgnored50{"ignored", 50, 50, "decisions.md T27 (nvdisasm 11.8)"};

// TEX, TLD, TLD4, TXD (the non-scalar texture instructions): Rd0 7:0, Ra 15:8, Rb 27:20,
// tsPtrIdx 48:36, NODEP 49 as above; paramA 30:28 and a 4-bit mask 34:31 (envytools gm107.c:
// ON(28, array), tabdf60_0, U04_31), predicate destination 53:51 (nvdisasm 11.8 random words:
// printed as the first operand unless 7 = PT; decisions T23).
inline constexpr BitField kDim{"paramA", 30, 28, "envytools gm107.c tabdf60_0; decisions.md T23"};
inline constexpr BitField kMask4{"mask", 34, 31, "envytools gm107.c U04_31"};
inline constexpr BitField kPd{"Pd", 53, 51, "decisions.md T23 (nvdisasm 11.8)"};
inline constexpr BitField kNdv35{"NDV", 35, 35, "envytools gm107.c ON(35, ndv)"};
inline constexpr BitField kAoffi35{"AOFFI", 35, 35, "envytools gm107.c ON(35, aoffi)"};
inline constexpr BitField kDc50{"DC", 50, 50, "envytools gm107.c ON(50, dc)"};
inline constexpr BitField kMs50{"MS", 50, 50, "envytools gm107.c ON(50, ms)"};
inline constexpr BitField kLc50{"LC", 50, 50, "decisions.md T26 (nvdisasm 11.8)"};
inline constexpr BitField kAoffi54{"AOFFI", 54, 54, "envytools gm107.c ON(54, aoffi)"};
inline constexpr BitField kCl54{"CL", 54, 54, "envytools gm107.c ON(54, cl)"};
// TEX: lod 57:55 (envytools tabc038_0; codes 4, 5 print INVALIDBLOD4/5), .AOFFI 54, .DC 50,
// .NDV 35, .LC 58 (nvdisasm 11.8, SM52+: decisions T70). Opcode bits 63:59 = 11000.
inline constexpr BitField kTexLod{"lod", 57, 55, "envytools gm107.c tabc038_0"};
inline constexpr BitField kLc58{"LC", 58, 58, "decisions.md T70 (nvdisasm 11.8)"};
inline constexpr uint64_t kTexMatch = 0xc000000000000000ull, kTexMask = 0xf800000000000000ull;
// TLD: .LL 55 (tabdc38_0), .CL 54, .MS 50, .AOFFI 35. Opcode bits 63:56 = 0xdc.
inline constexpr BitField kTldLod{"lod", 55, 55, "envytools gm107.c tabdc38_0"};
inline constexpr uint64_t kTldMatch = 0xdc00000000000000ull, kTldMask = 0xff00000000000000ull;
// TLD4: component 57:56 (tabc838_0), offsets 55:54 (tabc838_1), .DC 50, .NDV 35 (SM50-SM53).
// Opcode bits 63:58 = 110010.
inline constexpr BitField kTld4Comp{"component", 57, 56, "envytools gm107.c tabc838_0"};
inline constexpr BitField kTld4Toff{"toff", 55, 54, "envytools gm107.c tabc838_1"};
inline constexpr uint64_t kTld4Match = 0xc800000000000000ull, kTld4Mask = 0xfc00000000000000ull;
// TXD: .LC 50 (SM52+), .AOFFI 35. Opcode bits 63:54 = 0xde, 00 (envytools: txd 0xde38 with
// 55:54 clear; 01 is TXD.B, 10 TEX.B, 11 TLD4.B, below).
inline constexpr uint64_t kTxdMatch = 0xde00000000000000ull, kTxdMask = 0xffc0000000000000ull;

// The bindless forms (issue 19, decisions T28-T39): the texture comes from a register, not from
// tsPtrIdx (nvdisasm 11.8 prints 0x0 in its place and ignores bits 48:36). envytools gm107.c:
// txd.b 0xde78, tex.b 0xdeb8, tld4.b 0xdef8 (bits 55:54 = 01, 10, 11), tld.b 0xdd38, tmml.b
// 0xdf60, txq.b 0xdf50, txa 0xdf40 (mask 0xfff8 on the 0xdf page).
inline constexpr uint64_t kTxdBMatch = 0xde40000000000000ull, kTxdBMask = 0xffc0000000000000ull;
inline constexpr uint64_t kTexBMatch = 0xde80000000000000ull, kTexBMask = 0xffc0000000000000ull;
// TLD4.B: nvdisasm 11.8 rejects every word with bit 40 set, so the row fixes it to 0 (T31).
inline constexpr uint64_t kTld4BMatch = 0xdec0000000000000ull, kTld4BMask = 0xffc0010000000000ull;
inline constexpr uint64_t kTldBMatch = 0xdd00000000000000ull, kTldBMask = 0xff00000000000000ull;
inline constexpr uint64_t kTmmlBMatch = 0xdf60000000000000ull, kTmmlBMask = 0xfff8000000000000ull;
inline constexpr uint64_t kTxqBMatch = 0xdf50000000000000ull, kTxqBMask = 0xfff8000000000000ull;
inline constexpr uint64_t kTxaMatch = 0xdf40000000000000ull, kTxaMask = 0xfff8000000000000ull;
// TEX.B moves TEX's lod, .AOFFI and .LC below bit 41 (envytools tabdeb8_0, ON(36, aoffi);
// .LC bit 40 from nvdisasm 11.8 bit flips, decisions T29); TLD4.B its component and offsets.
inline constexpr BitField kTexBLod{"lod", 39, 37, "envytools gm107.c tabdeb8_0"};
inline constexpr BitField kAoffi36{"AOFFI", 36, 36, "envytools gm107.c ON(36, aoffi)"};
inline constexpr BitField kLc40{"LC", 40, 40, "decisions.md T29 (nvdisasm 11.8)"};
inline constexpr BitField kTld4BComp{"component", 39, 38, "envytools gm107.c tabdef8_0"};
inline constexpr BitField kTld4BToff{"toff", 37, 36, "envytools gm107.c tabdef8_1"};
inline constexpr BitField kIgnoredIdx{"ignored", 48, 36, "decisions.md T28 (nvdisasm 11.8)"};
inline constexpr BitField kIgnoredIdxHi{"ignored", 48, 41, "decisions.md T28 (nvdisasm 11.8)"};
inline constexpr BitField kIgnoredTxa{"ignored", 30, 20, "decisions.md T34 (nvdisasm 11.8)"};

// NOP (the padding word real tools emit; predicate bits 19:16 may vary).
inline constexpr uint64_t kNopWord = 0x50b0000000070f00ull;
inline constexpr uint64_t kNopMatchMask = ~(kPred.mask() | kPredNeg.mask());

// The 21-bit control field of instruction i of a bundle sits at bits [21*i+20 .. 21*i] of the
// bundle's control word (nvidia_tlds.md §1.1/§1.2); bit 63 of the control word is 0.
inline constexpr BitField kStall{"stall", 3, 0, "nvidia_tlds.md 1.2"};
inline constexpr BitField kYield{"yield", 4, 4, "nvidia_tlds.md 1.2"};
inline constexpr BitField kWrBar{"wr_bar", 7, 5, "nvidia_tlds.md 1.2"};
inline constexpr BitField kRdBar{"rd_bar", 10, 8, "nvidia_tlds.md 1.2"};
inline constexpr BitField kWait{"wait", 16, 11, "nvidia_tlds.md 1.2"};
inline constexpr BitField kReuse{"reuse", 20, 17, "nvidia_tlds.md 1.2"};
inline constexpr BitField kControl{"control", 20, 0, "nvidia_tlds.md 1.2"};
inline constexpr unsigned kControlBits = 21;
inline constexpr unsigned kBundleSlots = 3;
inline constexpr uint64_t kBundleBytes = 32;
inline constexpr uint64_t kControlWordReserved = uint64_t{1} << 63;

// .T = reuse bit 0 (control bit 17), .P = reuse bit 1 (bit 18) (nvidia_tlds.md §1.2).
inline constexpr uint8_t kReuseT = 0x1;
inline constexpr uint8_t kReuseP = 0x2;

inline constexpr BitField control_slot(unsigned i) {
  return BitField{"control", kControlBits * i + kControlBits - 1, kControlBits * i,
                  "nvidia_tlds.md 1.1"};
}

}  // namespace texsim::isa::sass::fields
