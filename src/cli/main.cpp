// texsim command-line entry point (CLI11). Thin: declares the verbs and their options, then hands
// over to cli/commands.cpp; with no verb it runs the embedded demo.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "cli/demo.hpp"
#include "cli/describe_state.hpp"
#include "cli/json_cmds.hpp"
#include "cli/place_cmd.hpp"
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

namespace {

using namespace texsim::cli;

// The verbs and what parsing fills in: each verb's arguments and the common options.
struct Verbs {
  CommonOptions common;
  CLI::App* demo = nullptr;
  CLI::App* check = nullptr;
  CLI::App* as = nullptr;
  CLI::App* dis = nullptr;
  CLI::App* run = nullptr;
  CLI::App* render = nullptr;
  CLI::App* describe = nullptr;
  CLI::App* sample = nullptr;
  CLI::App* describe_state = nullptr;
  DescribeStateArgs describe_state_args;
  CLI::App* place = nullptr;
  PlaceArgs place_args;
  CheckArgs check_args;
  AsmArgs asm_args;
  DisasmArgs dis_args;
  RunArgs run_args;
  RenderArgs render_args;
  DescribeArgs describe_args;
  SampleArgs sample_args;
  // --json for check, asm, disasm, describe (cli/json_cmds.cpp); "-" reads stdin there.
  bool check_json = false, asm_json = false, dis_json = false, describe_json = false;
  // render's optional values, copied into render_args when given.
  uint32_t surface_id = 0, sampler_id = 0;
  float lod = 0.0f;
  CLI::Option* surface_opt = nullptr;
  CLI::Option* sampler_opt = nullptr;
  CLI::Option* lod_opt = nullptr;
};

void declare_demo(CLI::App& app, Verbs& v) {
  v.demo =
      app.add_subcommand("demo", "run the built-in scenes and programs; write texsim-demo.png");
  add_common(v.demo, v.common, false);
}

void declare_check(CLI::App& app, Verbs& v) {
  v.check = app.add_subcommand(
      "check", "parse and validate programs (and .json scene files); print every diagnostic");
  v.check->add_option("files", v.check_args.files, "program or scene files")->required();
  add_common(v.check, v.common, true);
  v.check->add_flag("--json", v.check_json,
                    "print results and diagnostics as JSON (- reads stdin)");
}

void declare_asm(CLI::App& app, Verbs& v) {
  v.as = app.add_subcommand("asm", "assemble program text to binary");
  v.as->add_option("file", v.asm_args.file, "program file")->required();
  v.as->add_option("-o,--output", v.asm_args.output,
                   "output file (default: FILE with .bin; SASS: a .cubin name writes a cubin)");
  v.as->add_flag("--hex", v.asm_args.hex, "print the encodings instead of writing a file");
  v.as->add_option("--into", v.asm_args.into,
                   "SASS: write each function's code into a copy of this cubin, keeping its "
                   "symbols, relocations and attributes (each function keeps its size)");
  add_common(v.as, v.common, false);
  v.as->add_flag("--json", v.asm_json,
                 "print the encodings and diagnostics as JSON (- reads stdin)");
}

void declare_disasm(CLI::App& app, Verbs& v) {
  v.dis = app.add_subcommand("disasm", "disassemble binary to text");
  v.dis->add_option("file", v.dis_args.file, "binary file");
  v.dis->add_option("--word", v.dis_args.word,
                    "SASS: one instruction word, 0xHEX (64-bit; 128-bit on SM70+)");
  v.dis->add_option("--ctrl", v.dis_args.ctrl, "SASS: its control word, 0xHEX");
  v.dis->add_option("--bytes", v.dis_args.bytes, "vISA: instruction bytes, HEX");
  v.dis->add_flag("--control", v.dis_args.control,
                  "SASS cubin: [B------:R-:W-:Y:S00]-prefixed lines instead of cuobjdump's layout");
  add_common(v.dis, v.common, false);
  v.dis->add_flag("--json", v.dis_json,
                  "print the listing and diagnostics as JSON (- reads stdin)");
}

void declare_run(CLI::App& app, Verbs& v) {
  v.run = app.add_subcommand("run", "execute a program on a scene; print the registers it wrote");
  v.run->add_option("program", v.run_args.program, "program file")->required();
  v.run->add_option("--scene", v.run_args.scene, "scene file (JSON)")->required();
  v.run->add_flag("--json", v.run_args.json, "print results and diagnostics as JSON");
  v.run->add_flag("--trace", v.run_args.trace,
                  "print each instruction with its inputs and outputs");
  v.run->add_option("--precision", v.run_args.precision,
                    "filtering arithmetic: d3d (default), exact, lavapipe, nvidia");
  v.run->add_option("--poison", v.run_args.poison, "fill undefined bytes with this byte (0xNN)");
  v.run->add_flag("--trace-memory", v.run_args.trace_memory,
                  "print the texels each texture instruction read, per lane, with their byte "
                  "addresses and distinct cache lines (docs/memory-trace.md)");
  v.run->add_option("--line-bytes", v.run_args.line_bytes,
                    "N: cache line size for --trace-memory, a power of two in [16, 4096] "
                    "(default 64)");
  v.run->add_option("--images", v.run_args.images,
                    "DIR: write the images a vISA kernel launch wrote (write_image*) as "
                    "DIR/image<BTI>.png and .bin (docs/kernels.md)");
  v.run->add_option("--set", v.run_args.settings,
                    "front-end machine setting KEY=VALUE (vISA: media_oob=clamp|zero|undefined)");
  add_common(v.run, v.common, true);
}

void declare_render(CLI::App& app, Verbs& v) {
  CLI::App* render =
      app.add_subcommand("render", "sample a surface over an image grid and write a PNG");
  v.render = render;
  RenderArgs& args = v.render_args;
  render->add_option("--scene", args.scene, "scene file (JSON); default: a built-in checker");
  v.surface_opt = render->add_option("--surface", v.surface_id, "surface id in the scene");
  v.sampler_opt = render->add_option("--sampler", v.sampler_id,
                                     "sampler id in the scene (default: trilinear, wrap)");
  render->add_option("--size", args.size, "image size WxH (default 256x256)");
  render->add_flag("--plane", args.plane, "perspective ground plane (shows LOD selection)");
  v.lod_opt = render->add_option("--lod", v.lod, "explicit LOD (default: from derivatives)");
  render->add_option("--layer", args.layer, "array layer, or z slice of a 3D surface");
  render->add_flag("--mip-colors", args.mip_colors,
                   "sample a helper surface of the same shape whose mip levels are solid colours");
  render->add_option("--precision", args.precision, "d3d (default), exact, lavapipe or nvidia");
  render->add_option("--diff", args.diff,
                     "P1,P2: write a heat map of the difference between two precision profiles");
  render->add_option("-o,--output", args.output, "output PNG; - for stdout")->required();
  add_common(render, v.common, true);
  render->add_flag("--json", args.json, "print the summary as JSON");
}

void declare_describe(CLI::App& app, Verbs& v) {
  v.describe = app.add_subcommand("describe", "print an opcode's variants, operands and rules");
  v.describe->add_option("opcode", v.describe_args.opcode, "opcode, e.g. sample_3d or TLDS");
  v.describe->add_flag("--rules", v.describe_args.rules, "list the rule ids diagnostics use");
  add_common(v.describe, v.common, false);
  v.describe->add_flag("--json", v.describe_json, "print as JSON");
}

void declare_sample(CLI::App& app, Verbs& v) {
  CLI::App* smp = app.add_subcommand(
      "sample",
      "replay lookups from a file (JSON lines, or NumPy .npz/.npy columns) against a scene");
  v.sample = smp;
  SampleArgs& args = v.sample_args;
  smp->add_option("--scene", args.scene, "scene file (JSON); not with --convert");
  smp->add_option("--requests", args.requests,
                  "request file: JSONL, .npz or .npy (told from its content); - for stdin");
  smp->add_option("--convert", args.convert,
                  "convert a request file (JSONL <-> .npz) to -o instead of replaying it");
  smp->add_option("-o,--output", args.output, "results file; - for stdout (default)");
  smp->add_option("--format", args.format,
                  "jsonl, csv or npz (default: npz or csv from -o's extension, else jsonl)");
  smp->add_option("--profile", args.profile, "d3d (default), exact, lavapipe or nvidia");
  smp->add_option("--shard", args.shard, "I/N: take blocks I, I+N, ... of 4096 requests");
  smp->add_option("--threads", args.threads,
                  "threads (default 0: every core); results never depend on it");
  smp->add_flag("--json", args.json,
                "print a JSON summary (counts, diagnostics) on stdout; results go to -o FILE");
  smp->add_flag("--groups", args.groups,
                "form lavapipe's SIMD groups and pixel quads from consecutive requests");
  smp->add_flag("--bounds", args.bounds,
                "add each sampling lookup's conformant range: per channel the lo and hi the "
                "Vulkan specification allows (docs/bounds.md)");
  smp->add_option("--bounds-precision", args.bounds_precision,
                  "KEY=N,...: coord, subtexel, lod, derivative-lod, derivative, blend, color, "
                  "float bits (defaults: the Vulkan CTS's)");
  smp->add_flag("--addresses", args.addresses,
                "add each request's texel reads (x, y, z, level, sample, byte address, bytes) "
                "and distinct cache lines (docs/memory-trace.md)");
  smp->add_option("--line-bytes", args.line_bytes,
                  "N: cache line size for --addresses, a power of two in [16, 4096] (default 64)");
  smp->add_flag("--descriptors", args.descriptors,
                "\"surface\" and \"sampler\" name the scene's descriptors given as bytes (SASS "
                "texture header / sampler pool entries, vISA surface / sampler states), not its "
                "surfaces (docs/hardware-state.md)");
  add_common(smp, v.common, true);
}

void declare_describe_state(CLI::App& app, Verbs& v) {
  CLI::App* ds = app.add_subcommand(
      "describe-state",
      "print a hardware descriptor's fields by name from its bytes, or encode bytes from named "
      "fields (NVIDIA TIC/TSC; Intel SKL, TGLLP, DG2, PVC RENDER_SURFACE_STATE, SAMPLER_STATE)");
  v.describe_state = ds;
  DescribeStateArgs& a = v.describe_state_args;
  ds->add_option(
      "type", a.type,
      "descriptor type, e.g. TIC (from the bytes), TIC.V2 (Hopper's V2 family), TIC.PITCH, TSC");
  ds->add_option("--platform", a.platform,
                 "SM50 .. SM90, SM100, SM120 (default SM52), SKL, TGLLP, DG2, PVC; see --list");
  ds->add_option("--hex", a.hex, "the descriptor's bytes as hex, in memory order");
  ds->add_option("--file", a.file, "a binary file holding the descriptor");
  ds->add_option("--offset", a.offset, "byte offset of the descriptor in --file");
  ds->add_option("--set", a.set, "FIELD=VALUE ...: encode bytes from these fields (others 0)");
  ds->add_flag("--list", a.list, "list the descriptor types of every platform (or --platform)");
  ds->add_flag("--json", a.json, "print as JSON");
}

void declare_place(CLI::App& app, Verbs& v) {
  CLI::App* pl = app.add_subcommand(
      "place",
      "rewrite a scene's surfaces as the hardware's descriptors (TIC/TSC, RENDER_SURFACE_STATE) "
      "over their texels placed in GPU memory in a layout; the scene runs as before");
  v.place = pl;
  PlaceArgs& a = v.place_args;
  pl->add_option("scene", a.scene, "the scene (.json; - reads stdin)")->required();
  pl->add_option("-o,--output", a.output, "the rewritten scene (default: stdout)");
  pl->add_option(
      "--layout", a.layout,
      "pitch, block_linear, tile_x, tile_y, tile4 or tile64 (default: block_linear on SASS, "
      "tile_y on vISA; a surface's own \"placement\" wins)");
  pl->add_option("--block-height-log2", a.block_height_log2,
                 "NVIDIA GOBs per block in y, log2 0..5 (default: as Mesa nil chooses)");
  pl->add_option("--header-version", a.header_version,
                 "NVIDIA texture header family: 1 (Texture Header State) or 2 (Texture Header V2, "
                 "Hopper SM90; Blackwell's only); default: the pool's \"header_version\", else "
                 "the platform's");
  pl->add_option("--address", a.address,
                 "GPU address of the new memory range (default: 0x100000000 or above the "
                 "scene's gpu_memory)");
  pl->add_option("--memory-file", a.memory_file,
                 "write the memory as this binary file (named relative to the output) instead "
                 "of hex");
  add_common(pl, v.common, true);
}

// Parses the command line; an exit status when parsing ends the run (help, version, an error).
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
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
  return std::nullopt;
}

// Runs the verb that was parsed (the demo when none was).
int run_verb(Verbs& v) {
  const texsim::isa::Registry& registry = texsim::isa::registry();
  if (v.surface_opt->count() != 0) v.render_args.surface = v.surface_id;
  if (v.sampler_opt->count() != 0) v.render_args.sampler = v.sampler_id;
  if (v.lod_opt->count() != 0) v.render_args.lod = v.lod;

  const CommonOptions& common = v.common;
  if (v.check->parsed() && v.check_json) return cmd_check_json(registry, common, v.check_args);
  if (v.as->parsed() && v.asm_json) return cmd_asm_json(registry, common, v.asm_args);
  if (v.dis->parsed() && v.dis_json) return cmd_disasm_json(registry, common, v.dis_args);
  if (v.describe->parsed() && v.describe_json)
    return cmd_describe_json(registry, common, v.describe_args);
  if (v.check->parsed()) return cmd_check(registry, common, v.check_args);
  if (v.as->parsed()) return cmd_asm(registry, common, v.asm_args);
  if (v.dis->parsed()) return cmd_disasm(registry, common, v.dis_args);
  if (v.run->parsed()) return cmd_run(registry, common, v.run_args);
  if (v.render->parsed()) return cmd_render(common, v.render_args);
  if (v.describe->parsed()) return cmd_describe(registry, common, v.describe_args);
  if (v.sample->parsed()) return cmd_sample(common, v.sample_args);
  if (v.describe_state->parsed()) return cmd_describe_state(v.describe_state_args);
  if (v.place->parsed()) {
    if (refuse_isa_options(v.place)) return kExitUsage;
    return cmd_place(common, v.place_args);
  }
  return run_demo(stdout, registry, common.quiet);
}

}  // namespace

int run_main(int argc, char** argv) {
  CLI::App app{
      "texsim: bit-accurate functional model of GPU texture and surface-load instructions "
      "(Intel vISA; NVIDIA SASS, Maxwell/Pascal)",
      "texsim"};
  app.require_subcommand(0, 1);
  Verbs v;
  app.add_flag("-q,--quiet", v.common.quiet, "print only results and diagnostics");
  app.set_version_flag("--version", std::string(kVersion));
  declare_demo(app, v);
  declare_check(app, v);
  declare_asm(app, v);
  declare_disasm(app, v);
  declare_run(app, v);
  declare_render(app, v);
  declare_describe(app, v);
  declare_sample(app, v);
  declare_describe_state(app, v);
  declare_place(app, v);

  // Set after the verbs exist: CLI11 copies a parent's footer into each subcommand it adds.
  app.footer(std::string("With no command, runs `texsim demo`.\n") + kExitStatus);
  for (CLI::App* sub : app.get_subcommands({})) sub->footer(kExitStatus);
  if (const auto status = parse_command_line(app, argc, argv)) return *status;

  set_error_limit(v.common.error_limit);
  if (refuse_isa_options(v.demo) || refuse_isa_options(v.render)) return kExitUsage;
  return run_verb(v);
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
