// The vISA Frontend implementation: glue between the CLI interface and syntax, rules, codec and
// exec. Depends on every part of isa/visa; never prints.
#include "isa/visa/frontend.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "isa/visa/codec.hpp"
#include "isa/visa/examples.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/platform.hpp"
#include "isa/visa/rules.hpp"
#include "isa/visa/scene_section.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

std::optional<Platform> platform_of(std::string_view name, core::DiagSink& sink) {
  const auto p = platform_from_name(name);
  if (!p)
    sink.error("VISA-PLATFORM", core::NoLoc{}, "unknown vISA platform '" + std::string(name) + "'",
               "spec README item 7");
  return p;
}

// vISA as texsim knows it: IGC's text (.visaasm), IGC's binary container (.isa), the platforms of
// the platform table and the spellings of them in Intel's tools and documents.
constexpr std::array<std::string_view, 3> kExtensions{".visaasm", ".vasm", ".isa"};
constexpr std::array<core::Alias, 14> kPlatformAliases{{{"Gen9", "SKL"},
                                                        {"GENX_SKL", "SKL"},
                                                        {"Gen11", "ICLLP"},
                                                        {"GENX_ICLLP", "ICLLP"},
                                                        {"Gen12", "TGLLP"},
                                                        {"Xe-LP", "TGLLP"},
                                                        {"XeLP", "TGLLP"},
                                                        {"GENX_TGLLP", "TGLLP"},
                                                        {"XeHP_SDV", "XeHP"},
                                                        {"Xe-HPG", "DG2"},
                                                        {"XeHPG", "DG2"},
                                                        {"Xe-HPC", "PVC"},
                                                        {"XeHPC", "PVC"},
                                                        {"LNL", "Xe2"}}};
// A function-local static: safe whenever the registry is first asked (no init-order hazard).
const IsaInfo& isa_info() {
  static const IsaInfo kInfo{
      "visa",
      "vISA",
      kExtensions,
      platform_names(),
      "TGLLP",
      kPlatformAliases,
      "Gen9 (SKL), Gen11 (ICLLP), Xe-LP (TGLLP), Xe-HP (XeHP), Xe-HPG (DG2), "
      "Xe-HPC (PVC), Xe2",
      0};  // texsim::Isa::kVisa, TEXSIM_ISA_VISA
  return kInfo;
}

class VisaFrontend final : public isa::Frontend {
 public:
  const IsaInfo& info() const override { return isa_info(); }

  // IGC's container ("CISA"), texsim's stream header ("TXVI"), or text whose first line that is
  // not blank or a comment is a .version or .kernel directive.
  bool recognizes(std::span<const uint8_t> bytes) const override {
    if (is_isa_file(bytes) ||
        (bytes.size() >= 4 && std::equal(kStreamMagic.begin(), kStreamMagic.end(), bytes.begin())))
      return true;
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    size_t at = 0;
    while (at < text.size()) {
      const size_t end = std::min(text.find('\n', at), text.size());
      std::string_view line = text.substr(at, end - at);
      while (!line.empty() && (line.front() == ' ' || line.front() == '\t' || line.front() == '\r'))
        line.remove_prefix(1);
      if (!line.empty() && !line.starts_with("//"))
        return line.starts_with(".version") || line.starts_with(".kernel");
      at = end + 1;
    }
    return false;
  }

  std::unique_ptr<Program> parse(const SourceFile& source, std::string_view platform,
                                 core::DiagSink& sink) const override {
    const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(source.text.data()),
                                         source.text.size());
    if (is_isa_file(bytes)) {
      // IGC's .isa given to check/run: decode it; errors make it no program.
      BinaryInput in;
      in.name = source.path;
      in.bytes.assign(bytes.begin(), bytes.end());
      const size_t before = sink.error_count();
      auto prog = decode(in, platform, sink);
      if (sink.error_count() != before) return nullptr;
      return prog;
    }
    const auto p = platform_of(platform, sink);
    if (!p) return nullptr;
    core::DiagSink local;
    std::vector<Variable> scene_decls;
    if (source.scene != nullptr) {
      for (const auto& [name, reg] : scene_state(*source.scene).registers) {
        Variable v;
        if (reg.decl && !parse_decl(*reg.decl, v) && v.name == name) {
          v.line = 0;
          scene_decls.push_back(std::move(v));
        }
      }
    }
    auto prog = parse_program(source.text, source.path, *p, local, scene_decls);
    check_program(*prog, local);
    // Syntax and rule diagnostics in file order (line), each line's in the order found.
    std::vector<core::Diagnostic> diags = local.diagnostics();
    std::stable_sort(diags.begin(), diags.end(),
                     [](const core::Diagnostic& a, const core::Diagnostic& b) {
                       const auto* ta = std::get_if<core::TextLoc>(&a.loc);
                       const auto* tb = std::get_if<core::TextLoc>(&b.loc);
                       return (ta ? ta->line : 0) < (tb ? tb->line : 0);
                     });
    for (auto& d : diags) sink.report(std::move(d));
    if (local.has_errors()) return nullptr;
    return prog;
  }

  std::optional<std::vector<EncodedInstruction>> encode(const Program& program,
                                                        core::DiagSink& sink) const override {
    const auto& prog = static_cast<const VisaProgram&>(program);
    std::vector<EncodedInstruction> out;
    EncodedInstruction header;
    header.bytes = encode_header(prog);
    header.text = "texsim vISA stream header: .version " + version_string(prog.version) + ", " +
                  std::to_string(prog.symbols.declared().size()) + " declarations";
    uint64_t offset = header.bytes.size();
    out.push_back(std::move(header));
    bool ok = true;
    // Unmodelled instructions: the parser's notes name each mnemonic once; encoding reports one
    // error for the whole program (issue 13), at the first such line.
    size_t unmodelled = 0;
    for (const Instruction& i : prog.instructions) {
      if (i.row != nullptr) continue;
      if (unmodelled++ == 0) {
        sink.error("VISA-UNSUPPORTED", core::TextLoc{prog.file, i.line, i.column},
                   "texsim's own stream (-o X.bin) holds modelled instructions only and this "
                   "program has others (first: '" +
                       i.unsupported + "'); write IGC's container instead: asm -o X.isa",
                   "research/intel_visa.md §1.6");
      }
    }
    if (unmodelled != 0) return std::nullopt;
    for (const Instruction& i : prog.instructions) {
      EncodedInstruction e;
      e.text = print_instruction(i, prog);
      e.offset = offset;
      if (auto err = encode_instruction(i, prog.version, e.bytes)) {
        sink.error("VISA-ENCODING", core::TextLoc{prog.file, i.line, i.column}, *err,
                   std::string(i.row->spec_file) + ", Format");
        ok = false;
        continue;
      }
      offset += e.bytes.size();
      out.push_back(std::move(e));
    }
    if (!ok) return std::nullopt;
    return out;
  }

  // `asm -o X.isa`: IGC's .isa container (isa_file.hpp); other names get texsim's own stream.
  std::optional<std::vector<uint8_t>> encode_object(const Program& program,
                                                    std::string_view output_path, std::string_view,
                                                    core::DiagSink& sink) const override {
    if (!output_path.ends_with(".isa")) return std::nullopt;
    const auto file = isa_file_from_program(static_cast<const VisaProgram&>(program), sink);
    if (!file) return std::nullopt;
    return write_isa_file(*file);
  }

  std::unique_ptr<Program> decode(const BinaryInput& input, std::string_view platform,
                                  core::DiagSink& sink) const override {
    const auto p = platform_of(platform, sink);
    if (!p) return nullptr;
    // Bytes starting with "CISA" are IGC's container, whatever the file's name (stdin too:
    // issue 31); other binaries are texsim's stream, whose opcodes never spell "CISA" (0x43 is
    // avs, which the stream does not carry).
    if (is_isa_file(input.bytes)) {
      // IGC's .isa container: its first kernel (docs/visa.md, "IGC's .isa files").
      const auto file = read_isa_file(input.bytes, input.name, sink);
      if (!file) return nullptr;
      if (file->kernels.empty()) {
        sink.error("VISA-ISA-FILE", core::BinaryLoc{input.name, 6, 15, 0, true},
                   "num_kernels: the file has no kernel", "IGC visa/Common_ISA.cpp");
        return nullptr;
      }
      auto prog = isa_routine_program(*file, file->kernels[0], *p, input.name, sink);
      prog->isa_text = print_isa_routine(*file, file->kernels[0], *p);
      for (const IsaRoutine& fn : file->functions)
        prog->isa_text += "\n" + print_isa_routine(*file, fn, *p);
      note_unmodelled(*prog, sink);
      check_program(*prog, sink);
      return prog;
    }
    auto prog = decode_stream(input.bytes, input.name, *p, sink);
    check_program(*prog, sink);
    return prog;
  }

  std::string print(const Program& program) const override {
    const auto& prog = static_cast<const VisaProgram&>(program);
    if (!prog.isa_text.empty()) return prog.isa_text;
    return print_program(prog);
  }

  std::optional<RunResult> execute(const Program& program, const scene::Scene& scene,
                                   std::string_view, const ExecOptions& options,
                                   core::DiagSink& sink) const override {
    ExecConfig cfg;
    cfg.trace = options.trace;
    cfg.poison = options.poison;
    cfg.precision = options.precision;
    for (const auto& [key, value] : options.settings) {
      // visa-media_ld.md: out-of-bounds reads are "implementation defined" (decision V3).
      if (key == "media_oob" && value == "clamp") {
        cfg.media_oob = MediaOobPolicy::kClampToEdge;
      } else if (key == "media_oob" && value == "zero") {
        cfg.media_oob = MediaOobPolicy::kZero;
      } else if (key == "media_oob" && value == "undefined") {
        cfg.media_oob = MediaOobPolicy::kUndefined;
      } else {
        sink.error("VISA-RUN-SETTING", core::NoLoc{},
                   std::string("unknown machine setting ")
                       .append(key)
                       .append("=")
                       .append(value)
                       .append(" (known: media_oob=clamp|zero|undefined)"));
      }
    }
    if (sink.has_errors()) return std::nullopt;
    auto memory = options.trace_memory ? std::make_shared<MemoryLog>() : nullptr;
    cfg.memory = memory.get();
    auto r = execute_program(static_cast<const VisaProgram&>(program), scene, cfg, sink);
    if (r) r->memory = std::move(memory);
    return r;
  }

  std::vector<std::string> opcodes() const override {
    std::vector<std::string> out;
    for (const InstrRow& r : all_rows()) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "%-14s 0x%02x  %s", std::string(r.name).c_str(), r.opcode,
                    std::string(r.mnemonic).c_str());
      out.emplace_back(buf);
    }
    return out;
  }

  std::vector<std::string> opcode_names() const override {
    std::vector<std::string> out;
    for (const InstrRow& r : all_rows()) {
      for (std::string_view n : {r.mnemonic, r.name, r.spec_spelling()})
        if (std::find(out.begin(), out.end(), n) == out.end()) out.emplace_back(n);
    }
    return out;
  }

  // One text for every platform: the platform rules are in the rule list.
  std::optional<std::string> describe(std::string_view opcode,
                                      std::string_view /*platform*/) const override {
    auto text = describe_opcode(opcode);
    if (!text) return std::nullopt;
    for (const InstrRow& r : all_rows()) {
      if (text->find(std::string(r.name) + " (") != 0) continue;
      *text += "  rules:\n";
      for (const RuleSpec& s : rules_for_row(r))
        *text += "    " + s.id + ": " + s.summary + " (" + s.citation + ")\n";
      break;  // the 3D sub-op rows share one rule list
    }
    return text;
  }

  std::vector<scene::RuleInfo> rules() const override {
    std::vector<scene::RuleInfo> out;
    for (const RuleSpec& r : all_rules()) out.push_back({r.id, r.summary});
    return out;
  }

  std::vector<Example> examples() const override { return builtin_examples(); }
  const scene::SceneSection* scene_section() const override { return &visa::scene_section(); }
};

}  // namespace

std::unique_ptr<isa::Frontend> make_frontend() {
  return std::make_unique<VisaFrontend>();
}

}  // namespace texsim::isa::visa
