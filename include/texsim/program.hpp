// Public API: the ISA front ends (Intel vISA, NVIDIA SASS): assemble, disassemble, check and
// run programs on a scene, with diagnostics as values.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "texsim/diagnostic.hpp"
#include "texsim/export.h"
#include "texsim/sampler.hpp"
#include "texsim/scene.hpp"

namespace texsim {

enum class Isa : uint8_t { kVisa, kSass };

TEXSIM_API std::string_view isa_name(Isa isa);                       // "visa", "sass"
TEXSIM_API std::optional<Isa> isa_from_name(std::string_view name);  // "visa", "sass"
TEXSIM_API std::vector<std::string> platforms(Isa isa);              // canonical spelling
TEXSIM_API std::string default_platform(Isa isa);                    // "TGLLP", "SM52"

// The program text (or binary) and its name in diagnostics.
struct Source {
  std::string_view text;
  std::string name = "<text>";
};

struct Instruction {
  uint64_t offset = 0;         // byte offset in the binary
  std::vector<uint8_t> bytes;  // its encoding
  std::string text;            // as printed
};

struct Assembly {
  std::vector<uint8_t> binary;  // every instruction's bytes, in order
  std::vector<Instruction> instructions;
};

// Parses, validates and encodes. `platform` "" is the ISA's default.
TEXSIM_API std::optional<Assembly> assemble(Isa isa, const Source& src, Diagnostics& diags,
                                            std::string_view platform = {});
// Parses and validates only; true when there was no error.
TEXSIM_API bool check(Isa isa, const Source& src, Diagnostics& diags,
                      std::string_view platform = {});
// Decodes a binary (problems at name+0xOFFSET[bits HI:LO]) and prints it in the vendor syntax.
TEXSIM_API std::optional<std::string> disassemble(Isa isa, std::span<const uint8_t> binary,
                                                  Diagnostics& diags,
                                                  std::string_view platform = {},
                                                  const std::string& name = "<bytes>");

struct RunOptions {
  Profile profile = Profile::kD3D;  // samplers without a "precision" key
  std::string platform;             // "": the scene's, else the ISA's default
  bool trace = false;
  std::optional<uint8_t> poison;  // fill undefined bytes with this pattern
  std::vector<std::pair<std::string, std::string>> settings;  // front-end KEY=VALUE settings
};

// One register (vISA variable, or SASS Rn) as the program left it.
struct Register {
  std::string name;
  std::string type;            // vISA element type name: "UD", "F", "HF", ...
  unsigned element_size = 4;   // bytes per element
  std::vector<uint8_t> bytes;  // little-endian elements, in order
  std::vector<bool> defined;   // per byte; empty: every byte defined
};

struct RunResult {
  std::vector<Register> registers;  // every register written, in order
  std::vector<std::string> trace;   // one entry per executed instruction (trace on)
};

// Parses `src` and runs it on `scene`. nullopt (with diagnostics) on any error.
TEXSIM_API std::optional<RunResult> run(Isa isa, const Source& src, const Scene& scene,
                                        const RunOptions& options, Diagnostics& diags);

// The built-in demo programs of an ISA: (name, program text, scene JSON).
struct Example {
  std::string name, program, program_name, scene_json;
};
TEXSIM_API std::vector<Example> examples(Isa isa);

}  // namespace texsim
