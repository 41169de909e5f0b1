// A scene's JSON surfaces and samplers rewritten as the hardware's own state (issue 27 item 3):
// each ISA's scene section writes the descriptors (TIC/TSC, RENDER_SURFACE_STATE), this file
// places the surfaces' texels in one new "gpu_memory" range. Depends on scene and hwstate (layout).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/layout.hpp"
#include "scene/json_reader.hpp"
#include "scene/scene.hpp"
#include "texunit/sampler.hpp"

namespace texsim::scene {

class SceneSection;

struct ToHardwareOptions {
  // The layout of every surface without a "placement"; unset: the platform's default (NVIDIA
  // block-linear, Intel TileY). A surface's own "placement" keeps its layout parameters.
  std::optional<hwstate::Tiling> tiling;
  // NVIDIA block-linear GOBs per block in y, log2; unset: as Mesa nil chooses (level 0's height
  // in GOBs rounded up to a power of two, at most 32 GOBs).
  std::optional<uint8_t> block_height_log2;
  // NVIDIA texture header family of the written pool (SET_TEXTURE_HEADER_VERSION: 1 "Texture
  // Header State", 2 "Texture Header V2"); unset: the pool's "header_version", else the
  // platform's default (decision TV1).
  std::optional<uint32_t> header_version;
  // Where the new memory range starts; 0: the first 64 KiB boundary at or above 4 GiB that lies
  // above every "gpu_memory" range the scene already has.
  uint64_t base_address = 0;
};

// The one new "gpu_memory" range: surfaces appended at their layout's alignment.
class GpuMemoryBuilder {
 public:
  explicit GpuMemoryBuilder(uint64_t base) : base_(base) {}
  // Sets placed.base_address to the next multiple of `align` (a power of two) and writes the
  // surface's linear bytes there through its layout.
  void place(hwstate::PlacedSurface& placed, std::span<const uint8_t> linear, uint64_t align);
  uint64_t base() const { return base_; }
  const std::vector<uint8_t>& bytes() const { return bytes_; }

 private:
  uint64_t base_;
  std::vector<uint8_t> bytes_;
};

// Rewrites `root` (the JSON `scene` was loaded from) in place through the section of the scene's
// ISA and returns the new memory range (empty bytes when no surface was placed); the caller adds
// it to "gpu_memory". Every surface, header and sampler the section cannot express is reported
// (SCENE-HARDWARE, hwstate's rules) at the scene file; nullopt when anything was, `root` then
// partly rewritten.
std::optional<GpuMemoryRange> scene_to_hardware(Json& root, const Scene& scene,
                                                const SceneSection& section,
                                                const ToHardwareOptions& options,
                                                core::DiagSink& sink);

// Compares a sampler with what its encoded descriptor decodes to: every field the bytes could not
// hold is an error naming `what`, the field and both values (SCENE-HARDWARE), except a max_lod at
// or above 15 held as less (a warning: no level lies above 15, so only LOD queries can see it)
// and a border colour that no address mode uses. False when there was an error.
bool check_sampler_round_trip(const std::string& what, const texunit::SamplerState& want,
                              const texunit::SamplerState& got, core::DiagSink& sink);

// Reports hwstate's diagnostics about one entry into `sink`, each message prefixed with `what`
// ("surface 3: ..."), their rule ids kept.
void forward_prefixed(const core::DiagSink& from, const std::string& what, core::DiagSink& sink);

// The element alignment of a layout's base address (hwstate's LAYOUT-BASE-ALIGN rules).
uint64_t base_alignment(hwstate::Tiling t);

// `desc` placed in `tiling` with the options' parameters: the block height as nil picks it, the
// other parameters the scene "placement" key's defaults (HALIGN/VALIGN 4, computed pitches).
hwstate::TilingParams default_tiling(const texunit::SurfaceDesc& desc, hwstate::Tiling tiling,
                                     const ToHardwareOptions& options);

// The surface's placement for the rewrite: its own "placement" parameters, or the default.
hwstate::PlacedSurface placement_for(const SceneSurface& s, hwstate::Tiling fallback,
                                     const ToHardwareOptions& options);

}  // namespace texsim::scene
