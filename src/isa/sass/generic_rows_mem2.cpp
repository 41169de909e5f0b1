// The mem family's second file (generic_table.hpp, generic_mem.hpp): atomics (ATOM, ATOMS, their
// compare-and-swap forms, RED) as nvdisasm 11.8 prints them (issue 29, decisions GM4-GM5).
#include <vector>

#include "isa/sass/generic_mem.hpp"

namespace texsim::isa::sass::generic::mem {

namespace {

std::optional<std::string> reg_text(uint64_t v, const Ctx& /*ctx*/) {
  return reg(v);
}
// The second register of a compare-and-swap pair: Rb + 1 (32-bit) or Rb + 2 (64-bit).
template <unsigned N>
std::optional<std::string> next_text(uint64_t v, const Ctx& /*ctx*/) {
  if (v + N >= 255) return std::nullopt;
  return reg(v + N);
}
// Rb of a pair: R255 is no RZ there but "???255" (decisions GM4), no text for texsim.
std::optional<std::string> pair_text(uint64_t v, const Ctx& /*ctx*/) {
  if (v == 255) return std::nullopt;
  return reg(v);
}
std::optional<std::string> rz_text(uint64_t /*v*/, const Ctx& /*ctx*/) {
  return std::string("RZ");
}
constexpr CustomKind kRegKind{8, reg_text}, kNext1{8, next_text<1>}, kNext2{8, next_text<2>},
    kPair{8, pair_text}, kRz{0, rz_text};
constexpr Opnd kRd{K::kReg, 0}, kRb{K::kReg, 20}, kRbC{K::kCustom, 20, 0, 0, &kRegKind},
    kRbPair{K::kCustom, 20, 0, 0, &kPair}, kRbNext1{K::kCustom, 20, 0, 0, &kNext1},
    kRbNext2{K::kCustom, 20, 0, 0, &kNext2}, kRzLit{K::kCustom, 0, 0, 0, &kRz},
    kPred{K::kCustom, 41, 0, 0, &kPredInv};
constexpr Opnd kAddrNone = addr<0, 0, 0, Zero::kNone>();

constexpr std::array<std::string_view, 2> kNoE{"", ".E"}, kNo64{"", ".64"};
constexpr std::array<std::string_view, 2> kCas{"", ".CAS"};  // bit 52 is 1 in both opcodes
constexpr std::array<std::string_view, 16> kAtomOp{".ADD",
                                                   ".MIN",
                                                   ".MAX",
                                                   ".INC",
                                                   ".DEC",
                                                   ".AND",
                                                   ".OR",
                                                   ".XOR",
                                                   ".EXCH",
                                                   ".INVALIDATOMOP9",
                                                   ".SAFEADD",
                                                   ".INVALIDATOMOP11",
                                                   ".INVALIDATOMOP12",
                                                   ".INVALIDATOMOP13",
                                                   ".INVALIDATOMOP14",
                                                   ".INVALIDATOMOP15"};
constexpr std::array<std::string_view, 16> kAtomsOp{".ADD",
                                                    ".MIN",
                                                    ".MAX",
                                                    ".INC",
                                                    ".DEC",
                                                    ".AND",
                                                    ".OR",
                                                    ".XOR",
                                                    ".EXCH",
                                                    ".INVALIDATOMSOP9",
                                                    ".INVALIDATOMSOP10",
                                                    ".INVALIDATOMSOP11",
                                                    ".INVALIDATOMSOP12",
                                                    ".INVALIDATOMSOP13",
                                                    ".INVALIDATOMSOP14",
                                                    ".INVALIDATOMSOP15"};
// ATOM's types, bits 51:49, as nvdisasm names them on SM50, SM52-53 and SM60+ (GM4); without
// the architecture the four names they share.
constexpr std::array<std::string_view, 8> kAtomType50{"",
                                                      ".S32",
                                                      ".U64",
                                                      ".F32.FTZ.RN",
                                                      ".U128",
                                                      ".S64",
                                                      ".INVALIDATOMICSIZE6",
                                                      ".INVALIDATOMICSIZE7"},
    kAtomType52{"",
                ".S32",
                ".U64",
                ".F32.FTZ.RN",
                ".F16x2.FTZ.RN",
                ".S64",
                ".INVALIDATOMICSIZE6",
                ".INVALIDATOMICSIZE7"},
    kAtomType60{"",          ".S32", ".U64",    ".F32.FTZ.RN",
                ".F16x2.RN", ".S64", ".F64.RN", ".INVALIDATOMICSIZE7"};
std::span<const std::string_view> atom_types(unsigned sm) {
  if (sm == 0) return std::span(kAtomType52).first(4);
  return sm >= 60 ? kAtomType60 : sm >= 52 ? kAtomType52 : kAtomType50;
}
constexpr Mod kAtomType{49, 3, {}, {}, atom_types};
constexpr std::array<std::string_view, 4> kAtomsType{"", ".S32", ".U64", ".S64"};
constexpr std::array<std::string_view, 3> kCastOp{".CAST", ".CAST.SPIN", ".CAS"};

constexpr Mod kE48{48, 1, kNoE};

// A compare-and-swap opcode: its opcode bits and modifiers before the size, the size bit, the
// two-bit register mode (0: Rb and the next register, 1: Rb and RZ, 2: RZ and Rb, 3: rejected)
// and the operands before the pair (decisions GM4).
struct CasForm {
  std::string_view name;
  uint64_t mask, match;
  std::array<Mod, 2> mods;
  uint8_t size_bit, mode_lo;
  std::array<Opnd, 3> lead;
  uint8_t nlead;
};

constexpr Row cas_row(const CasForm& f, unsigned mode, int size, Opnd a, Opnd b) {
  const uint64_t size_bit = uint64_t{1} << f.size_bit;
  Row r{f.name,
        f.mask | uint64_t{3} << f.mode_lo | (size >= 0 ? size_bit : 0),
        f.match | uint64_t{mode} << f.mode_lo | (size == 1 ? size_bit : 0),
        {},
        {},
        static_cast<uint8_t>(f.nlead + 2)};
  r.mods[0] = f.mods[0];
  r.mods[1] = f.mods[1];
  r.mods[2] = {f.size_bit, 1, kNo64};
  for (unsigned i = 0; i < f.nlead; ++i) r.ops[i] = f.lead[i];
  r.ops[f.nlead] = a;
  r.ops[f.nlead + 1] = b;
  return r;
}

// The rows of one compare-and-swap form, a row per register mode (and size, for the pair).
constexpr std::array<Row, 4> cas_rows(const CasForm& f) {
  return {cas_row(f, 0, 0, kRbPair, kRbNext1), cas_row(f, 0, 1, kRbPair, kRbNext2),
          cas_row(f, 1, -1, kRbC, kRzLit), cas_row(f, 2, -1, kRzLit, kRbPair)};
}

constexpr CasForm kAtomCas{"ATOM", top(12), 0xeef0000000000000,      {{kE48, {52, 1, kCas}}},
                           49,     50,      {{kRd, addr<20, 20>()}}, 2};
constexpr CasForm kAtomCasP{"ATOM", top(12), 0xee70000000000000,        {{kE48, {52, 1, kCas}}},
                            49,     50,      {{kPred, kRd, kAddrNone}}, 3};
constexpr CasForm kAtomsCas{"ATOMS", top(9), 0xee00000000000000,         {{{53, 2, kCastOp}}},
                            52,      28,     {{kRd, addr<22, 22, 2>()}}, 2};

// ATOM (top 8 bits 0xed), ATOM with a predicate (SM52+, bits 43:41), ATOMS (0xec): GM4. A row
// per value of .E (bit 48): ".EXCH" starts with ".E", which the parser would take for .E.
constexpr uint64_t kBit48 = uint64_t{1} << 48;
constexpr std::array<Row, 5> kAtomRows{{
    {"ATOM",
     top(12) | kBit48,
     0xee60000000000000,
     {{{44, 4, kAtomOp}, kAtomType}},
     {{kPred, kRd, kAddrNone, kRb}},
     4},
    {"ATOM",
     top(12) | kBit48,
     0xee60000000000000 | kBit48,
     {{kE48, {44, 4, kAtomOp}, kAtomType}},
     {{kPred, kRd, kAddrNone, kRb}},
     4},
    {"ATOM",
     top(8) | kBit48,
     0xed00000000000000,
     {{{52, 4, kAtomOp}, kAtomType}},
     {{kRd, addr<20, 20>(), kRb}},
     3},
    {"ATOM",
     top(8) | kBit48,
     0xed00000000000000 | kBit48,
     {{kE48, {52, 4, kAtomOp}, kAtomType}},
     {{kRd, addr<20, 20>(), kRb}},
     3},
    {"ATOMS",
     top(8),
     0xec00000000000000,
     {{{52, 4, kAtomsOp}, {28, 2, kAtomsType}}},
     {{kRd, addr<22, 22, 2>(), kRb}},
     3},
}};

// DEPBAR's scoreboard wait mask, bits 5:0: "{5,4,1,0}" (omitted when 0); .LE's scoreboard
// SB0..SB5 (bits 28:26; 6 and 7 print as "???6", no text) and count (bits 25:20).
std::optional<std::string> sb_mask_text(uint64_t v, const Ctx& /*ctx*/) {
  if (v == 0) return std::string();
  std::string out = "{";
  for (int i = 5; i >= 0; --i) {
    if ((v >> i & 1u) == 0) continue;
    if (out.size() > 1) out += ',';
    out += static_cast<char>('0' + i);
  }
  return out + "}";
}
std::optional<std::string> sb_text(uint64_t v, const Ctx& /*ctx*/) {
  if (v > 5) return std::nullopt;
  return "SB" + std::to_string(v);
}
std::optional<std::string> hex_text(uint64_t v, const Ctx& /*ctx*/) {
  return hex(v);
}
constexpr CustomKind kSbMask{6, sb_mask_text, nullptr, 0}, kSb{3, sb_text}, kHex6{6, hex_text};

constexpr std::array<std::string_view, 8> kRedOp{".ADD", ".MIN", ".MAX", ".INC",
                                                 ".DEC", ".AND", ".OR",  ".XOR"};
constexpr std::array<std::string_view, 4> kMembarLevel{".CTA", ".GL", ".SYS", ".VC"},
    kMembarIval{"", ".IVALLD", ".IVALLT", ".IVALLTD"};
constexpr std::array<std::string_view, 2> kNoLe{"", ".LE"};
constexpr uint64_t kBit29 = uint64_t{1} << 29;
constexpr Opnd kSbMaskOp{K::kCustom, 0, 0, 0, &kSbMask};

// RED (bits 63:51), MEMBAR, DEPBAR with and without .LE (bit 29): decisions GM5.
constexpr std::array<Row, 4> kBarrierRows{{
    {"RED",
     top(13),
     0xebf8000000000000,
     {{kE48, {23, 3, kRedOp}, {20, 3, {}, {}, atom_types}}},
     {{addr<20, 20>(), kRd}},
     2},
    {"MEMBAR", top(13), 0xef98000000000000, {{{8, 2, kMembarLevel}, {0, 2, kMembarIval}}}, {}, 0},
    {"DEPBAR", top(13) | kBit29, 0xf0f0000000000000, {}, {{kSbMaskOp}}, 1},
    {"DEPBAR",
     top(13) | kBit29,
     0xf0f0000000000000 | kBit29,
     {{{29, 1, kNoLe}}},
     {{{K::kCustom, 26, 0, 0, &kSb}, {K::kCustom, 20, 0, 0, &kHex6}, kSbMaskOp}},
     3},
}};

// BAR (bits 63:51 0xf0a8): mode bits 34:32 (.SYNC, .ARV, .RED, .SCAN; 4-7 rejected), .RED's
// operation 36:35; operand a is Ra (bits 15:8) or, with bit 44, an 8-bit immediate there;
// operand b is Rb (27:20) or, with bit 43, a 12-bit immediate (31:20), omitted when 0 by .SYNC
// and .RED; .RED and .SCAN end with a predicate (41:39, negation 42), which .SYNC and .ARV
// must leave PT (else nvdisasm rejects the word). A row per mode (GM6).
std::optional<std::string> bar_a_text(uint64_t v, const Ctx& /*ctx*/) {  // bits 44:8
  return (v >> 36 & 1u) != 0 ? hex(v & 0xff) : reg(v & 0xff);
}
std::optional<uint64_t> bar_a_parse(std::string_view t, const Ctx& /*ctx*/) {
  if (const auto r = parse_reg(t)) return r;
  const auto i = parse_hex(t);
  return i && *i < 256 ? std::optional<uint64_t>(*i | uint64_t{1} << 36) : std::nullopt;
}
template <bool Omit>
std::optional<std::string> bar_b_text(uint64_t v, const Ctx& /*ctx*/) {  // bits 43:20
  if ((v >> 23 & 1u) == 0) return reg(v & 0xff);
  return Omit && (v & 0xfff) == 0 ? std::string() : hex(v & 0xfff);
}
std::optional<uint64_t> bar_b_parse(std::string_view t, const Ctx& /*ctx*/) {
  if (const auto r = parse_reg(t)) return r;
  const auto i = parse_hex(t);
  return i && *i < 4096 ? std::optional<uint64_t>(*i | uint64_t{1} << 23) : std::nullopt;
}
// A field nvdisasm requires to hold all ones and prints nothing of (else it rejects the word).
// (The predicate field PT is 0b0111: bit 3 is its negation.)
template <uint64_t Ones>
std::optional<std::string> ones_only_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == Ones ? std::optional<std::string>("") : std::nullopt;
}
constexpr CustomKind kBarA{37, bar_a_text, bar_a_parse}, kBarB{24, bar_b_text<false>, bar_b_parse},
    kBarBOmit{24, bar_b_text<true>, bar_b_parse, uint64_t{1} << 23},
    kPtOnly{4, ones_only_text<7>, nullptr, 7}, kRbOnes{8, ones_only_text<0xff>, nullptr, 0xff};
constexpr std::array<std::string_view, 5> kBarSyncAll{"", "", "", "", ".SYNCALL"};
constexpr std::array<std::string_view, 4> kBarMode{".SYNC", ".ARV", ".RED", ".SCAN"},
    kBarRedOp{".POPC", ".AND", ".OR", ".INVALIDBARMODE3"};
constexpr Opnd kBarAOp{K::kCustom, 8, 0, 0, &kBarA}, kBarBOp{K::kCustom, 20, 0, 0, &kBarB},
    kBarBOmitOp{K::kCustom, 20, 0, 0, &kBarBOmit}, kPtOnlyOp{K::kCustom, 39, 0, 0, &kPtOnly};
constexpr uint64_t kBar = 0xf0a8000000000000, kBarMask = top(13) | uint64_t{3} << 32;
// Mode 4 is .SYNCALL: Rb must be 0xff, no operands, and nvdisasm prints no guard (GM6).
constexpr std::array<Row, 5> kBarRows{{
    {"BAR",
     kBarMask | uint64_t{1} << 34,
     kBar | uint64_t{4} << 32,
     {{{32, 3, kBarSyncAll}}},
     {{kPtOnlyOp, {K::kCustom, 20, 0, 0, &kRbOnes}}},
     2,
     false,
     false},
    {"BAR", kBarMask, kBar, {{{32, 3, kBarMode}}}, {{kBarAOp, kBarBOmitOp, kPtOnlyOp}}, 3},
    {"BAR",
     kBarMask,
     kBar | uint64_t{1} << 32,
     {{{32, 3, kBarMode}}},
     {{kBarAOp, kBarBOp, kPtOnlyOp}},
     3},
    {"BAR",
     kBarMask,
     kBar | uint64_t{2} << 32,
     {{{32, 3, kBarMode}, {35, 2, kBarRedOp}}},
     {{kBarAOp, kBarBOmitOp, {K::kPred, 39}}},
     3},
    {"BAR",
     kBarMask,
     kBar | uint64_t{3} << 32,
     {{{32, 3, kBarMode}}},
     {{kBarAOp, kBarBOp, {K::kPred, 39}}},
     3},
}};

// SHFL (bits 63:51 0xef10): mode 31:30, predicate destination 50:48 (PT printed), Rd, Ra;
// operand b is Rb (27:20) or, with bit 28, a 5-bit immediate (24:20); operand c is Rc (46:39)
// or, with bit 29, a 13-bit immediate (46:34). Each as one field over its flag bit (GM7).
std::optional<std::string> shfl_b_text(uint64_t v, const Ctx& /*ctx*/) {  // bits 28:20
  return (v >> 8 & 1u) != 0 ? hex(v & 0x1f) : reg(v & 0xff);
}
std::optional<std::string> shfl_c_text(uint64_t v, const Ctx& /*ctx*/) {  // bits 46:29
  return (v & 1u) != 0 ? hex(v >> 5 & 0x1fff) : reg(v >> 10 & 0xff);
}
std::optional<uint64_t> shfl_b_parse(std::string_view t, const Ctx& /*ctx*/) {
  if (const auto r = parse_reg(t)) return r;
  const auto i = parse_hex(t);
  return i && *i < 32 ? std::optional<uint64_t>(*i | 0x100) : std::nullopt;
}
std::optional<uint64_t> shfl_c_parse(std::string_view t, const Ctx& /*ctx*/) {
  if (const auto r = parse_reg(t)) return *r << 10;
  const auto i = parse_hex(t);
  return i && *i < 0x2000 ? std::optional<uint64_t>(*i << 5 | 1) : std::nullopt;
}
std::optional<std::string> pred_pt_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == 7 ? std::string("PT") : "P" + std::to_string(v);
}
constexpr CustomKind kShflB{9, shfl_b_text, shfl_b_parse}, kShflC{18, shfl_c_text, shfl_c_parse},
    kPredPt{3, pred_pt_text};
constexpr std::array<std::string_view, 4> kShflMode{".IDX", ".UP", ".DOWN", ".BFLY"};
constexpr std::array<Row, 1> kShflRows{{
    {"SHFL",
     top(13),
     0xef10000000000000,
     {{{30, 2, kShflMode}}},
     {{{K::kCustom, 48, 0, 0, &kPredPt},
       kRd,
       {K::kReg, 8},
       {K::kCustom, 20, 0, 0, &kShflB},
       {K::kCustom, 29, 0, 0, &kShflC}}},
     5},
}};

}  // namespace

std::span<const Row> atomic_rows() {
  static const std::vector<Row> rows = [] {
    const std::array<Row, 4> cas[] = {cas_rows(kAtomCas), cas_rows(kAtomCasP), cas_rows(kAtomsCas)};
    std::vector<Row> v;
    v.reserve(kAtomRows.size() + std::size(cas) * cas[0].size() + kBarrierRows.size() +
              kBarRows.size() + kShflRows.size());
    const auto add = [&v](std::span<const Row> part) {
      for (const Row& r : part) v.push_back(r);
    };
    add(kAtomRows);
    for (const auto& c : cas) add(c);
    add(kBarrierRows);
    add(kBarRows);
    add(kShflRows);
    return v;
  }();
  return rows;
}

}  // namespace texsim::isa::sass::generic::mem
