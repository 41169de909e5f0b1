// Test helper: random 2D / 2D-array surfaces (bytes kept clear of most NaN/Inf patterns) and the
// per-lane columns of a random batch, shared by the batch-path address tests (issue 27).
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "texunit/surface.hpp"

namespace texsim::hwstate::batch_testing {

// A w x h surface of `layers` (an array when > 1) with min(mips, the full chain) levels, every
// byte random in [0, 0x3f]: exponent bits stay away from NaN/Inf, so few lanes need the scalar
// redo.
inline texunit::Surface random_surface(texunit::Format f, uint32_t w, uint32_t h, uint32_t layers,
                                       uint32_t mips, uint32_t seed) {
  texunit::SurfaceDesc d;
  d.type = layers > 1 ? texunit::SurfaceType::k2DArray : texunit::SurfaceType::k2D;
  d.format = f;
  d.width = w;
  d.height = h;
  d.layers = layers;
  d.mips = std::min(mips, texunit::full_mip_count(w, h, 1));
  texunit::Surface s(d);
  std::mt19937 rng(seed);
  for (uint8_t& b : s.bytes()) b = static_cast<uint8_t>(rng() & 0x3f);
  return s;
}

// One batch's lane columns: sample (u, v, layer, lod, offsets) and fetch (x, y, slice, level).
struct Lanes {
  std::vector<float> u, v, layer, lod;
  std::vector<int32_t> ox, oy;
  std::vector<uint8_t> active;
  std::vector<uint32_t> x, y, slice, level;
};

}  // namespace texsim::hwstate::batch_testing
