// The scene: the machine state a program runs on (surfaces, samplers, memory, registers, the SASS
// pools) as plain values, and the JSON loader. Depends on texunit and core; never on isa/ or cli/.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::scene {

// Element types of vISA variables, by vISA's names (interface.md, "Register values").
enum class ElemType : uint8_t { kUD, kD, kUW, kW, kUB, kB, kUQ, kQ, kF, kHF, kDF };

std::string_view elem_type_name(ElemType t);                         // "UD", "F", ...
std::optional<ElemType> elem_type_from_name(std::string_view name);  // case-insensitive
unsigned elem_type_size(ElemType t);                                 // bytes per element

struct SceneSurface {
  uint32_t id = 0;
  std::string name;  // optional label
  texunit::Surface surface;
};

struct SceneSampler {
  uint32_t id = 0;
  texunit::SamplerState state;
  std::optional<texunit::PrecisionKind> precision;  // "precision" key; unset: the caller's default
};

// A vISA variable given in the scene: element type, the values as given, and their bytes
// (little-endian elements, in order). `decl` is the optional declaration text, kept raw for
// the front end.
struct VisaRegister {
  ElemType type = ElemType::kUD;
  std::vector<uint8_t> bytes;
  std::optional<std::string> decl;
};

// SASS machine registers: R0..R254 (32-bit) and P0..P6. Unnamed registers are 0 / false.
struct SassRegisters {
  std::map<uint32_t, uint32_t> r;
  std::map<uint32_t, bool> p;
};

// A texture header pool entry (SASS): which scene surface it views and its level range.
struct TextureHeader {
  uint32_t surface = 0;
  uint32_t min_level = 0;
  uint32_t max_level = 0;
  bool srgb = false;
};

struct TextureHeaderPool {
  uint32_t max_index = 0;
  std::map<uint32_t, TextureHeader> entries;
};

struct TextureSamplerPool {
  uint32_t max_index = 0;
  std::map<uint32_t, SceneSampler> entries;  // SceneSampler::id = the pool index
};

enum class Fp16Rounding : uint8_t { kRn, kRz };

struct Scene {
  std::string path;         // the file it was loaded from ("" for scenes built in code)
  uint32_t version = 1;     // "texsim"
  std::string isa;          // "visa", "sass" or "" (not given)
  std::string platform;     // canonical spelling, e.g. "TGLLP", "SM52"; "" if not given
  std::string description;  // optional free text

  std::vector<SceneSurface> surfaces;  // in file order; ids unique
  std::vector<SceneSampler> samplers;  // in file order; ids unique

  std::optional<std::vector<uint8_t>> slm;        // memory.slm
  std::optional<std::vector<uint8_t>> stateless;  // memory.stateless

  std::map<std::string, VisaRegister> visa_registers;  // by variable name
  SassRegisters sass_registers;

  // SASS pools.
  std::map<uint32_t, std::vector<uint8_t>> const_banks;  // bank -> bytes
  std::optional<uint32_t> tex_bank;
  std::optional<TextureHeaderPool> texture_headers;
  std::optional<TextureSamplerPool> texture_samplers;
  std::optional<Fp16Rounding> fp16_rounding;

  // Dispatch state some front ends need (kept raw where texunit has no type for it).
  std::optional<uint64_t> dispatch_mask;  // lanes enabled at dispatch
  std::optional<std::array<uint32_t, 2>> coarse_pixel_size;

  const SceneSurface* find_surface(uint32_t id) const;
  const SceneSampler* find_sampler(uint32_t id) const;
};

struct LoadOptions {
  // Files named by the scene ("file" data sources) must lie in the scene's folder or below it
  // unless this is set.
  bool allow_any_path = false;
  // Upper bound on the bytes of all surfaces and memory buffers together.
  uint64_t max_bytes = uint64_t{1} << 30;
};

// Loads a scene from JSON text. `path` names the file in diagnostics and anchors relative file
// names. Every problem is reported into `sink` (rule ids SCENE-*, TEXUNIT-SURFACE-*) with the
// JSON path and, where known, line and column; on any error nothing is returned.
std::optional<Scene> load_scene_text(std::string_view text, const std::string& path,
                                     core::DiagSink& sink, const LoadOptions& options = {});

// Reads the file and loads it; a missing or unreadable file is a SCENE-FILE diagnostic.
std::optional<Scene> load_scene_file(const std::string& path, core::DiagSink& sink,
                                     const LoadOptions& options = {});

// The rule ids the loader reports, with one line each (for `texsim describe --rules`).
struct RuleInfo {
  std::string_view id;
  std::string_view summary;
};
std::span<const RuleInfo> scene_rules();

// Platforms of each ISA, in canonical spelling (interface.md, "Common options"; Xe2 added for
// the vISA front end's platform table). The one list every layer uses.
inline constexpr std::array<std::string_view, 7> kVisaPlatforms{"SKL", "ICLLP", "TGLLP", "XeHP",
                                                                "DG2", "PVC",   "Xe2"};
inline constexpr std::array<std::string_view, 6> kSassPlatforms{"SM50", "SM52", "SM53",
                                                                "SM60", "SM61", "SM62"};
std::span<const std::string_view> platforms_of(std::string_view isa);

}  // namespace texsim::scene
