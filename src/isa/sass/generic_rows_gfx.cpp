// The graphics family of the generic table (generic_table.hpp): opcodes ptxas emits only for
// graphics shaders, and FSWZADD, as nvdisasm 11.8 prints them (decisions GV5-GV7).
#include <cstdio>
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

// IPA's attribute: "a[R5]" (.IDX, register at lo) or "a[0x3f]" (10 bits at lo) (GV7).
std::optional<std::string> attr_reg_text(uint64_t v, const Ctx& /*ctx*/) {
  return "a[" + (v == 255 ? std::string("RZ") : "R" + std::to_string(v)) + "]";
}
std::optional<std::string> attr_imm_text(uint64_t v, const Ctx& /*ctx*/) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "a[0x%llx]", static_cast<unsigned long long>(v));
  return std::string(buf);
}
constexpr CustomKind kAttrReg{8, attr_reg_text}, kAttrImm{10, attr_imm_text};

// IPA's Rc and predicate: an RZ Rc is omitted; PT (not !PT) too without .IDX.
std::optional<std::string> rc_opt_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == 255 ? std::string() : "R" + std::to_string(v);
}
std::optional<std::string> pred_opt_text(uint64_t v, const Ctx& /*ctx*/) {
  if (v == 7) return std::string();
  return std::string((v & 8u) != 0 ? "!" : "") + ((v & 7u) == 7 ? "PT" : "P" + std::to_string(v & 7u));
}
constexpr CustomKind kRcOpt{8, rc_opt_text, nullptr, 255, 4}, kPredOpt{4, pred_opt_text, nullptr, 7};

constexpr std::array<std::string_view, 2> kIdx{"", ".IDX"}, kIpaSat{"", ".SAT"}, kEn{".EN", ""}, kWait{"", ".WAIT"},
    kNdv{"", ".NDV"}, kFtz{"", ".FTZ"};
constexpr std::array<std::string_view, 4> kR2bMode{"", ".RESULT", ".WARP", ".INVALID"},
    kOutType{".INVALIDOUTSTYPE0", ".EMIT", ".CUT", ".EMIT_THEN_CUT"},
    kRnd{"", ".RM", ".RP", ".RZ"}, kIpaMode{".PASS", "", ".CONSTANT", ".SC"},
    kIpaSample{"", ".CENTROID", ".OFFSET", ".INVALID"};
constexpr std::array<Mod, 6> kIpaMods{
    {{38, 1, kIdx}, {54, 2, kIpaMode}, {52, 2, kIpaSample}, {51, 1, kIpaSat}}};
constexpr uint64_t kBit38 = uint64_t{1} << 38;
constexpr uint64_t kBit56 = uint64_t{1} << 56, kBits3332 = uint64_t{3} << 32,
                   kRaFF = 0xff00;

// Opcode bits from single-bit flips of a base word (GV5). RAM, SAM, IDE and STP print no guard
// whatever bits 19:16 hold (as GC3). B2R's mode, bits 33:32, picks its operands: "" and .INVALID
// read a byte at 15:8; .RESULT (a predicate at 47:45, PT omitted) and .WARP only exist with 15:8 all ones.
constexpr std::array<Row, 15> kRows{{
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
    // IPA: bit 38 (.IDX) reads the attribute from Ra; without it from bits 37:28, and only with
    // Ra = RZ (nvdisasm rejects other registers).
    {"IPA", top(8) | kBit38, 0xe000000000000000 | kBit38, kIpaMods,
     {{kRd, opnd(8, kAttrReg), kRb, opnd(39, kRcOpt), {K::kPred, 47}}}, 5},
    {"IPA", top(8) | kBit38 | kRaFF, 0xe000000000000000 | kRaFF, kIpaMods,
     {{kRd, opnd(28, kAttrImm), kRb, opnd(39, kRcOpt), opnd(47, kPredOpt)}}, 5},
    {"FSWZADD", top(13), 0x50f8000000000000, {{{44, 1, kFtz}, {39, 2, kRnd}, {38, 1, kNdv}}},
     {{kRdCc, kRa, kRb, opnd(28, kSwz)}}, 4},
}};

}  // namespace

std::span<const Row> gfx_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
