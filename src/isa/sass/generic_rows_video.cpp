// The video family of the generic table (generic_table.hpp): VADD, VABSDIFF, VMAD, VMNMX, VSET,
// VSETP, VSHL, VSHR, their byte/half operand selectors and types. nvdisasm 11.8 probes (GV1-GV4).
#include <algorithm>
#include <array>
#include <cstdio>
#include <span>
#include <string>

#include "isa/sass/generic_int_kinds.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

using int_detail::kP3;
using int_detail::kRc;
using int_detail::kRdCc;

uint64_t bit(uint64_t w, unsigned b) {
  return (w >> b) & 1u;
}

// A modifier from scattered bits (value bit i is word bit bits[i]); kTypes is the pair of operand
// types (A: bits 38:36 and 48; B: 30:28 and 49 for a register, bit 49 for an immediate: GV1),
// omitted together when A is S32 and B the "full" type of the form (`omit_b`, GV2).
struct VMod {
  enum class Kind : uint8_t { kPlain, kTypes } kind = Kind::kPlain;
  std::array<uint8_t, 8> bits{};
  uint8_t n = 0;
  std::span<const std::string_view> names{};    // kPlain: by value; kTypes: A's 16 names
  std::span<const std::string_view> names_b{};  // kTypes: B's names (16 or 2)
  int omit_b = -1;  // kTypes: B's value (masked) omitted with A = S32 (-1: never)
  uint8_t omit_mask = 0xf;
};

struct VSpec {
  std::array<VMod, 7> mods;
  uint8_t nmods;
  bool types_always_sm60 = false;  // VMAD from SM60 on prints S32.S32 / S32.S16 (GV2)
};

uint64_t value_of(const VMod& m, uint64_t w) {
  uint64_t v = 0;
  for (unsigned i = 0; i < m.n; ++i) v |= bit(w, m.bits[i]) << i;
  return v;
}
uint64_t word_of(const VMod& m, uint64_t v) {
  uint64_t w = 0;
  for (unsigned i = 0; i < m.n; ++i) w |= ((v >> i) & 1u) << m.bits[i];
  return w;
}

std::optional<std::string> vmod_text(const VMod& m, uint64_t v, bool keep_types) {
  if (m.kind == VMod::Kind::kPlain) {
    if (v >= m.names.size()) return std::nullopt;
    return std::string(m.names[v]);
  }
  const uint64_t a = v & 0xf, b = v >> 4;
  if (!keep_types && a == 14 && static_cast<int>(b & m.omit_mask) == m.omit_b) return std::string();
  return std::string(m.names[a]) + std::string(m.names_b[b]);
}

template <const VSpec& S>
std::optional<std::string> spec_text(uint64_t w, unsigned sm) {
  std::string out;
  for (unsigned i = 0; i < S.nmods; ++i) {
    const auto t = vmod_text(S.mods[i], value_of(S.mods[i], w), S.types_always_sm60 && sm >= 60);
    if (!t) return std::nullopt;
    out += *t;
  }
  return out;
}

// Each field in turn takes the longest text that prefixes what is left (the lowest value among
// equals: the selector bits of a type come from the operand, "R0.B2"); the engine checks that
// the word prints the text back.
template <const VSpec& S>
std::optional<uint64_t> spec_parse(std::string_view t, unsigned sm) {
  uint64_t w = 0;
  for (unsigned i = 0; i < S.nmods; ++i) {
    const VMod& m = S.mods[i];
    std::optional<uint64_t> best;
    size_t best_len = 0;
    for (uint64_t v = 0; v < (uint64_t{1} << m.n); ++v) {
      const auto x = vmod_text(m, v, S.types_always_sm60 && sm >= 60);
      if (x && t.starts_with(*x) && (!best || x->size() > best_len)) {
        best = v;
        best_len = x->size();
      }
    }
    if (!best) return std::nullopt;
    t.remove_prefix(best_len);
    w |= word_of(m, *best);
  }
  if (!t.empty()) return std::nullopt;
  return w;
}

template <const VSpec& S>
constexpr CustomMods kMods{&spec_text<S>, &spec_parse<S>};

// Operands. A register with its selector ("R5.B2", "-R5.H1"): register at lo, the selector
// `sel` bits above lo, negated by bit `neg` above lo unless bit `po` above lo is set too (.PO).
constexpr std::array<std::string_view, 8> kSel{"", ".B1", ".B2", ".B3", "", ".H1", "", ""};

template <int Sel, int Neg, int Po>
std::optional<std::string> vreg_text(uint64_t v, const Ctx& /*ctx*/) {
  const uint64_t r = v & 0xff;
  std::string out = Neg >= 0 && bit(v, Neg) != 0 && bit(v, Po) == 0 ? "-" : "";
  out += r == 255 ? std::string("RZ") : "R" + std::to_string(r);
  if (Sel >= 0) out += kSel[(v >> Sel) & 7];
  return out;
}

template <int Sel, int Neg, int Po>
std::optional<uint64_t> vreg_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t v = 0;
  if (Neg >= 0 && t.starts_with("-")) {
    v |= uint64_t{1} << Neg;
    t.remove_prefix(1);
  }
  if (Sel >= 0) {
    for (uint64_t s = 1; s < kSel.size(); ++s) {
      if (!kSel[s].empty() && t.ends_with(kSel[s])) {
        v |= s << Sel;
        t.remove_suffix(kSel[s].size());
        break;
      }
    }
  }
  if (t == "RZ") return v | 0xff;
  if (t.size() < 2 || t.size() > 4 || t[0] != 'R') return std::nullopt;
  uint64_t r = 0;
  for (char c : t.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    r = r * 10 + static_cast<uint64_t>(c - '0');
  }
  if (r > 254 || (t.size() > 2 && t[1] == '0')) return std::nullopt;
  return v | r;
}

// A 16-bit immediate at lo ("0x9aa7"), signed ("-0x4f18") when bit Sgn above lo is set (the S16
// type), negated by bit Neg above lo unless bit Po is set or the value is 0 (nvdisasm prints "0x0",
// not "-0x0": GV3).
template <int Neg, int Po, int Sgn>
std::optional<std::string> vimm_text(uint64_t v, const Ctx& /*ctx*/) {
  uint64_t x = v & 0xffff;
  const bool minus = Sgn >= 0 && bit(v, Sgn) != 0 && x >= 0x8000;
  if (minus) x = 0x10000 - x;
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(x));
  const bool neg = Neg >= 0 && bit(v, Neg) != 0 && bit(v, Po) == 0 && x != 0;
  return std::string(neg ? "-" : "") + (minus ? "-" : "") + buf;
}

template <int Neg, int Po, int Sgn>
std::optional<uint64_t> vimm_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t v = 0;
  if (Neg >= 0 && t.starts_with("-")) {
    v |= uint64_t{1} << Neg;
    t.remove_prefix(1);
  }
  bool minus = false;
  if (Sgn >= 0 && t.starts_with("-")) {
    minus = true;
    v |= uint64_t{1} << Sgn;
    t.remove_prefix(1);
  }
  if (!t.starts_with("0x") || t.size() < 3 || t.size() > 7) return std::nullopt;
  uint64_t x = 0;
  for (char c : t.substr(2)) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    x = x * 16 + static_cast<uint64_t>(d);
  }
  if (x > (minus ? 0x8000u : 0xffffu)) return std::nullopt;
  return v | (minus ? (0x10000 - x) & 0xffff : x);
}

template <int Sel, int Neg, int Po>
constexpr CustomKind vreg(unsigned reuse) {
  const int top = Neg > Po ? Neg : Po;
  const int hi = (Sel > top ? Sel + 3 : top + 1);
  return CustomKind{static_cast<unsigned>(hi > 8 ? hi : 8), &vreg_text<Sel, Neg, Po>,
                    &vreg_parse<Sel, Neg, Po>, std::nullopt, reuse};
}
template <int Neg, int Po, int Sgn>
constexpr CustomKind vimm() {
  const int top = std::max({Neg, Po, Sgn});
  return CustomKind{static_cast<unsigned>(top + 1 > 16 ? top + 1 : 16), &vimm_text<Neg, Po, Sgn>,
                    &vimm_parse<Neg, Po, Sgn>};
}

// A (lo 8): selector 38:36. B (lo 20): selector 30:28. VADD negates A by 57 and B by 56, both
// set are .PO; VMAD negates A by 54 and C by 53, both .PO (GV3).
constexpr CustomKind kA = vreg<28, -1, 0>(1), kB = vreg<8, -1, 0>(2), kI = vimm<-1, 0, -1>(),
                     kIs = vimm<-1, 0, 29>();
constexpr CustomKind kAaddNeg = vreg<28, 49, 48>(1), kBaddNeg = vreg<8, 36, 37>(2),
                     kIaddNeg = vimm<36, 37, -1>();
constexpr CustomKind kAmadNeg = vreg<28, 46, 45>(1), kCmadNeg = vreg<-1, 14, 15>(4);

constexpr Opnd vo(uint8_t lo, const CustomKind& k, uint8_t cc = 0) {
  return Opnd{K::kCustom, lo, 0, cc, &k};
}
constexpr Opnd kVd = kRdCc, kVa = vo(8, kA), kVb = vo(20, kB), kVi = vo(20, kI), kVis = vo(20, kIs),
               kVc = kRc;

// Names (probes: every A/B type pair in both forms, GV1).
constexpr std::array<std::string_view, 16> kTypeNames{
    ".U8", ".U8", ".U8", ".U8", ".U16", ".U16", ".U32", ".INVALIDSEL6",
    ".S8", ".S8", ".S8", ".S8", ".S16", ".S16", ".S32", ".INVALIDSEL7"};
// VSHL/VSHR: B is unsigned whatever bit 49 (.W) holds.
constexpr std::array<std::string_view, 16> kShiftB{
    ".U8", ".U8", ".U8", ".U8", ".U16", ".U16", ".U32", ".INVALIDSEL7",
    ".U8", ".U8", ".U8", ".U8", ".U16", ".U16", ".U32", ".INVALIDSEL7"};
constexpr std::array<std::string_view, 2> kImmType{".U16", ".S16"}, kImmShift{".U16", ".U16"};
constexpr std::array<std::string_view, 2> kUd{".UD", ""}, kSd{"", ".SD"}, kSat{"", ".SAT"},
    kMx{"", ".MX"}, kW{"", ".W"};
constexpr std::array<std::string_view, 4> kPo{"", "", "", ".PO"},
    kScale{"", ".SHR_7", ".SHR_15", ".INVALIDVMADSCALE3"},
    kBop{".AND", ".OR", ".XOR", ".INVALIDBOP3"};
constexpr std::array<std::string_view, 8> kMrg{".MRG_16H", ".MRG_16L", ".MRG_8B0", ".MRG_8B2",
                                               ".ACC",     ".MIN",     ".MAX",     ""},
    kCmp{".F", ".LT", ".EQ", ".LE", ".GT", ".NE", ".GE", ".T"};

constexpr VMod plain(std::initializer_list<uint8_t> b, std::span<const std::string_view> names) {
  VMod m;
  for (uint8_t x : b) m.bits[m.n++] = x;
  m.names = names;
  return m;
}
// Register form: B's type from 30:28 and 49; immediate form: from bit 49 alone.
constexpr VMod types(bool reg, std::span<const std::string_view> b_names, int omit_b,
                     uint8_t omit_mask) {
  VMod m = reg ? plain({36, 37, 38, 48, 28, 29, 30, 49}, kTypeNames)
               : plain({36, 37, 38, 48, 49}, kTypeNames);
  m.kind = VMod::Kind::kTypes;
  m.names_b = b_names;
  m.omit_b = omit_b;
  m.omit_mask = omit_mask;
  return m;
}

constexpr VMod kUdM = plain({54}, kUd), kSatM = plain({55}, kSat),
               kMrgM = plain({51, 52, 53}, kMrg);
constexpr VMod kTr = types(true, kTypeNames, 14, 0xf), kTi = types(false, kImmType, 1, 1);

constexpr VSpec kVaddR{{kUdM, kTr, plain({56, 57}, kPo), kSatM, kMrgM}, 5},
    kVaddI{{kUdM, kTi, plain({56, 57}, kPo), kSatM, kMrgM}, 5};
constexpr VSpec kVabsR{{plain({54}, kSd), kTr, kSatM, kMrgM}, 4},
    kVabsI{{plain({54}, kSd), kTi, kSatM, kMrgM}, 4};
constexpr VSpec kVmadR{{kTr, plain({53, 54}, kPo), plain({51, 52}, kScale), kSatM}, 4, true},
    kVmadI{{kTi, plain({53, 54}, kPo), plain({51, 52}, kScale), kSatM}, 4, true};
constexpr VSpec kVmnmxR{{kUdM, kTr, plain({56}, kMx), kSatM, kMrgM}, 5},
    kVmnmxI{{kUdM, kTi, plain({56}, kMx), kSatM, kMrgM}, 5};
constexpr VSpec kVsetR{{plain({54, 55, 56}, kCmp), kTr, kMrgM}, 3},
    kVsetI{{plain({54, 55, 56}, kCmp), kTi, kMrgM}, 3};
constexpr VSpec kVsetpR{{plain({43, 44, 47}, kCmp), kTr, plain({45, 46}, kBop)}, 3},
    kVsetpI{{plain({43, 44, 47}, kCmp), types(false, kImmType, -1, 0), plain({45, 46}, kBop)}, 3};
// VSHL/VSHR: with A S32, a 32-bit B register (.W or not) or any immediate omits both types.
constexpr VSpec kVshR{{kUdM, types(true, kShiftB, 6, 7), plain({49}, kW), kSatM, kMrgM}, 5},
    kVshI{{kUdM, types(false, kImmShift, 0, 0), plain({49}, kW), kSatM, kMrgM}, 5};
constexpr uint64_t kBit50 = uint64_t{1} << 50;

template <const VSpec& S>
constexpr const CustomMods* mods() {
  return &kMods<S>;
}

// Opcode bits from single-bit flips (GV1): VADD 0x20 (63:58), VMNMX 0x3a / VSET 0x40 (63:57),
// VABSDIFF 0x54, VSHR 0x56, VSHL 0x57, VMAD 0x5f (63:56), VSETP 0x50f (63:52); bit 50 picks a
// register B (else a 16-bit immediate at 20).
constexpr std::array<Row, 16> kRows{{
    {"VADD",
     top(6) | kBit50,
     0x2000000000000000 | kBit50,
     {},
     {{kVd, vo(8, kAaddNeg), vo(20, kBaddNeg), kVc}},
     4,
     false,
     true,
     0,
     mods<kVaddR>()},
    {"VADD",
     top(6) | kBit50,
     0x2000000000000000,
     {},
     {{kVd, vo(8, kAaddNeg), vo(20, kIaddNeg), kVc}},
     4,
     false,
     true,
     0,
     mods<kVaddI>()},
    {"VABSDIFF",
     top(8) | kBit50,
     0x5400000000000000 | kBit50,
     {},
     {{kVd, kVa, kVb, kVc}},
     4,
     false,
     true,
     0,
     mods<kVabsR>()},
    {"VABSDIFF",
     top(8) | kBit50,
     0x5400000000000000,
     {},
     {{kVd, kVa, kVis, kVc}},
     4,
     false,
     true,
     0,
     mods<kVabsI>()},
    {"VMAD",
     top(8) | kBit50,
     0x5f00000000000000 | kBit50,
     {},
     {{kVd, vo(8, kAmadNeg), kVb, vo(39, kCmadNeg)}},
     4,
     false,
     true,
     0,
     mods<kVmadR>()},
    {"VMAD",
     top(8) | kBit50,
     0x5f00000000000000,
     {},
     {{kVd, vo(8, kAmadNeg), kVi, vo(39, kCmadNeg)}},
     4,
     false,
     true,
     0,
     mods<kVmadI>()},
    {"VMNMX",
     top(7) | kBit50,
     0x3a00000000000000 | kBit50,
     {},
     {{kVd, kVa, kVb, kVc}},
     4,
     false,
     true,
     0,
     mods<kVmnmxR>()},
    {"VMNMX",
     top(7) | kBit50,
     0x3a00000000000000,
     {},
     {{kVd, kVa, kVis, kVc}},
     4,
     false,
     true,
     0,
     mods<kVmnmxI>()},
    {"VSET",
     top(7) | kBit50,
     0x4000000000000000 | kBit50,
     {},
     {{kVd, kVa, kVb, kVc}},
     4,
     false,
     true,
     0,
     mods<kVsetR>()},
    {"VSET",
     top(7) | kBit50,
     0x4000000000000000,
     {},
     {{kVd, kVa, kVis, kVc}},
     4,
     false,
     true,
     0,
     mods<kVsetI>()},
    {"VSETP",
     top(13) | kBit50,
     0x50f0000000000000 | kBit50,
     {},
     {{vo(3, kP3), vo(0, kP3), kVa, kVb, {K::kPred, 39}}},
     5,
     false,
     true,
     0,
     mods<kVsetpR>()},
    {"VSETP",
     top(13) | kBit50,
     0x50f0000000000000,
     {},
     {{vo(3, kP3), vo(0, kP3), kVa, kVis, {K::kPred, 39}}},
     5,
     false,
     true,
     0,
     mods<kVsetpI>()},
    {"VSHR",
     top(8) | kBit50,
     0x5600000000000000 | kBit50,
     {},
     {{kVd, kVa, kVb, kVc}},
     4,
     false,
     true,
     0,
     mods<kVshR>()},
    {"VSHR",
     top(8) | kBit50,
     0x5600000000000000,
     {},
     {{kVd, kVa, kVi, kVc}},
     4,
     false,
     true,
     0,
     mods<kVshI>()},
    {"VSHL",
     top(8) | kBit50,
     0x5700000000000000 | kBit50,
     {},
     {{kVd, kVa, kVb, kVc}},
     4,
     false,
     true,
     0,
     mods<kVshR>()},
    {"VSHL",
     top(8) | kBit50,
     0x5700000000000000,
     {},
     {{kVd, kVa, kVi, kVc}},
     4,
     false,
     true,
     0,
     mods<kVshI>()},
}};

}  // namespace

std::span<const Row> video_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
