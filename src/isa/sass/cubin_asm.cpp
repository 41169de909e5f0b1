// A SASS program as a new cubin: its listing's functions split into kernels, each encoded, its
// registers and parameters counted, its subroutine symbols placed (cubin.hpp writes the ELF).
#include "isa/sass/cubin_asm.hpp"

#include <algorithm>
#include <span>
#include <string>

#include "isa/sass/codec.hpp"
#include "isa/sass/cubin.hpp"
#include "isa/sass/frontend_sm70.hpp"
#include "isa/sass/generic_ops.hpp"
#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass {

namespace {

// Registers a Volta+ program names: one past the highest (RZ aside), counting two registers
// for each destination (Rd, Rd2 hold up to two components each) and one for each source.
unsigned wide_register_count(std::span<const Instruction> program) {
  unsigned regs = 1;
  for (const Instruction& i : program) {
    if (i.kind != Kind::kInstruction) continue;
    for (const auto& [r, n] :
         {std::pair<uint8_t, unsigned>{i.rd0, 2}, {i.rd1, 2}, {i.ra, 1}, {i.rb, 1}}) {
      if (r != kRZ) regs = std::max(regs, static_cast<unsigned>(r) + n);
    }
  }
  return regs;
}

// Maxwell/Pascal: one past the highest register any texture instruction names (RZ excluded), as
// ptxas counts.
unsigned texture_register_count(std::span<const Instruction> program) {
  unsigned regs = 1;
  for (const Instruction& i : program) {
    if (i.kind != Kind::kInstruction || i.op == Opcode::kNop) continue;
    const DestLayout d = dest_layout(i.mask, i.f16);
    const ModeRow* row = mode_row(op_spec(i.op), i);
    auto top = [&](uint8_t r, unsigned n) {
      if (r != kRZ && n != 0) regs = std::max(regs, static_cast<unsigned>(r) + n);
    };
    top(i.rd0, std::max<unsigned>(d.rd0_regs, 1));
    top(i.rd1, std::max<unsigned>(d.rd1_regs, 1));
    top(i.ra, row ? row->ra_count : 1);
    top(i.rb, row ? row->rb_count : 1);
  }
  return regs;
}

// Each instruction's text: a generic-table word's own text (its registers and c[0x0] reads), not
// its placeholder.
std::vector<std::string> lines_of(std::span<const Instruction> program, unsigned sm) {
  std::vector<std::string> lines;
  for (const Instruction& i : program) {
    if (i.kind == Kind::kRaw) {
      lines.push_back(generic_text(i.raw_word, sm).value_or(""));
    } else {
      lines.push_back(i.text.str());
    }
  }
  return lines;
}

// What a listing does not hold (decisions CW3, CW4), a warning at the first line per function:
// reads of constant banks other than 0 (ptxas's .nv.constant2.K literals, .nv.constant3 user
// constants: their bytes are not in the listing, so texsim's cubin has no such section) and JCAL,
// whose absolute target ptxas -c leaves to the linker (R_CUDA_ABS32_20; texsim writes no
// relocations).
void warn_unlisted(const std::string& name, std::span<const Instruction> program,
                   std::span<const std::string> lines, core::DiagSink& sink) {
  bool bank = false, jcal = false;
  for (size_t k = 0; k < program.size() && k < lines.size(); ++k) {
    const std::string& l = lines[k];
    const size_t c = l.find("c[0x");
    const bool other_bank = c != std::string::npos && l.compare(c, 6, "c[0x0]") != 0;
    const bool call = l.find("JCAL ") != std::string::npos;
    if (!(other_bank && !bank) && !(call && !jcal)) continue;
    const core::TextLoc at{program[k].origin.file, program[k].origin.line, 1};
    if (other_bank && !bank) {
      std::string msg = "function " + name;
      msg.append(" reads constant bank ").append(l.substr(c + 2, 3)).append(" ('").append(l);
      msg.append("'): the listing does not hold that bank's bytes, so the cubin has no ");
      msg.append(".nv.constant").append(l.substr(c + 4, 1)).append(".").append(name);
      msg.append(" section (asm --into the original cubin keeps it)");
      sink.warning("SASS-CUBIN", at, std::move(msg), "decisions.md CW3");
      bank = true;
    }
    if (call && !jcal) {
      std::string msg = "function " + name;
      msg.append(" calls an absolute address ('").append(l);
      msg.append("') that ptxas -c leaves to the linker (R_CUDA_ABS32_20); texsim writes no ");
      msg.append("relocations, so the call is not resolved (asm --into the original cubin keeps ");
      msg.append("them)");
      sink.warning("SASS-CUBIN", at, std::move(msg), "decisions.md CW4");
      jcal = true;
    }
  }
}

// A written cubin's one kernel without a listing: the output file's stem.
std::string stem_name(std::string_view output_path) {
  std::string_view stem = output_path.substr(0, output_path.size() - 6);
  if (const size_t slash = stem.find_last_of("/\\"); slash != std::string_view::npos)
    stem.remove_prefix(slash + 1);
  return stem.empty() ? "kernel" : std::string(stem);
}

// The function's code, registers and parameters; nullopt when an instruction does not encode.
std::optional<CubinFunction> function_of(std::span<const Instruction> program,
                                         std::span<const std::string> lines, unsigned sm, bool wide,
                                         core::DiagSink& sink) {
  CubinFunction f;
  bool ok = true;
  std::vector<EncodedWord> words;
  for (const Instruction& i : program) {
    if (wide) {
      const auto w = wide_word(i, sink);
      ok = ok && w.has_value();
      for (unsigned b = 0; w && b < 16; ++b)
        f.text.push_back(static_cast<uint8_t>((b < 8 ? w->lo : w->hi) >> (8 * (b % 8))));
    } else if (const auto w = sass::encode(i, sink)) {
      words.push_back(*w);
    } else {
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  if (!wide) f.text = encode_stream(words);
  const ListingUse use = listing_use(lines, sm);
  f.regs =
      std::max(wide ? wide_register_count(program) : texture_register_count(program), use.regs);
  f.param_bytes = use.param_bytes;
  return f;
}

// A function named twice: SASS-CUBIN at its second `Function :` line.
bool names_unique(const SassProgram& p, core::DiagSink& sink) {
  const auto& fs = p.listing.functions;
  for (size_t i = 0; i < fs.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (fs[j].first != fs[i].first) continue;
      const uint32_t line = i < p.listing.function_lines.size() ? p.listing.function_lines[i] : 0;
      const uint32_t first = j < p.listing.function_lines.size() ? p.listing.function_lines[j] : 0;
      sink.error("SASS-CUBIN", core::TextLoc{p.listing.file, line, 1},
                 "function " + fs[i].first + " is named twice (first on line " +
                     std::to_string(first) +
                     "): a cubin has one .text section and one symbol per kernel",
                 "ELF-64 Object File Format (gABI) \"Symbol Table\"; issue 29");
      return false;
    }
  }
  return true;
}

}  // namespace

std::optional<std::vector<uint8_t>> assemble_cubin(const SassProgram& p,
                                                   std::string_view output_path,
                                                   std::string_view platform,
                                                   core::DiagSink& sink) {
  // SM: the listing's `code for sm_NN`, else the platform (SM50..SM62 -> 50..62).
  unsigned sm = 0;
  for (char c : platform.substr(2)) sm = sm * 10 + static_cast<unsigned>(c - '0');
  if (p.sm != 0) sm = p.sm;
  const bool wide = p.sm >= 70;
  if (!names_unique(p, sink)) return std::nullopt;
  std::vector<std::pair<std::string, size_t>> ranges = p.listing.functions;
  if (ranges.empty()) ranges.emplace_back(stem_name(output_path), 0);
  std::vector<CubinFunction> functions;
  bool ok = true;
  for (size_t k = 0; k < ranges.size(); ++k) {
    const size_t first = ranges[k].second;
    const size_t last = k + 1 < ranges.size() ? ranges[k + 1].second : p.instructions.size();
    const std::span<const Instruction> body(p.instructions.data() + first, last - first);
    const std::vector<std::string> lines = lines_of(body, sm);
    warn_unlisted(ranges[k].first, body, lines, sink);
    auto f = function_of(body, lines, sm, wide, sink);
    if (!f) {
      ok = false;
      continue;
    }
    f->name = ranges[k].first;
    // nvdisasm's subroutine labels: their offsets in the section (16-byte words on SM70+); a
    // label after the last instruction names no code and gets no symbol.
    for (const ListingSubroutine& s : p.listing.subroutines) {
      if (s.function != k || s.first < first || s.first >= last) continue;
      const size_t at = s.first - first;
      f->subroutines.push_back({s.name, wide ? 16 * at : stream_offset(at), s.bind});
    }
    std::sort(
        f->subroutines.begin(), f->subroutines.end(),
        [](const CubinSubroutine& a, const CubinSubroutine& b) { return a.offset < b.offset; });
    functions.push_back(std::move(*f));
  }
  if (!ok) return std::nullopt;
  return write_cubin_functions(functions, sm);
}

}  // namespace texsim::isa::sass
