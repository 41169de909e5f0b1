// The Volta+ encoding generation (SM70-SM90, 128-bit words): opcode rows by texture source, the
// bit fields of each row on each architecture, and the words nvdisasm 11.8 rejects (decisions
// W1-W8).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "isa/sass/encoding.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// A 128-bit instruction word: bit 0 is the LSB of `lo` (the 64 bits stored first), bit 64 of `hi`.
struct Word128 {
  uint64_t lo = 0;
  uint64_t hi = 0;
  constexpr uint64_t get(unsigned lo_bit, unsigned width) const {
    uint64_t v = 0;
    for (unsigned k = 0; k < width; ++k) v |= static_cast<uint64_t>(bit(lo_bit + k)) << k;
    return v;
  }
  constexpr bool bit(unsigned b) const { return (((b < 64 ? lo : hi) >> (b % 64)) & 1u) != 0; }
  constexpr void set(unsigned lo_bit, unsigned width, uint64_t v) {
    for (unsigned k = 0; k < width; ++k) {
      const unsigned b = lo_bit + k;
      uint64_t& half = b < 64 ? lo : hi;
      const uint64_t m = uint64_t{1} << (b % 64);
      half = ((v >> k) & 1u) != 0 ? half | m : half & ~m;
    }
  }
  friend constexpr bool operator==(const Word128&, const Word128&) = default;
};

// What a field of a 128-bit word holds.
enum class WideField : uint8_t {
  kPred,
  kPredNeg,
  kRd,
  kRa,
  kRb,
  kBank,
  kWord,
  kUr,
  kUrImm,
  kCbA,
  kCbB,
  kB,
  kScr,
  kDim,
  kQuery,
  kRd2,
  kMask,
  kAoffi,
  kNdv,
  kDc,
  kCl,
  kMs,
  kToff,
  kF16,
  kPd,
  kCache,
  kLod,
  kComponent,
  kLc,
  kNodep,
  kPm,
  kSched,
  kCount
};

struct WideBits {
  WideField field;
  uint8_t lo;
  uint8_t width;
};

// The fields of one row on one architecture; `used` marks their bits and the fixed ones (opcode,
// bit 91 from SM75 on): every other bit is one nvdisasm ignores there.
struct WideLayout {
  std::array<WideBits, 32> fields{};
  uint8_t count = 0;
  Word128 used;
};

// One opcode row: the 12-bit opcode (bits 11:0), its Opcode and texture source.
struct WideRow {
  uint16_t opcode;
  Opcode op;
  TexSource source;
};

// Volta+ (SM70-SM90): platforms only; its rows are wide_rows() (128-bit patterns).
const Generation& sm70();
// 70, 72, 75, 80, 86, 87, 89, 90 for a Volta+ platform ("SM75"), else 0.
unsigned wide_sm(std::string_view platform);

// The row of a 12-bit opcode on `sm` (the uniform rows from SM75 on), or nullptr.
const WideRow* wide_row(uint16_t opcode, unsigned sm);
// The row that encodes (op, source), or nullptr (bindless opcodes have only kBindless).
const WideRow* wide_row_for(Opcode op, TexSource source);
WideLayout wide_layout(const WideRow& row, unsigned sm);
// Why nvdisasm rejects a word of `row` on `sm` (bit 59, bit 91, the control bits), and the bits
// that decide it; nullopt for a word it reads.
struct WideReject {
  std::string why;
  unsigned hi;
  unsigned lo;
};
std::optional<WideReject> wide_reject(const Word128& w, const WideRow& row, unsigned sm);
// Bit 91 as `row` requires it on `sm` (nullopt: ignored, SM70/SM72).
std::optional<bool> wide_bit91(const WideRow& row, unsigned sm);

// The bound opcode of a row's family: TEX.B -> TEX (the layouts and tables are per family).
Opcode wide_base_op(Opcode op);
// TXQ's query 63:62 <-> Instruction::query, the Maxwell/Pascal code of the same meaning
// (DIMENSION 1, TEXTURE_TYPE 2, SAMPLER_POS 5; code 3, INVALID3, is query 0: decisions W3).
uint8_t wide_query(uint8_t code);
uint8_t wide_query_code(uint8_t query);

// The dimension code 63:61 (dimension | array << 2) <-> ParamA (all eight are codes).
ParamA wide_dim(uint8_t code);
uint8_t wide_dim_code(ParamA p);

}  // namespace texsim::isa::sass
