// The `nvidia` precision profile (decisions P13-P19): the CUDA Programming Guide's texture
// fetching appendix and public measurements on NVIDIA GPUs, on top of the fixed-point pipeline.
#pragma once

#include "texunit/format.hpp"
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

// One lane under PrecisionProfile::nvidia(). The pipeline is sample_pipeline's, which with
// 8 subtexel bits already is the appendix's linear filter (P13, P14): xB = x * N - 0.5 in
// float, the position rounded to nearest even on a 1/256 grid, i = floor, alpha = the 8
// fraction bits (so alpha and 1 - alpha are exact 9-bit fixed-point values), weights
// multiplied x, then y, then z, and tex = sum of weight * texel in the appendix's tap order
// (x fastest). On top of it (P15): a filtered value of a 16-bit UNORM / SNORM channel is
// rounded (to nearest even) to the channel's code. Every choice is listed in decisions.md with
// what settles it; none is measured on an H100 yet (no GPU lent).
// `precision` is PrecisionProfile::nvidia() unless a caller varies its bits (kind kNvidia).
SampleResult sample_nvidia(const SurfaceView& view, const SamplerState& sampler,
                           const SampleRequest& req,
                           const PrecisionProfile& precision = PrecisionProfile::nvidia());

// True when P15 can change a lookup's result on `format`: some channel is a 16-bit UNORM or
// SNORM. Batch fast paths that claim the nvidia profile must only claim formats where it is
// false (their arithmetic is then the d3d profile's, bit for bit).
bool nvidia_rounds_filtered_result(Format format);

// The appendix's table lookup (CUDA Programming Guide, "Table Lookup"): the unnormalized texture
// coordinate that maps x in [0, R] onto the N texels of a table so that x = 0 reads T[0] and
// x = R reads T[N-1] exactly: (N - 1) / R * x + 0.5, in float, in that order.
float nvidia_table_lookup_coord(float x, unsigned n, float r);

}  // namespace texsim::texunit
