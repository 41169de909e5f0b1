// Public API: both ISA front ends (vISA, SASS) through isa::Frontend: assemble, check,
// disassemble, run, examples. Platform and scene checks as the CLI makes them (docs/cli.md).
#include <algorithm>
#include <memory>

#include "api/internal.hpp"
#include "core/text.hpp"
#include "isa/registry.hpp"
#include "texsim/program.hpp"

namespace texsim {

namespace {

// The registered front end of a public Isa value (isa/registry.cpp; api_registry_test checks
// that every value has exactly one).
const isa::Frontend& frontend(Isa i) {
  return *isa::registry().for_api(static_cast<uint8_t>(i));
}

// The canonical platform for `wanted` (case-insensitive), `fallback` or the ISA's default;
// "" with a LIB-PLATFORM diagnostic when it is not one of the ISA's.
std::string platform_of(Isa i, std::string_view wanted, std::string_view fallback,
                        Diagnostics& diags) {
  const isa::IsaInfo& info = frontend(i).info();
  std::string_view w = !wanted.empty() ? wanted : fallback;
  if (w.empty()) return std::string(info.default_platform);
  if (const auto found = isa::find_platform(info, w)) return std::string(*found);
  detail::lib_error(diags, "LIB-PLATFORM", isa::unknown_platform_message(info, w));
  return {};
}

std::unique_ptr<isa::Program> parse(Isa i, const Source& src, const std::string& platform,
                                    core::DiagSink& sink) {
  return frontend(i).parse(isa::SourceFile{src.name, std::string(src.text)}, platform, sink);
}

}  // namespace

std::string_view isa_name(Isa i) {
  return frontend(i).info().id;
}

std::optional<Isa> isa_from_name(std::string_view name) {
  const isa::Frontend* f = isa::registry().find(name);
  if (f == nullptr) return std::nullopt;
  return static_cast<Isa>(f->info().api_value);
}

std::vector<std::string> platforms(Isa i) {
  std::vector<std::string> out;
  for (std::string_view p : frontend(i).info().platforms) out.emplace_back(p);
  return out;
}

std::string default_platform(Isa i) {
  return std::string(frontend(i).info().default_platform);
}

std::optional<Assembly> assemble(Isa i, const Source& src, Diagnostics& diags,
                                 std::string_view platform) {
  const std::string p = platform_of(i, platform, {}, diags);
  if (p.empty()) return std::nullopt;
  core::DiagSink sink;
  const auto prog = parse(i, src, p, sink);
  std::optional<std::vector<isa::EncodedInstruction>> enc;
  if (prog && !sink.has_errors()) enc = frontend(i).encode(*prog, sink);
  detail::append(diags, sink);
  if (!enc || sink.has_errors()) return std::nullopt;
  Assembly a;
  for (isa::EncodedInstruction& e : *enc) {
    a.binary.insert(a.binary.end(), e.bytes.begin(), e.bytes.end());
    a.instructions.push_back(Instruction{e.offset, std::move(e.bytes), std::move(e.text)});
  }
  return a;
}

bool check(Isa i, const Source& src, Diagnostics& diags, std::string_view platform) {
  const std::string p = platform_of(i, platform, {}, diags);
  if (p.empty()) return false;
  core::DiagSink sink;
  const auto prog = parse(i, src, p, sink);
  detail::append(diags, sink);
  return prog != nullptr && !sink.has_errors();
}

std::optional<std::string> disassemble(Isa i, std::span<const uint8_t> binary, Diagnostics& diags,
                                       std::string_view platform, const std::string& name) {
  const std::string p = platform_of(i, platform, {}, diags);
  if (p.empty()) return std::nullopt;
  isa::BinaryInput in;
  in.name = name;
  in.bytes.assign(binary.begin(), binary.end());
  core::DiagSink sink;
  const auto prog = frontend(i).decode(in, p, sink);
  detail::append(diags, sink);
  if (!prog || sink.has_errors()) return std::nullopt;
  return frontend(i).print(*prog);
}

std::optional<RunResult> run(Isa i, const Source& src, const Scene& scene,
                             const RunOptions& options, Diagnostics& diags) {
  const scene::Scene& sc = detail::Access::impl(scene).scene;
  if (!sc.isa.empty() && sc.isa != isa_name(i)) {
    detail::lib_error(
        diags, "LIB-ISA",
        "the scene is for " + sc.isa + ", the program is " + std::string(isa_name(i)));
    return std::nullopt;
  }
  const std::string p = platform_of(i, options.platform, sc.platform, diags);
  if (p.empty()) return std::nullopt;
  isa::ExecOptions exec;
  exec.trace = options.trace;
  exec.poison = options.poison;
  exec.precision = detail::to_internal(options.profile).kind;
  exec.settings = options.settings;
  core::DiagSink sink;
  const auto prog = parse(i, src, p, sink);
  std::optional<isa::RunResult> r;
  if (prog && !sink.has_errors()) r = frontend(i).execute(*prog, sc, p, exec, sink);
  detail::append(diags, sink);
  if (!r || sink.has_errors()) return std::nullopt;
  RunResult out;
  out.trace = std::move(r->trace);
  for (scene::RegisterValue& v : r->registers) {
    Register reg;
    reg.name = std::move(v.name);
    reg.type = std::string(scene::elem_type_name(v.type));
    reg.element_size = scene::elem_type_size(v.type);
    reg.bytes = std::move(v.bytes);
    reg.defined = std::move(v.defined);
    out.registers.push_back(std::move(reg));
  }
  return out;
}

std::vector<Example> examples(Isa i) {
  std::vector<Example> out;
  for (isa::Example& e : frontend(i).examples())
    out.push_back(Example{std::move(e.name), std::move(e.program), std::move(e.program_file),
                          std::move(e.scene_json)});
  return out;
}

}  // namespace texsim
