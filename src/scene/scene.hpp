// The scene: the machine state a program runs on (surfaces, samplers, memory; each ISA's own state
// opaquely) and the JSON loader. Depends on texunit and core; never on isa/ or cli/.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/layout.hpp"
#include "scene/section.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::scene {

// Element types of register values, by vISA's names (interface.md, "Register values"): the
// vocabulary results are reported in, for every ISA (SASS registers are UD).
enum class ElemType : uint8_t { kUD, kD, kUW, kW, kUB, kB, kUQ, kQ, kF, kHF, kDF };

std::string_view elem_type_name(ElemType t);                         // "UD", "F", ...
std::optional<ElemType> elem_type_from_name(std::string_view name);  // case-insensitive
unsigned elem_type_size(ElemType t);                                 // bytes per element
std::span<const std::string_view> elem_type_names();                 // in enum order

struct SceneSurface {
  uint32_t id = 0;
  std::string name;  // optional label
  texunit::Surface surface;
  // "placement": where its texels lie in GPU memory (hwstate's layouts; validated at load). Its
  // desc is the surface's. Unset: no placement given (texsim's linear layout at address 0).
  std::optional<hwstate::PlacedSurface> placement;
};

struct SceneSampler {
  uint32_t id = 0;
  texunit::SamplerState state;
  std::optional<texunit::PrecisionKind> precision;  // "precision" key; unset: the caller's default
  // The comparison a compare message applies when `state.compare` is unset: an Intel
  // SAMPLER_STATE's Shadow Function, which has no enable bit (decision DS19).
  std::optional<texunit::CompareFunc> message_compare;
};

// A range of GPU memory at a virtual address (the scene's "gpu_memory"): what descriptors given
// as bytes (SASS texture headers, issue 27) name their surfaces by.
struct GpuMemoryRange {
  uint64_t address = 0;
  std::vector<uint8_t> bytes;
};

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
  std::vector<GpuMemoryRange> gpu_memory;         // "gpu_memory", ordered by address, disjoint

  // Each ISA's machine state from its scene sections (registers, pools, dispatch state), by ISA
  // id; shared between copies until one is edited (edit_isa_state copies it first).
  std::map<std::string, std::shared_ptr<IsaState>, std::less<>> isa_states;

  const SceneSurface* find_surface(uint32_t id) const;
  const SceneSampler* find_sampler(uint32_t id) const;
  // The bytes [address, address + size) of one "gpu_memory" range, or an empty optional when no
  // range holds all of them.
  std::optional<std::span<const uint8_t>> gpu_bytes(uint64_t address, uint64_t size) const;

  // The state an ISA's section reader left, or null.
  const IsaState* isa_state(std::string_view isa) const;
  // The state of `isa` for editing (scenes built in code, tests), made by `make` when absent.
  IsaState& edit_isa_state(std::string_view isa,
                           const std::function<std::unique_ptr<IsaState>()>& make);
};

// The state of `isa` as the front end's type T, or an empty T when the scene has none.
template <typename T>
const T& isa_state_as(const Scene& s, std::string_view isa) {
  static const T kEmpty{};
  const auto* st = dynamic_cast<const T*>(s.isa_state(isa));
  return st != nullptr ? *st : kEmpty;
}
template <typename T>
T& edit_isa_state_as(Scene& s, std::string_view isa) {
  return dynamic_cast<T&>(s.edit_isa_state(isa, [] { return std::make_unique<T>(); }));
}

struct LoadOptions {
  // Files named by the scene ("file" data sources) must lie in the scene's folder or below it
  // unless this is set.
  bool allow_any_path = false;
  // Upper bound on the bytes of all surfaces and memory buffers together.
  uint64_t max_bytes = uint64_t{1} << 30;
  // The ISA front ends' section readers (isa::registry().scene_sections()); their keys are unknown
  // keys when not given.
  std::vector<const SceneSection*> sections;
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

}  // namespace texsim::scene
