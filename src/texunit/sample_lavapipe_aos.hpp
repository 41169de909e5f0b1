// lavapipe's AoS 8-bit fixed-point path (lp_bld_sample_aos.c): the use_aos decision and one
// level's point / bilinear sampling in 8.8 weights; defined in sample_lavapipe_aos.cpp.
#pragma once

#include <array>
#include <cstdint>

#include "texunit/sample_lavapipe_internal.hpp"
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit::lavapipe_detail {

// Four 8-bit channels as the AoS path holds them.
struct Rgba8 {
  std::array<int32_t, 4> c{};
};

int32_t lerp8(int32_t w, int32_t a, int32_t b);
Rgba8 lerp8(int32_t w, const Rgba8& a, const Rgba8& b);
Rgba8 reduce8(Reduction mode, int32_t w, const Rgba8& a, const Rgba8& b);
Rgba8 sample_level_aos(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                       uint32_t level, bool linear, int32_t slice);
// `lod_per_quad`: a fragment-shader kImplicit lookup (min != mag filters allowed).
bool uses_aos(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
              bool lod_per_quad);

}  // namespace texsim::texunit::lavapipe_detail
