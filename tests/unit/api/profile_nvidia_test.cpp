// The `nvidia` precision profile through the public C++ and C APIs: its name, an unknown name,
// and a lookup whose 8-bit weight differs from the exact profile's (decisions P13, P19).
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <vector>

#include "texsim/texsim.h"
#include "texsim/texsim.hpp"

namespace {

TEST(ApiNvidiaProfile, NameParsesAndUnknownNamesAreRejected) {
  EXPECT_EQ(texsim::profile_from_name("nvidia"), texsim::Profile::kNvidia);
  EXPECT_EQ(texsim::profile_from_name("Nvidia"), texsim::Profile::kNvidia);
  EXPECT_EQ(texsim::profile_name(texsim::Profile::kNvidia), "nvidia");
  EXPECT_FALSE(texsim::profile_from_name("nvidea"));
  EXPECT_EQ(static_cast<int>(TEXSIM_PROFILE_NVIDIA), static_cast<int>(texsim::Profile::kNvidia));
}

// A 2-texel R32_FLOAT row {0, 1}: the result is the weight alpha of texel 1.
float alpha_at(float u, texsim::Profile profile) {
  texsim::SurfaceDesc d;
  d.type = texsim::SurfaceType::k1D;
  d.format = "R32_FLOAT";
  d.width = 2;
  d.height = 1;
  const float texels[2] = {0.0f, 1.0f};
  std::vector<uint8_t> bytes(sizeof texels);
  std::memcpy(bytes.data(), texels, sizeof texels);
  texsim::Diagnostics diags;
  auto s = texsim::Surface::from_memory(d, bytes, diags);
  EXPECT_TRUE(s) << (diags.empty() ? "" : diags[0].text);
  if (!s) return -1.0f;
  texsim::Sampler smp;
  smp.mip_filter = texsim::MipFilter::kNone;
  const float uu[1] = {u};
  texsim::SampleLanes lanes;
  lanes.count = 1;
  lanes.op = texsim::SampleOp::kLevelZero;
  lanes.u = uu;
  std::vector<uint32_t> r(1), g(1), b(1), a(1);
  texsim::SampleOptions o;
  o.profile = profile;
  const auto st = texsim::sample(*s, smp, lanes, {r, g, b, a, {}}, o, diags);
  EXPECT_TRUE(st.ok);
  return std::bit_cast<float>(r[0]);
}

TEST(ApiNvidiaProfile, LookupRoundsTheWeightToEightBits) {
  const float u = (0.5f + 0.5f + 3.0f / 1024) / 2;  // x * 2 - 0.5 = 0.5 + 3/1024
  EXPECT_EQ(alpha_at(u, texsim::Profile::kNvidia), 129.0f / 256);
  EXPECT_EQ(alpha_at(u, texsim::Profile::kExact), 0.5f + 3.0f / 1024);
}

}  // namespace
