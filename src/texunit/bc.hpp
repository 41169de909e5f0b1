// BC1-BC5 block decoding (DXGI block compression, D3D11.3 ch. 19): one 4x4 block -> exact float
// texels. Internal helper of format.cpp; depends on core only, never on surface or fetch.
#pragma once

#include <array>
#include <cstdint>

namespace texsim::texunit::bc {

// Which block layout and which numeric interpretation to decode with.
enum class BcKind : uint8_t {
  kBC1,       // 8 bytes: colour block, 4- or 3-colour+transparent mode
  kBC2,       // 16 bytes: explicit 4-bit alpha, then a colour block (always 4-colour)
  kBC3,       // 16 bytes: BC4-style alpha block, then a colour block (always 4-colour)
  kBC4Unorm,  // 8 bytes: one 8-bit UNORM channel
  kBC4Snorm,  // 8 bytes: one 8-bit SNORM channel
  kBC5Unorm,  // 16 bytes: two BC4 UNORM blocks (R then G)
  kBC5Snorm,  // 16 bytes: two BC4 SNORM blocks
};

// Bytes in one block of `kind` (8 or 16).
unsigned block_bytes(BcKind kind);

// 5- and 6-bit endpoint components widened to 8 bits by bit replication, before interpolation
// (texsim decision, see bc.cpp).
constexpr uint32_t expand5(uint32_t c) {
  return (c << 3) | (c >> 2);
}
constexpr uint32_t expand6(uint32_t c) {
  return (c << 2) | (c >> 4);
}

// An interpolated palette entry as the exact rational num / den (den > 0). Kept exact so the
// decoder rounds once: UNORM entries are num / den with den a multiple of 255, SNORM entries
// with den a multiple of 127.
struct Rational {
  int32_t num = 0;
  int32_t den = 1;
};

// Palette entry `index` (0..3) of one colour channel: e0/e1 are the 8-bit expanded endpoint
// components; `three_colour` selects the c0 <= c1 mode (index 3 then is 0).
Rational bc1_channel_entry(uint32_t e0, uint32_t e1, unsigned index, bool three_colour);
// Palette entry `index` (0..7) of a BC4 channel with raw endpoint bytes r0, r1.
Rational bc4_entry(uint8_t r0, uint8_t r1, unsigned index, bool snorm);

// num / den correctly rounded to binary32 (both are exact in binary32, so one IEEE division).
float rational_to_float(Rational r);

// Decodes texel (x, y) (each 0..3) of a block: R, G, B, A as float32 values (UNORM/SNORM
// values, or linear values for the sRGB colour channels when `srgb`). Missing components of
// BC4/BC5 get the D3D defaults (0, and A = 1.0f).
std::array<float, 4> decode_texel(BcKind kind, bool srgb, const uint8_t* block, unsigned x,
                                  unsigned y);

}  // namespace texsim::texunit::bc
