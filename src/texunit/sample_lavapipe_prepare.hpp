// A lane as lavapipe's filtering sees it (lp_build_sample_common): cube directions projected to
// face coordinates, array layers resolved; defined in sample_lavapipe_prepare.cpp.
#pragma once

#include <cstdint>

#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit::lavapipe_detail {

// Cubes become face coordinates (s, t) with projected derivatives on slice face + 6 * layer,
// with clamp-to-edge addressing (seamless filtering ignores the wrap modes).
struct Prepared {
  SampleRequest req;
  SamplerState smp;
  bool cube = false;
  int32_t face = 0;
  int32_t slice_base = 0;  // arrays: the layer (cube arrays: 6 * layer)
};

Prepared prepare(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req);

}  // namespace texsim::texunit::lavapipe_detail
