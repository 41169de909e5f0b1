// The verbs of the command line, generic over the front-end registry: argument checks, file I/O,
// and printing of diagnostics and results. The semantics live in the libraries below.
#include "cli/commands.hpp"
#include "cli/run_images.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <sstream>

#include "cli/guards.hpp"
#include "cli/inputs.hpp"
#include "cli/memory_trace.hpp"
#include "cli/output.hpp"
#include "cli/term.hpp"
#include "core/suggest.hpp"
#include "core/text.hpp"
#include "isa/registry.hpp"
#include "scene/generate.hpp"
#include "scene/image.hpp"
#include "scene/render.hpp"
#include "scene/report.hpp"
#include "scene/scene.hpp"
#include "texunit/format.hpp"

namespace texsim::cli {

namespace fs = std::filesystem;

namespace {

bool scene_options(const CommonOptions& common, scene::LoadOptions& out) {
  out.allow_any_path = common.allow_any_path;
  out.sections = isa::registry().scene_sections();
  if (!common.max_memory.empty()) {
    const auto b = parse_byte_size(common.max_memory);
    if (!b) {
      say_error("--max-memory: expected a size such as 512M or 2G (at most 16 EiB - 1), got '" +
                common.max_memory + "'");
      return false;
    }
    out.max_bytes = *b;
  }
  return true;
}

}  // namespace

std::optional<scene::Scene> load_scene_from_text(const CommonOptions& common,
                                                 const std::string& path, const std::string& text,
                                                 int& status,
                                                 std::vector<core::Diagnostic>* json_diags,
                                                 size_t* errors, size_t* warnings) {
  scene::LoadOptions opt;
  if (!scene_options(common, opt)) {
    status = kExitUsage;
    return std::nullopt;
  }
  core::DiagSink sink;
  auto s = scene::load_scene_text(text, path, sink, opt);
  if (errors != nullptr) *errors += sink.error_count();
  if (warnings != nullptr) *warnings += sink.diagnostics().size() - sink.error_count();
  if (json_diags != nullptr) {
    *json_diags = sink.diagnostics();
  } else {
    print_diagnostics(stderr, sink.diagnostics(), path, text);
  }
  if (!s) status = kExitDiagnostics;
  return s;
}

namespace {

// Loads a scene; prints its diagnostics unless `json_diags` collects them. Returns the exit
// status to use on failure through `status`.
std::optional<scene::Scene> load_scene(const CommonOptions& common, const std::string& path,
                                       int& status, std::vector<core::Diagnostic>* json_diags,
                                       size_t* errors = nullptr, size_t* warnings = nullptr) {
  scene::LoadOptions opt;
  if (!scene_options(common, opt)) {
    status = kExitUsage;
    return std::nullopt;
  }
  // A scene file larger than the budget is refused before it is read (issue 15 item 2).
  if (auto big = scene_file_too_large(path, opt.max_bytes)) {
    if (errors != nullptr) *errors += 1;
    if (json_diags != nullptr) {
      json_diags->push_back(std::move(*big));
    } else {
      print_diagnostics(stderr, {*big});
    }
    status = kExitDiagnostics;
    return std::nullopt;
  }
  std::string text;
  if (!read_input(path, text)) {
    status = kExitUsage;
    return std::nullopt;
  }
  return load_scene_from_text(common, path, text, status, json_diags, errors, warnings);
}

std::string hex_string(std::span<const uint8_t> bytes) {
  std::string out;
  char buf[4];
  for (uint8_t b : bytes) {
    std::snprintf(buf, sizeof buf, "%02x", b);
    out += buf;
  }
  return out;
}

std::optional<texunit::PrecisionKind> precision_arg(const std::string& s) {
  if (s.empty()) return texunit::PrecisionKind::kD3D;
  if (auto p = texunit::precision_from_name(s)) return p;
  say_error("unknown precision profile '" + s + "' (expected d3d, exact, lavapipe or nvidia)");
  return std::nullopt;
}

}  // namespace

std::optional<uint64_t> parse_byte_size(const std::string& s) {
  if (s.empty()) return std::nullopt;
  uint64_t mult = 1;
  std::string digits = s;
  const char last = core::ascii_lower(s.back());
  if (last == 'k' || last == 'm' || last == 'g') {
    mult = last == 'k'   ? (uint64_t{1} << 10)
           : last == 'm' ? (uint64_t{1} << 20)
                         : (uint64_t{1} << 30);
    digits.pop_back();
  }
  if (digits.empty() || digits.size() > 12 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  const uint64_t n = std::stoull(digits);
  if (n > std::numeric_limits<uint64_t>::max() / mult) return std::nullopt;  // would wrap
  return n * mult;
}

// ---------------------------------------------------------------------------------------------

int cmd_check(const isa::Registry& reg, const CommonOptions& common, const CheckArgs& args) {
  bool usage = false;
  bool errors = false;
  size_t total_errors = 0, total_warnings = 0, total_notes = 0;
  for (const std::string& file : args.files) {
    if (is_scene_file(file)) {
      int status = kExitOk;
      const auto s = load_scene(common, file, status, nullptr, &total_errors, &total_warnings);
      if (status == kExitUsage) usage = true;
      if (!s && status == kExitDiagnostics) errors = true;
      continue;
    }
    std::string text;
    if (!read_input(file, text)) {
      usage = true;
      continue;
    }
    const isa::IsaInfo* info = isa_of_input(reg, common, file, text);
    if (info == nullptr) {
      usage = true;
      continue;
    }
    const isa::Frontend* fe = frontend_for(reg, *info);
    if (fe == nullptr) {
      usage = true;
      continue;
    }
    const std::string platform = platform_for(*info, common.platform);
    if (platform.empty()) {
      usage = true;
      continue;
    }
    core::DiagSink sink;
    fe->parse(isa::SourceFile{shown_name(file), text}, platform, sink);
    print_diagnostics(stderr, sink.diagnostics(), shown_name(file), text);
    total_errors += sink.error_count();
    for (const core::Diagnostic& d : sink.diagnostics()) {  // notes are counted apart (issue 13)
      if (d.severity == core::Severity::kWarning) ++total_warnings;
      if (d.severity == core::Severity::kNote) ++total_notes;
    }
    if (sink.has_errors()) errors = true;
  }
  if (!common.quiet && (total_errors != 0 || total_warnings != 0 || total_notes != 0)) {
    std::fprintf(stderr, "%zu error%s, %zu warning%s", total_errors, total_errors == 1 ? "" : "s",
                 total_warnings, total_warnings == 1 ? "" : "s");
    if (total_notes != 0)
      std::fprintf(stderr, ", %zu note%s", total_notes, total_notes == 1 ? "" : "s");
    std::fprintf(stderr, "\n");
  }
  if (usage) return kExitUsage;
  return errors ? kExitDiagnostics : kExitOk;
}

int cmd_asm(const isa::Registry& reg, const CommonOptions& common, const AsmArgs& args) {
  std::string text;
  if (!read_input(args.file, text)) return kExitUsage;
  const isa::IsaInfo* info = isa_of_input(reg, common, args.file, text);
  if (info == nullptr) return kExitUsage;
  const isa::Frontend* fe = frontend_for(reg, *info);
  if (fe == nullptr) return kExitUsage;
  const std::string platform = platform_for(*info, common.platform);
  if (platform.empty()) return kExitUsage;
  core::DiagSink sink;
  const auto program = fe->parse(isa::SourceFile{shown_name(args.file), text}, platform, sink);
  std::optional<std::vector<isa::EncodedInstruction>> enc;
  // `-o X.isa` (IGC's container) is encoded by encode_object below, common-class vISA included.
  const bool isa_file = !args.hex && info->id == "visa" && args.output.ends_with(".isa");
  if (program) enc = isa_file ? std::vector<isa::EncodedInstruction>{} : fe->encode(*program, sink);
  print_diagnostics(stderr, sink.diagnostics(), shown_name(args.file), text);
  if (!program || !enc || sink.has_errors()) return kExitDiagnostics;
  if (args.hex) {
    for (const auto& e : *enc) {
      std::printf("/*%04llx*/ %-40s // %s\n", static_cast<unsigned long long>(e.offset),
                  ("0x" + hex_string(e.bytes)).c_str(), e.text.c_str());
    }
    return kExitOk;
  }
  std::string out = args.output;
  if (out.empty())
    out = args.file == "-" ? "-" : fs::path(args.file).replace_extension(".bin").string();
  // An object format named by the extension (SASS: .cubin, issue 14); otherwise the raw stream.
  core::DiagSink osink;
  std::string bytes;
  if (!args.into.empty()) {
    std::string base;
    if (!read_input(args.into, base)) return kExitUsage;
    const std::span<const uint8_t> b(reinterpret_cast<const uint8_t*>(base.data()), base.size());
    const auto obj = fe->encode_object_into(*program, b, shown_name(args.into), osink);
    print_diagnostics(stderr, osink.diagnostics(), shown_name(args.file), text);
    if (!obj) {
      if (!osink.has_errors())
        say_error("--into: " + std::string(info->display_name) +
                  " writes no object file into a base");
      return osink.has_errors() ? kExitDiagnostics : kExitUsage;
    }
    bytes.assign(obj->begin(), obj->end());
  } else if (const auto obj = fe->encode_object(*program, out, platform, osink)) {
    // Its warnings too (a multi-function cubin's unlisted constant banks: decision CW3).
    print_diagnostics(stderr, osink.diagnostics(), shown_name(args.file), text);
    bytes.assign(obj->begin(), obj->end());
  } else {
    print_diagnostics(stderr, osink.diagnostics(), shown_name(args.file), text);
    if (osink.has_errors()) return kExitDiagnostics;
    for (const auto& e : *enc) bytes.append(e.bytes.begin(), e.bytes.end());
  }
  if (same_file(out, args.file)) {
    say_error("refusing to write '" + out + "': it is the input file");
    return kExitUsage;
  }
  std::string why;
  if (!write_file_atomic(out, bytes, why)) {
    say_error("cannot write '" + out + "': " + why);
    return kExitUsage;
  }
  return kExitOk;
}

int cmd_disasm(const isa::Registry& reg, const CommonOptions& common, const DisasmArgs& args) {
  const int sources =
      (args.file.empty() ? 0 : 1) + (args.word.empty() ? 0 : 1) + (args.bytes.empty() ? 0 : 1);
  if (sources != 1) {
    say_error("disasm takes one input: FILE, --word 0xHEX (SASS) or --bytes HEX (vISA)");
    return kExitUsage;
  }
  if (!args.ctrl.empty() && args.word.empty()) {
    say_error("--ctrl needs --word");
    return kExitUsage;
  }
  isa::BinaryInput in;
  std::string data;
  if (!args.file.empty() && !read_input(args.file, data)) return kExitUsage;
  // The ISA: --isa, the file's extension or content; --word is SASS, --bytes vISA.
  const char* fallback = !args.word.empty() ? "sass" : !args.bytes.empty() ? "visa" : nullptr;
  const isa::IsaInfo* info =
      args.file.empty() && common.isa.empty()
          ? &reg.find(fallback)->info()
          : isa_of_input(reg, common, args.file.empty() ? "<word>" : args.file, data, fallback);
  if (info == nullptr) return kExitUsage;
  if (!args.word.empty() && info->id != "sass") {
    say_error("--word and --ctrl are SASS inputs; use --bytes for vISA");
    return kExitUsage;
  }
  if (!args.bytes.empty() && info->id != "visa") {
    say_error("--bytes is a vISA input; use --word/--ctrl for SASS");
    return kExitUsage;
  }
  if (!args.file.empty()) {
    in.name = shown_name(args.file);
    in.bytes.assign(data.begin(), data.end());
    in.control_prefix = args.control;
  } else if (!args.word.empty()) {
    in.name = "<word>";
    if (!parse_word_arg(args.word, in)) {
      say_error(
          "--word: expected a 64-bit number such as 0x..., or a 128-bit SM70+ word of up "
          "to 32 hex digits, got '" +
          args.word + "'");
      return kExitUsage;
    }
    if (!args.ctrl.empty()) {
      in.ctrl = parse_u64_arg(args.ctrl);
      if (!in.ctrl) {
        say_error("--ctrl: expected a number such as 0x..., got '" + args.ctrl + "'");
        return kExitUsage;
      }
    }
  } else {
    in.name = "<bytes>";
    const auto b = parse_hex_arg(args.bytes);
    if (!b) {
      say_error("--bytes: expected an even number of hex digits, got '" + args.bytes + "'");
      return kExitUsage;
    }
    in.bytes = *b;
  }
  const isa::Frontend* fe = frontend_for(reg, *info);
  if (fe == nullptr) return kExitUsage;
  const std::string platform = platform_for(*info, common.platform);
  if (platform.empty()) return kExitUsage;
  core::DiagSink sink;
  const auto program = fe->decode(in, platform, sink);
  // Input that is mostly not instructions: one diagnostic, exit 1 (issue 15 item 9).
  if (const auto why =
          program ? not_an_instruction_stream(in, *info, *program, sink) : std::nullopt) {
    say_error(*why);
    return kExitDiagnostics;
  }
  print_diagnostics(stderr, sink.diagnostics());
  if (!program || sink.has_errors()) return kExitDiagnostics;
  std::fputs(fe->print(*program).c_str(), stdout);
  return kExitOk;
}

namespace {

// run's --precision, --poison, --set, --trace-memory and --line-bytes; false after the message.
bool exec_options(const RunArgs& args, isa::ExecOptions& exec, uint32_t& line_bytes) {
  const auto precision = precision_arg(args.precision);
  if (!precision) return false;
  exec.trace = args.trace;
  exec.precision = *precision;
  if (!args.poison.empty()) {
    const auto p = parse_u64_arg(args.poison);
    if (!p || *p > 0xff) {
      say_error("--poison: expected a byte such as 0xcd, got '" + args.poison + "'");
      return false;
    }
    exec.poison = static_cast<uint8_t>(*p);
  }
  for (const std::string& kv : args.settings) {
    const size_t eq = kv.find('=');
    if (eq == std::string::npos || eq == 0) {
      say_error("--set: expected KEY=VALUE, got '" + kv + "'");
      return false;
    }
    exec.settings.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
  }
  if (!args.line_bytes.empty() && !args.trace_memory) {
    say_error("--line-bytes needs --trace-memory");
    return false;
  }
  exec.trace_memory = args.trace_memory;
  return parse_line_bytes(args.line_bytes, line_bytes);
}

}  // namespace

int cmd_run(const isa::Registry& reg, const CommonOptions& common, const RunArgs& args) {
  std::string text;
  if (!read_input(args.program, text)) return kExitUsage;
  const isa::IsaInfo* info = isa_of_input(reg, common, args.program, text);
  if (info == nullptr) return kExitUsage;
  isa::ExecOptions exec;
  uint32_t line_bytes = 64;
  if (!exec_options(args, exec, line_bytes)) return kExitUsage;

  std::vector<core::Diagnostic> diags;
  int status = kExitOk;
  const auto scene = load_scene(common, args.scene, status, args.json ? &diags : nullptr);
  std::vector<std::string> trace;                   // kept with --json (issue 17)
  std::vector<InstructionAccesses> memory;          // --trace-memory
  nlohmann::json images = nlohmann::json::array();  // --images and the images a launch wrote
  std::string images_text;
  auto finish_json = [&](const std::vector<scene::RegisterValue>& regs) {
    auto j = scene::results_json(regs, diags);
    if (args.trace) j["trace"] = trace;
    if (args.trace_memory) j["memory"] = memory_json(memory, line_bytes);
    if (!images.empty()) j["images"] = images;
    std::printf("%s\n", j.dump(2).c_str());
  };
  if (!scene) {
    if (args.json && status == kExitDiagnostics) finish_json({});
    return status;
  }
  // The scene is checked first, so that its problems show even where the front end is missing.
  const isa::Frontend* fe = frontend_for(reg, *info);
  if (fe == nullptr) return kExitUsage;
  if (!scene->isa.empty() && scene->isa != info->id) {
    say_error("the scene '" + args.scene + "' is for " + scene->isa + ", the program is " +
              std::string(info->display_name));
    return kExitUsage;
  }
  const std::string platform = platform_for(*info, common.platform, scene->platform);
  if (platform.empty()) return kExitUsage;

  core::DiagSink sink;
  const auto program =
      fe->parse(isa::SourceFile{shown_name(args.program), text, &*scene}, platform, sink);
  std::optional<isa::RunResult> result;
  if (program && !sink.has_errors()) result = fe->execute(*program, *scene, platform, exec, sink);
  if (result && result->memory && !map_memory(*result->memory, line_bytes, memory, sink))
    result.reset();
  std::string why;
  if (result && !write_run_images(result->images, args.images, images, images_text, why)) {
    say_error("--images: " + why);
    return kExitUsage;
  }
  // A front end's *-RUN-SETTING diagnostic is about a --set value: a usage error (exit 2).
  const bool bad_setting =
      std::any_of(sink.diagnostics().begin(), sink.diagnostics().end(),
                  [](const core::Diagnostic& d) { return d.rule_id.ends_with("-RUN-SETTING"); });
  if (args.json) {
    diags.insert(diags.end(), sink.diagnostics().begin(), sink.diagnostics().end());
    if (result) trace = result->trace;
    finish_json(result ? result->registers : std::vector<scene::RegisterValue>{});
  } else {
    print_diagnostics(stderr, sink.diagnostics(), shown_name(args.program), text);
    if (result) {
      for (const std::string& t : result->trace) std::printf("%s\n", t.c_str());
      if (!result->trace.empty()) std::printf("\n");
      std::fputs(scene::results_table(result->registers, use_color(stdout)).c_str(), stdout);
      if (args.trace_memory) std::printf("\n%s", memory_text(memory, line_bytes).c_str());
      if (!images_text.empty()) std::printf("\n%s", images_text.c_str());
    }
  }
  if (bad_setting) return kExitUsage;
  if (!result || sink.has_errors()) return kExitDiagnostics;
  return kExitOk;
}

namespace {

// The image size and the --diff profiles from the arguments, and that -o is given.
int check_render_args(const RenderArgs& args, scene::RenderParams& params,
                      std::vector<texunit::PrecisionKind>& profiles) {
  unsigned w = 0, h = 0;
  char extra = 0;
  if (std::sscanf(args.size.c_str(), "%ux%u%c", &w, &h, &extra) != 2 || w < 1 || h < 1 ||
      w > 8192 || h > 8192) {
    say_error("--size: expected WxH with each side in 1..8192, got '" + args.size + "'");
    return kExitUsage;
  }
  params.width = w;
  params.height = h;
  params.plane = args.plane;
  params.lod = args.lod;
  params.layer = args.layer;
  if (args.output.empty()) {
    say_error("render needs -o OUT.png");
    return kExitUsage;
  }
  if (args.diff.empty()) return kExitOk;
  const size_t comma = args.diff.find(',');
  const auto a = comma == std::string::npos
                     ? std::nullopt
                     : texunit::precision_from_name(args.diff.substr(0, comma));
  const auto b = comma == std::string::npos
                     ? std::nullopt
                     : texunit::precision_from_name(args.diff.substr(comma + 1));
  if (!a || !b) {
    say_error(
        "--diff: expected two precision profiles such as d3d,exact (d3d, exact, "
        "lavapipe), got '" +
        args.diff + "'");
    return kExitUsage;
  }
  if (!args.precision.empty()) {
    say_error("--diff and --precision cannot be combined");
    return kExitUsage;
  }
  profiles = {*a, *b};
  return kExitOk;
}

// What a render samples: a scene's surface and sampler, or a built-in surface (`helper`), and
// the words that name them in the summary. `surface` may point at `helper`: not copied.
struct RenderSource {
  RenderSource() = default;
  RenderSource(const RenderSource&) = delete;
  RenderSource& operator=(const RenderSource&) = delete;

  std::optional<scene::Scene> scene;
  const texunit::Surface* surface = nullptr;
  texunit::Surface helper;
  texunit::SamplerState sampler;
  std::optional<texunit::PrecisionKind> scene_precision;
  std::string what;
};

// The surface (--surface, or the only one) and the sampler (--sampler) of --scene.
int use_scene_surface(const CommonOptions& common, const RenderArgs& args, RenderSource& src) {
  int status = kExitOk;
  src.scene = load_scene(common, args.scene, status, nullptr);
  if (!src.scene) return status;
  const scene::Scene& sc = *src.scene;
  const scene::SceneSurface* ss = nullptr;
  if (args.surface) {
    ss = sc.find_surface(*args.surface);
    if (ss == nullptr) {
      say_error("the scene has no surface with id " + std::to_string(*args.surface));
      return kExitUsage;
    }
  } else if (sc.surfaces.size() == 1) {
    ss = &sc.surfaces[0];
  } else {
    say_error(sc.surfaces.empty() ? "the scene has no surfaces"
                                  : "the scene has several surfaces; choose one with --surface ID");
    return kExitUsage;
  }
  src.surface = &ss->surface;
  src.what = "surface " + std::to_string(ss->id) + " " +
             std::string(texunit::format_info(ss->surface.desc().format).name);
  if (args.sampler) {
    const scene::SceneSampler* smp = sc.find_sampler(*args.sampler);
    if (smp == nullptr) {
      say_error("the scene has no sampler with id " + std::to_string(*args.sampler));
      return kExitUsage;
    }
    src.sampler = smp->state;
    src.scene_precision = smp->precision;
    src.what += ", sampler " + std::to_string(smp->id);
  }
  return kExitOk;
}

// --mip-colors: a helper surface of the same shape, every level of the full chain coloured by
// its index, replaces the surface.
int use_mip_colors_helper(RenderSource& src) {
  texunit::SurfaceDesc d = src.surface->desc();
  d.format = texunit::Format::kR8G8B8A8_UNORM;
  d.samples = 1;
  const bool is1d = d.type == texunit::SurfaceType::k1D || d.type == texunit::SurfaceType::k1DArray;
  d.mips = texunit::full_mip_count(d.width, is1d ? 1 : d.height,
                                   d.type == texunit::SurfaceType::k3D ? d.depth : 1);
  core::DiagSink tmp;
  if (!texunit::validate_surface_desc(d, tmp)) {
    say_error("--mip-colors: cannot build a helper surface like " + src.what);
    return kExitUsage;
  }
  src.helper = texunit::Surface(d);
  scene::generate(src.helper, {scene::Generator::kMipColors, 0, 0});
  src.surface = &src.helper;
  src.what += " (mip-colors helper, " + std::to_string(d.mips) + " levels)";
  return kExitOk;
}

// Surface and sampler: from the scene, or built in (a 256x256 checker, trilinear, wrap).
int set_up_render_source(const CommonOptions& common, const RenderArgs& args, RenderSource& src) {
  src.sampler.min_filter = src.sampler.mag_filter = texunit::Filter::kLinear;
  src.sampler.mip_filter = texunit::MipFilter::kLinear;
  src.sampler.address = {texunit::AddressMode::kWrap, texunit::AddressMode::kWrap,
                         texunit::AddressMode::kWrap};
  if (!args.scene.empty()) {
    if (const int status = use_scene_surface(common, args, src); status != kExitOk) return status;
  } else {
    if (args.surface || args.sampler) {
      say_error("--surface and --sampler need --scene");
      return kExitUsage;
    }
    texunit::SurfaceDesc d;
    d.width = d.height = 256;
    d.mips = texunit::full_mip_count(256, 256, 1);
    src.helper = texunit::Surface(d);
    scene::generate(src.helper, {scene::Generator::kChecker, 0, 32});
    src.surface = &src.helper;
    src.what = "built-in 256x256 R8G8B8A8_UNORM checker";
  }
  return args.mip_colors ? use_mip_colors_helper(src) : kExitOk;
}

// Whether the surface can be rendered: single-sample, a shape render supports, and the render's
// own memory within --max-memory, checked before it is allocated (H4).
int check_renderable(const CommonOptions& common, const RenderArgs& args,
                     const texunit::Surface& surface, const scene::RenderParams& params,
                     size_t profiles) {
  if (surface.desc().samples > 1) {
    say_error("render samples single-sample surfaces; this one has " +
              std::to_string(surface.desc().samples) + " samples");
    return kExitUsage;
  }
  if (const std::string why = scene::render_unsupported(surface.view(), params); !why.empty()) {
    say_error(why);
    return kExitUsage;
  }
  scene::LoadOptions budget;
  if (!scene_options(common, budget)) return kExitUsage;
  const uint64_t need = render_bytes(params.width, params.height, profiles);
  if (need > budget.max_bytes) {
    say_error("render needs " + std::to_string(need) + " bytes for a " + args.size +
              " image, more than --max-memory (" + std::to_string(budget.max_bytes) + " bytes)");
    return kExitUsage;
  }
  return kExitOk;
}

// One render of the source with precision profile `k`, under a progress bar.
scene::Rendered render_with_profile(const RenderSource& src, scene::RenderParams& params,
                                    texunit::PrecisionKind k, const std::string& label,
                                    bool quiet) {
  params.precision = texunit::PrecisionProfile::of(k);
  Progress bar(label, quiet);
  auto r = scene::render(src.surface->view(), src.sampler, params,
                         [&](uint32_t done, uint32_t total) { bar.update(done, total); });
  bar.finish();
  return r;
}

// --diff P1,P2: a heat map of where the two profiles' renders differ, and the summary.
scene::Image render_difference(const RenderSource& src, scene::RenderParams& params,
                               const std::vector<texunit::PrecisionKind>& profiles, bool quiet,
                               std::string& summary) {
  const auto a = render_with_profile(
      src, params, profiles[0],
      std::string("render ") + std::string(texunit::precision_name(profiles[0])), quiet);
  const auto b = render_with_profile(
      src, params, profiles[1],
      std::string("render ") + std::string(texunit::precision_name(profiles[1])), quiet);
  scene::DiffStats stats;
  scene::Image image = scene::diff_heatmap(a, b, stats);
  char buf[200];
  std::snprintf(buf, sizeof buf, "%s vs %s: %llu of %llu pixels differ, max |difference| %.9g",
                std::string(texunit::precision_name(profiles[0])).c_str(),
                std::string(texunit::precision_name(profiles[1])).c_str(),
                static_cast<unsigned long long>(stats.differing_pixels),
                static_cast<unsigned long long>(params.width) * params.height, stats.max_abs_diff);
  summary = buf;
  return image;
}

// One render with --precision, else the scene sampler's precision, else D3D's.
int render_one_profile(const RenderArgs& args, const RenderSource& src, scene::RenderParams& params,
                       bool quiet, scene::Image& image, std::string& summary) {
  std::optional<texunit::PrecisionKind> k;
  if (!args.precision.empty()) {
    k = precision_arg(args.precision);
    if (!k) return kExitUsage;
  } else {
    k = src.scene_precision.value_or(texunit::PrecisionKind::kD3D);
  }
  const auto r = render_with_profile(src, params, *k, "render", quiet);
  const texunit::Format format = src.surface->desc().format;
  const bool srgb_out = texunit::format_info(format).is_srgb() && src.sampler.srgb_decode;
  image = scene::to_image(r, format, srgb_out);
  summary = std::string(texunit::precision_name(*k)) + " precision";
  if (r.null_tile_pixels != 0) {
    summary += ", " + std::to_string(r.null_tile_pixels) + " pixels touched null tiles";
  }
  return kExitOk;
}

// Writes the PNG to -o and prints the summary (as JSON with --json).
int write_render_output(const CommonOptions& common, const RenderArgs& args,
                        const scene::Image& image, const scene::RenderParams& params,
                        const std::string& what, const std::string& summary) {
  std::string why;
  std::vector<uint8_t> png;
  if (args.output == "-" && args.json) {
    say_error("render: --json and -o - would both write standard output");
    return kExitUsage;
  }
  if (same_file(args.output, args.scene)) {
    say_error("refusing to write '" + args.output + "': it is the scene file");
    return kExitUsage;
  }
  if (!scene::encode_png(image, png, why) ||
      !write_file_atomic(args.output,
                         std::string_view(reinterpret_cast<const char*>(png.data()), png.size()),
                         why)) {
    say_error("cannot write '" + args.output + "': " + why);
    return kExitUsage;
  }
  if (args.json) {  // issue 17: the summary as JSON
    nlohmann::json j{{"output", args.output}, {"width", params.width}, {"height", params.height},
                     {"source", what},        {"summary", summary},    {"plane", params.plane}};
    std::printf("%s\n", j.dump(2).c_str());
  } else if (!common.quiet) {
    // With -o - the PNG is on stdout: the summary goes to stderr.
    std::fprintf(args.output == "-" ? stderr : stdout, "wrote %s (%ux%u, %s, %s%s)\n",
                 args.output == "-" ? "standard output" : args.output.c_str(), params.width,
                 params.height, what.c_str(), summary.c_str(),
                 params.plane ? ", ground plane" : "");
  }
  return kExitOk;
}

}  // namespace

int cmd_render(const CommonOptions& common, const RenderArgs& args) {
  scene::RenderParams params;
  std::vector<texunit::PrecisionKind> profiles;
  if (const int status = check_render_args(args, params, profiles); status != kExitOk)
    return status;
  RenderSource src;
  if (const int status = set_up_render_source(common, args, src); status != kExitOk) return status;
  if (const int status = check_renderable(common, args, *src.surface, params, profiles.size());
      status != kExitOk)
    return status;
  scene::Image image;
  std::string summary;
  if (!profiles.empty()) {
    image = render_difference(src, params, profiles, common.quiet, summary);
  } else if (const int status = render_one_profile(args, src, params, common.quiet, image, summary);
             status != kExitOk) {
    return status;
  }
  return write_render_output(common, args, image, params, src.what, summary);
}

int cmd_describe(const isa::Registry& reg, const CommonOptions& common, const DescribeArgs& args) {
  const isa::IsaInfo* only = nullptr;
  if (!common.isa.empty()) {
    only = isa_from_option(reg, common.isa);
    if (only == nullptr) return kExitUsage;
  }
  if (args.rules) {
    std::vector<std::vector<std::string>> rows{{"rule", "summary"}};
    for (const auto& r : scene::scene_rules())
      rows.push_back({std::string(r.id), std::string(r.summary)});
    for (const auto& f : reg.all()) {
      if (only != nullptr && f->info().id != only->id) continue;
      for (const auto& r : f->rules()) rows.push_back({std::string(r.id), std::string(r.summary)});
    }
    std::fputs(scene::format_table(rows, use_color(stdout)).c_str(), stdout);
    return kExitOk;
  }
  if (args.opcode.empty()) {
    for (const auto& f : reg.all()) {
      const isa::IsaInfo& i = f->info();
      if (only != nullptr && only->id != i.id) continue;
      std::printf("%s (--isa %s): available\n", std::string(i.display_name).c_str(),
                  std::string(i.id).c_str());
      for (const auto& op : f->opcodes()) std::printf("  %s\n", op.c_str());
    }
    std::printf(
        "texsim describe OPCODE prints an opcode; texsim describe --rules lists rule ids\n");
    return kExitOk;
  }
  std::vector<std::optional<std::string>> platforms;
  if (!describe_platforms(reg, only, common.platform, platforms)) return kExitUsage;
  for (size_t k = 0; k < reg.all().size(); ++k) {
    const auto& f = reg.all()[k];
    if (!platforms[k]) continue;
    if (auto text = f->describe(args.opcode, *platforms[k])) {
      std::fputs(text->c_str(), stdout);
      if (!text->empty() && text->back() != '\n') std::fputc('\n', stdout);
      return kExitOk;
    }
  }
  std::vector<std::string> all;
  for (const auto& f : reg.all()) {
    for (auto& op : f->opcode_names()) all.push_back(op);
  }
  std::vector<std::string_view> views(all.begin(), all.end());
  say_error("unknown opcode '" + args.opcode + "'" + core::did_you_mean(args.opcode, views));
  return kExitUsage;
}

}  // namespace texsim::cli
