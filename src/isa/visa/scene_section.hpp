// The vISA front end's part of a scene file: variables under "registers" (type, values, decl),
// the dispatch state ("dispatch_mask", "coarse_pixel_size") and surfaces and samplers as Intel
// state bytes ("surface_states", "sampler_states"), read into SceneState.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scene/scene.hpp"
#include "scene/section.hpp"

namespace texsim::isa::visa {

// A vISA variable given in the scene: element type, the values as given, and their bytes
// (little-endian elements, in order). `decl` is the optional declaration text, kept raw for
// the parser (issue 15 item 4).
struct VisaRegister {
  scene::ElemType type = scene::ElemType::kUD;
  std::vector<uint8_t> bytes;
  std::optional<std::string> decl;
};

// A whole-kernel launch (issue 28, docs/kernels.md): the NDRange, and the surfaces the kernel's
// binding table holds: buffers as bytes (read and written) and images as scene surface ids.
struct KernelLaunch {
  std::array<uint32_t, 3> global_size{1, 1, 1};
  std::array<uint32_t, 3> local_size{1, 1, 1};
  std::map<uint32_t, VisaRegister> buffers;  // by binding-table index
  std::map<uint32_t, uint32_t> images;       // binding-table index -> scene surface id
  std::map<uint32_t, uint64_t> addresses;    // a buffer's GPU virtual address ("address")
  std::optional<uint32_t> slm_size;          // bytes of SLM per work-group ("slm_size")
  // The cross-thread payload a "program" launch lays out (launch_program.hpp): its byte k goes
  // to the .input byte at offset (first cross-thread GRF) + k. Empty: the scene's registers.
  std::vector<uint8_t> cross_thread;
  // Private memory (decisions KP1-KP3): bytes of scratch space per hardware thread
  // (MEDIA_VFE_STATE PerThreadScratchSpace) and of stateless private memory per work-item
  // (ALLOCATE_STATELESS_PRIVATE_MEMORY) with the GPU address the payload's pointer holds.
  uint32_t scratch_per_thread = 0;
  uint32_t private_per_item = 0;
  bool private_simt = true;  // IsSimtThread: private_per_item is per work-item (x SIMD width)
  uint64_t private_address = 0;
};

// The vISA machine state a scene gives (interface.md, "Scene file").
struct SceneState final : scene::IsaState {
  std::map<std::string, VisaRegister> registers;             // by variable name
  std::optional<uint64_t> dispatch_mask;                     // lanes enabled at dispatch
  std::optional<std::array<uint32_t, 2>> coarse_pixel_size;  // CPS sample_3d (1, 2 or 4 each)
  // Surfaces and samplers given as Intel state bytes ("surface_states", "sampler_states";
  // scene_states.hpp), by index, beside the scene's JSON ones.
  std::map<uint32_t, scene::SceneSurface> surfaces;
  std::map<uint32_t, scene::SceneSampler> samplers;
  std::optional<KernelLaunch> launch;  // "launch"

  std::unique_ptr<scene::IsaState> clone() const override {
    return std::make_unique<SceneState>(*this);
  }
};

// The reader the scene loader calls for vISA's keys.
const scene::SceneSection& scene_section();

// The vISA state of a scene (empty when it has none), and for editing (scenes built in code).
const SceneState& scene_state(const scene::Scene& s);
SceneState& edit_scene_state(scene::Scene& s);

}  // namespace texsim::isa::visa
