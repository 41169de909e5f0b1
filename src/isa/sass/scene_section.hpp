// The SASS front end's part of a scene file: registers R0..R254 / P0..P6, constant banks, the
// bindless texture bank, the texture header and sampler pools and FP16 rounding (SceneState).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "scene/scene.hpp"
#include "scene/section.hpp"

namespace texsim::isa::sass {

// SASS machine registers: R0..R254 (32-bit), the uniform registers UR0..UR62 (Turing+, one
// value for the whole warp) and P0..P6. Unnamed registers are 0 / false.
struct SassRegisters {
  std::map<uint32_t, uint32_t> r;
  std::map<uint32_t, uint32_t> ur;
  std::map<uint32_t, bool> p;
};

// A texture header pool entry: which scene surface it views and its level range.
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
  std::map<uint32_t, scene::SceneSampler> entries;  // SceneSampler::id = the pool index
};

enum class Fp16Rounding : uint8_t { kRn, kRz };

// The SASS machine state a scene gives (interface.md, "Scene file").
struct SceneState final : scene::IsaState {
  SassRegisters registers;
  std::map<uint32_t, std::vector<uint8_t>> const_banks;  // bank -> bytes
  std::optional<uint32_t> tex_bank;
  std::optional<TextureHeaderPool> texture_headers;
  std::optional<TextureSamplerPool> texture_samplers;
  std::optional<Fp16Rounding> fp16_rounding;

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
