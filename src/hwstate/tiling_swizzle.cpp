// Tile and GOB swizzles as deposit masks. Each mask is read off the public source named in
// tiling_swizzle.hpp; the masks' bit strings are written most significant bit first as there.
#include "hwstate/tiling_swizzle.hpp"

#include <bit>
#include <cassert>
#include <string_view>

namespace texsim::hwstate {
namespace {

// Builds a swizzle from a string of 'X', 'Y' and 'Z' (a z slice or, gmmlib's 'S', a sample), most
// significant offset bit first, as gmmlib's SWIZZLE descriptors and nil's bit-interleave comment
// write them.
constexpr TileSwizzle from_pattern(std::string_view bits) {
  TileSwizzle s;
  const auto n = static_cast<uint32_t>(bits.size());
  for (uint32_t i = 0; i < n; ++i) {
    const uint32_t bit = 1u << (n - 1 - i);
    if (bits[i] == 'X') {
      s.x_mask |= bit;
      ++s.width_log2;
    } else if (bits[i] == 'Y') {
      s.y_mask |= bit;
      ++s.height_log2;
    } else {
      s.z_mask |= bit;
      ++s.depth_log2;
    }
  }
  return s;
}

// isl.c acm_tile64_3d_* (REV16 lists, bit 15 first; R() is z) = gmmlib INTEL_TILE_64_3D_*.
TileSwizzle tile64_3d(uint32_t bytes_per_element) {
  switch (bytes_per_element) {
    case 1:
      return from_pattern("ZZZXYYZYZXYYXXXX");  // acm_tile64_3d_8bpp, INTEL_TILE_64_3D_8
    case 2:
      return from_pattern("ZZZYYXZYZXYYXXXX");  // acm_tile64_3d_16bpp, INTEL_TILE_64_3D_16
    case 4:
      return from_pattern("ZZYXYXZYZXYYXXXX");  // acm_tile64_3d_32bpp, INTEL_TILE_64_3D_32
    default:
      return from_pattern("ZZYXXXZYZXYYXXXX");  // acm_tile64_3d_128_64bpp, _3D_64 / _3D_128
  }
}

// isl.c acm_tile64_2d_*_2msaa (S(0) is bit 7) = gmmlib INTEL_TILE_64_MSAA2_*, and
// acm_tile64_2d_*_16_8_4msaa (S(1) S(0) bits 8, 7) = gmmlib INTEL_TILE_64_MSAA_*.
TileSwizzle tile64_msaa(uint32_t bytes_per_element, uint32_t samples) {
  const bool two = samples == 2;
  switch (bytes_per_element) {
    case 1:
      return from_pattern(two ? "YYYXYYXYZXYYXXXX" : "YYYXYYXZZXYYXXXX");
    case 2:
    case 4:
      return from_pattern(two ? "YYXXYYXYZXYYXXXX" : "YYXXYYXZZXYYXXXX");
    default:
      return from_pattern(two ? "YXXXYYXYZXYYXXXX" : "YXXXYYXZZXYYXXXX");
  }
}

}  // namespace

uint32_t deposit_bits(uint32_t value, uint32_t mask) {
  uint32_t out = 0;
  for (uint32_t m = mask; m != 0; m &= m - 1) {
    if (value & 1u) out |= m & (~m + 1);
    value >>= 1;
  }
  return out;
}

uint32_t TileSwizzle::offset(uint32_t x, uint32_t y, uint32_t z) const {
  assert(x < width_bytes() && y < height_rows() && z < depth());
  return deposit_bits(x, x_mask) | deposit_bits(y, y_mask) | deposit_bits(z, z_mask);
}

TileSwizzle gob_swizzle() {
  return from_pattern("XYYXYXXXX");
}

TileSwizzle tile_y_swizzle() {
  return from_pattern("XXXYYYYYXXXX");
}

TileSwizzle tile_x_swizzle() {
  return from_pattern("YYYXXXXXXXXX");
}

TileSwizzle tile4_swizzle() {
  return from_pattern("YYXYXXYYXXXX");
}

TileSwizzle tile64_swizzle(uint32_t bytes_per_element, bool three_d, uint32_t samples) {
  if (three_d) return tile64_3d(bytes_per_element);
  if (samples > 1) return tile64_msaa(bytes_per_element, samples);
  switch (bytes_per_element) {
    case 1:
      return from_pattern("YYYXYYXYXXYYXXXX");  // INTEL_TILE_64_8
    case 2:
    case 4:
      return from_pattern("YYXXYYXYXXYYXXXX");  // INTEL_TILE_64_16, _32
    default:
      // INTEL_TILE_64_64, _128. Other sizes cannot be tiled (LAYOUT-TILED-BPP); they take this
      // shape so that an invalid placement can still be planned and reported.
      return from_pattern("YXXXYYXYXXYYXXXX");
  }
}

}  // namespace texsim::hwstate
