// parse_program: a SASS program's lines, Maxwell/Pascal bundles (control-word lines and the
// dual-issue pairs' lone encoding lines) and Volta+ listings' two-line words (syntax.hpp).
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "isa/sass/codec.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/generic_ops.hpp"
#include "isa/sass/listing.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/syntax_sm70.hpp"

namespace texsim::isa::sass {

namespace {

// A Maxwell/Pascal listing's bundle state while its lines are read: the last control-word line
// (for the next 3 instructions) and whether the last instruction line still awaits its word.
// cuobjdump prints the second instruction of a dual-issue pair ("SAM }") without its encoding,
// which follows on a line of its own: that line is the instruction's word, not a bundle's control
// word (issue 29, decision T72).
struct Bundle {
  uint64_t ctrl_word = 0;
  bool have_ctrl_word = false;
  unsigned ctrl_slot = 0;
  bool awaiting_word = false;
  // The awaiting instruction's address and architecture when it is of the generic table.
  std::optional<uint64_t> pc;
  unsigned sm = 0;
};

// A lone "/* 0x... */" line of a Maxwell/Pascal listing.
void lone_word(uint64_t value, Bundle& b, std::vector<Instruction>& out) {
  if (b.awaiting_word) {
    Instruction& last = out.back();
    if (last.kind == Kind::kUnsupported) {
      last.raw_word = value;
      last.word_given = true;
    }
    // A generic-table word takes the given one when that prints the same ("SSY 0x158 }": the
    // listing's word has bits nvdisasm ignores, e.g. the guard bits of SSY, issue 29).
    const unsigned r = last.ctrl.reuse;
    const auto text = generic_text(last.raw_word, b.sm, r, b.pc);
    if (last.kind == Kind::kRaw && text && generic_text(value, b.sm, r, b.pc) == text)
      last.raw_word = value;
    b.awaiting_word = false;
    return;
  }
  b.ctrl_word = value;
  b.have_ctrl_word = true;
  b.ctrl_slot = 0;
}

// A parsed Maxwell/Pascal instruction line: its slot's control from the bundle, its given word.
void maxwell_line(Instruction inst, std::string_view line, Bundle& b,
                  std::vector<Instruction>& out) {
  if (b.have_ctrl_word && b.ctrl_slot < fields::kBundleSlots && !inst.has_ctrl) {
    // The bundle's control word (nvidia_tlds.md 1.1): slot k's 21 bits. For TLDS the reuse bits
    // are .T/.P, which the text already spells; keep them out of ctrl.
    inst.ctrl =
        decode_control(static_cast<uint32_t>(fields::control_slot(b.ctrl_slot).get(b.ctrl_word)));
    if (inst.kind == Kind::kInstruction) inst.ctrl.reuse = 0;
    inst.has_ctrl = true;
  }
  if (++b.ctrl_slot >= fields::kBundleSlots) b.have_ctrl_word = false;
  const auto word = encoding_comment(line);
  if (inst.kind == Kind::kUnsupported && word) {
    inst.raw_word = *word;
    inst.word_given = true;
  }
  b.awaiting_word = !word && core::trim(line).ends_with("}");
  out.push_back(std::move(inst));
}

// A listing line's address comment ("        /*0040*/  @P0 BRA 0x60 ;", after a control prefix
// in texsim's stream form "[B------:R-:W-:Y:S04] /*0040*/ ..."): the instruction's byte address,
// which its branch target is printed from (issue 29); nullopt without one.
std::optional<uint64_t> line_address(std::string_view line) {
  std::string_view t = core::trim(line);
  if (t.starts_with("[") && t.find(']') != std::string_view::npos)
    t = core::trim(t.substr(t.find(']') + 1));
  const size_t close = t.find("*/");
  if (!t.starts_with("/*") || close == std::string_view::npos || close < 3 || close > 18)
    return std::nullopt;
  uint64_t v = 0;
  for (const char c : t.substr(2, close - 2)) {
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (d < 0) return std::nullopt;
    v = v * 16 + static_cast<uint64_t>(d);
  }
  return v;
}

// Issue 29: a Maxwell/Pascal line of the generic non-texture table ("[B------:R-:W-:Y:S04]
// @P0 MOV R1, c[0x0][0x20] ;", a dual-issue pair's "{ ... }" braces allowed) as a kRaw word: its
// listing's encoding comment when that prints the same text, else the encoded word. `sm`: the
// listing's "code for sm_NN" (0: none); a branch's target reads from the line's address.
std::optional<Instruction> generic_line(std::string_view t, std::string_view line,
                                        const std::string& file, uint32_t line_no, unsigned sm) {
  Instruction inst;
  if (t.starts_with("[")) {
    const size_t close = t.find(']');
    const auto c = close == std::string_view::npos ? std::nullopt
                                                   : parse_control(t.substr(0, close + 1), false);
    if (!c) return std::nullopt;
    inst.ctrl = *c;
    inst.has_ctrl = true;
    t = core::trim(t.substr(close + 1));
  }
  if (t.starts_with("{")) t = core::trim(t.substr(1));
  if (t.ends_with("}")) t = core::trim(t.substr(0, t.size() - 1));
  const auto pc = line_address(line);
  const auto g = generic_encode(t, sm, pc);
  if (!g) return std::nullopt;
  // A word texsim's own decoder models (NOP, the texture rows) stays with parse_line.
  core::DiagSink quiet;
  if (decode(g->word, std::nullopt, Origin{}, quiet).kind != Kind::kRaw) return std::nullopt;
  inst.kind = Kind::kRaw;
  inst.raw_word = g->word;
  const auto given = encoding_comment(line);
  if (given && generic_text(*given, sm, g->reuse, pc) == generic_text(g->word, sm, g->reuse, pc))
    inst.raw_word = *given;
  inst.ctrl.reuse = static_cast<uint8_t>(g->reuse);
  inst.text = "a non-texture instruction of the generic table";
  inst.origin.file = file;
  inst.origin.line = line_no;
  return inst;
}

// nvdisasm's symbol directives in a text section (listing.hpp, ListingSubroutine): `.global N`
// and `.weak N` give N's binding, `.type N,@function` makes it a function; a label `N:` of such a
// function, other than the section's own kernel, starts a subroutine at instruction `next`.
struct Symbols {
  std::vector<std::pair<std::string, int>> bind;  // -1: typed @function, binding not given
  std::vector<std::string> functions;
};
void symbol_line(std::string_view t, bool label, size_t next, ListingInfo* info, Symbols& st) {
  if (info == nullptr || info->functions.empty()) return;
  auto bound = [&](std::string_view n) -> std::pair<std::string, int>* {
    for (auto& b : st.bind)
      if (b.first == n) return &b;
    return nullptr;
  };
  for (const auto& [word, b] : {std::pair<std::string_view, int>{".global", 1}, {".weak", 2}}) {
    if (!t.starts_with(word) || t.size() <= word.size() ||
        (t[word.size()] != ' ' && t[word.size()] != '\t'))
      continue;
    const std::string n(core::trim(t.substr(word.size())));
    if (auto* e = bound(n))
      e->second = b;
    else
      st.bind.emplace_back(n, b);
  }
  if (t.starts_with(".type") && t.ends_with(",@function")) {
    const std::string n(core::trim(t.substr(5, t.size() - 5 - 10)));
    st.functions.push_back(n);
  }
  if (!label) return;
  const std::string_view n = t.substr(0, t.size() - 1);
  if (n == info->functions.back().first ||
      std::find(st.functions.begin(), st.functions.end(), n) == st.functions.end())
    return;
  const auto* e = bound(n);
  info->subroutines.push_back(
      {std::string(n), info->functions.size() - 1, next,
       static_cast<uint8_t>(e != nullptr && e->second > 0 ? e->second : 0)});
}

}  // namespace

std::vector<Instruction> parse_program(std::string_view text, const std::string& file,
                                       core::DiagSink& sink, ListingInfo* info, unsigned sm) {
  std::vector<Instruction> out;
  Bundle bundle;
  // Volta+: the last instruction line's bits 63:0 (a pair, not an optional: GCC 12 warns).
  uint64_t wide_lo = 0;
  bool have_wide_lo = false;
  uint32_t line_no = 0;
  bool in_data = false;  // in a data section of nvdisasm's whole-cubin listing (listing.hpp)
  unsigned code_sm = 0;  // a Maxwell/Pascal listing's "code for sm_NN" (generic_line)
  Symbols symbols;       // nvdisasm's subroutine symbols (symbol_line)
  if (info != nullptr) info->file = file;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t nl = text.find('\n', pos);
    const std::string_view line =
        text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    ++line_no;
    const std::string blanked = blank_comments(line);
    const std::string_view t = core::trim(blanked);
    const bool label = !t.empty() && t.back() == ':' && t.find(' ') == std::string_view::npos;
    const bool directive = t.starts_with(".") && !t.starts_with(".word");
    const auto structure = listing_structure(line);
    if (structure && sm != 0 && structure->kind == ListingLine::Kind::kControlWord) {
      // Volta+ listings: the line after an instruction holds its word's bits 127:64.
      if (!have_wide_lo || out.empty()) {
        sink.error("SASS-SYNTAX", core::TextLoc{file, line_no, 1},
                   "a '/* 0x... */' line that follows no instruction line with its encoding "
                   "(a Volta+ listing gives each word as two lines, bits 63:0 then 127:64)",
                   "nvidia_sm70_fields.md 8");
      } else {
        take_wide_word(out.back(), Word128{wide_lo, structure->value}, sink);
      }
      have_wide_lo = false;
    } else if (structure) {
      if (structure->kind == ListingLine::Kind::kControlWord) {
        lone_word(structure->value, bundle, out);
      } else if (structure->kind == ListingLine::Kind::kCodeFor) {
        code_sm = structure->sm;
        if (info != nullptr) info->sm = structure->sm;
      } else if (info != nullptr && structure->kind == ListingLine::Kind::kFunction) {
        info->functions.emplace_back(structure->name, out.size());
        info->function_lines.push_back(line_no);
      } else if (structure->kind == ListingLine::Kind::kSection) {
        in_data = structure->name.empty();
        if (!in_data && info != nullptr) {
          info->functions.emplace_back(structure->name, out.size());
          info->function_lines.push_back(line_no);
        }
      }
    } else if (label || directive) {
      if (!in_data) symbol_line(t, label, out.size(), info, symbols);
    } else if (!in_data) {
      have_wide_lo = false;
      if (auto g = sm == 0 ? generic_line(t, line, file, line_no, code_sm) : std::nullopt) {
        bundle.pc = line_address(line);
        bundle.sm = code_sm;
        maxwell_line(std::move(*g), line, bundle, out);
      } else if (auto inst = parse_line(sm != 0 ? std::string(line) : relocated_operands(line),
                                        file, line_no, sink, sm)) {
        if (sm != 0) {
          const auto lo = encoding_comment(line);
          have_wide_lo = lo.has_value();
          wide_lo = lo.value_or(0);
          out.push_back(std::move(*inst));
        } else {
          maxwell_line(std::move(*inst), line, bundle, out);
        }
      }
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return out;
}

}  // namespace texsim::isa::sass
