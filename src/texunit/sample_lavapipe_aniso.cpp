// lavapipe anisotropic filtering (Mesa 22.3.6 gallivm: lp_build_pmin's LOD, lp_build_sample_aniso's
// elliptical weighted average over the ellipse's texel bounding box), one lane at a time (P12).
#include "texunit/sample_lavapipe_aniso.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "texunit/sample_lavapipe_cube.hpp"
#include "texunit/sample_lavapipe_decode.hpp"
#include "texunit/sample_lavapipe_lod.hpp"
#include "texunit/sample_lavapipe_soa.hpp"
#include "texunit/sample_lavapipe_wrap.hpp"

namespace texsim::texunit::lavapipe_detail {

// gallivm's aniso_filter_table (lp_bld_sample.c): exp(-2 r) for r = i / 1023, generated with
// float expf and stored as six-decimal literals, so each entry is the float nearest to the
// six-decimal rounding of expf's result. Checked entry for entry against Mesa 22.3.6's table.
float aniso_filter_weight(uint32_t index) {
  static const std::array<float, kAnisoLutSize> table = [] {
    std::array<float, kAnisoLutSize> t{};
    for (uint32_t i = 0; i < kAnisoLutSize; ++i) {
      const float r2 = static_cast<float>(i) / static_cast<float>(kAnisoLutSize - 1);
      const float w = std::exp(-2.0f * r2);
      std::array<char, 32> text{};
      std::snprintf(text.data(), text.size(), "%f", static_cast<double>(w));
      t[i] = std::strtof(text.data(), nullptr);
    }
    return t;
  }();
  return table[index & (kAnisoLutSize - 1)];
}

// lp_build_pmin: the squared minor axis of the quad's footprint in level-0 texels, from the
// coarse differences TR - TL, BL - TL of the (face) coordinates s, t. Mesa 22.3 compares
// pmin2 > pmin2 * max_aniso^2 (unordered), which no finite pmin2 satisfies, so the major axis
// over max_aniso^2 replaces it only for a NaN.
float aniso_pmin2(const Surf& s, const std::array<std::array<float, 2>, 4>& quad_st,
                  float max_aniso) {
  const SurfaceDesc& d = s.view.desc;
  const auto w = static_cast<float>(d.width), h = static_cast<float>(d.height);
  const float n2 = max_aniso * max_aniso;
  // ddx_ddy = (ds/dx, ds/dy, dt/dx, dt/dy) * (w, w, h, h), squared.
  float e0 = x86_mul(x86_sub(quad_st[1][0], quad_st[0][0]), w);
  float e1 = x86_mul(x86_sub(quad_st[2][0], quad_st[0][0]), w);
  float e2 = x86_mul(x86_sub(quad_st[1][1], quad_st[0][1]), h);
  float e3 = x86_mul(x86_sub(quad_st[2][1], quad_st[0][1]), h);
  e0 = x86_mul(e0, e0);
  e1 = x86_mul(e1, e1);
  e2 = x86_mul(e2, e2);
  e3 = x86_mul(e3, e3);
  const float px2 = x86_add(e0, e2);
  const float py2 = x86_add(e1, e3);
  const float pmax2 = maxps(px2, py2);
  float pmin2 = minps(px2, py2);
  const float temp = x86_mul(pmin2, n2);
  if (ugt(pmin2, temp)) pmin2 = pmax2 / n2;
  return pmin2;
}

namespace {

bool is_cube_type(SurfaceType t) {
  return t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
}

// The lane's SIMD group as lp_build_sample_aniso sees it (LavapipeLaneContext::group, else the
// fragment quad, else the lane alone).
struct Group {
  const SampleRequest* lanes = nullptr;
  size_t count = 1;
  size_t self = 0;
  const SampleRequest& lane(size_t j) const { return lanes[std::min(j, count - 1)]; }
};

Group group_of(const SampleRequest& req, const LavapipeLaneContext& ctx) {
  if (ctx.group != nullptr && ctx.group_lane < ctx.group_size)
    return {ctx.group, ctx.group_size, ctx.group_lane};
  if (ctx.quad != nullptr) return {ctx.quad, 4, static_cast<size_t>(ctx.quad_lane & 3u)};
  return {&req, 1, 0};
}

// A lane's (face) coordinates s, t as the filter sees them: cube maps after lp_build_cube_lookup.
std::array<float, 2> face_st(const SurfaceView& view, const SamplerState& smp,
                             const SampleRequest& r, bool lodq_fragment_cube) {
  if (lodq_fragment_cube) {
    const LpCube c = lodq_cube_lookup(view.desc.format, r.coord);
    return {c.s, c.t};
  }
  const Prepared p = prepare(view, smp, r);
  return {p.req.coord[0], p.req.coord[1]};
}

struct Ctx {
  const Surf& s;
  const SurfaceView& view;
  const SamplerState& smp;
  const Group& g;
  bool lodq_fragment_cube = false;

  // pmin2 of the quad holding group lane j (lanes 4k..4k+3: TL, TR, BL, BR).
  float quad_pmin2(size_t j) const {
    const size_t base = j & ~size_t{3};
    std::array<std::array<float, 2>, 4> st{};
    for (size_t k = 0; k < 4; ++k)
      st[k] = face_st(view, smp, g.lane(base + k < g.count ? base + k : base), lodq_fragment_cube);
    return aniso_pmin2(s, st, static_cast<float>(smp.max_anisotropy));
  }
};

// lp_build_lod_selector with an anisotropic sampler: the LOD before the mip-level split.
float aniso_lod(const Ctx& c, size_t j) {
  const SampleRequest& r = c.g.lane(j);
  const SamplerState& smp = c.smp;
  const bool min_max_equal = smp.min_lod == smp.max_lod;
  if (min_max_equal) return smp.min_lod;
  float lod = 0.0f;
  if (r.op == SampleOp::kLevel) {
    lod = r.lod;
  } else if (r.op == SampleOp::kLevelZero) {
    lod = 0.0f;
  } else {
    lod = fast_log2(c.quad_pmin2(j)) * 0.5f;
    if (r.op == SampleOp::kBias) lod = lod + r.lod;
  }
  if (smp.lod_bias != 0.0f) lod = lod + smp.lod_bias;
  if (smp.max_lod < kPipeMaxLodClamp) lod = minps(lod, smp.max_lod);
  if (smp.min_lod > 0.0f) lod = maxps(lod, smp.min_lod);
  return lod;
}

// The mip level lane j samples (lp_build_sample_common with aniso: lp_build_nearest_mip_level of
// itrunc(lod)). No LOD (min == mag, no mip filter, gathers): level 0. One level per SIMD group
// (no mip filter, min != mag: lavapipe's num_mips == 1): group lane 0's.
int32_t aniso_level(const Ctx& c, size_t j, MipFilter mip) {
  const SampleRequest& r = c.g.lane(j);
  if (r.op == SampleOp::kGather) return 0;
  if (c.smp.min_filter == c.smp.mag_filter && mip == MipFilter::kNone) return 0;
  const size_t lane = mip == MipFilter::kNone ? 0 : j;
  const int32_t last = static_cast<int32_t>(c.view.desc.mips) - 1;
  return std::clamp(cvt_trunc(aniso_lod(c, lane)), 0, last);
}

// A gather takes lavapipe's filter path without the sampler view's swizzle (applied after
// sampling for every other op), so a depth texel is its raw (z, z, z, 1); a border texel replaces
// only z, keeping G and B of the texel at offset 0 of the level that the masked address reads
// (lp_build_sample_texel_soa). Measured on D16 / D32 gathers.
Texel raw_depth_gather_texel(const Surf& s, const SamplerState& smp, const SampleRequest& probe,
                             uint32_t level, const Texel& t) {
  const LevelLayout& lv = s.view.layout.levels[level];
  const std::array<uint32_t, 3> len{lv.width, lv.height, lv.depth};
  const SurfaceDesc& d0 = s.view.desc;
  const std::array<bool, 3> pot{is_pot(d0.width), is_pot(d0.height), is_pot(d0.depth)};
  bool border = false;
  for (unsigned i = 0; i < s.dims; ++i) {
    const int32_t c = wrap_nearest(probe.coord[i], len[i], probe.offset[i], smp.address[i], pot[i]);
    if ((c < 0 || static_cast<uint32_t>(c) >= len[i]) && smp.address[i] == AddressMode::kBorder)
      border = true;
  }
  const float z = border ? read_texel(s, smp, level, 0, 0, 0, 0).f(0) : t.f(0);
  return Texel::from_float(t.f(0), z, z, 1.0f);
}

float level_scale(int32_t level) {
  return 1.0f / static_cast<float>(int32_t{1} << (level & 31));
}

}  // namespace

Texel aniso_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& smp,
                      const SampleRequest& req, const LavapipeLaneContext& ctx) {
  const Group g = group_of(req, ctx);
  Ctx c{s, view, smp, g, is_cube_type(view.desc.type) && ctx.quad != nullptr};
  float lod = fast_log2(c.quad_pmin2(g.self)) * 0.5f;
  if (smp.lod_bias != 0.0f) lod = lod + smp.lod_bias;
  return lod_query_from(s, smp, lod);
}

Texel sample_aniso(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                   const SampleRequest& in_req, const Prepared& p, const LavapipeLaneContext& ctx) {
  const Group g = group_of(in_req, ctx);
  const Ctx c{s, view, sampler, g, false};
  const SampleRequest& req = p.req;
  const MipFilter mip = lavapipe_mip_filter(view, sampler, req.op);
  const int32_t level = aniso_level(c, g.self, mip);
  const auto lv = static_cast<uint32_t>(level);
  const SurfaceDesc& d = view.desc;
  const LevelLayout& ll = view.layout.levels[lv];
  const int32_t slice = p.slice_base + p.face;

  // The quad's coarse differences, each scaled by its own lane's 1 / 2^level (per-lane levels:
  // ds/dx by the TL lane's, ds/dy by TR's, dt/dx by BL's, dt/dy by BR's).
  const size_t base = g.self & ~size_t{3};
  std::array<std::array<float, 2>, 4> st{};
  std::array<float, 4> sc{};
  for (size_t k = 0; k < 4; ++k) {
    const size_t j = base + k < g.count ? base + k : base;
    st[k] = face_st(view, sampler, g.lane(j), false);
    sc[k] = level_scale(aniso_level(c, j, mip));
  }
  const auto w0 = static_cast<float>(d.width), h0 = static_cast<float>(d.height);
  const float e0 = x86_mul(x86_mul(x86_sub(st[1][0], st[0][0]), w0), sc[0]);
  const float e1 = x86_mul(x86_mul(x86_sub(st[2][0], st[0][0]), w0), sc[1]);
  const float e2 = x86_mul(x86_mul(x86_sub(st[1][1], st[0][1]), h0), sc[2]);
  const float e3 = x86_mul(x86_mul(x86_sub(st[2][1], st[0][1]), h0), sc[3]);
  // Ellipse A x^2 + B x y + C y^2 = F (Heckbert), in gallivm's operation order.
  float A = x86_add(x86_add(x86_mul(e2, e2), x86_mul(e3, e3)), 1.0f);
  float B = x86_mul(x86_add(x86_mul(e0, e2), x86_mul(e1, e3)), -2.0f);
  float C = x86_add(x86_add(x86_mul(e0, e0), x86_mul(e1, e1)), 1.0f);
  const float F = x86_sub(x86_mul(A, C), x86_mul(B, B) / 4.0f);
  const float dd = x86_add(x86_sub(0.0f, x86_mul(B, B)), x86_mul(x86_mul(A, C), 4.0f));
  const float box_u = x86_mul(2.0f / dd, std::sqrt(x86_mul(x86_mul(dd, C), F)));
  const float box_v = x86_mul(2.0f / dd, std::sqrt(x86_mul(x86_mul(A, dd), F)));
  const float form_scale = static_cast<float>(kAnisoLutSize - 1) / F;
  A = x86_mul(A, form_scale);
  B = x86_mul(B, form_scale);
  C = x86_mul(C, form_scale);
  const float ddq = x86_add(A, A);

  const float own_scale = sc[g.self & 3u];
  const float tex_u = x86_add(x86_mul(req.coord[0], x86_mul(w0, own_scale)), -0.5f);
  const float tex_v = x86_add(x86_mul(req.coord[1], x86_mul(h0, own_scale)), -0.5f);
  const int32_t u0 = cvt_trunc(std::floor(x86_sub(tex_u, box_u)));
  const int32_t u1 = cvt_trunc(std::ceil(x86_add(tex_u, box_u)));
  const int32_t v0 = cvt_trunc(std::floor(x86_sub(tex_v, box_v)));
  const int32_t v1 = cvt_trunc(std::ceil(x86_add(tex_v, box_v)));
  const float U = x86_sub(static_cast<float>(u0), tex_u);
  const float dq_base = x86_mul(x86_add(x86_add(U, U), 1.0f), A);
  const float q_base = x86_mul(x86_mul(U, U), A);

  // The probes' coordinates divide by the level size of the lane gallivm's swizzle picks: with
  // per-lane levels (a mip filter on a cube or with explicit LOD / bias / derivatives) that is
  // group lane 0's for lanes 0-3 and lane 1's for lanes 4-7, else the lane's own level.
  const bool explicit_op = req.op == SampleOp::kLevel || req.op == SampleOp::kLevelZero ||
                           req.op == SampleOp::kBias || req.op == SampleOp::kGrad;
  const bool per_lane =
      mip != MipFilter::kNone && req.op != SampleOp::kGather && (p.cube || explicit_op);
  uint32_t dim_level = lv;
  if (per_lane) dim_level = static_cast<uint32_t>(aniso_level(c, (g.self & 7u) < 4 ? 0 : 1, mip));
  const auto width_dim = static_cast<float>(view.layout.levels[dim_level].width);
  const auto height_dim = static_cast<float>(view.layout.levels[dim_level].height);

  // Very large footprints would take lavapipe (and the model) practically forever: stop.
  const int64_t rows = int64_t{v1} - v0 + 1, cols = int64_t{u1} - u0 + 1;
  std::array<float, 4> acc{};
  float den = 0.0f;
  // Comparison samplers: gallivm's probe coordinate array has no slot for the reference, and
  // the compare reads the texel just fetched in its place (measured: every probe compares the
  // texel with itself), so each probe is 1 or 0 by the function alone.
  SamplerState probe_smp = p.smp;
  probe_smp.compare.reset();
  const bool raw_depth = req.op == SampleOp::kGather && s.fi.is_depth;
  if (rows > 0 && cols > 0 && rows <= kAnisoMaxProbes && cols <= kAnisoMaxProbes &&
      rows * cols <= kAnisoMaxProbes) {
    SampleRequest probe = req;
    for (int32_t v = v0;; ++v) {
      const float V = x86_sub(static_cast<float>(v), tex_v);
      float dq = x86_add(x86_mul(V, B), dq_base);
      float q = x86_add(x86_mul(x86_add(x86_mul(C, V), x86_mul(B, U)), V), q_base);
      for (int32_t u = u0;; ++u) {
        const int32_t qi = cvt_trunc(q);
        if (qi <= static_cast<int32_t>(kAnisoLutSize - 1)) {
          const float wt = aniso_filter_weight(static_cast<uint32_t>(std::max(qi, 0)));
          probe.coord[0] = static_cast<float>(u) / width_dim;
          probe.coord[1] = static_cast<float>(v) / height_dim;
          Texel t = sample_level_soa(s, probe_smp, probe, lv, false, false, slice);
          if (p.smp.compare) {
            const float r = compare(*p.smp.compare, t.f(0), t.f(0)) ? 1.0f : 0.0f;
            t = Texel::from_float(r, r, r, r);
          } else if (raw_depth) {
            t = raw_depth_gather_texel(s, p.smp, probe, lv, t);
          }
          for (size_t ch = 0; ch < 4; ++ch)
            acc[ch] = x86_add(acc[ch], x86_mul(t.f(static_cast<int>(ch)), wt));
          den = x86_add(den, wt);
        }
        q = x86_add(q, dq);
        dq = x86_add(dq, ddq);
        if (u == u1) break;
      }
      if (v == v1) break;
    }
  }
  if (den == 0.0f) {
    // No texel inside the ellipse: lp_build_sample_image_linear at the level (never a gather).
    SampleRequest lin = req;
    if (lin.op == SampleOp::kGather) lin.op = SampleOp::kLevel;
    if (p.cube) {
      const bool corner = cube_taps(lin.coord[0], lin.coord[1], ll.width).corner;
      return sample_level_cube_linear(s, p.smp, lin, lv, false, p.face, p.slice_base, corner);
    }
    return sample_level_soa(s, p.smp, lin, lv, true, false, slice);
  }
  return Texel::from_float(acc[0] / den, acc[1] / den, acc[2] / den, acc[3] / den);
}

}  // namespace texsim::texunit::lavapipe_detail
