// Mesa 22.3 lavapipe's sampling arithmetic (gallivm AoS 8-bit and SoA float paths), bit-exact for
// the differential oracle: the profile's one-lane entry over the per-job sample_lavapipe_<job>.*.
#pragma once

#include <array>

#include "texunit/sample_lavapipe_context.hpp"
#include "texunit/sample_lavapipe_decode.hpp"  // lavapipe_decode, fetch_texel_lavapipe
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

// Samples like lavapipe (Mesa 22.3.6, LLVM 15, x86-64 with AVX2, GALLIVM_PERF unset) for
// compute-shader lookups: explicit LOD (kLevel, kLevelZero), explicit gradients (kGrad, per
// lane), gather (kGather) and comparison samplers; with a LavapipeLaneContext also fragment-shader
// lookups: kImplicit, kBias (req.lod is the shader's bias, added before the sampler's) and
// kLodQuery (textureQueryLod: x the clamped LOD, y the unclamped one). sample() (sample.hpp)
// dispatches here for PrecisionKind::kLavapipe. The group and quad context of a lane:
// LavapipeLaneContext (sample_lavapipe_context.hpp); without one the lane is alone.
SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req);
SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req, const LavapipeLaneContext& ctx);
// Whether this lane alone needs linear filtering (its input to the group decisions).
bool lavapipe_lane_needs_linear(const SurfaceView& view, const SamplerState& sampler,
                                const SampleRequest& req);
// A lane's inputs to the group decisions: needs linear filtering; (cubes) a missing
// corner tap in its bilinear footprint at its first / second level. `ctx.quad` is used.
struct LavapipeLaneFacts {
  bool needs_linear = false;
  bool mip_lerp = false;  // linear mip filter, float result, LOD fraction > 0
  bool minified = false;  // LOD > 0 (unordered: NaN counts), for group_minified
  std::array<bool, 2> cube_corner{};
};
LavapipeLaneFacts lavapipe_lane_facts(const SurfaceView& view, const SamplerState& sampler,
                                      const SampleRequest& req, const LavapipeLaneContext& ctx);

// Whether lavapipe takes its 8-bit fixed-point ("AoS") linear path for this state: a format
// whose channels all fit 8-bit UNORM (not sRGB), no comparison, wrap/clamp-to-edge on every
// used axis, no seamless cube linear filtering, and min == mag filter for per-lane LOD (compute
// shaders). A fragment-shader kImplicit lookup (LOD per quad) takes it with min != mag too, the
// quad's LOD choosing the min filter (with the mip filter) or the mag filter (level 0).
bool lavapipe_uses_aos(const SurfaceView& view, const SamplerState& sampler,
                       const SampleRequest& req);

}  // namespace texsim::texunit
