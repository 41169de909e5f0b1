// isa::Frontend for SASS: wires syntax, rules, codec and exec together and describes the model
// from its tables. Never prints; the CLI renders what it returns.
#include "isa/sass/frontend.hpp"

#include <cstdio>

#include "isa/sass/codec.hpp"
#include "isa/sass/examples.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/fields.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

const SassProgram& as_sass(const Program& p) {
  return static_cast<const SassProgram&>(p);
}

class SassFrontend final : public Frontend {
 public:
  const IsaInfo& info() const override { return *known_isa("sass"); }

  std::unique_ptr<Program> parse(const SourceFile& source, std::string_view platform,
                                 core::DiagSink& sink) const override {
    auto prog = std::make_unique<SassProgram>();
    const size_t before = sink.error_count();
    prog->instructions = parse_program(source.text, source.path, sink);
    for (const Instruction& i : prog->instructions) {
      validate(i, platform, sink);
      if (i.has_ctrl) prog->mode = PrintMode::kStream;
    }
    if (sink.error_count() != before) return nullptr;
    return prog;
  }

  std::optional<std::vector<EncodedInstruction>> encode(const Program& program,
                                                        core::DiagSink& sink) const override {
    const auto& p = as_sass(program);
    std::vector<EncodedWord> words;
    bool ok = true;
    for (const Instruction& i : p.instructions) {
      if (auto w = sass::encode(i, sink))
        words.push_back(*w);
      else
        ok = false;
    }
    if (!ok) return std::nullopt;
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

  std::unique_ptr<Program> decode(const BinaryInput& input, std::string_view platform,
                                  core::DiagSink& sink) const override {
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
      prog->instructions.push_back(sass::decode(*input.word, ctrl, o, sink));
      prog->mode = PrintMode::kBare;
    } else {
      prog->instructions = decode_stream(input.bytes, input.name, sink);
      prog->mode = PrintMode::kStream;
      if (sink.has_errors()) return nullptr;
    }
    // Rule violations in decoded words are warnings: the word is still printable.
    for (const Instruction& i : prog->instructions) {
      core::DiagSink tmp;
      validate(i, platform, tmp);
      for (core::Diagnostic d : tmp.diagnostics()) {
        d.severity = core::Severity::kWarning;
        sink.report(std::move(d));
      }
    }
    return prog;
  }

  std::string print(const Program& program) const override {
    const auto& p = as_sass(program);
    std::string out;
    for (size_t k = 0; k < p.instructions.size(); ++k) {
      const Instruction& i = p.instructions[k];
      PrintOptions opt;
      if (p.mode == PrintMode::kStream) {
        opt.control_prefix = true;
        opt.address = i.origin.binary ? i.origin.offset : stream_offset(k);
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
                 "unknown machine setting " + key + "=" + value +
                     " (the SASS machine takes its settings from the scene)");
    }
    if (!options.settings.empty()) return std::nullopt;
    RunResult r;
    const ExecSettings s = settings_for(scene, platform, options.trace);
    auto regs = run_program(p.instructions, scene, s, options.poison, sink,
                            options.trace ? &r.trace : nullptr);
    if (!regs) return std::nullopt;
    r.registers = std::move(*regs);
    return r;
  }

  std::vector<std::string> opcodes() const override {
    std::vector<std::string> out;
    for (const auto& r : opcode_rows()) out.emplace_back(r.mnemonic);
    return out;
  }

  std::optional<std::string> describe(std::string_view opcode) const override {
    std::string up;
    for (char c : opcode) up += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    if (up == "NOP") {
      return std::string(
          "NOP: no operation (bundle padding), word 0x50b0000000070f00, "
          "control [B------:R-:W-:Y:S00]\n");
    }
    if (up != "TLDS") return std::nullopt;
    std::string s;
    s += "TLDS (SASS, SM50-SM62): " + std::string(opcode_row(Opcode::kTlds).summary) + "\n";
    s += "  syntax: [@[!]Pg] TLDS[.F16].{LZ|LL}[.AOFFI][.MS][.NODEP][.T|.P] Rd1, Rd0, Ra[, Rb], "
         "tsPtrIdx, paramA, wmsk ;\n";
    s += "  word: opcode 63:57 (bit 59 clear = .F16), paramA/lod 56:53, wmsk 52:50, NODEP 49, "
         "tsPtrIdx 48:36, Rd1 35:28, Rb 27:20, Pg 19:16, Ra 15:8, Rd0 7:0; .T/.P = control bits "
         "17/18\n\n";
    char buf[160];
    s += "  encoding  paramA    lod  AOFFI  MS  Ra            Rb\n";
    for (const auto& r : tlds_encodings()) {
      auto params = [](unsigned n, const std::array<Param, 2>& p) {
        if (n == 0) return std::string("RZ");
        std::string t(param_name(p[0]));
        if (n == 2) t += "," + std::string(param_name(p[1]));
        return t;
      };
      std::snprintf(buf, sizeof buf, "  %-8u  %-8s  %-3s  %-5s  %-2s  %-12s  %s\n", r.encoding,
                    std::string(param_a_info(r.param_a).name).c_str(),
                    r.lod == Lod::kLZ ? "LZ" : "LL", r.aoffi ? "yes" : "-", r.ms ? "yes" : "-",
                    params(r.ra_count, r.ra).c_str(), params(r.rb_count, r.rb).c_str());
      s += buf;
    }
    s += "\n  write masks, Rd1 = RZ:";
    for (const auto& m : write_masks_2c())
      s += " " + std::string(m.name) + "=" + std::to_string(m.code);
    s += "\n  write masks, Rd1 != RZ:";
    for (const auto& m : write_masks_34c())
      s += " " + std::string(m.name) + "=" + std::to_string(m.code);
    s += "\n  reserved paramA:";
    for (const auto& p : param_a_table()) {
      if (p.reserved) s += " " + std::string(p.name);
    }
    s += "\n\n  rules:\n";
    for (const auto& r : all_rules()) {
      s += "    " + std::string(r.id) + ": " + std::string(r.summary) + " (" +
           std::string(r.citation) + ")\n";
    }
    return s;
  }

  std::vector<scene::RuleInfo> rules() const override {
    std::vector<scene::RuleInfo> out;
    for (const auto& r : all_rules()) out.push_back({r.id, r.summary});
    return out;
  }

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
