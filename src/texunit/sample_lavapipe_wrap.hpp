// lavapipe texture-coordinate wrapping (gallivm lp_build_sample_wrap_nearest / _linear, float
// SoA path, gather variants included); defined in sample_lavapipe_wrap.cpp. Mesa 22.3.6.
#pragma once

#include <cstdint>

#include "texunit/sampler.hpp"

namespace texsim::texunit::lavapipe_detail {

// The two integer taps of a linear footprint on one axis and the weight of the second.
struct LinearTaps {
  int32_t x0 = 0, x1 = 0;
  float w = 0.0f;
};

// `pot`: the texture's level-0 size on this axis is a power of two (lavapipe's static state
// pot_width/height/depth, which then selects the repeat code path for every level).
int32_t wrap_nearest(float coord, uint32_t length, int32_t offset, AddressMode mode, bool pot);
LinearTaps wrap_linear(float coord, uint32_t length, int32_t offset, AddressMode mode, bool gather,
                       bool pot);

}  // namespace texsim::texunit::lavapipe_detail
