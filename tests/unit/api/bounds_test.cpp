// Unit tests for texsim::sample_bounds / within_bounds (include/texsim/lookup.hpp): every
// profile's answer through the API lies inside, diagnostics for bad spans and precision.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "texsim/texsim.hpp"

namespace {

bool has_rule(const texsim::Diagnostics& d, const std::string& rule) {
  for (const auto& x : d)
    if (x.rule == rule) return true;
  return false;
}

texsim::Surface noisy(uint32_t mips = 5) {
  texsim::SurfaceDesc d;
  d.format = "R8G8B8A8_UNORM";
  d.width = d.height = 16;
  d.mips = mips;
  texsim::Diagnostics diags;
  auto s = texsim::Surface::create(d, diags);
  EXPECT_TRUE(s);
  std::mt19937 rng(5);
  for (uint8_t& b : s->mutable_bytes()) b = static_cast<uint8_t>(rng());
  return *s;
}

struct Out {
  explicit Out(size_t n) : r(n), g(n), b(n), a(n), flags(n) {}
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;
  texsim::Results results() { return {r, g, b, a, flags}; }
  uint32_t at(size_t i, int c) const {
    return c == 0 ? r[i] : c == 1 ? g[i] : c == 2 ? b[i] : a[i];
  }
};

TEST(ApiBounds, EveryProfileLiesInside) {
  const texsim::Surface s = noisy();
  texsim::Sampler smp;
  smp.mip_filter = texsim::MipFilter::kLinear;
  smp.address = {texsim::AddressMode::kWrap, texsim::AddressMode::kMirror,
                 texsim::AddressMode::kClamp};
  const size_t n = 256;
  std::vector<float> u(n), v(n), lod(n);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> c(-0.5f, 1.5f), l(-1.0f, 5.0f);
  for (size_t i = 0; i < n; ++i) u[i] = c(rng), v[i] = c(rng), lod[i] = l(rng);
  for (auto op : {texsim::SampleOp::kLevel, texsim::SampleOp::kImplicit}) {
    texsim::SampleLanes lanes;
    lanes.count = n;
    lanes.op = op;
    lanes.u = u, lanes.v = v, lanes.lod = lod;
    Out lo(n), hi(n);
    texsim::Diagnostics d;
    texsim::BoundsOptions bo;
    bo.derivatives_from_quads = op == texsim::SampleOp::kImplicit;
    const auto st = texsim::sample_bounds(s, smp, lanes, lo.results(), hi.results(), bo, d);
    ASSERT_TRUE(st.ok);
    for (auto p : {texsim::Profile::kD3D, texsim::Profile::kExact, texsim::Profile::kNvidia,
                   texsim::Profile::kLavapipe}) {
      Out out(n);
      texsim::SampleOptions so;
      so.profile = p;
      so.derivatives_from_quads = true;
      ASSERT_TRUE(texsim::sample(s, smp, lanes, out.results(), so, d).ok);
      for (size_t i = 0; i < n; ++i)
        for (int ch = 0; ch < 4; ++ch)
          EXPECT_TRUE(texsim::within_bounds(st.kind, lo.at(i, ch), hi.at(i, ch), out.at(i, ch)))
              << texsim::profile_name(p) << " lane " << i << " channel " << ch;
    }
  }
}

TEST(ApiBounds, WithinBoundsRejectsJustOutside) {
  const uint32_t lo = std::bit_cast<uint32_t>(0.25f), hi = std::bit_cast<uint32_t>(0.5f);
  EXPECT_TRUE(texsim::within_bounds(texsim::TexelKind::kFloat, lo, hi, lo));
  EXPECT_TRUE(texsim::within_bounds(texsim::TexelKind::kFloat, lo, hi, hi));
  EXPECT_FALSE(texsim::within_bounds(texsim::TexelKind::kFloat, lo, hi,
                                     std::bit_cast<uint32_t>(std::nextafter(0.5f, 1.0f))));
  EXPECT_FALSE(texsim::within_bounds(texsim::TexelKind::kFloat, lo, hi, 0x7fc00000u));  // NaN
  EXPECT_TRUE(texsim::within_bounds(texsim::TexelKind::kFloat, 0xff800000u, 0x7f800000u,
                                    0x7fc00000u));  // unbounded admits NaN
  EXPECT_TRUE(texsim::within_bounds(texsim::TexelKind::kSint, static_cast<uint32_t>(-3), 4,
                                    static_cast<uint32_t>(-1)));
  EXPECT_FALSE(texsim::within_bounds(texsim::TexelKind::kSint, static_cast<uint32_t>(-3), 4, 5));
}

TEST(ApiBounds, AnisotropyIsFlaggedUnbounded) {
  const texsim::Surface s = noisy();
  texsim::Sampler smp;
  smp.max_anisotropy = 4;
  const std::vector<float> u{0.5f}, dx{0.25f};
  texsim::SampleLanes lanes;
  lanes.count = 1;
  lanes.op = texsim::SampleOp::kGrad;
  lanes.u = u, lanes.v = u, lanes.ddx_u = dx;
  Out lo(1), hi(1);
  texsim::Diagnostics d;
  ASSERT_TRUE(texsim::sample_bounds(s, smp, lanes, lo.results(), hi.results(), {}, d).ok);
  EXPECT_EQ(lo.flags[0] & texsim::kFlagUnbounded, texsim::kFlagUnbounded);
  EXPECT_EQ(lo.r[0], 0xff800000u);
  EXPECT_EQ(hi.r[0], 0x7f800000u);
}

TEST(ApiBounds, BadSpansAndPrecisionAreDiagnosed) {
  const texsim::Surface s = noisy();
  const std::vector<float> u(3);
  texsim::SampleLanes lanes;
  lanes.count = 4;
  lanes.u = u;  // too short
  Out lo(4), hi(4);
  texsim::Diagnostics d;
  EXPECT_FALSE(texsim::sample_bounds(s, {}, lanes, lo.results(), hi.results(), {}, d).ok);
  EXPECT_TRUE(has_rule(d, "LIB-LANES"));
  lanes.count = 3;
  texsim::BoundsOptions bo;
  bo.precision.subtexel_bits = 99;
  d.clear();
  EXPECT_FALSE(texsim::sample_bounds(s, {}, lanes, lo.results(), hi.results(), bo, d).ok);
  EXPECT_TRUE(has_rule(d, "LIB-BOUNDS"));
  bo = {};
  bo.derivatives_from_quads = true;
  lanes.op = texsim::SampleOp::kImplicit;
  d.clear();
  EXPECT_FALSE(texsim::sample_bounds(s, {}, lanes, lo.results(), hi.results(), bo, d).ok);
  EXPECT_TRUE(has_rule(d, "LIB-QUAD"));
  bo.derivatives_from_quads = false;
  d.clear();
  EXPECT_TRUE(texsim::sample_bounds(s, {}, lanes, lo.results(), hi.results(), bo, d).ok);
}

}  // namespace
