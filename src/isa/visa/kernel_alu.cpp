// Per-lane values, conversions and ALU operations of generic vISA instructions (kernel_alu.hpp),
// from IGC's documentation/visa/2_datatypes.md and instructions/*.md. Depends on core/half.
#include "isa/visa/kernel_alu.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <utility>

#include "core/half.hpp"

namespace texsim::isa::visa {
namespace {

// The range of an integer type as [lo, hi] in 64 bits (UQ's top half saturates at INT64_MAX).
std::pair<int64_t, int64_t> int_range(VisaType t) {
  const unsigned bits = 8 * type_size(t);
  if (bits >= 64) {
    return type_is_signed(t)
               ? std::pair{std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()}
               : std::pair{int64_t{0}, std::numeric_limits<int64_t>::max()};
  }
  if (type_is_signed(t)) return {-(int64_t{1} << (bits - 1)), (int64_t{1} << (bits - 1)) - 1};
  return {0, (int64_t{1} << bits) - 1};
}

double as_double(const KValue& v) {
  return v.is_float ? v.f : static_cast<double>(v.i);
}

// Float to integer (2_datatypes.md "Float to Integer"): truncation toward zero, clamped to the
// type's range, NaN 0; negative values to unsigned types clamp to 0 (decision K4).
int64_t float_to_int(double f, VisaType t) {
  if (std::isnan(f)) return 0;
  const auto [lo, hi] = int_range(t);
  const double tr = std::trunc(f);
  if (tr <= static_cast<double>(lo)) return lo;
  if (tr >= static_cast<double>(hi)) return hi;
  return static_cast<int64_t>(tr);
}

uint64_t float_bits(VisaType t, double f) {
  switch (t) {
    case VisaType::kDF:
      return std::bit_cast<uint64_t>(f);
    case VisaType::kHF:
      return core::float_to_half(static_cast<float>(f));
    case VisaType::kBF: {
      const uint32_t b = std::bit_cast<uint32_t>(static_cast<float>(f));
      if (std::isnan(f)) return (b >> 16) | 0x40;
      return (b + 0x7fff + ((b >> 16) & 1)) >> 16;  // RNE on the upper half
    }
    default:
      return std::bit_cast<uint32_t>(static_cast<float>(f));
  }
}

}  // namespace

bool type_is_float(VisaType t) {
  return t == VisaType::kF || t == VisaType::kHF || t == VisaType::kDF || t == VisaType::kBF ||
         t == VisaType::kVF;
}

bool type_is_signed(VisaType t) {
  return t == VisaType::kD || t == VisaType::kW || t == VisaType::kB || t == VisaType::kQ ||
         t == VisaType::kV;
}

KValue load_value(VisaType t, uint64_t bits) {
  KValue v;
  switch (t) {
    case VisaType::kF:
      v.is_float = true;
      v.f = std::bit_cast<float>(static_cast<uint32_t>(bits));
      return v;
    case VisaType::kHF:
      v.is_float = true;
      v.f = core::half_to_float(static_cast<uint16_t>(bits));
      return v;
    case VisaType::kBF:
      v.is_float = true;
      v.f = std::bit_cast<float>(static_cast<uint32_t>(bits << 16));
      return v;
    case VisaType::kDF:
      v.is_float = true;
      v.f = std::bit_cast<double>(bits);
      return v;
    default:
      break;
  }
  const unsigned n = 8 * type_size(t);
  if (n < 64) {
    bits &= (uint64_t{1} << n) - 1;
    if (type_is_signed(t) && ((bits >> (n - 1)) & 1) != 0) bits |= ~uint64_t{0} << n;
  }
  v.i = static_cast<int64_t>(bits);
  return v;
}

KValue apply_modifiers(KValue v, bool neg, bool abs) {
  if (v.is_float) {
    if (abs) v.f = std::fabs(v.f);
    if (neg) v.f = -v.f;
    return v;
  }
  const auto u = static_cast<uint64_t>(v.i);
  if (abs && v.i < 0) v.i = static_cast<int64_t>(~u + 1);
  if (neg) v.i = static_cast<int64_t>(~static_cast<uint64_t>(v.i) + 1);
  return v;
}

uint64_t store_value(VisaType t, const KValue& v, bool sat) {
  if (type_is_float(t)) {
    double f = as_double(v);
    if (t == VisaType::kF && !v.is_float) f = static_cast<float>(v.i);  // one RNE step
    if (sat) f = std::isnan(f) ? 0.0 : std::fmin(std::fmax(f, 0.0), 1.0);
    return float_bits(t, f);
  }
  int64_t i = v.is_float ? float_to_int(v.f, t) : v.i;
  if (sat && !v.is_float) {
    const auto [lo, hi] = int_range(t);
    i = std::min(std::max(i, lo), hi);
  }
  const unsigned n = 8 * type_size(t);
  const uint64_t u = static_cast<uint64_t>(i);
  return n >= 64 ? u : u & ((uint64_t{1} << n) - 1);
}

std::optional<AluOp> alu_op(std::string_view m) {
  static constexpr std::array<std::pair<std::string_view, AluOp>, 22> kOps{{
      {"mov", AluOp::kMov},   {"add", AluOp::kAdd},   {"mul", AluOp::kMul},
      {"mulh", AluOp::kMulh}, {"mad", AluOp::kMad},   {"add3", AluOp::kAdd3},
      {"and", AluOp::kAnd},   {"or", AluOp::kOr},     {"xor", AluOp::kXor},
      {"not", AluOp::kNot},   {"shl", AluOp::kShl},   {"shr", AluOp::kShr},
      {"asr", AluOp::kAsr},   {"min", AluOp::kMin},   {"max", AluOp::kMax},
      {"rndd", AluOp::kRndd}, {"rnde", AluOp::kRnde}, {"rndz", AluOp::kRndz},
      {"rndu", AluOp::kRndu}, {"frc", AluOp::kFrc},   {"avg", AluOp::kAvg},
      {"bfn", AluOp::kBfn},
  }};
  for (const auto& [name, op] : kOps) {
    if (name == m) return op;
  }
  return std::nullopt;
}

namespace {

KValue fval(double f) {
  KValue v;
  v.is_float = true;
  v.f = f;
  return v;
}
KValue ival(uint64_t u) {
  KValue v;
  v.i = static_cast<int64_t>(u);
  return v;
}

// Float operations: in double for DF, else in single precision (F and HF sources are exact
// floats; each operation rounds once, to nearest even; MAD is fused: decision K3).
KValue float_eval(AluOp op, std::span<const KValue> s, bool dbl) {
  auto a = [&](size_t k) { return k < s.size() ? as_double(s[k]) : 0.0; };
  auto fl = [&](size_t k) { return static_cast<float>(a(k)); };
  switch (op) {
    case AluOp::kMov:
      return fval(a(0));
    case AluOp::kAdd:
      return fval(dbl ? a(0) + a(1) : double{fl(0) + fl(1)});
    case AluOp::kMul:
      return fval(dbl ? a(0) * a(1) : double{fl(0) * fl(1)});
    case AluOp::kMad:
      return fval(dbl ? std::fma(a(0), a(1), a(2)) : double{std::fma(fl(0), fl(1), fl(2))});
    case AluOp::kMin:  // a NaN operand yields the other one (IEEE minNum; decision K5)
      return fval(std::fmin(a(0), a(1)));
    case AluOp::kMax:
      return fval(std::fmax(a(0), a(1)));
    case AluOp::kRndd:
      return fval(std::floor(a(0)));
    case AluOp::kRndu:
      return fval(std::ceil(a(0)));
    case AluOp::kRndz:
      return fval(std::trunc(a(0)));
    case AluOp::kRnde:
      return fval(std::nearbyint(a(0)));
    case AluOp::kFrc:
      return fval(dbl ? a(0) - std::floor(a(0)) : double{fl(0) - std::floor(fl(0))});
    default:
      return fval(std::numeric_limits<double>::quiet_NaN());
  }
}

}  // namespace

KValue alu_eval(AluOp op, std::span<const KValue> s, bool exec_float, bool exec_double,
                VisaType dst_type, uint8_t bfn_table) {
  if (exec_float) return float_eval(op, s, exec_double);
  auto u = [&](size_t k) { return k < s.size() ? static_cast<uint64_t>(s[k].i) : 0; };
  auto i = [&](size_t k) { return k < s.size() ? s[k].i : 0; };
  const bool wide = type_size(dst_type) == 8;
  switch (op) {
    case AluOp::kMov:
      return s.empty() ? KValue{} : s[0];
    case AluOp::kAdd:
      return ival(u(0) + u(1));
    case AluOp::kMul:
      return ival(u(0) * u(1));
    case AluOp::kMulh:  // MULH.md: "the high dword" of a 32 x 32-bit product
      if (type_is_signed(dst_type)) {
        const int64_t p = int64_t{static_cast<int32_t>(u(0))} * static_cast<int32_t>(u(1));
        return ival(static_cast<uint64_t>(p >> 32));
      }
      return ival(((u(0) & 0xffffffffu) * (u(1) & 0xffffffffu)) >> 32);
    case AluOp::kMad:
      return ival(u(0) * u(1) + u(2));
    case AluOp::kAdd3:
      return ival(u(0) + u(1) + u(2));
    case AluOp::kAnd:
      return ival(u(0) & u(1));
    case AluOp::kOr:
      return ival(u(0) | u(1));
    case AluOp::kXor:
      return ival(u(0) ^ u(1));
    case AluOp::kNot:
      return ival(~u(0));
    case AluOp::kShl:  // SHL.md: the low 5 (6 for Q/UQ destinations) bits of src1
      return ival(u(0) << (u(1) & (wide ? 63 : 31)));
    case AluOp::kShr:  // logical: src0 as an unsigned value of the execution width
      return ival((wide ? u(0) : u(0) & 0xffffffffu) >> (u(1) & (wide ? 63 : 31)));
    case AluOp::kAsr:
      return ival(static_cast<uint64_t>(i(0) >> (u(1) & (wide ? 63 : 31))));
    case AluOp::kMin:
      return ival(static_cast<uint64_t>(std::min(i(0), i(1))));
    case AluOp::kMax:
      return ival(static_cast<uint64_t>(std::max(i(0), i(1))));
    case AluOp::kAvg:
      return ival(static_cast<uint64_t>((i(0) + i(1) + 1) >> 1));
    case AluOp::kBfn: {
      uint64_t r = 0;
      for (unsigned b = 0; b < 64; ++b) {
        const auto idx = static_cast<unsigned>(((u(0) >> b) & 1) | (((u(1) >> b) & 1) << 1) |
                                               (((u(2) >> b) & 1) << 2));
        r |= uint64_t{(bfn_table >> idx) & 1u} << b;
      }
      return ival(r);
    }
    default:  // rounding of an integer is the integer
      return s.empty() ? KValue{} : s[0];
  }
}

std::optional<bool> compare(std::string_view c, const KValue& a, const KValue& b, bool exec_float) {
  if (exec_float) {
    const double x = as_double(a), y = as_double(b);
    if (c == "eq") return x == y;
    if (c == "ne") return x != y;
    if (c == "lt") return x < y;
    if (c == "le") return x <= y;
    if (c == "gt") return x > y;
    if (c == "ge") return x >= y;
    return std::nullopt;
  }
  if (c == "eq") return a.i == b.i;
  if (c == "ne") return a.i != b.i;
  if (c == "lt") return a.i < b.i;
  if (c == "le") return a.i <= b.i;
  if (c == "gt") return a.i > b.i;
  if (c == "ge") return a.i >= b.i;
  return std::nullopt;
}

}  // namespace texsim::isa::visa
