// The engine of the generic Maxwell/Pascal opcode table (generic_ops.hpp): one printer and one
// parser walking the rows of every family (generic_table.hpp), guard and reuse flags included.
#include "isa/sass/generic_ops.hpp"

#include <array>
#include <cstdio>

#include "core/text.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass {

namespace {

using generic::Ctx;
using generic::K;
using generic::Mod;
using generic::Opnd;
using generic::Row;

// Every family's rows, in the order the engine matches them (the first match wins).
constexpr std::array kFamilies{&generic::base_rows,  &generic::int_rows,    &generic::int2_rows,
                               &generic::float_rows, &generic::float2_rows, &generic::mem_rows,
                               &generic::ctrl_rows,  &generic::half_rows,   &generic::surf_rows,
                               &generic::video_rows, &generic::gfx_rows,    &generic::gfx2_rows};

uint64_t bits(uint64_t w, unsigned lo, unsigned n) {
  return (w >> lo) & ((uint64_t{1} << n) - 1);
}

unsigned width(Opnd o) {
  switch (o.kind) {
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
    case K::kCustom:
      return o.custom->width;
    default:
      return 8;
  }
}

// An operand's value in the word, and its bits in a word (kImm20's sign is bit 56).
uint64_t extract(Opnd o, uint64_t w) {
  if (o.kind == K::kImm20) return bits(w, o.lo, 19) | bits(w, 56, 1) << 19;
  return bits(w, o.lo, width(o));
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

std::string reg_text(uint64_t v, bool reuse) {
  return (v == 255 ? std::string("RZ") : "R" + std::to_string(v)) + (reuse ? ".reuse" : "");
}

// The reuse bit a source-register operand's ".reuse" stands for.
unsigned reuse_bit(Opnd o) {
  switch (o.kind) {
    case K::kRegA:
      return 1u;
    case K::kRegB:
      return 2u;
    case K::kRegC:
      return 4u;
    case K::kCustom:
      return o.custom->reuse_bit;
    default:
      return 0u;
  }
}

// An operand's text; empty when nvdisasm omits it (its default value), nullopt when texsim
// cannot name it (without the architecture, or a value nvdisasm has no text for).
std::optional<std::string> operand_text(Opnd o, uint64_t v, const Ctx& ctx) {
  switch (o.kind) {
    case K::kReg:
    case K::kRegA:
    case K::kRegB:
    case K::kRegC:
      return reg_text(v, (ctx.reuse & reuse_bit(o)) != 0);
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
      return generic::special_name(static_cast<unsigned>(v), ctx.sm);
    case K::kCc:
      return v == 15 ? "" : "CC." + std::string(generic::cc_name(static_cast<unsigned>(v)));
    case K::kImm16:
      return v == 0 ? "" : hex(v);
    case K::kPred:
      return std::string((v & 8u) != 0 ? "!" : "") +
             ((v & 7u) == 7 ? "PT" : "P" + std::to_string(v & 7u));
    case K::kCustom: {
      auto t = o.custom->text(v, ctx);
      if (t && (reuse_bit(o) & ctx.reuse) != 0) *t += ".reuse";
      return t;
    }
  }
  return std::nullopt;
}

// The value an omitted operand encodes; nullopt when the operand cannot be omitted.
std::optional<uint64_t> default_of(Opnd o) {
  switch (o.kind) {
    case K::kMask4:  // 0xf: every lane
    case K::kCc:     // 15: T
      return 0xf;
    case K::kImm16:
      return 0;
    case K::kCustom:
      return o.custom->omit;
    default:
      return std::nullopt;
  }
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
// compared, so that only nvdisasm's own spelling is accepted). `ctx.reuse` is 0 here.
std::optional<uint64_t> operand_value(Opnd o, std::string_view t, const Ctx& ctx) {
  std::optional<uint64_t> v;
  const unsigned w = width(o);
  if (o.kind == K::kImm32 || o.kind == K::kMask4 || o.kind == K::kImm16 || o.kind == K::kImm5) {
    v = parse_hex(t);
  } else if (o.kind == K::kImm20) {
    v = parse_signed(t, 20);
  } else if (o.kind == K::kCBank && t.starts_with("c[") && t.ends_with("]")) {
    const size_t mid = t.find("][");
    if (mid == std::string_view::npos) return std::nullopt;
    const auto bank = parse_hex(t.substr(2, mid - 2));
    const auto off = parse_signed(t.substr(mid + 2, t.size() - mid - 3), 16);
    if (bank && off && *bank < 32) v = *bank << 14 | (*off >> 2);
  } else if (o.kind == K::kCustom && o.custom->parse != nullptr) {
    v = o.custom->parse(t, ctx);
  } else if (o.kind != K::kCBank && w <= 16) {
    for (uint64_t c = 0; c < (uint64_t{1} << w) && !v; ++c) {
      if (operand_text(o, c, ctx) == t) v = c;
    }
  }
  if (!v || (w < 64 && *v >= (uint64_t{1} << w))) return std::nullopt;
  // A text nvdisasm ends with a space ("-0.0 ") is read without it (operands are trimmed).
  const auto back = operand_text(o, *v, ctx);
  if (!back || core::trim(*back) != t) return std::nullopt;
  return v;
}

// Whether `r` exists on architecture sm (0: unknown, every row does).
bool on_sm(const Row& r, unsigned sm) {
  return sm == 0 || sm >= r.min_sm;
}

const Row* row_of(uint64_t word, unsigned sm) {
  for (const auto family : kFamilies) {
    for (const Row& r : family()) {
      if ((word & r.mask) == r.match && on_sm(r, sm)) return &r;
    }
  }
  return nullptr;
}

// The names of a modifier's values on architecture sm (0, unknown: the SM5x names).
std::span<const std::string_view> names_of(const Mod& m, unsigned sm) {
  if (m.names_on != nullptr) return m.names_on(sm);
  return !m.names_sm60.empty() && sm >= 60 ? m.names_sm60 : m.names;
}

// The modifier texts of `r` in `word` ("" when every field prints nothing); nullopt when a
// field's value has no name.
std::optional<std::string> mods_text(const Row& r, uint64_t word, unsigned sm) {
  if (r.custom_mods != nullptr) return r.custom_mods->text(word, sm);
  std::string out;
  for (const Mod& m : r.mods) {
    if (m.width == 0) continue;
    const uint64_t v = bits(word, m.lo, m.width);
    const auto names = names_of(m, sm);
    if (v >= names.size()) return std::nullopt;
    out += names[v];
  }
  return out;
}

}  // namespace

const std::vector<GenericOpInfo>& generic_ops() {
  static const std::vector<GenericOpInfo> ops = [] {
    std::vector<GenericOpInfo> v;
    for (const auto family : kFamilies) {
      for (const Row& r : family()) v.push_back({r.name, r.mask, r.match});
    }
    return v;
  }();
  return ops;
}

std::optional<std::string> generic_text(uint64_t word, unsigned sm, unsigned reuse,
                                        std::optional<uint64_t> pc) {
  const Row* r = row_of(word, sm);
  if (r == nullptr) return std::nullopt;
  const Ctx ctx{sm, reuse, pc};
  std::string out;
  const unsigned pred = static_cast<unsigned>(bits(word, 16, 3));
  const bool neg = bits(word, 19, 1) != 0;
  if (r->guard && (pred != 7 || neg))
    out += std::string(neg ? "@!" : "@") + (pred == 7 ? "PT" : "P" + std::to_string(pred)) + " ";
  out += r->name;
  const bool po = r->po && bits(word, 48, 2) == 3;
  if (po) out += ".PO";  // before the other modifiers ("IADD.PO.SAT.X")
  const auto mods = mods_text(*r, word, sm);
  if (!mods) return std::nullopt;
  out += *mods;
  const char* sep = " ";
  for (unsigned i = 0; i < r->nops; ++i) {
    const Opnd o = r->ops[i];
    const auto t = operand_text(o, extract(o, word), ctx);
    if (!t) return std::nullopt;
    if (t->empty()) continue;
    out += sep;
    // A negated immediate prints ".NEG" after it (nvdisasm: "0x411f.NEG").
    const bool negated = !po && o.neg != 0 && bits(word, o.neg, 1) != 0;
    const bool absolute = o.abs != 0 && bits(word, o.abs, 1) != 0;
    if (negated && o.kind != K::kImm20) out += '-';
    out += absolute ? "|" + *t + "|" : *t;
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

// The modifier bits of `r` for the suffix `mods` (each field takes the longest name that
// prefixes what is left; an empty name is no text); nullopt when something is left over.
std::optional<uint64_t> encode_mods(const Row& r, std::string_view mods, unsigned sm) {
  if (r.custom_mods != nullptr) return r.custom_mods->parse(mods, sm);
  uint64_t word = 0;
  for (const Mod& m : r.mods) {
    if (m.width == 0) continue;
    const auto names = names_of(m, sm);
    std::optional<uint64_t> best;
    for (uint64_t v = 0; v < names.size(); ++v) {
      if (mods.starts_with(names[v]) && (!best || names[v].size() > names[*best].size())) best = v;
    }
    if (!best) return std::nullopt;
    mods.remove_prefix(names[*best].size());
    word |= *best << m.lo;
  }
  if (!mods.empty()) return std::nullopt;
  return word;
}

// One operand's text with its decorations ('-', "|x|", ".NEG", ".CC", ".reuse") taken off into
// `g`; the value of what is left.
std::optional<uint64_t> encode_operand(Opnd o, std::string_view t, const Ctx& ctx, GenericWord& g) {
  if (o.neg != 0 && o.kind != K::kImm20 && t.starts_with("-")) {
    t.remove_prefix(1);
    g.word |= uint64_t{1} << o.neg;
  }
  if (o.abs != 0 && t.size() >= 2 && t.starts_with("|") && t.ends_with("|")) {
    t = t.substr(1, t.size() - 2);
    g.word |= uint64_t{1} << o.abs;
  }
  if (o.neg != 0 && o.kind == K::kImm20 && t.ends_with(".NEG")) {
    t.remove_suffix(4);
    g.word |= uint64_t{1} << o.neg;
  }
  if (o.cc != 0 && t.ends_with(".CC")) {
    t.remove_suffix(3);
    g.word |= uint64_t{1} << o.cc;
  }
  if (reuse_bit(o) != 0 && t.ends_with(".reuse")) {
    t.remove_suffix(6);
    g.reuse |= reuse_bit(o);
  }
  return operand_value(o, t, ctx);
}

// The word of `r` for its modifier suffix and operand texts; nullopt when they do not fit.
std::optional<GenericWord> encode_row(const Row& r, std::string_view mods,
                                      const std::vector<std::string_view>& ops, const Ctx& ctx) {
  GenericWord g{r.match, 0};
  if (r.po && mods.starts_with(".PO")) {
    g.word |= uint64_t{3} << 48;
    mods.remove_prefix(3);
  }
  const auto mod_bits = encode_mods(r, mods, ctx.sm);
  if (!mod_bits) return std::nullopt;
  g.word |= *mod_bits;
  size_t k = 0;
  for (unsigned i = 0; i < r.nops; ++i) {
    const Opnd o = r.ops[i];
    GenericWord tried = g;
    std::optional<uint64_t> v;
    if (k < ops.size()) v = encode_operand(o, ops[k], ctx, tried);
    if (v) {
      g = tried;
      ++k;
    } else if (const auto d = default_of(o)) {
      v = d;
    } else {
      return std::nullopt;
    }
    g.word |= insert(o, *v);
  }
  if (k != ops.size()) return std::nullopt;
  return g;
}

// Whether `g` prints as `text` (without its guard), spaces aside.
bool prints_back(const GenericWord& g, std::string_view text, const Ctx& ctx) {
  const auto printed =
      generic_text((g.word & ~(uint64_t{0xf} << 16)) | uint64_t{7} << 16, ctx.sm, g.reuse, ctx.pc);
  if (!printed) return false;
  std::string a, b;
  for (const char c : *printed) {
    if (c != ' ') a += c;
  }
  for (const char c : text) {
    if (c != ' ') b += c;
  }
  return a == b;
}

}  // namespace

std::optional<GenericWord> generic_encode(std::string_view text, unsigned sm,
                                          std::optional<uint64_t> pc) {
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
      size_t c = rest.find(',');
      // Commas inside braces do not split operands (DEPBAR's "{5,4,1,0}").
      if (const size_t open = rest.find('{'); open < c) {
        const size_t close = rest.find('}', open);
        c = close == std::string_view::npos ? close : rest.find(',', close);
      }
      ops.push_back(core::trim(rest.substr(0, c)));
      if (c == std::string_view::npos) break;
      rest = rest.substr(c + 1);
    }
  }
  const size_t dot = mnem.find('.');
  const std::string_view name = mnem.substr(0, dot);
  const std::string_view mods = dot == std::string_view::npos ? "" : mnem.substr(dot);
  const Ctx ctx{sm, 0, pc};
  for (const auto family : kFamilies) {
    for (const Row& r : family()) {
      if (r.name != name || !on_sm(r, sm) || (!r.guard && *guard != uint64_t{7} << 16)) continue;
      // The word must be the row's, and print the text back: fields of a row may share bits
      // (ATOM.CAS's register pair) or lie under opcode bits (rows narrowed by a field value).
      if (auto g = encode_row(r, mods, ops, ctx);
          g && (g->word & r.mask) == r.match && prints_back(*g, t, ctx)) {
        g->word = (g->word & ~(uint64_t{0xf} << 16)) | *guard;
        return g;
      }
    }
  }
  return std::nullopt;
}

}  // namespace texsim::isa::sass
