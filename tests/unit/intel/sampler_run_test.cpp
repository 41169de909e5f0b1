// An Intel sampler message on the texture unit (intel/sampler_run.hpp): the return conversion,
// ld through fetch_message, undefined lanes, the LOD query's undefined channels and ld_mcs.
#include "intel/sampler_run.hpp"

#include <gtest/gtest.h>

#include <bit>

#include "core/diag.hpp"
#include "texunit/surface.hpp"

namespace texsim::intel {
namespace {

using texunit::TexelKind;

texunit::Surface surface(uint32_t samples = 1) {
  texunit::SurfaceDesc d;
  d.type = texunit::SurfaceType::k2D;
  d.format = texunit::Format::kR32G32B32A32_UINT;
  d.width = 4;
  d.height = 4;
  d.samples = samples;
  core::DiagSink sink;
  EXPECT_TRUE(texunit::validate_surface_desc(d, sink));
  texunit::Surface s(d);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x)
      for (uint32_t k = 0; k < samples; ++k)
        EXPECT_TRUE(
            s.write_texel(k, 0, 0, x, y, texunit::Texel{{x, y, 7, 100 + k}, TexelKind::kUint}));
  return s;
}

TEST(SamplerRun, SixteenBitReturnsRoundOrSaturate) {
  EXPECT_EQ(convert_return(0x12345678u, TexelKind::kUint, 4), 0x12345678u);
  EXPECT_EQ(convert_return(std::bit_cast<uint32_t>(1.00146484375f), TexelKind::kFloat, 2),
            0x3c02u);  // RNE
  EXPECT_EQ(convert_return(70000u, TexelKind::kUint, 2), 0xffffu);
  EXPECT_EQ(convert_return(static_cast<uint32_t>(-40000), TexelKind::kSint, 2), 0x8000u);
  EXPECT_EQ(convert_return(static_cast<uint32_t>(-5), TexelKind::kSint, 2), 0xfffbu);
}

TEST(SamplerRun, LdReturnsTheTexelAndUndefinedLanesAreUndefined) {
  const texunit::Surface s = surface();
  MessageParams p;
  p.lanes = 8;
  p.enabled = 0xff;
  for (unsigned i = 0; i < 8; ++i) {
    p.set(Param::kU, i, i % 4, true);
    p.set(Param::kV, i, 2, true);
  }
  p.set(Param::kU, 5, 1, false);
  const MessageSpec& ld = message(MessageType::kLd);
  const LoweredMessage msg = lower_message(p, ld, texunit::SurfaceType::k2D, {1.0f, 1.0f});
  const LaneResults r4 = run_message(s.view(), {}, {}, ld, msg, 4);
  EXPECT_EQ(r4[3].word, (std::array<uint32_t, 4>{3, 2, 7, 100}));
  EXPECT_EQ(r4[3].undefined, 0u);
  EXPECT_EQ(r4[5].undefined, 0xfu);
  const LaneResults r2 = run_message(s.view(), {}, {}, ld, msg, 2);
  EXPECT_EQ(r2[3].word[3], 100u);
}

TEST(SamplerRun, LdMcsReturnsTheMcsInRAndGOrFourQuarters) {
  texunit::Surface s = surface(4);
  s.enable_mcs();
  s.set_mcs(1, 2, 0, 0xe4);
  MessageParams p;
  p.lanes = 8;
  p.enabled = 0x1;
  p.set(Param::kU, 0, 1, true);
  p.set(Param::kV, 0, 2, true);
  const MessageSpec& mcs = message(MessageType::kLdMcs);
  const LoweredMessage msg = lower_message(p, mcs, texunit::SurfaceType::k2D, {1.0f, 1.0f});
  EXPECT_EQ(run_message(s.view(), {}, {}, mcs, msg, 4)[0].word,
            (std::array<uint32_t, 4>{0xe4, 0, 0, 0}));
  EXPECT_EQ(run_message(s.view(), {}, {}, mcs, msg, 2)[0].word,
            (std::array<uint32_t, 4>{0xe4, 0, 0, 0}));
}

TEST(SamplerRun, LodQueryLeavesBAndAUndefined) {
  texunit::SurfaceDesc d;
  d.format = texunit::Format::kR32G32B32A32_FLOAT;
  d.width = 8;
  d.height = 8;
  const texunit::Surface s(d);
  MessageParams p;
  p.lanes = 8;
  p.enabled = 0xff;
  const MessageSpec& lod = message(MessageType::kLod);
  const LoweredMessage msg = lower_message(p, lod, texunit::SurfaceType::k2D, {1.0f, 1.0f});
  const LaneResults r = run_message(s.view(), {}, {}, lod, msg, 4);
  EXPECT_EQ(r[0].undefined, 0xcu);
}

}  // namespace
}  // namespace texsim::intel
