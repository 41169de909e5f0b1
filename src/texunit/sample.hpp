// The texture unit's sampling entry point: one lane's request (op, coordinates, derivatives,
// LOD/bias, compare reference, offsets) against a surface view and sampler state.
#pragma once

#include <array>
#include <cstdint>

#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// How the LOD of a lane is obtained, and what the lane returns.
enum class SampleOp : uint8_t {
  kImplicit,   // LOD from derivatives (sample; the front end supplies quad derivatives)
  kBias,       // derivatives + instruction bias (sample_b)
  kLevel,      // explicit LOD (sample_l)
  kGrad,       // explicit derivatives, per lane (sample_d)
  kLevelZero,  // LOD 0 (sample_lz, sample_c_lz)
  kGather,     // gather4 of `gather_component`; LOD 0 (level = base)
  kLodQuery,   // returns (clamped LOD, unclamped LOD, 0, 0) as floats
};

struct SampleRequest {
  SampleOp op = SampleOp::kLevel;
  // Normalized coordinates u, v, w (or texel coordinates when the sampler is unnormalized).
  // Cubes: a direction vector (x, y, z). Components beyond the surface's needs are ignored.
  std::array<float, 3> coord{};
  float array_index = 0.0f;         // array surfaces: round-to-nearest-even then clamp
  std::array<float, 3> ddx{};       // d(coord)/dx, d(coord)/dy: kImplicit, kBias, kGrad,
  std::array<float, 3> ddy{};       // kLodQuery (normalized units)
  float lod = 0.0f;                 // kLevel: the LOD; kBias: the instruction bias
  float reference = 0.0f;           // compare samplers: the depth reference
  std::array<int32_t, 3> offset{};  // texel-space offsets (aoffimmi), applied per level
  uint8_t gather_component = 0;     // kGather: 0..3 = R, G, B, A
};

struct SampleResult {
  Texel texel;
  bool null_tile = false;  // some tap with non-zero weight read an unmapped region
};

// Samples one lane. kD3D / kExact run the pipeline of this library (sample_pipeline below);
// kLavapipe dispatches to sample_lavapipe(), kNvidia to sample_nvidia() (sample_nvidia.hpp; the
// dispatch is in message.cpp). Result
// kinds: float for filtered lookups, comparisons (the PCF value in all four channels) and LOD
// queries
// ((clamped, unclamped, 0, 0)); the format's kind for integer formats (point sampled, bits
// unconverted) and for gathers of integer formats.
SampleResult sample(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
                    const PrecisionProfile& precision = {});
// The D3D11.3 / exact pipeline (sample.cpp and the stages it calls) for kD3D and kExact.
SampleResult sample_pipeline(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req, const PrecisionProfile& precision);

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
