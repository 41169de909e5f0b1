// The SASS front end's part of a scene file: registers R0..R254 / P0..P6 (one value or 32 lanes),
// constant banks, the texture header and sampler pools, FP16 rounding and the warp (SceneState).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "hwstate/layout.hpp"
#include "scene/scene.hpp"
#include "scene/section.hpp"

namespace texsim::isa::sass {

inline constexpr unsigned kWarpLanes = 32;

// SASS machine registers: R0..R254 (32-bit), the uniform registers UR0..UR62 (Turing+, one
// value for the whole warp) and P0..P6. Unnamed registers are 0 / false. A register given as
// one value holds it in every lane; one given as 32 values (r_lanes, p_lanes) holds one a lane
// and makes the scene warp-wide.
struct SassRegisters {
  std::map<uint32_t, uint32_t> r;
  std::map<uint32_t, uint32_t> ur;
  std::map<uint32_t, bool> p;
  std::map<uint32_t, std::array<uint32_t, kWarpLanes>> r_lanes;
  std::map<uint32_t, std::array<bool, kWarpLanes>> p_lanes;
};

// What a quad op's derivatives are when its quad is partial: SET_SHADER_CONTROL.DEFAULT_PARTIAL,
// ZERO or INFINITY (open-gpu-doc: method 0x1690 of the Fermi/Kepler compute classes cl90c0.h,
// cla0c0.h; Volta's compute class clc3c0.h has no such method, so what a launch sees there is
// undocumented and the scene says it).
enum class DefaultPartial : uint8_t { kZero, kInfinity };

// The scene's "warp": which of the 32 lanes run (bit i: lane i) and DEFAULT_PARTIAL (absent: a
// partial quad's implicit LOD is undefined; decision W13).
struct WarpState {
  uint32_t active_mask = 0xffffffffu;
  std::optional<DefaultPartial> default_partial;
};

// A texture header pool entry: which scene surface it views and its level range.
struct TextureHeader {
  uint32_t surface = 0;
  uint32_t min_level = 0;
  uint32_t max_level = 0;
  bool srgb = false;
};

// The surface of an entry given as TIC bytes (scene_descriptors.hpp): read from "gpu_memory" at
// `address` when the scene loaded. Such an entry views it instead of a scene surface.
struct MemorySurface {
  std::shared_ptr<const texunit::Surface> surface;
  uint64_t address = 0;
  hwstate::PlacedSurface placed;  // the header's placement (run --trace-memory)
};

struct TextureHeaderPool {
  uint32_t max_index = 0;
  std::map<uint32_t, TextureHeader> entries;
};

struct TextureSamplerPool {
  uint32_t max_index = 0;
  std::map<uint32_t, scene::SceneSampler> entries;  // SceneSampler::id = the pool index
};

enum class Fp16Rounding : uint8_t { kRn, kRz };

// The SASS machine state a scene gives (interface.md, "Scene file").
struct SceneState final : scene::IsaState {
  SassRegisters registers;
  std::map<uint32_t, std::vector<uint8_t>> const_banks;  // bank -> bytes
  std::optional<uint32_t> tex_bank;
  std::optional<TextureHeaderPool> texture_headers;
  // The header pool's "header_version" (SET_TEXTURE_HEADER_VERSION: 1 "Texture Header State", 2
  // "Texture Header V2"); 0 when not given: the platform's default family (decision TV1).
  uint32_t texture_header_version = 0;
  // The surfaces of texture_headers entries given as TIC bytes, by entry index.
  std::map<uint32_t, MemorySurface> header_surfaces;
  std::optional<TextureSamplerPool> texture_samplers;
  std::optional<Fp16Rounding> fp16_rounding;
  std::optional<WarpState> warp;

  // Whether programs run warp-wide (32 lanes; exec_warp.cpp): a "warp" key or a register given
  // per lane.
  bool warp_wide() const {
    return warp.has_value() || !registers.r_lanes.empty() || !registers.p_lanes.empty();
  }

  std::unique_ptr<scene::IsaState> clone() const override {
    return std::make_unique<SceneState>(*this);
  }
};

// The reader the scene loader calls for SASS's keys.
const scene::SceneSection& scene_section();

// The SASS state of a scene (empty when it has none), and for editing (scenes built in code).
const SceneState& scene_state(const scene::Scene& s);
SceneState& edit_scene_state(scene::Scene& s);

}  // namespace texsim::isa::sass
