// Generic vISA arithmetic (kernel_alu.hpp): loads and stores of every type, the conversions of
// 2_datatypes.md (truncation, saturation, NaN, RNE), each ALU operation with its edge cases
// (wraparound, shift counts, NaN in min/max and cmp, fused MAD, BFN tables).
#include "isa/visa/kernel_alu.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

namespace texsim::isa::visa {
namespace {

KValue iv(int64_t v) {
  KValue k;
  k.i = v;
  return k;
}
KValue fv(double v) {
  KValue k;
  k.is_float = true;
  k.f = v;
  return k;
}
uint32_t fbits(float f) {
  return std::bit_cast<uint32_t>(f);
}
uint64_t eval(AluOp op, std::vector<KValue> s, VisaType dst, bool sat = false) {
  bool fl = false, dbl = false;
  for (const KValue& v : s) fl = fl || v.is_float;
  for (const KValue& v : s) dbl = dbl || (v.is_float && dst == VisaType::kDF);
  return store_value(dst, alu_eval(op, s, fl, dbl, dst, 0), sat);
}

TEST(KernelAlu, LoadsSignAndZeroExtend) {
  EXPECT_EQ(load_value(VisaType::kD, 0xffffffffu).i, -1);
  EXPECT_EQ(load_value(VisaType::kUD, 0xffffffffu).i, 0xffffffffll);
  EXPECT_EQ(load_value(VisaType::kW, 0x8000).i, -32768);
  EXPECT_EQ(load_value(VisaType::kUB, 0x1ff).i, 0xff);  // only the type's bits
  EXPECT_EQ(load_value(VisaType::kB, 0x80).i, -128);
  EXPECT_EQ(load_value(VisaType::kF, fbits(0.75f)).f, 0.75);
  EXPECT_EQ(load_value(VisaType::kHF, 0x3c00).f, 1.0);
  EXPECT_TRUE(load_value(VisaType::kHF, 0x3c00).is_float);
}

TEST(KernelAlu, IntegerArithmeticWrapsToTheDestination) {
  EXPECT_EQ(eval(AluOp::kAdd, {iv(0x7fffffff), iv(1)}, VisaType::kD), 0x80000000u);
  EXPECT_EQ(eval(AluOp::kMul, {iv(0x10000), iv(0x10000)}, VisaType::kD), 0u);
  EXPECT_EQ(eval(AluOp::kMul, {iv(0x10000), iv(0x10000)}, VisaType::kQ), 0x100000000u);
  EXPECT_EQ(eval(AluOp::kAdd, {iv(-1), iv(0)}, VisaType::kUW), 0xffffu);  // mixed: truncation
  EXPECT_EQ(eval(AluOp::kMad, {iv(-3), iv(5), iv(100)}, VisaType::kD), 85u);
  EXPECT_EQ(eval(AluOp::kAdd3, {iv(1), iv(2), iv(-4)}, VisaType::kD), 0xffffffffu);
}

// MULH.md: the high dword of the 64-bit product, signed or unsigned as the type (IGC divides by
// a constant with it: x % 480 is x - 480 * mulh(x, 0x88888889) >> 8).
TEST(KernelAlu, MulhIsTheHighDwordOfTheProduct) {
  EXPECT_EQ(eval(AluOp::kMulh, {iv(0xffffffff), iv(0x88888889)}, VisaType::kUD), 0x88888888u);
  EXPECT_EQ(eval(AluOp::kMulh, {iv(-1), iv(0x88888889 - 0x100000000)}, VisaType::kD), 0u);
  EXPECT_EQ(eval(AluOp::kMulh, {iv(-2), iv(3)}, VisaType::kD), 0xffffffffu);
  EXPECT_EQ(eval(AluOp::kMulh, {iv(0x10000), iv(0x10000)}, VisaType::kUD), 1u);
  EXPECT_EQ(alu_op("mulh"), AluOp::kMulh);
}

TEST(KernelAlu, IntegerSaturationClampsToTheDestinationRange) {
  EXPECT_EQ(eval(AluOp::kAdd, {iv(0x7fffffff), iv(1)}, VisaType::kD, true), 0x7fffffffu);
  EXPECT_EQ(eval(AluOp::kAdd, {iv(-5), iv(1)}, VisaType::kUD, true), 0u);
  EXPECT_EQ(eval(AluOp::kMov, {iv(300)}, VisaType::kUB, true), 255u);
  EXPECT_EQ(eval(AluOp::kMov, {iv(-300)}, VisaType::kB, true), 0x80u);
}

TEST(KernelAlu, FloatToIntegerTruncatesAndClamps) {
  EXPECT_EQ(eval(AluOp::kMov, {fv(-2.75)}, VisaType::kD), 0xfffffffeu);
  EXPECT_EQ(eval(AluOp::kMov, {fv(3e9)}, VisaType::kD), 0x7fffffffu);
  EXPECT_EQ(eval(AluOp::kMov, {fv(-3e9)}, VisaType::kD), 0x80000000u);
  EXPECT_EQ(eval(AluOp::kMov, {fv(std::nan(""))}, VisaType::kD), 0u);
  EXPECT_EQ(eval(AluOp::kMov, {fv(-7.0)}, VisaType::kUD), 0u);  // decision K4
  EXPECT_EQ(eval(AluOp::kMov, {fv(INFINITY)}, VisaType::kUW), 0xffffu);
}

TEST(KernelAlu, ToFloatRoundsToNearestEven) {
  EXPECT_EQ(eval(AluOp::kMov, {iv(16777217)}, VisaType::kF), fbits(16777216.0f));
  EXPECT_EQ(eval(AluOp::kMov, {iv(16777219)}, VisaType::kF), fbits(16777220.0f));
  EXPECT_EQ(eval(AluOp::kMov, {fv(1.0 + 1.0 / 2048)}, VisaType::kHF), 0x3c00u);  // tie to even
  EXPECT_EQ(eval(AluOp::kMov, {fv(1.0 + 3.0 / 2048)}, VisaType::kHF), 0x3c02u);
  // Single-precision arithmetic rounds once: 1 + 2^-24 is 1 in F, not in DF.
  EXPECT_EQ(eval(AluOp::kAdd, {fv(1.0), fv(std::ldexp(1.0, -24))}, VisaType::kF), fbits(1.0f));
}

TEST(KernelAlu, FloatSaturationAndNaN) {
  EXPECT_EQ(eval(AluOp::kMul, {fv(3.0), fv(0.5)}, VisaType::kF, true), fbits(1.0f));
  EXPECT_EQ(eval(AluOp::kAdd, {fv(-3.0), fv(0.5)}, VisaType::kF, true), fbits(0.0f));
  EXPECT_EQ(eval(AluOp::kMov, {fv(std::nan(""))}, VisaType::kF, true), fbits(0.0f));
  EXPECT_TRUE(std::isnan(std::bit_cast<float>(
      static_cast<uint32_t>(eval(AluOp::kAdd, {fv(INFINITY), fv(-INFINITY)}, VisaType::kF)))));
}

TEST(KernelAlu, MadIsFused) {
  // (1 + 2^-12)^2 - 1 - 2^-11 = 2^-24: fused keeps it, mul then add would round it to 0.
  const double a = 1.0 + std::ldexp(1.0, -12);
  const double c = -(1.0 + std::ldexp(1.0, -11));
  EXPECT_EQ(eval(AluOp::kMad, {fv(a), fv(a), fv(c)}, VisaType::kF),
            fbits(static_cast<float>(std::ldexp(1.0, -24))));
}

TEST(KernelAlu, ShiftCountsUseTheirLowBits) {
  EXPECT_EQ(eval(AluOp::kShl, {iv(1), iv(33)}, VisaType::kD), 2u);
  EXPECT_EQ(eval(AluOp::kShl, {iv(1), iv(-1)}, VisaType::kD), 0x80000000u);   // -1 & 31 = 31
  EXPECT_EQ(eval(AluOp::kShl, {iv(1), iv(33)}, VisaType::kQ), 0x200000000u);  // 6 bits for Q
  EXPECT_EQ(eval(AluOp::kShr, {iv(-8), iv(1)}, VisaType::kD), 0x7ffffffcu);   // logical
  EXPECT_EQ(eval(AluOp::kAsr, {iv(-8), iv(1)}, VisaType::kD), 0xfffffffcu);   // arithmetic
  EXPECT_EQ(eval(AluOp::kAsr, {iv(-8), iv(35)}, VisaType::kD), 0xffffffffu);
}

TEST(KernelAlu, LogicAndBfn) {
  EXPECT_EQ(eval(AluOp::kAnd, {iv(0xf0f0), iv(0xff00)}, VisaType::kUD), 0xf000u);
  EXPECT_EQ(eval(AluOp::kOr, {iv(0xf0f0), iv(0x0f00)}, VisaType::kUD), 0xfff0u);
  EXPECT_EQ(eval(AluOp::kXor, {iv(0xff), iv(0x0f)}, VisaType::kUD), 0xf0u);
  EXPECT_EQ(eval(AluOp::kNot, {iv(0)}, VisaType::kUW), 0xffffu);
  // BFN.md: bit (s0 + 2*s1 + 4*s2) of the table. 0xd8 has bits 3, 4, 6, 7: per nibble of
  // s0 = 0xff00, s1 = 0x0ff0, s2 = 0x00ff the indices are 1, 3, 6, 4 -> 0, 1, 1, 1.
  const auto b = store_value(VisaType::kUD,
                             alu_eval(AluOp::kBfn, std::vector{iv(0xff00), iv(0x0ff0), iv(0x00ff)},
                                      false, false, VisaType::kUD, 0xd8),
                             false);
  EXPECT_EQ(b, 0x0fffu);
  const auto x = store_value(VisaType::kUD,
                             alu_eval(AluOp::kBfn, std::vector{iv(0xc), iv(0xa), iv(0x0)}, false,
                                      false, VisaType::kUD, 0x66),  // s0 ^ s1
                             false);
  EXPECT_EQ(x, 0x6u);
}

TEST(KernelAlu, MinMaxAndRounding) {
  EXPECT_EQ(eval(AluOp::kMin, {iv(-1), iv(1)}, VisaType::kD), 0xffffffffu);
  EXPECT_EQ(eval(AluOp::kMax, {iv(-1), iv(1)}, VisaType::kD), 1u);
  EXPECT_EQ(eval(AluOp::kMin, {fv(std::nan("")), fv(2.0)}, VisaType::kF), fbits(2.0f));  // K5
  EXPECT_EQ(eval(AluOp::kMax, {fv(-0.5), fv(std::nan(""))}, VisaType::kF), fbits(-0.5f));
  EXPECT_EQ(eval(AluOp::kRndd, {fv(-1.5)}, VisaType::kF), fbits(-2.0f));
  EXPECT_EQ(eval(AluOp::kRndu, {fv(-1.5)}, VisaType::kF), fbits(-1.0f));
  EXPECT_EQ(eval(AluOp::kRndz, {fv(-1.5)}, VisaType::kF), fbits(-1.0f));
  EXPECT_EQ(eval(AluOp::kRnde, {fv(2.5)}, VisaType::kF), fbits(2.0f));
  EXPECT_EQ(eval(AluOp::kRnde, {fv(3.5)}, VisaType::kF), fbits(4.0f));
  EXPECT_EQ(eval(AluOp::kFrc, {fv(-1.25)}, VisaType::kF), fbits(0.75f));
  EXPECT_EQ(eval(AluOp::kAvg, {iv(3), iv(4)}, VisaType::kD), 4u);
}

TEST(KernelAlu, ModifiersAndCompare) {
  EXPECT_EQ(apply_modifiers(iv(5), true, false).i, -5);
  EXPECT_EQ(apply_modifiers(iv(-5), false, true).i, 5);
  EXPECT_EQ(apply_modifiers(iv(5), true, true).i, -5);  // (-abs)
  EXPECT_EQ(apply_modifiers(fv(-2.0), false, true).f, 2.0);
  EXPECT_EQ(compare("lt", iv(-1), iv(0), false), true);
  EXPECT_EQ(compare("ge", iv(0xffffffffll), iv(-1), false), true);  // values, not bits
  EXPECT_EQ(compare("eq", fv(std::nan("")), fv(std::nan("")), true), false);
  EXPECT_EQ(compare("ne", fv(std::nan("")), fv(1.0), true), true);
  EXPECT_EQ(compare("le", fv(-0.0), fv(0.0), true), true);
  EXPECT_FALSE(compare("nz", iv(0), iv(0), false).has_value());
  EXPECT_EQ(alu_op("add3"), AluOp::kAdd3);
  EXPECT_FALSE(alu_op("dp4a").has_value());
}

}  // namespace
}  // namespace texsim::isa::visa
