// texsim command-line entry point (CLI11). Thin: declares the verbs and their options, then hands
// over to cli/commands.cpp; with no verb it runs the embedded demo.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/demo.hpp"
#include "cli/json_cmds.hpp"
#include "cli/sample_cmd.hpp"
#include "cli/term.hpp"
#include "core/suggest.hpp"
#include "core/text.hpp"
#include "isa/registry.hpp"

namespace {

using texsim::cli::CommonOptions;

// "vISA: SKL ICLLP ...; SASS: SM50 ..." from the one list of known ISAs.
std::string platform_help() {
  std::string out;
  for (const auto& f : texsim::isa::registry().all()) {
    const texsim::isa::IsaInfo& i = f->info();
    out += out.empty() ? "" : "; ";
    out += std::string(i.display_name) + ":";
    for (std::string_view p : i.platforms) out += " " + std::string(p);
  }
  return out + " (default: ISA-specific)";
}

constexpr const char* kExitStatus =
    "Exit status: 0 success, 1 diagnostics (errors in the input), 2 usage or I/O error.";

// A first argument that is neither an option nor a command: CLI11 would call it an unexpected
// argument; the user meant a command. The message, or "".
std::string unknown_command(int argc, char** argv, const CLI::App& app) {
  if (argc < 2 || argv[1][0] == '-') return {};
  std::vector<std::string_view> names;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == argv[1]) return {};
    names.push_back(sub->get_name());
  }
  return "unknown command '" + std::string(argv[1]) + "'" +
         texsim::core::did_you_mean(argv[1], names) + " (commands: " + texsim::core::join(names) +
         ")";
}

// Options every verb takes (interface.md, "Common options").
void add_common(CLI::App* app, CommonOptions& c, bool scene_options) {
  app->add_option("--isa", c.isa, "ISA: visa or sass (default: from the file extension)");
  app->add_option("--platform", c.platform, platform_help());
  app->add_flag("-q,--quiet", c.quiet, "print only results and diagnostics; no progress bar");
  app->set_version_flag("--version", std::string(texsim::cli::kVersion));
  app->add_option("--error-limit", c.error_limit,
                  "stop printing after this many errors (default " +
                      std::to_string(texsim::cli::kDefaultErrorLimit) + "; 0: no limit)");
  if (scene_options) {
    app->add_flag("--allow-any-path", c.allow_any_path,
                  "let scene \"file\" sources lie outside the scene's folder");
    app->add_option("--max-memory", c.max_memory,
                    "budget for the scene's surfaces and buffers, e.g. 512M (default 1G)");
  }
}

}  // namespace

// Verbs that take no program: --isa and --platform name nothing there and are refused rather
// than ignored (issue 15 item 9).
bool refuse_isa_options(CLI::App* verb) {
  for (const char* name : {"--isa", "--platform"}) {
    if (verb->get_option(name)->count() != 0) {
      std::fprintf(stderr, "texsim: %s takes no %s (it runs no program)\n",
                   verb->get_name().c_str(), name);
      return true;
    }
  }
  return false;
}

int run_main(int argc, char** argv) {
  using namespace texsim::cli;
  CLI::App app{
      "texsim: bit-accurate functional model of GPU texture and surface-load instructions "
      "(Intel vISA; NVIDIA SASS, Maxwell/Pascal)",
      "texsim"};
  app.require_subcommand(0, 1);
  CommonOptions common;
  app.add_flag("-q,--quiet", common.quiet, "print only results and diagnostics");
  app.set_version_flag("--version", std::string(kVersion));

  CLI::App* demo =
      app.add_subcommand("demo", "run the built-in scenes and programs; write texsim-demo.png");
  add_common(demo, common, false);

  CheckArgs check_args;
  CLI::App* check = app.add_subcommand(
      "check", "parse and validate programs (and .json scene files); print every diagnostic");
  check->add_option("files", check_args.files, "program or scene files")->required();
  add_common(check, common, true);

  AsmArgs asm_args;
  CLI::App* as = app.add_subcommand("asm", "assemble program text to binary");
  as->add_option("file", asm_args.file, "program file")->required();
  as->add_option("-o,--output", asm_args.output,
                 "output file (default: FILE with .bin; SASS: a .cubin name writes a cubin)");
  as->add_flag("--hex", asm_args.hex, "print the encodings instead of writing a file");
  add_common(as, common, false);

  DisasmArgs dis_args;
  CLI::App* dis = app.add_subcommand("disasm", "disassemble binary to text");
  dis->add_option("file", dis_args.file, "binary file");
  dis->add_option("--word", dis_args.word, "SASS: one 64-bit instruction word, 0xHEX");
  dis->add_option("--ctrl", dis_args.ctrl, "SASS: its control word, 0xHEX");
  dis->add_option("--bytes", dis_args.bytes, "vISA: instruction bytes, HEX");
  dis->add_flag("--control", dis_args.control,
                "SASS cubin: [B------:R-:W-:Y:S00]-prefixed lines instead of cuobjdump's layout");
  add_common(dis, common, false);

  RunArgs run_args;
  CLI::App* run =
      app.add_subcommand("run", "execute a program on a scene; print the registers it wrote");
  run->add_option("program", run_args.program, "program file")->required();
  run->add_option("--scene", run_args.scene, "scene file (JSON)")->required();
  run->add_flag("--json", run_args.json, "print results and diagnostics as JSON");
  run->add_flag("--trace", run_args.trace, "print each instruction with its inputs and outputs");
  run->add_option("--precision", run_args.precision,
                  "filtering arithmetic: d3d (default), exact, lavapipe, nvidia");
  run->add_option("--poison", run_args.poison, "fill undefined bytes with this byte (0xNN)");
  run->add_option("--set", run_args.settings,
                  "front-end machine setting KEY=VALUE (vISA: media_oob=clamp|zero|undefined)");
  add_common(run, common, true);

  RenderArgs render_args;
  uint32_t surface_id = 0, sampler_id = 0;
  float lod = 0.0f;
  CLI::App* render =
      app.add_subcommand("render", "sample a surface over an image grid and write a PNG");
  render->add_option("--scene", render_args.scene,
                     "scene file (JSON); default: a built-in checker");
  CLI::Option* surface_opt = render->add_option("--surface", surface_id, "surface id in the scene");
  CLI::Option* sampler_opt = render->add_option(
      "--sampler", sampler_id, "sampler id in the scene (default: trilinear, wrap)");
  render->add_option("--size", render_args.size, "image size WxH (default 256x256)");
  render->add_flag("--plane", render_args.plane, "perspective ground plane (shows LOD selection)");
  CLI::Option* lod_opt =
      render->add_option("--lod", lod, "explicit LOD (default: from derivatives)");
  render->add_option("--layer", render_args.layer, "array layer, or z slice of a 3D surface");
  render->add_flag("--mip-colors", render_args.mip_colors,
                   "sample a helper surface of the same shape whose mip levels are solid colours");
  render->add_option("--precision", render_args.precision,
                     "d3d (default), exact, lavapipe or nvidia");
  render->add_option("--diff", render_args.diff,
                     "P1,P2: write a heat map of the difference between two precision profiles");
  render->add_option("-o,--output", render_args.output, "output PNG; - for stdout")->required();
  add_common(render, common, true);

  DescribeArgs describe_args;
  CLI::App* describe =
      app.add_subcommand("describe", "print an opcode's variants, operands and rules");
  describe->add_option("opcode", describe_args.opcode, "opcode, e.g. sample_3d or TLDS");
  describe->add_flag("--rules", describe_args.rules, "list the rule ids diagnostics use");
  add_common(describe, common, false);

  // --json for check, asm, disasm, describe (cli/json_cmds.cpp); "-" reads stdin there.
  bool check_json = false, asm_json = false, dis_json = false, describe_json = false;
  check->add_flag("--json", check_json, "print results and diagnostics as JSON (- reads stdin)");
  as->add_flag("--json", asm_json, "print the encodings and diagnostics as JSON (- reads stdin)");
  dis->add_flag("--json", dis_json, "print the listing and diagnostics as JSON (- reads stdin)");
  describe->add_flag("--json", describe_json, "print as JSON");
  render->add_flag("--json", render_args.json, "print the summary as JSON");

  SampleArgs sample_args;
  CLI::App* smp = app.add_subcommand(
      "sample", "replay lookups from a file (one JSON request per line) against a scene");
  smp->add_option("--scene", sample_args.scene, "scene file (JSON)")->required();
  smp->add_option("--requests", sample_args.requests, "request file (JSONL); - for stdin")
      ->required();
  smp->add_option("-o,--output", sample_args.output, "results file; - for stdout (default)");
  smp->add_option("--format", sample_args.format, "jsonl (default) or csv");
  smp->add_option("--profile", sample_args.profile, "d3d (default), exact, lavapipe or nvidia");
  smp->add_option("--shard", sample_args.shard, "I/N: take blocks I, I+N, ... of 4096 lines");
  smp->add_flag("--json", sample_args.json,
                "print a JSON summary (counts, diagnostics) on stdout; results go to -o FILE");
  smp->add_flag("--groups", sample_args.groups,
                "form lavapipe's SIMD groups and pixel quads from consecutive lines");
  add_common(smp, common, true);

  // Set after the verbs exist: CLI11 copies a parent's footer into each subcommand it adds.
  app.footer(std::string("With no command, runs `texsim demo`.\n") + kExitStatus);
  for (CLI::App* sub : app.get_subcommands({})) sub->footer(kExitStatus);
  if (const std::string why = unknown_command(argc, argv, app); !why.empty()) {
    std::fprintf(stderr, "texsim: %s\n", why.c_str());
    return kExitUsage;
  }

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "texsim: %s\n", e.what());
    std::fprintf(stderr, "Run with --help for more information.\n");
    return kExitUsage;
  }

  set_error_limit(common.error_limit);
  if (refuse_isa_options(demo) || refuse_isa_options(render)) return kExitUsage;

  const texsim::isa::Registry& registry = texsim::isa::registry();
  if (surface_opt->count() != 0) render_args.surface = surface_id;
  if (sampler_opt->count() != 0) render_args.sampler = sampler_id;
  if (lod_opt->count() != 0) render_args.lod = lod;

  if (check->parsed() && check_json) return cmd_check_json(registry, common, check_args);
  if (as->parsed() && asm_json) return cmd_asm_json(registry, common, asm_args);
  if (dis->parsed() && dis_json) return cmd_disasm_json(registry, common, dis_args);
  if (describe->parsed() && describe_json)
    return cmd_describe_json(registry, common, describe_args);
  if (check->parsed()) return cmd_check(registry, common, check_args);
  if (as->parsed()) return cmd_asm(registry, common, asm_args);
  if (dis->parsed()) return cmd_disasm(registry, common, dis_args);
  if (run->parsed()) return cmd_run(registry, common, run_args);
  if (render->parsed()) return cmd_render(common, render_args);
  if (describe->parsed()) return cmd_describe(registry, common, describe_args);
  if (smp->parsed()) return cmd_sample(common, sample_args);
  return run_demo(stdout, registry, common.quiet);
}

// Memory released when an allocation first fails, so that unwinding (destructors that allocate,
// such as a large JSON tree's) and the message do not fail in turn and end in std::terminate.
char* g_reserve = nullptr;

void on_out_of_memory() {
  if (g_reserve != nullptr) {
    delete[] g_reserve;
    g_reserve = nullptr;
  }
  throw std::bad_alloc();
}

// Out of memory and other escaping exceptions end in a message and exit status 2, never in a
// signal (issue 15 item 2; decision H3).
int main(int argc, char** argv) {
  g_reserve = new char[size_t{32} << 20];
  std::set_new_handler(on_out_of_memory);
  try {
    return run_main(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fputs(
        "texsim: out of memory (an allocation failed; the input needs more memory than this "
        "process may use: lower --max-memory, the image --size or the input's size)\n",
        stderr);
  } catch (const std::length_error& e) {
    std::fprintf(stderr, "texsim: out of memory (a size beyond what can be allocated: %s)\n",
                 e.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "texsim: internal error: %s\n", e.what());
  }
  return texsim::cli::kExitUsage;
}
