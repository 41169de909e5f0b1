// isa::Frontend for SASS: wires syntax, rules, codec and exec together and describes the model
// from its tables. Never prints; the CLI renders what it returns.
#include "isa/sass/frontend.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <span>

#include "isa/sass/codec.hpp"
#include "isa/sass/codec_sm70.hpp"
#include "isa/sass/cubin.hpp"
#include "isa/sass/cubin_asm.hpp"
#include "isa/sass/describe.hpp"
#include "isa/sass/encoding.hpp"
#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/examples.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/frontend_sm70.hpp"
#include "isa/sass/generic_ops.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

const SassProgram& as_sass(const Program& p) {
  return static_cast<const SassProgram&>(p);
}

// A Volta+ program (SM70-SM90, 128-bit words): text read for such a platform, or its cubin.
bool is_wide(const SassProgram& p) {
  return p.sm >= 70;
}

// Every instruction's word and control bits; nullopt when any does not encode (each reported).
std::optional<std::vector<EncodedWord>> encode_words(const SassProgram& p, core::DiagSink& sink) {
  std::vector<EncodedWord> words;
  bool ok = true;
  for (const Instruction& i : p.instructions) {
    if (auto w = sass::encode(i, sink))
      words.push_back(*w);
    else
      ok = false;
  }
  if (!ok) return std::nullopt;
  return words;
}

// SASS as texsim knows it: nvdisasm/cuobjdump text (.sass), ptxas cubins (.cubin), the
// platforms of its encoding generations (encoding.hpp) and ptxas's spellings of them.
constexpr std::array<std::string_view, 2> kExtensions{".sass", ".cubin"};
constexpr std::array<core::Alias, 14> kPlatformAliases{{{"sm_50", "SM50"},
                                                        {"sm_52", "SM52"},
                                                        {"sm_53", "SM53"},
                                                        {"sm_60", "SM60"},
                                                        {"sm_61", "SM61"},
                                                        {"sm_62", "SM62"},
                                                        {"sm_70", "SM70"},
                                                        {"sm_72", "SM72"},
                                                        {"sm_75", "SM75"},
                                                        {"sm_80", "SM80"},
                                                        {"sm_86", "SM86"},
                                                        {"sm_87", "SM87"},
                                                        {"sm_89", "SM89"},
                                                        {"sm_90", "SM90"}}};
// A function-local static: safe whenever the registry is first asked (no init-order hazard).
const IsaInfo& isa_info() {
  static const IsaInfo kInfo{
      "sass",
      "SASS",
      kExtensions,
      sass_platforms(),
      "SM52",
      kPlatformAliases,
      "Maxwell (SM50, SM52, SM53) and Pascal (SM60, SM61, SM62); Volta to Hopper (SM70, "
      "SM72, SM75, SM80, SM86, SM87, SM89, SM90; 128-bit words): texture instructions as words, "
      "streams, cubins, nvdisasm text and cuobjdump listings, run per thread",
      1};  // texsim::Isa::kSass, TEXSIM_ISA_SASS
  return kInfo;
}

class SassFrontend final : public Frontend {
 public:
  const IsaInfo& info() const override { return isa_info(); }

  // An ELF file for NVIDIA's machine (e_machine 190, EM_CUDA) or a CUDA fatbin (0xba55ed50).
  bool recognizes(std::span<const uint8_t> bytes) const override {
    const bool cuda_elf = is_elf(bytes) && bytes.size() >= 20 && bytes[18] == 190 && bytes[19] == 0;
    const bool fatbin = bytes.size() >= 4 && bytes[0] == 0x50 && bytes[1] == 0xed &&
                        bytes[2] == 0x55 && bytes[3] == 0xba;
    return cuda_elf || fatbin || is_listing(bytes);
  }

  // A listing whatever its file name (issue 29: `cuobjdump -sass K.cubin > K.txt`): its first
  // line that is not blank is cuobjdump's `code for sm_NN` or fatbin banner, or nvdisasm's
  // `.headerflags @"... EF_CUDA_SMNN ..."` (listing_structure reads both).
  static bool is_listing(std::span<const uint8_t> bytes) {
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()),
                                std::min<size_t>(bytes.size(), 4096));
    for (size_t at = 0; at < text.size();) {
      const size_t end = std::min(text.find('\n', at), text.size());
      const std::string_view line = core::trim(text.substr(at, end - at));
      if (!line.empty()) {
        const auto s = listing_structure(line);
        return s && (s->kind == ListingLine::Kind::kCodeFor ||
                     (s->kind == ListingLine::Kind::kHeader && line.starts_with("Fatbin")));
      }
      at = end + 1;
    }
    return false;
  }

  std::unique_ptr<Program> parse(const SourceFile& source, std::string_view platform,
                                 core::DiagSink& sink) const override {
    const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(source.text.data()),
                                         source.text.size());
    if (is_elf(bytes)) {
      // A cubin given to check/run (issue 14): decode it; rule violations stay errors here.
      const size_t before = sink.error_count();
      // The cubin names its architecture (e_flags); that, not --platform, decides.
      auto prog = decode_cubin(bytes, source.path, sink, false);
      if (!prog) return nullptr;
      const std::string arch = "SM" + std::to_string(prog->sm);
      for (const Instruction& i : prog->instructions) validate(i, arch, sink);
      if (sink.error_count() != before) return nullptr;
      return prog;
    }
    // A cuobjdump listing's "code for sm_NN" names its architecture, as a cubin's e_flags do.
    unsigned wide = wide_sm(platform);
    if (const unsigned listed = listing_wide_sm(source.text)) wide = listed;
    if (wide != 0) return parse_wide_text(source, wide, sink);
    auto prog = std::make_unique<SassProgram>();
    const size_t before = sink.error_count();
    prog->instructions = parse_program(source.text, source.path, sink, &prog->listing);
    // Maxwell/Pascal too: the listing's architecture is the one its rules and cubin take (issue
    // 29: asm wrote every listing's cubin as SM52).
    const std::string listed = "SM" + std::to_string(prog->listing.sm);
    const auto& ps = sm50().platforms;
    const bool by_listing = std::find(ps.begin(), ps.end(), listed) != ps.end();
    if (by_listing) prog->sm = prog->listing.sm;
    for (const Instruction& i : prog->instructions) {
      validate(i, by_listing ? std::string_view(listed) : platform, sink);
      if (i.has_ctrl) prog->mode = PrintMode::kStream;
    }
    if (sink.error_count() != before) return nullptr;
    return prog;
  }

  // Volta+ text: no Maxwell/Pascal rules apply; nvdisasm's acceptance (W7) is checked per line.
  static std::unique_ptr<Program> parse_wide_text(const SourceFile& source, unsigned sm,
                                                  core::DiagSink& sink) {
    auto prog = std::make_unique<SassProgram>();
    const size_t before = sink.error_count();
    prog->sm = sm;
    prog->instructions = parse_program(source.text, source.path, sink, &prog->listing, sm);
    const Instruction* first = nullptr;
    size_t other = 0;
    for (const Instruction& i : prog->instructions) {
      if (i.has_ctrl) prog->mode = PrintMode::kStream;
      if (i.kind != Kind::kUnsupported) continue;
      if (++other == 1) first = &i;
      if (!i.word_given)
        sink.warning(
            "SASS-UNSUPPORTED",
            core::TextLoc{i.origin.file, i.origin.line,
                          i.origin.column[static_cast<size_t>(Slot::kInstr)]},
            "'" + i.text.str() + "' is not modelled and has no encoding: it cannot be assembled",
            "nvidia_sm70_fields.md 1");
    }
    if (first != nullptr) {
      sink.warning("SASS-UNSUPPORTED",
                   core::TextLoc{first->origin.file, first->origin.line,
                                 first->origin.column[static_cast<size_t>(Slot::kInstr)]},
                   std::to_string(other) + " line" + (other == 1 ? " is" : "s are") +
                       " not TEX, TLD, TLD4, TXD, TMML or TXQ (first: '" + first->text.str() +
                       "'): kept as text, assembled from their listing encodings",
                   "nvidia_sm70_fields.md 1");
    }
    if (sink.error_count() != before) return nullptr;
    return prog;
  }

  std::optional<std::vector<EncodedInstruction>> encode(const Program& program,
                                                        core::DiagSink& sink) const override {
    const auto& p = as_sass(program);
    if (is_wide(p)) return encode_wide(p.instructions, sink);
    const auto encoded = encode_words(p, sink);
    if (!encoded) return std::nullopt;
    const std::vector<EncodedWord>& words = *encoded;
    // One entry per 64-bit word of the bundle stream, in file order.
    const std::vector<uint8_t> stream = encode_stream(words);
    std::vector<EncodedInstruction> out;
    for (size_t off = 0; off < stream.size(); off += 8) {
      EncodedInstruction e;
      e.offset = off;
      e.bytes.assign(stream.begin() + static_cast<std::ptrdiff_t>(off),
                     stream.begin() + static_cast<std::ptrdiff_t>(off + 8));
      const size_t bundle = off / fields::kBundleBytes;
      const size_t slot = (off % fields::kBundleBytes) / 8;
      if (slot == 0) {
        e.text = "control";
        for (size_t s = 0; s < fields::kBundleSlots; ++s) {
          const size_t k = bundle * fields::kBundleSlots + s;
          e.text += " " + print_control(k < words.size() ? decode_control(words[k].control)
                                                         : kDefaultControl);
        }
      } else {
        const size_t k = bundle * fields::kBundleSlots + slot - 1;
        e.text = k < p.instructions.size() ? print_instruction(p.instructions[k]) : "NOP ;";
      }
      // The word itself, most significant digit first, as nvdisasm's trailing comment (the
      // CLI's hex column shows the bytes in file order).
      {
        uint64_t v = 0;
        for (unsigned b = 0; b < 8; ++b) v |= uint64_t{e.bytes[b]} << (8 * b);
        char buf[40];
        std::snprintf(buf, sizeof buf, "  /* 0x%016llx */", static_cast<unsigned long long>(v));
        e.text += buf;
      }
      out.push_back(std::move(e));
    }
    return out;
  }

  std::optional<std::vector<uint8_t>> encode_object(const Program& program,
                                                    std::string_view output_path,
                                                    std::string_view platform,
                                                    core::DiagSink& sink) const override {
    if (!output_path.ends_with(".cubin")) return std::nullopt;
    return assemble_cubin(as_sass(program), output_path, platform, sink);
  }

  // asm --into BASE.cubin: each `Function :` of the listing (or the program, for a one-kernel
  // cubin) encoded into its kernel's section of a copy of BASE (issue 29).
  std::optional<std::vector<uint8_t>> encode_object_into(const Program& program,
                                                         std::span<const uint8_t> base,
                                                         const std::string& base_name,
                                                         core::DiagSink& sink) const override {
    const auto& p = as_sass(program);
    const auto cubin = read_cubin(base, base_name, sink);
    if (!cubin) return std::nullopt;
    if (p.sm != 0 && p.sm != cubin->sm) {
      sink.error("SASS-CUBIN", core::BinaryLoc{base_name, 0, 0, 0, false},
                 base_name + " is sm_" + std::to_string(cubin->sm) + " code; the listing is sm_" +
                     std::to_string(p.sm),
                 "issue 29");
      return std::nullopt;
    }
    std::vector<std::pair<std::string, size_t>> functions = p.listing.functions;
    if (functions.empty() && cubin->kernels.size() == 1)
      functions.emplace_back(cubin->kernels[0].name, 0);
    if (functions.empty()) {
      sink.error("SASS-CUBIN", core::BinaryLoc{base_name, 0, 0, 0, false},
                 base_name + " has " + std::to_string(cubin->kernels.size()) +
                     " kernels and the program names none (`Function : name` lines)",
                 "issue 29");
      return std::nullopt;
    }
    std::vector<uint8_t> out(base.begin(), base.end());
    for (size_t f = 0; f < functions.size(); ++f) {
      const size_t first = functions[f].second;
      const size_t last =
          f + 1 < functions.size() ? functions[f + 1].second : p.instructions.size();
      std::vector<uint8_t> text;
      std::vector<EncodedWord> words;
      bool ok = true;
      for (size_t i = first; i < last; ++i) {
        if (is_wide(p)) {
          const auto w = wide_word(p.instructions[i], sink);
          ok = ok && w.has_value();
          for (unsigned b = 0; w && b < 16; ++b)
            text.push_back(static_cast<uint8_t>((b < 8 ? w->lo : w->hi) >> (8 * (b % 8))));
        } else if (const auto w = sass::encode(p.instructions[i], sink)) {
          words.push_back(*w);
        } else {
          ok = false;
        }
      }
      if (!ok) return std::nullopt;
      if (!is_wide(p)) text = encode_stream(words);
      const auto patched = patch_cubin_text(out, base_name, functions[f].first, text, sink);
      if (!patched) return std::nullopt;
      out = *patched;
    }
    return out;
  }

  std::unique_ptr<Program> decode(const BinaryInput& input, std::string_view platform,
                                  core::DiagSink& sink) const override {
    // A fatbin (magic 0xba55ed50, little-endian): not read directly (decisions T17).
    if (!input.word && input.bytes.size() >= 4 && input.bytes[0] == 0x50 &&
        input.bytes[1] == 0xed && input.bytes[2] == 0x55 && input.bytes[3] == 0xba) {
      sink.error("SASS-CUBIN", core::BinaryLoc{input.name, 0, 0, 0, false},
                 "this is a CUDA fatbin, not a cubin: extract its cubins with `cuobjdump -xelf "
                 "all " +
                     input.name + "` and disassemble those",
                 "decisions.md T17");
      return nullptr;
    }
    if (!input.word && is_elf(input.bytes)) {
      auto prog = decode_cubin(input.bytes, input.name, sink, input.control_prefix);
      if (!prog) return nullptr;
      warn_rules(*prog, "SM" + std::to_string(prog->sm), sink);
      return prog;
    }
    if (wide_sm(platform) != 0 || input.word_wide) return decode_wide_word(input, platform, sink);
    auto prog = std::make_unique<SassProgram>();
    if (input.word) {
      std::optional<uint32_t> ctrl;
      if (input.ctrl) {
        if (!fields::kControl.fits(*input.ctrl)) {
          sink.error("SASS-DECODE-CTRL", core::BinaryLoc{input.name, 0, 0, 0, false},
                     "--ctrl is the 21-bit control field of one instruction (at most 0x1fffff)",
                     "nvidia_tlds.md 1.2");
          return nullptr;
        }
        ctrl = static_cast<uint32_t>(*input.ctrl);
      }
      Origin o;
      o.file = input.name;
      o.binary = true;
      prog->instructions.push_back(sass::decode(*input.word, ctrl, o, sink, platform));
      prog->mode = PrintMode::kBare;
    } else {
      prog->instructions = decode_stream(input.bytes, input.name, sink, 0, platform);
      prog->mode = PrintMode::kStream;
      if (sink.has_errors()) return nullptr;
    }
    warn_rules(*prog, platform, sink);
    return prog;
  }

  // SM70+ (issue 26): one 128-bit --word or a stream of them; a 128-bit word on SM50-SM62 is an
  // error.
  static std::unique_ptr<Program> decode_wide_word(const BinaryInput& input,
                                                   std::string_view platform,
                                                   core::DiagSink& sink) {
    const core::BinaryLoc at{input.name, 0, 0, 0, false};
    if (wide_sm(platform) == 0) {
      sink.error("SASS-PLATFORM", at,
                 "--word has more than 64 bits; " + std::string(platform) +
                     " words are 64-bit (128-bit words need --platform SM70 .. SM90)",
                 "issue 26");
      return nullptr;
    }
    auto prog = std::make_unique<SassProgram>();
    prog->sm = wide_sm(platform);
    if (!input.word) {
      prog->instructions = decode_wide_stream(input.bytes, input.name, 0, prog->sm, sink);
      prog->mode = PrintMode::kStream;
      if (sink.has_errors()) return nullptr;
      return prog;
    }
    if (input.ctrl) {
      sink.error("SASS-DECODE-CTRL", at,
                 "--ctrl is the control field of SM50-SM62 bundles; an SM70+ word holds its "
                 "scheduling bits itself (127:105)",
                 "nvidia_sm70_fields.md 7");
      return nullptr;
    }
    Origin o;
    o.file = input.name;
    o.binary = true;
    prog->instructions.push_back(
        decode_sm70(Word128{*input.word, input.word_hi}, platform, o, sink));
    prog->mode = PrintMode::kBare;
    return prog;
  }

  // Rule violations in decoded words are warnings: the word is still printable.
  static void warn_rules(const SassProgram& prog, std::string_view platform, core::DiagSink& sink) {
    core::DiagSink tmp;
    for (const Instruction& i : prog.instructions) {
      validate(i, platform, tmp);
      if (tmp.diagnostics().empty()) continue;
      for (core::Diagnostic d : tmp.diagnostics()) {
        d.severity = core::Severity::kWarning;
        sink.report(std::move(d));
      }
      tmp.clear();
    }
  }

  // A cubin: every .text.<kernel> section decoded as a bundle stream at its file offset.
  static std::unique_ptr<SassProgram> decode_cubin(std::span<const uint8_t> bytes,
                                                   const std::string& name, core::DiagSink& sink,
                                                   bool control_prefix) {
    const auto cubin = read_cubin(bytes, name, sink);
    if (!cubin) return nullptr;
    auto prog = std::make_unique<SassProgram>();
    prog->mode = control_prefix ? PrintMode::kStream : PrintMode::kListing;
    prog->sm = cubin->sm;
    prog->virtual_sm = cubin->virtual_sm;
    const unsigned wide = wide_sm("SM" + std::to_string(cubin->sm));
    if (wide == 0 && (cubin->sm < 50 || cubin->sm > 62)) {
      sink.error("SASS-CUBIN", core::BinaryLoc{name, 48, 7, 0, true},
                 "the cubin is for sm_" + std::to_string(cubin->sm) +
                     "; texsim decodes sm_50 .. sm_62 and sm_70, 72, 75, 80, 86, 87, 89, 90",
                 "nvidia_tlds.md 1, 2");
      return nullptr;
    }
    const size_t errors = sink.error_count();
    for (const CubinKernel& k : cubin->kernels) {
      KernelRange r;
      r.name = k.name;
      r.first = prog->instructions.size();
      r.file_offset = k.file_offset;
      r.text = k.text;
      // The other instructions of a real kernel (MOV, S2R, EXIT...) are not executed; they print
      // as nvdisasm's text where the generic table knows them (decisions SO1-SO6), else as .word:
      // one summary warning per kernel instead of one SASS-DECODE-OPCODE per word.
      core::DiagSink tmp;
      auto insts = wide != 0 ? decode_wide_stream(k.text, name, k.file_offset, wide, tmp)
                             : decode_stream(k.text, name, tmp, k.file_offset,
                                             "SM" + std::to_string(cubin->sm));
      size_t other = 0;
      std::optional<core::Diagnostic> first_other;
      for (const core::Diagnostic& d : tmp.diagnostics()) {
        if (d.rule_id == "SASS-DECODE-OPCODE") {
          if (!first_other) first_other = d;
          ++other;
        } else {
          sink.report(d);
        }
      }
      if (first_other) {
        first_other->message = std::to_string(other) + " word" + (other == 1 ? "" : "s") +
                               " of kernel " + k.name + " are not " +
                               (wide != 0 ? std::string("TEX, TLD, TLD4, TXD, TMML or TXQ")
                                          : modelled_mnemonics(" or ")) +
                               " (not executed; they print as nvdisasm's text where texsim's "
                               "table of other opcodes knows them, else as .word; first: " +
                               first_other->message + ")";
        sink.report(std::move(*first_other));
      }
      r.count = insts.size();
      for (Instruction& i : insts) prog->instructions.push_back(std::move(i));
      prog->kernels.push_back(std::move(r));
    }
    if (sink.error_count() != errors) return nullptr;
    return prog;
  }

  std::string print(const Program& program) const override {
    const auto& p = as_sass(program);
    if (p.mode == PrintMode::kListing) {
      return print_listing(p.kernels, p.instructions, p.sm, p.virtual_sm);
    }
    std::string out;
    size_t kernel = 0;
    for (size_t k = 0; k < p.instructions.size(); ++k) {
      const Instruction& i = p.instructions[k];
      PrintOptions opt;
      opt.sm = p.sm;
      if (p.mode == PrintMode::kStream) {
        opt.control_prefix = true;
        opt.address = i.origin.binary ? i.origin.offset : is_wide(p) ? 16 * k : stream_offset(k);
        // Cubin kernels: addresses relative to the kernel's .text section, a header each.
        while (kernel < p.kernels.size() && p.kernels[kernel].first == k) {
          out += "\t\tFunction : " + p.kernels[kernel].name + "\n";
          ++kernel;
        }
        for (const KernelRange& r : p.kernels) {
          if (k >= r.first && k < r.first + r.count) opt.address = i.origin.offset - r.file_offset;
        }
      }
      out += print_instruction(i, opt);
      out += '\n';
    }
    return out;
  }

  std::optional<RunResult> execute(const Program& program, const scene::Scene& scene,
                                   std::string_view platform, const ExecOptions& options,
                                   core::DiagSink& sink) const override {
    const auto& p = as_sass(program);
    for (const auto& [key, value] : options.settings) {
      sink.error("SASS-RUN-SETTING", core::NoLoc{},
                 std::string("unknown machine setting ")
                     .append(key)
                     .append("=")
                     .append(value)
                     .append(" (the SASS machine takes its settings from the scene)"));
    }
    if (!options.settings.empty()) return std::nullopt;
    RunResult r;
    ExecSettings s = settings_for(scene, platform, options.trace);
    auto memory = options.trace_memory ? std::make_shared<MemoryLog>() : nullptr;
    s.memory = memory.get();
    auto regs = run_program(p.instructions, scene, s, options.poison, sink,
                            options.trace ? &r.trace : nullptr);
    if (!regs) return std::nullopt;
    r.registers = std::move(*regs);
    r.memory = std::move(memory);
    return r;
  }

  std::vector<std::string> opcodes() const override {
    std::vector<std::string> out;
    for (const auto& r : op_specs()) out.emplace_back(r.mnemonic);
    return out;
  }

  // From the opcode's row and its encodings (describe.cpp); a Volta+ platform describes that
  // architecture's 128-bit form (describe_sm70.cpp).
  std::optional<std::string> describe(std::string_view opcode,
                                      std::string_view platform) const override {
    if (const unsigned sm = wide_sm(platform); sm != 0) return describe_opcode_wide(opcode, sm);
    return describe_opcode(opcode);
  }

  std::vector<scene::RuleInfo> rules() const override {
    std::vector<scene::RuleInfo> out;
    for (const auto& r : all_rules()) out.push_back({r.id, r.summary});
    return out;
  }

  const scene::SceneSection* scene_section() const override { return &sass::scene_section(); }
  std::vector<Example> examples() const override {
    return {
        Example{"TLDS: 2D.LZ, 2D.LL.AOFFI, ARRAY_2D .F16, invalid header, dimension "
                "mismatch, sRGB header, predicate false",
                std::string(demo_program()), "tlds-demo.sass", std::string(demo_scene())}};
  }
};

}  // namespace

std::unique_ptr<Frontend> make_frontend() {
  return std::make_unique<SassFrontend>();
}

}  // namespace texsim::isa::sass
