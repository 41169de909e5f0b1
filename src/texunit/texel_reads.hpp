// A log of the texels a lookup reads from memory: the hook a memory-system model uses to turn
// lookups into addresses (hwstate/access.hpp). Plain data; depends on nothing.
#pragma once

#include <cstdint>
#include <vector>

namespace texsim::texunit {

// One texel (or, for compressed formats, the texel whose block is) read from surface memory.
// Coordinates are texels of `level`; `slice_or_z` is the array slice (cube: layer * 6 + face) or
// the z of a 3D level; `sample` is the sample plane read (after MCS), 0 for single-sample views.
struct TexelRead {
  uint32_t level = 0;
  uint32_t slice_or_z = 0;
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t sample = 0;

  bool operator==(const TexelRead&) const = default;
};

using TexelReadLog = std::vector<TexelRead>;

}  // namespace texsim::texunit
