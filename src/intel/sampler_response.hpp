// The Intel sampler message's response: each lane's four return words, the register layout
// (one GRF block per enabled channel, then the pixel null mask), and the write-back into a
// register file's bytes with per-byte definedness. Depends on sampler_lower.hpp (texunit) only.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "intel/sampler_lower.hpp"

namespace texsim::intel {

// visa-3d_sample.md, Notes: each enabled channel starts a new GRF and takes
// ceil(lanes x elem / GRF) GRFs; the pixel null mask adds one GRF.
unsigned grfs_per_channel(unsigned lanes, unsigned elem_bytes, unsigned grf);
uint32_t response_bytes(uint32_t channels, unsigned lanes, unsigned elem_bytes, unsigned grf,
                        bool pixel_null_mask);

// One lane's outcome: four words (already in the return element size) and which are undefined.
struct LaneResult {
  std::array<uint32_t, 4> word{};
  uint32_t undefined = 0;  // bit c: channel c undefined
  bool null_tile = false;
};
using LaneResults = std::array<LaneResult, kMaxLanes>;

// Where and how the response lands: `lanes` lanes of `elem_bytes` (4, or 2 for 16-bit
// returns) in a register file of `grf`-byte registers.
struct ResponseLayout {
  unsigned lanes = 8;
  uint32_t enabled = 0;   // lanes written (others keep their bytes)
  uint32_t channels = 0;  // RGBA mask: one GRF block each, in that order
  unsigned elem_bytes = 4;
  unsigned grf = 32;
  bool pixel_null_mask = false;
};

// A register-file window: byte values and a definedness flag (0/1) per byte, the same size.
struct RegisterBytes {
  std::span<uint8_t> value;
  std::span<uint8_t> defined;
};

// The pixel null mask: bit i set unless enabled lane i read a null tile.
uint32_t pixel_null_mask(const ResponseLayout& layout, const LaneResults& res);

// Writes the response from dst[0]: each enabled channel in RGBA order from the next GRF,
// disabled lanes untouched, register tails undefined (value `fill`); then the pixel null mask
// GRF. `dst` holds at least response_bytes(...) bytes.
void write_response(const ResponseLayout& layout, const LaneResults& res, RegisterBytes dst,
                    uint8_t fill);

}  // namespace texsim::intel
