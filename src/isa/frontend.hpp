// The plug-in interface every ISA front end implements (parse+validate, encode, decode, print,
// execute, describe) and the registry the CLI looks them up in. Depends on scene and core.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "core/suggest.hpp"
#include "core/text.hpp"
#include "isa/memory_log.hpp"
#include "scene/report.hpp"
#include "scene/scene.hpp"
#include "scene/section.hpp"

namespace texsim::isa {

// What an ISA is to the rest of texsim: names, file extensions, platforms, the public API's value
// (texsim::Isa, texsim_isa). Each front end defines its own (issue 25 item 4: registered once, in
// isa/registry.cpp; the CLI, the API, scene loading and describe read the registry).
struct IsaInfo {
  std::string_view id;            // "visa", "sass": the --isa value and the scene's "isa"
  std::string_view display_name;  // "vISA", "SASS"
  std::span<const std::string_view> extensions;  // with the dot
  std::span<const std::string_view> platforms;   // canonical spelling
  std::string_view default_platform;
  // Other names users give platforms (codenames, compiler spellings): "did you mean" only.
  std::span<const core::Alias> platform_aliases;
  // The generations the platforms are, for the message that lists them.
  std::string_view generations;
  uint8_t api_value = 0;  // texsim::Isa / texsim_isa (include/texsim/program.hpp, texsim.h)
};

// The canonical spelling of platform `given` (case-insensitive), or nullopt.
inline std::optional<std::string_view> find_platform(const IsaInfo& info, std::string_view given) {
  for (std::string_view p : info.platforms) {
    if (core::iequals(p, given)) return p;
  }
  return std::nullopt;
}

// The one message for a platform the ISA does not have: a suggestion where one is plausible, and
// the platforms and generations there are ("unknown SASS platform 'SM75' (texsim's ...)").
inline std::string unknown_platform_message(const IsaInfo& info, std::string_view given) {
  const std::string isa(info.display_name);
  return "unknown " + isa + " platform '" + std::string(given) + "'" +
         core::did_you_mean(given, info.platforms, info.platform_aliases) + " (texsim's " + isa +
         " platforms: " + core::join(info.platforms) + "; " + std::string(info.generations) + ")";
}

// Whether `path` ends with one of the ISA's extensions.
inline bool has_extension(const IsaInfo& info, std::string_view path) {
  for (std::string_view ext : info.extensions) {
    if (path.size() > ext.size() && path.substr(path.size() - ext.size()) == ext) return true;
  }
  return false;
}

// A parsed (or decoded) program. Front ends derive from it; the CLI only passes it back.
class Program {
 public:
  virtual ~Program() = default;
  virtual size_t instruction_count() const = 0;
};

struct SourceFile {
  std::string path;  // as the user named it; used in diagnostics
  std::string text;
  // The scene the program will run on (`run`), or null: a front end may take declarations
  // from it (vISA register "decl"), so that validation sees them (issue 15 item 4).
  const scene::Scene* scene = nullptr;
};

// Binary input for decode: a file's bytes, or the words given on the command line.
struct BinaryInput {
  std::string name;              // file name, or "<word>" / "<bytes>"
  std::vector<uint8_t> bytes;    // file contents or --bytes
  std::optional<uint64_t> word;  // SASS --word (bits 63:0 of a 128-bit word)
  std::optional<uint64_t> ctrl;  // SASS --ctrl
  bool control_prefix = false;   // SASS cubins: print [B------:R-:W-:Y:S00] lines (--control)
  uint64_t word_hi = 0;          // SASS --word: bits 127:64 (SM70+; 0 for a 64-bit value)
  bool word_wide = false;        // --word had more than 16 hex digits
};

struct EncodedInstruction {
  std::string text;            // the instruction as printed
  std::vector<uint8_t> bytes;  // its encoding (file order)
  uint64_t offset = 0;         // byte offset in the output
};

struct ExecOptions {
  bool trace = false;
  std::optional<uint8_t> poison;  // fill undefined bytes with this pattern (still reported)
  texunit::PrecisionKind precision = texunit::PrecisionKind::kD3D;
  // Front-end machine settings from `texsim run --set KEY=VALUE` (e.g. vISA `media_oob`). A front
  // end reports an unknown key or value as a diagnostic.
  std::vector<std::pair<std::string, std::string>> settings;
  // `texsim run --trace-memory`: the texels every texture instruction reads go to
  // RunResult::memory.
  bool trace_memory = false;
};

// A built-in program and the scene it runs on, for `texsim demo`.
struct Example {
  std::string name;          // e.g. "sample_3d.RGBA, bilinear"
  std::string program;       // program text
  std::string program_file;  // the name used in diagnostics, with the ISA's extension
  std::string scene_json;    // scene file text
};

// An image a whole-kernel launch wrote (vISA SCATTER4_TYPED), named "image<BTI>".
struct RunImage {
  std::string name;
  std::shared_ptr<const texunit::Surface> surface;
};

struct RunResult {
  std::vector<scene::RegisterValue> registers;  // every register the program wrote, in order
  std::vector<RunImage> images;                 // images a launch wrote, by binding-table index
  uint64_t instructions = 0;  // vISA whole kernels: instructions executed, summed over threads
  std::vector<std::string> trace;               // one entry per executed instruction
  std::shared_ptr<const MemoryLog> memory;      // with ExecOptions::trace_memory
};

class Frontend {
 public:
  virtual ~Frontend() = default;

  virtual const IsaInfo& info() const = 0;

  // True when `bytes` are unmistakably this ISA's (a container's magic, a header only its text
  // has): how an input named without a known extension, or given on stdin, finds its ISA.
  virtual bool recognizes(std::span<const uint8_t> /*bytes*/) const { return false; }

  // Parses and validates program text for `platform` (canonical spelling). Reports every
  // problem; returns nullptr when there was an error.
  virtual std::unique_ptr<Program> parse(const SourceFile& source, std::string_view platform,
                                         core::DiagSink& sink) const = 0;

  // Encodes a valid program; nullopt (with diagnostics) if something cannot be encoded.
  virtual std::optional<std::vector<EncodedInstruction>> encode(const Program& program,
                                                                core::DiagSink& sink) const = 0;

  // An object file for `asm -o FILE` whose extension names one (SASS: .cubin); nullopt with
  // diagnostics when it cannot be written, and nullopt without any when the format is not one
  // this front end writes.
  virtual std::optional<std::vector<uint8_t>> encode_object(const Program& /*program*/,
                                                            std::string_view /*output_path*/,
                                                            std::string_view /*platform*/,
                                                            core::DiagSink& /*sink*/) const {
    return std::nullopt;
  }

  // `asm --into BASE`: a copy of the object file `base` (SASS: a cubin) with each function's code
  // replaced by the program's, every other byte kept (symbols, relocations, attributes, constant
  // banks); nullopt with diagnostics when a function is missing or changes size, and nullopt
  // without any when this front end writes no such object.
  virtual std::optional<std::vector<uint8_t>> encode_object_into(const Program& /*program*/,
                                                                 std::span<const uint8_t> /*base*/,
                                                                 const std::string& /*base_name*/,
                                                                 core::DiagSink& /*sink*/) const {
    return std::nullopt;
  }

  // Decodes binary input; problems are reported at FILE+0xOFFSET[bits HI:LO].
  virtual std::unique_ptr<Program> decode(const BinaryInput& input, std::string_view platform,
                                          core::DiagSink& sink) const = 0;

  // Prints a program in the syntax of the real tools (nvdisasm, IGC's vISA printer).
  virtual std::string print(const Program& program) const = 0;

  // Runs a program on a scene's machine state.
  virtual std::optional<RunResult> execute(const Program& program, const scene::Scene& scene,
                                           std::string_view platform, const ExecOptions& options,
                                           core::DiagSink& sink) const = 0;

  // Opcode introspection from the model's table: variants, operands, types, ranges, rules.
  virtual std::vector<std::string> opcodes() const = 0;
  // Every name describe() accepts, for "did you mean" (default: the opcodes() lines).
  virtual std::vector<std::string> opcode_names() const { return opcodes(); }
  // `platform`: "" for the ISA's every generation, else one of platforms() (as written there):
  // the opcode as that platform encodes it.
  virtual std::optional<std::string> describe(std::string_view opcode,
                                              std::string_view platform) const = 0;
  // The rule ids this front end reports, with a one-line summary each.
  virtual std::vector<scene::RuleInfo> rules() const = 0;

  // Built-in programs for `texsim demo`.
  virtual std::vector<Example> examples() const { return {}; }

  // The reader of this ISA's sections of a scene file (registers, pools, dispatch state); the
  // state it reads is kept in the Scene by ISA id and read back by execute(). Null: none.
  virtual const scene::SceneSection* scene_section() const { return nullptr; }
};

// A set of front ends. The one texsim uses is isa::registry() (isa/registry.hpp).
class Registry {
 public:
  void add(std::unique_ptr<Frontend> f) { frontends_.push_back(std::move(f)); }
  const Frontend* find(std::string_view isa_id) const {
    for (const auto& f : frontends_) {
      if (f->info().id == isa_id) return f.get();
    }
    return nullptr;
  }
  // The front end whose extension `path` has, or nullptr.
  const Frontend* for_path(std::string_view path) const {
    for (const auto& f : frontends_) {
      if (has_extension(f->info(), path)) return f.get();
    }
    return nullptr;
  }
  // The front end of a public API value (texsim::Isa), or nullptr.
  const Frontend* for_api(uint8_t api_value) const {
    for (const auto& f : frontends_) {
      if (f->info().api_value == api_value) return f.get();
    }
    return nullptr;
  }
  // Every ISA id, in registration order ("visa", "sass").
  std::vector<std::string_view> ids() const {
    std::vector<std::string_view> out;
    for (const auto& f : frontends_) out.push_back(f->info().id);
    return out;
  }
  std::span<const std::unique_ptr<Frontend>> all() const { return frontends_; }
  // The one front end that recognizes `bytes`, or nullptr (none, or more than one).
  const Frontend* recognize(std::span<const uint8_t> bytes) const {
    const Frontend* found = nullptr;
    for (const auto& f : frontends_) {
      if (!f->recognizes(bytes)) continue;
      if (found != nullptr) return nullptr;
      found = f.get();
    }
    return found;
  }
  // The front ends' scene section readers, in registration order (scene::LoadOptions::sections).
  std::vector<const scene::SceneSection*> scene_sections() const {
    std::vector<const scene::SceneSection*> out;
    for (const auto& f : frontends_) {
      if (const scene::SceneSection* s = f->scene_section()) out.push_back(s);
    }
    return out;
  }

 private:
  std::vector<std::unique_ptr<Frontend>> frontends_;
};

}  // namespace texsim::isa
