// The base family of the generic table (generic_table.hpp): moves, SEL, shifts, IADD, ISCADD,
// S2R, EXIT, NOP, SYNC. Field positions from nvdisasm 11.8 probes of single-bit flips (SO1-SO4).
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

constexpr Opnd kRd{K::kReg, 0}, kRa{K::kRegA, 8}, kRb{K::kRegB, 20}, kI20{K::kImm20, 20},
    kCb{K::kCBank, 20};
constexpr Opnd kRdCc{K::kReg, 0, 0, 47}, kRaNeg{K::kRegA, 8, 49}, kRbNeg{K::kRegB, 20, 48},
    kCbNeg{K::kCBank, 20, 48};
constexpr uint64_t kBit56 = uint64_t{1} << 56;
constexpr std::array<std::string_view, 2> kNoX{"", ".X"}, kNoW{"", ".W"}, kNoSat{"", ".SAT"},
    kU32{".U32", ""}, kNoBrev{"", ".BREV"}, kNoKeep{"", ".KEEPREFCOUNT"}, kNoTrig{"", ".TRIG"};
constexpr std::array<std::string_view, 4> kShrXNames{"", ".INVALIDSHRXMODE1", ".X", ".XHI"};
constexpr Mod kX43{43, 1, kNoX}, kW39{39, 1, kNoW}, kSat50{50, 1, kNoSat}, kX43iadd{43, 1, kNoX};
constexpr Mod kShrU32{48, 1, kU32}, kShrW{39, 1, kNoW}, kShrBrev{40, 1, kNoBrev},
    kShrX{43, 2, kShrXNames};

// Opcode bits: the top bits whose flips nvdisasm reads as another instruction (SO2). A row per
// source-operand form: register (0x5c..), constant bank (0x4c..), 20-bit immediate (0x38..).
constexpr std::array<Row, 23> kRows{{
    {"MOV32I", top(12), 0x0100000000000000, {}, {{kRd, {K::kImm32, 20}, {K::kMask4, 12}}}, 3},
    {"MOV", top(13), 0x5c98000000000000, {}, {{kRd, kRb, {K::kMask4, 39}}}, 3},
    {"MOV", top(13), 0x4c98000000000000, {}, {{kRd, kCb, {K::kMask4, 39}}}, 3},
    {"MOV", top(13) & ~kBit56, 0x3898000000000000, {}, {{kRd, kI20, {K::kMask4, 39}}}, 3},
    {"SEL", top(13), 0x5ca0000000000000, {}, {{kRd, kRa, kRb, {K::kPred, 39}}}, 4},
    {"SEL", top(13), 0x4ca0000000000000, {}, {{kRd, kRa, kCb, {K::kPred, 39}}}, 4},
    {"SEL", top(13) & ~kBit56, 0x38a0000000000000, {}, {{kRd, kRa, kI20, {K::kPred, 39}}}, 4},
    {"SHL", top(13), 0x5c48000000000000, {{kW39, kX43}}, {{kRdCc, kRa, kRb}}, 3},
    {"SHL", top(13), 0x4c48000000000000, {{kW39, kX43}}, {{kRdCc, kRa, kCb}}, 3},
    {"SHL", top(13) & ~kBit56, 0x3848000000000000, {{kW39, kX43}}, {{kRdCc, kRa, kI20}}, 3},
    {"SHR",
     top(13),
     0x5c28000000000000,
     {{kShrU32, kShrW, kShrX, kShrBrev}},
     {{kRdCc, kRa, kRb}},
     3},
    {"SHR",
     top(13),
     0x4c28000000000000,
     {{kShrU32, kShrW, kShrX, kShrBrev}},
     {{kRdCc, kRa, kCb}},
     3},
    {"SHR",
     top(13) & ~kBit56,
     0x3828000000000000,
     {{kShrU32, kShrW, kShrX, kShrBrev}},
     {{kRdCc, kRa, kI20}},
     3},
    {"IADD", top(13), 0x5c10000000000000, {{kSat50, kX43iadd}}, {{kRdCc, kRaNeg, kRbNeg}}, 3, true},
    {"IADD", top(13), 0x4c10000000000000, {{kSat50, kX43iadd}}, {{kRdCc, kRaNeg, kCbNeg}}, 3, true},
    {"IADD",
     top(13) & ~kBit56,
     0x3810000000000000,
     {{kSat50, kX43iadd}},
     {{kRdCc, kRaNeg, {K::kImm20, 20, 48}}},
     3,
     true},
    {"ISCADD", top(13), 0x5c18000000000000, {}, {{kRdCc, kRaNeg, kRbNeg, {K::kImm5, 39}}}, 4, true},
    {"ISCADD", top(13), 0x4c18000000000000, {}, {{kRdCc, kRaNeg, kCbNeg, {K::kImm5, 39}}}, 4, true},
    {"ISCADD",
     top(13) & ~kBit56,
     0x3818000000000000,
     {},
     {{kRdCc, kRaNeg, {K::kImm20, 20, 48}, {K::kImm5, 39}}},
     4,
     true},
    {"S2R", top(13), 0xf0c8000000000000, {}, {{kRd, {K::kSpecial, 20}}}, 2},
    {"EXIT", top(12), 0xe300000000000000, {{{5, 1, kNoKeep}}}, {{{K::kCc, 0}}}, 1},
    {"NOP", top(13), 0x50b0000000000000, {{{13, 1, kNoTrig}}}, {{{K::kCc, 8}, {K::kImm16, 20}}}, 2},
    {"SYNC", top(13), 0xf0f8000000000000, {}, {{{K::kCc, 0}}}, 1},
}};

}  // namespace

std::span<const Row> base_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
