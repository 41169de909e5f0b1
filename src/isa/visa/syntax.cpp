// vISA text parsing and printing, generic over the model rows' text templates.
// Depends on model, kinds, symbols and program; never on rules or execution.
#include "isa/visa/syntax.hpp"

#include "isa/visa/kernel_inst.hpp"

#include "core/suggest.hpp"
#include "core/text.hpp"
#include "isa/visa/isa_text.hpp"
#include "isa/visa/syntax_generic.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "isa/visa/kinds.hpp"
#include "isa/visa/layouts.hpp"

namespace texsim::isa::visa {
namespace {

constexpr std::string_view kCiteSyntax = "research/intel_visa.md §1.6";
constexpr size_t kNoField = ~size_t{0};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

using core::to_lower;

core::TextLoc loc(const std::string& file, uint32_t line, uint32_t col) {
  return core::TextLoc{file, line, col};
}

// Template walking: calls lit(ch) for literal characters and field(name, optional) for
// placeholders; stops early when a callback returns false.
template <typename Lit, typename Field>
bool walk_template(std::string_view t, Lit lit, Field field) {
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '{') {
      const size_t close = t.find('}', i);
      std::string_view name = t.substr(i + 1, close - i - 1);
      bool optional = false;
      if (!name.empty() && name.back() == '?') {
        optional = true;
        name.remove_suffix(1);
      }
      if (!field(name, optional)) return false;
      i = close;
    } else if (!lit(t[i])) {
      return false;
    }
  }
  return true;
}

// The template without its mnemonic (everything after the first '.', '(' or space).
std::string_view template_tail(std::string_view t, std::string_view mnemonic) {
  return t.substr(mnemonic.size());
}

// The field index of each placeholder of a row's template tail, in template order, for the
// text form (0) and the spec form (1): computed once, so parsing an operand does not search the
// row's fields by name (issue 18 item 4, parse speed).
const std::vector<size_t>& placeholder_fields(const InstrRow& row, bool spec_form) {
  static const auto plans = [] {
    std::vector<std::array<std::vector<size_t>, 2>> out(all_rows().size());
    for (size_t r = 0; r < out.size(); ++r) {
      const InstrRow& row_r = all_rows()[r];
      for (const bool spec : {false, true}) {
        const std::string_view tmpl = spec ? row_r.spec_text : row_r.text;
        const std::string_view mn = spec ? row_r.spec_spelling() : row_r.mnemonic;
        if (tmpl.size() < mn.size()) continue;  // the parser's own lookup reports it
        walk_template(
            template_tail(tmpl, mn), [](char) { return true; },
            [&](std::string_view name, bool) {
              out[r][spec ? 1 : 0].push_back(row_r.field_index(name).value_or(kNoField));
              return true;
            });
      }
    }
    return out;
  }();
  return plans[static_cast<size_t>(&row - all_rows().data())][spec_form ? 1 : 0];
}

// Whether `s` holds `ch` (memchr: vectorised, most lines hold neither '/' nor '"').
bool contains(std::string_view s, char ch) {
  return !s.empty() && std::memchr(s.data(), ch, s.size()) != nullptr;
}

std::optional<uint32_t> to_u32(std::string_view s) {
  uint32_t v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc{} || r.ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

}  // namespace

// The first row in table order whose IGC mnemonic or spec spelling is `m`, as the linear search
// of find_row_by_mnemonic finds it.
std::span<const std::string_view> known_mnemonics() {
  static const std::vector<std::string_view> names = [] {
    // IGC's spellings first: a tie between sample_lz and SAMPLE_LZ suggests IGC's.
    std::vector<std::string_view> n;
    auto add = [&](std::string_view name) {
      if (std::find(n.begin(), n.end(), name) == n.end()) n.push_back(name);
    };
    for (const InstrRow& r : all_rows()) add(r.mnemonic);
    for (const OpLayout& l : all_layouts()) add(l.mnemonic);
    for (const InstrRow& r : all_rows()) add(r.spec_spelling());
    return n;
  }();
  return names;
}

const InstrRow* row_for_mnemonic(std::string_view m) {
  static const std::unordered_map<std::string_view, const InstrRow*> rows = [] {
    std::unordered_map<std::string_view, const InstrRow*> t;
    for (const InstrRow& r : all_rows()) {
      t.emplace(r.mnemonic, &r);  // emplace keeps an earlier row's entry
      t.emplace(r.spec_spelling(), &r);
    }
    return t;
  }();
  const auto it = rows.find(m);
  return it == rows.end() ? nullptr : it->second;
}

namespace {

// "alias=<name, offset>", after the '='.
std::optional<std::string> parse_alias(TextCursor& c, Variable& v) {
  if (!c.consume('<')) return "expected alias=<name, offset>";
  c.skip_space();
  const std::string_view target = c.identifier();
  if (target.empty() || !c.consume(',')) return "expected alias=<name, offset>";
  c.skip_space();
  const auto off = c.number();
  if (!off || *off > 0xffffffffu || !c.consume('>')) return "expected alias=<name, offset>";
  v.alias_name = std::string(target);
  v.alias_offset = static_cast<uint32_t>(*off);
  return std::nullopt;
}

// "attrs={...}", after the '=': kept as written, "attrs=" included.
std::optional<std::string> parse_attrs(TextCursor& c, std::string_view line, Variable& v) {
  const size_t start = c.pos - 6;
  int depth = 0;
  do {
    if (c.at_end()) return "unterminated attrs={...}";
    if (c.peek() == '{') ++depth;
    if (c.peek() == '}') --depth;
    ++c.pos;
  } while (depth > 0);
  v.attrs = std::string(line.substr(start, c.pos - start));
  return std::nullopt;
}

// One key=value attribute of .decl other than alias and attrs.
std::optional<std::string> parse_decl_value(std::string_view key, std::string_view val, Variable& v,
                                            bool& have_class, bool& have_type) {
  if (key == "v_type") {
    have_class = true;
    if (val == "G")
      v.cls = VarClass::kGeneral;
    else if (val == "A")
      v.cls = VarClass::kAddress;
    else if (val == "P")
      v.cls = VarClass::kPredicate;
    else if (val == "S")
      v.cls = VarClass::kSampler;
    else if (val == "T")
      v.cls = VarClass::kSurface;
    else
      return "unknown v_type '" + std::string(val) + "' (G, A, P, S, T)";
  } else if (key == "type") {
    const auto t = type_from_name(val);
    if (!t) return "unknown type '" + std::string(val) + "'";
    v.type = *t;
    have_type = true;
  } else if (key == "num_elts") {
    const auto n = to_u32(val);
    if (!n || *n == 0) return "num_elts must be a positive number, got '" + std::string(val) + "'";
    v.num_elts = *n;
  } else if (key == "align") {
    const auto a = align_from_name(val);
    if (!a) return "unknown alignment '" + std::string(val) + "'";
    v.align = *a;
  } else if (key == "v_name") {
    v.v_name = std::string(val);
  } else {
    return "unknown .decl attribute '" + std::string(key) + "'";
  }
  return std::nullopt;
}

// The checks of the variable's class (types, sizes, element counts); an address variable's
// type is UW.
std::optional<std::string> check_decl_class(Variable& v, bool have_type) {
  switch (v.cls) {
    case VarClass::kGeneral: {
      if (!have_type) return "a general variable needs type=";
      static constexpr TypeSet kGeneralTypes =
          type_bit(VisaType::kUD) | type_bit(VisaType::kD) | type_bit(VisaType::kUW) |
          type_bit(VisaType::kW) | type_bit(VisaType::kUB) | type_bit(VisaType::kB) |
          type_bit(VisaType::kUQ) | type_bit(VisaType::kQ) | type_bit(VisaType::kDF) |
          type_bit(VisaType::kHF) | type_bit(VisaType::kF) | type_bit(VisaType::kBF);
      if (!type_in(v.type, kGeneralTypes))
        return "type " + std::string(type_name(v.type)) + " is not allowed for general variables";
      if (uint64_t{v.num_elts} * type_size(v.type) >= uint64_t{4096} * 4)
        return "variable is too large";
      break;
    }
    case VarClass::kPredicate:
      if (v.num_elts != 1 && v.num_elts != 2 && v.num_elts != 4 && v.num_elts != 8 &&
          v.num_elts != 16 && v.num_elts != 32) {
        return "predicate num_elts must be 1, 2, 4, 8, 16 or 32";
      }
      break;
    case VarClass::kAddress:
      v.type = VisaType::kUW;
      if (v.num_elts > 16) return "address num_elts must be in [1, 16]";
      break;
    case VarClass::kSampler:
    case VarClass::kSurface:
      break;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> parse_decl(std::string_view line, Variable& v) {
  TextCursor c{line, 0};
  if (!c.consume_word(".decl")) return "expected .decl";
  c.skip_space();
  const std::string_view name = c.identifier();
  if (name.empty()) return "expected a variable name after .decl";
  v = Variable{};
  v.name = std::string(name);
  bool have_class = false;
  bool have_type = false;
  while (true) {
    c.skip_space();
    if (c.at_end()) break;
    const std::string_view key = c.identifier();
    if (key.empty() || c.peek() != '=')
      return "expected key=value in .decl, at column " + std::to_string(c.column());
    ++c.pos;
    if (key == "alias") {
      if (auto e = parse_alias(c, v)) return e;
      continue;
    }
    if (key == "attrs") {
      if (auto e = parse_attrs(c, line, v)) return e;
      continue;
    }
    const size_t vstart = c.pos;
    while (!c.at_end() && c.peek() != ' ' && c.peek() != '\t') ++c.pos;
    const std::string_view val = line.substr(vstart, c.pos - vstart);
    if (auto e = parse_decl_value(key, val, v, have_class, have_type)) return e;
  }
  if (!have_class) return "missing v_type=";
  return check_decl_class(v, have_type);
}

namespace {

// The predicate prefix "(P1)" or "(!P1)", parsed before the row is known; false after an error.
bool parse_predicate_prefix(TextCursor& c, const VisaProgram& prog, uint32_t line_no,
                            core::DiagSink& sink, OperandValue& pred, bool& has_pred) {
  if (c.peek() == '(') {
    static const FieldSpec kPredSpec{.name = "Pred",
                                     .kind = Kind::kPredicate,
                                     .width = 2,
                                     .citation = "research/intel_visa.md §1.6"};
    if (auto e = parse_field(kPredSpec, c, prog.symbols, pred)) {
      const bool undeclared = e->find("not a declared") != std::string::npos;
      sink.error(undeclared ? "VISA-UNDECLARED" : "VISA-SYNTAX",
                 loc(prog.file, line_no, c.column()), *e, std::string(kCiteSyntax));
      return false;
    }
    has_pred = true;
    c.skip_space();
  }
  return true;
}

// The predicate prefix into the row's predicate field (present either way); false after a
// VISA-SYNTAX error when the row takes no predicate.
bool place_predicate(const InstrRow& row, bool has_pred, const OperandValue& pred,
                     uint32_t first_col, const VisaProgram& prog, uint32_t line_no,
                     core::DiagSink& sink, Instruction& inst) {
  const auto pred_index = [&]() -> std::optional<size_t> {
    for (size_t i = 0; i < row.fields.size(); ++i) {
      if (row.fields[i].kind == Kind::kPredicate) return i;
    }
    return std::nullopt;
  }();
  if (has_pred && !pred_index) {
    sink.error("VISA-SYNTAX", loc(prog.file, line_no, first_col),
               std::string(row.name) + " takes no predicate",
               std::string(row.spec_file) + ", Format");
    return false;
  }
  if (pred_index) {
    inst.ops[*pred_index] = pred;
    inst.ops[*pred_index].present = true;
    if (has_pred) inst.ops[*pred_index].column = first_col;
  }
  return true;
}

// The first error of an instruction's operands: its text, column and rule.
struct OperandError {
  std::optional<std::string> text;
  uint32_t column = 0;
  std::string rule = "VISA-SYNTAX";
};

// One placeholder's operand into inst.ops[idx]; an optional one that does not parse (or is not
// followed by a space) is left absent. False after an error.
bool parse_operand(const FieldSpec& f, bool optional, size_t idx, TextCursor& c,
                   const VisaProgram& prog, Instruction& inst, OperandError& error) {
  if (!f.exists_at(prog.version)) return true;
  OperandValue v;
  const size_t save = c.pos;
  if (f.flags & kFlagPaired) {
    // The paired surface: IGC's grammar always reads a raw operand here; texsim reads one
    // when it is %null.N, or any raw operand where the platform allows a paired surface,
    // and otherwise takes the operand as the first parameter (decision in docs/visa.md).
    c.skip_space();
    TextCursor probe = c;
    const std::string_view id = probe.identifier();
    if (id != "%null" && !allows_paired_surface(prog.platform)) {
      v.present = false;
      v.column = c.column();
      inst.ops[idx] = v;
      return true;
    }
    optional = false;
  }
  auto e = parse_field(f, c, prog.symbols, v);
  if (optional) {
    const bool separated = c.at_end() || c.peek() == ' ' || c.peek() == '\t';
    if (e || !separated) {
      c.pos = save;
      v = OperandValue{};
      v.present = false;
      v.column = c.column();
      inst.ops[idx] = v;
      return true;
    }
  }
  if (e) {
    error.text = *e;
    error.column = c.column();
    if (e->find("not a declared") != std::string::npos) error.rule = "VISA-UNDECLARED";
    return false;
  }
  inst.ops[idx] = std::move(v);
  return true;
}

// The operands after the mnemonic, by the row's text (or spec) template, up to the end of the
// line; false after an error.
bool parse_operands(TextCursor& c, const VisaProgram& prog, uint32_t line_no, core::DiagSink& sink,
                    Instruction& inst) {
  const InstrRow* row = inst.row;
  const std::string_view tmpl = inst.spec_form ? row->spec_text : row->text;
  const std::string_view tail =
      template_tail(tmpl, inst.spec_form ? row->spec_spelling() : row->mnemonic);
  OperandError error;
  const std::vector<size_t>& plan = placeholder_fields(*row, inst.spec_form);
  size_t placeholder = 0;
  const bool ok = walk_template(
      tail,
      [&](char ch) {
        if (ch == ' ') return true;
        if (ch != '.') c.skip_space();
        if (c.peek() != ch) {
          error.text = std::string("expected '") + ch + "'";
          error.column = c.column();
          return false;
        }
        ++c.pos;
        return true;
      },
      [&](std::string_view name, bool optional) {
        const size_t planned = placeholder < plan.size() ? plan[placeholder] : kNoField;
        ++placeholder;
        const auto idx =
            planned != kNoField ? std::optional<size_t>(planned) : row->field_index(name);
        return parse_operand(row->fields[*idx], optional, *idx, c, prog, inst, error);
      });
  if (ok) {
    c.skip_space();
    if (!c.at_end()) {
      error.text = "unexpected text after the last operand";
      error.column = c.column();
    }
  }
  if (error.text) {
    sink.error(error.rule, loc(prog.file, line_no, error.column), *error.text,
               std::string(row->spec_file) + ", Text");
    return false;
  }
  return true;
}

// Fields not written in text: ignored fields (0), counts (from their list), the sub-op (from
// the mnemonic).
void fill_unwritten_fields(const InstrRow& row, Instruction& inst) {
  for (size_t i = 0; i < row.fields.size(); ++i) {
    OperandValue& v = inst.ops[i];
    if (row.fields[i].kind == Kind::kSubOpFlags && row.sub_op) {
      v.present = true;
      v.value = (v.value & ~0xffu) | *row.sub_op;
    }
    if (row.fields[i].kind == Kind::kReservedZero || row.fields[i].kind == Kind::kCount) {
      v.present = true;
      v.value = 0;
      if (row.fields[i].kind == Kind::kCount && i + 1 < row.fields.size()) {
        v.value = static_cast<uint32_t>(inst.ops[i + 1].list.size());
      }
    }
  }
  for (size_t i = 0; i < row.fields.size(); ++i) {
    if (row.fields[i].kind == Kind::kCount && i + 1 < row.fields.size()) {
      inst.ops[i].value = static_cast<uint32_t>(inst.ops[i + 1].list.size());
    }
  }
}

}  // namespace

std::optional<Instruction> parse_instruction(std::string_view text, const VisaProgram& prog,
                                             uint32_t line_no, core::DiagSink& sink) {
  const std::string& file = prog.file;
  const std::string_view raw_line = text;
  TextCursor c{raw_line, 0};
  c.skip_space();
  const uint32_t first_col = c.column();
  OperandValue pred;
  bool has_pred = false;
  if (!parse_predicate_prefix(c, prog, line_no, sink, pred, has_pred)) return std::nullopt;
  const size_t mstart = c.pos;
  while (!c.at_end() && c.peek() != '.' && c.peek() != ' ' && c.peek() != '\t' && c.peek() != '(')
    ++c.pos;
  const std::string_view mnemonic = raw_line.substr(mstart, c.pos - mstart);
  Instruction inst;
  inst.line = line_no;
  inst.column = first_col;
  const InstrRow* row = row_for_mnemonic(mnemonic);
  if (row == nullptr) {
    if (!mnemonic.empty() &&
        (is_other_visa_mnemonic(to_lower(mnemonic)) || has_text_form(mnemonic))) {
      inst.source = std::string(trim(raw_line));  // only unsupported lines print or encode it
      // Reported once per mnemonic by parse_program (a note, issue 13), not per line.
      inst.unsupported = to_lower(mnemonic);
      inst.column = static_cast<uint32_t>(mstart + 1);
      return inst;
    }
    sink.error("VISA-SYNTAX", loc(file, line_no, static_cast<uint32_t>(mstart + 1)),
               "unknown instruction '" + std::string(mnemonic) + "'" +
                   core::did_you_mean(mnemonic, known_mnemonics()),
               std::string(kCiteSyntax));
    return std::nullopt;
  }
  inst.row = row;
  inst.spec_form = mnemonic == row->spec_spelling() && row->spec_spelling() != row->mnemonic;
  inst.ops.assign(row->fields.size(), OperandValue{});
  if (!place_predicate(*row, has_pred, pred, first_col, prog, line_no, sink, inst)) {
    return std::nullopt;
  }
  if (!parse_operands(c, prog, line_no, sink, inst)) return std::nullopt;
  fill_unwritten_fields(*row, inst);
  return inst;
}

namespace {

// Comments in `copy`: // to end of line, /* ... */ possibly over lines (`in_block_comment`
// carries over); replaced by spaces so that columns stay right. Strings are skipped.
void blank_comments(std::string& copy, bool& in_block_comment) {
  auto pair_at = [&](size_t i, char a, char b) {
    return copy[i] == a && i + 1 < copy.size() && copy[i + 1] == b;
  };
  for (size_t i = 0; i < copy.size(); ++i) {
    if (in_block_comment) {
      if (pair_at(i, '*', '/')) {
        copy[i] = copy[i + 1] = ' ';
        ++i;
        in_block_comment = false;
      } else {
        copy[i] = ' ';
      }
    } else if (pair_at(i, '/', '/')) {
      copy.resize(i);
      break;
    } else if (pair_at(i, '/', '*')) {
      copy[i] = copy[i + 1] = ' ';
      ++i;
      in_block_comment = true;
    } else if (copy[i] == '"') {  // skip strings (.kernel "a//b", escapes \" and \\)
      size_t q = i + 1;
      while (q < copy.size() && copy[q] != '"') q += copy[q] == '\\' ? 2 : 1;
      if (q >= copy.size()) break;
      i = q;
    }
  }
}

// A directive line `t` (trimmed, at column `col`): .version, .kernel, .decl, those kept for .isa
// and function headers; others are errors.
void parse_directive(std::string_view t, uint32_t line_no, uint32_t col, bool seen_instruction,
                     VisaProgram& prog, GenericText& generic, core::DiagSink& sink) {
  const std::string& file = prog.file;
  TextCursor c{t, 1};
  const std::string_view dir = c.identifier();
  if (dir == "version") {
    c.skip_space();
    const auto v = parse_version(trim(t.substr(c.pos)));
    if (!v) {
      sink.error("VISA-SYNTAX", loc(file, line_no, col), "expected .version MAJOR.MINOR",
                 std::string(kCiteSyntax));
    } else if (seen_instruction) {
      sink.error("VISA-SYNTAX", loc(file, line_no, col),
                 ".version must come before the instructions", std::string(kCiteSyntax));
    } else {
      prog.version = *v;
      prog.version_given = true;
    }
  } else if (dir == "kernel") {
    std::string name;
    if (auto e = parse_kernel_name(trim(t.substr(c.pos)), name)) {
      sink.error("VISA-SYNTAX", loc(file, line_no, col), *e, std::string(kCiteSyntax));
    } else {
      prog.kernel = std::move(name);
    }
  } else if (dir == "decl") {
    Variable v;
    if (auto e = parse_decl(t, v)) {
      sink.error("VISA-DECL", loc(file, line_no, col), *e, "research/intel_visa.md §1.3");
    } else {
      v.line = line_no;
      if (auto e2 = prog.symbols.add(v)) {
        sink.error("VISA-DECL", loc(file, line_no, col), *e2, "research/intel_visa.md §1.3");
      }
    }
  } else if (!generic.directive(dir, t.substr(c.pos), line_no, col,
                                col + static_cast<uint32_t>(c.pos)) &&
             dir != "global_function" && dir != "funcdecl") {
    // .input, .implicit_KIND (V25), .parameter, .kernel_attr, .function are kept for .isa
    // (syntax_generic.cpp); function headers are accepted, not modelled; others are errors.
    sink.error("VISA-SYNTAX", loc(file, line_no, col),
               "unknown directive '." + std::string(dir) + "'", std::string(kCiteSyntax));
  }
}

// The instruction `t` of `line` with its indentation as spaces, so that columns count from the
// line start (in place when the indentation is all spaces, else in `padded`).
std::string_view instruction_text(std::string_view line, std::string_view t, std::string& padded) {
  const std::string_view lead = line.substr(0, static_cast<size_t>(t.data() - line.data()));
  if (lead.find_first_not_of(' ') == std::string_view::npos) {
    return std::string_view(lead.data(), lead.size() + t.size());
  }
  padded.assign(lead.size(), ' ');
  padded += t;
  return padded;
}

}  // namespace

std::unique_ptr<VisaProgram> parse_program(std::string_view text, const std::string& file,
                                           Platform platform, core::DiagSink& sink,
                                           std::span<const Variable> scene_decls) {
  auto prog = std::make_unique<VisaProgram>();
  prog->file = file;
  prog->platform = platform;
  bool in_block_comment = false;
  uint32_t line_no = 0;
  size_t start = 0;
  bool seen_instruction = false;
  // The scene's declarations take effect before the first instruction, after the program's own
  // (a name both declare is the program's); bad or clashing ones are reported when the machine
  // is built from the scene (exec.cpp make_machine). Issue 15 item 4.
  bool scene_declared = false;
  std::string copy;    // a line with a comment or a string, comments blanked
  std::string padded;  // an instruction line whose indentation is not all spaces
  GenericText generic(*prog, sink);
  auto declare_scene = [&] {
    if (scene_declared) return;
    scene_declared = true;
    for (const Variable& v : scene_decls) {
      if (prog->symbols.find_name(v.name) == nullptr) (void)prog->symbols.add(v);
    }
  };
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    ++line_no;
    const std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    // Most lines have no comment or string: read them in place (issue 18 item 4, parse speed).
    // Others are copied and their comments blanked.
    const bool plain = !in_block_comment && !contains(raw, '/') && !contains(raw, '"');
    if (!plain) {
      copy.assign(raw);
      blank_comments(copy, in_block_comment);
    }
    const std::string_view line = plain ? raw : std::string_view(copy);
    const std::string_view t = trim(line);
    if (t.empty()) {
      if (end == text.size()) break;
      continue;
    }
    const uint32_t col = static_cast<uint32_t>(t.data() - line.data()) + 1;
    if (t.front() == '.') {
      parse_directive(t, line_no, col, seen_instruction, *prog, generic, sink);
      if (end == text.size()) break;
      continue;
    }
    // Labels "name:".
    if (t.back() == ':' && t.find(' ') == std::string_view::npos) {
      generic.label(t.substr(0, t.size() - 1), line_no, col);
      if (end == text.size()) break;
      continue;
    }
    seen_instruction = true;
    declare_scene();
    const std::string_view inst_text = instruction_text(line, t, padded);
    if (auto inst = parse_instruction(inst_text, *prog, line_no, sink)) {
      const bool unmodelled = inst->row == nullptr;
      prog->instructions.push_back(std::move(*inst));
      if (unmodelled) generic.instruction(inst_text, line_no);
    }
    if (end == text.size()) break;
  }
  declare_scene();
  generic.finish();
  note_unmodelled(*prog, sink);
  return prog;
}

void note_unmodelled(const VisaProgram& prog, core::DiagSink& sink) {
  // One note per unmodelled mnemonic, at its first line, with its line count (issue 13).
  std::vector<std::pair<const Instruction*, size_t>> seen;
  for (const Instruction& i : prog.instructions) {
    // Labels of a .isa routine (func, label) are its NAME: lines, not instructions.
    if (i.row != nullptr || i.unsupported == "func" || i.unsupported == "label") continue;
    auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& p) {
      return p.first->unsupported == i.unsupported && p.first->truncated == i.truncated;
    });
    if (it == seen.end())
      seen.emplace_back(&i, 1);
    else
      ++it->second;
  }
  for (const auto& [first, count] : seen) {
    core::Diagnostic d;
    d.severity = core::Severity::kNote;
    d.rule_id = "VISA-UNSUPPORTED";
    d.loc = loc(prog.file, first->line, first->column);
    const std::string lines = std::to_string(count) + (count == 1 ? " line" : " lines");
    d.message =
        first->truncated ? "'" + first->unsupported + "' (" + lines +
                               ") is modelled, but IGC's writer left out its last operands in this "
                               "routine: it is printed and written back by its layout, not checked "
                               "or run"
        : kernel_mnemonic_modelled(first->unsupported)
            ? "'" + first->unsupported + "' (" + lines +
                  ") is a generic vISA instruction: texsim runs it in whole kernels "
                  "(docs/kernels.md) and writes it to a .isa by its layout, but does not "
                  "check its operands"
            : "'" + first->unsupported + "' is a vISA instruction texsim does not model (" + lines +
                  "); it is parsed, printed and written to a .isa by its layout (asm -o "
                  "X.isa), but not checked or run";
    d.citation = first->truncated ? "docs/decisions.md V34" : std::string(kCiteSyntax);
    sink.report(std::move(d));
  }
}

std::string print_instruction(const Instruction& inst, const VisaProgram& prog) {
  if (inst.row == nullptr) return inst.source;
  const InstrRow& row = *inst.row;
  std::string out;
  for (size_t i = 0; i < row.fields.size(); ++i) {
    if (row.fields[i].kind == Kind::kPredicate) {
      const std::string p = print_field(row.fields[i], inst.ops[i], prog.symbols);
      if (!p.empty()) out += p + " ";
    }
  }
  out += row.mnemonic;
  walk_template(
      template_tail(row.text, row.mnemonic),
      [&](char ch) {
        out += ch;
        return true;
      },
      [&](std::string_view name, bool) {
        const size_t idx = *row.field_index(name);
        if (!row.fields[idx].exists_at(prog.version)) {
          if (!out.empty() && out.back() == ' ') out.pop_back();
          return true;
        }
        out += print_field(row.fields[idx], inst.ops[idx], prog.symbols);
        return true;
      });
  return out;
}

std::string quote_kernel_name(std::string_view name) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (const char ch : name) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += ch;
    }
  }
  return out + "\"";
}

std::optional<std::string> parse_kernel_name(std::string_view text, std::string& name) {
  name.clear();
  if (text.empty() || text.front() != '"') {
    name = std::string(text);
    return std::nullopt;
  }
  for (size_t i = 1; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '"') {
      if (i + 1 != text.size()) return "unexpected text after the .kernel name's closing quote";
      return std::nullopt;
    }
    if (ch != '\\') {
      name += ch;
      continue;
    }
    if (i + 1 >= text.size()) break;
    const char e = text[++i];
    if (e == '"' || e == '\\') {
      name += e;
    } else if (e == 'x' && i + 2 < text.size() && core::hex_digit(text[i + 1]) >= 0 &&
               core::hex_digit(text[i + 2]) >= 0) {
      name += static_cast<char>(core::hex_digit(text[i + 1]) * 16 + core::hex_digit(text[i + 2]));
      i += 2;
    } else {
      return "bad escape in the .kernel name (known: \\\", \\\\, \\xHH)";
    }
  }
  return "unterminated .kernel name (expected a closing '\"')";
}

std::string print_program(const VisaProgram& prog) {
  std::string out;
  if (prog.version_given || prog.from_binary)
    out += ".version " + version_string(prog.version) + "\n";
  if (!prog.kernel.empty()) out += ".kernel " + quote_kernel_name(prog.kernel) + "\n";
  for (const Variable* v : prog.symbols.declared()) out += print_decl(*v) + "\n";
  for (const Instruction& i : prog.instructions) out += "    " + print_instruction(i, prog) + "\n";
  return out;
}

}  // namespace texsim::isa::visa
