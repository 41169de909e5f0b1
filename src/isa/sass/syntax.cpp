// Parser and printer of SASS text (nvdisasm's form plus the spec's annotations), walking the
// OpSpec rows (opspec.hpp). Never prints to a stream; problems go to the DiagSink.
#include "isa/sass/syntax.hpp"

#include <cctype>

#include <cstdio>
#include <limits>

#include "core/text.hpp"
#include "isa/sass/codec.hpp"
#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/mnemonics.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax_sm70.hpp"

namespace texsim::isa::sass {

namespace {

constexpr std::string_view kSyntaxCite = "interface.md, Program text (SASS)";

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

using core::trim;

// A line with its comments (// and # to the end, /* ... */ blocks) and nvdisasm's dual-issue
// braces blanked to spaces, so columns are kept. The line parser and the line classifier both
// read this, so "} .directive" and "/*0008*/ .directive" are directives to both (F6, F7).
std::string blank_line(std::string_view line) {
  std::string buf(line);
  for (size_t i = 0; i < buf.size(); ++i) {
    if (buf[i] == '#' || (buf[i] == '/' && i + 1 < buf.size() && buf[i + 1] == '/')) {
      buf.resize(i);
      break;
    }
    if (buf[i] == '/' && i + 1 < buf.size() && buf[i + 1] == '*') {
      const size_t end = buf.find("*/", i + 2);
      const size_t stop = end == std::string::npos ? buf.size() : end + 2;
      for (size_t k = i; k < stop; ++k) buf[k] = ' ';
      i = stop - 1;
    }
  }
  for (char& c : buf) {
    if (c == '{' || c == '}') c = ' ';
  }
  return buf;
}

std::optional<uint64_t> parse_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  uint64_t v = 0;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    s.remove_prefix(2);
    if (s.size() > 16) return std::nullopt;
    for (char c : s) {
      unsigned d;
      if (is_digit(c))
        d = static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        d = static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        d = static_cast<unsigned>(c - 'A' + 10);
      else
        return std::nullopt;
      v = v * 16 + d;
    }
    return v;
  }
  if (s.size() > 19) return std::nullopt;
  for (char c : s) {
    if (!is_digit(c)) return std::nullopt;
    v = v * 10 + static_cast<unsigned>(c - '0');
  }
  return v;
}

std::optional<uint8_t> parse_register(std::string_view s) {
  if (s == "RZ") return kRZ;
  if (s.size() < 2 || s[0] != 'R') return std::nullopt;
  for (size_t i = 1; i < s.size(); ++i) {
    if (!is_digit(s[i])) return std::nullopt;
  }
  if (s.size() > 4) return std::nullopt;
  const auto v = parse_number(s.substr(1));
  if (!v || *v > 255) return std::nullopt;
  return static_cast<uint8_t>(*v);
}

std::optional<uint8_t> parse_predicate(std::string_view s) {
  if (s == "PT") return kPT;
  if (s.size() == 2 && s[0] == 'P' && s[1] >= '0' && s[1] <= '6') {
    return static_cast<uint8_t>(s[1] - '0');
  }
  return std::nullopt;
}

// A token of the line with its 1-based column.
using Tok = TextTok;

class LineParser {
  friend class OperandReader;

 public:
  LineParser(std::string_view line, const std::string& file, uint32_t line_no, unsigned sm,
             core::DiagSink& sink)
      : line_(line), file_(file), line_no_(line_no), sm_(sm), sink_(sink) {}

  std::optional<Instruction> run();

 private:
  core::TextLoc at(uint32_t col) const { return core::TextLoc{file_, line_no_, col}; }
  void error(std::string rule, uint32_t col, std::string msg, std::string_view cite = kSyntaxCite) {
    sink_.error(std::move(rule), at(col), std::move(msg), std::string(cite));
    failed_ = true;
  }
  uint32_t col_of(size_t pos) const { return static_cast<uint32_t>(pos + 1); }
  bool parse_row(const OpSpec& spec, Instruction& inst, const std::vector<Tok>& mods,
                 const std::vector<Tok>& ops);
  bool parse_mods(const OpSpec& spec, Instruction& inst, const std::vector<Tok>& mods);
  bool parse_annotation(Instruction& inst, Tok t, bool& first);
  // The steps of run().
  struct Operands {
    std::vector<Tok> ops;
    std::vector<Tok> notes;
    std::optional<Tok> missing_comma;
  };
  bool control_prefix(std::string_view s, size_t& pos, Instruction& inst);
  std::vector<Tok> words_of(std::string_view s, size_t pos, size_t stop) const;
  bool guard(const std::vector<Tok>& words, size_t& w, Instruction& inst);
  std::string_view split_mnemonic(Tok mn, std::vector<Tok>& mods) const;
  void split_operands(const std::vector<Tok>& words, size_t w, Operands& out);
  std::optional<Instruction> raw_word(Instruction inst, Tok mn, const std::vector<Tok>& mods,
                                      const Operands& o);
  std::optional<Instruction> modelled(Instruction inst, const OpSpec& base, std::string_view name,
                                      const std::vector<Tok>& mods, const Operands& o);

  std::string_view line_;
  const std::string& file_;
  uint32_t line_no_;
  unsigned sm_;  // 0: Maxwell/Pascal text; 70..90: Volta+ (syntax_sm70.cpp)
  core::DiagSink& sink_;
  bool failed_ = false;
};

// The control prefix "[B------:R-:W5:-:S01]" at `pos`, if any: into inst.ctrl; `pos` moves past
// it. False after an error.
bool LineParser::control_prefix(std::string_view s, size_t& pos, Instruction& inst) {
  if (pos >= s.size() || s[pos] != '[') return true;
  const size_t end = s.find(']', pos);
  if (end == std::string_view::npos) {
    error("SASS-SYNTAX", col_of(pos), "unterminated control prefix '['");
    return false;
  }
  const auto c = parse_control(s.substr(pos, end - pos + 1), sm_ != 0);
  if (!c) {
    error("SASS-SYNTAX", col_of(pos),
          "bad control prefix '" + std::string(s.substr(pos, end - pos + 1)) +
              "' (expected e.g. [B------:R-:W5:-:S01])",
          "nvidia_tlds.md 1.2");
    return false;
  }
  inst.ctrl = *c;
  inst.has_ctrl = true;
  inst.origin.column[static_cast<size_t>(Slot::kControl)] = col_of(pos);
  pos = end + 1;
  while (pos < s.size() && is_space(s[pos])) ++pos;
  return true;
}

// The whitespace-separated words of s[pos, stop) (commas split operands later).
std::vector<Tok> LineParser::words_of(std::string_view s, size_t pos, size_t stop) const {
  std::vector<Tok> words;
  for (size_t i = pos; i < stop;) {
    while (i < stop && is_space(s[i])) ++i;
    if (i >= stop) break;
    size_t j = i;
    while (j < stop && !is_space(s[j])) ++j;
    words.push_back({s.substr(i, j - i), col_of(i)});
    i = j;
  }
  return words;
}

// A leading "@P0" / "@!PT" word into inst.pred: `w` moves past it. False after an error.
bool LineParser::guard(const std::vector<Tok>& words, size_t& w, Instruction& inst) {
  if (words[0].text.empty() || words[0].text[0] != '@') return true;
  std::string_view p = words[0].text.substr(1);
  if (!p.empty() && p[0] == '!') {
    inst.pred_neg = true;
    p.remove_prefix(1);
  }
  const auto pr = parse_predicate(p);
  if (!pr) {
    error("SASS-SYNTAX", words[0].col,
          "bad predicate '" + std::string(words[0].text) + "' (expected @P0..@P6, @PT, @!Pn)");
    return false;
  }
  inst.pred = *pr;
  inst.origin.column[static_cast<size_t>(Slot::kPred)] = words[0].col;
  ++w;
  return true;
}

// "TEX.B.LL" -> name "TEX" and the modifier tokens "B", "LL" with their columns.
std::string_view LineParser::split_mnemonic(Tok mn, std::vector<Tok>& mods) const {
  std::string_view name = mn.text;
  const size_t dot = name.find('.', 1);
  if (dot == std::string_view::npos) return name;
  std::string_view rest = name.substr(dot + 1);
  name = name.substr(0, dot);
  uint32_t c = mn.col + static_cast<uint32_t>(name.size()) + 1;
  for (;;) {
    const size_t d = rest.find('.');
    const std::string_view m = rest.substr(0, d);
    mods.push_back({m, c});
    if (d == std::string_view::npos) break;
    c += static_cast<uint32_t>(m.size()) + 1;
    rest = rest.substr(d + 1);
  }
  return name;
}

// The words from `w` on: operands (split at commas) and the annotations (& / ?) after them;
// `missing_comma`: an operand after the first with only whitespace before it ("R4 0x1").
void LineParser::split_operands(const std::vector<Tok>& words, size_t w, Operands& out) {
  bool in_notes = false;
  bool comma_seen = false;
  for (size_t k = w; k < words.size(); ++k) {
    const Tok t = words[k];
    // nvdisasm's "???255" / "???63" (a value with no name) are operands, not annotations.
    if (!t.text.empty() && (t.text[0] == '&' || t.text[0] == '?') && !t.text.starts_with("???"))
      in_notes = true;
    if (in_notes) {
      out.notes.push_back(t);
      continue;
    }
    size_t i = 0;
    while (i <= t.text.size()) {
      const size_t comma = t.text.find(',', i);
      const size_t e = comma == std::string_view::npos ? t.text.size() : comma;
      if (e > i) {
        const Tok op{t.text.substr(i, e - i), t.col + static_cast<uint32_t>(i)};
        if (!out.ops.empty() && !comma_seen && !out.missing_comma) out.missing_comma = op;
        out.ops.push_back(op);
        comma_seen = false;
      } else if (comma != std::string_view::npos && e == i && k == w && i == 0 && out.ops.empty()) {
        error("SASS-SYNTAX", t.col, "operand list starts with ','");
      }
      if (comma == std::string_view::npos) break;
      comma_seen = true;
      i = comma + 1;
    }
  }
}

// ".word 0x..." : a raw word placeholder.
std::optional<Instruction> LineParser::raw_word(Instruction inst, Tok mn,
                                                const std::vector<Tok>& mods, const Operands& o) {
  if (!mods.empty() || o.ops.size() != 1 || !o.notes.empty()) {
    error("SASS-SYNTAX", mn.col, ".word takes one 64-bit value");
    return std::nullopt;
  }
  const auto v = parse_number(o.ops[0].text);
  if (!v) {
    error("SASS-SYNTAX", o.ops[0].col, "bad .word value '" + std::string(o.ops[0].text) + "'");
    return std::nullopt;
  }
  inst.kind = Kind::kRaw;
  inst.raw_word = *v;
  inst.text = "given as .word in the source";
  return inst;
}

// An instruction of the table: its row (TEX.B: the bindless row), modifiers and operands.
std::optional<Instruction> LineParser::modelled(Instruction inst, const OpSpec& base,
                                                std::string_view name, const std::vector<Tok>& mods,
                                                const Operands& o) {
  std::vector<std::string_view> mod_texts(mods.size());
  for (size_t k = 0; k < mods.size(); ++k) mod_texts[k] = mods[k].text;
  const OpSpec* spec = &row_for_mods(base, mod_texts);
  inst.op = spec->op;
  if (spec->mods.empty() && !mods.empty()) {
    error("SASS-SYNTAX", mods[0].col, std::string(name) + " takes no modifiers");
    return std::nullopt;
  }
  if (spec->operands.empty() && !o.ops.empty()) {
    error("SASS-SYNTAX", o.ops[0].col, std::string(name) + " takes no operands");
    return std::nullopt;
  }
  if (spec->operands.empty()) return inst;
  if (o.missing_comma) {
    error("SASS-SYNTAX", o.missing_comma->col,
          "expected ',' before '" + std::string(o.missing_comma->text) + "'");
    return std::nullopt;
  }
  if (!parse_row(*spec, inst, mods, o.ops) || failed_) return std::nullopt;
  return inst;
}

std::optional<Instruction> LineParser::run() {
  const std::string buf = blank_line(line_);
  const std::string_view s = buf;
  size_t pos = 0;
  while (pos < s.size() && is_space(s[pos])) ++pos;
  if (pos == s.size()) return std::nullopt;
  Instruction inst;
  inst.origin.file = file_;
  inst.origin.line = line_no_;
  if (!control_prefix(s, pos, inst)) return std::nullopt;
  // The rest up to ';'.
  size_t stop = s.find(';', pos);
  if (stop != std::string_view::npos) {
    if (!trim(s.substr(stop + 1)).empty()) {
      error("SASS-SYNTAX", col_of(stop + 1), "text after ';'");
      return std::nullopt;
    }
  } else {
    stop = s.size();
  }
  const std::vector<Tok> words = words_of(s, pos, stop);
  if (words.empty()) {
    if (inst.has_ctrl) error("SASS-SYNTAX", col_of(pos), "a control prefix without an instruction");
    return std::nullopt;
  }
  size_t w = 0;
  if (sm_ != 0 && (words[0].text.starts_with("@UP") || words[0].text.starts_with("@!UP"))) {
    // A uniform predicate (Turing+): only other instructions take one; kept with its text.
    inst.kind = Kind::kUnsupported;
    inst.wide.sm = static_cast<uint8_t>(sm_);
    inst.text = std::string(
        trim(std::string_view(buf).substr(words[0].col - 1, stop - (words[0].col - 1))));
    inst.origin.column[static_cast<size_t>(Slot::kInstr)] = words[0].col;
    return inst;
  }
  if (!guard(words, w, inst)) return std::nullopt;
  if (w >= words.size()) {
    error("SASS-SYNTAX", words[0].col, "a predicate without an instruction");
    return std::nullopt;
  }
  const Tok mn = words[w++];
  inst.origin.column[static_cast<size_t>(Slot::kInstr)] = mn.col;
  std::vector<Tok> mods;
  const std::string_view name = split_mnemonic(mn, mods);
  Operands o;
  split_operands(words, w, o);
  if (sm_ != 0) {
    if (o.missing_comma) {
      error("SASS-SYNTAX", o.missing_comma->col,
            "expected ',' before '" + std::string(o.missing_comma->text) + "'");
      return std::nullopt;
    }
    auto out = read_wide_line(std::move(inst), mn, name, mods, o.ops, o.notes,
                              trim(std::string_view(buf).substr(mn.col - 1, stop - (mn.col - 1))),
                              sm_, sink_);
    if (!out) failed_ = true;
    return out;
  }
  if (name == ".word") return raw_word(std::move(inst), mn, mods, o);
  bool first_note = true;
  for (const Tok& t : o.notes) {
    if (!parse_annotation(inst, t, first_note)) return std::nullopt;
  }
  if (const OpSpec* base = spec_for_mnemonic(name))
    return modelled(std::move(inst), *base, name, mods, o);
  // A name that is no Maxwell/Pascal instruction at all is a typo, not an unmodelled instruction.
  if (auto why = unknown_mnemonic(name)) {
    error("SASS-UNKNOWN-OPCODE", mn.col, std::move(*why), "nvidia_tlds.md 1.4");
    return std::nullopt;
  }
  // Another SASS instruction: kept, reported once.
  inst.kind = Kind::kUnsupported;
  inst.text = std::string(trim(std::string_view(buf).substr(mn.col - 1, stop - (mn.col - 1))));
  sink_.warning(
      "SASS-UNSUPPORTED", at(mn.col),
      "'" + std::string(name) + "' is not modelled (texsim models " + modelled_mnemonics() + ")",
      "sass-tlds.md");
  return inst;
}

bool LineParser::parse_annotation(Instruction& inst, Tok t, bool& first) {
  // Spec notation (sass-tlds.md Format: {&req_6} {&rdN} {&wrN} {?sched}); see decisions.
  if (first) {
    if (!inst.has_ctrl) inst.ctrl = Control{0, 1, 7, 7, 0, 0};
    inst.has_ctrl = true;
    first = false;
    if (inst.origin.column[static_cast<size_t>(Slot::kControl)] == 0) {
      inst.origin.column[static_cast<size_t>(Slot::kControl)] = t.col;
    }
  }
  const std::string_view s = t.text;
  auto bad = [&] {
    error("SASS-SYNTAX", t.col,
          "bad annotation '" + std::string(s) +
              "' (expected &req_M, &rdN, &wrN with N in 0..5, ?S<stall>, ?Y)",
          "sass-tlds.md, Format");
    return false;
  };
  if (s.starts_with("&req_")) {
    const auto v = parse_number(s.substr(5));
    if (!v || *v > 63) return bad();
    inst.ctrl.wait = static_cast<uint8_t>(*v);
    return true;
  }
  if (s.starts_with("&rd") || s.starts_with("&wr")) {
    const auto v = parse_number(s.substr(3));
    if (!v || *v > 5) return bad();
    (s[1] == 'r' ? inst.ctrl.rd_bar : inst.ctrl.wr_bar) = static_cast<uint8_t>(*v);
    return true;
  }
  if (s == "?Y") {
    inst.ctrl.yield_bit = 0;
    return true;
  }
  if (s.starts_with("?S")) {
    const auto v = parse_number(s.substr(2));
    if (!v || *v > 15) return bad();
    inst.ctrl.stall = static_cast<uint8_t>(*v);
    return true;
  }
  return bad();
}

bool LineParser::parse_mods(const OpSpec& spec, Instruction& inst, const std::vector<Tok>& mods) {
  auto col = [&](Slot s) -> uint32_t& { return inst.origin.column[static_cast<size_t>(s)]; };
  const std::string mn(spec.mnemonic);
  const std::string prefix(spec.rule_prefix);
  auto cite = [&](std::string_view suffix) {
    const Rule* r = find_rule(prefix + std::string(suffix));
    return r != nullptr ? r->citation : spec.syntax_citation;
  };
  // The lod, the gather component and the phase have rules of their own (SASS-TLDS-LOD, ...);
  // the other modifiers are syntax.
  auto rule_of = [&](Mod m) -> std::string {
    return m == Mod::kLod         ? prefix + "LOD"
           : m == Mod::kComponent ? prefix + "COMPONENT"
           : m == Mod::kPhase     ? prefix + "PHASE"
                                  : std::string("SASS-SYNTAX");
  };
  auto required = [&](Mod m) {
    return modifier(m).always || (m == Mod::kLod && spec.lod_required);
  };
  uint32_t given = 0;  // a bit per Mod (modifiers.hpp)
  for (const Tok& m : mods) {
    if (col(Slot::kModifiers) == 0) col(Slot::kModifiers) = m.col;
    const auto match = match_modifier(spec, m.text, given);
    if (!match) {
      error("SASS-SYNTAX", m.col,
            "unknown " + mn + " modifier '." + std::string(m.text) + "' (expected " +
                expected_mods(spec) + ")",
            spec.syntax_citation);
      return false;
    }
    const ModifierSpec& ms = modifier(match->mod);
    if ((given >> static_cast<unsigned>(match->mod) & 1u) != 0) {
      const std::string rule = rule_of(match->mod);
      const bool flag = ms.spellings.size() == 1;
      error(rule, m.col,
            flag ? "modifier ." + std::string(m.text) + " given twice"
                 : mn + " takes " + (required(match->mod) ? "exactly" : "at most") + " one " +
                       modifier_word(match->mod) + " " + allowed_spellings(spec, match->mod),
            rule == "SASS-SYNTAX" ? spec.syntax_citation : cite(rule.substr(prefix.size())));
      return false;
    }
    given |= 1u << static_cast<unsigned>(match->mod);
    ms.set(inst, match->value);
    if (ms.slot != Slot::kModifiers) col(ms.slot) = m.col;
  }
  for (Mod m : spec.mods) {
    if ((given >> static_cast<unsigned>(m) & 1u) != 0 || !required(m) || m == Mod::kBindless)
      continue;
    const std::string rule = rule_of(m);
    std::string message = mn;
    if (m == Mod::kLodQuery) {
      message.append(" is written ").append(mn).append(".").append(spelling(m, 1));
    } else {
      message.append(" needs a ").append(modifier_word(m)).append(" modifier ");
      message.append(allowed_spellings(spec, m));
    }
    error(rule, inst.origin.column[0], std::move(message),
          rule == "SASS-SYNTAX" ? spec.syntax_citation : cite(rule.substr(prefix.size())));
    return false;
  }
  if ((given >> static_cast<unsigned>(Mod::kLod) & 1u) == 0) inst.lod = Lod::kAuto;
  return true;
}

// Reads a row's operands in order into an instruction (parse_row): one method per operand kind.
class OperandReader {
 public:
  OperandReader(LineParser& p, const OpSpec& spec, Instruction& inst, const std::vector<Tok>& ops,
                uint32_t end_col)
      : p_(p), spec_(spec), inst_(inst), ops_(ops), end_col_(end_col), mn_(spec.mnemonic) {}

  bool read(Operand o) {
    switch (o) {
      case Operand::kRd1:
        return reg(Slot::kRd1, inst_.rd1, "Rd1");
      case Operand::kRd0:
        return reg(Slot::kRd0, inst_.rd0, "Rd0");
      case Operand::kRa:
        return reg(Slot::kRa, inst_.ra, "Ra");
      case Operand::kRb:
        return reg(Slot::kRb, inst_.rb, "Rb");
      case Operand::kRbOpt:
        inst_.rb = kRZ;
        return i_ >= ops_.size() || !parse_register(ops_[i_].text) ||
               reg(Slot::kRb, inst_.rb, "Rb");
      case Operand::kTsIdx:
        return ts_idx();
      case Operand::kParamA:
        return param_a();
      case Operand::kZeroIdx:
        return zero_index();
      case Operand::kPdOpt:
        if (i_ < ops_.size() && parse_predicate(ops_[i_].text)) {
          inst_.pd = *parse_predicate(ops_[i_].text);
          take(Slot::kPd);
        }
        return true;
      case Operand::kQuery:
        return query();
      case Operand::kMaskHex:
        return mask_hex();
      case Operand::kWmsk:
        return write_mask();
    }
    return true;
  }
  size_t next() const { return i_; }

 private:
  // Records the current operand's column in `slot` and moves to the next.
  void take(Slot slot) { inst_.origin.column[static_cast<size_t>(slot)] = ops_[i_++].col; }
  bool need(std::string_view what) {
    if (i_ < ops_.size()) return true;
    p_.error("SASS-SYNTAX", ops_.empty() ? end_col_ : ops_.back().col,
             "missing operand " + std::string(what) + " (" + mn_ + " " +
                 std::string(spec_.operand_syntax) + ")",
             spec_.syntax_citation);
    return false;
  }
  bool reg(Slot slot, uint8_t& out, std::string_view what) {
    if (!need(what)) return false;
    const auto r = parse_register(ops_[i_].text);
    if (!r) {
      p_.error("SASS-SYNTAX", ops_[i_].col,
               "expected a register (R0..R254, RZ) for " + std::string(what) + ", got '" +
                   std::string(ops_[i_].text) + "'");
      return false;
    }
    out = *r;
    take(slot);
    return true;
  }
  bool ts_idx() {
    if (!need("tsPtrIdx")) return false;
    const auto v = parse_number(ops_[i_].text);
    if (!v || *v > std::numeric_limits<uint32_t>::max()) {
      p_.error(
          "SASS-SYNTAX", ops_[i_].col,
          "expected an immediate tsPtrIdx (e.g. 0x5c), got '" + std::string(ops_[i_].text) + "'",
          "sass-tlds.md, #tsPtrIdxU13");
      return false;
    }
    inst_.ts_idx = static_cast<uint32_t>(*v);
    take(Slot::kTsIdx);
    return true;
  }
  bool param_a() {
    if (!need("paramA")) return false;
    const auto p = param_a_from_name(ops_[i_].text);
    if (!p) {
      p_.error("SASS-SYNTAX", ops_[i_].col,
               "unknown paramA '" + std::string(ops_[i_].text) + "' (expected " +
                   legal_param_a_names(spec_) + ")",
               "sass-tlds.md, #paramA");
      return false;
    }
    inst_.param_a = *p;
    take(Slot::kParamA);
    return true;
  }
  // A bindless form names no texture index: nvdisasm prints 0x0 (decisions T28).
  bool zero_index() {
    if (!need("0x0")) return false;
    if (parse_number(ops_[i_].text) != std::optional<uint64_t>(0)) {
      p_.error("SASS-BINDLESS-TSIDX", ops_[i_].col,
               mn_ +
                   " takes its texture from a register and is written with 0x0 where tsPtrIdx "
                   "stands, got '" +
                   std::string(ops_[i_].text) + "'",
               find_rule("SASS-BINDLESS-TSIDX")->citation);
      return false;
    }
    take(Slot::kTsIdx);
    return true;
  }
  bool query() {
    if (!need("query")) return false;
    std::optional<uint8_t> q;
    for (uint8_t c = 0; c < 64 && !q; ++c) {
      if (!query_text(c).empty() && query_text(c) == ops_[i_].text) q = c;
    }
    if (!q) {
      p_.error("SASS-SYNTAX", ops_[i_].col,
               "unknown TXQ query '" + std::string(ops_[i_].text) +
                   "' (expected TEX_HEADER_DIMENSION, TEX_HEADER_TEXTURE_TYPE, "
                   "TEX_HEADER_SAMPLER_POS, TEX_SAMPLER_FILTER, TEX_SAMPLER_LOD, "
                   "TEX_SAMPLER_WRAP, TEX_SAMPLER_BORDER_COLOR or 3..31)",
               "envytools gm107.c tabdf50_0; decisions.md T27");
      return false;
    }
    inst_.query = *q;
    take(Slot::kParamA);
    return true;
  }
  bool mask_hex() {
    if (!need("mask")) return false;
    const auto v = parse_number(ops_[i_].text);
    if (!v || *v > 0xf) {
      p_.error("SASS-SYNTAX", ops_[i_].col,
               "expected a component mask 0x0..0xf, got '" + std::string(ops_[i_].text) + "'",
               spec_.syntax_citation);
      return false;
    }
    inst_.mask = static_cast<uint8_t>(*v);
    take(Slot::kWmsk);
    return true;
  }
  bool write_mask() {
    if (i_ < ops_.size() && ops_[i_].text.size() == 8 && ops_[i_].text.starts_with("INVALID") &&
        ops_[i_].text[7] >= '5' && ops_[i_].text[7] <= '7') {
      // nvdisasm's INVALID5..7: a 3/4-component code with no row (the validator reports it).
      inst_.invalid_wmsk = static_cast<uint8_t>(ops_[i_].text[7] - '0');
      inst_.mask = 0;
      take(Slot::kWmsk);
      return true;
    }
    if (i_ < ops_.size()) {
      const auto m = mask_components_from_name(ops_[i_].text);
      if (!m) {
        p_.error("SASS-SYNTAX", ops_[i_].col,
                 "unknown write mask '" + std::string(ops_[i_].text) +
                     "' (expected R, G, B, A, RG, RA, GA, BA, RGB, RGA, RBA, GBA, RGBA)",
                 "sass-tlds.md, wmsk2C/wmsk34C");
        return false;
      }
      inst_.mask = *m;
      take(Slot::kWmsk);
      return true;
    }
    if (inst_.rd1 != kRZ) {
      inst_.mask = 0xf;  // "RGBA*": the default of the 3/4-component form
      return true;
    }
    p_.error(std::string(spec_.rule_prefix) + "WMASK", end_col_,
             "the write mask is required when Rd1 is RZ (wmsk2C: R, G, B, A, RG, RA, GA, BA)",
             spec_.syntax_citation);
    return false;
  }

  LineParser& p_;
  const OpSpec& spec_;
  Instruction& inst_;
  const std::vector<Tok>& ops_;
  uint32_t end_col_;
  std::string mn_;
  size_t i_ = 0;
};

bool LineParser::parse_row(const OpSpec& spec, Instruction& inst, const std::vector<Tok>& mods,
                           const std::vector<Tok>& ops) {
  if (!parse_mods(spec, inst, mods)) return false;
  if (!spec.modes.empty()) inst.param_a = spec.modes.front().param_a;
  OperandReader reader(*this, spec, inst, ops, static_cast<uint32_t>(line_.size() + 1));
  for (Operand o : spec.operands) {
    if (!reader.read(o)) return false;
  }
  if (!has_operand(spec, Operand::kWmsk) && !has_operand(spec, Operand::kMaskHex))
    inst.mask = spec.fixed_components;
  if (reader.next() < ops.size()) {
    error("SASS-SYNTAX", ops[reader.next()].col,
          "too many operands for " + std::string(spec.mnemonic), spec.syntax_citation);
    return false;
  }
  return true;
}

}  // namespace

std::optional<Instruction> parse_line(std::string_view text, const std::string& file, uint32_t line,
                                      core::DiagSink& sink, unsigned sm) {
  LineParser p(text, file, line, sm, sink);
  return p.run();
}

std::string blank_comments(std::string_view line) {
  return blank_line(line);
}

}  // namespace texsim::isa::sass
