// lavapipe anisotropic filtering (gallivm lp_build_pmin's LOD, lp_build_sample_aniso's elliptical
// weighted average; decision P12); defined in sample_lavapipe_aniso.cpp. Mesa 22.3.6.
#pragma once

#include <array>
#include <cstdint>

#include "texunit/sample_lavapipe_context.hpp"
#include "texunit/sample_lavapipe_internal.hpp"
#include "texunit/sample_lavapipe_prepare.hpp"
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit::lavapipe_detail {

constexpr uint32_t kAnisoLutSize = 1024;  // WEIGHT_LUT_SIZE
constexpr int64_t kAnisoMaxProbes = 1
                                    << 22;  // larger ellipse bounding boxes are not filtered (P22)

float aniso_filter_weight(uint32_t index);
// Test hook: true makes sample_aniso scan the ellipse's box row by row as gallivm's loop does
// (the reference); false (the default) scans eight rows at once and sums the same texels in the
// same order (bit-identical; aniso_bench, decision P25). Per thread.
void set_aniso_reference_scan(bool reference);
float aniso_pmin2(const Surf& s, const std::array<std::array<float, 2>, 4>& quad_st,
                  float max_aniso);
Texel aniso_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& smp,
                      const SampleRequest& req, const LavapipeLaneContext& ctx);
Texel sample_aniso(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                   const SampleRequest& in_req, const Prepared& p, const LavapipeLaneContext& ctx);

}  // namespace texsim::texunit::lavapipe_detail
