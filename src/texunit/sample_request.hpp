// One texture-unit lane's sample request and result (op, coordinates, derivatives, LOD/bias,
// compare reference, offsets): the plain values every sampling profile and the batches share.
#pragma once

#include <array>
#include <cstdint>

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

}  // namespace texsim::texunit
