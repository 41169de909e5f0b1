// The D3D11.3 / exact sampling pipeline of one lane (the kD3D and kExact profiles, and the
// kNvidia profile's base): array slice, cube projection, range reduction, LOD, filter, combine.
#pragma once

#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

// One lane through this library's pipeline (sample_pipeline.cpp and the stages it calls:
// address, lod, filter, cube; texel memory only through fetch). `precision` sets the
// fixed-point widths (subtexel and LOD fraction bits). Result kinds as sample() documents.
SampleResult sample_pipeline(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req, const PrecisionProfile& precision);

}  // namespace texsim::texunit
