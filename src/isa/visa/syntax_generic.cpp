// IGC's header directives, labels and unmodelled instruction lines while parsing
// (syntax_generic.hpp). Citations: IGC 1.0.12504 visa/CISA.y (directives, labels),
// IsaDisassembly.cpp (the printed forms), docs/decisions.md V54-V56.
#include "isa/visa/syntax_generic.hpp"

#include "isa/visa/isa_header_text.hpp"
#include "isa/visa/isa_text.hpp"
#include "isa/visa/layouts.hpp"
#include "isa/visa/platform.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kCite = "IGC visa/CISA.y, IsaDisassembly.cpp; docs/visa.md";

core::TextLoc loc(const VisaProgram& p, uint32_t line, uint32_t col) {
  return core::TextLoc{p.file, line, col};
}

}  // namespace

bool igc_text_form(std::string_view word) {
  const std::string_view base = word.substr(0, word.find('.'));
  if (base == "min" || base == "max" || base == "cmp" || base == "cmpn" ||
      base.starts_with("fence_"))
    return true;
  if (base == "raw_sendc" || base == "raw_sendsc" || base == "svm_block_ld" ||
      base == "svm_block_st" || word == "sbarrier.signal" || word == "sbarrier.wait")
    return true;
  if (word.find('.') != std::string_view::npos &&
      (base == "raw_sends" || base.starts_with("lsc_atomic_") || base == "lsc_fence" ||
       base == "lsc_load" || base == "lsc_store" || base == "lsc_load_quad" ||
       base == "lsc_store_quad" || base == "gather4_scaled" || base == "scatter4_scaled" ||
       base == "gather_scaled" || base == "scatter_scaled" || base == "gather4_typed" ||
       base == "scatter4_typed" || base == "dword_atomic" || base == "svm_atomic" ||
       base == "svm_gather" || base == "svm_scatter" || base == "svm_gather4scaled" ||
       base == "svm_scatter4scaled" || base == "media_st"))
    return true;
  if (base == "oword_ld" || base == "oword_st" || base == "oword_ld_unaligned") return true;
  const OpLayout* l = find_layout(word);
  if (l == nullptr) l = find_layout(base);
  if (l == nullptr) return false;
  const std::string_view t = l->layout;
  if (t == "EPw") return true;              // jmp, call, goto
  if (t == "EP" || t.empty()) return true;  // ret, fret; barrier...
  // The common class: exec size, predicate, vector operands (bfn: its function byte last).
  if (t.size() < 3 || t[0] != 'E') return false;
  return t.find_first_not_of("EPV") == std::string_view::npos ||
         (l->opcode == 0x85 &&
          t.substr(0, t.size() - 1).find_first_not_of("EPV") == std::string_view::npos);
}

bool GenericText::directive(std::string_view dir, std::string_view rest, uint32_t line,
                            uint32_t col, uint32_t rest_col) {
  if (dir == "input" || dir == "parameter" || dir.starts_with("implicit")) {
    ProgramInput in;
    in.line = line;
    if (auto e = parse_input_directive(dir, rest, rest_col, in)) {
      sink_.error("VISA-SYNTAX", loc(prog_, line, e->column), e->message, kCite);
      return true;
    }
    const Variable* v = prog_.symbols.find_name(in.name);
    if (v == nullptr) {
      sink_.error("VISA-UNDECLARED", loc(prog_, line, in.column),
                  "input '" + in.name + "' is not a declared variable", kCite);
      return true;
    }
    if (v->cls == VarClass::kSampler) in.kind |= 1;
    if (v->cls == VarClass::kSurface) in.kind |= 2;
    if (v->cls == VarClass::kAddress || v->cls == VarClass::kPredicate) {
      sink_.error("VISA-DECL", loc(prog_, line, in.column),
                  "input '" + in.name + "' must be a general, sampler or surface variable", kCite);
      return true;
    }
    prog_.inputs.push_back(std::move(in));
    return true;
  }
  if (dir == "kernel_attr") {
    ProgramAttr a;
    if (auto e = parse_kernel_attr(rest, rest_col, a))
      sink_.error("VISA-SYNTAX", loc(prog_, line, e->column), e->message, kCite);
    else
      prog_.attrs.push_back(std::move(a));
    return true;
  }
  if (dir == "function") {
    std::string name;
    size_t b = 0;
    while (b < rest.size() && rest[b] == ' ') ++b;
    if (auto e = parse_kernel_name(rest.substr(b), name)) {
      sink_.error("VISA-SYNTAX", loc(prog_, line, rest_col + static_cast<uint32_t>(b)), *e, kCite);
    } else if (name.empty()) {
      sink_.error("VISA-SYNTAX", loc(prog_, line, col), ".function needs a name", kCite);
    } else {
      pending_function_ = std::move(name);
      pending_line_ = line;
    }
    return true;
  }
  return false;
}

void GenericText::label(std::string_view name, uint32_t line, uint32_t col) {
  for (const ProgramLabel& l : prog_.labels) {
    if (l.name != name) continue;
    sink_.error(
        "VISA-SYNTAX", loc(prog_, line, col),
        "label '" + std::string(name) + "' is already defined on line " + std::to_string(l.line),
        kCite);
    return;
  }
  ProgramLabel l;
  l.name = std::string(name);
  l.line = line;
  l.before = prog_.instructions.size();
  if (!pending_function_.empty()) {
    if (pending_function_ != name)
      sink_.error("VISA-SYNTAX", loc(prog_, line, col),
                  ".function \"" + pending_function_ + "\" on line " +
                      std::to_string(pending_line_) + " must be followed by its label '" +
                      pending_function_ + ":'",
                  kCite);
    l.function = true;
    pending_function_.clear();
  }
  prog_.labels.push_back(std::move(l));
}

void GenericText::instruction(std::string_view text, uint32_t line) {
  const Instruction& inst = prog_.instructions.back();
  // Checked with the program's own ids; labels are collected and checked at the end.
  std::vector<Ref> refs;
  const TextEnv env{prog_.symbols, prog_.version, [](VarClass, uint32_t id) { return id; },
                    [&](std::string_view name) {
                      refs.push_back({std::string(name), line, 0});
                      return 0u;
                    },
                    platform_info(prog_.platform).grf_bytes};
  std::vector<uint8_t> bytes;
  const auto e = encode_text_instruction(text, env, bytes);
  if (!e) {
    for (Ref& r : refs) {
      r.column = static_cast<uint32_t>(text.find(r.name) + 1);
      refs_.push_back(std::move(r));
    }
    return;
  }
  const size_t first = text.find_first_not_of(' ');
  size_t end = text.find(' ', first);
  std::string_view word = text.substr(first, end - first);
  if (word.starts_with("(")) {  // a predicate prefix: the mnemonic is the next word
    const size_t b = text.find_first_not_of(' ', text.find(')', first) + 1);
    word = text.substr(b, text.find(' ', b) - b);
  }
  if (igc_text_form(word) || !has_text_form(inst.unsupported)) {
    if (has_text_form(inst.unsupported))
      sink_.error("VISA-SYNTAX", loc(prog_, line, e->column), e->message, kCite);
    return;
  }
  sink_.warning("VISA-TEXT-FORM", loc(prog_, line, e->column),
                e->message + " ('" + inst.unsupported +
                    "' is read in texsim's layout-driven form, which IGC's printer does not use "
                    "for it: this line is kept as text and cannot be written to a .isa)",
                "docs/visa.md, \"Every instruction in text\"");
}

void GenericText::finish() {
  if (!pending_function_.empty())
    sink_.error("VISA-SYNTAX", loc(prog_, pending_line_, 1),
                ".function \"" + pending_function_ + "\" is not followed by its label", kCite);
  for (const Ref& r : refs_) {
    bool found = false;
    for (const ProgramLabel& l : prog_.labels) found = found || l.name == r.name;
    if (!found)
      sink_.error("VISA-UNDECLARED", loc(prog_, r.line, r.column),
                  "label '" + r.name + "' is not defined", kCite);
  }
}

}  // namespace texsim::isa::visa
