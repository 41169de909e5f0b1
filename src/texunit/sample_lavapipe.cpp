// Mesa 22.3 lavapipe sampling (gallivm lp_bld_sample{,_soa,_aos}.c), one lane at a time: the
// lane's LOD and path (AoS, SoA, cube, aniso) over the per-job files, and the group facts.
#include "texunit/sample_lavapipe.hpp"

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "texunit/format.hpp"
#include "texunit/sample_lavapipe_aniso.hpp"
#include "texunit/sample_lavapipe_aos.hpp"
#include "texunit/sample_lavapipe_cube.hpp"
#include "texunit/sample_lavapipe_internal.hpp"
#include "texunit/sample_lavapipe_lod.hpp"
#include "texunit/sample_lavapipe_prepare.hpp"
#include "texunit/sample_lavapipe_soa.hpp"

namespace texsim::texunit {

namespace {

using namespace lavapipe_detail;

Surf make_surf(const SurfaceView& view) {
  const SurfaceDesc& d = view.desc;
  return Surf{view, format_info(d.format), d.type, d.type == SurfaceType::k3D ? 3u : 2u};
}

// A fragment-shader cube lane's request for the LOD computation: lane k's direction with its
// fine derivatives, projected onto k's own face (lp_build_cube_lookup, need_derivs).
Prepared fragment_cube_lod_request(const SurfaceView& view, const SamplerState& sampler,
                                   const SampleRequest* quad, size_t k) {
  SampleRequest r = quad[k];
  const QuadDerivatives3 d = fine_derivatives(quad, k);
  r.ddx = d.ddx;
  r.ddy = d.ddy;
  return prepare(view, sampler, r);
}

// The LOD of a lane: its own, or in a fragment shader its quad's (the top-left lane's: the rho of
// quad element 0, lp_build_rho). Cube maps in a fragment shader project each lane's fine
// derivatives onto its own face; lavapipe keeps that LOD per lane when there is a mip filter
// (lp_build_sample_soa_code: num_lods = length for cubes) and otherwise takes the top-left
// lane's, where the LOD only chooses between the min and mag filters.
LodInfo lane_lod(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                 const SampleRequest& in_req, const Prepared& p, const LavapipeLaneContext& ctx) {
  if (ctx.quad == nullptr) return select_lod(s, p.smp, p.req, false);
  if (p.cube) {
    if (!cube_needs_derivs(view, sampler, in_req.op)) return select_lod(s, p.smp, p.req, false);
    const bool per_lane = lavapipe_mip_filter(view, sampler, in_req.op) != MipFilter::kNone ||
                          in_req.op == SampleOp::kBias;
    const size_t lod_lane = per_lane ? size_t{ctx.quad_lane & 3u} : 0;
    const Prepared q = fragment_cube_lod_request(view, sampler, ctx.quad, lod_lane);
    return select_lod(s, q.smp, q.req, false);
  }
  const Prepared q = prepare(view, sampler, *ctx.quad);
  return select_lod(s, q.smp, q.req, true);
}

bool lane_needs_linear(const SamplerState& sampler, const LodInfo& li, SampleOp op) {
  if (op == SampleOp::kGather) return true;
  if (sampler.min_filter == sampler.mag_filter) return sampler.min_filter == Filter::kLinear;
  return sampler.min_filter == Filter::kLinear ? li.positive : !li.positive;
}

// Measured (issue 20, oracle seeds with float32 denormal texels): lavapipe's fragment-shader
// threads run with the x86 MXCSR's DAZ and FTZ bits set (llvmpipe's rasterizer threads set
// "denorms to zero", as D3D10 asks), its compute threads do not. So a fragment lookup's float
// arithmetic reads denormal inputs as zero and flushes denormal results, while a value only
// moved (a point-sampled texel) keeps its bits. The model runs its own arithmetic under the same
// MXCSR bits for a fragment lookup (x86-64 only; elsewhere the bits are not modelled).
class FragmentFpState {
 public:
  explicit FragmentFpState(bool fragment) {
#if defined(__x86_64__) || defined(_M_X64)
    if (fragment) {
      saved_ = _mm_getcsr();
      _mm_setcsr(saved_ | kDaz | kFtz);
      active_ = true;
    }
#else
    (void)fragment;
#endif
  }
  ~FragmentFpState() {
#if defined(__x86_64__) || defined(_M_X64)
    if (active_) _mm_setcsr(saved_);
#endif
  }
  FragmentFpState(const FragmentFpState&) = delete;
  FragmentFpState& operator=(const FragmentFpState&) = delete;

 private:
  static constexpr unsigned kDaz = 1u << 6;   // denormals are zeros (inputs)
  static constexpr unsigned kFtz = 1u << 15;  // flush to zero (results)
  unsigned saved_ = 0;
  bool active_ = false;
};

SampleResult sample_lavapipe_lane(const SurfaceView& view, const SamplerState& sampler,
                                  const SampleRequest& in_req, const LavapipeLaneContext& ctx);

}  // namespace

SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req) {
  return sample_lavapipe(view, sampler, req, LavapipeLaneContext{});
}

SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& in_req, const LavapipeLaneContext& ctx) {
  const FragmentFpState fp(ctx.quad != nullptr);
  // A call the compiler cannot see through keeps the arithmetic between the MXCSR writes.
  SampleResult (*volatile lane)(const SurfaceView&, const SamplerState&, const SampleRequest&,
                                const LavapipeLaneContext&) = &sample_lavapipe_lane;
  return lane(view, sampler, in_req, ctx);
}

namespace {

// textureQueryLod of one lane: anisotropic (lp_build_pmin), a fragment cube lane's own face, a
// fragment quad's (its top-left lane's differences) or the lane's explicit derivatives.
Texel lane_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                     const SampleRequest& in_req, const Prepared& p,
                     const LavapipeLaneContext& ctx) {
  if (lavapipe_max_anisotropy(sampler) > 1.0f)
    return aniso_lod_query(s, view, sampler, ctx.quad != nullptr ? *ctx.quad : in_req, ctx);
  if (ctx.quad != nullptr && p.cube)
    return fragment_cube_lod_query(s, view, sampler, ctx.quad, ctx.quad_lane & 3u);
  if (ctx.quad != nullptr) {
    const Prepared q = prepare(view, sampler, *ctx.quad);
    return lod_query(s, q.smp, q.req, true);
  }
  return lod_query(s, p.smp, p.req, false);
}

// lp_build_sample_aos: with min != mag the quad's LOD picks the min filter (with the mip
// filter) or the mag filter (level 0, no mip lerp); 8-bit results widened by k * float(1/255).
Texel sample_aos_lane(const Surf& s, const SamplerState& sampler, const Prepared& p,
                      const LodInfo& li) {
  const int32_t slice = p.slice_base + p.face;
  const bool minified = sampler.min_filter == sampler.mag_filter || li.positive;
  const Filter filter = minified ? sampler.min_filter : sampler.mag_filter;
  const bool linear = filter == Filter::kLinear;
  Rgba8 c = sample_level_aos(s, p.smp, p.req, static_cast<uint32_t>(li.level0), linear, slice);
  if (minified && sampler.mip_filter == MipFilter::kLinear && li.fpart > 0.0f) {
    const Rgba8 c1 =
        sample_level_aos(s, p.smp, p.req, static_cast<uint32_t>(li.level1), linear, slice);
    const int32_t w = cvt_trunc(li.fpart * 256.0f);
    c = reduce8(sampler.reduction, w, c, c1);  // lp_build_reduce_filter (P9)
  }
  const auto scale = static_cast<float>(1.0 / 255.0);
  return Texel::from_float(static_cast<float>(c.c[0]) * scale, static_cast<float>(c.c[1]) * scale,
                           static_cast<float>(c.c[2]) * scale, static_cast<float>(c.c[3]) * scale);
}

// SoA float path. Filter choice: min == mag -> that filter; otherwise per lane, with the
// "combined" linear path (nearest lanes get 0/1 weights) when any lane of the SIMD group
// needs linear, else a plain nearest path.
Texel sample_soa_lane(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                      const Prepared& p, const LodInfo& li, const LavapipeLaneContext& ctx) {
  const SampleRequest& req = p.req;
  const int32_t slice = p.slice_base + p.face;
  bool linear;
  bool nearest_via_linear = false;
  // The derived state: a one-level view with max_lod > 0 samples with mip filter NONE, so no
  // level blend at all (seed 2 case 504: a weight-0 blend would flush denormals under DAZ).
  MipFilter mip = lavapipe_mip_filter(view, sampler, req.op);
  if (req.op == SampleOp::kGather) {
    linear = true;
    mip = MipFilter::kNone;
  } else if (sampler.min_filter == sampler.mag_filter) {
    linear = sampler.min_filter == Filter::kLinear;
  } else {
    const bool lane_linear = lane_needs_linear(sampler, li, req.op);
    const bool group_linear = ctx.group_needs_linear.value_or(lane_linear);
    if (group_linear) {
      linear = true;
      nearest_via_linear = !lane_linear;
    } else {
      linear = false;
      if (sampler.min_filter == Filter::kLinear) mip = MipFilter::kNone;
    }
  }
  int32_t level0 = li.level0, level1 = li.level1;
  float fpart = li.fpart;
  if (mip == MipFilter::kNone) {
    level0 = level1 = 0;
    fpart = 0.0f;
  }
  auto level_sample = [&](int32_t level, int which) {
    const auto lv = static_cast<uint32_t>(level);
    if (p.cube && linear) {
      const bool own_corner =
          cube_taps(req.coord[0], req.coord[1], view.layout.levels[lv].width).corner;
      const auto& group = ctx.group_cube_corner[static_cast<size_t>(which)];
      const bool group_corner = group.value_or(own_corner) || own_corner;
      return sample_level_cube_linear(s, p.smp, req, lv, nearest_via_linear, p.face, p.slice_base,
                                      group_corner);
    }
    return sample_level_soa(s, p.smp, req, lv, linear, nearest_via_linear, slice);
  };
  Texel t = level_sample(level0, 0);
  // need_lerp: lp_build_sample_mipmap (min == mag, or a group without linear lanes) blends
  // when any lane's fpart > 0; lp_build_sample_mipmap_both (min != mag, the group's combined
  // linear path) when any lane is minified (lod_positive), even at a clamped level with fpart
  // 0 (soak seed 20261124 case 6488: the weight-0 blend turns -0 into +0 under DAZ).
  const bool both = sampler.min_filter != sampler.mag_filter && linear;
  const bool lerp_levels = fpart > 0.0f || (both ? ctx.group_minified.value_or(li.positive)
                                                 : ctx.group_mip_lerp.value_or(false));
  if (mip == MipFilter::kLinear && lerp_levels && s.fi.result_kind == TexelKind::kFloat) {
    const Texel t1 = level_sample(level1, 1);
    // The float path lerps the two levels whatever the reduction mode (P9).
    t = Texel::from_float(lerp(fpart, t.f(0), t1.f(0)), lerp(fpart, t.f(1), t1.f(1)),
                          lerp(fpart, t.f(2), t1.f(2)), lerp(fpart, t.f(3), t1.f(3)));
  }
  return t;
}

SampleResult sample_lavapipe_lane(const SurfaceView& view, const SamplerState& sampler,
                                  const SampleRequest& in_req, const LavapipeLaneContext& ctx) {
  const Surf s = make_surf(view);
  const Prepared p = prepare(view, sampler, in_req);
  SampleResult res;
  if (p.req.op == SampleOp::kLodQuery) {
    res.texel = lane_lod_query(s, view, sampler, in_req, p, ctx);
  } else if (lavapipe_max_anisotropy(sampler) > 1.0f) {  // lp_build_sample_aniso (decision P12)
    res.texel = sample_aniso(s, view, sampler, in_req, p, ctx);
  } else {
    const LodInfo li = lane_lod(s, view, sampler, in_req, p, ctx);
    const bool lod_per_quad = ctx.quad != nullptr && in_req.op == SampleOp::kImplicit;
    res.texel = uses_aos(view, sampler, in_req, lod_per_quad)
                    ? sample_aos_lane(s, sampler, p, li)
                    : sample_soa_lane(s, view, sampler, p, li, ctx);
  }
  return res;
}

}  // namespace

namespace {

LavapipeLaneFacts lane_facts(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req, const LavapipeLaneContext& ctx) {
  const Surf s = make_surf(view);
  const Prepared p = prepare(view, sampler, req);
  const LodInfo li = lane_lod(s, view, sampler, req, p, ctx);
  LavapipeLaneFacts f;
  f.needs_linear = lane_needs_linear(sampler, li, req.op);
  f.mip_lerp = sampler.mip_filter == MipFilter::kLinear && li.fpart > 0.0f &&
               format_info(view.desc.format).result_kind == TexelKind::kFloat;
  f.minified = li.positive;
  if (p.cube) {
    const bool gather = req.op == SampleOp::kGather;
    const int32_t l0 = gather ? 0 : li.level0;
    const int32_t l1 = gather ? 0 : li.level1;
    f.cube_corner[0] = cube_taps(p.req.coord[0], p.req.coord[1],
                                 view.layout.levels[static_cast<uint32_t>(l0)].width)
                           .corner;
    f.cube_corner[1] = cube_taps(p.req.coord[0], p.req.coord[1],
                                 view.layout.levels[static_cast<uint32_t>(l1)].width)
                           .corner;
  }
  return f;
}

}  // namespace

// The group facts are the lane's own LOD decisions, so a fragment lane's run under the fragment
// thread's DAZ / FTZ as its sample does: a positive denormal shader bias at LOD 0 reads as 0 and
// the lane magnifies (issue 33 defect 4, decision P23; judged without DAZ it minified and put its
// group on the combined linear path).
LavapipeLaneFacts lavapipe_lane_facts(const SurfaceView& view, const SamplerState& sampler,
                                      const SampleRequest& req, const LavapipeLaneContext& ctx) {
  const FragmentFpState fp(ctx.quad != nullptr);
  LavapipeLaneFacts (*volatile facts)(const SurfaceView&, const SamplerState&, const SampleRequest&,
                                      const LavapipeLaneContext&) = &lane_facts;
  return facts(view, sampler, req, ctx);
}

bool lavapipe_lane_needs_linear(const SurfaceView& view, const SamplerState& sampler,
                                const SampleRequest& req) {
  return lavapipe_lane_facts(view, sampler, req, {}).needs_linear;
}

bool lavapipe_uses_aos(const SurfaceView& view, const SamplerState& sampler,
                       const SampleRequest& req) {
  return lavapipe_detail::uses_aos(view, sampler, req, false);  // per-lane LOD in compute
}

}  // namespace texsim::texunit
