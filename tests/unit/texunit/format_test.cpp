// Tests for texunit/format: table self-checks, known decodes from the D3D rules, missing-component
// defaults, exhaustive encode->decode round trips, float pass-through, encode rules, name lookup.
#include "texunit/format.hpp"

#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/convert.hpp"

namespace texsim::texunit {
namespace {

using Bytes = std::array<uint8_t, 16>;

Bytes le32(uint32_t v) {
  Bytes b{};
  for (unsigned i = 0; i < 4; ++i) b[i] = static_cast<uint8_t>(v >> (8 * i));
  return b;
}

Bytes le16(uint16_t v) {
  return le32(v);
}

Texel decode(Format f, const Bytes& b) {
  return decode_texel(f, b.data());
}

Bytes encode(Format f, const Texel& t) {
  Bytes b{};
  EXPECT_TRUE(encode_texel(f, t, b.data()));
  return b;
}

uint32_t encode32(Format f, const Texel& t) {
  const Bytes b = encode(f, t);
  return uint32_t{b[0]} | uint32_t{b[1]} << 8 | uint32_t{b[2]} << 16 | uint32_t{b[3]} << 24;
}

// Writes `code` into the channel's bits of a zeroed texel.
Bytes with_channel(const ChannelLayout& c, uint32_t code) {
  Bytes b{};
  for (unsigned i = 0; i < c.bits; ++i) {
    if ((code >> i) & 1u) {
      const unsigned bit = c.offset + i;
      b[bit / 8] = static_cast<uint8_t>(b[bit / 8] | (1u << (bit % 8)));
    }
  }
  return b;
}

uint32_t read_channel(const ChannelLayout& c, const Bytes& b) {
  uint32_t v = 0;
  for (unsigned i = 0; i < c.bits; ++i) {
    const unsigned bit = c.offset + i;
    v |= static_cast<uint32_t>((b[bit / 8] >> (bit % 8)) & 1u) << i;
  }
  return v;
}

// ---------------------------------------------------------------- table self-checks

TEST(FormatTable, EveryEnumValueHasARowAtItsOwnIndex) {
  const auto formats = all_formats();
  ASSERT_EQ(formats.size(), static_cast<size_t>(Format::kCount));
  for (size_t i = 0; i < formats.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(formats[i].format), i) << formats[i].name;
    EXPECT_EQ(&format_info(static_cast<Format>(i)), &formats[i]);
  }
}

TEST(FormatTable, NamesAreUniqueUpperCaseAndNonEmpty) {
  std::set<std::string_view> names;
  for (const FormatInfo& f : all_formats()) {
    EXPECT_FALSE(f.name.empty());
    EXPECT_TRUE(names.insert(f.name).second) << f.name;
    for (char c : f.name) {
      EXPECT_FALSE(c >= 'a' && c <= 'z') << f.name;
    }
  }
}

TEST(FormatTable, ChannelBitsFitTheTexelAndDoNotOverlap) {
  for (const FormatInfo& f : all_formats()) {
    SCOPED_TRACE(std::string(f.name));
    ASSERT_GT(f.bytes_per_block, 0);
    ASSERT_LE(f.bytes_per_block, 16);
    std::vector<bool> used(f.bytes_per_block * 8u, false);
    if (f.format == Format::kR9G9B9E5_SHAREDEXP) {
      for (unsigned b = 27; b < 32; ++b) used[b] = true;  // the shared exponent
    }
    for (const ChannelLayout& c : f.channels) {
      if (c.kind == ChannelKind::kNone) {
        EXPECT_EQ(c.bits, 0);
        continue;
      }
      EXPECT_GE(c.bits, 1);
      EXPECT_LE(c.bits, 32);
      EXPECT_LE(c.offset + c.bits, f.bytes_per_block * 8);
      if (f.is_compressed()) continue;  // BCn: offsets are not a per-texel bit string
      for (unsigned b = c.offset; b < c.offset + c.bits && b < used.size(); ++b) {
        EXPECT_FALSE(used[b]) << "bit " << b;
        used[b] = true;
      }
    }
  }
}

TEST(FormatTable, KindsBlocksAndFlagsAreConsistent) {
  for (const FormatInfo& f : all_formats()) {
    SCOPED_TRACE(std::string(f.name));
    const std::string_view n = f.name;
    const TexelKind expect_kind = n.ends_with("_UINT") && !f.is_depth ? TexelKind::kUint
                                  : n.ends_with("_SINT")              ? TexelKind::kSint
                                                                      : TexelKind::kFloat;
    EXPECT_EQ(f.result_kind, expect_kind);
    EXPECT_EQ(f.is_integer(), expect_kind != TexelKind::kFloat);
    for (const ChannelLayout& c : f.channels) {
      if (c.kind == ChannelKind::kUint) {
        EXPECT_EQ(f.result_kind, TexelKind::kUint);
      }
      if (c.kind == ChannelKind::kSint) {
        EXPECT_EQ(f.result_kind, TexelKind::kSint);
      }
    }
    EXPECT_EQ(f.is_compressed(), n.starts_with("BC"));
    if (f.is_compressed()) {
      EXPECT_EQ(f.block_width, 4);
      EXPECT_EQ(f.block_height, 4);
      const bool small = n.starts_with("BC1") || n.starts_with("BC4");
      EXPECT_EQ(f.bytes_per_block, small ? 8 : 16);
    } else {
      EXPECT_EQ(f.block_width, 1);
      EXPECT_EQ(f.block_height, 1);
    }
    EXPECT_EQ(f.is_depth, n.starts_with("D") && n[1] >= '0' && n[1] <= '9');
    EXPECT_EQ(f.has_stencil, f.format == Format::kD24_UNORM_S8_UINT);
    EXPECT_EQ(f.is_srgb(), n.ends_with("_SRGB"));
    // Present components are a prefix R, RG, RGB or RGBA for every format in the table.
    const unsigned m = f.present_mask();
    EXPECT_TRUE(m == 0x1 || m == 0x3 || m == 0x7 || m == 0xf) << m;
  }
}

TEST(FormatTable, SpotChecks) {
  const FormatInfo& rgb10a2 = format_info(Format::kR10G10B10A2_UNORM);
  EXPECT_EQ(rgb10a2.bytes_per_block, 4);
  EXPECT_EQ(rgb10a2.channels[3].offset, 30);
  EXPECT_EQ(rgb10a2.channels[3].bits, 2);
  const FormatInfo& b565 = format_info(Format::kB5G6R5_UNORM);
  EXPECT_EQ(b565.channels[0].offset, 11);  // R 15:11
  EXPECT_EQ(b565.channels[1].offset, 5);   // G 10:5
  EXPECT_EQ(b565.channels[2].offset, 0);   // B 4:0
  EXPECT_EQ(b565.present_mask(), 0x7u);
  EXPECT_EQ(format_info(Format::kR32G32B32_FLOAT).bytes_per_block, 12);
  EXPECT_EQ(format_info(Format::kBC5_SNORM).channels[1].kind, ChannelKind::kSnorm);
  EXPECT_EQ(format_info(Format::kR8G8B8A8_UNORM_SRGB).channels[3].kind, ChannelKind::kUnorm);
}

// ---------------------------------------------------------------- known decodes

TEST(FormatDecode, UnormIsTheCorrectlyRoundedQuotient) {
  const Texel t = decode(Format::kR8G8B8A8_UNORM, le32(0xff000080u));
  EXPECT_EQ(t.kind, TexelKind::kFloat);
  EXPECT_EQ(t.bits[0], 0x3f008081u);  // 128/255
  EXPECT_EQ(t.bits[1], 0u);
  EXPECT_EQ(t.bits[2], 0u);
  EXPECT_EQ(t.bits[3], 0x3f800000u);
  EXPECT_EQ(decode(Format::kR16_UNORM, le16(0xffff)).bits[0], 0x3f800000u);
  EXPECT_EQ(decode(Format::kR8_UNORM, le16(8)).bits[0], 0x3d008081u);  // 8/255
}

TEST(FormatDecode, SnormMostNegativeCodesAreMinusOne) {
  EXPECT_EQ(decode(Format::kR8_SNORM, le16(0x81)).f(0), -1.0f);
  EXPECT_EQ(decode(Format::kR8_SNORM, le16(0x80)).f(0), -1.0f);
  EXPECT_EQ(decode(Format::kR8_SNORM, le16(0x7f)).f(0), 1.0f);
  EXPECT_EQ(decode(Format::kR8_SNORM, le16(0x01)).bits[0], 0x3c010204u);  // 1/127
  EXPECT_EQ(decode(Format::kR8_SNORM, le16(0x00)).bits[0], 0u);           // +0
  EXPECT_EQ(decode(Format::kR16_SNORM, le16(0x8000)).f(0), -1.0f);
  EXPECT_EQ(decode(Format::kR16_SNORM, le16(0x8001)).f(0), -1.0f);
  const Texel t = decode(Format::kR8G8B8A8_SNORM, le32(0x7f800181u));
  EXPECT_EQ(t.f(0), -1.0f);
  EXPECT_EQ(t.bits[1], 0x3c010204u);
  EXPECT_EQ(t.f(2), -1.0f);
  EXPECT_EQ(t.f(3), 1.0f);
}

TEST(FormatDecode, R10G10B10A2) {
  const Texel t = decode(Format::kR10G10B10A2_UNORM, le32(0xc0000000u | 0x3ffu | (1u << 10)));
  EXPECT_EQ(t.f(0), 1.0f);
  EXPECT_EQ(t.f(1), core::unorm_to_float(1, 10));
  EXPECT_EQ(t.f(2), 0.0f);
  EXPECT_EQ(t.f(3), 1.0f);  // alpha 3 -> 1.0
  EXPECT_EQ(decode(Format::kR10G10B10A2_UNORM, le32(0x40000000u)).bits[3], 0x3eaaaaabu);  // 1/3
  const Texel u = decode(Format::kR10G10B10A2_UINT, le32(0x80000000u | (1023u << 20) | 5u));
  EXPECT_EQ(u, Texel::from_uint(5, 0, 1023, 2));
}

TEST(FormatDecode, IntegerChannelsAreBitsSintSignExtended) {
  EXPECT_EQ(decode(Format::kR8_SINT, le16(0xff)), Texel::from_sint(-1, 0, 0, 1));
  EXPECT_EQ(decode(Format::kR8_UINT, le16(0xff)), Texel::from_uint(255, 0, 0, 1));
  EXPECT_EQ(decode(Format::kR16G16_SINT, le32(0x80007fffu)), Texel::from_sint(32767, -32768, 0, 1));
  EXPECT_EQ(decode(Format::kR32_SINT, le32(0x80000000u)),
            Texel::from_sint(std::numeric_limits<int32_t>::min(), 0, 0, 1));
  EXPECT_EQ(decode(Format::kR8G8B8A8_SINT, le32(0x807f01ffu)), Texel::from_sint(-1, 1, 127, -128));
}

TEST(FormatDecode, R11G11B10KnownPatterns) {
  // 1.0 everywhere: 6e5 1.0 = 0x3c0 (e=15, m=0), 5e5 1.0 = 0x1e0.
  const uint32_t ones = 0x3c0u | (0x3c0u << 11) | (0x1e0u << 22);
  EXPECT_EQ(decode(Format::kR11G11B10_FLOAT, le32(ones)), Texel::from_float(1, 1, 1, 1));
  // R max finite 0x7bf = 65024, G smallest denormal 2^-20, B smallest denormal 2^-19.
  const Texel t = decode(Format::kR11G11B10_FLOAT, le32(0x7bfu | (1u << 11) | (1u << 22)));
  EXPECT_EQ(t.f(0), 65024.0f);
  EXPECT_EQ(t.bits[1], 0x35800000u);
  EXPECT_EQ(t.bits[2], 0x36000000u);
  EXPECT_EQ(t.f(3), 1.0f);
  // Largest denormal 6e5: 63 * 2^-20; smallest normal 2^-14; 1.5 = e15 m32.
  EXPECT_EQ(decode(Format::kR11G11B10_FLOAT, le32(0x03fu)).f(0), 63.0f * std::ldexp(1.0f, -20));
  EXPECT_EQ(decode(Format::kR11G11B10_FLOAT, le32(0x040u)).f(0), std::ldexp(1.0f, -14));
  EXPECT_EQ(decode(Format::kR11G11B10_FLOAT, le32(0x3e0u)).f(0), 1.5f);
  // Inf and NaN (payload kept at the top of the mantissa, quiet).
  const Texel s = decode(Format::kR11G11B10_FLOAT, le32(0x7c0u | (0x7e1u << 11) | (0x3f0u << 22)));
  EXPECT_EQ(s.bits[0], 0x7f800000u);
  EXPECT_EQ(s.bits[1], 0x7fc20000u);
  EXPECT_EQ(s.bits[2], 0x7fc00000u);
}

TEST(FormatDecode, Rgb9e5KnownPatterns) {
  // 1.0 = 256 * 2^(16 - 15 - 9).
  EXPECT_EQ(decode(Format::kR9G9B9E5_SHAREDEXP, le32(0x80000100u)), Texel::from_float(1, 0, 0, 1));
  // E = 31: R = 511 * 2^7 = 65408 (the maximum), G = 2^7, B = 3 * 2^7.
  const uint32_t big = 0xf8000000u | 511u | (1u << 9) | (3u << 18);
  EXPECT_EQ(decode(Format::kR9G9B9E5_SHAREDEXP, le32(big)),
            Texel::from_float(65408.0f, 128.0f, 384.0f, 1.0f));
  // E = 0: mantissa 1 = 2^-24.
  EXPECT_EQ(decode(Format::kR9G9B9E5_SHAREDEXP, le32(1u << 18)).bits[2], 0x33800000u);
}

TEST(FormatDecode, BgraAndPackedSixteenBitLayouts) {
  const Texel bgra = decode(Format::kB8G8R8A8_UNORM, le32(0x40302010u));
  EXPECT_EQ(bgra.f(0), core::unorm_to_float(0x30, 8));
  EXPECT_EQ(bgra.f(1), core::unorm_to_float(0x20, 8));
  EXPECT_EQ(bgra.f(2), core::unorm_to_float(0x10, 8));
  EXPECT_EQ(bgra.f(3), core::unorm_to_float(0x40, 8));

  EXPECT_EQ(decode(Format::kB5G6R5_UNORM, le16(0xf800)), Texel::from_float(1, 0, 0, 1));
  EXPECT_EQ(decode(Format::kB5G6R5_UNORM, le16(0x07e0)), Texel::from_float(0, 1, 0, 1));
  EXPECT_EQ(decode(Format::kB5G6R5_UNORM, le16(0x001f)), Texel::from_float(0, 0, 1, 1));
  EXPECT_EQ(decode(Format::kB5G6R5_UNORM, le16(0x0001)).bits[2], 0x3d042108u);  // 1/31

  EXPECT_EQ(decode(Format::kB5G5R5A1_UNORM, le16(0x7c00)), Texel::from_float(1, 0, 0, 0));
  EXPECT_EQ(decode(Format::kB5G5R5A1_UNORM, le16(0x03e0)), Texel::from_float(0, 1, 0, 0));
  EXPECT_EQ(decode(Format::kB5G5R5A1_UNORM, le16(0x001f)), Texel::from_float(0, 0, 1, 0));
  EXPECT_EQ(decode(Format::kB5G5R5A1_UNORM, le16(0x8000)), Texel::from_float(0, 0, 0, 1));

  EXPECT_EQ(decode(Format::kB4G4R4A4_UNORM, le16(0x0f00)), Texel::from_float(1, 0, 0, 0));
  EXPECT_EQ(decode(Format::kB4G4R4A4_UNORM, le16(0x00f0)), Texel::from_float(0, 1, 0, 0));
  EXPECT_EQ(decode(Format::kB4G4R4A4_UNORM, le16(0x000f)), Texel::from_float(0, 0, 1, 0));
  EXPECT_EQ(decode(Format::kB4G4R4A4_UNORM, le16(0xf000)), Texel::from_float(0, 0, 0, 1));
  EXPECT_EQ(decode(Format::kB4G4R4A4_UNORM, le16(0x8000)).bits[3], 0x3f088889u);  // 8/15
}

TEST(FormatDecode, SrgbColourChannelsAlphaStaysUnorm) {
  const Texel t = decode(Format::kR8G8B8A8_UNORM_SRGB, le32(0x80ff0080u));
  EXPECT_EQ(t.f(0), core::srgb8_to_linear(0x80));
  EXPECT_NEAR(t.f(0), 0.21586050011389926, 1e-7);
  EXPECT_EQ(t.f(1), 0.0f);
  EXPECT_EQ(t.f(2), 1.0f);
  EXPECT_EQ(t.bits[3], 0x3f008081u);  // 128/255, not sRGB-decoded
  const Texel b = decode(Format::kB8G8R8A8_UNORM_SRGB, le32(0x80ff0080u));
  EXPECT_EQ(b.f(0), 1.0f);
  EXPECT_EQ(b.f(2), core::srgb8_to_linear(0x80));
  EXPECT_EQ(b.bits[3], 0x3f008081u);
}

TEST(FormatDecode, HalfFloatWidensExactly) {
  EXPECT_EQ(decode(Format::kR16_FLOAT, le16(0x3c00)).f(0), 1.0f);
  EXPECT_EQ(decode(Format::kR16_FLOAT, le16(0x0001)).bits[0], 0x33800000u);  // 2^-24
  EXPECT_EQ(decode(Format::kR16_FLOAT, le16(0x7c00)).bits[0], 0x7f800000u);
  EXPECT_EQ(decode(Format::kR16_FLOAT, le16(0xfc00)).bits[0], 0xff800000u);
  EXPECT_EQ(decode(Format::kR16_FLOAT, le16(0x8000)).bits[0], 0x80000000u);
  const Texel t =
      decode(Format::kR16G16B16A16_FLOAT, Bytes{0x00, 0x3c, 0x00, 0xc0, 0xff, 0x7b, 0x00, 0x38});
  EXPECT_EQ(t, Texel::from_float(1.0f, -2.0f, 65504.0f, 0.5f));
}

TEST(FormatDecode, DepthFormats) {
  EXPECT_EQ(decode(Format::kD16_UNORM, le16(0xffff)), Texel::from_float(1, 0, 0, 1));
  EXPECT_EQ(decode(Format::kD16_UNORM, le16(0x8000)).f(0), core::unorm_to_float(0x8000, 16));
  // D24: depth from bits 23:0 as UNORM24; stencil 0xab in 31:24 is not returned.
  EXPECT_EQ(decode(Format::kD24_UNORM_S8_UINT, le32(0xabffffffu)), Texel::from_float(1, 0, 0, 1));
  const Texel d = decode(Format::kD24_UNORM_S8_UINT, le32(0xab800000u));
  EXPECT_EQ(d.bits[0], 0x3f000001u);  // 2^23 / (2^24 - 1)
  EXPECT_EQ(d.bits[1], 0u);
  EXPECT_EQ(d.bits[2], 0u);
  EXPECT_EQ(d.bits[3], 0x3f800000u);
  EXPECT_EQ(decode(Format::kD24_UNORM_S8_UINT, le32(0xff000000u)).bits[0], 0u);
  EXPECT_EQ(decode(Format::kD32_FLOAT, le32(0x00000001u)).bits[0], 0x00000001u);
}

TEST(FormatDecode, Float32BitsPassThroughUntouched) {
  const std::array<uint32_t, 7> patterns{0x00000001u, 0x807fffffu, 0x7fa00001u, 0xffc12345u,
                                         0x80000000u, 0x7f800000u, 0x3f800001u};
  for (uint32_t p : patterns) {
    SCOPED_TRACE(p);
    const Texel r = decode(Format::kR32_FLOAT, le32(p));
    EXPECT_EQ(r.bits, (std::array<uint32_t, 4>{p, 0, 0, 0x3f800000u}));
    EXPECT_EQ(encode32(Format::kR32_FLOAT, r), p);
    EXPECT_EQ(encode32(Format::kD32_FLOAT, r), p);
  }
  Bytes b{};
  for (size_t c = 0; c < 4; ++c) std::memcpy(b.data() + 4 * c, &patterns[c], 4);
  const Texel t = decode(Format::kR32G32B32A32_FLOAT, b);
  EXPECT_EQ(t.bits, (std::array<uint32_t, 4>{patterns[0], patterns[1], patterns[2], patterns[3]}));
  EXPECT_EQ(encode(Format::kR32G32B32A32_FLOAT, t), b);
}

// ---------------------------------------------------------------- missing components

TEST(FormatDecode, MissingComponentDefaultsForEveryFormat) {
  for (const FormatInfo& f : all_formats()) {
    SCOPED_TRACE(std::string(f.name));
    for (uint8_t fill : {uint8_t{0x00}, uint8_t{0xff}, uint8_t{0x5a}}) {
      Bytes b;
      b.fill(fill);
      for (unsigned y = 0; y < f.block_height; ++y) {
        for (unsigned x = 0; x < f.block_width; ++x) {
          const Texel t = decode_texel(f.format, b.data(), x, y);
          EXPECT_EQ(t.kind, f.result_kind);
          for (unsigned c = 0; c < 4; ++c) {
            if (f.present_mask() & (1u << c)) continue;
            const uint32_t expect =
                c < 3 ? 0u : (f.result_kind == TexelKind::kFloat ? 0x3f800000u : 1u);
            EXPECT_EQ(t.bits[c], expect) << "component " << c;
          }
        }
      }
    }
  }
}

// ---------------------------------------------------------------- round trips

// Mantissa bits of the float layouts narrower than 32 bits: binary16 (sign, 5e, 10m) and the
// unsigned small floats of R11G11B10 (5e6m, 5e5m).
unsigned mantissa_bits(unsigned bits) {
  return bits == 16 ? 10 : bits - 5;
}

bool is_narrow_float_nan(uint32_t code, unsigned bits) {
  const unsigned m = mantissa_bits(bits);
  return ((code >> m) & 0x1fu) == 0x1fu && (code & ((1u << m) - 1)) != 0;
}

// What re-encoding the decoded value of `code` must give back.
uint32_t expected_reencode(const ChannelLayout& c, uint32_t code) {
  if (c.kind == ChannelKind::kSnorm && code == (1u << (c.bits - 1))) return code + 1;  // -1.0
  if (c.kind == ChannelKind::kFloat && c.bits <= 16 && is_narrow_float_nan(code, c.bits)) {
    return code | (1u << (mantissa_bits(c.bits) - 1));  // NaNs come back quiet, payload kept
  }
  return code;
}

// Decode -> encode of every code of every channel of up to 16 bits (others: sampled), for every
// uncompressed format. RGB9E5 is checked by value below (its encoding is not unique).
TEST(FormatRoundTrip, EveryChannelCodeSurvivesDecodeEncode) {
  for (const FormatInfo& f : all_formats()) {
    if (f.is_compressed() || f.format == Format::kR9G9B9E5_SHAREDEXP) continue;
    SCOPED_TRACE(std::string(f.name));
    for (const ChannelLayout& c : f.channels) {
      if (c.kind == ChannelKind::kNone) continue;
      std::vector<uint32_t> codes;
      if (c.bits <= 16) {
        for (uint32_t v = 0; v < (1u << c.bits); ++v) codes.push_back(v);
      } else {
        const uint64_t limit = c.bits >= 32 ? (uint64_t{1} << 32) : (uint64_t{1} << c.bits);
        for (uint64_t v = 0; v < limit; v += 65521) codes.push_back(static_cast<uint32_t>(v));
        for (uint32_t v = 0; v < 4096; ++v) {
          codes.push_back(v);
          codes.push_back(static_cast<uint32_t>(limit - 1 - v));
          codes.push_back(static_cast<uint32_t>(limit / 2 + v));
          codes.push_back(static_cast<uint32_t>(limit / 2 - 1 - v));
        }
      }
      size_t failures = 0;
      for (uint32_t code : codes) {
        const Bytes in = with_channel(c, code);
        const Texel t = decode(f.format, in);
        const Bytes out = encode(f.format, t);
        const uint32_t got = read_channel(c, out);
        const uint32_t want = expected_reencode(c, code);
        if (got != want && failures++ < 5) {
          ADD_FAILURE() << "code 0x" << std::hex << code << " -> 0x" << got << " want 0x" << want;
        }
      }
      EXPECT_EQ(failures, 0u);
    }
  }
}

TEST(FormatRoundTrip, Rgb9e5SingleChannelValuesSurvive) {
  for (uint32_t e = 0; e < 32; ++e) {
    for (uint32_t m = 0; m < 512; ++m) {
      for (unsigned c = 0; c < 3; ++c) {
        const uint32_t word = (e << 27) | (m << (9 * c));
        const Texel t = decode(Format::kR9G9B9E5_SHAREDEXP, le32(word));
        const Texel back =
            decode(Format::kR9G9B9E5_SHAREDEXP, encode(Format::kR9G9B9E5_SHAREDEXP, t));
        ASSERT_EQ(back, t) << std::hex << word;
      }
    }
  }
}

// ---------------------------------------------------------------- encode rules

TEST(FormatEncode, UnormSnormSrgbFollowD3DConversions) {
  const auto r8 = [](float v) {
    return encode(Format::kR8_UNORM, Texel::from_float(v, 0, 0, 0))[0];
  };
  EXPECT_EQ(r8(std::numeric_limits<float>::quiet_NaN()), 0);
  EXPECT_EQ(r8(-1.0f), 0);
  EXPECT_EQ(r8(2.0f), 255);
  EXPECT_EQ(r8(std::numeric_limits<float>::infinity()), 255);
  EXPECT_EQ(r8(0.5f), 128);  // 127.5 -> even
  const auto s8 = [](float v) {
    return encode(Format::kR8_SNORM, Texel::from_float(v, 0, 0, 0))[0];
  };
  EXPECT_EQ(s8(-2.0f), 0x81);
  EXPECT_EQ(s8(-1.0f), 0x81);
  EXPECT_EQ(s8(std::numeric_limits<float>::quiet_NaN()), 0);
  EXPECT_EQ(s8(1.0f), 0x7f);
  EXPECT_EQ(encode(Format::kR8G8B8A8_UNORM_SRGB, Texel::from_float(1, 0, 0.21586050f, 0.5f)),
            (Bytes{0xff, 0x00, 0x80, 0x80}));
  EXPECT_EQ(encode(Format::kB8G8R8A8_UNORM, Texel::from_float(1, 0.5f, 0, 1)),
            (Bytes{0x00, 0x80, 0xff, 0xff}));
  EXPECT_EQ(encode(Format::kB5G6R5_UNORM, Texel::from_float(1, 0, 0, 0)), le16(0xf800));
  EXPECT_EQ(encode(Format::kB5G5R5A1_UNORM, Texel::from_float(0, 0, 0, 1)), le16(0x8000));
  EXPECT_EQ(encode(Format::kR10G10B10A2_UNORM, Texel::from_float(0, 0, 0, 1)), le32(0xc0000000u));
}

TEST(FormatEncode, IntegerChannelsSaturate) {
  EXPECT_EQ(encode(Format::kR8_UINT, Texel::from_uint(300, 0, 0, 0))[0], 255);
  EXPECT_EQ(encode(Format::kR8_UINT, Texel::from_sint(-5, 0, 0, 0))[0], 0);
  EXPECT_EQ(encode(Format::kR8_SINT, Texel::from_sint(-200, 0, 0, 0))[0], 0x80);
  EXPECT_EQ(encode(Format::kR8_SINT, Texel::from_sint(200, 0, 0, 0))[0], 0x7f);
  EXPECT_EQ(encode(Format::kR8_SINT, Texel::from_uint(0xffffffffu, 0, 0, 0))[0], 0x7f);
  EXPECT_EQ(encode(Format::kR8_SINT, Texel::from_sint(-1, 0, 0, 0))[0], 0xff);
  EXPECT_EQ(encode32(Format::kR32_SINT, Texel::from_uint(0x80000000u, 0, 0, 0)), 0x7fffffffu);
  EXPECT_EQ(encode32(Format::kR32_UINT, Texel::from_sint(-1, 0, 0, 0)), 0u);
  EXPECT_EQ(encode32(Format::kR32_UINT, Texel::from_uint(0xffffffffu, 0, 0, 0)), 0xffffffffu);
  EXPECT_EQ(encode32(Format::kR10G10B10A2_UINT, Texel::from_uint(2000, 1, 0, 7)),
            1023u | (1u << 10) | (3u << 30));
  EXPECT_EQ(encode32(Format::kR16G16_SINT, Texel::from_sint(-40000, 40000, 0, 0)), 0x7fff8000u);
  // A float Texel's bits are read as the channel's kind.
  EXPECT_EQ(encode(Format::kR8_SINT, Texel{{0xffffff80u, 0, 0, 0}, TexelKind::kFloat})[0], 0x80);
}

TEST(FormatEncode, HalfIsRoundToNearestEven) {
  const auto h = [](float v) {
    return encode32(Format::kR16_FLOAT, Texel::from_float(v, 0, 0, 0));
  };
  EXPECT_EQ(h(1.0f), 0x3c00u);
  EXPECT_EQ(h(1.0f + std::ldexp(1.0f, -11)), 0x3c00u);      // tie -> even
  EXPECT_EQ(h(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02u);  // tie -> even (up)
  EXPECT_EQ(h(65520.0f), 0x7c00u);                          // RNE overflow -> inf
  EXPECT_EQ(h(std::ldexp(1.0f, -24)), 0x0001u);
}

TEST(FormatEncode, R11G11B10) {
  const auto r = [](float v) {
    return encode32(Format::kR11G11B10_FLOAT, Texel::from_float(v, 0, 0, 0)) & 0x7ffu;
  };
  const auto b = [](float v) {
    return encode32(Format::kR11G11B10_FLOAT, Texel::from_float(0, 0, v, 0)) >> 22;
  };
  EXPECT_EQ(r(1.0f), 0x3c0u);
  EXPECT_EQ(b(1.0f), 0x1e0u);
  EXPECT_EQ(r(-1.0f), 0u);
  EXPECT_EQ(r(-0.0f), 0u);
  EXPECT_EQ(r(-std::numeric_limits<float>::infinity()), 0u);
  EXPECT_EQ(r(std::numeric_limits<float>::infinity()), 0x7c0u);
  EXPECT_EQ(r(std::numeric_limits<float>::quiet_NaN()), 0x7e0u);
  EXPECT_EQ(b(std::numeric_limits<float>::quiet_NaN()), 0x3f0u);
  EXPECT_EQ(r(1e10f), 0x7bfu);  // finite overflow saturates to 65024
  EXPECT_EQ(r(65024.0f), 0x7bfu);
  EXPECT_EQ(r(65535.0f), 0x7bfu);
  EXPECT_EQ(b(64512.0f), 0x3dfu);  // 5e5 max finite
  EXPECT_EQ(b(1e6f), 0x3dfu);
  EXPECT_EQ(r(1.0f + std::ldexp(1.0f, -7)), 0x3c0u);      // tie -> even
  EXPECT_EQ(r(1.0f + 3 * std::ldexp(1.0f, -7)), 0x3c2u);  // tie -> even (up)
  EXPECT_EQ(r(1.0f + std::ldexp(1.0f, -6)), 0x3c1u);
  EXPECT_EQ(r(std::ldexp(1.0f, -20)), 0x001u);      // smallest denormal
  EXPECT_EQ(r(std::ldexp(1.0f, -21)), 0x000u);      // tie -> even (0)
  EXPECT_EQ(r(3 * std::ldexp(1.0f, -21)), 0x002u);  // tie -> even (2)
  EXPECT_EQ(r(std::ldexp(1.0f, -149)), 0x000u);
  EXPECT_EQ(r(63.5f * std::ldexp(1.0f, -20)), 0x040u);  // rounds up into the normals
  EXPECT_EQ(r(std::ldexp(1.0f, -14)), 0x040u);
}

TEST(FormatEncode, Rgb9e5SharedExponentAlgorithm) {
  const auto e = [](float r, float g, float b) {
    return encode32(Format::kR9G9B9E5_SHAREDEXP, Texel::from_float(r, g, b, 0));
  };
  EXPECT_EQ(e(1, 0, 0), 0x80000100u);
  EXPECT_EQ(e(0, 0, 0), 0u);
  EXPECT_EQ(e(-1, std::numeric_limits<float>::quiet_NaN(), 0), 0u);
  EXPECT_EQ(e(1e9f, 0, 0), 0xf80001ffu);  // clamp to 65408 = 511 * 2^7
  EXPECT_EQ(e(std::numeric_limits<float>::infinity(), 0, 0), 0xf80001ffu);
  // 511.75: exp' = 8 + 1 + 15 = 24, max_s = floor(511.75 + 0.5) = 512 = 2^9 -> exp 25;
  // R = floor(511.75 / 2 + 0.5) = 256, G = floor(1 / 2 + 0.5) = 1, B = floor(0.125 + 0.5) = 0.
  EXPECT_EQ(e(511.75f, 1.0f, 0.25f), (25u << 27) | 256u | (1u << 9));
  // Round half up within a channel: 0.5 * 2^-8 step -> G = floor(0.5 + 0.5) = 1.
  EXPECT_EQ(e(1.0f, std::ldexp(1.0f, -9), 0), 0x80000100u | (1u << 9));
}

TEST(FormatEncode, DepthAndUnusedBits) {
  EXPECT_EQ(encode(Format::kD24_UNORM_S8_UINT, Texel::from_float(1, 5, 5, 5)),
            le32(0x00ffffffu));  // stencil bits written as 0
  EXPECT_EQ(encode(Format::kD16_UNORM, Texel::from_float(0.5f, 0, 0, 0)), le16(0x8000));
  // Bytes past the texel are not written.
  Bytes b;
  b.fill(0xee);
  ASSERT_TRUE(encode_texel(Format::kR8_UNORM, Texel::from_float(1, 1, 1, 1), b.data()));
  EXPECT_EQ(b[0], 0xff);
  EXPECT_EQ(b[1], 0xee);
}

TEST(FormatEncode, CompressedFormatsAreNotEncodable) {
  for (const FormatInfo& f : all_formats()) {
    Bytes b{};
    EXPECT_EQ(encode_texel(f.format, Texel::from_float(1, 1, 1, 1), b.data()), !f.is_compressed())
        << f.name;
  }
}

// ---------------------------------------------------------------- names

TEST(FormatNames, LookupIsCaseInsensitiveWithOptionalPrefix) {
  EXPECT_EQ(format_from_name("R8G8B8A8_UNORM"), Format::kR8G8B8A8_UNORM);
  EXPECT_EQ(format_from_name("r8g8b8a8_unorm"), Format::kR8G8B8A8_UNORM);
  EXPECT_EQ(format_from_name("DXGI_FORMAT_BC1_UNORM"), Format::kBC1_UNORM);
  EXPECT_EQ(format_from_name("dxgi_format_bc1_unorm_srgb"), Format::kBC1_UNORM_SRGB);
  EXPECT_EQ(format_from_name("Dxgi_Format_D24_Unorm_S8_Uint"), Format::kD24_UNORM_S8_UINT);
  EXPECT_EQ(format_from_name(""), std::nullopt);
  EXPECT_EQ(format_from_name("DXGI_FORMAT_"), std::nullopt);
  EXPECT_EQ(format_from_name("R8G8B8A8"), std::nullopt);
  EXPECT_EQ(format_from_name(" R8_UNORM"), std::nullopt);
  EXPECT_EQ(format_from_name("DXGI_FORMAT_DXGI_FORMAT_R8_UNORM"), std::nullopt);
  for (const FormatInfo& f : all_formats()) {
    EXPECT_EQ(format_from_name(f.name), f.format);
    EXPECT_EQ(format_from_name("DXGI_FORMAT_" + std::string(f.name)), f.format);
    EXPECT_EQ(closest_format_name(f.name), f.name);
  }
}

TEST(FormatNames, ClosestNameForDidYouMean) {
  EXPECT_EQ(closest_format_name("R8G8B8A8_UNORN"), "R8G8B8A8_UNORM");
  EXPECT_EQ(closest_format_name("dxgi_format_bc1_unrom"), "BC1_UNORM");
  EXPECT_EQ(closest_format_name("r32g32b32a32_flaot"), "R32G32B32A32_FLOAT");
  EXPECT_EQ(closest_format_name("R11G11B10_FLOT"), "R11G11B10_FLOAT");
  EXPECT_EQ(closest_format_name("D32_FLOA"), "D32_FLOAT");
  EXPECT_EQ(closest_format_name("no such format at all"), "");
}

// Issue 31: Surface("RGBA8", ...) suggested R8_UINT. GL's and Vulkan's spellings name the format.
TEST(FormatNames, GlAndVulkanSpellingsSuggestTheDxgiName) {
  EXPECT_EQ(closest_format_name("RGBA8"), "R8G8B8A8_UNORM");
  EXPECT_EQ(closest_format_name("rgba16f"), "R16G16B16A16_FLOAT");
  EXPECT_EQ(closest_format_name("R32UI"), "R32_UINT");
  EXPECT_EQ(closest_format_name("RG8_SNORM"), "R8G8_SNORM");
  EXPECT_EQ(closest_format_name("RGBA32I"), "R32G32B32A32_SINT");
  EXPECT_EQ(closest_format_name("GL_SRGB8_ALPHA8"), "R8G8B8A8_UNORM_SRGB");
  EXPECT_EQ(closest_format_name("VK_FORMAT_R16G16B16A16_SFLOAT"), "R16G16B16A16_FLOAT");
  EXPECT_EQ(closest_format_name("VK_FORMAT_B8G8R8A8_SRGB"), "B8G8R8A8_UNORM_SRGB");
  EXPECT_FALSE(format_from_name("RGBA8"));  // a suggestion, not a second name
}

}  // namespace
}  // namespace texsim::texunit
