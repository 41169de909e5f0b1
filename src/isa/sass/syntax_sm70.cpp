// Reading Volta+ texture text (SM70-SM90) as the inverse of printer_sm70.cpp: modifiers in
// nvdisasm's order, operands by their shape, then the word encoded, decoded and printed back.
#include "isa/sass/syntax_sm70.hpp"

#include <array>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "isa/sass/codec.hpp"
#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

constexpr std::string_view kCite = "nvidia_sm70_fields.md 2-4";

struct Family {
  std::string_view name;
  Opcode bound;
  Opcode bindless;
};
constexpr std::array<Family, 6> kFamilies{{{"TEX", Opcode::kTex, Opcode::kTexB},
                                           {"TLD", Opcode::kTld, Opcode::kTldB},
                                           {"TLD4", Opcode::kTld4, Opcode::kTld4B},
                                           {"TXD", Opcode::kTxd, Opcode::kTxdB},
                                           {"TMML", Opcode::kTmml, Opcode::kTmmlB},
                                           {"TXQ", Opcode::kTxq, Opcode::kTxqB}}};

const Family* family(std::string_view name) {
  for (const Family& f : kFamilies)
    if (f.name == name) return &f;
  return nullptr;
}

// "0x" and 1..16 hex digits.
std::optional<uint64_t> hex_value(std::string_view s) {
  if (s.size() < 3 || s.size() > 18 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
    return std::nullopt;
  uint64_t v = 0;
  for (char c : s.substr(2)) {
    const int d = core::hex_digit(c);
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<uint64_t>(d);
  }
  return v;
}

// R0..R255, RZ, and nvdisasm's ???255 (register 255 where the field has no RZ).
std::optional<uint8_t> reg_value(std::string_view s) {
  if (s == "RZ" || s == "???255") return kRZ;
  if (s.size() < 2 || s.size() > 4 || s[0] != 'R') return std::nullopt;
  unsigned v = 0;
  for (char c : s.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  if (v > 254 || (s.size() > 2 && s[1] == '0')) return std::nullopt;
  return static_cast<uint8_t>(v);
}

// One value of a modifier slot: its spelling without the leading dot ("F16.RN") and its effect.
struct Choice {
  std::string spelling;
  std::function<void(Instruction&)> apply;
};
using ModSlot = std::vector<Choice>;

ModSlot code_slot(WideMod m, unsigned sm, Opcode op, unsigned codes,
                  const std::function<void(Instruction&, uint8_t)>& set) {
  ModSlot slot;
  for (unsigned c = 0; c < codes; ++c) {
    const std::string s = wide_spelling(m, static_cast<uint8_t>(c), sm, op);
    if (s.empty()) continue;
    const auto code = static_cast<uint8_t>(c);
    slot.push_back({s.substr(1), [set, code](Instruction& i) { set(i, code); }});
  }
  return slot;
}

ModSlot flag_slot(Mod m, bool Instruction::*member) {
  return {{std::string(spelling(m, 1)), [member](Instruction& i) { i.*member = true; }}};
}

// The modifier slots of a family in the printer's order (printer_sm70.cpp `modifiers`).
std::vector<ModSlot> mod_slots(Opcode op, unsigned sm) {
  const ModSlot scr =
      code_slot(WideMod::kScr, sm, op, 2, [](Instruction& i, uint8_t c) { i.wide.scr = c != 0; });
  const ModSlot b{{"B", [](Instruction& i) { i.wide.b_bit = true; }},
                  {"???0", [](Instruction& i) { i.wide.b_bit = false; }}};
  const ModSlot f16 =
      code_slot(WideMod::kF16, sm, op, 4, [](Instruction& i, uint8_t c) { i.wide.f16_code = c; });
  const ModSlot cache =
      code_slot(WideMod::kCache, sm, op, 8, [](Instruction& i, uint8_t c) { i.wide.cache = c; });
  auto lod = [&](WideMod m) {
    return code_slot(m, sm, op, 8, [](Instruction& i, uint8_t c) { i.wide.lod_code = c; });
  };
  const ModSlot nodep = flag_slot(Mod::kNodep, &Instruction::nodep);
  const ModSlot aoffi = flag_slot(Mod::kAoffi, &Instruction::aoffi);
  switch (op) {
    case Opcode::kTex:
      return {scr,   b,
              f16,   lod(WideMod::kTexLod),
              aoffi, flag_slot(Mod::kDc, &Instruction::dc),
              cache, flag_slot(Mod::kNdv, &Instruction::ndv),
              nodep};
    case Opcode::kTld:
      return {scr,
              b,
              f16,
              lod(WideMod::kTldLod),
              aoffi,
              cache,
              flag_slot(Mod::kMs, &Instruction::ms),
              flag_slot(Mod::kCl, &Instruction::cl),
              nodep};
    case Opcode::kTld4: {
      ModSlot component;
      for (uint8_t c = 0; c < 4; ++c)
        component.push_back(
            {std::string(spelling(Mod::kComponent, c)), [c](Instruction& i) { i.component = c; }});
      const ModSlot toff =
          code_slot(WideMod::kToff, sm, op, 4, [](Instruction& i, uint8_t c) { i.toff = c; });
      return {scr, component, b, f16, toff, flag_slot(Mod::kDc, &Instruction::dc), cache, nodep};
    }
    case Opcode::kTxd:
      return {b, f16, flag_slot(Mod::kLc, &Instruction::lc), aoffi, cache, nodep};
    case Opcode::kTmml:
      return {b,
              {{std::string(spelling(Mod::kLodQuery, 1)), [](Instruction&) {}}},
              flag_slot(Mod::kNdv, &Instruction::ndv),
              nodep};
    default:
      return {b, nodep};
  }
}

// Whether the choice's dotted spelling is the modifier tokens from `at` on; its token count.
size_t matches(const std::string& spelling, std::span<const TextTok> mods, size_t at) {
  size_t n = 0;
  size_t pos = 0;
  for (;;) {
    const size_t dot = spelling.find('.', pos);
    const std::string_view part =
        std::string_view(spelling).substr(pos, dot == std::string::npos ? dot : dot - pos);
    if (at + n >= mods.size() || mods[at + n].text != part) return 0;
    ++n;
    if (dot == std::string::npos) return n;
    pos = dot + 1;
  }
}

class WideParser {
 public:
  WideParser(Instruction& inst, unsigned sm, core::DiagSink& sink)
      : i_(inst), sm_(sm), sink_(sink) {}

  bool modifiers(const Family& f, std::span<const TextTok> mods) {
    const std::vector<ModSlot> slots = mod_slots(f.bound, sm_);
    size_t at = 0;
    for (const ModSlot& slot : slots) {
      size_t best = 0;
      const Choice* chosen = nullptr;
      for (const Choice& c : slot) {
        const size_t n = matches(c.spelling, mods, at);
        if (n > best) best = n, chosen = &c;
      }
      if (chosen != nullptr) {
        chosen->apply(i_);
        at += best;
      }
    }
    if (at < mods.size()) {
      std::string order;
      for (const ModSlot& slot : slots) {
        std::string alts;
        for (const Choice& c : slot)
          if (!c.spelling.starts_with("INVALID") && !c.spelling.starts_with("???"))
            alts += (alts.empty() ? "." : "|.") + c.spelling;
        if (!alts.empty()) order += " " + alts;
      }
      return fail(mods[at].col, "'." + std::string(mods[at].text) + "' is not a modifier of " +
                                    std::string(f.name) + " on SM" + std::to_string(sm_) +
                                    " here; in nvdisasm's order it takes" + order);
    }
    return true;
  }

  bool operands(const Family& f, std::span<const TextTok> ops, size_t end_col) {
    ops_ = ops;
    end_col_ = end_col;
    const bool txq = f.bound == Opcode::kTxq;
    const bool sampling = !txq && f.bound != Opcode::kTmml;
    if (sampling && k_ < ops.size() && ops[k_].text.size() == 2 && ops[k_].text[0] == 'P' &&
        ops[k_].text[1] >= '0' && ops[k_].text[1] <= '6')
      i_.pd = static_cast<uint8_t>(ops[k_++].text[1] - '0');
    if (!reg(i_.rd1, "Rd2") || !reg(i_.rd0, "Rd") || !reg(i_.ra, "Ra")) return false;
    if (!txq && k_ < ops.size() && reg_value(ops[k_].text)) i_.rb = *reg_value(ops[k_++].text);
    if (txq && !query()) return false;
    if (!texture_operand(f, txq)) return false;
    if (!txq && !dimension(f.bound)) return false;
    if (k_ < ops.size() || txq) {
      if (!need("the component mask")) return false;
      const auto m = hex_value(ops[k_].text);
      if (!m || *m > 0xf) return fail(ops[k_].col, "expected a component mask 0x0..0xf");
      i_.mask = static_cast<uint8_t>(*m);
      ++k_;
    } else {
      i_.mask = 0xf;
    }
    if (k_ < ops.size()) return fail(ops[k_].col, "too many operands");
    return true;
  }

  bool notes(std::span<const TextTok> notes) {
    for (const TextTok& t : notes) {
      if (t.text.size() == 4 && t.text.starts_with("?PM") && t.text[3] >= '1' && t.text[3] <= '3' &&
          sm_ >= 86) {
        i_.wide.pm = static_cast<uint8_t>(t.text[3] - '0');
        continue;
      }
      return fail(t.col, "unexpected '" + std::string(t.text) +
                             "' (a Volta+ line ends with its operands, and on SM86+ an optional "
                             "?PM1..?PM3; its control goes in a [B------:R-:W-:Y:S01] prefix)");
    }
    return true;
  }

  bool fail(uint32_t col, const std::string& msg, std::string_view cite = kCite) {
    sink_.error("SASS-SYNTAX", core::TextLoc{i_.origin.file, i_.origin.line, col}, msg,
                std::string(cite));
    return false;
  }

 private:
  bool need(std::string_view what) {
    if (k_ < ops_.size()) return true;
    return fail(static_cast<uint32_t>(end_col_), "expected " + std::string(what));
  }
  bool reg(uint8_t& out, std::string_view what) {
    if (!need(what)) return false;
    const auto r = reg_value(ops_[k_].text);
    if (!r)
      return fail(ops_[k_].col, "expected a register (R0..R254, RZ) for " + std::string(what) +
                                    ", got '" + std::string(ops_[k_].text) + "'");
    out = *r;
    ++k_;
    return true;
  }
  bool query() {
    if (!need("a TXQ query")) return false;
    for (uint8_t c = 0; c < 4; ++c) {
      if (wide_spelling(WideMod::kQuery, c, sm_) == ops_[k_].text) {
        i_.query = wide_query(c);
        ++k_;
        return true;
      }
    }
    return fail(ops_[k_].col, "unknown TXQ query '" + std::string(ops_[k_].text) +
                                  "' (expected TEX_HEADER_DIMENSION, TEX_HEADER_TEXTURE_TYPE or "
                                  "TEX_HEADER_SAMPLER_POS)");
  }
  // The texture operand by its shape: none (.B), "URn, 0xI", "0xBANK, 0xWORD", "0xB, 0xA, 0xB".
  bool texture_operand(const Family& f, bool txq) {
    const size_t first = k_;
    const size_t stop = txq ? (ops_.empty() ? 0 : ops_.size() - 1) : ops_.size();
    std::vector<TextTok> t;
    while (k_ < stop) {
      const std::string_view s = ops_[k_].text;
      const bool ur = s == "???63" || (s.size() >= 3 && s.starts_with("UR") &&
                                       s.find_first_not_of("0123456789", 2) == s.npos);
      if (!ur && !hex_value(s)) break;
      if (ur && k_ != first) break;
      t.push_back(ops_[k_++]);
    }
    const bool uniform = !t.empty() && !hex_value(t[0].text);
    WideFields& w = i_.wide;
    if (t.empty()) {
      w.source = TexSource::kBindless;
      i_.op = f.bindless;
      return true;
    }
    i_.op = f.bound;
    auto field = [&](const TextTok& tok, unsigned bits,
                     std::string_view what) -> std::optional<uint64_t> {
      const auto v = hex_value(tok.text);
      if (v && *v < (uint64_t{1} << bits)) return v;
      fail(tok.col, "the " + std::string(what) + " is a " + std::to_string(bits) +
                        "-bit field (0x0 .. " + core::hex((uint64_t{1} << bits) - 1) + "), got '" +
                        std::string(tok.text) + "'");
      return std::nullopt;
    };
    if (uniform && t.size() == 2) {
      w.source = TexSource::kUniform;
      unsigned n = 63;
      if (t[0].text != "???63") {
        n = 0;
        for (char c : t[0].text.substr(2)) n = n * 10 + static_cast<unsigned>(c - '0');
        if (n > 62 || t[0].text.size() > 4)
          return fail(t[0].col, "expected a uniform register UR0..UR62, got '" +
                                    std::string(t[0].text) + "'");
      }
      w.tex_a = static_cast<uint16_t>(n);
      const auto imm = field(t[1], 8, "uniform form's immediate");
      if (!imm) return false;
      w.tex_b = static_cast<uint8_t>(*imm);
      return true;
    }
    if (!uniform && t.size() == 2) {
      w.source = TexSource::kBound;
      const auto bank = field(t[0], 5, "constant bank");
      const auto word = bank ? field(t[1], 14, "constant word index") : std::nullopt;
      if (!word) return false;
      w.bank = static_cast<uint8_t>(*bank), w.tex_a = static_cast<uint16_t>(*word);
      return true;
    }
    if (!uniform && t.size() == 3) {
      w.source = TexSource::kCb2;
      const auto bank = field(t[0], 5, "constant bank");
      const auto a = bank ? field(t[1], 6, "first index") : std::nullopt;
      const auto b = a ? field(t[2], 8, "second index") : std::nullopt;
      if (!b) return false;
      w.bank = static_cast<uint8_t>(*bank), w.tex_a = static_cast<uint16_t>(*a);
      w.tex_b = static_cast<uint8_t>(*b);
      return true;
    }
    return fail(t[0].col,
                "the texture is written '0xBANK, 0xWORD' (bound), 'URn, 0xIMM' (uniform, SM75+), "
                "'0xBANK, 0xA, 0xB', or nothing with .B (bindless)");
  }
  bool dimension(Opcode op) {
    if (!need("the dimension (1D, 2D, 3D, CUBE, ARRAY_1D, ARRAY_2D, ARRAY_CUBE)")) return false;
    for (uint8_t c = 0; c < 8; ++c) {
      if (wide_spelling(WideMod::kDim, c, sm_, op) == ops_[k_].text) {
        i_.param_a = wide_dim(c);
        ++k_;
        return true;
      }
    }
    return fail(ops_[k_].col, "unknown dimension '" + std::string(ops_[k_].text) +
                                  "' (expected 1D, 2D, 3D, CUBE, ARRAY_1D, ARRAY_2D, ARRAY_CUBE as "
                                  "the opcode allows)");
  }

  Instruction& i_;
  unsigned sm_;
  core::DiagSink& sink_;
  std::span<const TextTok> ops_;
  size_t end_col_ = 0;
  size_t k_ = 0;
};

// The line as nvdisasm would print it, whitespace collapsed: guard, mnemonic, operands, notes.
std::string written(const Instruction& inst, TextTok mn, std::span<const TextTok> ops,
                    std::span<const TextTok> notes) {
  std::string out;
  if (inst.pred != kPT || inst.pred_neg) {
    out += inst.pred_neg ? "@!" : "@";
    out += inst.pred == kPT ? std::string("PT") : "P" + std::to_string(inst.pred);
    out += ' ';
  }
  out += mn.text;
  const char* sep = " ";
  for (const TextTok& t : ops) out += sep + std::string(t.text), sep = ", ";
  for (const TextTok& t : notes) out += " " + std::string(t.text);
  return out;
}

}  // namespace

bool is_wide_mnemonic(std::string_view name) {
  return family(name) != nullptr;
}

std::string print_wide_control(const Control& c) {
  std::string base = print_control(c);
  if (c.reuse == 0) return base;
  std::string field = "[";
  for (unsigned b = 0; b < 6; ++b)
    field += ((c.reuse >> b) & 1u) ? static_cast<char>('0' + b) : '-';
  return field + ":" + base.substr(1);
}

std::optional<Instruction> parse_wide(Instruction inst, TextTok mnemonic, std::string_view name,
                                      std::span<const TextTok> mods, std::span<const TextTok> ops,
                                      std::span<const TextTok> notes, unsigned sm,
                                      core::DiagSink& sink) {
  const Family* f = family(name);
  if (f == nullptr) return std::nullopt;
  inst.kind = Kind::kInstruction;
  inst.wide.sm = static_cast<uint8_t>(sm);
  inst.wide.cache = 1;
  inst.rb = kRZ;
  WideParser p(inst, sm, sink);
  size_t end_col = mnemonic.col + mnemonic.text.size();
  if (!ops.empty()) end_col = ops.back().col + ops.back().text.size();
  if (!p.modifiers(*f, mods) || !p.operands(*f, ops, end_col) || !p.notes(notes))
    return std::nullopt;
  inst.aoffi = inst.aoffi || inst.toff == 1;
  inst.wide.sched = wide_sched(inst.ctrl);
  // The word, then what it decodes to: every meaning member consistent with the codes (W2, W4).
  core::DiagSink tmp;
  const std::string platform = "SM" + std::to_string(sm);
  const core::TextLoc at{inst.origin.file, inst.origin.line, mnemonic.col};
  const WideRow* row = wide_row_for(inst.op, inst.wide.source);
  if (row == nullptr || wide_row(row->opcode, sm) == nullptr) {
    sink.error("SASS-SYNTAX", at,
               std::string(name) + " with a uniform-register texture needs SM75 or later",
               "nvidia_sm70_fields.md 1");
    return std::nullopt;
  }
  const auto word = encode_sm70(inst, tmp);
  if (!word) {
    for (const core::Diagnostic& d : tmp.diagnostics())
      sink.error("SASS-SYNTAX", at, d.message + " on " + platform, d.citation);
    return std::nullopt;
  }
  Instruction out = decode_sm70(*word, platform, inst.origin, tmp);
  out.has_ctrl = inst.has_ctrl;
  out.ctrl = inst.ctrl;
  const std::string expect = print_sm70(out);
  if (expect != written(inst, mnemonic, ops, notes)) {
    sink.error("SASS-SYNTAX", at,
               "nvdisasm prints this " + platform + " instruction as '" + expect +
                   "'; texsim reads Volta+ text in nvdisasm's form",
               std::string(kCite));
    return std::nullopt;
  }
  return out;
}

// A Volta+ line (sm != 0): a texture instruction (syntax_sm70.cpp), a 128-bit .word, or
// another instruction kept as text; Maxwell/Pascal's short forms do not exist there.
std::optional<Instruction> read_wide_line(Instruction inst, TextTok mn, std::string_view name,
                                          std::span<const TextTok> mods,
                                          std::span<const TextTok> ops,
                                          std::span<const TextTok> notes, std::string_view text,
                                          unsigned sm, core::DiagSink& sink) {
  auto error = [&](std::string rule, uint32_t col, std::string msg,
                   std::string_view cite = "interface.md, Program text (SASS)") {
    sink.error(std::move(rule), core::TextLoc{inst.origin.file, inst.origin.line, col},
               std::move(msg), std::string(cite));
  };
  const std::string arch = "SM" + std::to_string(sm);
  if (name == ".word") {
    const std::string_view v = ops.size() == 1 ? ops[0].text : std::string_view();
    const bool ok = mods.empty() && notes.empty() && v.size() > 2 && v.size() <= 34 &&
                    v[0] == '0' && (v[1] == 'x' || v[1] == 'X') &&
                    v.find_first_not_of("0123456789abcdefABCDEF", 2) == std::string_view::npos;
    if (!ok) {
      error("SASS-SYNTAX", mn.col,
            ".word on " + arch + " takes one 128-bit value (0x and up to 32 hex digits)");
      return std::nullopt;
    }
    const std::string_view digits = v.substr(2);
    const size_t split = digits.size() > 16 ? digits.size() - 16 : 0;
    inst.kind = Kind::kRaw;
    inst.wide.sm = static_cast<uint8_t>(sm);
    inst.raw_word = hex_value("0x" + std::string(digits.substr(split))).value_or(0);
    inst.wide.raw_hi =
        split == 0 ? 0 : hex_value("0x" + std::string(digits.substr(0, split))).value_or(0);
    const auto sched = static_cast<uint32_t>(inst.wide.raw_hi >> 41);
    if (inst.has_ctrl && wide_sched(inst.ctrl) != sched) {
      error("SASS-SYNTAX", mn.col,
            "the control prefix is not the word's bits 127:105 (" +
                print_wide_control(wide_control(sched)) + ")",
            "nvidia_sm70_fields.md 7");
      return std::nullopt;
    }
    inst.ctrl = wide_control(sched);
    inst.text = "given as .word in the source";
    return inst;
  }
  if (is_wide_mnemonic(name)) {
    return parse_wide(std::move(inst), mn, name, mods, ops, notes, sm, sink);
  }
  if (spec_for_mnemonic(name) != nullptr && name != "NOP") {
    error("SASS-UNKNOWN-OPCODE", mn.col,
          std::string(name) + " is a Maxwell/Pascal instruction; " + arch +
              " has no short texture forms (its texture instructions are TEX, TLD, TLD4, TXD, "
              "TMML and TXQ)",
          "nvidia_sm70_fields.md 1");
    return std::nullopt;
  }
  // Another instruction: kept as text (the front end says once how many, and which of them
  // came without the encoding that would let them assemble).
  inst.kind = Kind::kUnsupported;
  inst.wide.sm = static_cast<uint8_t>(sm);
  inst.text = std::string(text);
  inst.origin.column[static_cast<size_t>(Slot::kInstr)] = mn.col;
  return inst;
}

// A Volta+ listing line's encoding (bits 63:0 on its line, 127:64 on the next): an unmodelled
// instruction keeps it; a texture instruction or .word must be exactly what the word decodes to,
// which then brings the bits the text does not show (scheduling, ignored bits).
void take_wide_word(Instruction& inst, const Word128& w, core::DiagSink& sink) {
  const core::TextLoc at{inst.origin.file, inst.origin.line, 1};
  if (inst.kind == Kind::kUnsupported) {
    inst.raw_word = w.lo;
    inst.wide.raw_hi = w.hi;
    inst.word_given = true;
    return;
  }
  core::DiagSink tmp;
  const std::string arch = "SM" + std::to_string(inst.wide.sm);
  Instruction d = decode_sm70(w, arch, inst.origin, tmp);
  const bool same = inst.kind == Kind::kRaw
                        ? (inst.raw_word == w.lo && inst.wide.raw_hi == w.hi)
                        : (d.kind == Kind::kInstruction && print_sm70(d) == print_sm70(inst));
  if (!same) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "0x%016llx%016llx", static_cast<unsigned long long>(w.hi),
                  static_cast<unsigned long long>(w.lo));
    sink.error("SASS-SYNTAX", at,
               std::string("the line's encoding ") + buf + " is " +
                   (d.kind == Kind::kInstruction ? "'" + print_sm70(d) + "'"
                                                 : "no texture instruction of " + arch) +
                   ", not the line's text",
               "nvidia_sm70_fields.md 8");
    return;
  }
  if (inst.kind == Kind::kRaw) return;
  d.origin = inst.origin;
  d.has_ctrl = true;
  d.ctrl = wide_control(d.wide.sched);
  inst = std::move(d);
}

}  // namespace texsim::isa::sass
