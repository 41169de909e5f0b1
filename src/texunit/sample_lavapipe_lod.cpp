// lavapipe level-of-detail selection (gallivm lp_build_rho, lp_build_lod_selector, the mip
// level/fraction split), textureQueryLod and the derived mip state. Mesa 22.3.6.
#include "texunit/sample_lavapipe_lod.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace texsim::texunit::lavapipe_detail {

float fast_log2(float x) {
  const uint32_t b = std::bit_cast<uint32_t>(x);
  const auto e = static_cast<int32_t>((b >> 23) & 0xff) - 127;
  const float m = std::bit_cast<float>((b & 0x007fffffu) | 0x3f800000u);
  return static_cast<float>(e) + (m - 1.0f);
}

// lp_build_rho with no_rho_approx: the larger squared texel-space length of ddx and ddy (float,
// in lavapipe's order). The larger is x86 maxps (lp_build_max): rx > ry ? rx : ry, so a NaN rx
// gives ry and a NaN ry stays NaN (decision P1, class A). Explicit derivatives (the derivs
// branch, cube maps' projected ones included): an infinite or NaN rho becomes 0. A fragment
// quad's own differences (`quad_derivs`) keep it: Inf reads as LOD 64, NaN as 64.25 (class D).
float rho_squared(const Surf& s, const SampleRequest& req, bool quad_derivs) {
  const SurfaceDesc& d = s.view.desc;
  const std::array<uint32_t, 3> size{d.width, d.height, d.depth};
  float rx = 0.0f, ry = 0.0f;
  for (unsigned i = 0; i < s.dims; ++i) {
    const float fd = static_cast<float>(size[i]);
    float dx = fd * req.ddx[i];
    float dy = fd * req.ddy[i];
    dx = dx * dx;
    dy = dy * dy;
    // NaN + NaN: the first operand's NaN (P11); its payload shows in fast_log2 (class D).
    rx = i == 0 ? dx : x86_add(rx, dx);
    ry = i == 0 ? dy : x86_add(ry, dy);
  }
  const float rho = rx > ry ? rx : ry;
  if (quad_derivs) return rho;
  return std::isinf(rho) || std::isnan(rho) ? 0.0f : rho;
}

LodInfo select_lod(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                   bool quad_derivs) {
  LodInfo li;
  const SurfaceDesc& d = s.view.desc;
  const int32_t last = static_cast<int32_t>(d.mips) - 1;
  if (req.op == SampleOp::kGather) return li;  // level = first level, no min/mag decision
  const bool min_max_equal = smp.min_lod == smp.max_lod;
  const bool apply_min = !min_max_equal && smp.min_lod > 0.0f;
  const bool apply_max = !min_max_equal && smp.max_lod < kPipeMaxLodClamp;
  const bool bias_nz = smp.lod_bias != 0.0f;
  const bool shader_bias = req.op == SampleOp::kBias;  // texture(..., bias): req.lod
  float lod = 0.0f;
  bool have_int_only = false;
  int32_t ipart_special = 0;
  if (min_max_equal) {
    lod = smp.min_lod;
  } else if (req.op == SampleOp::kLevel || req.op == SampleOp::kLevelZero) {
    lod = req.op == SampleOp::kLevel ? req.lod : 0.0f;
  } else {
    const float rho = rho_squared(s, req, quad_derivs);
    if (!shader_bias && !bias_nz && !apply_max && !apply_min &&
        smp.mip_filter != MipFilter::kLinear) {
      // Special case: ipart = (exponent(rho^2) + 1) >> 1, positive = rho^2 > 1.
      const auto e = static_cast<int32_t>((std::bit_cast<uint32_t>(rho) >> 23) & 0xff) - 127;
      ipart_special = (e + 1) >> 1;
      li.positive = ugt(rho, 1.0f);  // lp_build_cmp: unordered, a NaN rho minifies
      have_int_only = true;
    } else {
      lod = fast_log2(rho) * 0.5f;
      if (shader_bias) lod = lod + req.lod;  // the shader's bias, then the sampler's
    }
  }
  if (!have_int_only) {
    if (bias_nz && !min_max_equal) lod = lod + smp.lod_bias;
    // minps / maxps: a NaN LOD becomes max_lod, then at least min_lod (class F).
    if (apply_max) lod = minps(lod, smp.max_lod);
    if (apply_min) lod = maxps(lod, smp.min_lod);
    li.lod = lod;
    li.positive = ugt(lod, 0.0f);  // unordered: a NaN LOD counts as minification (class F)
  }
  if (smp.mip_filter == MipFilter::kLinear && !have_int_only) {
    const float fl = std::floor(lod);
    int32_t l0 = cvt_trunc(fl);
    float fp = lod - fl;
    int32_t l1 = l0 + 1;
    if (l0 < 0) {
      l0 = 0;
      l1 = 0;
      fp = 0.0f;
    }
    if (l0 >= last) {
      l0 = last;
      l1 = last;
      fp = 0.0f;
    }
    li.level0 = l0;
    li.level1 = l1;
    li.fpart = fp;
  } else if (smp.mip_filter == MipFilter::kNone) {
    // lp_build_sample_common, case PIPE_TEX_MIPFILTER_NONE: "always use mip level 0" (ilevel0 =
    // first_level) whatever the LOD, which then only picks the min or mag filter (decision P20).
    li.level0 = li.level1 = 0;
  } else {
    const int32_t ip = have_int_only ? ipart_special : cvt_round(lod);
    li.level0 = li.level1 = std::clamp(ip, 0, last);
  }
  return li;
}

// textureQueryLod (lp_build_lod_selector with is_lodq): y = the LOD after the biases, before
// the min/max clamp; x = after the clamp, rounded for mip NEAREST, clamped to [0, levels - 1].
Texel lod_query(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                bool quad_derivs) {
  float lod = fast_log2(rho_squared(s, req, quad_derivs)) * 0.5f;
  if (smp.lod_bias != 0.0f) lod = lod + smp.lod_bias;
  return lod_query_from(s, smp, lod);
}

Texel lod_query_from(const Surf& s, const SamplerState& smp, float lod) {
  const SurfaceDesc& d = s.view.desc;
  const float unclamped = lod;
  if (smp.min_lod != smp.max_lod) {  // min_lod == max_lod: no clamp (static state)
    if (smp.max_lod < kPipeMaxLodClamp) lod = minps(lod, smp.max_lod);
    if (smp.min_lod > 0.0f) lod = maxps(lod, smp.min_lod);
  }
  const float last = static_cast<float>(d.mips - 1);
  float x = lod;
  if (smp.mip_filter != MipFilter::kLinear) x = std::nearbyint(x);
  // lp_build_clamp: maxps(x, 0) then minps(x, last); maxps returns its second operand for equal
  // values, so a LOD rounded to -0 comes back as +0.
  x = x > 0.0f ? x : 0.0f;
  x = x < last ? x : last;
  return Texel::from_float(x, unclamped, 0.0f, 0.0f);
}

// lp_build_sample_soa_code's derived sampler state: a view of one level with max_lod > 0
// samples with mip filter NONE (lod queries keep the sampler's).
MipFilter lavapipe_mip_filter(const SurfaceView& view, const SamplerState& smp, SampleOp op) {
  if (op == SampleOp::kGather) return MipFilter::kNone;
  if (op != SampleOp::kLodQuery && view.desc.mips == 1 && smp.max_lod > 0.0f)
    return MipFilter::kNone;
  return smp.mip_filter;
}

// lp_build_sample_common: whether lp_build_cube_lookup projects derivatives (need_derivs): an
// LOD is needed (min != mag filter or a mip filter), min_lod != max_lod (lod_selector's
// min_max_lod_equal) and the LOD is not explicit. textureQueryLod is not considered, so its
// LOD then comes from the face coordinates' quad differences.
bool cube_needs_derivs(const SurfaceView& view, const SamplerState& smp, SampleOp op) {
  if (op == SampleOp::kLevel || op == SampleOp::kLevelZero || op == SampleOp::kGather) return false;
  return (smp.min_filter != smp.mag_filter ||
          lavapipe_mip_filter(view, smp, op) != MipFilter::kNone) &&
         smp.min_lod != smp.max_lod;
}

}  // namespace texsim::texunit::lavapipe_detail
