// The graphics family of the generic table (generic_table.hpp): opcodes ptxas emits only for
// graphics shaders, and FSWZADD, as nvdisasm 11.8 prints them (decisions GV5-GV7).
#include <string>

#include "isa/sass/generic_int_kinds.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

using int_detail::Base;
using int_detail::Deco;
using int_detail::deco;
using int_detail::kHex8;
using int_detail::kP3Opt;
using int_detail::kRa;
using int_detail::kRb;
using int_detail::kRd;
using int_detail::kRdCc;
using int_detail::opnd;

// Hex fields nvdisasm prints even when 0 ("IDE.EN 0x0", "R2B 0x0, R0").
constexpr CustomKind kHex16 = deco<Deco{.base = Base::kHex, .hex_bits = 16}>(16);
constexpr CustomKind kHex4 = deco<Deco{.base = Base::kHex, .hex_bits = 4}>(4);

// FSWZADD's swizzle: four 2-bit lanes from bit 28, lane 3 first, each "PP" "NP" "PN" "ZP" (GV6).
std::optional<std::string> swz_text(uint64_t v, const Ctx& /*ctx*/) {
  constexpr std::array<std::string_view, 4> kLane{"PP", "NP", "PN", "ZP"};
  std::string out;
  for (int lane = 3; lane >= 0; --lane) out += kLane[(v >> (2 * lane)) & 3];
  return out;
}
constexpr CustomKind kSwz{8, swz_text};

constexpr std::array<std::string_view, 2> kEn{".EN", ""}, kWait{"", ".WAIT"},
    kNdv{"", ".NDV"}, kFtz{"", ".FTZ"};
constexpr std::array<std::string_view, 4> kR2bMode{"", ".RESULT", ".WARP", ".INVALID"},
    kOutType{".INVALIDOUTSTYPE0", ".EMIT", ".CUT", ".EMIT_THEN_CUT"},
    kRnd{"", ".RM", ".RP", ".RZ"};
constexpr uint64_t kBit56 = uint64_t{1} << 56, kBits3332 = uint64_t{3} << 32,
                   kRaFF = 0xff00;

// Opcode bits from single-bit flips of a base word (GV5). RAM, SAM, IDE and STP print no guard
// whatever bits 19:16 hold (as GC3). B2R's mode, bits 33:32, picks its operands: "" and .INVALID
// read a byte at 15:8; .RESULT (a predicate at 47:45, PT omitted) and .WARP only exist with 15:8 all ones.
constexpr std::array<Row, 13> kRows{{
    {"RAM", top(12), 0xe380000000000000, {}, {}, 0, false, false},
    {"SAM", top(12), 0xe370000000000000, {}, {}, 0, false, false},
    {"IDE", top(12), 0xe390000000000000, {{{5, 1, kEn}}}, {{opnd(20, kHex16)}}, 1, false, false},
    {"STP", top(13), 0xeea0000000000000, {{{31, 1, kWait}}}, {{opnd(20, kHex8)}}, 1, false, false},
    {"B2R", top(13) | kBits3332, 0xf0b8000000000000, {}, {{kRd, opnd(8, kHex8)}}, 2},
    {"B2R", top(13) | kBits3332, 0xf0b8000000000000 | kBits3332, {{{32, 2, kR2bMode}}},
     {{kRd, opnd(8, kHex8)}}, 2},
    {"B2R", top(13) | kBits3332 | kRaFF, 0xf0b8000100000000 | kRaFF, {{{32, 2, kR2bMode}}},
     {{kRd, opnd(45, kP3Opt)}}, 2},
    {"B2R", top(13) | kBits3332 | kRaFF, 0xf0b8000200000000 | kRaFF, {{{32, 2, kR2bMode}}},
     {{kRd}}, 1},
    {"R2B", top(13), 0xf0c0000000000000, {{{32, 2, kR2bMode}}}, {{opnd(28, kHex4), kRb}}, 2},
    {"OUT", top(13), 0xfbe0000000000000, {{{39, 2, kOutType}}}, {{kRd, kRa, kRb}}, 3},
    {"OUT", top(13) & ~kBit56, 0xf6e0000000000000, {{{39, 2, kOutType}}},
     {{kRd, kRa, {K::kImm20, 20}}}, 3},
    {"OUT", top(13), 0xebe0000000000000, {{{39, 2, kOutType}}}, {{kRd, kRa, {K::kCBank, 20}}}, 3},
    {"FSWZADD", top(13), 0x50f8000000000000, {{{44, 1, kFtz}, {39, 2, kRnd}, {38, 1, kNdv}}},
     {{kRdCc, kRa, kRb, opnd(28, kSwz)}}, 4},
}};

}  // namespace

std::span<const Row> gfx_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
