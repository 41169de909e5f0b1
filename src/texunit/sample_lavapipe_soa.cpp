// lavapipe SoA float path for one non-cube level (lp_build_sample_image_nearest / _linear):
// point, bilinear, trilinear-level, comparison and gather. Mesa 22.3.6.
#include "texunit/sample_lavapipe_soa.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "texunit/sample_lavapipe_decode.hpp"
#include "texunit/sample_lavapipe_wrap.hpp"

namespace texsim::texunit::lavapipe_detail {

// lp_build_sample_image_nearest / _linear for one level (non-cube), SoA float path.
Texel sample_level_soa(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                       uint32_t level, bool linear, bool nearest_via_linear, int32_t slice) {
  const LevelLayout& lv = s.view.layout.levels[level];
  const std::array<uint32_t, 3> len{lv.width, lv.height, lv.depth};
  const SurfaceDesc& d0 = s.view.desc;
  const std::array<bool, 3> pot{is_pot(d0.width), is_pot(d0.height), is_pot(d0.depth)};
  const bool gather = req.op == SampleOp::kGather;
  const bool cmp = smp.compare.has_value();
  float ref = req.reference;
  if (cmp) ref = compare_reference(s.fi, ref);
  if (!linear) {
    std::array<int32_t, 3> c{};
    for (unsigned i = 0; i < s.dims; ++i)
      c[i] = wrap_nearest(req.coord[i], len[i], req.offset[i], smp.address[i], pot[i]);
    Texel t = read_texel(s, smp, level, c[0], c[1], c[2], slice);
    if (cmp) {
      const float r = compare(*smp.compare, ref, t.f(0)) ? 1.0f : 0.0f;
      t = Texel::from_float(r, r, r, r);
    }
    return t;
  }
  std::array<LinearTaps, 3> tp{};
  for (unsigned i = 0; i < s.dims; ++i)
    tp[i] = wrap_linear(req.coord[i], len[i], req.offset[i], smp.address[i], gather, pot[i]);
  if (nearest_via_linear) {
    // lp_build_cmp (unordered): a NaN weight (NaN coordinate) picks the second tap.
    for (unsigned i = 0; i < s.dims; ++i) tp[i].w = ugt(tp[i].w, 0.5f) ? 1.0f : 0.0f;
  }
  auto fetch = [&](int xi, int yi, int zi) {
    return read_texel(s, smp, level, xi ? tp[0].x1 : tp[0].x0, yi ? tp[1].x1 : tp[1].x0,
                      s.dims == 3 ? (zi ? tp[2].x1 : tp[2].x0) : 0, slice);
  };
  if (gather) {
    const Texel n00 = fetch(0, 0, 0), n01 = fetch(1, 0, 0), n10 = fetch(0, 1, 0),
                n11 = fetch(1, 1, 0);
    const unsigned comp = cmp ? 0 : req.gather_component;
    auto pick = [&](const Texel& t) -> uint32_t {
      if (cmp) return std::bit_cast<uint32_t>(compare(*smp.compare, ref, t.f(0)) ? 1.0f : 0.0f);
      return t.bits[comp];
    };
    Texel out{{pick(n10), pick(n11), pick(n01), pick(n00)}, s.fi.result_kind};
    if (cmp) out.kind = TexelKind::kFloat;
    return out;
  }
  auto bilinear = [&](int zi) {
    const Texel n00 = fetch(0, 0, zi), n01 = fetch(1, 0, zi), n10 = fetch(0, 1, zi),
                n11 = fetch(1, 1, zi);
    std::array<float, 4> r{};
    if (cmp) {
      const bool m00 = compare(*smp.compare, ref, n00.f(0));
      const bool m01 = compare(*smp.compare, ref, n01.f(0));
      const bool m10 = compare(*smp.compare, ref, n10.f(0));
      const bool m11 = compare(*smp.compare, ref, n11.f(0));
      const float v0 = masklerp(tp[0].w, m00, m01);
      const float v1 = masklerp(tp[0].w, m10, m11);
      r.fill(lerp(tp[1].w, v0, v1));
    } else {
      for (int c = 0; c < 4; ++c) {
        const float v0 = reduce(smp.reduction, tp[0].w, n00.f(c), n01.f(c));
        const float v1 = reduce(smp.reduction, tp[0].w, n10.f(c), n11.f(c));
        r[c] = reduce(smp.reduction, tp[1].w, v0, v1);
      }
    }
    return r;
  };
  std::array<float, 4> r = bilinear(0);
  if (s.dims == 3) {
    const std::array<float, 4> r1 = bilinear(1);
    for (int c = 0; c < 4; ++c) r[c] = reduce(smp.reduction, tp[2].w, r[c], r1[c]);
  }
  return Texel::from_float(r[0], r[1], r[2], r[3]);
}

}  // namespace texsim::texunit::lavapipe_detail
