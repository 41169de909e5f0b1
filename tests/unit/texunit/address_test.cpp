// Tests for texunit/address: range reduction (D3D11.3 §7.18.6), every integer address mode
// (§7.18.9) and the border colour snapped to the format (§7.18.9.1).
#include "texunit/address.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

namespace texsim::texunit {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(ReduceRange, WrapKeepsTheFraction) {
  EXPECT_EQ(reduce_range(2.25f, AddressMode::kWrap), 0.25f);
  EXPECT_EQ(reduce_range(-0.25f, AddressMode::kWrap), 0.75f);
  EXPECT_EQ(reduce_range(1.0f, AddressMode::kWrap), 0.0f);
  // A tiny negative value rounds up to 1.0; the integer wrap maps texel `size` to 0 again.
  EXPECT_EQ(reduce_range(-1e-10f, AddressMode::kWrap), 1.0f);
}

TEST(ReduceRange, MirrorKeepsThePhaseModuloTwo) {
  EXPECT_EQ(reduce_range(2.25f, AddressMode::kMirror), 0.25f);
  EXPECT_EQ(reduce_range(3.5f, AddressMode::kMirror), 1.5f);
  EXPECT_EQ(reduce_range(-3.5f, AddressMode::kMirror), -1.5f);
}

TEST(ReduceRange, ClampModesClampToTen) {
  for (AddressMode m : {AddressMode::kClamp, AddressMode::kBorder, AddressMode::kMirrorOnce}) {
    EXPECT_EQ(reduce_range(123.0f, m), 10.0f);
    EXPECT_EQ(reduce_range(-kInf, m), -10.0f);
    EXPECT_EQ(reduce_range(0.3f, m), 0.3f);
  }
}

TEST(ReduceRange, NaNStaysNaNAndInfinityWrapsToNaN) {
  EXPECT_TRUE(std::isnan(reduce_range(kNaN, AddressMode::kClamp)));
  EXPECT_TRUE(std::isnan(reduce_range(kNaN, AddressMode::kWrap)));
  EXPECT_TRUE(std::isnan(reduce_range(kInf, AddressMode::kWrap)));
  EXPECT_TRUE(std::isnan(reduce_range(kInf, AddressMode::kMirror)));
}

TEST(ReduceRange, UnnormalizedClampsAroundTheAxis) {
  EXPECT_EQ(reduce_range_texels(1e9f, 16), 80.0f);
  EXPECT_EQ(reduce_range_texels(-1e9f, 16), -80.0f);
  EXPECT_EQ(reduce_range_texels(5.5f, 16), 5.5f);
  EXPECT_EQ(unnormalized_mode(AddressMode::kWrap), AddressMode::kClamp);
  EXPECT_EQ(unnormalized_mode(AddressMode::kMirror), AddressMode::kClamp);
  EXPECT_EQ(unnormalized_mode(AddressMode::kBorder), AddressMode::kBorder);
}

TEST(AddressMode, Wrap) {
  EXPECT_EQ(apply_address_mode(-1, 4, AddressMode::kWrap), 3u);
  EXPECT_EQ(apply_address_mode(4, 4, AddressMode::kWrap), 0u);
  EXPECT_EQ(apply_address_mode(-9, 4, AddressMode::kWrap), 3u);
  EXPECT_EQ(apply_address_mode(2, 4, AddressMode::kWrap), 2u);
}

TEST(AddressMode, Mirror) {
  // Texels 0 1 2 3 | 3 2 1 0 | 0 1 2 3 ...
  EXPECT_EQ(apply_address_mode(4, 4, AddressMode::kMirror), 3u);
  EXPECT_EQ(apply_address_mode(7, 4, AddressMode::kMirror), 0u);
  EXPECT_EQ(apply_address_mode(8, 4, AddressMode::kMirror), 0u);
  EXPECT_EQ(apply_address_mode(-1, 4, AddressMode::kMirror), 0u);
  EXPECT_EQ(apply_address_mode(-2, 4, AddressMode::kMirror), 1u);
  EXPECT_EQ(apply_address_mode(-5, 4, AddressMode::kMirror), 3u);
}

TEST(AddressMode, Clamp) {
  EXPECT_EQ(apply_address_mode(-7, 4, AddressMode::kClamp), 0u);
  EXPECT_EQ(apply_address_mode(9, 4, AddressMode::kClamp), 3u);
  EXPECT_EQ(apply_address_mode(1, 4, AddressMode::kClamp), 1u);
}

TEST(AddressMode, MirrorOnceMirrorsOnceThenClamps) {
  EXPECT_EQ(apply_address_mode(-1, 4, AddressMode::kMirrorOnce), 0u);
  EXPECT_EQ(apply_address_mode(-2, 4, AddressMode::kMirrorOnce), 1u);
  EXPECT_EQ(apply_address_mode(-4, 4, AddressMode::kMirrorOnce), 3u);
  EXPECT_EQ(apply_address_mode(-9, 4, AddressMode::kMirrorOnce), 3u);
  EXPECT_EQ(apply_address_mode(6, 4, AddressMode::kMirrorOnce), 3u);
}

TEST(AddressMode, BorderOutsideTheAxis) {
  EXPECT_EQ(apply_address_mode(-1, 4, AddressMode::kBorder), std::nullopt);
  EXPECT_EQ(apply_address_mode(4, 4, AddressMode::kBorder), std::nullopt);
  EXPECT_EQ(apply_address_mode(0, 4, AddressMode::kBorder), 0u);
  EXPECT_EQ(apply_address_mode(3, 4, AddressMode::kBorder), 3u);
}

TEST(BorderColor, SnappedToUnorm8) {
  SamplerState s;
  s.border_color = {0.3f, 1.5f, -0.2f, 0.5f};
  const Texel t = border_texel(s, Format::kR8G8B8A8_UNORM);
  EXPECT_EQ(t.kind, TexelKind::kFloat);
  EXPECT_EQ(t.f(0), 77.0f / 255.0f);  // 0.3f * 255 = 76.500003 -> 77
  EXPECT_EQ(t.f(1), 1.0f);            // clamped to the format range
  EXPECT_EQ(t.f(2), 0.0f);
  EXPECT_EQ(t.f(3), 128.0f / 255.0f);  // 127.5 -> 128 (ties to even)
}

TEST(BorderColor, SnormAndFloatChannels) {
  SamplerState s;
  s.border_color = {-2.0f, 0.1f, 0.5f, 0.25f};
  const Texel sn = border_texel(s, Format::kR8G8_SNORM);
  EXPECT_EQ(sn.f(0), -1.0f);
  EXPECT_EQ(sn.f(1), 13.0f / 127.0f);  // 12.7 -> 13
  EXPECT_EQ(sn.f(2), 0.0f);            // §7.18.9.1: B and A are missing: format defaults
  EXPECT_EQ(sn.f(3), 1.0f);
  const Texel fl = border_texel(s, Format::kR32_FLOAT);
  EXPECT_EQ(fl.f(0), -2.0f);  // float channels are filtered at full precision: unchanged
  EXPECT_EQ(fl.f(1), 0.0f);   // missing components: 0, 0, 1 (not the border's 0.1, 0.5, 0.25)
  EXPECT_EQ(fl.f(2), 0.0f);
  EXPECT_EQ(fl.f(3), 1.0f);
}

// §7.18.9.1: "the only components of the BorderColor used by filtering hardware are the ones
// present in the resource format description"; the rest take the format defaults (0, 0, 0, 1)
// of §19.1.3.3 (integer formats: 0x1 for A).
TEST(BorderColor, MissingChannelsTakeTheFormatDefaults) {
  SamplerState s;
  s.border_color = {0.5f, 0.25f, 0.125f, 0.75f};
  s.border_color_int = {5u, 6u, 7u, 8u};
  struct Case {
    Format f;
    std::array<uint32_t, 4> want;
  };
  const auto fb = [](float x) { return std::bit_cast<uint32_t>(x); };
  const Case cases[] = {
      // The example: R32_FLOAT with border (0.5, 0.25, 0.125, 0.75) -> (0.5, 0, 0, 1).
      {Format::kR32_FLOAT, {fb(0.5f), 0u, 0u, fb(1.0f)}},
      {Format::kR8_UNORM, {fb(128.0f / 255.0f), 0u, 0u, fb(1.0f)}},
      {Format::kR16G16_SNORM, {fb(16384.0f / 32767.0f), fb(8192.0f / 32767.0f), 0u, fb(1.0f)}},
      {Format::kR32G32_FLOAT, {fb(0.5f), fb(0.25f), 0u, fb(1.0f)}},
      {Format::kR11G11B10_FLOAT, {fb(0.5f), fb(0.25f), fb(0.125f), fb(1.0f)}},
      {Format::kB5G6R5_UNORM, {fb(16.0f / 31.0f), fb(16.0f / 63.0f), fb(4.0f / 31.0f), fb(1.0f)}},
      {Format::kD32_FLOAT, {fb(0.5f), 0u, 0u, fb(1.0f)}},
      {Format::kD16_UNORM, {fb(32768.0f / 65535.0f), 0u, 0u, fb(1.0f)}},
      {Format::kD24_UNORM_S8_UINT, {fb(8388608.0f / 16777215.0f), 0u, 0u, fb(1.0f)}},
      {Format::kBC4_UNORM, {fb(128.0f / 255.0f), 0u, 0u, fb(1.0f)}},
      {Format::kR8_UINT, {5u, 0u, 0u, 1u}},
      {Format::kR16G16_SINT, {5u, 6u, 0u, 1u}},
      {Format::kR32G32B32_UINT, {5u, 6u, 7u, 1u}},
      {Format::kR32_SINT, {5u, 0u, 0u, 1u}},
  };
  for (const Case& c : cases) {
    const Texel t = border_texel(s, c.f);
    EXPECT_EQ(t.bits, c.want) << format_info(c.f).name;
    // The same values as an in-bounds texel's missing components (§19.1.3.3).
    for (int k = 0; k < 4; ++k) {
      if (format_info(c.f).channels[static_cast<size_t>(k)].kind != ChannelKind::kNone) continue;
      EXPECT_EQ(
          t.bits[static_cast<size_t>(k)],
          out_of_bounds_texel(t.kind, format_info(c.f).present_mask()).bits[static_cast<size_t>(k)])
          << format_info(c.f).name << " component " << k;
    }
  }
}

TEST(BorderColor, SrgbIsClampedNotSnapped) {
  SamplerState s;
  s.border_color = {0.3f, 2.0f, -1.0f, 0.3f};
  const Texel t = border_texel(s, Format::kR8G8B8A8_UNORM_SRGB);
  EXPECT_EQ(t.f(0), 0.3f);
  EXPECT_EQ(t.f(1), 1.0f);
  EXPECT_EQ(t.f(2), 0.0f);
  EXPECT_EQ(t.f(3), 77.0f / 255.0f);  // alpha is a plain UNORM channel
}

TEST(BorderColor, IntegerBorderClampedToTheChannelRange) {
  SamplerState s;
  s.border_color_int = {300u, 7u, 0u, 0xffffffffu};
  const Texel u = border_texel(s, Format::kR8G8B8A8_UINT);
  EXPECT_EQ(u.kind, TexelKind::kUint);
  EXPECT_EQ(u.u(0), 255u);
  EXPECT_EQ(u.u(1), 7u);
  EXPECT_EQ(u.u(3), 255u);
  s.border_color_int = {static_cast<uint32_t>(-300), 100u, 0u, 0u};
  const Texel i = border_texel(s, Format::kR8G8B8A8_SINT);
  EXPECT_EQ(i.kind, TexelKind::kSint);
  EXPECT_EQ(i.i(0), -128);
  EXPECT_EQ(i.i(1), 100);
  const Texel w = border_texel(s, Format::kR32_UINT);
  EXPECT_EQ(w.u(0), static_cast<uint32_t>(-300));  // 32-bit channels are never clamped
}

}  // namespace
}  // namespace texsim::texunit
