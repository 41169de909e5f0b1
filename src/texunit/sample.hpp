// The texture unit's scalar sampling entry: one lane's request (sample_request.hpp) against a
// surface view and sampler state, dispatched per precision profile; pixel-quad helpers.
#pragma once

#include <array>

#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

// Samples one lane: kD3D / kExact run sample_pipeline() (sample_pipeline.hpp), kLavapipe
// sample_lavapipe() (as a lane alone: no SIMD group or quad context), kNvidia sample_nvidia().
// This is the scalar reference every batch and message path reproduces bit for bit. Result
// kinds: float for filtered lookups, comparisons (the PCF value in all four channels) and LOD
// queries ((clamped, unclamped, 0, 0)); the format's kind for integer formats (point sampled,
// bits unconverted) and for gathers of integer formats.
SampleResult sample(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
                    const PrecisionProfile& precision = {});

// True for the ops whose LOD comes from a pixel quad's derivatives (kImplicit, kBias,
// kLodQuery): in a fragment-shader layout their lanes form quads 4q..4q+3 (TL, TR, BL, BR).
bool is_quad_op(SampleOp op);

// Implicit derivatives of a 2x2 quad, coarse (one pair per quad): lanes 0, 1, 2, 3 are the
// top-left, top-right, bottom-left and bottom-right pixels; ddx = TR - TL, ddy = BL - TL
// (float subtraction per component). A front end copies the pair into every lane's
// SampleRequest (D3D11.3 §7.18.11: LOD may be shared across a 2x2 stamp).
struct QuadDerivatives {
  std::array<float, 3> ddx{};
  std::array<float, 3> ddy{};
};
QuadDerivatives quad_derivatives(const std::array<std::array<float, 3>, 4>& quad_coords);

}  // namespace texsim::texunit
