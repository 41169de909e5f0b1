// The lavapipe profile's whole-message entry: a SIMD message's lanes (structure of arrays) with
// lavapipe's SIMD-group and pixel-quad semantics, on Highway kernels where they apply.
#pragma once

#include <cstddef>

#include "texunit/batch.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit::simd {

// How lavapipe would have run the message.
struct LavapipeMessageOptions {
  // lavapipe's SIMD group: lanes g*G .. g*G+G-1 of the message (8 with AVX2, the oracle's
  // machines). Per-group decisions (LavapipeLaneContext: min/mag linear path, cube corner
  // filtering, trilinear need_lerp) are taken over the group's active lanes. 0 counts as 1.
  unsigned group_lanes = 8;
  // A quad op (kImplicit, kBias, kLodQuery) runs as a fragment shader: lanes 4q .. 4q+3 are a
  // pixel quad (TL, TR, BL, BR), whose derivatives and LOD come from the quad, under DAZ/FTZ.
  // The count must then be a multiple of 4. Other ops always run as compute-shader lanes.
  bool fragment_quads = true;
  // Threads (oneTBB; whole groups per task), SIMD on/off (off: the scalar model for every
  // lane), lanes per task (rounded up to whole groups).
  BatchOptions batch;
};

// Contract of both entries:
// - Every active lane's four words are bit-identical to the scalar profile: sample_lavapipe
//   (view, sampler, request, context) with the context above (request: sample_request_at),
//   and fetch_texel_lavapipe for fetches (request from the FetchBatch lane; `mcs` as given).
// - Inactive lanes (active byte 0) are neither written nor part of any group decision.
// - flags (when not empty): sample lanes get kLaneNullTile when SampleResult::null_tile; fetch
//   lanes kLaneInBounds / kLaneNullTile / kLaneFastCleared from FetchResult.
// - BatchStats::ok is false, and nothing is written, when a span is shorter than `count` or a
//   fragment-quad message's count is not a multiple of 4. kind: the lanes' result kind.
// - simd_lanes / scalar_lanes count the active lanes each path computed. The SIMD kernels claim
//   R8G8B8A8_UNORM 2D single-sample surfaces (no MCS, null regions or fast clear): fetches in
//   bounds; compute-shader kLevel / kLevelZero with min filter == mag filter, repeat or clamp to
//   edge on u and v, no offsets, no comparison, no anisotropy, weighted average, normalized
//   coordinates (lavapipe's AoS path), finite inputs in int32 range. Everything else runs the
//   scalar model lane by lane with the group contexts.
BatchStats lavapipe_sample_message(const SurfaceView& view, const SamplerState& sampler,
                                   const SampleBatch& batch, const TexelLanes& out,
                                   const LavapipeMessageOptions& options = {});
BatchStats lavapipe_fetch_message(const SurfaceView& view, const FetchBatch& batch,
                                  const TexelLanes& out,
                                  const LavapipeMessageOptions& options = {});

}  // namespace texsim::texunit::simd
