// The Intel sampler message's response layout and write-back (sampler_response.hpp;
// visa-3d_sample.md, Notes; decision V27 for the pixel null mask's bytes).
#include "intel/sampler_response.hpp"

#include <bit>

namespace texsim::intel {
namespace {

void put(RegisterBytes dst, uint32_t at, uint8_t value, bool defined) {
  dst.value[at] = value;
  dst.defined[at] = defined ? 1 : 0;
}

}  // namespace

unsigned grfs_per_channel(unsigned lanes, unsigned elem_bytes, unsigned grf) {
  return (lanes * elem_bytes + grf - 1) / grf;
}

uint32_t response_bytes(uint32_t channels, unsigned lanes, unsigned elem_bytes, unsigned grf,
                        bool pixel_null_mask) {
  const auto n = static_cast<unsigned>(std::popcount(channels & 0xfu));
  return (n * grfs_per_channel(lanes, elem_bytes, grf) + (pixel_null_mask ? 1u : 0u)) * grf;
}

uint32_t pixel_null_mask(const ResponseLayout& layout, const LaneResults& res) {
  uint32_t mask = 0;
  for (unsigned i = 0; i < layout.lanes; ++i) {
    const bool enabled = ((layout.enabled >> i) & 1) != 0;
    if (!enabled || !res[i].null_tile) mask |= 1u << i;
  }
  return mask;
}

void write_response(const ResponseLayout& layout, const LaneResults& res, RegisterBytes dst,
                    uint8_t fill) {
  const unsigned es = layout.elem_bytes;
  const unsigned per = grfs_per_channel(layout.lanes, es, layout.grf) * layout.grf;
  uint32_t block = 0;
  for (unsigned c = 0; c < 4; ++c) {
    if (((layout.channels >> c) & 1) == 0) continue;
    for (unsigned i = 0; i < layout.lanes; ++i) {
      if (((layout.enabled >> i) & 1) == 0) continue;
      const bool undef = ((res[i].undefined >> c) & 1) != 0;
      for (unsigned b = 0; b < es; ++b) {
        put(dst, block + i * es + b, undef ? fill : static_cast<uint8_t>(res[i].word[c] >> (8 * b)),
            !undef);
      }
    }
    for (unsigned b = layout.lanes * es; b < per; ++b) put(dst, block + b, fill, false);
    block += per;
  }
  if (!layout.pixel_null_mask) return;
  const uint32_t mask = pixel_null_mask(layout, res);
  // Only the mask's exec-size bits are defined (IGC's lowering reads "the first word"; no
  // source defines the bits above): exec sizes 8/16/32 end on a byte (decision V27).
  for (unsigned b = 0; b < layout.lanes / 8; ++b)
    put(dst, block + b, static_cast<uint8_t>(mask >> (8 * b)), true);
  for (unsigned b = layout.lanes / 8; b < layout.grf; ++b) put(dst, block + b, fill, false);
}

}  // namespace texsim::intel
