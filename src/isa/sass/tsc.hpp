// The texture sampler (TSC) and header (TIC) state as the SASS texture unit sees it: a sampler
// pool entry narrowed to the TSC's field widths, and a surface view cut to the header's levels.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "isa/sass/scene_section.hpp"
#include "scene/scene.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::isa::sass {

// TSC fixed-point LOD fields (nvidia_tlds.md 4.3, clb197tex.h TEXSAMP1/2): MIP_LOD_BIAS is signed
// 5.8 in 13 bits, MIN/MAX_LOD_CLAMP unsigned 4.8 in 12 bits. A value is clamped to the field's
// range and truncated toward zero to a multiple of 1/256 (decisions T41).
inline constexpr float kTscLodMax = 4095.0f / 256.0f;  // 15.99609375
float tsc_lod_bias(float bias);
float tsc_lod_clamp(float lod);
// TEXSAMP0 MAX_ANISOTROPY (3 bits) holds 1, 2, 4, 6, 8, 10, 12 or 16: a ratio (fractions too)
// rounds down.
float tsc_max_anisotropy(float ratio);

// The sampler state a pool entry programs: the entry's state with the TSC field widths applied.
texunit::SamplerState tsc_sampler_state(const scene::SceneSampler& entry);

// A view of levels [first, first + count) of `view` as levels 0.. (the header's
// RES_VIEW_MIN/MAX_MIP_LEVEL, nvidia_tlds.md 4.4): extents of level `first`, the layout's level
// entries from `first` on, null regions renumbered into `regions` (which must outlive the view).
// nullopt when `first` is not a level of the surface; `count` is cut to the levels present.
std::optional<texunit::SurfaceView> level_range_view(const texunit::SurfaceView& view,
                                                     uint32_t first, uint32_t count,
                                                     std::vector<texunit::NullRegion>& regions);

}  // namespace texsim::isa::sass
