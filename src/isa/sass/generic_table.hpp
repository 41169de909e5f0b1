// The rows of the generic Maxwell/Pascal opcode table (generic_ops.hpp) and their field kinds:
// one engine (generic_ops.cpp) prints and encodes every row; each family file lists its rows.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace texsim::isa::sass::generic {

// What the engine knows about the word's place: the architecture (50..62, 0: unknown), the
// control field's reuse bits (a, b, c) and the instruction's byte address (for branch targets).
struct Ctx {
  unsigned sm = 0;
  unsigned reuse = 0;
  std::optional<uint64_t> pc;
};

enum class K : uint8_t {
  kReg,      // destination register, 8 bits at lo, 255 is RZ
  kRegA,     // source register of operand slot a (reuse bit 0), 8 bits at lo
  kRegB,     // source register of operand slot b (reuse bit 1)
  kRegC,     // source register of operand slot c (reuse bit 2)
  kImm32,    // 32-bit hex immediate at lo
  kImm20,    // signed 20-bit immediate: bits 38:20 and the sign at bit 56
  kCBank,    // c[bank][offset]: offset bits 33:20 (signed, in words), bank bits 38:34
  kMask4,    // 4-bit lane mask at lo, omitted when 0xf
  kSpecial,  // 8-bit special register at lo
  kCc,       // 5-bit condition-code test at lo, omitted when 15 (T)
  kImm16,    // 16-bit hex immediate at lo, omitted when 0
  kPred,     // 3-bit predicate at lo, its negation at lo+3
  kImm5,     // 5-bit hex shift count at lo
  kCustom,   // a family's own field: Opnd::custom says how it prints and parses
};

// A field kind a family file defines for itself: `width` bits at Opnd::lo; `text` prints a value
// (empty: nvdisasm omits it, then `omit` is the value an absent operand encodes; nullopt: no text
// for this value). The parser tries every value when width <= 16, else `parse` (may be null).
struct CustomKind {
  unsigned width;
  std::optional<std::string> (*text)(uint64_t v, const Ctx& ctx);
  std::optional<uint64_t> (*parse)(std::string_view t, const Ctx& ctx) = nullptr;
  std::optional<uint64_t> omit = std::nullopt;
  unsigned reuse_bit = 0;  // the ".reuse" bit a register field stands for (0: none)
};

struct Opnd {
  K kind;
  uint8_t lo;
  uint8_t neg = 0;                     // bit of a '-' before the operand (0: none)
  uint8_t cc = 0;                      // bit of a ".CC" after a destination register (0: none)
  const CustomKind* custom = nullptr;  // for K::kCustom
  uint8_t abs = 0;                     // bit of "|x|" around the operand (0: none)
};

// A modifier field after the mnemonic: bits lo..lo+width-1, value v prints names[v] (a value
// past the end of names has no text: the word is not the row's).
struct Mod {
  uint8_t lo = 0;
  uint8_t width = 0;
  std::span<const std::string_view> names;
  std::span<const std::string_view> names_sm60 = {};  // from SM60 on, when given (BPT.PAUSE_QUIET)
  // When set, the names on architecture sm (0: unknown) instead of `names` (ATOM's types).
  std::span<const std::string_view> (*names_on)(unsigned sm) = nullptr;
};

// A row's modifiers spelled by a family function of the whole word, for fields nvdisasm names
// together (the video opcodes' operand types from two fields each: decisions GC6, GV1). `text`:
// nullopt when a value has no name; `parse`: the bits of a suffix, nullopt when it does not fit.
struct CustomMods {
  std::optional<std::string> (*text)(uint64_t word, unsigned sm);
  std::optional<uint64_t> (*parse)(std::string_view mods, unsigned sm);
};

struct Row {
  std::string_view name;
  uint64_t mask;
  uint64_t match;
  std::array<Mod, 6> mods;  // width 0: unused
  std::array<Opnd, 6> ops;
  uint8_t nops;
  bool po = false;  // both negations (bits 49 and 48) set print as ".PO" (IADD, ISCADD)
  // false: bits 19:16 are no guard predicate, nvdisasm prints none whatever they hold (SSY,
  // CAL...: GC3; BAR.SYNCALL: GM6); a text with a guard is not the row's.
  bool guard = true;
  uint8_t min_sm = 0;  // the row is skipped on a known architecture below it (0: every one)
  const CustomMods* custom_mods = nullptr;  // when set, it spells the modifiers (mods unused)
};

constexpr uint64_t top(unsigned bits) {
  return ~uint64_t{0} << (64 - bits);
}

// The families (one file each); the engine walks them in this order, first match wins.
std::span<const Row> base_rows();    // generic_rows_base.cpp: moves, shifts, IADD, S2R, EXIT...
std::span<const Row> int_rows();     // generic_rows_int.cpp: integer ALU, compares, predicates
std::span<const Row> int2_rows();    // generic_rows_int2.cpp: the int family's second half
std::span<const Row> float_rows();   // generic_rows_float.cpp: float and double ALU, MUFU
std::span<const Row> float2_rows();  // generic_rows_float2.cpp: conversions (I2F, I2I, F2I, F2F)
std::span<const Row> mem_rows();     // generic_rows_mem.cpp: loads, stores, atomics, barriers
std::span<const Row> ctrl_rows();    // generic_rows_ctrl.cpp: branches and their stacks
std::span<const Row> video_rows();   // generic_rows_video.cpp: VADD, VSET... (GV1-GV4)
std::span<const Row> gfx_rows();     // generic_rows_gfx.cpp: IPA, OUT, IDE, FSWZADD... (GV5-GV7)
std::span<const Row> half_rows();    // generic_rows_half.cpp: HADD2, HMUL2, HFMA2, HSET2, HSETP2
std::span<const Row> surf_rows();    // generic_rows_surf.cpp: SULD, SUST, SURED
std::span<const Row> gfx2_rows();    // generic_rows_gfx2.cpp: VABSDIFF4, IDP, ALD, AST... (GL1-GL6)

// nvdisasm's name of special register v on architecture sm (generic_names.cpp).
std::optional<std::string> special_name(unsigned v, unsigned sm);
// nvdisasm's condition-code tests, value 0..31 (15, T, prints nothing).
std::string_view cc_name(unsigned v);

}  // namespace texsim::isa::sass::generic
