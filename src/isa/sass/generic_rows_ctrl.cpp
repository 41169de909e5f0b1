// The ctrl family of the generic table (generic_table.hpp): branches and their stacks (BRA, SSY,
// CAL, PBK...) as nvdisasm 11.8 prints them; fields from single-bit-flip probes (GC1-GC4).
#include <cstdio>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

uint64_t bits(uint64_t v, unsigned lo, unsigned n) {
  return (v >> lo) & ((uint64_t{1} << n) - 1);
}

int64_t sext(uint64_t v, unsigned n) {
  const uint64_t sign = uint64_t{1} << (n - 1);
  return static_cast<int64_t>((v ^ sign) - sign);
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// nvdisasm's signed hex: "-0x8000" for negatives.
std::string shex(int64_t v) {
  return v < 0 ? "-" + hex(0 - static_cast<uint64_t>(v)) : hex(static_cast<uint64_t>(v));
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

std::optional<int64_t> parse_shex(std::string_view t) {
  const bool neg = t.starts_with("-");
  const auto v = parse_hex(neg ? t.substr(1) : t);
  if (!v || *v > (uint64_t{1} << 62)) return std::nullopt;
  return neg ? -static_cast<int64_t>(*v) : static_cast<int64_t>(*v);
}

std::string reg(uint64_t r) {
  return r == 255 ? "RZ" : "R" + std::to_string(r);
}

std::optional<uint64_t> parse_reg(std::string_view t) {
  if (t == "RZ") return 255;
  if (t.size() < 2 || t.size() > 4 || t[0] != 'R') return std::nullopt;
  uint64_t r = 0;
  for (char c : t.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    r = r * 10 + static_cast<uint64_t>(c - '0');
  }
  return r < 255 ? std::optional<uint64_t>(r) : std::nullopt;
}

// Bits 43:20, a signed 24-bit offset from the next instruction (GC1): nvdisasm prints the target
// address pc + 8 + offset; without the word's address there is no text.
std::optional<std::string> rel_text(uint64_t v, const Ctx& ctx) {
  if (!ctx.pc) return std::nullopt;
  return shex(static_cast<int64_t>(*ctx.pc) + 8 + sext(v, 24));
}
std::optional<uint64_t> rel_parse(std::string_view t, const Ctx& ctx) {
  const auto target = parse_shex(t);
  if (!target || !ctx.pc) return std::nullopt;
  const int64_t off = *target - static_cast<int64_t>(*ctx.pc) - 8;
  if (off < -(int64_t{1} << 23) || off >= (int64_t{1} << 23)) return std::nullopt;
  return static_cast<uint64_t>(off) & 0xffffff;
}
constexpr CustomKind kRel{24, rel_text, rel_parse};

// Bits 51:20, an absolute 32-bit address (JMP, JCAL).
std::optional<std::string> abs_text(uint64_t v, const Ctx& /*ctx*/) {
  return hex(v);
}
std::optional<uint64_t> abs_parse(std::string_view t, const Ctx& /*ctx*/) {
  return parse_hex(t);
}
constexpr CustomKind kAbs{32, abs_text, abs_parse};

// Bits 40:20 of the constant-bank forms (bit 5 set): c[bank 40:36][byte offset 35:20, signed].
std::optional<std::string> cbr_text(uint64_t v, const Ctx& /*ctx*/) {
  return "c[" + hex(bits(v, 16, 5)) + "][" + shex(sext(bits(v, 0, 16), 16)) + "]";
}
// "c[0x1][" and the rest up to the closing bracket; the bank's bits at 16.
std::optional<uint64_t> parse_bank(std::string_view& t) {
  if (!t.starts_with("c[") || !t.ends_with("]")) return std::nullopt;
  const size_t mid = t.find("][");
  if (mid == std::string_view::npos) return std::nullopt;
  const auto bank = parse_hex(t.substr(2, mid - 2));
  if (!bank || *bank > 31) return std::nullopt;
  t = t.substr(mid + 2, t.size() - mid - 3);
  return *bank << 16;
}
std::optional<uint64_t> cbr_parse(std::string_view t, const Ctx& /*ctx*/) {
  const auto bank = parse_bank(t);
  const auto off = parse_shex(t);
  if (!bank || !off) return std::nullopt;
  return *bank | (static_cast<uint64_t>(*off) & 0xffff);
}
constexpr CustomKind kCbr{21, cbr_text, cbr_parse};

// Bits 43:8 (BRX) or 51:8 (JMX): register 15:8 and a signed offset from bit 20 that prints after
// a space when not 0 ("R0 -0x800000"); bits 19:16 are the guard, not this operand's.
template <unsigned N>
std::optional<std::string> regoff_text(uint64_t v, const Ctx& /*ctx*/) {
  const int64_t off = sext(bits(v, 12, N), N);
  return reg(bits(v, 0, 8)) + (off == 0 ? "" : " " + shex(off));
}
template <unsigned N>
std::optional<uint64_t> regoff_parse(std::string_view t, const Ctx& /*ctx*/) {
  const size_t sp = t.find(' ');
  const auto r = parse_reg(t.substr(0, sp));
  const auto off =
      sp == std::string_view::npos ? std::optional<int64_t>(0) : parse_shex(t.substr(sp + 1));
  if (!r || !off) return std::nullopt;
  return *r | (static_cast<uint64_t>(*off) & ((uint64_t{1} << N) - 1)) << 12;
}
constexpr CustomKind kRegOff24{36, regoff_text<24>, regoff_parse<24>};
constexpr CustomKind kRegOff32{44, regoff_text<32>, regoff_parse<32>};

// Bits 40:8 of BRX/JMX with bit 5 set: c[bank 40:36][register 15:8 + offset 35:20, signed]
// ("c[0x0][R0+-0x8000]", "+0x0" omitted, "RZ+" omitted before an offset: "c[0x0][-0x621]").
std::optional<std::string> creg_text(uint64_t v, const Ctx& /*ctx*/) {
  const int64_t off = sext(bits(v, 12, 16), 16);
  const uint64_t r = bits(v, 0, 8);
  const std::string addr = off == 0 ? reg(r) : r == 255 ? shex(off) : reg(r) + "+" + shex(off);
  return "c[" + hex(bits(v, 28, 5)) + "][" + addr + "]";
}
std::optional<uint64_t> creg_parse(std::string_view t, const Ctx& /*ctx*/) {
  const auto bank = parse_bank(t);
  const size_t plus = t.find('+');
  const bool rz_off = plus == std::string_view::npos && !t.starts_with("R");
  const auto r = rz_off ? std::optional<uint64_t>(255) : parse_reg(t.substr(0, plus));
  const auto off = rz_off                           ? parse_shex(t)
                   : plus == std::string_view::npos ? std::optional<int64_t>(0)
                                                    : parse_shex(t.substr(plus + 1));
  if (!bank || !r || !off) return std::nullopt;
  return *bank << 12 | *r | (static_cast<uint64_t>(*off) & 0xffff) << 12;
}
constexpr CustomKind kCReg{33, creg_text, creg_parse};

// BPT's 20-bit code at bit 20, omitted when 0.
std::optional<std::string> code_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == 0 ? "" : hex(v);
}
constexpr CustomKind kCode{20, code_text, abs_parse, 0};

constexpr uint64_t kBit5 = uint64_t{1} << 5;
constexpr Opnd kCc{K::kCc, 0}, kTarget{K::kCustom, 20, 0, 0, &kRel},
    kCbank{K::kCustom, 20, 0, 0, &kCbr}, kAbsT{K::kCustom, 20, 0, 0, &kAbs};
constexpr std::array<std::string_view, 4> kLmtU{"", ".LMT", ".U", ".U.LMT"};
constexpr std::array<std::string_view, 2> kLmt{"", ".LMT"}, kNoinc{".NOINC", ""};
constexpr std::array<std::string_view, 4> kRtt{"", ".TERMINATE", ".FALLTHROUGH", ".PREEMPTED"};
constexpr std::array<std::string_view, 8> kBpt{".DRAIN_ILLEGAL", ".CAL",   ".PAUSE", ".TRAP",
                                               ".INT",           ".DRAIN", ".???6",  ".???7"};
// From SM60 on, BPT mode 6 is PAUSE_QUIET (GC3).
constexpr std::array<std::string_view, 8> kBpt60{
    ".DRAIN_ILLEGAL", ".CAL", ".PAUSE", ".TRAP", ".INT", ".DRAIN", ".PAUSE_QUIET", ".???7"};
constexpr Mod kMLmtU{6, 2, kLmtU}, kMLmt{6, 1, kLmt}, kMNoinc{6, 1, kNoinc};

// A push of the stacks (SSY, PBK, PCNT, PLONGJMP): no guard, a relative target or c[][].
constexpr Row push(std::string_view name, uint64_t match, bool cbank) {
  return {name,
          top(12) | kBit5,
          match | (cbank ? kBit5 : 0),
          {},
          {{cbank ? kCbank : kTarget}},
          1,
          false,
          false};
}
// A stack pop or exit guarded by a predicate and a CC test (BRK, CONT, RET, KIL, LONGJMP).
constexpr Row pop(std::string_view name, uint64_t match) {
  return {name, top(12), match, {}, {{kCc}}, 1};
}

// Opcode bits 63:52 (GC1); bit 5 picks the constant-bank form of the branches.
constexpr std::array<Row, 34> kRows{{
    {"BRA", top(12) | kBit5, 0xe240000000000000, {{kMLmtU}}, {{kCc, kTarget}}, 2},
    {"BRA", top(12) | kBit5, 0xe240000000000020, {{kMLmtU}}, {{kCc, kCbank}}, 2},
    {"BRX",
     top(12) | kBit5,
     0xe250000000000000,
     {{kMLmt}},
     {{kCc, {K::kCustom, 8, 0, 0, &kRegOff24}}},
     2},
    {"BRX",
     top(12) | kBit5,
     0xe250000000000020,
     {{kMLmt}},
     {{kCc, {K::kCustom, 8, 0, 0, &kCReg}}},
     2},
    {"JMP", top(12) | kBit5, 0xe210000000000000, {{kMLmtU}}, {{kCc, kAbsT}}, 2},
    {"JMP", top(12) | kBit5, 0xe210000000000020, {{kMLmtU}}, {{kCc, kCbank}}, 2},
    {"JMX",
     top(12) | kBit5,
     0xe200000000000000,
     {{kMLmt}},
     {{kCc, {K::kCustom, 8, 0, 0, &kRegOff32}}},
     2},
    {"JMX",
     top(12) | kBit5,
     0xe200000000000020,
     {{kMLmt}},
     {{kCc, {K::kCustom, 8, 0, 0, &kCReg}}},
     2},
    {"CAL", top(12) | kBit5, 0xe260000000000000, {{kMNoinc}}, {{kTarget}}, 1, false, false},
    {"CAL", top(12) | kBit5, 0xe260000000000020, {{kMNoinc}}, {{kCbank}}, 1, false, false},
    {"JCAL", top(12) | kBit5, 0xe220000000000000, {{kMNoinc}}, {{kAbsT}}, 1, false, false},
    {"JCAL", top(12) | kBit5, 0xe220000000000020, {{kMNoinc}}, {{kCbank}}, 1, false, false},
    {"PRET", top(12) | kBit5, 0xe270000000000000, {{kMNoinc}}, {{kTarget}}, 1, false, false},
    {"PRET", top(12) | kBit5, 0xe270000000000020, {{kMNoinc}}, {{kCbank}}, 1, false, false},
    push("PLONGJMP", 0xe280000000000000, false),
    push("PLONGJMP", 0xe280000000000000, true),
    push("SSY", 0xe290000000000000, false),
    push("SSY", 0xe290000000000000, true),
    push("PBK", 0xe2a0000000000000, false),
    push("PBK", 0xe2a0000000000000, true),
    push("PCNT", 0xe2b0000000000000, false),
    push("PCNT", 0xe2b0000000000000, true),
    {"PEXIT", top(12), 0xe230000000000000, {}, {{kTarget}}, 1, false, false},
    {"GETCRSPTR", top(12), 0xe2c0000000000000, {}, {{{K::kReg, 0}}}, 1, false, false},
    {"GETLMEMBASE", top(12), 0xe2d0000000000000, {}, {{{K::kReg, 0}}}, 1, false, false},
    {"SETCRSPTR", top(12), 0xe2e0000000000000, {}, {{{K::kReg, 8}}}, 1, false, false},
    {"SETLMEMBASE", top(12), 0xe2f0000000000000, {}, {{{K::kReg, 8}}}, 1, false, false},
    pop("LONGJMP", 0xe310000000000000),
    pop("RET", 0xe320000000000000),
    pop("KIL", 0xe330000000000000),
    pop("BRK", 0xe340000000000000),
    pop("CONT", 0xe350000000000000),
    {"RTT", top(12), 0xe360000000000000, {{{0, 2, kRtt}}}, {}, 0, false, false},
    {"BPT",
     top(12),
     0xe3a0000000000000,
     {{{6, 3, kBpt, kBpt60}}},
     {{{K::kCustom, 20, 0, 0, &kCode}}},
     1,
     false,
     false},
}};

}  // namespace

std::span<const Row> ctrl_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
