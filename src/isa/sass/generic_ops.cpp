// The generic Maxwell/Pascal opcode table (generic_ops.hpp): each row's fixed bits and its
// operand fields, one printer and one parser walking the same rows. Field positions from
// nvdisasm 11.8 probes of single-bit flips (docs/decisions.md SO1-SO4).
#include "isa/sass/generic_ops.hpp"

#include <array>
#include <cstdio>

#include "core/text.hpp"

namespace texsim::isa::sass {

namespace {

enum class K : uint8_t {
  kReg,      // destination register, 8 bits at lo, 255 is RZ
  kRegA,     // source register of operand slot a (reuse bit 0), 8 bits at lo
  kRegB,     // source register of operand slot b (reuse bit 1)
  kRegC,     // source register of operand slot c (reuse bit 2)
  kImm32,    // 32-bit hex immediate at lo
  kImm20,    // signed 20-bit immediate: bits 38:20 and the sign at bit 56
  kCBank,    // c[bank][offset]: offset bits 33:20 (signed, in words), bank bits 38:34
  kMask4,    // 4-bit lane mask at lo, omitted when 0xf
  kSpecial,  // 8-bit special register at lo
  kCc,       // 5-bit condition-code test at lo, omitted when 15 (T)
  kImm16,    // 16-bit hex immediate at lo, omitted when 0
  kPred,     // 3-bit predicate at lo, its negation at lo+3
  kImm5,     // 5-bit hex shift count at lo
};

struct Opnd {
  K kind;
  uint8_t lo;
  uint8_t neg = 0;  // bit of a '-' before the operand (0: none)
  uint8_t cc = 0;   // bit of a ".CC" after a destination register (0: none)
};

// A modifier field after the mnemonic: bits lo..lo+width-1, value v prints names[v].
struct Mod {
  uint8_t lo;
  uint8_t width;
  std::array<std::string_view, 4> names;
};

struct Row {
  std::string_view name;
  uint64_t mask;
  uint64_t match;
  std::array<Mod, 4> mods;  // width 0: unused
  std::array<Opnd, 4> ops;
  uint8_t nops;
  bool po = false;  // both negations (bits 49 and 48) set print as ".PO" (IADD, ISCADD)
};

constexpr uint64_t top(unsigned bits) {
  return ~uint64_t{0} << (64 - bits);
}

constexpr Opnd kRd{K::kReg, 0}, kRa{K::kRegA, 8}, kRb{K::kRegB, 20}, kI20{K::kImm20, 20},
    kCb{K::kCBank, 20};
constexpr Opnd kRdCc{K::kReg, 0, 0, 47}, kRaNeg{K::kRegA, 8, 49}, kRbNeg{K::kRegB, 20, 48},
    kCbNeg{K::kCBank, 20, 48};
constexpr uint64_t kBit56 = uint64_t{1} << 56;
constexpr Mod kX43{43, 1, {"", ".X"}}, kW39{39, 1, {"", ".W"}}, kSat50{50, 1, {"", ".SAT"}},
    kX43iadd{43, 1, {"", ".X"}};
constexpr Mod kShrU32{48, 1, {".U32", ""}}, kShrW{39, 1, {"", ".W"}},
    kShrBrev{40, 1, {"", ".BREV"}}, kShrX{43, 2, {"", ".INVALIDSHRXMODE1", ".X", ".XHI"}};

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
    {"EXIT", top(12), 0xe300000000000000, {{{5, 1, {"", ".KEEPREFCOUNT"}}}}, {{{K::kCc, 0}}}, 1},
    {"NOP",
     top(13),
     0x50b0000000000000,
     {{{13, 1, {"", ".TRIG"}}}},
     {{{K::kCc, 8}, {K::kImm16, 20}}},
     2},
    {"SYNC", top(13), 0xf0f8000000000000, {}, {{{K::kCc, 0}}}, 1},
}};

// nvdisasm's condition-code tests, value 0..31 (15, T, prints nothing).
constexpr std::array<std::string_view, 32> kCcNames{
    "F",      "LT",     "EQ",     "LE",      "GT",      "NE",      "GE",  "NUM",
    "NAN",    "LTU",    "EQU",    "LEU",     "GTU",     "NEU",     "GEU", "T",
    "OFF",    "LO",     "SFF",    "LS",      "HI",      "SFT",     "HS",  "OFT",
    "CSM_TA", "CSM_TR", "CSM_MX", "FCSM_TA", "FCSM_TR", "FCSM_MX", "RLE", "RGT"};

// nvdisasm's special-register names (SR0..SR255); an empty entry prints as SRn.
constexpr std::array<std::string_view, 100> kSpecialNames{"SR_LANEID",
                                                          "SR_CLOCK",
                                                          "SR_VIRTCFG",
                                                          "SR_VIRTID",
                                                          "SR_PM0",
                                                          "SR_PM1",
                                                          "SR_PM2",
                                                          "SR_PM3",
                                                          "SR_PM4",
                                                          "SR_PM5",
                                                          "SR_PM6",
                                                          "SR_PM7",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_ORDERING_TICKET",
                                                          "SR_PRIM_TYPE",
                                                          "SR_INVOCATION_ID",
                                                          "SR_Y_DIRECTION",
                                                          "SR_THREAD_KILL",
                                                          "SM_SHADER_TYPE",
                                                          "SR_DIRECTCBEWRITEADDRESSLOW",
                                                          "SR_DIRECTCBEWRITEADDRESSHIGH",
                                                          "SR_DIRECTCBEWRITEENABLED",
                                                          "SR_MACHINE_ID_0",
                                                          "SR_MACHINE_ID_1",
                                                          "SR_MACHINE_ID_2",
                                                          "SR_MACHINE_ID_3",
                                                          "SR_AFFINITY",
                                                          "SR_INVOCATION_INFO",
                                                          "SR_WSCALEFACTOR_XY",
                                                          "SR_WSCALEFACTOR_Z",
                                                          "SR_TID",
                                                          "SR_TID.X",
                                                          "SR_TID.Y",
                                                          "SR_TID.Z",
                                                          "SR_CTA_PARAM",
                                                          "SR_CTAID.X",
                                                          "SR_CTAID.Y",
                                                          "SR_CTAID.Z",
                                                          "SR_NTID",
                                                          "SR_CirQueueIncrMinusOne",
                                                          "SR_NLATC",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_SWINLO",
                                                          "SR_SWINSZ",
                                                          "SR_SMEMSZ",
                                                          "SR_SMEMBANKS",
                                                          "SR_LWINLO",
                                                          "SR_LWINSZ",
                                                          "SR_LMEMLOSZ",
                                                          "SR_LMEMHIOFF",
                                                          "SR_EQMASK",
                                                          "SR_LTMASK",
                                                          "SR_LEMASK",
                                                          "SR_GTMASK",
                                                          "SR_GEMASK",
                                                          "SR_REGALLOC",
                                                          "SR_CTXADDR",
                                                          "",
                                                          "SR_GLOBALERRORSTATUS",
                                                          "",
                                                          "SR_WARPERRORSTATUS",
                                                          "SR_WARPERRORSTATUSCLEAR",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_PM_HI0",
                                                          "SR_PM_HI1",
                                                          "SR_PM_HI2",
                                                          "SR_PM_HI3",
                                                          "SR_PM_HI4",
                                                          "SR_PM_HI5",
                                                          "SR_PM_HI6",
                                                          "SR_PM_HI7",
                                                          "SR_CLOCKLO",
                                                          "SR_CLOCKHI",
                                                          "SR_GLOBALTIMERLO",
                                                          "SR_GLOBALTIMERHI",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_HWTASKID",
                                                          "SR_CIRCULARQUEUEENTRYINDEX",
                                                          "SR_CIRCULARQUEUEENTRYADDRESSLOW",
                                                          "SR_CIRCULARQUEUEENTRYADDRESSHIGH"};

uint64_t bits(uint64_t w, unsigned lo, unsigned n) {
  return (w >> lo) & ((uint64_t{1} << n) - 1);
}

unsigned width(K k) {
  switch (k) {
    case K::kImm32:
      return 32;
    case K::kImm20:
      return 20;
    case K::kCBank:
      return 19;
    case K::kMask4:
    case K::kPred:
      return 4;
    case K::kCc:
    case K::kImm5:
      return 5;
    case K::kImm16:
      return 16;
    default:
      return 8;
  }
}

// An operand's value in the word, and its bits in a word (kImm20's sign is bit 56).
uint64_t extract(Opnd o, uint64_t w) {
  if (o.kind == K::kImm20) return bits(w, o.lo, 19) | bits(w, 56, 1) << 19;
  return bits(w, o.lo, width(o.kind));
}
uint64_t insert(Opnd o, uint64_t v) {
  if (o.kind == K::kImm20) return (v & 0x7ffff) << o.lo | (v >> 19 & 1) << 56;
  return v << o.lo;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string signed_hex(uint64_t v, unsigned n) {
  const uint64_t sign = uint64_t{1} << (n - 1);
  return (v & sign) != 0 ? "-" + hex((sign << 1) - v) : hex(v);
}

// Special registers 15, 44-47 and 62 have other names on Pascal (SM60+) than on Maxwell; with
// sm 0 (unknown) they have no text (decisions SO3).
std::optional<std::string> special_name(unsigned v, unsigned sm) {
  const bool pascal = sm >= 60;
  if (sm == 0 && (v == 15 || (v >= 44 && v <= 47) || v == 62)) return std::nullopt;
  if (v == 15 && sm == 50) return std::string("SR15");
  if (pascal && v >= 44 && v <= 47) {
    constexpr std::array<std::string_view, 4> kPascal44{
        "SR_SM_SPA_VERSION", "SR_MULTIPASSSHADERINFO", "SR_LWINHI", "SR_SWINHI"};
    return std::string(kPascal44[v - 44]);
  }
  if (pascal && v == 62) return std::string("SR_BARRIERALLOC");
  if (v < kSpecialNames.size() && !kSpecialNames[v].empty()) return std::string(kSpecialNames[v]);
  return "SR" + std::to_string(v);
}

std::string reg_text(uint64_t v, bool reuse) {
  return (v == 255 ? std::string("RZ") : "R" + std::to_string(v)) + (reuse ? ".reuse" : "");
}

// An operand's text; empty when nvdisasm omits it (its default value), nullopt when texsim
// cannot name it without the architecture.
std::optional<std::string> operand_text(K k, uint64_t v, unsigned sm, unsigned reuse) {
  switch (k) {
    case K::kReg:
      return reg_text(v, false);
    case K::kRegA:
      return reg_text(v, (reuse & 1u) != 0);
    case K::kRegB:
      return reg_text(v, (reuse & 2u) != 0);
    case K::kRegC:
      return reg_text(v, (reuse & 4u) != 0);
    case K::kImm32:
    case K::kImm5:
      return hex(v);
    case K::kImm20:
      return signed_hex(v, 20);
    case K::kCBank:
      return "c[" + hex(v >> 14) + "][" + signed_hex((v & 0x3fff) << 2, 16) + "]";
    case K::kMask4:
      return v == 0xf ? "" : hex(v);
    case K::kSpecial:
      return special_name(static_cast<unsigned>(v), sm);
    case K::kCc:
      return v == 15 ? "" : "CC." + std::string(kCcNames[v]);
    case K::kImm16:
      return v == 0 ? "" : hex(v);
    case K::kPred:
      return std::string((v & 8u) != 0 ? "!" : "") +
             ((v & 7u) == 7 ? "PT" : "P" + std::to_string(v & 7u));
  }
  return std::nullopt;
}

bool omissible(K k) {
  return k == K::kMask4 || k == K::kCc || k == K::kImm16;
}

uint64_t default_of(K k) {
  return k == K::kMask4 ? 0xf : k == K::kCc ? 15 : 0;
}

// The reuse bit a source-register operand's ".reuse" stands for.
unsigned reuse_bit(K k) {
  return k == K::kRegA ? 1u : k == K::kRegB ? 2u : k == K::kRegC ? 4u : 0u;
}

std::optional<uint64_t> parse_hex(std::string_view t) {
  if (!t.starts_with("0x") || t.size() < 3 || t.size() > 18) return std::nullopt;
  uint64_t v = 0;
  for (char c : t.substr(2)) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<uint64_t>(d);
  }
  return v;
}

// A signed hex text's value as n-bit two's complement.
std::optional<uint64_t> parse_signed(std::string_view t, unsigned n) {
  const bool neg = t.starts_with("-");
  const auto v = parse_hex(neg ? t.substr(1) : t);
  if (!v) return std::nullopt;
  const uint64_t m = (uint64_t{1} << n) - 1;
  return (neg ? (~*v + 1) : *v) & m;
}

// The value of an operand's text (operand_text's inverse; every candidate is printed back and
// compared, so that only nvdisasm's own spelling is accepted).
std::optional<uint64_t> operand_value(K k, std::string_view t, unsigned sm) {
  std::optional<uint64_t> v;
  if (k == K::kImm32 || k == K::kMask4 || k == K::kImm16 || k == K::kImm5) {
    v = parse_hex(t);
  } else if (k == K::kImm20) {
    v = parse_signed(t, 20);
  } else if (k == K::kCBank && t.starts_with("c[") && t.ends_with("]")) {
    const size_t mid = t.find("][");
    if (mid == std::string_view::npos) return std::nullopt;
    const auto bank = parse_hex(t.substr(2, mid - 2));
    const auto off = parse_signed(t.substr(mid + 2, t.size() - mid - 3), 16);
    if (bank && off && *bank < 32) v = *bank << 14 | (*off >> 2);
  } else if (k != K::kCBank) {
    for (uint64_t c = 0; c < (uint64_t{1} << width(k)) && !v; ++c) {
      if (operand_text(k, c, sm, 0) == t) v = c;
    }
  }
  if (!v || *v >= (uint64_t{1} << width(k)) || operand_text(k, *v, sm, 0) != t) return std::nullopt;
  return v;
}

const Row* row_of(uint64_t word) {
  for (const Row& r : kRows) {
    if ((word & r.mask) == r.match) return &r;
  }
  return nullptr;
}

}  // namespace

const std::vector<GenericOpInfo>& generic_ops() {
  static const std::vector<GenericOpInfo> ops = [] {
    std::vector<GenericOpInfo> v;
    v.reserve(std::size(kRows));
    for (const Row& r : kRows) v.push_back({r.name, r.mask, r.match});
    return v;
  }();
  return ops;
}

std::optional<std::string> generic_text(uint64_t word, unsigned sm, unsigned reuse) {
  const Row* r = row_of(word);
  if (r == nullptr) return std::nullopt;
  std::string out;
  const unsigned pred = static_cast<unsigned>(bits(word, 16, 3));
  const bool neg = bits(word, 19, 1) != 0;
  if (pred != 7 || neg)
    out += std::string(neg ? "@!" : "@") + (pred == 7 ? "PT" : "P" + std::to_string(pred)) + " ";
  out += r->name;
  const bool po = r->po && bits(word, 48, 2) == 3;
  if (po) out += ".PO";  // before the other modifiers ("IADD.PO.SAT.X")
  for (const Mod& m : r->mods) {
    if (m.width != 0) out += m.names[bits(word, m.lo, m.width)];
  }
  const char* sep = " ";
  for (unsigned i = 0; i < r->nops; ++i) {
    const Opnd o = r->ops[i];
    const auto t = operand_text(o.kind, extract(o, word), sm, reuse);
    if (!t) return std::nullopt;
    if (t->empty()) continue;
    out += sep;
    // A negated immediate prints ".NEG" after it (nvdisasm: "0x411f.NEG").
    const bool negated = !po && o.neg != 0 && bits(word, o.neg, 1) != 0;
    if (negated && o.kind != K::kImm20) out += '-';
    out += *t;
    if (negated && o.kind == K::kImm20) out += ".NEG";
    if (o.cc != 0 && bits(word, o.cc, 1) != 0) out += ".CC";
    sep = ", ";
  }
  return out;
}

namespace {

// "@P3 ", "@!PT ": the guard's bits 19:16 (7, PT, when absent).
std::optional<uint64_t> parse_guard(std::string_view& t) {
  if (!t.starts_with("@")) return uint64_t{7} << 16;
  const size_t sp = t.find(' ');
  if (sp == std::string_view::npos) return std::nullopt;
  std::string_view g = t.substr(1, sp - 1);
  t = core::trim(t.substr(sp));
  uint64_t v = 0;
  if (g.starts_with("!")) {
    v = uint64_t{1} << 19;
    g.remove_prefix(1);
  }
  if (g == "PT") return v | (uint64_t{7} << 16);
  if (g.size() != 2 || g[0] != 'P' || g[1] < '0' || g[1] > '6') return std::nullopt;
  return v | (static_cast<uint64_t>(g[1] - '0') << 16);
}

// The word of `r` for its modifier suffix and operand texts; nullopt when they do not fit.
std::optional<GenericWord> encode_row(const Row& r, std::string_view mods,
                                      const std::vector<std::string_view>& ops, unsigned sm) {
  GenericWord g{r.match, 0};
  if (r.po && mods.starts_with(".PO")) {
    g.word |= uint64_t{3} << 48;
    mods.remove_prefix(3);
  }
  for (const Mod& m : r.mods) {
    if (m.width == 0) continue;
    // The value whose name is the longest prefix of what is left (an empty name: no text).
    std::optional<uint64_t> best;
    for (uint64_t v = 0; v < (uint64_t{1} << m.width); ++v) {
      if (mods.starts_with(m.names[v]) && (!best || m.names[v].size() > m.names[*best].size()))
        best = v;
    }
    if (!best) return std::nullopt;
    mods.remove_prefix(m.names[*best].size());
    g.word |= *best << m.lo;
  }
  if (!mods.empty()) return std::nullopt;
  size_t k = 0;
  for (unsigned i = 0; i < r.nops; ++i) {
    const Opnd o = r.ops[i];
    std::optional<uint64_t> v;
    if (k < ops.size()) {
      std::string_view t = ops[k];
      if (o.neg != 0 && o.kind != K::kImm20 && t.starts_with("-")) {
        t.remove_prefix(1);
        g.word |= uint64_t{1} << o.neg;
      }
      if (o.neg != 0 && o.kind == K::kImm20 && t.ends_with(".NEG")) {
        t.remove_suffix(4);
        g.word |= uint64_t{1} << o.neg;
      }
      if (o.cc != 0 && t.ends_with(".CC")) {
        t.remove_suffix(3);
        g.word |= uint64_t{1} << o.cc;
      }
      if (reuse_bit(o.kind) != 0 && t.ends_with(".reuse")) {
        t.remove_suffix(6);
        g.reuse |= reuse_bit(o.kind);
      }
      v = operand_value(o.kind, t, sm);
    }
    if (v) {
      ++k;
    } else if (omissible(o.kind)) {
      v = default_of(o.kind);
    } else {
      return std::nullopt;
    }
    g.word |= insert(o, *v);
  }
  if (k != ops.size()) return std::nullopt;
  return g;
}

}  // namespace

std::optional<GenericWord> generic_encode(std::string_view text, unsigned sm) {
  std::string_view t = core::trim(text);
  if (t.ends_with(";")) t = core::trim(t.substr(0, t.size() - 1));
  const auto guard = parse_guard(t);
  if (!guard) return std::nullopt;
  const size_t sp = t.find(' ');
  const std::string_view mnem = t.substr(0, sp);
  std::vector<std::string_view> ops;
  if (sp != std::string_view::npos) {
    std::string_view rest = t.substr(sp + 1);
    for (;;) {
      const size_t c = rest.find(',');
      ops.push_back(core::trim(rest.substr(0, c)));
      if (c == std::string_view::npos) break;
      rest = rest.substr(c + 1);
    }
  }
  const size_t dot = mnem.find('.');
  const std::string_view name = mnem.substr(0, dot);
  const std::string_view mods = dot == std::string_view::npos ? "" : mnem.substr(dot);
  for (const Row& r : kRows) {
    if (r.name != name) continue;
    if (auto g = encode_row(r, mods, ops, sm)) {
      g->word = (g->word & ~(uint64_t{0xf} << 16)) | *guard;
      return g;
    }
  }
  return std::nullopt;
}

}  // namespace texsim::isa::sass
