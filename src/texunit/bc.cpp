// BC1-BC5 block decoding to exact float texels (see bc.hpp). Pure arithmetic over the block's
// bytes; depends on core/convert only (never on surface, fetch or the format table).
//
// Exactness rule (texsim decision, docs/decisions.md "BC palette arithmetic"):
// The D3D11.3 functional spec's block-compression formats (ch. 19) and the DXGI "Block
// Compression (Direct3D 10)" page (sections BC1-BC5) define the palette as float lerps of the
// UNORM (or SNORM) endpoint values, e.g. BC1 colour_2 = 2/3*colour_0 + 1/3*colour_1 and BC4
// red_2 = (6*red_0 + 1*red_1)/7.0f. texsim defines the decoded value as the *exact* real value
// of that rule, correctly rounded once to binary32:
//   BC1/BC2/BC3 colour: endpoints 565 -> 8 bits by bit replication (expand5/expand6), then
//     colour_2 = (2*e0 + e1) / (3*255), colour_3 = (e0 + 2*e1) / (3*255) (4-colour mode),
//     colour_2 = (e0 + e1) / (2*255), colour_3 = 0 with alpha 0 (3-colour mode, c0 <= c1).
//   BC3 alpha / BC4 / BC5 UNORM: (w0*r0 + w1*r1) / (7*255) or / (5*255), modes 0.0 / 1.0.
//   BC4 / BC5 SNORM: raw endpoints compared as signed bytes to pick the mode; -128 is treated
//     as -127 in the arithmetic (both mean -1.0, as for any SNORM8 code, D3D11.3 §3.2.3.3), then
//     (w0*s0 + w1*s1) / (7*127) or / (5*127); modes -1.0 / 1.0.
// The numerator and denominator are integers below 2^24, so a single IEEE binary32 division
// gives the correctly rounded quotient. Endpoint entries equal core::unorm_to_float /
// core::snorm_to_float of the endpoint code, so BCn agrees with the plain formats.
//
// sRGB (texsim decision): the endpoints of *_SRGB blocks are sRGB-encoded; the palette is
// interpolated in that encoded space (as above, on the 8-bit expanded values) and the sRGB ->
// linear transfer is applied afterwards, to R, G, B only (alpha stays UNORM). This is the order
// of the D3D reference decoder (D3DX/DirectXTex decode then convert) and of Mesa's s3tc fetch.
// When the exact palette value is an 8-bit code k/255 the result is core::srgb8_to_linear(k)
// (identical to R8G8B8A8_UNORM_SRGB); otherwise it is core::srgb_to_linear of the correctly
// rounded binary32 palette value. The value is NOT re-quantised to 8 bits before the transfer.
//
// BC2/BC3 colour blocks always decode in 4-colour mode, whatever the endpoint order: they carry
// their own alpha, and the D3D reference decoder (D3DX / DirectXTex DecodeBC1 with isbc1 = false)
// never selects the 3-colour mode for them (texsim decision; some old GPUs differ).
#include "texunit/bc.hpp"

#include <cassert>
#include <cstddef>

#include "core/convert.hpp"

namespace texsim::texunit::bc {
namespace {

uint64_t load_le(const uint8_t* p, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i) v |= uint64_t{p[i]} << (8 * i);
  return v;
}

// The linear texel number inside a block: rows of four, x fastest (texels a-p of the DXGI page).
unsigned texel_number(unsigned x, unsigned y) {
  assert(x < 4 && y < 4);
  return (y & 3u) * 4u + (x & 3u);
}

struct ColourBlock {
  uint32_t c0 = 0;  // raw 565 endpoints
  uint32_t c1 = 0;
  uint32_t indices = 0;
};

ColourBlock read_colour_block(const uint8_t* p) {
  ColourBlock b;
  b.c0 = static_cast<uint32_t>(load_le(p, 2));
  b.c1 = static_cast<uint32_t>(load_le(p + 2, 2));
  b.indices = static_cast<uint32_t>(load_le(p + 4, 4));
  return b;
}

// Endpoint components expanded to 8 bits: R (bits 15:11), G (10:5), B (4:0).
std::array<uint32_t, 3> expand565(uint32_t c) {
  return {expand5((c >> 11) & 0x1fu), expand6((c >> 5) & 0x3fu), expand5(c & 0x1fu)};
}

// A UNORM palette entry with den a multiple of 255, through the sRGB transfer (see the file
// comment for the exact rule).
float srgb_entry_to_linear(Rational r) {
  const int64_t scaled = int64_t{r.num} * 255;
  if (scaled % r.den == 0) {
    return core::srgb8_to_linear(static_cast<uint8_t>(scaled / r.den));
  }
  return core::srgb_to_linear(rational_to_float(r));
}

// Decodes the colour block `p` for texel `t`: R, G, B, A. `allow_three_colour` is true for BC1.
std::array<float, 4> decode_colour(const uint8_t* p, unsigned t, bool allow_three_colour,
                                   bool srgb) {
  const ColourBlock b = read_colour_block(p);
  const bool three_colour = allow_three_colour && b.c0 <= b.c1;
  const unsigned index = (b.indices >> (2 * t)) & 3u;
  const std::array<uint32_t, 3> e0 = expand565(b.c0);
  const std::array<uint32_t, 3> e1 = expand565(b.c1);
  std::array<float, 4> out{};
  for (size_t c = 0; c < 3; ++c) {
    const Rational r = bc1_channel_entry(e0[c], e1[c], index, three_colour);
    out[c] = srgb ? srgb_entry_to_linear(r) : rational_to_float(r);
  }
  // DXGI BC1: in 3-colour mode colour_3 is 0, transparent black (alpha 0 too).
  out[3] = (three_colour && index == 3) ? 0.0f : 1.0f;
  return out;
}

// Decodes BC4 channel block `p` for texel `t`.
float decode_bc4_block(const uint8_t* p, unsigned t, bool snorm) {
  const uint64_t indices = load_le(p + 2, 6);
  const auto index = static_cast<unsigned>((indices >> (3 * t)) & 7u);
  return rational_to_float(bc4_entry(p[0], p[1], index, snorm));
}

// BC2 explicit alpha: 16 4-bit values, texel t in bits 4t+3..4t of the first 8 bytes.
float decode_bc2_alpha(const uint8_t* p, unsigned t) {
  const uint64_t bits = load_le(p, 8);
  const auto a = static_cast<int32_t>((bits >> (4 * t)) & 0xfu);
  return rational_to_float(Rational{a, 15});
}

}  // namespace

unsigned block_bytes(BcKind kind) {
  switch (kind) {
    case BcKind::kBC1:
    case BcKind::kBC4Unorm:
    case BcKind::kBC4Snorm:
      return 8;
    case BcKind::kBC2:
    case BcKind::kBC3:
    case BcKind::kBC5Unorm:
    case BcKind::kBC5Snorm:
      return 16;
  }
  return 16;
}

Rational bc1_channel_entry(uint32_t e0, uint32_t e1, unsigned index, bool three_colour) {
  const auto a = static_cast<int32_t>(e0);
  const auto b = static_cast<int32_t>(e1);
  switch (index & 3u) {
    case 0:
      return {a, 255};
    case 1:
      return {b, 255};
    case 2:
      return three_colour ? Rational{a + b, 2 * 255} : Rational{2 * a + b, 3 * 255};
    default:
      return three_colour ? Rational{0, 1} : Rational{a + 2 * b, 3 * 255};
  }
}

Rational bc4_entry(uint8_t r0, uint8_t r1, unsigned index, bool snorm) {
  index &= 7u;
  int32_t a = 0;
  int32_t b = 0;
  int32_t scale = 0;
  bool six_interpolated = false;
  if (snorm) {
    // BC4/BC5 SNORM endpoints are two's-complement bytes: sign-extend them.
    const auto s0 = static_cast<int32_t>(r0 >= 128 ? int{r0} - 256 : int{r0});
    const auto s1 = static_cast<int32_t>(r1 >= 128 ? int{r1} - 256 : int{r1});
    six_interpolated = s0 > s1;  // the mode compares the raw signed codes
    a = s0 == -128 ? -127 : s0;
    b = s1 == -128 ? -127 : s1;
    scale = 127;
  } else {
    six_interpolated = r0 > r1;
    a = r0;
    b = r1;
    scale = 255;
  }
  if (index == 0) return {a, scale};
  if (index == 1) return {b, scale};
  const auto i = static_cast<int32_t>(index) - 1;  // 1..6: weight of the second endpoint
  if (six_interpolated) return {(7 - i) * a + i * b, 7 * scale};
  if (index == 6) return {snorm ? -1 : 0, 1};
  if (index == 7) return {1, 1};
  return {(5 - i) * a + i * b, 5 * scale};
}

float rational_to_float(Rational r) {
  assert(r.den > 0);
  // |num| <= 7*255 and den <= 5*255*... are far below 2^24: both conversions are exact and the
  // division is correctly rounded (IEEE 754 binary32, round to nearest even).
  return static_cast<float>(r.num) / static_cast<float>(r.den);
}

std::array<float, 4> decode_texel(BcKind kind, bool srgb, const uint8_t* block, unsigned x,
                                  unsigned y) {
  const unsigned t = texel_number(x, y);
  switch (kind) {
    case BcKind::kBC1:
      return decode_colour(block, t, /*allow_three_colour=*/true, srgb);
    case BcKind::kBC2: {
      std::array<float, 4> out = decode_colour(block + 8, t, false, srgb);
      out[3] = decode_bc2_alpha(block, t);
      return out;
    }
    case BcKind::kBC3: {
      std::array<float, 4> out = decode_colour(block + 8, t, false, srgb);
      out[3] = decode_bc4_block(block, t, /*snorm=*/false);
      return out;
    }
    case BcKind::kBC4Unorm:
    case BcKind::kBC4Snorm:
      return {decode_bc4_block(block, t, kind == BcKind::kBC4Snorm), 0.0f, 0.0f, 1.0f};
    case BcKind::kBC5Unorm:
    case BcKind::kBC5Snorm: {
      const bool snorm = kind == BcKind::kBC5Snorm;
      return {decode_bc4_block(block, t, snorm), decode_bc4_block(block + 8, t, snorm), 0.0f, 1.0f};
    }
  }
  return {0.0f, 0.0f, 0.0f, 1.0f};
}

}  // namespace texsim::texunit::bc
