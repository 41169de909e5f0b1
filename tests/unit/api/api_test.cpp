// Unit tests for the public C++ API (include/texsim/): surfaces, lookups (lavapipe grouping and
// quads against the hand-driven lane protocol of sample_lavapipe.hpp), scenes and programs.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "texsim/texsim.hpp"
#include "texunit/sample.hpp"
#include "texunit/sample_lavapipe.hpp"

namespace {

bool has_rule(const texsim::Diagnostics& d, const std::string& rule) {
  for (const auto& x : d)
    if (x.rule == rule) return true;
  return false;
}

// An 16x16 RGBA8 surface with 5 levels of pseudo-random texels, public and internal.
struct Fixture {
  texsim::Surface pub;
  texsim::texunit::Surface in;
};
Fixture noisy_surface(const std::string& format = "R8G8B8A8_UNORM") {
  texsim::SurfaceDesc d;
  d.format = format;
  d.width = d.height = 16;
  d.mips = 5;
  texsim::Diagnostics diags;
  auto s = texsim::Surface::create(d, diags);
  EXPECT_TRUE(s) << (diags.empty() ? "" : diags[0].text);
  std::mt19937 rng(7);
  for (uint8_t& b : s->mutable_bytes()) b = static_cast<uint8_t>(rng());
  texsim::texunit::SurfaceDesc id;
  id.width = id.height = 16;
  id.mips = 5;
  id.format = *texsim::texunit::format_from_name(format);
  texsim::texunit::Surface in(id);
  std::memcpy(in.bytes().data(), s->bytes().data(), s->bytes().size());
  return {*s, std::move(in)};
}

struct Out {
  explicit Out(size_t n) : r(n), g(n), b(n), a(n), flags(n) {}
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;
  texsim::Results results() { return {r, g, b, a, flags}; }
  std::array<uint32_t, 4> lane(size_t i) const { return {r[i], g[i], b[i], a[i]}; }
};

TEST(Api, VersionMatchesHeader) {
  EXPECT_STREQ(texsim::version(), TEXSIM_VERSION);
  EXPECT_EQ(std::string(TEXSIM_VERSION), std::to_string(TEXSIM_VERSION_MAJOR) + "." +
                                             std::to_string(TEXSIM_VERSION_MINOR) + "." +
                                             std::to_string(TEXSIM_VERSION_PATCH));
}

TEST(Api, SurfaceCreateReportsBadDescriptions) {
  texsim::Diagnostics d;
  texsim::SurfaceDesc bad;
  bad.format = "R8G8B8A8_UNROM";
  EXPECT_FALSE(texsim::Surface::create(bad, d));
  ASSERT_TRUE(has_rule(d, "LIB-FORMAT"));
  EXPECT_NE(d[0].message.find("R8G8B8A8_UNORM"), std::string::npos);  // did you mean
  d.clear();
  bad.format = "r8_unorm";
  bad.width = 0;
  EXPECT_FALSE(texsim::Surface::create(bad, d));
  EXPECT_TRUE(texsim::has_errors(d));
  EXPECT_EQ(d[0].rule.rfind("TEXUNIT-SURFACE", 0), 0u) << d[0].rule;
  d.clear();
  bad.width = 4;
  const std::vector<uint8_t> three(3);
  EXPECT_FALSE(texsim::Surface::from_memory(bad, three, d));
  EXPECT_TRUE(has_rule(d, "LIB-SURFACE-BYTES"));
  d.clear();
  const std::vector<uint8_t> four{1, 2, 3, 4};
  auto ok = texsim::Surface::from_memory(bad, four, d);
  ASSERT_TRUE(ok);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(ok->size_bytes(), 4u);
  EXPECT_EQ(ok->desc().format, "R8_UNORM");
  EXPECT_EQ(ok->bytes()[2], 3);
}

TEST(Api, FetchReadsTexelsAndFlagsOutOfBounds) {
  texsim::Diagnostics d;
  texsim::SurfaceDesc desc;
  desc.format = "R32_UINT";
  desc.width = 4;
  desc.height = 2;
  auto s = texsim::Surface::create(desc, d);
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->write_texel(0, 0, 3, 1, texsim::Texel{{77, 0, 0, 0}, texsim::TexelKind::kUint}));
  EXPECT_FALSE(s->write_texel(0, 0, 4, 1, texsim::Texel{}));  // x out of range
  const std::vector<uint32_t> x{3, 4}, y{1, 1};
  Out out(2);
  texsim::FetchLanes lanes;
  lanes.count = 2;
  lanes.x = x;
  lanes.y = y;
  for (auto p : {texsim::Profile::kD3D, texsim::Profile::kLavapipe}) {
    texsim::FetchOptions o;
    o.profile = p;
    const auto st = texsim::fetch(*s, lanes, out.results(), o, d);
    ASSERT_TRUE(st.ok);
    EXPECT_EQ(st.kind, texsim::TexelKind::kUint);
    EXPECT_EQ(out.r[0], 77u);
    EXPECT_EQ(out.flags[0], texsim::kFlagInBounds);
    EXPECT_EQ(out.flags[1], 0u);
    EXPECT_EQ(out.a[1], 1u);  // missing A of an integer format: 1 (D3D11.3 §19.1.3.3)
  }
}

TEST(Api, ShortSpansAndBrokenQuadsAreDiagnosed) {
  auto f = noisy_surface();
  texsim::Diagnostics d;
  const std::vector<float> u(3, 0.5f);
  texsim::SampleLanes l;
  l.count = 4;
  l.u = u;
  Out out(4);
  EXPECT_FALSE(texsim::sample(f.pub, {}, l, out.results(), {}, d).ok);
  ASSERT_TRUE(has_rule(d, "LIB-LANES"));
  d.clear();
  l.count = 3;
  l.op = texsim::SampleOp::kImplicit;
  texsim::SampleOptions o;
  o.profile = texsim::Profile::kLavapipe;
  EXPECT_FALSE(texsim::sample(f.pub, {}, l, out.results(), o, d).ok);
  EXPECT_TRUE(has_rule(d, "LIB-QUAD"));
  d.clear();
  Out small(2);
  l.op = texsim::SampleOp::kLevel;
  EXPECT_FALSE(texsim::sample(f.pub, {}, l, small.results(), {}, d).ok);
  EXPECT_TRUE(has_rule(d, "LIB-LANES"));
}

// Random lanes: u, v in [-0.25, 1.25), LOD in [-1, 5).
struct Lanes {
  std::vector<float> u, v, lod;
  explicit Lanes(size_t n, unsigned seed) : u(n), v(n), lod(n) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> c(-0.25f, 1.25f), l(-1.0f, 5.0f);
    for (size_t i = 0; i < n; ++i) u[i] = c(rng), v[i] = c(rng), lod[i] = l(rng);
  }
};

TEST(Api, D3DSampleEqualsTheScalarPipeline) {
  auto f = noisy_surface();
  texsim::Sampler smp;
  smp.mip_filter = texsim::MipFilter::kLinear;
  smp.address = {texsim::AddressMode::kWrap, texsim::AddressMode::kMirror,
                 texsim::AddressMode::kClamp};
  const size_t n = 200;
  Lanes in(n, 1);
  texsim::SampleLanes l;
  l.count = n;
  l.u = in.u, l.v = in.v, l.lod = in.lod;
  for (auto p : {texsim::Profile::kD3D, texsim::Profile::kExact}) {
    Out out(n);
    texsim::Diagnostics d;
    texsim::SampleOptions o;
    o.profile = p;
    ASSERT_TRUE(texsim::sample(f.pub, smp, l, out.results(), o, d).ok);
    texsim::texunit::SamplerState s;
    s.mip_filter = texsim::texunit::MipFilter::kLinear;
    s.address = {texsim::texunit::AddressMode::kWrap, texsim::texunit::AddressMode::kMirror,
                 texsim::texunit::AddressMode::kClamp};
    const auto prec = p == texsim::Profile::kD3D ? texsim::texunit::PrecisionProfile::d3d()
                                                 : texsim::texunit::PrecisionProfile::exact();
    for (size_t i = 0; i < n; ++i) {
      texsim::texunit::SampleRequest r;
      r.coord = {in.u[i], in.v[i], 0.0f};
      r.lod = in.lod[i];
      EXPECT_EQ(out.lane(i), texsim::texunit::sample(f.in.view(), s, r, prec).texel.bits) << i;
    }
  }
}

// min point / mag linear: lavapipe decides the filter path per SIMD group of 8 lanes. The API
// must equal the two-pass protocol a caller would otherwise write (lane facts, then contexts),
// and differ from lanes sampled alone somewhere (else the test could not fail).
TEST(Api, LavapipeGroupsMatchTheLaneProtocol) {
  namespace tu = texsim::texunit;
  auto f = noisy_surface();
  texsim::Sampler smp;
  smp.min_filter = texsim::Filter::kPoint;
  smp.mag_filter = texsim::Filter::kLinear;
  const size_t n = 800;
  Lanes in(n, 2);
  std::vector<uint8_t> active(n, 1);
  for (size_t i = 0; i < n; i += 7) active[i] = 0;
  texsim::SampleLanes l;
  l.count = n;
  l.u = in.u, l.v = in.v, l.lod = in.lod, l.active = active;
  texsim::SampleOptions o;
  o.profile = texsim::Profile::kLavapipe;
  Out grouped(n), alone(n);
  texsim::Diagnostics d;
  ASSERT_TRUE(texsim::sample(f.pub, smp, l, grouped.results(), o, d).ok);
  o.lavapipe_groups = false;
  ASSERT_TRUE(texsim::sample(f.pub, smp, l, alone.results(), o, d).ok);

  tu::SamplerState s;
  s.min_filter = tu::Filter::kPoint;
  s.mag_filter = tu::Filter::kLinear;
  std::vector<tu::SampleRequest> reqs(n);
  std::vector<uint8_t> lin(n / 8 + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    reqs[i].coord = {in.u[i], in.v[i], 0.0f};
    reqs[i].lod = in.lod[i];
    if (active[i] && tu::lavapipe_lane_needs_linear(f.in.view(), s, reqs[i])) lin[i / 8] = 1;
  }
  size_t differ = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!active[i]) {
      EXPECT_EQ(grouped.r[i], 0u);  // untouched
      continue;
    }
    tu::LavapipeLaneContext ctx;
    ctx.group_needs_linear = lin[i / 8] != 0;
    EXPECT_EQ(grouped.lane(i), tu::sample_lavapipe(f.in.view(), s, reqs[i], ctx).texel.bits) << i;
    EXPECT_EQ(alone.lane(i), tu::sample_lavapipe(f.in.view(), s, reqs[i]).texel.bits) << i;
    if (grouped.lane(i) != alone.lane(i)) ++differ;
  }
  EXPECT_GT(differ, 0u);
}

// The requests of quad-op lanes as the oracle gives them to the lavapipe profile (which agrees
// with lavapipe bit for bit, oracle.fragment_quads) and to the d3d profile: every lane of quad
// 4q..4q+3 carries the quad's coarse derivatives TR - TL, BL - TL.
std::vector<texsim::texunit::SampleRequest> quad_requests(const std::vector<float>& u,
                                                          const std::vector<float>& v,
                                                          texsim::texunit::SampleOp op) {
  namespace tu = texsim::texunit;
  std::vector<tu::SampleRequest> reqs(u.size());
  for (size_t i = 0; i < u.size(); ++i) {
    reqs[i].op = op;
    reqs[i].coord = {u[i], v[i], 0.0f};
  }
  for (size_t q = 0; q + 3 < u.size(); q += 4) {
    const auto qd = tu::quad_derivatives(
        {reqs[q].coord, reqs[q + 1].coord, reqs[q + 2].coord, reqs[q + 3].coord});
    for (size_t k = q; k < q + 4; ++k) reqs[k].ddx = qd.ddx, reqs[k].ddy = qd.ddy;
  }
  return reqs;
}

// Quad ops: lanes 4q..4q+3 are a pixel quad. lavapipe takes the LOD from the quad; d3d with
// derivatives_from_quads takes coarse derivatives TR - TL, BL - TL.
TEST(Api, QuadOpsUseTheirQuads) {
  namespace tu = texsim::texunit;
  auto f = noisy_surface();
  const size_t n = 64;
  Lanes in(n, 3);
  texsim::SampleLanes l;
  l.count = n;
  l.op = texsim::SampleOp::kImplicit;
  l.u = in.u, l.v = in.v;
  Out lp(n), d3d(n);
  texsim::Diagnostics d;
  texsim::SampleOptions o;
  o.profile = texsim::Profile::kLavapipe;
  ASSERT_TRUE(texsim::sample(f.pub, {}, l, lp.results(), o, d).ok);
  o.profile = texsim::Profile::kD3D;
  o.derivatives_from_quads = true;
  ASSERT_TRUE(texsim::sample(f.pub, {}, l, d3d.results(), o, d).ok);
  const std::vector<tu::SampleRequest> reqs = quad_requests(in.u, in.v, tu::SampleOp::kImplicit);
  for (size_t i = 0; i < n; ++i) {
    const size_t q = i & ~size_t{3};
    tu::LavapipeLaneContext ctx;
    ctx.quad = &reqs[q];
    ctx.quad_lane = static_cast<uint8_t>(i & 3);
    bool group_lin = false;
    for (size_t k = i & ~size_t{7}; k < (i & ~size_t{7}) + 8; ++k) {
      tu::LavapipeLaneContext c;
      c.quad = &reqs[k & ~size_t{3}];
      c.quad_lane = static_cast<uint8_t>(k & 3);
      group_lin = group_lin || tu::lavapipe_lane_facts(f.in.view(), {}, reqs[k], c).needs_linear;
    }
    ctx.group_needs_linear = group_lin;
    EXPECT_EQ(lp.lane(i), tu::sample_lavapipe(f.in.view(), {}, reqs[i], ctx).texel.bits) << i;
    EXPECT_EQ(d3d.lane(i), tu::sample(f.in.view(), {}, reqs[i]).texel.bits) << i;
  }
}

// Issue 33 defect 2 (decision P21): through the public API, lavapipe quad ops take their LOD from
// the quad's coordinates (lp_build_rho's implicit derivatives), not from the empty ddx / ddy
// spans. A 16x16 chain whose level L is R = 40 (L + 1): quad 0 spans 4 texels (LOD 2), quad 1
// one texel (LOD 0); point filters, mip point.
TEST(Api, LavapipeQuadOpsTakeTheirLodFromTheQuad) {
  namespace tu = texsim::texunit;
  texsim::SurfaceDesc pd;
  pd.format = "R8G8B8A8_UNORM";
  pd.width = pd.height = 16;
  pd.mips = 5;
  texsim::Diagnostics d;
  auto pub = texsim::Surface::create(pd, d);
  ASSERT_TRUE(pub);
  tu::SurfaceDesc id;
  id.width = id.height = 16;
  id.mips = 5;
  tu::Surface in(id);
  for (uint32_t level = 0; level < 5; ++level)
    for (uint32_t y = 0; y < (16u >> level); ++y)
      for (uint32_t x = 0; x < (16u >> level); ++x)
        ASSERT_TRUE(in.write_texel(
            0, level, 0, x, y,
            tu::Texel::from_float(static_cast<float>(40 * (level + 1)) / 255.0f, 0, 0, 1)));
  ASSERT_EQ(pub->mutable_bytes().size(), in.bytes().size());
  std::memcpy(pub->mutable_bytes().data(), in.bytes().data(), in.bytes().size());
  const float a = 4.0f / 16.0f, b = 1.0f / 16.0f;
  const std::vector<float> u{0.3f, 0.3f + a, 0.3f, 0.3f + a, 0.3f, 0.3f + b, 0.3f, 0.3f + b};
  const std::vector<float> v{0.6f, 0.6f, 0.6f + a, 0.6f + a, 0.6f, 0.6f, 0.6f + b, 0.6f + b};
  texsim::Sampler smp;
  smp.min_filter = smp.mag_filter = texsim::Filter::kPoint;
  tu::SamplerState s;
  s.min_filter = s.mag_filter = tu::Filter::kPoint;
  for (const auto op :
       {texsim::SampleOp::kImplicit, texsim::SampleOp::kBias, texsim::SampleOp::kLodQuery}) {
    texsim::SampleLanes l;
    l.count = 8;
    l.op = op;
    l.u = u, l.v = v;
    Out out(8);
    texsim::SampleOptions o;
    o.profile = texsim::Profile::kLavapipe;
    ASSERT_TRUE(texsim::sample(*pub, smp, l, out.results(), o, d).ok);
    const auto reqs = quad_requests(u, v, static_cast<tu::SampleOp>(op));
    for (size_t i = 0; i < 8; ++i) {
      tu::LavapipeLaneContext ctx;
      ctx.quad = &reqs[i & ~size_t{3}];
      ctx.quad_lane = static_cast<uint8_t>(i & 3);
      EXPECT_EQ(out.lane(i), tu::sample_lavapipe(in.view(), s, reqs[i], ctx).texel.bits) << i;
      float r;
      std::memcpy(&r, &out.r[i], 4);
      const float want = op == texsim::SampleOp::kLodQuery ? (i < 4 ? 2.0f : 0.0f)
                                                           : (i < 4 ? 120.0f : 40.0f) / 255.0f;
      EXPECT_FLOAT_EQ(r, want) << "op " << static_cast<int>(op) << " lane " << i;
    }
  }
}

// Issue 33's API gap: lavapipe's masked lanes take part in their group's decisions with zero
// inputs. Compute lanes at LOD 1 on level 1's texel edge (u = v = 0.5: fraction exactly 0.5),
// min point / mag linear: alone they filter nearest; a lane at LOD 0 (magnified: needs linear)
// sends the group down the combined linear path, where fraction 0.5 is not > 0.5 and picks the
// lower texel. An inactive lane 7 with those lanes' inputs: no effect by default; with
// lavapipe_masked_lanes it joins as zeros (u = v = lod = 0) and changes the others' results.
TEST(Api, LavapipeMaskedLanesJoinGroupDecisions) {
  auto f = noisy_surface();
  texsim::Sampler smp;
  smp.min_filter = texsim::Filter::kPoint;
  smp.mag_filter = texsim::Filter::kLinear;
  std::vector<float> u(8, 0.5f), v(8, 0.5f), lod(8, 1.0f);
  std::vector<uint8_t> active(8, 1);
  active[7] = 0;
  texsim::SampleLanes l;
  l.count = 8;
  l.u = u, l.v = v, l.lod = lod, l.active = active;
  texsim::SampleOptions o;
  o.profile = texsim::Profile::kLavapipe;
  texsim::Diagnostics d;
  Out plain(8), masked(8), zero_lane(8), seven(8);
  ASSERT_TRUE(texsim::sample(f.pub, smp, l, plain.results(), o, d).ok);
  o.lavapipe_masked_lanes = true;
  ASSERT_TRUE(texsim::sample(f.pub, smp, l, masked.results(), o, d).ok);
  EXPECT_EQ(masked.r[7], 0u);  // still not written
  // References: lane 7 active with zero inputs (what lavapipe's masked lane is), and the seven
  // lanes alone in their group.
  std::vector<float> u0 = u, v0 = v, lod0 = lod;
  u0[7] = v0[7] = lod0[7] = 0.0f;
  texsim::SampleLanes z = l;
  z.u = u0, z.v = v0, z.lod = lod0, z.active = {};
  o.lavapipe_masked_lanes = false;
  ASSERT_TRUE(texsim::sample(f.pub, smp, z, zero_lane.results(), o, d).ok);
  texsim::SampleLanes s7 = l;
  s7.count = 7, s7.active = {};
  ASSERT_TRUE(texsim::sample(f.pub, smp, s7, seven.results(), o, d).ok);
  for (size_t i = 0; i < 7; ++i) {
    EXPECT_EQ(plain.lane(i), seven.lane(i)) << i;
    EXPECT_EQ(masked.lane(i), zero_lane.lane(i)) << i;
    EXPECT_NE(masked.lane(i), plain.lane(i)) << i;  // the masked lane changed the group
  }
}

// Issue 33's API gap: where a fragment quad sits in lavapipe's 8-lane group (quad columns 2k and
// 2k + 1 of a quad row, the even one in lanes 0-3) changes anisotropic results; with quad_x /
// quad_y the library places the quads itself. Quads given odd column first, with positions, give
// what the even-first message gives without; a quad whose partner is absent runs with an
// inactive half.
TEST(Api, LavapipeQuadPositionsPlaceQuadsInTheirGroups) {
  auto f = noisy_surface();
  texsim::Sampler smp;
  smp.mip_filter = texsim::MipFilter::kLinear;
  smp.max_anisotropy = 16.0f;
  // Quad A (even column 0) and quad B (odd column 1): different footprints and biases.
  const std::vector<float> ua{0.30f, 0.42f, 0.31f, 0.43f}, va{0.40f, 0.41f, 0.44f, 0.45f};
  const std::vector<float> ub{0.55f, 0.57f, 0.58f, 0.60f}, vb{0.20f, 0.31f, 0.21f, 0.32f};
  // With a bias, lavapipe's probes divide by the level size of group lane 0 (lanes 0-3) or 1
  // (lanes 4-7): A's lands on level 0, B's on level 1, so the order shows (P12).
  const std::vector<float> ba{0.25f, 0.25f, 0.25f, 0.25f}, bb{2.5f, 2.5f, 2.5f, 2.5f};
  auto cat = [](const std::vector<float>& x, const std::vector<float>& y) {
    std::vector<float> r = x;
    r.insert(r.end(), y.begin(), y.end());
    return r;
  };
  texsim::SampleOptions o;
  o.profile = texsim::Profile::kLavapipe;
  texsim::Diagnostics d;
  for (const auto op : {texsim::SampleOp::kBias, texsim::SampleOp::kImplicit}) {
    const std::vector<float> u_ab = cat(ua, ub), v_ab = cat(va, vb), b_ab = cat(ba, bb);
    const std::vector<float> u_ba = cat(ub, ua), v_ba = cat(vb, va), b_ba = cat(bb, ba);
    texsim::SampleLanes ab;
    ab.count = 8, ab.op = op, ab.u = u_ab, ab.v = v_ab, ab.lod = b_ab;
    texsim::SampleLanes ba_l = ab;
    ba_l.u = u_ba, ba_l.v = v_ba, ba_l.lod = b_ba;
    Out even_first(8), odd_first(8), placed(8);
    ASSERT_TRUE(texsim::sample(f.pub, smp, ab, even_first.results(), o, d).ok);
    ASSERT_TRUE(texsim::sample(f.pub, smp, ba_l, odd_first.results(), o, d).ok);
    const std::vector<uint32_t> qx{1, 0}, qy{5, 5};  // B at column 1, A at column 0
    ba_l.quad_x = qx, ba_l.quad_y = qy;
    ASSERT_TRUE(texsim::sample(f.pub, smp, ba_l, placed.results(), o, d).ok);
    size_t differ = 0;
    for (size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(placed.lane(i), even_first.lane(4 + i)) << i;  // B
      EXPECT_EQ(placed.lane(4 + i), even_first.lane(i)) << i;  // A
      differ += odd_first.lane(i) != even_first.lane(4 + i) ? 1 : 0;
      differ += odd_first.lane(4 + i) != even_first.lane(i) ? 1 : 0;
    }
    if (op == texsim::SampleOp::kBias) {
      EXPECT_GT(differ, 0u) << "the placement must matter";
    }
    // Partners absent: A at column 2 (lanes 0-3 of its group), B at column 7 (lanes 4-7 of its
    // own), each with an inactive half.
    const std::vector<uint32_t> qx2{7, 2}, qy2{0, 0};
    ba_l.quad_x = qx2, ba_l.quad_y = qy2;
    Out apart(8), manual(16);
    ASSERT_TRUE(texsim::sample(f.pub, smp, ba_l, apart.results(), o, d).ok);
    std::vector<float> u16(16), v16(16), b16(16);
    std::vector<uint8_t> act(16, 0);
    for (size_t k = 0; k < 4; ++k) {
      u16[k] = ua[k], v16[k] = va[k], b16[k] = ba[k], act[k] = 1;
      u16[12 + k] = ub[k], v16[12 + k] = vb[k], b16[12 + k] = bb[k], act[12 + k] = 1;
    }
    texsim::SampleLanes m;
    m.count = 16, m.op = op, m.u = u16, m.v = v16, m.lod = b16, m.active = act;
    ASSERT_TRUE(texsim::sample(f.pub, smp, m, manual.results(), o, d).ok);
    for (size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(apart.lane(i), manual.lane(12 + i)) << i;
      EXPECT_EQ(apart.lane(4 + i), manual.lane(i)) << i;
    }
  }
  // Positions must be one per quad and distinct.
  texsim::SampleLanes bad;
  const std::vector<float> u8(8, 0.5f);
  bad.count = 8, bad.op = texsim::SampleOp::kImplicit, bad.u = u8, bad.v = u8;
  const std::vector<uint32_t> one{0}, same{3, 3}, zeros{0, 0};
  bad.quad_x = one, bad.quad_y = one;
  Out out(8);
  texsim::Diagnostics d1, d2;
  EXPECT_FALSE(texsim::sample(f.pub, smp, bad, out.results(), o, d1).ok);
  EXPECT_TRUE(has_rule(d1, "LIB-QUAD"));
  bad.quad_x = same, bad.quad_y = zeros;
  EXPECT_FALSE(texsim::sample(f.pub, smp, bad, out.results(), o, d2).ok);
  EXPECT_TRUE(has_rule(d2, "LIB-QUAD"));
}

// Issue 33's API gap: textureSize / textureQueryLevels / textureSamples through the lookup API,
// with SASS TXQ's layout (texunit::size_query) and lavapipe's one LOD per 8-lane group.
TEST(Api, QueriesGiveSizeLevelsAndSamples) {
  texsim::SurfaceDesc ad;
  ad.type = texsim::SurfaceType::k2DArray;
  ad.width = 16, ad.height = 8, ad.layers = 3, ad.mips = 4;
  texsim::Diagnostics d;
  auto arr = texsim::Surface::create(ad, d);
  ASSERT_TRUE(arr);
  const size_t n = 16;
  std::vector<uint32_t> lod{2, 0, 1, 3, 4, 9, 0, 1, 3, 1, 2, 0, 0, 0, 0, 0};
  std::vector<uint8_t> active(n, 1);
  texsim::QueryLanes l;
  l.count = n, l.lod = lod;
  texsim::QueryOptions o;
  Out own(n), lp(n), lp_inactive(n), lp_masked(n);
  const texsim::LookupStatus st = texsim::query(*arr, l, own.results(), o, d);
  ASSERT_TRUE(st.ok);
  EXPECT_EQ(st.kind, texsim::TexelKind::kUint);
  EXPECT_EQ(own.lane(0), (std::array<uint32_t, 4>{4, 2, 3, 4}));
  EXPECT_EQ(own.lane(1), (std::array<uint32_t, 4>{16, 8, 3, 4}));
  EXPECT_EQ(own.lane(3), (std::array<uint32_t, 4>{2, 1, 3, 4}));
  EXPECT_EQ(own.lane(4), (std::array<uint32_t, 4>{0, 0, 3, 4}));  // past the levels: 0 extents
  // lavapipe: every lane of a group gets its first lane's LOD.
  o.profile = texsim::Profile::kLavapipe;
  ASSERT_TRUE(texsim::query(*arr, l, lp.results(), o, d).ok);
  for (size_t i = 0; i < n; ++i) EXPECT_EQ(lp.lane(i), own.lane(i < 8 ? 0 : 8)) << i;
  // Lane 0 inactive: the first active lane leads; as a masked lane, lane 0 leads with LOD 0.
  active[0] = 0;
  l.active = active;
  ASSERT_TRUE(texsim::query(*arr, l, lp_inactive.results(), o, d).ok);
  o.lavapipe_masked_lanes = true;
  ASSERT_TRUE(texsim::query(*arr, l, lp_masked.results(), o, d).ok);
  for (size_t i = 1; i < 8; ++i) {
    EXPECT_EQ(lp_inactive.lane(i), own.lane(1)) << i;
    EXPECT_EQ(lp_masked.lane(i), (std::array<uint32_t, 4>{16, 8, 3, 4})) << i;
  }
  EXPECT_EQ(lp_inactive.r[0], 0u);  // untouched
  // Levels and samples; a multisampled surface's size ignores the LOD.
  texsim::SurfaceDesc md;
  md.width = 8, md.height = 4, md.samples = 4;
  auto ms = texsim::Surface::create(md, d);
  ASSERT_TRUE(ms);
  texsim::QueryLanes q;
  q.count = 2, q.lod = std::span(lod).first(2);
  Out size(2), levels(2), samples(2);
  ASSERT_TRUE(texsim::query(*ms, q, size.results(), {}, d).ok);
  q.op = texsim::QueryOp::kLevels;
  ASSERT_TRUE(texsim::query(*arr, q, levels.results(), {}, d).ok);
  q.op = texsim::QueryOp::kSamples;
  ASSERT_TRUE(texsim::query(*ms, q, samples.results(), {}, d).ok);
  EXPECT_EQ(size.lane(0), (std::array<uint32_t, 4>{8, 4, 0, 1}));
  EXPECT_EQ(levels.lane(1), (std::array<uint32_t, 4>{4, 0, 0, 0}));
  EXPECT_EQ(samples.lane(0), (std::array<uint32_t, 4>{4, 0, 0, 0}));
  q.count = 3;  // lod holds 2
  texsim::Diagnostics bad;
  Out three(3);
  EXPECT_FALSE(texsim::query(*ms, q, three.results(), {}, bad).ok);
  EXPECT_TRUE(has_rule(bad, "LIB-LANES"));
}

TEST(Api, VulkanEquivalentReplacesMissingBorderComponents) {
  texsim::Sampler s;
  s.border_color = {0.5f, 0.5f, 0.5f, 0.5f};
  s.border_color_int = {5, 5, 5, 5};
  const auto v = texsim::vulkan_equivalent(s, "R8_UNORM");
  EXPECT_EQ(v.border_color, (std::array<float, 4>{0.5f, 0.0f, 0.0f, 1.0f}));
  EXPECT_EQ(v.border_color_int, (std::array<uint32_t, 4>{5, 0, 0, 1}));
  EXPECT_EQ(texsim::vulkan_equivalent(s, "R8G8B8A8_UNORM").border_color, s.border_color);
}

TEST(Api, ProfilesByName) {
  EXPECT_EQ(texsim::profile_from_name("lavapipe"), texsim::Profile::kLavapipe);
  EXPECT_EQ(texsim::profile_name(texsim::Profile::kExact), "exact");
  EXPECT_FALSE(texsim::profile_from_name("vulkan"));
}

TEST(Api, ScenesLoadAndReportProblems) {
  texsim::Diagnostics d;
  EXPECT_FALSE(texsim::Scene::load_text("{\"texsim\": 1, \"surfaces\": 3}", "s.json", d));
  ASSERT_TRUE(texsim::has_errors(d));
  EXPECT_EQ(d[0].file, "s.json");
  EXPECT_GE(d[0].line, 1u);
  EXPECT_EQ(d[0].rule.rfind("SCENE", 0), 0u);
}

// Every built-in example of both ISAs through the API: check, assemble, disassemble the
// binary back to text that assembles to the same bytes, and run on its scene.
TEST(Api, ExamplesAssembleDisassembleAndRun) {
  for (texsim::Isa isa : {texsim::Isa::kVisa, texsim::Isa::kSass}) {
    const auto ex = texsim::examples(isa);
    ASSERT_FALSE(ex.empty());
    for (const auto& e : ex) {
      SCOPED_TRACE(e.name);
      texsim::Diagnostics d;
      const texsim::Source src{e.program, e.program_name};
      EXPECT_TRUE(texsim::check(isa, src, d));
      const auto a = texsim::assemble(isa, src, d);
      ASSERT_TRUE(a) << (d.empty() ? "" : d[0].text);
      ASSERT_FALSE(a->binary.empty());
      const auto text = texsim::disassemble(isa, a->binary, d);
      ASSERT_TRUE(text) << (d.empty() ? "" : d[0].text);
      const auto again = texsim::assemble(isa, texsim::Source{*text, "round.trip"}, d);
      ASSERT_TRUE(again) << (d.empty() ? "" : d[0].text) << "\n" << *text;
      EXPECT_EQ(again->binary, a->binary);
      const auto scene = texsim::Scene::load_text(e.scene_json, "example.json", d);
      ASSERT_TRUE(scene) << (d.empty() ? "" : d[0].text);
      const auto r = texsim::run(isa, src, *scene, {}, d);
      ASSERT_TRUE(r) << (d.empty() ? "" : d[0].text);
      EXPECT_FALSE(r->registers.empty());
    }
  }
}

TEST(Api, ProgramErrorsAreDiagnosticsWithPositions) {
  texsim::Diagnostics d;
  EXPECT_FALSE(texsim::check(texsim::Isa::kVisa, {"bogus_opcode (M1, 16) V1\n", "bad.visaasm"}, d));
  ASSERT_TRUE(texsim::has_errors(d));
  EXPECT_EQ(d[0].file, "bad.visaasm");
  EXPECT_EQ(d[0].line, 1u);
  d.clear();
  EXPECT_FALSE(texsim::assemble(texsim::Isa::kSass, {"NOP ;"}, d, "SM99"));
  EXPECT_TRUE(has_rule(d, "LIB-PLATFORM"));
  d.clear();
  const auto ex = texsim::examples(texsim::Isa::kVisa);
  auto scene = texsim::Scene::load_text(ex[0].scene_json, "e.json", d);
  ASSERT_TRUE(scene);
  EXPECT_FALSE(texsim::run(texsim::Isa::kSass, {"NOP ;"}, *scene, {}, d));
  EXPECT_TRUE(has_rule(d, "LIB-ISA") || texsim::has_errors(d));
}

}  // namespace
