// The last Maxwell/Pascal opcodes of the generic table (generic_table.hpp): VABSDIFF4, IDP, CCTLT,
// ISBERD, PIXLD, AL2P, ALD, AST, as nvdisasm 11.8 prints them (decisions GL1-GL6).
#include <array>
#include <string>

#include "isa/sass/generic_int_kinds.hpp"
#include "isa/sass/generic_mem.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

using int_detail::Base;
using int_detail::Deco;
using int_detail::deco;
using int_detail::kP3Opt;
using int_detail::kRa;
using int_detail::kRb;
using int_detail::kRc;
using int_detail::kRd;
using int_detail::kRdCc;
using int_detail::opnd;

uint64_t bit(uint64_t w, unsigned b) {
  return (w >> b) & 1u;
}

// Modifiers spelled from the whole word (CustomMods): Text names the bits `Bits` select (nullopt:
// no text); the parser tries every value of those bits and keeps the one that spells `mods`.
template <std::optional<std::string> (*Text)(uint64_t, unsigned), uint64_t Bits>
std::optional<uint64_t> mods_parse(std::string_view mods, unsigned sm) {
  std::array<uint8_t, 16> at{};
  unsigned n = 0;
  for (unsigned b = 0; b < 64 && n < at.size(); ++b) {
    if (bit(Bits, b) != 0) at[n++] = static_cast<uint8_t>(b);
  }
  for (uint64_t v = 0; v < (uint64_t{1} << n); ++v) {
    uint64_t w = 0;
    for (unsigned i = 0; i < n; ++i) w |= ((v >> i) & 1u) << at[i];
    const auto t = Text(w, sm);
    if (t && *t == mods) return w;
  }
  return std::nullopt;
}

// VABSDIFF4 (GL1): .SD 38, the types (A 48, B 49: U8/S8, both S8 omitted), .SAT 50, the reduction
// 54:53 and the lane mask X 51, Y 52, Z 36, W 37 (all four: nothing; none: ".???0").
std::optional<std::string> vabsdiff4_text(uint64_t w, unsigned /*sm*/) {
  constexpr std::array<std::string_view, 4> kRed{"", ".ACC", ".INVALIDRED2", ".INVALIDRED3"};
  std::string out = bit(w, 38) != 0 ? ".SD" : "";
  if (bit(w, 48) == 0 || bit(w, 49) == 0)
    out += std::string(bit(w, 48) != 0 ? ".S8" : ".U8") + (bit(w, 49) != 0 ? ".S8" : ".U8");
  if (bit(w, 50) != 0) out += ".SAT";
  out += kRed[(w >> 53) & 3];
  const uint64_t m = bit(w, 51) | bit(w, 52) << 1 | bit(w, 36) << 2 | bit(w, 37) << 3;
  if (m == 0) return out + ".???0";
  if (m == 15) return out;
  out += '.';
  for (unsigned i = 0; i < 4; ++i) {
    if (((m >> i) & 1) != 0) out += "XYZW"[i];
  }
  return out;
}
constexpr uint64_t kVabsdiff4Bits = uint64_t{0x7f} << 48 | uint64_t{0x7} << 36;
constexpr CustomMods kVabsdiff4Mods{&vabsdiff4_text, &mods_parse<&vabsdiff4_text, kVabsdiff4Bits>};

// VABSDIFF4's byte selectors: A's at 35:32 (24 above Ra), B's at 31:28 (8 above Rb); 4 prints
// nothing; B's 15 makes B an 8-bit immediate (its own row).
constexpr std::array<std::string_view, 16> kASel{
    ".0000", ".1111", ".2222", ".3333", "",      ".4321", ".5432",          ".6543",
    ".3201", ".3012", ".0213", ".3120", ".1230", ".2310", ".INVALIDASEL4E", ".INVALIDASEL4F"};
constexpr std::array<std::string_view, 16> kBSel{
    ".4444",          ".5555",          ".6666",          ".7777", "",      ".6543",
    ".5432",          ".4321",          ".4567",          ".6745", ".5476", ".INVALIDBSEL4B",
    ".INVALIDBSEL4C", ".INVALIDBSEL4D", ".INVALIDBSEL4E", ""};

template <unsigned Sel, const std::array<std::string_view, 16>& Names>
std::optional<std::string> sel_text(uint64_t v, const Ctx& /*ctx*/) {
  return mem::reg(v & 0xff) + std::string(Names[(v >> Sel) & 0xf]);
}
template <unsigned Sel, const std::array<std::string_view, 16>& Names>
std::optional<uint64_t> sel_parse(std::string_view t, const Ctx& /*ctx*/) {
  for (uint64_t s = 0; s < 16; ++s) {
    if (!t.ends_with(Names[s]) || (Names[s].empty() && s != 4)) continue;
    if (const auto r = mem::parse_reg(t.substr(0, t.size() - Names[s].size())))
      return *r | s << Sel;
  }
  return std::nullopt;
}
constexpr CustomKind kASelKind{28, &sel_text<24, kASel>, &sel_parse<24, kASel>, std::nullopt, 1};
constexpr CustomKind kBSelKind{12, &sel_text<8, kBSel>, &sel_parse<8, kBSel>, std::nullopt, 2};

// B's immediate, bits 27:20, signed when B is S8 (bit 49, 29 above the field).
std::optional<std::string> imm8_text(uint64_t v, const Ctx& /*ctx*/) {
  return bit(v, 29) != 0 ? mem::signed_hex(v & 0xff, 8) : mem::hex(v & 0xff);
}
std::optional<uint64_t> imm8_parse(std::string_view t, const Ctx& /*ctx*/) {
  const bool neg = t.starts_with("-");
  const auto v = mem::parse_hex(neg ? t.substr(1) : t);
  if (!v || *v > (neg ? 0x80u : 0xffu)) return std::nullopt;
  return ((neg ? 0x100 - *v : *v) & 0xff) | uint64_t{0xf} << 8 | (neg ? uint64_t{1} << 29 : 0);
}
constexpr CustomKind kImm8Kind{30, &imm8_text, &imm8_parse};

// IDP (GL2, SM61 on): .4A/.2A 48, .2A's .LO/.HI 50 (.4A rejects bit 50), A's type 49 (U8/S8,
// .2A: U16/S16), B's 47.
std::optional<std::string> idp_text(uint64_t w, unsigned /*sm*/) {
  const bool two = bit(w, 48) != 0;
  if (!two && bit(w, 50) != 0) return std::nullopt;
  std::string out = two ? (bit(w, 50) != 0 ? ".2A.HI" : ".2A.LO") : ".4A";
  out += bit(w, 49) != 0 ? (two ? ".S16" : ".S8") : (two ? ".U16" : ".U8");
  return out + (bit(w, 47) != 0 ? ".S8" : ".U8");
}
constexpr CustomMods kIdpMods{&idp_text, &mods_parse<&idp_text, uint64_t{0xf} << 47>};

// CCTLT (GL3): operation 1:0; 0 is IVALL, a row of its own.
std::optional<std::string> cctlt_text(uint64_t w, unsigned /*sm*/) {
  constexpr std::array<std::string_view, 4> kOp{"", ".IVTH", ".INVALIDCCTLTOP2",
                                                ".INVALIDCCTLTOP3"};
  if ((w & 3) == 0) return std::nullopt;
  return std::string(kOp[w & 3]);
}
constexpr CustomMods kCctltMods{&cctlt_text, &mods_parse<&cctlt_text, 3>};
constexpr CustomKind kHex13 = deco<Deco{.base = Base::kHex, .hex_bits = 13}>(13);

// A register nvdisasm omits when RZ (AL2P's Ra, ALD's and AST's Rc).
std::optional<std::string> reg_opt_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == 255 ? std::string() : mem::reg(v);
}
constexpr CustomKind kRegOpt{8, &reg_opt_text, nullptr, 255};

// An attribute offset, bits 30:20 (12 above Ra at bit 8): signed after a register; with RZ only
// bits 29:20 count, printed unsigned (GL4).
uint64_t attr_off(uint64_t v) {
  const uint64_t off = (v >> 12) & 0x7ff;
  return (v & 0xff) == 255 ? off & 0x3ff : off;
}
// AL2P's offset operand: omitted when 0.
std::optional<std::string> al2p_off_text(uint64_t v, const Ctx& /*ctx*/) {
  const uint64_t off = attr_off(v);
  if (off == 0) return std::string();
  return (v & 0xff) == 255 ? mem::hex(off) : mem::signed_hex(off, 11);
}
std::optional<uint64_t> al2p_off_parse(std::string_view t, const Ctx& /*ctx*/) {
  const auto v = mem::parse_signed(t, 11);
  if (!v) return std::nullopt;
  return *v << 12;
}
constexpr CustomKind kAl2pOff{23, &al2p_off_text, &al2p_off_parse, 0};

// ALD's and AST's attribute "a[R5+-0x38]", "a[0x3c8]", "a[RZ]".
std::optional<std::string> attr_text(uint64_t v, const Ctx& /*ctx*/) {
  return "a" + mem::address(v & 0xff, attr_off(v), 11, mem::Zero::kRz);
}
std::optional<uint64_t> attr_parse(std::string_view t, const Ctx& /*ctx*/) {
  if (!t.starts_with("a")) return std::nullopt;
  const auto a = mem::parse_address(t.substr(1), 11);
  if (!a) return std::nullopt;
  return a->first | a->second << 12;
}
constexpr CustomKind kAttr{23, &attr_text, &attr_parse};

constexpr std::array<std::string_view, 2> kO{"", ".O"}, kSkew{"", ".SKEW"}, kP{"", ".P"};
constexpr std::array<std::string_view, 1> kPhys{".PHYS"}, kIvall{".IVALL"};
constexpr std::array<std::string_view, 4> kIsbMode{"", ".PATCH", ".PRIM", ".ATTR"},
    kIsbSize{"", ".U16", ".32", ".???3"}, kAttrSize{"", ".64", ".96", ".128"};
constexpr std::array<std::string_view, 8> kPixMode{"",          ".COVMASK",         ".COVERED",
                                                   ".OFFSET",   ".CENTROID_OFFSET", ".MY_INDEX",
                                                   ".INVALID0", ".INVALID1"};

constexpr uint64_t kBit31 = uint64_t{1} << 31, kRaFF = 0xff00, kOff11 = uint64_t{0x7ff} << 20,
                   kSelB = uint64_t{0xf} << 28;
constexpr Opnd kRcOpt = opnd(39, kRegOpt), kAttrOp = opnd(8, kAttr);

// ALD (0xefd8) and AST (0xeff0) (GL5): bit 31 .P; without it a register base takes no offset and
// prints .PHYS, RZ prints the offset alone. ALD has .O 32; AST ignores bit 32.
constexpr Mod kAttrSizeMod{47, 2, kAttrSize};

// Opcode bits from single-bit flips of a base word (GL1-GL5).
constexpr std::array<Row, 16> kRows{{
    {"VABSDIFF4",
     top(9) | kSelB,
     0x5000000000000000 | kSelB,
     {},
     {{kRdCc, opnd(8, kASelKind), opnd(20, kImm8Kind), kRc}},
     4,
     false,
     true,
     0,
     &kVabsdiff4Mods},
    {"VABSDIFF4",
     top(9),
     0x5000000000000000,
     {},
     {{kRdCc, opnd(8, kASelKind), opnd(20, kBSelKind), kRc}},
     4,
     false,
     true,
     0,
     &kVabsdiff4Mods},
    {"IDP", top(13), 0x53f8000000000000, {}, {{kRd, kRa, kRb, kRc}}, 4, false, true, 61, &kIdpMods},
    {"IDP",
     top(13),
     0x53d8000000000000,
     {},
     {{kRd, kRa, {K::kCBank, 20}, kRc}},
     4,
     false,
     true,
     61,
     &kIdpMods},
    {"CCTLT", top(13), 0xebe8000000000000, {}, {{{K::kReg, 39}}}, 1, false, true, 0, &kCctltMods},
    // Operation 0 exists only in the immediate form with the immediate 0: CCTLT.IVALL.
    {"CCTLT", top(13) | uint64_t{0x1fff} << 36 | 3, 0xebf0000000000000, {{{0, 2, kIvall}}}, {}, 0},
    {"CCTLT",
     top(13),
     0xebf0000000000000,
     {},
     {{opnd(36, kHex13)}},
     1,
     false,
     true,
     0,
     &kCctltMods},
    {"ISBERD",
     top(13),
     0xefd0000000000000,
     {{{32, 1, kO}, {33, 2, kIsbMode}, {31, 1, kSkew}, {47, 2, kIsbSize}}},
     {{kRd, mem::addr<0, 0>()}},
     2},
    {"PIXLD",
     top(13),
     0xefe8000000000000,
     {{{31, 3, kPixMode}}},
     {{kRd, opnd(45, kP3Opt), mem::addr<12, 8>()}},
     3},
    {"AL2P",
     top(13),
     0xefa0000000000000,
     {{{32, 1, kO}, {47, 2, kAttrSize}}},
     {{opnd(44, kP3Opt), kRd, opnd(8, kRegOpt), opnd(8, kAl2pOff)}},
     4},
    {"ALD",
     top(13) | kBit31,
     0xefd8000000000000 | kBit31,
     {{{32, 1, kO}, {31, 1, kP}, kAttrSizeMod}},
     {{kRd, kAttrOp, kRcOpt}},
     3},
    {"ALD",
     top(13) | kBit31 | kRaFF,
     0xefd8000000000000 | kRaFF,
     {{{32, 1, kO}, kAttrSizeMod}},
     {{kRd, kAttrOp, kRcOpt}},
     3},
    {"ALD",
     top(13) | kBit31 | kOff11,
     0xefd8000000000000,
     {{{32, 1, kO}, {31, 1, kPhys}, kAttrSizeMod}},
     {{kRd, kAttrOp, kRcOpt}},
     3},
    {"AST",
     top(13) | kBit31,
     0xeff0000000000000 | kBit31,
     {{{31, 1, kP}, kAttrSizeMod}},
     {{kAttrOp, kRd, kRcOpt}},
     3},
    {"AST",
     top(13) | kBit31 | kRaFF,
     0xeff0000000000000 | kRaFF,
     {{kAttrSizeMod}},
     {{kAttrOp, kRd, kRcOpt}},
     3},
    {"AST",
     top(13) | kBit31 | kOff11,
     0xeff0000000000000,
     {{{31, 1, kPhys}, kAttrSizeMod}},
     {{kAttrOp, kRd, kRcOpt}},
     3},
}};

}  // namespace

std::span<const Row> gfx2_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
