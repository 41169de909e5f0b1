// The int family of the generic table (generic_table.hpp): integer ALU, compares and predicates
// (XMAD, LOP, ISETP...) as nvdisasm 11.8 prints them (issue 29, decisions GI1-GIn).
#include <cstdio>
#include <string>
#include <vector>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

std::string reg(uint64_t v) {
  return v == 255 ? std::string("RZ") : "R" + std::to_string(v);
}

std::optional<uint64_t> parse_reg(std::string_view t) {
  if (t == "RZ") return 255;
  if (t.size() < 2 || t.size() > 4 || t[0] != 'R') return std::nullopt;
  uint64_t v = 0;
  for (char c : t.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  return v < 255 ? std::optional<uint64_t>(v) : std::nullopt;
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

// A register (8 bits at the field's lo) with ".H1" when bit H of the field is set (XMAD's
// high-half selects: the field spans from the register up to its H1 bit).
template <unsigned H>
std::optional<std::string> reg_h1_text(uint64_t v, const Ctx& /*ctx*/) {
  return reg(v & 0xff) + ((v >> H & 1) != 0 ? ".H1" : "");
}
template <unsigned H>
std::optional<uint64_t> reg_h1_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t h = 0;
  if (t.ends_with(".H1")) {
    t.remove_suffix(3);
    h = uint64_t{1} << H;
  }
  const auto r = parse_reg(t);
  return r ? std::optional<uint64_t>(*r | h) : std::nullopt;
}

// XMAD's constant operand b: "c[0x2] [0x10]" (a space between the brackets), ".H1" at bit H.
std::string cbank(uint64_t v, const char* sep) {
  const uint64_t off = (v & 0x3fff) << 2;
  const std::string o = (off & 0x8000) != 0 ? "-" + hex(0x10000 - off) : hex(off);
  return "c[" + hex(v >> 14 & 0x1f) + "]" + sep + "[" + o + "]";
}
std::optional<uint64_t> parse_cbank(std::string_view t, std::string_view sep) {
  if (!t.starts_with("c[") || !t.ends_with("]")) return std::nullopt;
  const size_t mid = t.find("]" + std::string(sep) + "[");
  if (mid == std::string_view::npos) return std::nullopt;
  const auto bank = parse_hex(t.substr(2, mid - 2));
  std::string_view o = t.substr(mid + 2 + sep.size(), t.size() - mid - 3 - sep.size());
  const bool neg = o.starts_with("-");
  const auto off = parse_hex(neg ? o.substr(1) : o);
  if (!bank || !off || *bank >= 32 || *off > 0x10000) return std::nullopt;
  const uint64_t enc = (neg ? 0x10000 - *off : *off) & 0xffff;
  return *bank << 14 | enc >> 2;
}
template <unsigned H>
std::optional<std::string> cb_space_text(uint64_t v, const Ctx& /*ctx*/) {
  return cbank(v, " ") + ((v >> H & 1) != 0 ? ".H1" : "");
}
template <unsigned H>
std::optional<uint64_t> cb_space_parse(std::string_view t, const Ctx& /*ctx*/) {
  uint64_t h = 0;
  if (t.ends_with(".H1")) {
    t.remove_suffix(3);
    h = uint64_t{1} << H;
  }
  const auto c = parse_cbank(t, " ");
  return c ? std::optional<uint64_t>(*c | h) : std::nullopt;
}

// XMAD's 16-bit immediate b (35:20), signed when b is (.U16.S16, .S16.S16: bit 49).
std::optional<std::string> xmad_imm_text(uint64_t v, const Ctx& /*ctx*/) {
  const uint64_t i = v & 0xffff;
  if ((v >> 29 & 1) != 0 && (i & 0x8000) != 0) return "-" + hex(0x10000 - i);
  return hex(i);
}
std::optional<uint64_t> xmad_imm_parse(std::string_view t, const Ctx& /*ctx*/) {
  if (t.starts_with("-")) {
    const auto v = parse_hex(t.substr(1));
    if (!v || *v == 0 || *v > 0x8000) return std::nullopt;
    return (0x10000 - *v) | uint64_t{1} << 29;
  }
  const auto v = parse_hex(t);
  if (!v || *v > 0xffff) return std::nullopt;
  return v;
}
constexpr CustomKind kXmadImm{30, xmad_imm_text, xmad_imm_parse};
constexpr CustomKind kRaH1{46, reg_h1_text<45>, reg_h1_parse<45>, std::nullopt, 1};  // 53
constexpr CustomKind kRbH1{16, reg_h1_text<15>, reg_h1_parse<15>, std::nullopt, 2};  // 35
constexpr CustomKind kRcH1{14, reg_h1_text<13>, reg_h1_parse<13>, std::nullopt, 2};  // 39, 52
constexpr CustomKind kCbH1{33, cb_space_text<32>, cb_space_parse<32>};               // 20, 52

constexpr Opnd kRd{K::kReg, 0}, kRa{K::kRegA, 8}, kRb{K::kRegB, 20}, kRc{K::kRegC, 39},
    kCb{K::kCBank, 20}, kI20{K::kImm20, 20};
constexpr Opnd kRdCc{K::kReg, 0, 0, 47};
constexpr uint64_t kBit56 = uint64_t{1} << 56;

constexpr std::array<std::string_view, 2> kNoX{"", ".X"}, kNoPsl{"", ".PSL"}, kNoMrg{"", ".MRG"};
constexpr std::array<std::string_view, 4> kXmadSign{"", ".S16.U16", ".U16.S16", ".S16.S16"};
constexpr std::array<std::string_view, 8> kXmadMode{"",      ".CLO",   ".CHI",   ".CSFU",
                                                     ".CBCC", ".???5", ".???6", ".???7"};
constexpr Mod kXSign{48, 2, kXmadSign}, kXMode3{50, 3, kXmadMode}, kXMode2{50, 2, kXmadMode};

// XMAD (GI1): register b (0x5b0), constant b (0x4e, its modifiers move up), 16-bit immediate b
// (0x36), constant c (0x51: register b at 46:39). Modifier order as nvdisasm prints it.
constexpr std::array<Row, 4> kXmad{{
    {"XMAD",
     top(10),
     0x5b00000000000000,
     {{kXSign, {36, 1, kNoPsl}, kXMode3, {37, 1, kNoMrg}, {38, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 20, 0, 0, &kRbH1}, kRc}},
     4},
    {"XMAD",
     top(7),
     0x4e00000000000000,
     {{kXSign, {55, 1, kNoPsl}, kXMode2, {56, 1, kNoMrg}, {54, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 20, 0, 0, &kCbH1}, kRc}},
     4},
    {"XMAD",
     top(10) & ~kBit56,
     0x3600000000000000,
     {{kXSign, {36, 1, kNoPsl}, kXMode3, {37, 1, kNoMrg}, {38, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 20, 0, 0, &kXmadImm}, kRc}},
     4},
    {"XMAD",
     top(9),
     0x5100000000000000,
     {{kXSign, kXMode2, {54, 1, kNoX}}},
     {{kRdCc, {K::kCustom, 8, 0, 0, &kRaH1}, {K::kCustom, 39, 0, 0, &kRcH1}, kCb}},
     4},
}};

}  // namespace

std::span<const Row> int_rows() {
  static const std::vector<Row> rows = [] {
    std::vector<Row> v;
    for (std::span<const Row> g : {std::span<const Row>(kXmad)}) v.insert(v.end(), g.begin(), g.end());
    return v;
  }();
  return rows;
}

}  // namespace texsim::isa::sass::generic
