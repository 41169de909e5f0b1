// Common-class vISA instructions from IGC's text to .isa bytes (isa_text_common.hpp). Operand
// syntax: IGC's printer (visa/IsaDisassembly.cpp); binary: visa 5_operands.md, research §1.2.
#include "isa/visa/isa_text_common.hpp"

#include <array>
#include <charconv>

#include "core/bytes.hpp"
#include "isa/visa/layouts.hpp"
#include "isa/visa/types.hpp"

namespace texsim::isa::visa {
namespace {

constexpr std::array<std::string_view, 6> kRelations{"eq", "ne", "gt", "ge", "lt", "le"};

std::optional<unsigned> number(std::string_view s) {
  unsigned v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
  return v;
}

// Region value -> code (0 null, 1 = 0, 2 = 1, 3 = 2, 4 = 4, 5 = 8, 6 = 16, 7 = 32).
std::optional<unsigned> region_code(std::string_view s) {
  static constexpr std::array<unsigned, 7> kValues{0, 1, 2, 4, 8, 16, 32};
  const auto n = number(s);
  for (unsigned i = 0; n && i < kValues.size(); ++i)
    if (kValues[i] == *n) return i + 1;
  return std::nullopt;
}

struct Ctx {
  const SymbolTable& syms;
  Version v;
  const IdMap& map;
  core::BytesWriter w;
};

std::optional<std::string> vector_operand(Ctx& c, std::string_view t, bool dst, uint8_t extra) {
  uint8_t mod = extra;
  for (auto [text, code] :
       {std::pair<std::string_view, uint8_t>{"(-abs)", 3}, {"(abs)", 1}, {"(-)", 2}, {"(~)", 5}}) {
    if (t.starts_with(text)) {
      mod = code;
      t.remove_prefix(text.size());
      break;
    }
  }
  const size_t colon = t.rfind(':');
  if (t.starts_with("0x") && colon != std::string_view::npos) {  // immediate 0x...:type
    const auto type = type_from_name(t.substr(colon + 1));
    uint64_t bits = 0;
    const auto hex = t.substr(2, colon - 2);
    auto [p, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), bits, 16);
    if (!type || ec != std::errc() || p != hex.data() + hex.size())
      return "cannot read immediate '" + std::string(t) + "'";
    c.w.put(5u | mod << 3, 1);
    c.w.put(static_cast<unsigned>(*type), 1);
    const bool wide = *type == VisaType::kDF || *type == VisaType::kQ || *type == VisaType::kUQ;
    c.w.put(bits, wide ? 8 : 4);
    return std::nullopt;
  }
  const size_t open = t.find('(');
  const std::string_view name = t.substr(0, open);
  const Variable* var = c.syms.find_name(name);
  if (var == nullptr) return "'" + std::string(name) + "' is not declared";
  const uint32_t id = c.map(var->cls, var->id);
  if (var->cls == VarClass::kPredicate && open == std::string_view::npos) {
    c.w.put(2u | mod << 3, 1);
    c.w.put(id, 2);
    return std::nullopt;
  }
  if (open == std::string_view::npos) return "cannot read operand '" + std::string(t) + "'";
  if (var->cls == VarClass::kSurface || var->cls == VarClass::kSampler) {  // state: T6(0)
    const auto off = number(t.substr(open + 1, t.size() - open - 2));
    if (!off || !t.ends_with(")")) return "cannot read state operand '" + std::string(t) + "'";
    c.w.put(6u | mod << 3, 1);
    c.w.put(var->cls == VarClass::kSampler ? 1 : 0, 1);
    c.w.put(id, 2);
    c.w.put(*off, 1);
    return std::nullopt;
  }
  if (var->cls != VarClass::kGeneral) return "operand '" + std::string(t) + "' is not general";
  // general: NAME(row,col)<h> (dst) or <v;w,h> (src)
  const size_t comma = t.find(',', open), close = t.find(')', open);
  const size_t lt = t.find('<', close), gt = t.rfind('>');
  if (comma > close || close == std::string_view::npos || lt == std::string_view::npos ||
      gt != t.size() - 1)
    return "cannot read operand '" + std::string(t) + "'";
  const auto row = number(t.substr(open + 1, comma - open - 1));
  const auto col = number(t.substr(comma + 1, close - comma - 1));
  const std::string_view reg = t.substr(lt + 1, gt - lt - 1);
  uint16_t region = 0;
  if (dst) {
    const auto h = region_code(reg);
    if (!h) return "cannot read region '" + std::string(reg) + "'";
    region = static_cast<uint16_t>(*h << 8);
  } else {
    const size_t semi = reg.find(';'), c2 = reg.find(',');
    if (semi == std::string_view::npos || c2 == std::string_view::npos || c2 < semi)
      return "cannot read region '" + std::string(reg) + "'";
    const auto vs = region_code(reg.substr(0, semi));
    const auto wd = region_code(reg.substr(semi + 1, c2 - semi - 1));
    const auto hs = region_code(reg.substr(c2 + 1));
    if (!vs || !wd || !hs) return "cannot read region '" + std::string(reg) + "'";
    region = static_cast<uint16_t>(*vs | *wd << 4 | *hs << 8);
  }
  if (!row || !col || *row > 255 || *col > 255)
    return "cannot read operand '" + std::string(t) + "'";
  c.w.put(0u | mod << 3, 1);
  c.w.put(id, c.v >= kRawId32Version ? 4 : 2);
  c.w.put(*row, 1);
  c.w.put(*col, 1);
  c.w.put(region, 2);
  return std::nullopt;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

}  // namespace

std::optional<std::string> encode_common_line(std::string_view line, const SymbolTable& syms,
                                              Version v, const IdMap& map,
                                              std::vector<uint8_t>& out) {
  auto w = words(line);
  uint16_t pred = 0;
  if (!w.empty() && w[0].starts_with("(") && w[0].ends_with(")")) {  // (!P1.any)
    std::string_view p = w[0].substr(1, w[0].size() - 2);
    if (p.starts_with("!")) {
      pred |= 0x8000;
      p.remove_prefix(1);
    }
    if (p.ends_with(".any")) pred |= 1 << 13;
    if (p.ends_with(".all")) pred |= 2 << 13;
    p = p.substr(0, p.find('.'));
    const Variable* pv = syms.find_name(p);
    if (pv == nullptr || pv->cls != VarClass::kPredicate)
      return "unknown predicate in " + std::string(w[0]);
    pred = static_cast<uint16_t>(pred | map(VarClass::kPredicate, pv->id));
    w.erase(w.begin());
  }
  if (w.size() < 3) return std::string("too few words");
  std::string_view mn = w[0];
  const std::string_view base = mn.substr(0, mn.find('.'));
  std::string_view suffix = mn.size() > base.size() ? mn.substr(base.size() + 1) : "";
  int extra = -1;  // cmp relation / fminmax min-max byte
  const OpLayout* l = find_layout(base == "min" || base == "max" ? "fminmax" : base);
  if (l == nullptr) return "'" + std::string(base) + "' has no layout";
  if (base == "cmp") {
    for (size_t i = 0; i < kRelations.size(); ++i)
      if (suffix == kRelations[i]) extra = static_cast<int>(i);
    if (extra < 0) return "unknown cmp relation '" + std::string(suffix) + "'";
    suffix = {};
  } else if (base == "min" || base == "max") {
    extra = base == "min" ? 0 : 1;
  }
  const bool sat = suffix == "sat";
  if (!suffix.empty() && !sat) return "unknown suffix ." + std::string(suffix);
  const std::string_view layout = l->layout;
  if (layout.find_first_not_of(extra >= 0 ? "EPVb" : "EPV") != std::string_view::npos ||
      layout.empty() || layout[0] != 'E')
    return "'" + std::string(base) + "' is not a common-class instruction";
  // (M1_NM, 16): the exec size is two words.
  if (!w[1].starts_with("(M") || !w[2].ends_with(")")) return std::string("expected (Mn, size)");
  const std::string_view m = w[1].substr(2, w[1].size() - 3);  // "1" or "1_NM"
  const auto mask = number(m.substr(0, m.find('_')));
  const auto size = number(w[2].substr(0, w[2].size() - 1));
  unsigned code = 0;
  while (size && (1u << code) < *size) ++code;
  if (!mask || *mask < 1 || *mask > 8 || !size || (1u << code) != *size || code > 5)
    return "bad exec size " + std::string(w[1]) + " " + std::string(w[2]);
  Ctx c{syms, v, map, {}};
  c.w.put(l->opcode, 1);
  size_t next = 3;
  bool first_vector = true;
  for (char t : layout) {
    if (t == 'E') {
      c.w.put(code | (*mask - 1 + (m.ends_with("_NM") ? 8u : 0u)) << 4, 1);
    } else if (t == 'P') {
      c.w.put(pred, 2);
    } else if (t == 'b') {
      c.w.put(static_cast<unsigned>(extra), 1);
    } else {
      if (next >= w.size()) return std::string("too few operands");
      const bool dst = first_vector;
      if (auto e = vector_operand(c, w[next++], dst, dst && sat ? 4 : 0)) return e;
      first_vector = false;
    }
  }
  if (next != w.size()) return std::string("too many operands");
  if (pred != 0 && layout.find('P') == std::string_view::npos)
    return "'" + std::string(base) + "' takes no predicate";
  out.insert(out.end(), c.w.bytes().begin(), c.w.bytes().end());
  return std::nullopt;
}

}  // namespace texsim::isa::visa
