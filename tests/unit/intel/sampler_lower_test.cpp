// Lowering the Intel sampler message's parameters (intel/sampler_lower.hpp): header offsets,
// coordinates by surface type, LOD sources, quad derivatives and coarse pixels, undefined lanes,
// gather4_po offsets, fetch slices and the ld2dms_w MCS in both forms.
#include "intel/sampler_lower.hpp"

#include <gtest/gtest.h>

#include <bit>

namespace texsim::intel {
namespace {

using texunit::SurfaceType;

uint32_t fbits(float f) {
  return std::bit_cast<uint32_t>(f);
}

MessageParams params(unsigned lanes, uint32_t enabled) {
  MessageParams p;
  p.lanes = lanes;
  p.enabled = enabled;
  return p;
}

TEST(SamplerLower, AoffimmiIsUVRSignedNibbles) {
  const TexelOffsets a = decode_aoffimmi(0x0f87);
  EXPECT_EQ(a.u, -1);
  EXPECT_EQ(a.v, -8);
  EXPECT_EQ(a.r, 7);
  const TexelOffsets z = decode_aoffimmi(0);
  EXPECT_EQ(z.u + z.v + z.r, 0);
}

TEST(SamplerLower, CoordinatesAndArrayIndexBySurfaceType) {
  EXPECT_EQ(coord_mapping(SurfaceType::k1D).dims, 1u);
  EXPECT_EQ(coord_mapping(SurfaceType::k1DArray).array_from, 1);  // v
  EXPECT_EQ(coord_mapping(SurfaceType::k2DArray).array_from, 2);  // r
  EXPECT_EQ(coord_mapping(SurfaceType::kCube).dims, 3u);
  EXPECT_EQ(coord_mapping(SurfaceType::kCubeArray).array_from, 3);  // ai
  // sample_l on a 2D array: u, v, then r as the slice; lod from its own role.
  MessageParams p = params(8, 0xff);
  for (unsigned i = 0; i < 8; ++i) {
    p.set(Param::kLod, i, fbits(1.5f), true);
    p.set(Param::kU, i, fbits(0.25f * float(i)), true);
    p.set(Param::kV, i, fbits(0.5f), true);
    p.set(Param::kR, i, fbits(3.0f), true);
  }
  p.offset = decode_aoffimmi(0x123);
  const LoweredMessage m =
      lower_message(p, message(MessageType::kSampleL), SurfaceType::k2DArray, {1.0f, 1.0f});
  EXPECT_EQ(m.op, texunit::SampleOp::kLevel);
  EXPECT_EQ(m.f[0][3], 0.75f);
  EXPECT_EQ(m.f[1][3], 0.5f);
  EXPECT_EQ(m.f[2][3], 0.0f);  // no third coordinate on a 2D array
  EXPECT_EQ(m.f[3][3], 3.0f);
  EXPECT_EQ(m.f[4][3], 1.5f);
  EXPECT_EQ(m.offset, (std::array<int32_t, 3>{1, 2, 0}));  // R offset unused on 2D
  EXPECT_EQ(m.undefined, 0u);
  const texunit::SampleBatch b = m.sample_batch();
  EXPECT_EQ(b.count, 8u);
  EXPECT_EQ(b.lod[3], 1.5f);
}

TEST(SamplerLower, ImplicitLodTakesTheQuadDividedByTheCoarsePixel) {
  MessageParams p = params(8, 0x0f);
  const float u[4] = {0.0f, 0.125f, 0.0f, 0.125f}, v[4] = {0.0f, 0.0f, 0.25f, 0.25f};
  for (unsigned i = 0; i < 8; ++i) {
    p.set(Param::kU, i, fbits(u[i % 4]), true);
    p.set(Param::kV, i, fbits(v[i % 4]), true);
  }
  p.set(Param::kV, 6, 0, false);  // quad 1 has an undefined coordinate
  const LoweredMessage m =
      lower_message(p, message(MessageType::kSample), SurfaceType::k2D, {2.0f, 1.0f});
  EXPECT_EQ(m.op, texunit::SampleOp::kImplicit);
  EXPECT_EQ(m.f[5][1], 0.0625f);  // ddx_u = 0.125 / 2
  EXPECT_EQ(m.f[9][2], 0.25f);    // ddy_v
  EXPECT_EQ(m.active[0], 1);
  EXPECT_EQ(m.active[4], 0);   // disabled
  EXPECT_EQ(m.undefined, 0u);  // quad 1 is disabled: nothing is reported
  p.enabled = 0xff;
  const LoweredMessage all =
      lower_message(p, message(MessageType::kSample), SurfaceType::k2D, {1.0f, 1.0f});
  EXPECT_EQ(all.undefined, 0xf0u);  // every lane of the quad needs the whole quad
}

TEST(SamplerLower, QueryLeavesBAndAUndefinedAndCompareReadsRef) {
  MessageParams p = params(8, 0xff);
  const LoweredMessage q =
      lower_message(p, message(MessageType::kLod), SurfaceType::k2D, {1.0f, 1.0f});
  EXPECT_EQ(q.op, texunit::SampleOp::kLodQuery);
  EXPECT_EQ(q.undefined_channels, 0xcu);
  p.set(Param::kRef, 2, fbits(0.5f), true);
  p.set(Param::kRef, 3, 0, false);
  const LoweredMessage c =
      lower_message(p, message(MessageType::kSampleCLz), SurfaceType::k2D, {1.0f, 1.0f});
  EXPECT_EQ(c.op, texunit::SampleOp::kLevelZero);
  EXPECT_EQ(c.f[11][2], 0.5f);
  EXPECT_EQ(c.undefined, 1u << 3);
}

TEST(SamplerLower, Gather4PoOffsetsAreTheLowSixBitsSigned) {
  MessageParams p = params(8, 0xff);
  p.gather_component = 2;
  p.set(Param::kOffU, 0, 0x3f, true);  // -1
  p.set(Param::kOffV, 0, 0x5f, true);  // low 6 bits 0x1f = 31
  const LoweredMessage m =
      lower_message(p, message(MessageType::kGather4Po), SurfaceType::k2D, {1.0f, 1.0f});
  EXPECT_EQ(m.op, texunit::SampleOp::kGather);
  EXPECT_EQ(m.gather_component, 2);
  ASSERT_TRUE(m.lane_offsets);
  EXPECT_EQ(m.lane_offset[0][0], -1);
  EXPECT_EQ(m.lane_offset[1][0], 31);
  EXPECT_EQ(m.sample_batch().offset_x.size(), 8u);
}

TEST(SamplerLower, FetchSlicesLevelsAndTheSuppliedMcs) {
  MessageParams p = params(8, 0xff);
  p.set(Param::kU, 0, 3, true);
  p.set(Param::kV, 0, 4, true);
  p.set(Param::kR, 0, 9, true);
  p.set(Param::kLod, 0, 2, true);
  const LoweredMessage cube =
      lower_message(p, message(MessageType::kLd), SurfaceType::kCube, {1.0f, 1.0f});
  EXPECT_EQ(cube.c[0][0], 3u);
  EXPECT_EQ(cube.c[2][0], 0u);
  EXPECT_EQ(cube.c[3][0], 9u);  // r names the face slice
  EXPECT_EQ(cube.c[4][0], 2u);
  const LoweredMessage lz =
      lower_message(p, message(MessageType::kLdLz), SurfaceType::k2DArray, {1.0f, 1.0f});
  EXPECT_EQ(lz.c[3][0], 9u);
  EXPECT_EQ(lz.c[4][0], 0u);  // level 0 whatever the lod role holds
  p.set(Param::kSi, 0, 1, true);
  p.set(Param::kMcsl, 0, 0x11223344u, true);
  p.set(Param::kMcsh, 0, 0x55667788u, true);
  const LoweredMessage ms =
      lower_message(p, message(MessageType::kLd2dmsW), SurfaceType::k2D, {1.0f, 1.0f});
  EXPECT_EQ(ms.sample_policy, texunit::SampleIndexPolicy::kClamp);
  EXPECT_EQ(ms.mcs[0], 0x5566778811223344ull);
  EXPECT_EQ(ms.c[5][0], 1u);
  EXPECT_EQ(ms.fetch_batch().mcs.size(), 8u);
  p.uw_params = true;
  for (unsigned k = 0; k < 4; ++k)
    p.set(static_cast<Param>(static_cast<int>(Param::kMcs0) + k), 0, 0x10000u | (k + 1), true);
  p.set(Param::kMcs3, 1, 0, false);
  const LoweredMessage uw =
      lower_message(p, message(MessageType::kLd2dmsW), SurfaceType::k2D, {1.0f, 1.0f});
  EXPECT_EQ(uw.mcs[0], 0x0004000300020001ull);  // the low 16 bits of each quarter
  EXPECT_EQ(uw.undefined, 1u << 1);
  EXPECT_EQ(uw.active[1], 0);
}

}  // namespace
}  // namespace texsim::intel
