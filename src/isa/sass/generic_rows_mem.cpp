// The mem family of the generic table (generic_table.hpp): loads, stores, atomics and barriers
// (LDG, STS, ATOM, BAR...) as nvdisasm 11.8 prints them (issue 29, decisions GM1-GMn).
#include <cstdio>
#include <vector>

#include "isa/sass/generic_mem.hpp"

namespace texsim::isa::sass::generic {

namespace mem {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string signed_hex(uint64_t v, unsigned n) {
  const uint64_t sign = uint64_t{1} << (n - 1);
  return (v & sign) != 0 ? "-" + hex((sign << 1) - v) : hex(v);
}

std::optional<uint64_t> parse_hex(std::string_view t) {
  if (!t.starts_with("0x") || t.size() < 3 || t.size() > 18) return std::nullopt;
  uint64_t v = 0;
  for (const char c : t.substr(2)) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<uint64_t>(d);
  }
  return v;
}

std::optional<uint64_t> parse_signed(std::string_view t, unsigned n) {
  const bool neg = t.starts_with("-");
  const auto v = parse_hex(neg ? t.substr(1) : t);
  if (!v) return std::nullopt;
  const uint64_t m = n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
  return (neg ? (~*v + 1) : *v) & m;
}

std::optional<uint64_t> parse_reg(std::string_view t) {
  if (t == "RZ") return 255;
  if (!t.starts_with("R") || t.size() < 2 || t.size() > 4) return std::nullopt;
  uint64_t v = 0;
  for (const char c : t.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v < 255 ? std::optional<uint64_t>(v) : std::nullopt;
}

std::string reg(uint64_t v) {
  return v == 255 ? std::string("RZ") : "R" + std::to_string(v);
}

std::string address(uint64_t ra, uint64_t imm, unsigned w, Zero zero) {
  if (ra != 255)
    return imm == 0 ? "[" + reg(ra) + "]" : "[" + reg(ra) + "+" + signed_hex(imm, w) + "]";
  if (zero == Zero::kSigned) return "[" + signed_hex(imm, w) + "]";
  return imm == 0 && zero == Zero::kRz ? std::string("[RZ]") : "[" + hex(imm) + "]";
}

std::optional<std::pair<uint64_t, uint64_t>> parse_address(std::string_view t, unsigned w) {
  if (!t.starts_with("[") || !t.ends_with("]")) return std::nullopt;
  t = t.substr(1, t.size() - 2);
  const size_t plus = t.find('+');
  if (plus != std::string_view::npos) {
    const auto r = parse_reg(t.substr(0, plus));
    const auto i = parse_signed(t.substr(plus + 1), w);
    if (!r || !i) return std::nullopt;
    return std::pair{*r, *i};
  }
  if (const auto r = parse_reg(t)) return std::pair{*r, uint64_t{0}};
  const auto i = parse_signed(t, w);
  if (!i) return std::nullopt;
  return std::pair{uint64_t{255}, *i};
}

}  // namespace mem

namespace {

using mem::addr;
using mem::Zero;

// LDC's "c[bank][Ra+imm]": as addr_text with a 16-bit offset and the bank in bits 40:36.
std::optional<std::string> caddr_text(uint64_t v, const Ctx& /*ctx*/) {
  return "c[" + mem::hex(v >> 28) + "]" +
         mem::address(v & 0xff, v >> 12 & 0xffff, 16, Zero::kSigned);
}
std::optional<uint64_t> caddr_parse(std::string_view t, const Ctx& /*ctx*/) {
  const size_t mid = t.find("][");
  if (!t.starts_with("c[") || mid == std::string_view::npos) return std::nullopt;
  const auto bank = mem::parse_hex(t.substr(2, mid - 2));
  const auto a = mem::parse_address(t.substr(mid + 1), 16);
  if (!bank || !a || *bank >= 32) return std::nullopt;
  return a->first | a->second << 12 | *bank << 28;
}
constexpr CustomKind kCAddr{33, caddr_text, caddr_parse};

// A 3-bit predicate operand printed only when not PT (LD/ST's P0..P6 after the data).
std::optional<std::string> pred3_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == 7 ? std::string() : "P" + std::to_string(v);
}
constexpr CustomKind kPred3Omit{3, pred3_text, nullptr, 7};
// LDG's predicate destination (bits 43:41) is stored complemented: 0 is PT. SM50 has no such
// LDG (nvdisasm -b SM50 rejects it); with the architecture unknown it has no text (GM2).
std::optional<std::string> pred3_inv_text(uint64_t v, const Ctx& ctx) {
  if (ctx.sm <= 50) return std::nullopt;
  return v == 0 ? std::string("PT") : "P" + std::to_string(7 - v);
}
}  // namespace

const CustomKind mem::kPredInv{3, pred3_inv_text};

namespace {

constexpr Opnd kRd{K::kReg, 0};
constexpr Opnd kA24 = addr<12, 24>(), kA20 = addr<12, 20>(), kA32 = addr<12, 32>();

constexpr std::array<std::string_view, 8> kSizeLd{".U8", ".S8", ".U16", ".S16",
                                                  "",    ".64", ".128", ".U.128"},
    kSizeSt{".U8", ".S8", ".U16", ".S16", "", ".64", ".128", ".INVALIDSIZE7"},
    kSizeLdsU{".U.U8", ".U.S8", ".U.U16", ".U.S16", ".U.32", ".U.64", ".U.128", ".U.INVALIDSIZE7"},
    kSizeLdc{".U8", ".S8", ".U16", ".S16", "", ".64", ".INVALIDSIZE6", ".INVALIDSIZE7"};
constexpr std::array<std::string_view, 4> kCacheLd{"", ".CG", ".CI", ".CV"},
    kCacheSt{"", ".CG", ".CS", ".WT"}, kCacheLdl{"", ".LU", ".CI", ".CV"},
    kLdcMode{"", ".IL", ".IS", ".ISL"};
constexpr std::array<std::string_view, 2> kNoE{"", ".E"};

constexpr Mod kE45{45, 1, kNoE}, kE52{52, 1, kNoE};
constexpr uint64_t kBit44 = uint64_t{1} << 44;

// LDG/STG/LDL/STL/LDS/STS (top 13 bits), LDC, LD/ST (top 3 bits): decisions GM1-GM3.
constexpr std::array<Row, 11> kLoadStore{{
    {"LDG",
     top(13),
     0xeed0000000000000,
     {{kE45, {46, 2, kCacheLd}, {48, 3, kSizeLd}}},
     {{kRd, kA24}},
     2},
    {"LDG",
     top(13),
     0xeec8000000000000,
     {{kE45, {46, 2, kCacheLd}, {48, 3, kSizeLd}}},
     {{{K::kCustom, 41, 0, 0, &mem::kPredInv}, kRd, kA20}},
     3},
    {"STG",
     top(13),
     0xeed8000000000000,
     {{kE45, {46, 2, kCacheSt}, {48, 3, kSizeSt}}},
     {{kA24, kRd}},
     2},
    {"LDL",
     top(13),
     0xef40000000000000,
     {{{44, 2, kCacheLdl}, {48, 3, kSizeSt}}},
     {{kRd, kA24}},
     2},
    {"STL", top(13), 0xef50000000000000, {{{44, 2, kCacheSt}, {48, 3, kSizeSt}}}, {{kA24, kRd}}, 2},
    {"LDS", top(13) | kBit44, 0xef48000000000000, {{{48, 3, kSizeSt}}}, {{kRd, kA24}}, 2},
    {"LDS",
     top(13) | kBit44,
     0xef48000000000000 | kBit44,
     {{{48, 3, kSizeLdsU}}},
     {{kRd, kA24}},
     2},
    {"STS", top(13), 0xef58000000000000, {{{48, 3, kSizeSt}}}, {{kA24, kRd}}, 2},
    {"LDC",
     top(13),
     0xef90000000000000,
     {{{48, 3, kSizeLdc}, {44, 2, kLdcMode}}},
     {{kRd, {K::kCustom, 8, 0, 0, &kCAddr}}},
     2},
    {"LD",
     top(3),
     0x8000000000000000,
     {{kE52, {56, 2, kCacheLd}, {53, 3, kSizeLd}}},
     {{kRd, kA32, {K::kCustom, 58, 0, 0, &kPred3Omit}}},
     3},
    {"ST",
     top(3),
     0xa000000000000000,
     {{kE52, {56, 2, kCacheSt}, {53, 3, kSizeSt}}},
     {{kA32, kRd, {K::kCustom, 58, 0, 0, &kPred3Omit}}},
     3},
}};

}  // namespace

std::span<const Row> mem_rows() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> v(kLoadStore.begin(), kLoadStore.end());
    const auto more = mem::atomic_rows();
    v.insert(v.end(), more.begin(), more.end());
    return v;
  }();
  return rows;
}

}  // namespace texsim::isa::sass::generic
