// The graphics family of the generic table (generic_table.hpp): opcodes ptxas emits only for
// graphics shaders, and FSWZADD, IPA, CCTL, as nvdisasm 11.8 prints them (decisions GV5-GV9).
#include <cstdio>
#include <string>

#include "isa/sass/generic_int_kinds.hpp"
#include "isa/sass/generic_mem.hpp"
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
  return std::string((v & 8u) != 0 ? "!" : "") +
         ((v & 7u) == 7 ? "PT" : "P" + std::to_string(v & 7u));
}
constexpr CustomKind kRcOpt{8, rc_opt_text, nullptr, 255, 4},
    kPredOpt{4, pred_opt_text, nullptr, 7};

constexpr std::array<std::string_view, 2> kIdx{"", ".IDX"}, kIpaSat{"", ".SAT"}, kEn{".EN", ""},
    kWait{"", ".WAIT"}, kNdv{"", ".NDV"}, kFtz{"", ".FTZ"};
constexpr std::array<std::string_view, 4> kR2bMode{"", ".RESULT", ".WARP", ".INVALID"},
    kOutType{".INVALIDOUTSTYPE0", ".EMIT", ".CUT", ".EMIT_THEN_CUT"}, kRnd{"", ".RM", ".RP", ".RZ"},
    kIpaMode{".PASS", "", ".CONSTANT", ".SC"}, kIpaSample{"", ".CENTROID", ".OFFSET", ".INVALID"};
constexpr std::array<Mod, 6> kIpaMods{
    {{38, 1, kIdx}, {54, 2, kIpaMode}, {52, 2, kIpaSample}, {51, 1, kIpaSat}}};
constexpr uint64_t kBit38 = uint64_t{1} << 38;
constexpr uint64_t kBit56 = uint64_t{1} << 56, kBits3332 = uint64_t{3} << 32, kRaFF = 0xff00;

// CCTL and CCTLL (GV8): .E 52 (CCTL), cache type 6:4 (CCTLL 5:4), operation 3:0, address
// [Ra 15:8 + offset 51:22 (CCTLL 43:22) in words]. Operation 0 (QRY1, CCTL only) prints no space
// before '[', so its row prints the address with the modifiers; 6 (IVALL) exists only with
// Ra = RZ and offset 0 (CCTLL: and cache type 0), and has no address; 8 is rejected.
constexpr std::array<std::string_view, 8> kCacheType{
    "", ".U", ".C", ".I", ".CRS", ".INVALIDCACHETYPE5", ".INVALIDCACHETYPE6", ".INVALIDCACHETYPE7"};
constexpr std::array<std::string_view, 4> kLCacheType{"", ".???1", ".INVALIDLCACHETYPE2",
                                                      ".INVALIDLCACHETYPE3"};
constexpr std::array<std::string_view, 16> kCctlOp{".QRY1",
                                                   ".PF1",
                                                   ".PF1.5",
                                                   ".PF2",
                                                   ".WB",
                                                   ".IV",
                                                   ".IVALL",
                                                   ".RS",
                                                   "",
                                                   ".RSLB",
                                                   ".INVALIDCCTLOP10",
                                                   ".INVALIDCCTLOP11",
                                                   ".INVALIDCCTLOP12",
                                                   ".INVALIDCCTLOP13",
                                                   ".INVALIDCCTLOP14",
                                                   ".INVALIDCCTLOP15"};

// The forms of CCTL's rows: QRY1 with its address, IVALL without one, the others.
enum class Form : uint8_t { kQry, kIvall, kAddr };

// The modifier text of a CCTL (Local: CCTLL) word of form F; QRY1's ends with its address.
template <bool Local, Form F>
std::optional<std::string> cctl_text(uint64_t w, unsigned /*sm*/) {
  std::string out;
  if (!Local && ((w >> 52) & 1) != 0) out += ".E";
  out += Local ? kLCacheType[(w >> 4) & 3] : kCacheType[(w >> 4) & 7];
  const uint64_t op = w & 0xf;
  if (op == 8 || (op == 0) != (F == Form::kQry) || (op == 6) != (F == Form::kIvall))
    return std::nullopt;
  out += kCctlOp[op];
  if (F == Form::kQry)
    out += mem::address((w >> 8) & 0xff, (w >> 22 & 0x3fffffff) << 2, 32, mem::Zero::kRz);
  return out;
}

// Every value of the modifier bits is tried; a QRY1 text's address follows.
template <bool Local, Form F>
std::optional<uint64_t> cctl_parse(std::string_view t, unsigned sm) {
  const uint64_t e_bits = Local ? 0 : 1, type_bits = Local ? 3 : 7;
  for (uint64_t e = 0; e <= e_bits; ++e) {
    for (uint64_t c = 0; c <= type_bits; ++c) {
      for (uint64_t op = 0; op < 16; ++op) {
        const uint64_t w = e << 52 | c << 4 | op;
        auto m = cctl_text<Local, F>(w, sm);
        if (m && F == Form::kQry) m = m->substr(0, m->find('['));
        if (!m || !t.starts_with(*m)) continue;
        if (F != Form::kQry && t.size() == m->size()) return w;
        if (F != Form::kQry) continue;
        const auto a = mem::parse_address(t.substr(m->size()), 32);
        if (a && (a->second & 3) == 0) return w | a->first << 8 | (a->second >> 2) << 22;
      }
    }
  }
  return std::nullopt;
}
template <bool Local, Form F>
constexpr CustomMods kCctlMods{&cctl_text<Local, F>, &cctl_parse<Local, F>};

constexpr uint64_t kOp4 = 0xf, kTop11 = ~uint64_t{0} << 53, kOff30 = uint64_t{0x3fffffff} << 22,
                   kOff22 = uint64_t{0x3fffff} << 22;

// Opcode bits from single-bit flips of a base word (GV5). RAM, SAM, IDE and STP print no guard
// whatever bits 19:16 hold (as GC3). B2R's mode, bits 33:32, picks its operands: "" and .INVALID
// read a byte at 15:8; .RESULT (a predicate at 47:45, PT omitted) and .WARP only exist with 15:8
// all ones.
constexpr std::array<Row, 20> kRows{{
    {"RAM", top(12), 0xe380000000000000, {}, {}, 0, false, false},
    {"SAM", top(12), 0xe370000000000000, {}, {}, 0, false, false},
    {"IDE", top(12), 0xe390000000000000, {{{5, 1, kEn}}}, {{opnd(20, kHex16)}}, 1, false, false},
    {"STP", top(13), 0xeea0000000000000, {{{31, 1, kWait}}}, {{opnd(20, kHex8)}}, 1, false, false},
    {"B2R", top(13) | kBits3332, 0xf0b8000000000000, {}, {{kRd, opnd(8, kHex8)}}, 2},
    {"B2R",
     top(13) | kBits3332,
     0xf0b8000000000000 | kBits3332,
     {{{32, 2, kR2bMode}}},
     {{kRd, opnd(8, kHex8)}},
     2},
    {"B2R",
     top(13) | kBits3332 | kRaFF,
     0xf0b8000100000000 | kRaFF,
     {{{32, 2, kR2bMode}}},
     {{kRd, opnd(45, kP3Opt)}},
     2},
    {"B2R",
     top(13) | kBits3332 | kRaFF,
     0xf0b8000200000000 | kRaFF,
     {{{32, 2, kR2bMode}}},
     {{kRd}},
     1},
    {"R2B", top(13), 0xf0c0000000000000, {{{32, 2, kR2bMode}}}, {{opnd(28, kHex4), kRb}}, 2},
    {"OUT", top(13), 0xfbe0000000000000, {{{39, 2, kOutType}}}, {{kRd, kRa, kRb}}, 3},
    {"OUT",
     top(13) & ~kBit56,
     0xf6e0000000000000,
     {{{39, 2, kOutType}}},
     {{kRd, kRa, {K::kImm20, 20}}},
     3},
    {"OUT", top(13), 0xebe0000000000000, {{{39, 2, kOutType}}}, {{kRd, kRa, {K::kCBank, 20}}}, 3},
    // IPA: bit 38 (.IDX) reads the attribute from Ra; without it from bits 37:28, and only with
    // Ra = RZ (nvdisasm rejects other registers).
    {"IPA",
     top(8) | kBit38,
     0xe000000000000000 | kBit38,
     kIpaMods,
     {{kRd, opnd(8, kAttrReg), kRb, opnd(39, kRcOpt), {K::kPred, 47}}},
     5},
    {"IPA",
     top(8) | kBit38 | kRaFF,
     0xe000000000000000 | kRaFF,
     kIpaMods,
     {{kRd, opnd(28, kAttrImm), kRb, opnd(39, kRcOpt), opnd(47, kPredOpt)}},
     5},
    {"CCTL",
     kTop11 | kOp4,
     0xef60000000000000,
     {},
     {},
     0,
     false,
     true,
     0,
     &kCctlMods<false, Form::kQry>},
    {"CCTL",
     kTop11 | kOp4 | kRaFF | kOff30,
     0xef60000000000006 | kRaFF,
     {},
     {},
     0,
     false,
     true,
     0,
     &kCctlMods<false, Form::kIvall>},
    {"CCTL",
     kTop11,
     0xef60000000000000,
     {},
     {{mem::addr<14, 30, 2>()}},
     1,
     false,
     true,
     0,
     &kCctlMods<false, Form::kAddr>},
    {"CCTLL",
     top(13) | kOp4 | kRaFF | kOff22 | 0x30,
     0xef80000000000006 | kRaFF,
     {},
     {},
     0,
     false,
     true,
     0,
     &kCctlMods<true, Form::kIvall>},
    {"CCTLL",
     top(13),
     0xef80000000000000,
     {},
     {{mem::addr<14, 22, 2>()}},
     1,
     false,
     true,
     0,
     &kCctlMods<true, Form::kAddr>},
    {"FSWZADD",
     top(13),
     0x50f8000000000000,
     {{{44, 1, kFtz}, {39, 2, kRnd}, {38, 1, kNdv}}},
     {{kRdCc, kRa, kRb, opnd(28, kSwz)}},
     4},
}};

}  // namespace

std::span<const Row> gfx_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
