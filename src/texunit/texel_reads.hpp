// A log of the texels a lookup reads from memory: the hook a memory-system model uses to turn
// lookups into addresses (hwstate/access.hpp). Plain data; depends on nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace texsim::texunit {

// One texel (or, for compressed formats, the texel whose block is) read from surface memory.
// Coordinates are texels of `level`; `slice_or_z` is the array slice (cube: layer * 6 + face) or
// the z of a 3D level; `sample` is the sample plane read (after MCS), 0 for single-sample views.
// `lane` is the message lane whose lookup read it (0 for a lookup outside a message; kNoLane for
// a padding lane a message staged for lavapipe's groups added).
struct TexelRead {
  uint32_t level = 0;
  uint32_t slice_or_z = 0;
  uint32_t x = 0;
  uint32_t y = 0;
  uint32_t sample = 0;
  uint32_t lane = 0;

  static constexpr uint32_t kNoLane = UINT32_MAX;

  bool operator==(const TexelRead&) const = default;
};

using TexelReadLog = std::vector<TexelRead>;

// The log's size now (0 without a log): where a lane's reads will begin.
inline size_t read_log_size(const TexelReadLog* log) {
  return log == nullptr ? 0 : log->size();
}

// Tags the reads logged since `from` with `lane` (the message loops call it after each lane).
inline void tag_reads(TexelReadLog* log, size_t from, size_t lane) {
  if (log == nullptr) return;
  for (size_t k = from; k < log->size(); ++k) (*log)[k].lane = static_cast<uint32_t>(lane);
}

}  // namespace texsim::texunit
