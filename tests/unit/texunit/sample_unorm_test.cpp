// The UNORM block message (texunit/sample_unorm.hpp; decisions V51-V53): the block's coordinates,
// the UNORM16 conversion, the surfaces it takes, and one block in every precision profile.
#include "texunit/sample_unorm.hpp"

#include <gtest/gtest.h>

#include <limits>

#include "texunit/format.hpp"

namespace texsim::texunit {
namespace {

TEST(UnormBlock, CoordinatesAreRowMajorEightByFour) {
  const UnormBlockRequest req{0.25f, 0.5f, 0.125f, -0.0625f};
  EXPECT_EQ(unorm_block_coord(req, 0), (std::array<float, 2>{0.25f, 0.5f}));
  EXPECT_EQ(unorm_block_coord(req, 7), (std::array<float, 2>{0.25f + 7 * 0.125f, 0.5f}));
  EXPECT_EQ(unorm_block_coord(req, 9), (std::array<float, 2>{0.375f, 0.4375f}));
  EXPECT_EQ(unorm_block_coord(req, 31), (std::array<float, 2>{1.125f, 0.3125f}));
  // The product is rounded before the sum: 0.1f + 5 x 0.6f (both as floats) is 3.0999999f;
  // one fused rounding would give 3.1000001f.
  const UnormBlockRequest r2{0.1f, 0.0f, 0.1f + 0.5f, 0.0f};
  EXPECT_EQ(unorm_block_coord(r2, 5)[0], 3.0999999046325684f);
  EXPECT_NE(unorm_block_coord(r2, 5)[0], 3.1000001430511475f);
}

TEST(UnormBlock, Unorm16ConversionScalesEightBitCodesIntoTheHighByte) {
  for (unsigned c = 0; c < 256; ++c) {
    EXPECT_EQ(unorm16_from_float(static_cast<float>(c) / 255.0f, 8), c << 8) << c;
  }
  for (unsigned c = 0; c < 65536; c += 7) {
    EXPECT_EQ(unorm16_from_float(static_cast<float>(c) / 65535.0f, 16), c) << c;
  }
  EXPECT_EQ(unorm16_from_float(1.0f, 16), 0xffffu);
  EXPECT_EQ(unorm16_from_float(2.0f, 8), 0xff00u);
  EXPECT_EQ(unorm16_from_float(-0.5f, 8), 0u);
  EXPECT_EQ(unorm16_from_float(std::numeric_limits<float>::quiet_NaN(), 16), 0u);
  EXPECT_EQ(unorm16_from_float(1.5f / 255.0f, 8), 0x0180u);  // half a code: the low byte
}

SurfaceDesc desc(Format f, SurfaceType t = SurfaceType::k2D, uint32_t samples = 1) {
  SurfaceDesc d;
  d.type = t;
  d.format = f;
  d.width = 16;
  d.height = t == SurfaceType::k1D ? 1 : 8;
  d.samples = samples;
  return d;
}

TEST(UnormBlock, TakesTwoDEightOrSixteenBitUnormSurfacesOnly) {
  for (Format f : {Format::kR8_UNORM, Format::kR8G8_UNORM, Format::kR8G8B8A8_UNORM,
                   Format::kB8G8R8A8_UNORM, Format::kR16_UNORM, Format::kR16G16B16A16_UNORM}) {
    EXPECT_FALSE(unorm_block_unsupported(desc(f)).has_value()) << format_info(f).name;
  }
  for (Format f :
       {Format::kR8G8B8A8_UNORM_SRGB, Format::kR10G10B10A2_UNORM, Format::kB5G6R5_UNORM,
        Format::kBC1_UNORM, Format::kD16_UNORM, Format::kR8G8B8A8_UINT, Format::kR32_FLOAT}) {
    EXPECT_TRUE(unorm_block_unsupported(desc(f)).has_value()) << format_info(f).name;
  }
  EXPECT_TRUE(unorm_block_unsupported(desc(Format::kR8_UNORM, SurfaceType::k1D)).has_value());
  EXPECT_TRUE(unorm_block_unsupported(desc(Format::kR8_UNORM, SurfaceType::k2D, 4)).has_value());
}

TEST(UnormBlock, PointSamplesAgreeInEveryProfile) {
  Surface s(desc(Format::kR8G8B8A8_UNORM));
  auto bytes = s.bytes();
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 13 + 5);
  SamplerState point;
  point.min_filter = point.mag_filter = Filter::kPoint;
  const UnormBlockRequest req{1.5f / 16, 2.5f / 8, 1.0f / 16, 1.0f / 8};
  for (const PrecisionProfile& p :
       {PrecisionProfile::d3d(), PrecisionProfile::exact(), PrecisionProfile::lavapipe()}) {
    MessageOptions mo;
    mo.precision = p;
    mo.layout.lavapipe_group_lanes = 8;
    const UnormBlock b = sample_unorm_block(s.view(), point, req, mo);
    ASSERT_TRUE(b.ok);
    for (unsigned i = 0; i < kUnormBlockLanes; ++i) {
      const unsigned x = 1 + i % 8, y = 2 + i / 8;
      for (unsigned c = 0; c < 4; ++c) {
        const unsigned code = bytes[4 * (16 * y + x) + c];
        EXPECT_EQ(b.words[c][i], code << 8) << "pixel " << i << " channel " << c;
      }
    }
  }
  // An unsupported surface samples nothing.
  Surface f(desc(Format::kR32_FLOAT));
  EXPECT_FALSE(sample_unorm_block(f.view(), point, req, {}).ok);
}

}  // namespace
}  // namespace texsim::texunit
