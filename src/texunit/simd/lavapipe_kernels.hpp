// Internal interface between the lavapipe message entry (simd/lavapipe_message.cpp) and its
// Highway kernels (simd/lavapipe_kernels.cpp): plain plans and lane pointers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "texunit/simd/kernels.hpp"

namespace texsim::texunit::simd {

// One R8G8B8A8_UNORM 2D single-sample surface whose texel addresses fit in int32: level table.
struct LpSurface {
  const uint8_t* bytes = nullptr;
  uint32_t size = 0;    // bytes in the view
  uint32_t levels = 0;  // usable levels (<= kMaxLevels)
  std::array<int32_t, kMaxLevels> level_offset{};
  std::array<int32_t, kMaxLevels> row_pitch{};
  std::array<int32_t, kMaxLevels> width{};
  std::array<int32_t, kMaxLevels> height{};
};

// lavapipe's AoS (8-bit fixed point) path for a compute-shader textureLod / texture(LOD 0):
// min filter == mag filter, repeat or clamp-to-edge on u and v, no offsets, no comparison.
// The LOD state is lp_build_lod_selector's for an explicit LOD (sample_lavapipe_lod.cpp).
struct LpSamplePlan {
  LpSurface surf;
  bool linear = true;
  MipFilter mip = MipFilter::kPoint;  // kNone: level 0 only
  std::array<bool, 2> wrap{};         // repeat (else clamp to edge), u and v
  std::array<bool, 2> pot{};          // level-0 extent a power of two, u and v
  bool min_max_equal = false;         // min_lod == max_lod: the LOD is min_lod
  bool bias_nz = false;
  float bias = 0.0f;
  bool apply_max = false, apply_min = false;
  float max_lod = 0.0f, min_lod = 0.0f;
  // |u|, |v| and |lod| below these keep every float->int32 conversion in range; other lanes
  // (NaN, infinities, huge values) go back to the scalar model through `redo`.
  float limit_u = 0.0f, limit_v = 0.0f;
};

struct LpSampleLanes {
  const float* u = nullptr;
  const float* v = nullptr;
  const float* lod = nullptr;  // null: LOD 0 (kLevelZero)
  const uint8_t* active = nullptr;
  std::array<uint32_t*, 4> out{};
  uint32_t* redo = nullptr;  // lane indices (absolute) the caller computes with the scalar model
};

// texelFetch on the same surfaces: in-bounds lanes decoded k * float(1/255); the others redo.
struct LpFetchLanes {
  const uint32_t* x = nullptr;
  const uint32_t* y = nullptr;
  const uint32_t* level = nullptr;
  const uint8_t* active = nullptr;
  std::array<uint32_t*, 4> out{};
  uint32_t* redo = nullptr;
};

// Lanes [begin, end) on the best SIMD target of this CPU (simd::force_target applies). Return
// how many indices were written to `redo` (capacity end - begin).
size_t lavapipe_sample_lanes(const LpSamplePlan& plan, const LpSampleLanes& lanes, size_t begin,
                             size_t end);
size_t lavapipe_fetch_lanes(const LpSurface& surf, const LpFetchLanes& lanes, size_t begin,
                            size_t end);

}  // namespace texsim::texunit::simd
