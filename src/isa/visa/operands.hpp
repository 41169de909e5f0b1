// Decoded operand values of vISA instructions: raw operands, vector operands (general, immediate),
// and the generic per-field value an instruction holds. Depends on types.hpp only.
#pragma once

#include <cstdint>
#include <vector>

#include "isa/visa/types.hpp"

namespace texsim::isa::visa {

// raw_operand = { id; uw byte offset } (research §1.2). Id 0 is %null.
struct RawOperand {
  uint32_t id = 0;
  uint16_t offset = 0;
  friend bool operator==(const RawOperand&, const RawOperand&) = default;
};

// Vector operand tag classes and modifiers (visa_igc_common_header.h, research §1.2).
enum class VecClass : uint8_t {
  kGeneral = 0,
  kAddress = 1,
  kPredicate = 2,
  kIndirect = 3,
  kAddressOf = 4,
  kImmediate = 5,
  kState = 6,
};
enum class VecModifier : uint8_t { kNone = 0, kAbs = 1, kNeg = 2, kNegAbs = 3, kSat = 4, kNot = 5 };

// Region codes: 0 = null, 1 = 0, 2 = 1, 3 = 2, 4 = 4, 5 = 8, 6 = 16, 7 = 32; vstride in bits
// 3:0, width in 7:4, hstride in 11:8 of the uw region (visa 5_operands.md, gen_opnd).
inline constexpr uint16_t kScalarRegion = 0x121;  // <0;1,0>

struct VectorOperand {
  VecClass cls = VecClass::kGeneral;
  VecModifier mod = VecModifier::kNone;
  // kGeneral
  uint32_t id = 0;
  uint8_t row = 0;
  uint8_t col = 0;
  uint16_t region = kScalarRegion;
  // kImmediate
  VisaType imm_type = VisaType::kUD;
  uint64_t imm = 0;
  friend bool operator==(const VectorOperand&, const VectorOperand&) = default;
};

// The value of one field of an instruction. Numeric kinds use `value` (for most kinds the field's
// own binary value; see model.hpp for each kind's domain); raw, vector and list kinds use the
// other members. `column` is where the text parser found it (0 for decoded binaries).
struct OperandValue {
  bool present = false;
  uint32_t value = 0;
  RawOperand raw;
  VectorOperand vec;
  std::vector<RawOperand> list;
  uint32_t column = 0;
  // Decoded binaries: the field's byte offset in the file and its size in bytes (for
  // diagnostics as FILE+0xOFFSET[bits HI:LO]); 0 for parsed text.
  uint64_t bin_offset = 0;
  uint32_t bin_size = 0;

  friend bool operator==(const OperandValue& a, const OperandValue& b) {
    return a.present == b.present && a.value == b.value && a.raw == b.raw && a.vec == b.vec &&
           a.list == b.list;
  }
};

}  // namespace texsim::isa::visa
