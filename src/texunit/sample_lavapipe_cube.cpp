// lavapipe cube maps: face selection (lp_build_cube_lookup), seamless bilinear filtering and
// gather with missing corners, fragment-quad derivatives and cube textureQueryLod. Mesa 22.3.6.
#include "texunit/sample_lavapipe_cube.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "texunit/cube.hpp"
#include "texunit/sample_lavapipe_decode.hpp"
#include "texunit/sample_lavapipe_lod.hpp"

namespace texsim::texunit::lavapipe_detail {

LpCube lp_cube_lookup(const std::array<float, 3>& c, const std::array<float, 3>& dx,
                      const std::array<float, 3>& dy) {
  const float as = std::fabs(c[0]), at = std::fabs(c[1]), ar = std::fabs(c[2]);
  const bool as_gt_at = as > at;
  const float maxasat = as > at ? as : at;  // maxps: the second operand unless a > b
  const bool ar_ge = ar >= maxasat;
  const int axis = ar_ge ? 2 : as_gt_at ? 0 : 1;
  const float ma = c[static_cast<size_t>(axis)];
  const bool neg = std::signbit(ma);
  auto flip = [&](float v) { return neg ? -v : v; };  // xor with the sign bit of ma
  auto minor = [&](const std::array<float, 3>& v) -> std::array<float, 2> {
    switch (axis) {
      case 0:
        return {flip(-v[2]), -v[1]};
      case 1:
        return {v[0], flip(v[2])};
      default:
        return {flip(v[0]), -v[1]};
    }
  };
  LpCube r;
  r.face = 2 * axis + (neg ? 1 : 0);
  const std::array<float, 2> st = minor(c);
  const float ima = 1.0f / ma;
  const float imahalf = 0.5f * ima;
  const float imahalfpos = std::fabs(imahalf);
  // Products of two values that may both be NaN take x86's first NaN operand (P11).
  r.s = x86_add(x86_mul(st[0], imahalfpos), 0.5f);
  r.t = x86_add(x86_mul(st[1], imahalfpos), 0.5f);
  const std::array<float, 2> dsx = minor(dx), dsy = minor(dy);
  const float madxdivma = x86_mul(dx[static_cast<size_t>(axis)], ima);
  const float madydivma = x86_mul(dy[static_cast<size_t>(axis)], ima);
  for (int k = 0; k < 2; ++k) {
    const auto ku = static_cast<size_t>(k);
    r.ddx[ku] = x86_mul(x86_sub(dsx[ku], x86_mul(madxdivma, st[ku])), imahalf);
    r.ddy[ku] = x86_mul(x86_sub(dsy[ku], x86_mul(madydivma, st[ku])), imahalf);
  }
  return r;
}

CubeTaps cube_taps(float s, float t, uint32_t n) {
  const float nf = static_cast<float>(n);
  const auto max_c = static_cast<int32_t>(n) - 1;
  CubeTaps c;
  float x = s * nf;
  x = x + -0.5f;
  float y = t * nf;
  y = y + -0.5f;
  const float flx = std::floor(x), fly = std::floor(y);
  c.x0 = cvt_trunc(flx);
  c.y0 = cvt_trunc(fly);
  c.fs = x - flx;
  c.ft = y - fly;
  const bool off_x = c.x0 < 0 || c.x0 + 1 > max_c;
  const bool off_y = c.y0 < 0 || c.y0 + 1 > max_c;
  c.corner = off_x && off_y;
  return c;
}

namespace {

// The four taps of a seamless bilinear footprint in the order 00, 01, 10, 11 (01 = x1, y0):
// taps outside the face are read from the adjacent face; the tap past a corner is missing.
struct CubeQuad {
  std::array<Texel, 4> tx{};
  std::array<bool, 4> missing{};
};

CubeQuad read_cube_quad(const Surf& s, const SamplerState& smp, uint32_t level, const CubeTaps& tp,
                        int32_t face, int32_t slice_base) {
  const uint32_t n = s.view.layout.levels[level].width;
  CubeQuad q;
  for (int k = 0; k < 4; ++k) {
    const int64_t x = tp.x0 + (k & 1);
    const int64_t y = tp.y0 + (k >> 1);
    const CubeTexel ct = cube_resolve_texel(static_cast<uint32_t>(face), x, y, n);
    q.missing[static_cast<size_t>(k)] = ct.missing;
    if (ct.missing) continue;
    q.tx[static_cast<size_t>(k)] =
        read_texel(s, smp, level, static_cast<int32_t>(ct.x), static_cast<int32_t>(ct.y), 0,
                   slice_base + static_cast<int32_t>(ct.face));
  }
  return q;
}

constexpr float kThird = 1.0f / 3.0f;

// Gather with a missing corner: a float (or comparison) gather replaces the missing tap by
// ((c00 + c01) + (c10 + c11)) * (1/3) over the others; an integer gather by the tap of the other
// row in the same column. Returned in gather order (10, 11, 01, 00).
Texel cube_gather(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                  const CubeQuad& q, float ref) {
  const bool cmp = smp.compare.has_value();
  const unsigned comp = cmp ? 0 : req.gather_component;
  std::array<uint32_t, 4> v{};
  for (size_t k = 0; k < 4; ++k) {
    if (cmp)
      v[k] = std::bit_cast<uint32_t>(
          !q.missing[k] && compare(*smp.compare, ref, q.tx[k].f(0)) ? 1.0f : 0.0f);
    else
      v[k] = q.missing[k] ? 0u : q.tx[k].bits[comp];
  }
  for (size_t k = 0; k < 4; ++k) {
    if (!q.missing[k]) continue;
    const bool is_float = cmp || s.fi.result_kind == TexelKind::kFloat;
    if (is_float) {
      auto f = [&](size_t i) { return std::bit_cast<float>(v[i]); };
      const float c = x86_mul(x86_add(x86_add(f(0), f(1)), x86_add(f(2), f(3))), kThird);
      v[k] = std::bit_cast<uint32_t>(c);
    } else {
      // Integer formats (measured): no average; the tap is read where lavapipe's "cheap
      // corner" addressing puts it, the x-neighbour face at the clamped row, which is the
      // texel of the other row in the same column.
      v[k] = v[k ^ 2];
    }
  }
  return Texel{{v[2], v[3], v[1], v[0]}, cmp ? TexelKind::kFloat : s.fi.result_kind};
}

// A group with a missing corner (`group_corner`): w00*c00 + w01*c01 + w10*c10 + w11*c11
// (products, then sums), the missing tap's weight / 3 added to the other three.
std::array<float, 4> cube_corner_filter(const SamplerState& smp, const CubeTaps& tp,
                                        const CubeQuad& q, float ref) {
  const float wx0 = 1.0f - tp.fs, wy0 = 1.0f - tp.ft;
  std::array<float, 4> w{x86_mul(wx0, wy0), x86_mul(tp.fs, wy0), x86_mul(wx0, tp.ft),
                         x86_mul(tp.fs, tp.ft)};
  float cw = 0.0f;
  for (size_t k = 0; k < 4; ++k)
    if (q.missing[k]) cw = w[k];
  cw = cw * kThird;
  for (size_t k = 0; k < 4; ++k) w[k] = q.missing[k] ? 0.0f : x86_add(w[k], cw);
  std::array<float, 4> r{};
  if (smp.compare) {
    float acc = 0.0f;
    for (size_t k = 0; k < 4; ++k) {
      const float term = !q.missing[k] && compare(*smp.compare, ref, q.tx[k].f(0)) ? w[k] : 0.0f;
      acc = k == 0 ? term : x86_add(term, acc);
    }
    r.fill(acc);
    return r;
  }
  for (int c = 0; c < 4; ++c) {
    float acc = 0.0f;
    for (size_t k = 0; k < 4; ++k) {
      // The missing tap's weight is 0, but lavapipe still multiplies it with the texel its
      // "cheap corner" addressing reads (the other row, same column): the sign of a zero
      // product shows when every term is zero (seed 4 case 1021, DAZ).
      const float term = x86_mul(w[k], q.tx[q.missing[k] ? k ^ 2 : k].f(c));
      acc = k == 0 ? term : x86_add(term, acc);
    }
    r[static_cast<size_t>(c)] = acc;
  }
  return r;
}

}  // namespace

// Seamless cube bilinear filtering and gather at one level (lp_build_sample_image_linear, cube
// branch). When any lane of the SIMD group has a missing corner (`group_corner`) every lane of
// the group is filtered by cube_corner_filter's weight sum; otherwise by the usual fma lerps.
Texel sample_level_cube_linear(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                               uint32_t level, bool nearest_via_linear, int32_t face,
                               int32_t slice_base, bool group_corner) {
  const uint32_t n = s.view.layout.levels[level].width;
  CubeTaps tp = cube_taps(req.coord[0], req.coord[1], n);
  if (nearest_via_linear) {
    tp.fs = ugt(tp.fs, 0.5f) ? 1.0f : 0.0f;
    tp.ft = ugt(tp.ft, 0.5f) ? 1.0f : 0.0f;
  }
  const bool cmp = smp.compare.has_value();
  float ref = req.reference;
  if (cmp) ref = compare_reference(s.fi, ref);
  CubeQuad q = read_cube_quad(s, smp, level, tp, face, slice_base);
  // With a min / max reduction lavapipe has no corner handling at all (its corner branch is for
  // the weighted average only): a missing corner tap is the texel its cheap-corner addressing
  // reads, the other row in the same column, and the taps are reduced as they are (P9).
  if (smp.reduction != Reduction::kWeightedAverage) {
    for (size_t k = 0; k < 4; ++k) {
      if (q.missing[k]) q.tx[k] = q.tx[k ^ 2];
    }
    q.missing = {};
    group_corner = false;
  }
  if (req.op == SampleOp::kGather) return cube_gather(s, smp, req, q, ref);
  std::array<float, 4> r{};
  if (group_corner) {
    r = cube_corner_filter(smp, tp, q, ref);
  } else if (cmp) {
    auto passes = [&](size_t k) { return compare(*smp.compare, ref, q.tx[k].f(0)); };
    const float v0 = masklerp(tp.fs, passes(0), passes(1));
    const float v1 = masklerp(tp.fs, passes(2), passes(3));
    r.fill(lerp(tp.ft, v0, v1));
  } else {
    for (int c = 0; c < 4; ++c) {
      const float v0 = reduce(smp.reduction, tp.fs, q.tx[0].f(c), q.tx[1].f(c));
      const float v1 = reduce(smp.reduction, tp.fs, q.tx[2].f(c), q.tx[3].f(c));
      r[static_cast<size_t>(c)] = reduce(smp.reduction, tp.ft, v0, v1);
    }
  }
  return Texel::from_float(r[0], r[1], r[2], r[3]);
}

QuadDerivatives3 fine_derivatives(const SampleRequest* quad, size_t k) {
  const size_t row = k & 2u, col = k & 1u;
  QuadDerivatives3 d;
  for (size_t i = 0; i < 3; ++i) {
    d.ddx[i] = quad[row + 1].coord[i] - quad[row].coord[i];
    d.ddy[i] = quad[col + 2].coord[i] - quad[col].coord[i];
  }
  return d;
}

namespace {

// lp_build_cube_lookup as lavapipe runs it for textureQueryLod on a cube map in a fragment shader
// (measured; see fragment_cube_lod_query): the direction's third component is undefined and the
// selects that would use it fall back to their other operand. So the face is +-x or +-y (x
// when |x| > |y|), face_s = x and face_t = -y whatever the face (snewy and tnewx), and the
// derivatives likewise (dx, -dy of the shader's x and y), projected with ma = x or y.
LpCube lp_cube_lookup_lodq(const std::array<float, 3>& c, const std::array<float, 3>& dx,
                           const std::array<float, 3>& dy) {
  const bool x_major = std::fabs(c[0]) > std::fabs(c[1]);
  const size_t axis = x_major ? 0 : 1;
  const float ma = c[axis];
  LpCube r;
  r.face = 2 * static_cast<int32_t>(axis) + (std::signbit(ma) ? 1 : 0);
  const std::array<float, 2> st{c[0], -c[1]};
  const std::array<float, 2> dsx{dx[0], -dx[1]}, dsy{dy[0], -dy[1]};
  const float ima = 1.0f / ma;
  const float imahalf = 0.5f * ima;
  const float imahalfpos = std::fabs(imahalf);
  r.s = x86_add(x86_mul(st[0], imahalfpos), 0.5f);
  r.t = x86_add(x86_mul(st[1], imahalfpos), 0.5f);
  const float madxdivma = x86_mul(dx[axis], ima);
  const float madydivma = x86_mul(dy[axis], ima);
  for (size_t k = 0; k < 2; ++k) {
    r.ddx[k] = x86_mul(x86_sub(dsx[k], x86_mul(madxdivma, st[k])), imahalf);
    r.ddy[k] = x86_mul(x86_sub(dsy[k], x86_mul(madydivma, st[k])), imahalf);
  }
  return r;
}

// Measured: lavapipe's cube textureQueryLod sees the whole direction only for R8G8B8A8_UNORM and
// B8G8R8A8_UNORM textures; for every other format the third component is undefined
// (lp_cube_lookup_lodq).
bool lodq_cube_sees_z(Format f) {
  return f == Format::kR8G8B8A8_UNORM || f == Format::kB8G8R8A8_UNORM;
}

}  // namespace

LpCube lodq_cube_lookup(Format f, const std::array<float, 3>& c) {
  return lodq_cube_sees_z(f) ? lp_cube_lookup(c, {}, {}) : lp_cube_lookup_lodq(c, {}, {});
}

// textureQueryLod on a cube map in a fragment shader (lp_build_sample_common with is_lodq, whose
// LOD is per lane). With need_derivs, lane k's fine derivatives are projected onto its face;
// otherwise lp_build_rho takes the quad's coarse differences of the face coordinates s, t (the
// same value for the whole quad).
Texel fragment_cube_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                              const SampleRequest* quad, size_t k) {
  const bool sees_z = lodq_cube_sees_z(view.desc.format);
  auto lookup = [&](size_t lane, const QuadDerivatives3& d) {
    const std::array<float, 3>& c = quad[lane].coord;
    return sees_z ? lp_cube_lookup(c, d.ddx, d.ddy) : lp_cube_lookup_lodq(c, d.ddx, d.ddy);
  };
  SampleRequest r;  // lod_query reads only the face-space derivatives
  r.op = SampleOp::kLodQuery;
  const bool projected = cube_needs_derivs(view, sampler, SampleOp::kLodQuery);
  if (projected) {
    const LpCube c = lookup(k, fine_derivatives(quad, k));
    r.ddx = {c.ddx[0], c.ddx[1], 0.0f};
    r.ddy = {c.ddy[0], c.ddy[1], 0.0f};
  } else {
    const std::array<LpCube, 3> c{lookup(0, {}), lookup(1, {}), lookup(2, {})};
    r.ddx = {c[1].s - c[0].s, c[1].t - c[0].t, 0.0f};
    r.ddy = {c[2].s - c[0].s, c[2].t - c[0].t, 0.0f};
  }
  return lod_query(s, sampler, r, !projected);
}

}  // namespace texsim::texunit::lavapipe_detail
