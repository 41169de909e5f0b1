// Exactness of the lavapipe message entry (simd/lavapipe_message.hpp) on every SIMD target
// Highway compiled and this CPU runs: random lanes (special values included) against the scalar
// model lane by lane, with lavapipe's SIMD-group and quad contexts for the lanes it does not claim.
#include "texunit/simd/lavapipe_message.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "texunit/sample_lavapipe.hpp"
#include "texunit/simd/kernels.hpp"

namespace texsim::texunit {
namespace {

// 32-bit draws (std::mt19937's result_type is wider than uint32_t here).
struct Rng {
  std::mt19937 g;
  explicit Rng(uint32_t seed) : g(seed) {}
  using result_type = uint32_t;
  static constexpr uint32_t min() { return 0; }
  static constexpr uint32_t max() { return 0xffffffffu; }
  uint32_t operator()() { return static_cast<uint32_t>(g()); }
};

Surface random_rgba8(uint32_t w, uint32_t h, uint32_t mips, Rng& r,
                     SurfaceType t = SurfaceType::k2D, Format f = Format::kR8G8B8A8_UNORM) {
  SurfaceDesc d;
  d.type = t;
  d.format = f;
  d.width = w;
  d.height = h;
  d.mips = mips;
  if (t == SurfaceType::kCube) d.height = w;
  Surface s(d);
  for (auto& b : s.bytes()) b = static_cast<uint8_t>(r());
  return s;
}

float special(Rng& r) {
  switch (r() % 8) {
    case 0:
      return std::numeric_limits<float>::quiet_NaN();
    case 1:
      return -std::numeric_limits<float>::infinity();
    case 2:
      return std::numeric_limits<float>::infinity();
    case 3:
      return std::bit_cast<float>(static_cast<uint32_t>(1 + r() % 0x7fffff));
    case 4:
      return 3.0e9f;
    case 5:
      return -1.0e6f;
    default:
      return std::numeric_limits<float>::max();
  }
}

// Lanes: mostly in [-1.5, 2.5], exact texel-grid values, and 15% special values.
float coord(Rng& r, uint32_t size) {
  const uint32_t k = r() % 20;
  if (k < 3) return special(r);
  if (k < 8)
    return static_cast<float>(static_cast<int>(r() % (4 * size + 8)) - 4) /
           static_cast<float>(2 * size);
  return std::uniform_real_distribution<float>(-1.5f, 2.5f)(r);
}

struct Lanes {
  std::vector<float> u, v, lod, ddx_u, ddy_v;
  std::vector<uint8_t> active;
  SampleBatch batch(SampleOp op, bool with_active) const {
    SampleBatch b;
    b.count = u.size();
    b.op = op;
    b.u = u;
    b.v = v;
    b.lod = lod;
    b.ddx_u = ddx_u;
    b.ddy_v = ddy_v;
    if (with_active) b.active = active;
    return b;
  }
};

Lanes random_lanes(Rng& r, size_t n, uint32_t size, uint32_t mips) {
  Lanes l;
  for (size_t i = 0; i < n; ++i) {
    l.u.push_back(coord(r, size));
    l.v.push_back(coord(r, size));
    const uint32_t k = r() % 10;
    l.lod.push_back(
        k == 0  ? special(r)
        : k < 3 ? static_cast<float>(static_cast<int>(r() % (2 * mips + 4)) - 2) * 0.5f
                : std::uniform_real_distribution<float>(-1.0f, static_cast<float>(mips))(r));
    l.ddx_u.push_back(std::ldexp(1.0f, static_cast<int>(r() % 12)) / static_cast<float>(size));
    l.ddy_v.push_back(std::ldexp(1.0f, static_cast<int>(r() % 12)) / static_cast<float>(size));
    l.active.push_back(r() % 7 != 0 ? 1 : 0);
  }
  return l;
}

// The reference: the scalar model with lavapipe's group (8 lanes) and quad contexts.
std::vector<std::array<uint32_t, 4>> reference(const SurfaceView& view, const SamplerState& smp,
                                               const SampleBatch& b, bool quads) {
  std::vector<SampleRequest> reqs(b.count);
  for (size_t i = 0; i < b.count; ++i) reqs[i] = sample_request_at(b, i);
  std::vector<std::array<uint32_t, 4>> out(b.count);
  auto active = [&](size_t i) { return b.active.empty() || b.active[i] != 0; };
  auto ctx_of = [&](size_t i) {
    LavapipeLaneContext c;
    if (quads) {
      c.quad = &reqs[i & ~size_t{3}];
      c.quad_lane = static_cast<uint8_t>(i & 3u);
    }
    return c;
  };
  for (size_t g = 0; g < b.count; g += 8) {
    bool lin = false, lerp = false, mini = false;
    std::array<bool, 2> corner{};
    for (size_t i = g; i < std::min(b.count, g + 8); ++i) {
      if (!active(i)) continue;
      const auto f = lavapipe_lane_facts(view, smp, reqs[i], ctx_of(i));
      lin = lin || f.needs_linear;
      lerp = lerp || f.mip_lerp;
      mini = mini || f.minified;
      corner[0] = corner[0] || f.cube_corner[0];
      corner[1] = corner[1] || f.cube_corner[1];
    }
    for (size_t i = g; i < std::min(b.count, g + 8); ++i) {
      if (!active(i)) continue;
      LavapipeLaneContext c = ctx_of(i);
      c.group = &reqs[g];  // anisotropic samplers (P12)
      c.group_lane = static_cast<uint8_t>(i - g);
      c.group_size = static_cast<uint8_t>(std::min<size_t>(8, b.count - g));
      c.group_needs_linear = lin;
      c.group_mip_lerp = lerp;
      c.group_minified = mini;
      c.group_cube_corner = {corner[0], corner[1]};
      out[i] = sample_lavapipe(view, smp, reqs[i], c).texel.bits;
    }
  }
  return out;
}

constexpr uint32_t kUntouched = 0xdeadbeefu;

struct Checked {
  size_t lanes = 0, simd = 0;
};

void check_sample(const SurfaceView& view, const SamplerState& smp, const SampleBatch& b,
                  bool quads, bool expect_simd, Checked& c, const std::string& what) {
  std::vector<uint32_t> r(b.count, kUntouched), g(b.count, kUntouched), bl(b.count, kUntouched),
      a(b.count, kUntouched);
  simd::LavapipeMessageOptions o;
  o.fragment_quads = quads;
  o.batch.threads = 2;
  o.batch.block_lanes = 64;
  const BatchStats st = simd::lavapipe_sample_message(view, smp, b, {r, g, bl, a, {}}, o);
  ASSERT_TRUE(st.ok) << what;
  if (expect_simd)
    EXPECT_GT(st.simd_lanes, 0u) << what;
  else
    EXPECT_EQ(st.simd_lanes, 0u) << what;
  const auto want = reference(view, smp, b, quads);
  for (size_t i = 0; i < b.count; ++i) {
    const bool act = b.active.empty() || b.active[i] != 0;
    const std::array<uint32_t, 4> got{r[i], g[i], bl[i], a[i]};
    if (!act) {
      EXPECT_EQ(got, (std::array<uint32_t, 4>{kUntouched, kUntouched, kUntouched, kUntouched}))
          << what << " inactive lane " << i;
      continue;
    }
    ASSERT_EQ(got, want[i]) << what << " lane " << i << " u=" << b.u[i] << " v=" << b.v[i]
                            << " lod=" << (b.lod.empty() ? 0.0f : b.lod[i]);
    ++c.lanes;
  }
  c.simd += st.simd_lanes;
}

class LavapipeSimd : public ::testing::TestWithParam<int64_t> {
 protected:
  void SetUp() override { simd::force_target(GetParam()); }
  void TearDown() override { simd::force_target(0); }
};

TEST_P(LavapipeSimd, AosSamplingMatchesTheScalarModel) {
  Rng r(static_cast<uint32_t>(GetParam() & 0xffffffff) ^ 18u);
  Checked c;
  const uint32_t sizes[][2] = {{64, 64}, {37, 20}, {1, 16}, {128, 3}};
  for (const auto& sz : sizes) {
    uint32_t full = 1;
    while ((std::max(sz[0], sz[1]) >> full) != 0) ++full;
    const Surface s = random_rgba8(sz[0], sz[1], full, r);
    for (int cfg = 0; cfg < 24; ++cfg) {
      SamplerState smp;
      smp.min_filter = smp.mag_filter = cfg % 2 ? Filter::kLinear : Filter::kPoint;
      smp.mip_filter = std::array{MipFilter::kNone, MipFilter::kPoint, MipFilter::kLinear}[cfg % 3];
      const AddressMode m0 = cfg % 4 < 2 ? AddressMode::kWrap : AddressMode::kClamp;
      const AddressMode m1 = cfg % 8 < 4 ? AddressMode::kWrap : AddressMode::kClamp;
      smp.address = {m0, m1, AddressMode::kClamp};
      if (cfg % 5 == 1) smp.lod_bias = 0.75f;
      if (cfg % 6 == 2) smp.min_lod = 1.25f;
      if (cfg % 7 == 3) smp.max_lod = 2.5f;
      if (cfg == 11) smp.min_lod = smp.max_lod = 1.0f;
      const Lanes l = random_lanes(r, 203, sz[0], full);
      for (SampleOp op : {SampleOp::kLevel, SampleOp::kLevelZero}) {
        const std::string what = "size " + std::to_string(sz[0]) + "x" + std::to_string(sz[1]) +
                                 " cfg " + std::to_string(cfg) +
                                 (op == SampleOp::kLevel ? " level" : " level0");
        check_sample(s.view(), smp, l.batch(op, cfg % 3 == 0), false, true, c, what);
        if (HasFatalFailure()) return;
      }
    }
  }
  std::printf("lavapipe simd (%s): %zu lanes exact, %zu by the kernels\n",
              simd::current_target_name().c_str(), c.lanes, c.simd);
}

TEST_P(LavapipeSimd, FetchMatchesTheScalarModel) {
  Rng r(7);
  const Surface s = random_rgba8(33, 64, 4, r);
  const size_t n = 301;
  std::vector<uint32_t> x(n), y(n), level(n);
  std::vector<uint8_t> active(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = r() % 40;
    y[i] = r() % 70;
    level[i] = r() % 5;
    active[i] = r() % 9 != 0 ? 1 : 0;
  }
  FetchBatch b;
  b.count = n;
  b.x = x;
  b.y = y;
  b.level = level;
  b.active = active;
  std::vector<uint32_t> o[4];
  for (auto& v : o) v.assign(n, kUntouched);
  std::vector<uint8_t> flags(n, 0xff);
  const BatchStats st =
      simd::lavapipe_fetch_message(s.view(), b, {o[0], o[1], o[2], o[3], flags}, {});
  ASSERT_TRUE(st.ok);
  EXPECT_GT(st.simd_lanes, 0u);
  EXPECT_GT(st.scalar_lanes, 0u);  // out-of-bounds lanes
  for (size_t i = 0; i < n; ++i) {
    if (!active[i]) {
      EXPECT_EQ(o[0][i], kUntouched);
      continue;
    }
    FetchRequest q;
    q.coord = {x[i], y[i], 0};
    q.level = level[i];
    const FetchResult want = fetch_texel_lavapipe(s.view(), q);
    const std::array<uint32_t, 4> got{o[0][i], o[1][i], o[2][i], o[3][i]};
    ASSERT_EQ(got, want.texel.bits) << "lane " << i;
    EXPECT_EQ(flags[i], want.in_bounds ? kLaneInBounds : 0) << "lane " << i;
  }
}

// Lanes the kernels do not claim run the scalar model with the group and quad contexts: an
// RGBA8 2D, an R32_FLOAT 2D and an RGBA8 cube surface through explicit-LOD, gradient and
// fragment-quad (implicit, bias) messages must give the reference's bits.
struct Unclaimed {
  Surface rgba, r32, cube;
  explicit Unclaimed(Rng& r)
      : rgba(random_rgba8(16, 16, 5, r)),
        r32(random_rgba8(16, 16, 5, r, SurfaceType::k2D, Format::kR32_FLOAT)),
        cube(random_rgba8(8, 8, 4, r, SurfaceType::kCube)) {}
  void check(const SamplerState& smp, const Lanes& l, Checked& c, const std::string& what) const {
    check_sample(rgba.view(), smp, l.batch(SampleOp::kLevel, true), false, false, c, what);
    check_sample(r32.view(), smp, l.batch(SampleOp::kGrad, false), false, false, c, what + " r32");
    check_sample(cube.view(), smp, l.batch(SampleOp::kLevel, false), false, false, c,
                 what + " cube");
    check_sample(cube.view(), smp, l.batch(SampleOp::kGrad, false), false, false, c,
                 what + " cube grad");
    check_sample(rgba.view(), smp, l.batch(SampleOp::kImplicit, false), true, false, c,
                 what + " quads");
    check_sample(r32.view(), smp, l.batch(SampleOp::kBias, true), true, false, c,
                 what + " quads bias");
  }
};

// Linear minification; magnification point for odd `cfg`.
SamplerState min_linear(int cfg, MipFilter mip, AddressMode u, AddressMode v,
                        float max_anisotropy) {
  SamplerState smp;
  smp.min_filter = Filter::kLinear;
  smp.mag_filter = cfg % 2 ? Filter::kPoint : Filter::kLinear;
  smp.mip_filter = mip;
  smp.address = {u, v, AddressMode::kClamp};
  smp.max_anisotropy = max_anisotropy;
  return smp;
}

// min != mag, comparison-free SoA formats, cube maps, fragment quads.
TEST_P(LavapipeSimd, UnclaimedLanesKeepGroupSemantics) {
  Rng r(11);
  Checked c;
  const Unclaimed u(r);
  for (int cfg = 0; cfg < 6; ++cfg) {
    const SamplerState smp =
        min_linear(cfg, MipFilter::kLinear, AddressMode::kMirror, AddressMode::kWrap, 1);
    u.check(smp, random_lanes(r, 64, 16, 5), c, "cfg " + std::to_string(cfg));
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(c.lanes, 1000u);
}

// Anisotropic samplers (decision P12) are never claimed by the kernels: every lane runs the
// scalar model with its SIMD group (the footprint is the group's lane quad) on every target.
// Finite coordinates in [-0.5, 1.5] keep the ellipses small.
TEST_P(LavapipeSimd, AnisotropicLanesMatchTheScalarModel) {
  Rng r(23);
  Checked c;
  const Unclaimed u(r);
  for (int cfg = 0; cfg < 4; ++cfg) {
    const SamplerState smp =
        min_linear(cfg, cfg < 2 ? MipFilter::kLinear : MipFilter::kPoint, AddressMode::kWrap,
                   AddressMode::kClamp, 2.0f + 7.0f * static_cast<float>(cfg));
    Lanes l = random_lanes(r, 64, 16, 5);
    for (float& x : l.u) x = std::uniform_real_distribution<float>(-0.5f, 1.5f)(r);
    for (float& y : l.v) y = std::uniform_real_distribution<float>(-0.5f, 1.5f)(r);
    for (float& lod : l.lod) lod = std::uniform_real_distribution<float>(-1.0f, 5.0f)(r);
    u.check(smp, l, c, "aniso cfg " + std::to_string(cfg));
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(c.lanes, 900u);
}

TEST(LavapipeSimdMessage, RejectsShortSpansAndPartialQuads) {
  Rng r(3);
  const Surface s = random_rgba8(8, 8, 1, r);
  std::vector<float> u(10, 0.5f), v(9, 0.5f);
  std::vector<uint32_t> o(10);
  SampleBatch b;
  b.count = 10;
  b.u = u;
  b.v = v;
  EXPECT_FALSE(simd::lavapipe_sample_message(s.view(), {}, b, {o, o, o, o, {}}).ok);
  v.resize(10);
  b.v = v;
  EXPECT_TRUE(simd::lavapipe_sample_message(s.view(), {}, b, {o, o, o, o, {}}).ok);
  b.op = SampleOp::kImplicit;  // 10 lanes are not whole quads
  EXPECT_FALSE(simd::lavapipe_sample_message(s.view(), {}, b, {o, o, o, o, {}}).ok);
}

std::string target_label(const ::testing::TestParamInfo<int64_t>& info) {
  std::string s = simd::target_name(info.param);
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Targets, LavapipeSimd, ::testing::ValuesIn(simd::available_targets()),
                         target_label);

}  // namespace
}  // namespace texsim::texunit
