// lavapipe level of detail (gallivm lp_build_rho, lp_build_lod_selector, the mip level/fraction
// split), textureQueryLod and the derived mip state; defined in sample_lavapipe_lod.cpp.
#pragma once

#include <cstdint>

#include "texunit/sample_lavapipe_internal.hpp"
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit::lavapipe_detail {

// A lane's LOD after bias and clamps, whether it is positive (minified), the two levels read
// and the blend fraction.
struct LodInfo {
  float lod = 0.0f;
  bool positive = false;
  int32_t level0 = 0, level1 = 0;
  float fpart = 0.0f;
};

float fast_log2(float x);
// `quad_derivs`: the derivatives are a fragment quad's own differences (lp_build_rho without
// derivs), not explicit or projected ones.
float rho_squared(const Surf& s, const SampleRequest& req, bool quad_derivs);
LodInfo select_lod(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                   bool quad_derivs);
Texel lod_query(const Surf& s, const SamplerState& smp, const SampleRequest& req, bool quad_derivs);
// textureQueryLod's clamps from the LOD after the biases.
Texel lod_query_from(const Surf& s, const SamplerState& smp, float lod);
// lp_build_sample_soa_code's derived sampler state: the mip filter a lookup runs with.
MipFilter lavapipe_mip_filter(const SurfaceView& view, const SamplerState& smp, SampleOp op);
// lp_build_sample_common: whether lp_build_cube_lookup projects derivatives (need_derivs).
bool cube_needs_derivs(const SurfaceView& view, const SamplerState& smp, SampleOp op);

}  // namespace texsim::texunit::lavapipe_detail
