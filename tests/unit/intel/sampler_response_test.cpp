// The Intel sampler message's response (intel/sampler_response.hpp): GRF blocks per channel,
// write-back with definedness, untouched disabled lanes, undefined tails and the pixel null mask.
#include "intel/sampler_response.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace texsim::intel {
namespace {

struct Regs {
  std::vector<uint8_t> value, defined;
  explicit Regs(size_t n) : value(n, 0xee), defined(n, 1) {}
  RegisterBytes bytes() { return {value, defined}; }
};

TEST(SamplerResponse, OneGrfBlockPerChannelAndOneForTheMask) {
  EXPECT_EQ(grfs_per_channel(8, 4, 32), 1u);
  EXPECT_EQ(grfs_per_channel(16, 4, 32), 2u);
  EXPECT_EQ(grfs_per_channel(16, 2, 64), 1u);
  EXPECT_EQ(response_bytes(0xf, 16, 4, 32, false), 256u);
  EXPECT_EQ(response_bytes(0x5, 8, 2, 32, true), 96u);   // R, B and the mask GRF
  EXPECT_EQ(response_bytes(0x30, 8, 4, 32, false), 0u);  // only bits 3:0 are channels
}

TEST(SamplerResponse, WritesEnabledLanesOfEnabledChannelsInRgbaOrder) {
  const ResponseLayout layout{
      .lanes = 8, .enabled = 0xfd, .channels = 0xa, .elem_bytes = 4, .grf = 32};
  LaneResults res{};
  for (unsigned i = 0; i < 8; ++i) res[i].word = {0x100u + i, 0x200u + i, 0x300u + i, 0x400u + i};
  res[3].undefined = 0x2;  // G undefined in lane 3
  Regs r(64);
  write_response(layout, res, r.bytes(), 0x55);
  EXPECT_EQ(r.value[0], 0x00);  // G of lane 0 (R is not enabled)
  EXPECT_EQ(r.value[1], 0x02);
  EXPECT_EQ(r.value[4], 0xee);  // lane 1 is disabled: untouched
  EXPECT_EQ(r.defined[4], 1);
  EXPECT_EQ(r.value[12], 0x55);  // lane 3's G: undefined, the fill value
  EXPECT_EQ(r.defined[12], 0);
  EXPECT_EQ(r.value[32], 0x00);  // A from the next GRF
  EXPECT_EQ(r.value[33], 0x04);
  EXPECT_EQ(r.defined[33], 1);
}

TEST(SamplerResponse, SixteenBitTailsAreUndefined) {
  const ResponseLayout layout{
      .lanes = 8, .enabled = 0xff, .channels = 0x1, .elem_bytes = 2, .grf = 32};
  LaneResults res{};
  res[7].word[0] = 0xbeef;
  Regs r(32);
  write_response(layout, res, r.bytes(), 0);
  EXPECT_EQ(r.value[14], 0xef);
  EXPECT_EQ(r.value[15], 0xbe);
  for (unsigned b = 16; b < 32; ++b) EXPECT_EQ(r.defined[b], 0) << b;
}

TEST(SamplerResponse, PixelNullMaskDefinesTheExecSizeBitsOnly) {
  const ResponseLayout layout{.lanes = 16,
                              .enabled = 0x7fff,
                              .channels = 0x1,
                              .elem_bytes = 4,
                              .grf = 32,
                              .pixel_null_mask = true};
  LaneResults res{};
  res[2].null_tile = true;
  res[15].null_tile = true;  // disabled: its bit stays set
  EXPECT_EQ(pixel_null_mask(layout, res), 0xfffbu);
  Regs r(response_bytes(0x1, 16, 4, 32, true));
  ASSERT_EQ(r.value.size(), 96u);
  write_response(layout, res, r.bytes(), 0x99);
  EXPECT_EQ(r.value[64], 0xfb);
  EXPECT_EQ(r.value[65], 0xff);
  EXPECT_EQ(r.defined[65], 1);
  EXPECT_EQ(r.value[66], 0x99);
  EXPECT_EQ(r.defined[66], 0);
}

}  // namespace
}  // namespace texsim::intel
