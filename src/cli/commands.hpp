// The verbs of the texsim command line (check, asm, disasm, run, render, describe), generic over
// the ISA front-end registry. CLI layer: prints results and diagnostics, returns exit statuses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/frontend.hpp"
#include "scene/scene.hpp"
#include "texsim/version.h"

namespace texsim::cli {

// Exit statuses (interface.md, "Commands").
inline constexpr int kExitOk = 0;
inline constexpr int kExitDiagnostics = 1;
inline constexpr int kExitUsage = 2;

// From project(VERSION) through the generated texsim/version.h (the library reports the same).
inline constexpr const char* kVersion = "texsim " TEXSIM_VERSION;

// Options every verb takes.
struct CommonOptions {
  std::string isa;       // "" = from the file extension
  std::string platform;  // "" = from the scene or the ISA's default
  bool quiet = false;
  bool allow_any_path = false;  // scene "file" sources may lie outside the scene's folder
  std::string max_memory;       // budget for a scene's surfaces and buffers ("512M"); "" = 1G
  size_t error_limit = 100;     // errors printed before stopping (term.hpp); 0 = no limit
};

struct CheckArgs {
  std::vector<std::string> files;
};

struct AsmArgs {
  std::string file;
  std::string output;  // "" = FILE with its extension replaced by ".bin"
  std::string into;    // SASS: --into BASE.cubin (the code written into a copy of BASE)
  bool hex = false;
};

struct DisasmArgs {
  std::string file;
  std::string word;      // SASS: --word 0xHEX
  std::string ctrl;      // SASS: --ctrl 0xHEX
  std::string bytes;     // vISA: --bytes HEX
  bool control = false;  // SASS cubin: control-prefixed lines instead of cuobjdump's layout
};

struct RunArgs {
  std::string program;
  std::string scene;
  bool json = false;
  bool trace = false;
  std::string precision;              // "" = d3d
  std::string poison;                 // "" = none; else a byte "0xNN"
  std::vector<std::string> settings;  // --set KEY=VALUE, passed to the front end
  bool trace_memory = false;          // the texels each texture instruction read, their addresses
  std::string line_bytes;             // --line-bytes N (with --trace-memory; default 64)
  std::string images;                 // --images DIR: the images a launch wrote (PNG + .bin)
};

struct RenderArgs {
  std::string scene;
  std::optional<uint32_t> surface;
  std::optional<uint32_t> sampler;
  std::string size = "256x256";
  bool plane = false;
  std::optional<float> lod;
  float layer = 0.0f;
  bool mip_colors = false;
  std::string precision;
  std::string diff;  // "P1,P2"
  std::string output;
  bool json = false;  // print the summary as JSON
};

struct DescribeArgs {
  std::string opcode;
  bool rules = false;
};

// Loads a scene from its text (read by the caller from `path`); prints its diagnostics unless
// `json_diags` collects them; on failure `status` is the exit status to use.
std::optional<scene::Scene> load_scene_from_text(
    const CommonOptions& common, const std::string& path, const std::string& text, int& status,
    std::vector<core::Diagnostic>* json_diags = nullptr, size_t* errors = nullptr,
    size_t* warnings = nullptr);

int cmd_check(const isa::Registry& reg, const CommonOptions& common, const CheckArgs& args);
int cmd_asm(const isa::Registry& reg, const CommonOptions& common, const AsmArgs& args);
int cmd_disasm(const isa::Registry& reg, const CommonOptions& common, const DisasmArgs& args);
int cmd_run(const isa::Registry& reg, const CommonOptions& common, const RunArgs& args);
int cmd_render(const CommonOptions& common, const RenderArgs& args);
int cmd_describe(const isa::Registry& reg, const CommonOptions& common, const DescribeArgs& args);

// Parses "512", "64K", "512M", "2G" (bytes); nullopt when malformed.
std::optional<uint64_t> parse_byte_size(const std::string& s);

}  // namespace texsim::cli
