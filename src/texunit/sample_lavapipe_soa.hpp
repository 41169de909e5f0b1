// lavapipe's SoA float path for one non-cube level (lp_build_sample_image_nearest / _linear):
// point, bilinear, comparison and gather; defined in sample_lavapipe_soa.cpp. Mesa 22.3.6.
#pragma once

#include <cstdint>

#include "texunit/sample_lavapipe_internal.hpp"
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"

namespace texsim::texunit::lavapipe_detail {

// One level at the request's coordinates; `nearest_via_linear`: a nearest lane on the group's
// combined linear path (0/1 weights), `slice` the array slice.
Texel sample_level_soa(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                       uint32_t level, bool linear, bool nearest_via_linear, int32_t slice);

}  // namespace texsim::texunit::lavapipe_detail
