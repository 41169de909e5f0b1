// Tests for texunit/bc (BC1-BC5 decoding): hand-built blocks with hand-computed texels for every
// mode, the sRGB order, the BC4 SNORM -128 rule, texel addressing, and palette invariants.
#include "texunit/bc.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <initializer_list>

#include "core/convert.hpp"
#include "texunit/format.hpp"

namespace texsim::texunit::bc {
namespace {

using Block = std::array<uint8_t, 16>;
using Rgba = std::array<uint32_t, 4>;

constexpr uint32_t kOne = 0x3f800000u;
constexpr uint32_t kThird = 0x3eaaaaabu;      // 1/3
constexpr uint32_t kTwoThirds = 0x3f2aaaabu;  // 2/3
constexpr uint32_t kHalf = 0x3f000000u;

// BC1 colour block at `at`: endpoints c0, c1 (565) and 2-bit indices, texel t in bits 2t+1..2t.
void put_colour(Block& b, size_t at, uint16_t c0, uint16_t c1, uint32_t indices) {
  b[at + 0] = static_cast<uint8_t>(c0);
  b[at + 1] = static_cast<uint8_t>(c0 >> 8);
  b[at + 2] = static_cast<uint8_t>(c1);
  b[at + 3] = static_cast<uint8_t>(c1 >> 8);
  for (unsigned i = 0; i < 4; ++i) b[at + 4 + i] = static_cast<uint8_t>(indices >> (8 * i));
}

// BC4 channel block at `at`: endpoint bytes and 3-bit indices listed for texels 0, 1, 2, ...
void put_bc4(Block& b, size_t at, uint8_t r0, uint8_t r1, std::initializer_list<unsigned> idx) {
  b[at + 0] = r0;
  b[at + 1] = r1;
  uint64_t bits = 0;
  unsigned t = 0;
  for (unsigned i : idx) bits |= uint64_t{i & 7u} << (3 * t++);
  for (unsigned i = 0; i < 6; ++i) b[at + 2 + i] = static_cast<uint8_t>(bits >> (8 * i));
}

// 2-bit indices for texels 0, 1, 2, ... packed into the BC1 index word.
uint32_t indices2(std::initializer_list<unsigned> idx) {
  uint32_t v = 0;
  unsigned t = 0;
  for (unsigned i : idx) v |= (i & 3u) << (2 * t++);
  return v;
}

Rgba texel(BcKind kind, const Block& b, unsigned x, unsigned y, bool srgb = false) {
  const std::array<float, 4> v = decode_texel(kind, srgb, b.data(), x, y);
  return {std::bit_cast<uint32_t>(v[0]), std::bit_cast<uint32_t>(v[1]),
          std::bit_cast<uint32_t>(v[2]), std::bit_cast<uint32_t>(v[3])};
}

uint32_t fbits(float f) {
  return std::bit_cast<uint32_t>(f);
}

// ---------------------------------------------------------------- endpoints

TEST(Bc, EndpointExpansionReplicatesBits) {
  EXPECT_EQ(expand5(0), 0u);
  EXPECT_EQ(expand5(1), 8u);
  EXPECT_EQ(expand5(16), 132u);
  EXPECT_EQ(expand5(31), 255u);
  EXPECT_EQ(expand6(0), 0u);
  EXPECT_EQ(expand6(1), 4u);
  EXPECT_EQ(expand6(32), 130u);
  EXPECT_EQ(expand6(63), 255u);
}

TEST(Bc, BlockBytes) {
  EXPECT_EQ(block_bytes(BcKind::kBC1), 8u);
  EXPECT_EQ(block_bytes(BcKind::kBC4Unorm), 8u);
  EXPECT_EQ(block_bytes(BcKind::kBC4Snorm), 8u);
  EXPECT_EQ(block_bytes(BcKind::kBC2), 16u);
  EXPECT_EQ(block_bytes(BcKind::kBC3), 16u);
  EXPECT_EQ(block_bytes(BcKind::kBC5Unorm), 16u);
  EXPECT_EQ(block_bytes(BcKind::kBC5Snorm), 16u);
}

// ---------------------------------------------------------------- BC1

TEST(Bc1, FourColourMode) {
  Block b{};
  // c0 = pure red (0xf800) > c1 = pure blue (0x001f): 4-colour mode.
  put_colour(b, 0, 0xf800, 0x001f, indices2({0, 1, 2, 3}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0), (Rgba{kOne, 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 1, 0), (Rgba{0, 0, kOne, kOne}));
  // colour_2 = (2*255 + 0) / 765 = 2/3 and (2*0 + 255) / 765 = 1/3.
  EXPECT_EQ(texel(BcKind::kBC1, b, 2, 0), (Rgba{kTwoThirds, 0, kThird, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 3, 0), (Rgba{kThird, 0, kTwoThirds, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 3), (Rgba{kOne, 0, 0, kOne}));
}

TEST(Bc1, FourColourInterpolationIsExactlyRounded) {
  Block b{};
  // R endpoints 1 -> 8 and 0: colour_2 R = 16/765, colour_3 R = 8/765 (hand-rounded binary32).
  put_colour(b, 0, 0x0800, 0x0000, indices2({2, 3, 0}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0), (Rgba{0x3cab5601u, 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 1, 0), (Rgba{0x3c2b5601u, 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 2, 0), (Rgba{fbits(core::unorm_to_float(8, 8)), 0, 0, kOne}));
  // Green 6-bit: c0 G = 1 -> 4: colour_2 = 8/765 as well.
  put_colour(b, 0, 0x0020, 0x0000, indices2({2}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0), (Rgba{0, 0x3c2b5601u, 0, kOne}));
}

TEST(Bc1, ThreeColourModeWithTransparentTexel) {
  Block b{};
  // c0 = blue (0x001f) <= c1 = red (0xf800): 3-colour mode.
  put_colour(b, 0, 0x001f, 0xf800, indices2({0, 1, 2, 3}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0), (Rgba{0, 0, kOne, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 1, 0), (Rgba{kOne, 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 2, 0), (Rgba{kHalf, 0, kHalf, kOne}));  // (255 + 0) / 510
  EXPECT_EQ(texel(BcKind::kBC1, b, 3, 0), (Rgba{0, 0, 0, 0}));             // transparent black
  // Equal endpoints are the 3-colour mode too.
  put_colour(b, 0, 0x1234, 0x1234, indices2({3, 2}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0), (Rgba{0, 0, 0, 0}));
  const Rgba e = texel(BcKind::kBC1, b, 1, 0);
  // 0x1234: R 2 -> 16, G 17 -> 69, B 20 -> 165; (x + x) / 510 = x / 255.
  EXPECT_EQ(e, (Rgba{fbits(core::unorm_to_float(16, 8)), fbits(core::unorm_to_float(69, 8)),
                     fbits(core::unorm_to_float(165, 8)), kOne}));
}

TEST(Bc1, TexelAddressingIsRowMajorXFastest) {
  Block b{};
  // Texel (1, 2) = number 9 -> bits 19:18 = 1; texel (3, 3) = 15 -> bits 31:30 = 2.
  put_colour(b, 0, 0xf800, 0x001f, (1u << 18) | (2u << 30));
  EXPECT_EQ(texel(BcKind::kBC1, b, 1, 2), (Rgba{0, 0, kOne, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 2, 1), (Rgba{kOne, 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 3, 3), (Rgba{kTwoThirds, 0, kThird, kOne}));
}

TEST(Bc1, SrgbInterpolatesEncodedValuesThenDecodes) {
  Block b{};
  // colour_2 R = 510/765 = 170/255 is an 8-bit code: exactly srgb8_to_linear(170).
  put_colour(b, 0, 0xf800, 0x0000, indices2({2, 0, 1}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0, true),
            (Rgba{fbits(core::srgb8_to_linear(170)), 0, 0, kOne}));
  EXPECT_NEAR(decode_texel(BcKind::kBC1, true, b.data(), 0, 0)[0], 0.4019777798321958, 1e-7);
  EXPECT_EQ(texel(BcKind::kBC1, b, 1, 0, true), (Rgba{kOne, 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 2, 0, true), (Rgba{0, 0, 0, kOne}));
  // colour_2 R = 16/765 is not a code: srgb_to_linear of the rounded palette value.
  put_colour(b, 0, 0x0800, 0x0000, indices2({2, 0}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0, true),
            (Rgba{fbits(core::srgb_to_linear(std::bit_cast<float>(0x3cab5601u))), 0, 0, kOne}));
  EXPECT_NEAR(decode_texel(BcKind::kBC1, true, b.data(), 0, 0)[0], 0.0016188105789271333, 1e-9);
  EXPECT_EQ(texel(BcKind::kBC1, b, 1, 0, true),
            (Rgba{fbits(core::srgb8_to_linear(8)), 0, 0, kOne}));
  // Code 16 (R endpoint 2) is one where the formula on the rounded float 16/255 differs from the
  // correctly rounded srgb8_to_linear(16): endpoints and palette entries landing on a code use
  // the latter, so BC1_UNORM_SRGB agrees with R8G8B8A8_UNORM_SRGB.
  ASSERT_NE(core::srgb_to_linear(core::unorm_to_float(16, 8)), core::srgb8_to_linear(16));
  put_colour(b, 0, 0x1001, 0x1000, indices2({0, 2}));  // R 16 and 16: colour_2 R = 48/765
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0, true)[0], fbits(core::srgb8_to_linear(16)));
  EXPECT_EQ(texel(BcKind::kBC1, b, 1, 0, true)[0], fbits(core::srgb8_to_linear(16)));
  // The transparent texel stays transparent black.
  put_colour(b, 0, 0x0000, 0xffff, indices2({3}));
  EXPECT_EQ(texel(BcKind::kBC1, b, 0, 0, true), (Rgba{0, 0, 0, 0}));
}

// ---------------------------------------------------------------- BC2 / BC3

TEST(Bc2, ExplicitAlphaAndAlwaysFourColour) {
  Block b{};
  // Alpha nibbles: texel 0 = 15, texel 1 = 8, texel 15 = 1.
  const uint64_t alpha = 0xfu | (uint64_t{0x8} << 4) | (uint64_t{0x1} << 60);
  for (unsigned i = 0; i < 8; ++i) b[i] = static_cast<uint8_t>(alpha >> (8 * i));
  // c0 = blue <= c1 = red would be 3-colour in BC1; BC2 decodes 4-colour anyway.
  put_colour(b, 8, 0x001f, 0xf800, indices2({3, 2}));
  // index 3 = (e0 + 2 e1) / 765: R = 510/765, B = 255/765.
  EXPECT_EQ(texel(BcKind::kBC2, b, 0, 0), (Rgba{kTwoThirds, 0, kThird, kOne}));
  EXPECT_EQ(texel(BcKind::kBC2, b, 1, 0), (Rgba{kThird, 0, kTwoThirds, 0x3f088889u}));  // 8/15
  EXPECT_EQ(texel(BcKind::kBC2, b, 3, 3), (Rgba{0, 0, kOne, 0x3d888889u}));             // 1/15
  EXPECT_EQ(texel(BcKind::kBC2, b, 2, 0), (Rgba{0, 0, kOne, 0}));
  // sRGB: colour decoded, alpha not.
  EXPECT_EQ(
      texel(BcKind::kBC2, b, 1, 0, true),
      (Rgba{fbits(core::srgb8_to_linear(85)), 0, fbits(core::srgb8_to_linear(170)), 0x3f088889u}));
}

TEST(Bc3, AlphaEightValueMode) {
  Block b{};
  put_bc4(b, 0, 255, 0, {2, 7, 0, 1, 4});
  put_colour(b, 8, 0x001f, 0xf800, indices2({3}));  // 4-colour although c0 <= c1
  EXPECT_EQ(texel(BcKind::kBC3, b, 0, 0), (Rgba{kTwoThirds, 0, kThird, 0x3f5b6db7u}));  // 6/7
  EXPECT_EQ(texel(BcKind::kBC3, b, 1, 0)[3], 0x3e124925u);                              // 1/7
  EXPECT_EQ(texel(BcKind::kBC3, b, 2, 0)[3], kOne);
  EXPECT_EQ(texel(BcKind::kBC3, b, 3, 0)[3], 0u);
  EXPECT_EQ(texel(BcKind::kBC3, b, 0, 1)[3], fbits(4.0f / 7.0f));  // (4*255 + 3*0) / 1785
}

TEST(Bc3, AlphaSixValueModeWithZeroAndOne) {
  Block b{};
  put_bc4(b, 0, 0, 255, {2, 6, 7, 5, 0, 1});
  EXPECT_EQ(texel(BcKind::kBC3, b, 0, 0)[3], 0x3e4ccccdu);  // 1/5
  EXPECT_EQ(texel(BcKind::kBC3, b, 1, 0)[3], 0u);           // 0.0
  EXPECT_EQ(texel(BcKind::kBC3, b, 2, 0)[3], kOne);         // 1.0
  EXPECT_EQ(texel(BcKind::kBC3, b, 3, 0)[3], 0x3f4ccccdu);  // 4/5
  EXPECT_EQ(texel(BcKind::kBC3, b, 0, 1)[3], 0u);
  EXPECT_EQ(texel(BcKind::kBC3, b, 1, 1)[3], kOne);
  // sRGB never touches alpha.
  EXPECT_EQ(texel(BcKind::kBC3, b, 0, 0, true)[3], 0x3e4ccccdu);
}

// ---------------------------------------------------------------- BC4 / BC5

TEST(Bc4, UnormEightValueMode) {
  Block b{};
  put_bc4(b, 0, 200, 100, {0, 1, 2, 7});
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 0, 0), (Rgba{0x3f48c8c9u, 0, 0, kOne}));  // 200/255
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 1, 0), (Rgba{0x3ec8c8c9u, 0, 0, kOne}));  // 100/255
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 2, 0), (Rgba{0x3f3a714du, 0, 0, kOne}));  // 1300/1785
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 3, 0)[0], fbits(800.0f / 1785.0f));
  // 255 > 0: index 6 = 2*255/1785 = 2/7, index 7 = 1/7 (not the 6-value constants).
  put_bc4(b, 0, 255, 0, {6, 7});
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 0, 0)[0], fbits(2.0f / 7.0f));
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 1, 0)[0], 0x3e124925u);
}

TEST(Bc4, UnormSixValueModeWithZeroAndOneEndpoints) {
  Block b{};
  put_bc4(b, 0, 0, 255, {0, 1, 2, 3, 4, 5, 6, 7});
  const std::array<uint32_t, 8> want{0,           kOne,        0x3e4ccccdu, 0x3ecccccdu,
                                     0x3f19999au, 0x3f4ccccdu, 0,           kOne};
  for (unsigned t = 0; t < 8; ++t) {
    EXPECT_EQ(texel(BcKind::kBC4Unorm, b, t % 4, t / 4), (Rgba{want[t], 0, 0, kOne})) << t;
  }
  // Equal endpoints: 6-value mode as well.
  put_bc4(b, 0, 77, 77, {6, 7, 3});
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 0, 0)[0], 0u);
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 1, 0)[0], kOne);
  EXPECT_EQ(texel(BcKind::kBC4Unorm, b, 2, 0)[0], fbits(core::unorm_to_float(77, 8)));
}

TEST(Bc4, SnormModesAndMinus128) {
  Block b{};
  // -128 < 127: 6-value mode; -128 acts as -127.
  put_bc4(b, 0, 0x80, 0x7f, {0, 1, 2, 6, 7});
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 0, 0), (Rgba{fbits(-1.0f), 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 1, 0)[0], kOne);
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 2, 0)[0], 0xbf19999au);  // (4*-127 + 127) / 635 = -0.6
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 3, 0)[0], fbits(-1.0f));
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 0, 1)[0], kOne);
  // 127 > -128: 8-value mode.
  put_bc4(b, 0, 0x7f, 0x80, {2, 7, 1});
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 0, 0)[0], 0x3f36db6eu);  // 635/889 = 5/7
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 1, 0)[0], 0xbf36db6eu);  // -635/889
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 2, 0)[0], fbits(-1.0f));
  // The mode compares the raw codes: -127 > -128 is the 8-value mode (index 7 = -1.0), while
  // -128, -127 is the 6-value mode (index 7 = +1.0).
  put_bc4(b, 0, 0x81, 0x80, {7, 5});
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 0, 0)[0], fbits(-1.0f));
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 1, 0)[0], fbits(-1.0f));
  put_bc4(b, 0, 0x80, 0x81, {7, 2});
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 0, 0)[0], kOne);
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 1, 0)[0], fbits(-1.0f));
  // Zero endpoints give +0.0.
  put_bc4(b, 0, 0, 0, {0, 2});
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 0, 0)[0], 0u);
  EXPECT_EQ(texel(BcKind::kBC4Snorm, b, 1, 0)[0], 0u);
}

TEST(Bc5, TwoIndependentChannels) {
  Block b{};
  put_bc4(b, 0, 255, 0, {});                  // R: every texel index 0 -> 1.0
  put_bc4(b, 8, 0, 255, {0, 0, 0, 0, 0, 2});  // G: texel 5 (1, 1) index 2 -> 1/5
  EXPECT_EQ(texel(BcKind::kBC5Unorm, b, 0, 0), (Rgba{kOne, 0, 0, kOne}));
  EXPECT_EQ(texel(BcKind::kBC5Unorm, b, 1, 1), (Rgba{kOne, 0x3e4ccccdu, 0, kOne}));
  Block s{};
  put_bc4(s, 0, 0x81, 0x00, {});
  put_bc4(s, 8, 0x40, 0x00, {});
  EXPECT_EQ(texel(BcKind::kBC5Snorm, s, 2, 3),
            (Rgba{fbits(-1.0f), fbits(core::snorm_to_float(0x40, 8)), 0, kOne}));
}

// ---------------------------------------------------------------- invariants

TEST(BcPalette, EndpointsMatchThePlainConversions) {
  for (uint32_t c = 0; c < 256; ++c) {
    const auto u = static_cast<uint8_t>(c);
    EXPECT_EQ(rational_to_float(bc4_entry(u, 0, 0, false)), core::unorm_to_float(c, 8));
    EXPECT_EQ(rational_to_float(bc4_entry(0, u, 1, false)), core::unorm_to_float(c, 8));
    EXPECT_EQ(rational_to_float(bc4_entry(u, 0, 0, true)), core::snorm_to_float(c, 8));
    EXPECT_EQ(rational_to_float(bc1_channel_entry(c, 0, 0, false)), core::unorm_to_float(c, 8));
  }
}

TEST(BcPalette, EveryBc4EntryLiesBetweenItsEndpoints) {
  for (unsigned r0 = 0; r0 < 256; ++r0) {
    for (unsigned r1 = 0; r1 < 256; ++r1) {
      for (bool snorm : {false, true}) {
        const auto a = static_cast<uint8_t>(r0);
        const auto b = static_cast<uint8_t>(r1);
        const float e0 = rational_to_float(bc4_entry(a, b, 0, snorm));
        const float e1 = rational_to_float(bc4_entry(a, b, 1, snorm));
        const bool six = snorm ? static_cast<int8_t>(a) > static_cast<int8_t>(b) : a > b;
        for (unsigned i = 2; i < (six ? 8u : 6u); ++i) {
          const float v = rational_to_float(bc4_entry(a, b, i, snorm));
          ASSERT_GE(v, std::min(e0, e1)) << r0 << " " << r1 << " " << i;
          ASSERT_LE(v, std::max(e0, e1)) << r0 << " " << r1 << " " << i;
        }
      }
    }
  }
}

TEST(BcFormatApi, FormatDecodeRoutesEveryBcFormat) {
  struct Case {
    Format format;
    BcKind kind;
    bool srgb;
  };
  const std::array<Case, 10> cases{{{Format::kBC1_UNORM, BcKind::kBC1, false},
                                    {Format::kBC1_UNORM_SRGB, BcKind::kBC1, true},
                                    {Format::kBC2_UNORM, BcKind::kBC2, false},
                                    {Format::kBC2_UNORM_SRGB, BcKind::kBC2, true},
                                    {Format::kBC3_UNORM, BcKind::kBC3, false},
                                    {Format::kBC3_UNORM_SRGB, BcKind::kBC3, true},
                                    {Format::kBC4_UNORM, BcKind::kBC4Unorm, false},
                                    {Format::kBC4_SNORM, BcKind::kBC4Snorm, false},
                                    {Format::kBC5_UNORM, BcKind::kBC5Unorm, false},
                                    {Format::kBC5_SNORM, BcKind::kBC5Snorm, false}}};
  Block b{};
  uint32_t seed = 12345;
  for (int round = 0; round < 64; ++round) {
    for (auto& byte : b) {
      seed = seed * 1664525u + 1013904223u;
      byte = static_cast<uint8_t>(seed >> 24);
    }
    for (const Case& c : cases) {
      EXPECT_EQ(format_info(c.format).bytes_per_block, block_bytes(c.kind));
      for (unsigned y = 0; y < 4; ++y) {
        for (unsigned x = 0; x < 4; ++x) {
          const Texel t = texunit::decode_texel(c.format, b.data(), x, y);
          EXPECT_EQ(t.kind, TexelKind::kFloat);
          EXPECT_EQ(t.bits, texel(c.kind, b, x, y, c.srgb)) << format_info(c.format).name;
        }
      }
    }
  }
  Block s{};
  put_bc4(s, 0, 0x80, 0x00, {});
  EXPECT_EQ(texunit::decode_texel(Format::kBC4_SNORM, s.data(), 0, 0),
            Texel::from_float(-1.0f, 0, 0, 1));
  EXPECT_EQ(texunit::decode_texel(Format::kBC4_UNORM, s.data(), 0, 0),
            Texel::from_float(core::unorm_to_float(0x80, 8), 0, 0, 1));
}

}  // namespace
}  // namespace texsim::texunit::bc
