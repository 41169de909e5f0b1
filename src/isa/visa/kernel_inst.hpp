// The structured form of one generic vISA instruction as IGC's text writes it (issue 28):
// predicate, opcode with modifiers, execution size and mask, destination and source regions,
// immediates, predicates, labels and the surface/sampler of MOVS. Depends on symbols and types
// only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isa/visa/symbols.hpp"
#include "isa/visa/types.hpp"

namespace texsim::isa::visa {

// kAddr "A0(2)<1>": address variable A0 from element 2 (col), stride hs; kAddrOf "&V[8]": the
// register-file byte address of V plus 8 (imm); kIndirect "r[A0(2),-4]<1,0>:d": the elements
// at A0(2..) plus -4 bytes (imm), typed by the suffix (visa 5_operands.md, ADDR_ADD.md).
enum class KOpKind : uint8_t {
  kNull,
  kVar,
  kImm,
  kPred,
  kState,
  kRaw,
  kLabel,
  kLscAddr,
  kLscData,
  kAddr,
  kAddrOf,
  kIndirect
};

struct KOperand {
  KOpKind kind = KOpKind::kNull;
  const Variable* var = nullptr;   // kVar, kPred, kState, kRaw
  uint32_t row = 0, col = 0;       // kVar: V(row,col); kRaw: V.offset in col
  uint32_t vs = 0, w = 1, hs = 1;  // kVar source <vs;w,hs>, destination <hs>
  bool region = false;             // kVar: a region was written (<...>)
  bool vxh = false;                // kIndirect: "<w,h>", one address per row (multi-address)
  VisaType type = VisaType::kUD;   // kVar: the declaration's; kImm: the suffix's
  uint64_t imm = 0;                // kImm bits
  bool neg = false, abs = false;   // source modifiers (-), (abs), (-abs)
  bool lnot = false;               // (~): bitwise NOT of a logic instruction's source
  std::string label;               // kLabel
  // LSC operands (visa LSC_UNTYPED.md): kLscAddr "flat[V]:a64" (addr_bits 32 or 64); kLscData
  // "V:d32x4" / "V:d16c32" (data_bits per element in memory, vec elements per lane, c32: each
  // element widened to a dword in the register).
  // "V.512:d32x4": the data starts at byte 512 of V (col). "flat[0x4*V+0x100]": AddrScale and
  // AddrImmOffset. "V:d32x64t": the transposed order (one address, the vector's elements
  // consecutive in the register).
  uint32_t addr_bits = 0, data_bits = 0, vec = 1;
  bool c32 = false, transpose = false;
  uint32_t addr_scale = 1;
  int64_t addr_offset = 0;
  // "ss(V)[...]:a32": the surface-state address model, V the surface state's offset (>> 4);
  // IGC's private memory on XeHP+ names the scratch surface with it (decision KP2).
  const Variable* ss = nullptr;
};

struct KInst {
  std::string op;        // mnemonic without modifiers: "add", "cmp", "goto"
  std::string modifier;  // after the first '.': "lt" for cmp.lt, "RGBA" for scatter4_scaled
  bool sat = false;
  const Variable* pred = nullptr;  // (P1) / (!P1)
  bool pred_not = false;
  unsigned exec_size = 1;
  unsigned mask_offset = 0;  // lanes: 4 * (n - 1) for Mn
  bool nomask = false;
  uint32_t owords = 0;                // svm_block_* / oword_* "(N)": owords moved (exec size 1)
  uint32_t block_w = 0, block_h = 0;  // media_st "(W,H)": bytes by rows
  std::vector<KOperand> ops;          // in text order (destination first)
};

// The mnemonics of generic instructions texsim runs in whole kernels (docs/kernels.md).
bool kernel_mnemonic_modelled(std::string_view mnemonic);

// Parses `text` (one instruction line, trailing "///" comment allowed). nullopt with a message
// naming the token when the syntax is not one this parser knows.
std::optional<KInst> parse_kinst(std::string_view text, const SymbolTable& syms,
                                 std::string& error);

}  // namespace texsim::isa::visa
