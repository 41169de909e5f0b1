// Per-lane arithmetic of generic vISA instructions (issue 28): values of each vISA type, the
// conversions of 2_datatypes.md "Type Conversion" (source -> execution type -> destination type,
// saturation, integer truncation, float RNE) and the ALU operations. Depends on types.hpp only.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "isa/visa/types.hpp"

namespace texsim::isa::visa {

// One lane's value in its execution domain: integers as 64-bit two's complement (the "extra
// precision" of 2_datatypes.md), floats as double (exact for HF and F).
struct KValue {
  bool is_float = false;
  int64_t i = 0;
  double f = 0.0;
};

bool type_is_float(VisaType t);  // F, HF, DF, BF, VF
bool type_is_signed(VisaType t);

// The bits of one element of type `t` as a value (sign or zero extension; floats exactly).
KValue load_value(VisaType t, uint64_t bits);
// Source modifiers: (-) negation, (abs); for integers the result wraps in 64 bits.
KValue apply_modifiers(KValue v, bool neg, bool abs);
// The element of type `t` a value stores as: float->int truncates toward zero and clamps (NaN
// 0), int->float and float->narrower float round to nearest even, int->int truncates. `sat`:
// floats clamp to [0, 1] (NaN 0), integers to the destination type's range.
uint64_t store_value(VisaType t, const KValue& v, bool sat);

// The ALU operations texsim executes; nullopt for a mnemonic it does not model.
enum class AluOp : uint8_t {
  kMov,
  kAdd,
  kMul,
  kMulh,  // MULH.md: the high 32 bits of the 64-bit product (signedness of the type)
  kMad,
  kAdd3,
  kAnd,
  kOr,
  kXor,
  kNot,
  kShl,
  kShr,
  kAsr,
  kMin,
  kMax,
  kRndd,
  kRnde,
  kRndz,
  kRndu,
  kFrc,
  kAvg,
  kBfn,
};
std::optional<AluOp> alu_op(std::string_view mnemonic);

// dst = op(src...) for one lane; `exec_float`: the execution type is float (any float source);
// `exec_double`: DF. `bfn_table` is BFN's function byte. Integer results are 64-bit here and
// truncated by store_value.
KValue alu_eval(AluOp op, std::span<const KValue> src, bool exec_float, bool exec_double,
                VisaType dst_type, uint8_t bfn_table);

// CMP's relational operators (eq, ne, lt, le, gt, ge); nullopt for another modifier. Any
// comparison with a NaN is false except ne (IEEE).
std::optional<bool> compare(std::string_view cond, const KValue& a, const KValue& b,
                            bool exec_float);

}  // namespace texsim::isa::visa
