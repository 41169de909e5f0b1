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
#include <vector>

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
    return aniso_pmin2(s, st, lavapipe_max_anisotropy(smp));
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

// The quad's coarse differences in level-0 texels (ds/dx, ds/dy, dt/dx, dt/dy), each scaled by
// its own lane's 1 / 2^level (per-lane levels: ds/dx by the TL lane's, ds/dy by TR's, dt/dx by
// BL's, dt/dy by BR's), and the four lanes' scales.
struct QuadDifferences {
  std::array<float, 4> e{};
  std::array<float, 4> scale{};
};

QuadDifferences quad_differences(const Ctx& c, MipFilter mip) {
  const size_t base = c.g.self & ~size_t{3};
  std::array<std::array<float, 2>, 4> st{};
  QuadDifferences q;
  for (size_t k = 0; k < 4; ++k) {
    const size_t j = base + k < c.g.count ? base + k : base;
    st[k] = face_st(c.view, c.smp, c.g.lane(j), false);
    q.scale[k] = level_scale(aniso_level(c, j, mip));
  }
  const auto w0 = static_cast<float>(c.view.desc.width);
  const auto h0 = static_cast<float>(c.view.desc.height);
  q.e[0] = x86_mul(x86_mul(x86_sub(st[1][0], st[0][0]), w0), q.scale[0]);
  q.e[1] = x86_mul(x86_mul(x86_sub(st[2][0], st[0][0]), w0), q.scale[1]);
  q.e[2] = x86_mul(x86_mul(x86_sub(st[1][1], st[0][1]), h0), q.scale[2]);
  q.e[3] = x86_mul(x86_mul(x86_sub(st[2][1], st[0][1]), h0), q.scale[3]);
  return q;
}

// The ellipse A x^2 + B x y + C y^2 = F (Heckbert) in gallivm's operation order, its
// coefficients scaled so that F maps to the last weight-table entry, and the half extents of its
// texel bounding box.
struct Ellipse {
  float A = 0.0f, B = 0.0f, C = 0.0f;
  float ddq = 0.0f;  // 2 A: the second difference of q along u
  float box_u = 0.0f, box_v = 0.0f;
};

Ellipse aniso_ellipse(const std::array<float, 4>& e) {
  Ellipse el;
  float A = x86_add(x86_add(x86_mul(e[2], e[2]), x86_mul(e[3], e[3])), 1.0f);
  float B = x86_mul(x86_add(x86_mul(e[0], e[2]), x86_mul(e[1], e[3])), -2.0f);
  float C = x86_add(x86_add(x86_mul(e[0], e[0]), x86_mul(e[1], e[1])), 1.0f);
  const float F = x86_sub(x86_mul(A, C), x86_mul(B, B) / 4.0f);
  const float dd = x86_add(x86_sub(0.0f, x86_mul(B, B)), x86_mul(x86_mul(A, C), 4.0f));
  el.box_u = x86_mul(2.0f / dd, std::sqrt(x86_mul(x86_mul(dd, C), F)));
  el.box_v = x86_mul(2.0f / dd, std::sqrt(x86_mul(x86_mul(A, dd), F)));
  const float form_scale = static_cast<float>(kAnisoLutSize - 1) / F;
  el.A = x86_mul(A, form_scale);
  el.B = x86_mul(B, form_scale);
  el.C = x86_mul(C, form_scale);
  el.ddq = x86_add(el.A, el.A);
  return el;
}

// The lane's centre in texels of its level and the ellipse's texel bounding box around it.
struct ProbeBox {
  float tex_u = 0.0f, tex_v = 0.0f;
  int32_t u0 = 0, u1 = 0, v0 = 0, v1 = 0;
};

ProbeBox probe_box(const SurfaceView& view, const SampleRequest& req, float own_scale,
                   const Ellipse& el) {
  const auto w0 = static_cast<float>(view.desc.width);
  const auto h0 = static_cast<float>(view.desc.height);
  ProbeBox b;
  b.tex_u = x86_add(x86_mul(req.coord[0], x86_mul(w0, own_scale)), -0.5f);
  b.tex_v = x86_add(x86_mul(req.coord[1], x86_mul(h0, own_scale)), -0.5f);
  b.u0 = cvt_trunc(std::floor(x86_sub(b.tex_u, el.box_u)));
  b.u1 = cvt_trunc(std::ceil(x86_add(b.tex_u, el.box_u)));
  b.v0 = cvt_trunc(std::floor(x86_sub(b.tex_v, el.box_v)));
  b.v1 = cvt_trunc(std::ceil(x86_add(b.tex_v, el.box_v)));
  return b;
}

// The level size the probes' coordinates divide by: that of the lane gallivm's swizzle picks.
// With per-lane levels (a mip filter on a cube or with explicit LOD / bias / derivatives) that
// is group lane 0's for lanes 0-3 and lane 1's for lanes 4-7, else the lane's own level `lv`.
std::array<float, 2> probe_level_size(const Ctx& c, const Prepared& p, MipFilter mip, uint32_t lv) {
  const SampleOp op = p.req.op;
  const bool explicit_op = op == SampleOp::kLevel || op == SampleOp::kLevelZero ||
                           op == SampleOp::kBias || op == SampleOp::kGrad;
  const bool per_lane =
      mip != MipFilter::kNone && op != SampleOp::kGather && (p.cube || explicit_op);
  uint32_t dim_level = lv;
  if (per_lane) dim_level = static_cast<uint32_t>(aniso_level(c, (c.g.self & 7u) < 4 ? 0 : 1, mip));
  return {static_cast<float>(c.view.layout.levels[dim_level].width),
          static_cast<float>(c.view.layout.levels[dim_level].height)};
}

// The point samples of the probes (lp_build_sample_image_nearest at (u / width, v / height) of
// level `lv`): exactly sample_level_soa's nearest path, with the wrapped column of each u, the
// row of each v and the decoded in-range texels computed once per lane instead of once per probe
// (a box of millions of texels reads a small image over and over; decision P22).
class ProbeTexels {
 public:
  ProbeTexels(const Surf& s, const SamplerState& smp, const SampleRequest& probe, uint32_t lv,
              int32_t slice, const std::array<float, 2>& size, int32_t u0, int32_t u1, int64_t rows)
      : s_(s), smp_(smp), probe_(probe), lv_(lv), slice_(slice), size_(size), u0_(u0) {
    const LevelLayout& l = s.view.layout.levels[lv];
    len_ = {l.width, l.height, l.depth};
    const SurfaceDesc& d0 = s.view.desc;
    pot_ = {is_pot(d0.width), is_pot(d0.height), is_pot(d0.depth)};
    if (s.dims == 3)
      z_ = wrap_nearest(probe.coord[2], len_[2], probe.offset[2], smp.address[2], pot_[2]);
    const int64_t cols = int64_t{u1} - u0 + 1;
    if (cols <= kMaxCachedColumns) {
      columns_.resize(static_cast<size_t>(cols));
      for (int64_t k = 0; k < cols; ++k) columns_[static_cast<size_t>(k)] = column(u0 + k);
    }
    const uint64_t texels = uint64_t{len_[0]} * len_[1];
    // Only where the box has more texels than the level (reads repeat); small boxes read direct.
    if (texels <= kMaxCachedTexels && static_cast<uint64_t>(cols * rows) > texels)
      cache_.resize(texels);
  }

  int32_t row(int32_t v) const {
    return wrap_nearest(static_cast<float>(v) / size_[1], len_[1], probe_.offset[1],
                        smp_.address[1], pot_[1]);
  }

  Texel at(int32_t u, int32_t y) {
    const int64_t k = int64_t{u} - u0_;
    const int32_t x = columns_.empty() ? column(u) : columns_[static_cast<size_t>(k)];
    const bool inside = x >= 0 && static_cast<uint32_t>(x) < len_[0] && y >= 0 &&
                        static_cast<uint32_t>(y) < len_[1];
    if (!inside || cache_.empty()) return read_texel(s_, smp_, lv_, x, y, z_, slice_);
    Cached& c = cache_[static_cast<size_t>(y) * len_[0] + static_cast<size_t>(x)];
    if (!c.valid) c = {read_texel(s_, smp_, lv_, x, y, z_, slice_), true};
    return c.texel;
  }

 private:
  static constexpr int64_t kMaxCachedColumns = int64_t{1} << 16;
  static constexpr uint64_t kMaxCachedTexels = uint64_t{1} << 20;
  struct Cached {
    Texel texel;
    bool valid = false;
  };
  int32_t column(int64_t u) const {
    return wrap_nearest(static_cast<float>(u) / size_[0], len_[0], probe_.offset[0],
                        smp_.address[0], pot_[0]);
  }

  const Surf& s_;
  const SamplerState& smp_;
  const SampleRequest& probe_;
  uint32_t lv_;
  int32_t slice_;
  std::array<float, 2> size_;
  int32_t u0_;
  std::array<uint32_t, 3> len_{};
  std::array<bool, 3> pot_{};
  int32_t z_ = 0;
  std::vector<int32_t> columns_;
  std::vector<Cached> cache_;
};

// The weighted sum over the box's texels inside the ellipse (q below the table's end), each
// point-sampled at level `lv` and weighted by aniso_filter_weight(q); q is stepped by its first
// and second differences along u, in gallivm's order.
struct ProbeSum {
  std::array<float, 4> acc{};
  float den = 0.0f;
};

thread_local bool t_reference_scan = false;

// The texels of rows [v, v + rows) inside the ellipse (q below the table's end), each row's in u
// order with its table index: the rows' q recurrences run side by side (independent chains, so
// the processor overlaps their additions) with exactly the reference's operations per row.
struct RowHits {
  static constexpr int32_t kRows = 8;
  std::array<std::vector<std::pair<int32_t, uint32_t>>, kRows> hits;
};
void scan_rows(const Ellipse& el, const ProbeBox& b, float U, float dq_base, float q_base,
               int32_t v, int32_t rows, RowHits& out) {
  std::array<float, RowHits::kRows> q{}, dq{};
  for (int32_t r = 0; r < rows; ++r) {
    const float V = x86_sub(static_cast<float>(v + r), b.tex_v);
    dq[r] = x86_add(x86_mul(V, el.B), dq_base);
    q[r] = x86_add(x86_mul(x86_add(x86_mul(el.C, V), x86_mul(el.B, U)), V), q_base);
    out.hits[r].clear();
  }
  // Plain float additions: x86_add differs from them only in which NaN it returns, and every
  // NaN q gives cvt_trunc's 0x80000000 alike. cvt_trunc(q) <= 1023 unless q is in [1024, 2^31)
  // (NaN and q >= 2^31 convert to 0x80000000: a hit with index 0, as the reference).
  for (int32_t u = b.u0;; ++u) {
    for (int32_t r = 0; r < rows; ++r) {
      const float qr = q[r];
      if (!(qr >= 1024.0f && qr < 2147483648.0f)) {
        const uint32_t qi = qr >= 0.0f && qr < 1024.0f ? static_cast<uint32_t>(qr) : 0u;
        out.hits[r].emplace_back(u, qi);
      }
      q[r] = qr + dq[r];
      dq[r] = dq[r] + el.ddq;
    }
    if (u == b.u1) break;
  }
}

}  // namespace

void set_aniso_reference_scan(bool reference) {
  t_reference_scan = reference;
}

namespace {

ProbeSum sum_probes(const Surf& s, const Prepared& p, const Ellipse& el, const ProbeBox& b,
                    uint32_t lv, const std::array<float, 2>& size) {
  ProbeSum sum;
  // Footprints beyond kAnisoMaxProbes would take lavapipe (and the model) practically forever.
  const int64_t rows = int64_t{b.v1} - b.v0 + 1, cols = int64_t{b.u1} - b.u0 + 1;
  if (rows <= 0 || cols <= 0 || rows > kAnisoMaxProbes || cols > kAnisoMaxProbes ||
      rows * cols > kAnisoMaxProbes) {
    return sum;
  }
  const int32_t slice = p.slice_base + p.face;
  const float U = x86_sub(static_cast<float>(b.u0), b.tex_u);
  const float dq_base = x86_mul(x86_add(x86_add(U, U), 1.0f), el.A);
  const float q_base = x86_mul(x86_mul(U, U), el.A);
  // Comparison samplers: gallivm's probe coordinate array has no slot for the reference, and
  // the compare reads the texel just fetched in its place (measured: every probe compares the
  // texel with itself), so each probe is 1 or 0 by the function alone.
  SamplerState probe_smp = p.smp;
  probe_smp.compare.reset();
  const bool raw_depth = p.req.op == SampleOp::kGather && s.fi.is_depth;
  SampleRequest probe = p.req;
  ProbeTexels texels(s, probe_smp, probe, lv, slice, size, b.u0, b.u1, rows);
  // One probe: the texel at (u, v) with table index qi, accumulated in gallivm's order.
  auto add = [&](int32_t u, int32_t v, int32_t y, uint32_t qi) {
    const float wt = aniso_filter_weight(qi);
    Texel t = texels.at(u, y);
    if (p.smp.compare) {
      const float r = compare(*p.smp.compare, t.f(0), t.f(0)) ? 1.0f : 0.0f;
      t = Texel::from_float(r, r, r, r);
    } else if (raw_depth) {
      probe.coord[0] = static_cast<float>(u) / size[0];
      probe.coord[1] = static_cast<float>(v) / size[1];
      t = raw_depth_gather_texel(s, p.smp, probe, lv, t);
    }
    for (size_t ch = 0; ch < 4; ++ch)
      sum.acc[ch] = x86_add(sum.acc[ch], x86_mul(t.f(static_cast<int>(ch)), wt));
    sum.den = x86_add(sum.den, wt);
  };
  // Small boxes (most lanes of a quad's own footprint) scan row by row: the eight-row scan only
  // pays where the q recurrence dominates. Both give the same sums.
  constexpr int64_t kEightRowMinTexels = 4096;
  if (!t_reference_scan && rows * cols >= kEightRowMinTexels) {
    thread_local RowHits hits;  // keeps its capacity from lane to lane
    for (int64_t v = b.v0; v <= b.v1; v += RowHits::kRows) {
      const auto n = static_cast<int32_t>(std::min<int64_t>(RowHits::kRows, b.v1 - v + 1));
      scan_rows(el, b, U, dq_base, q_base, static_cast<int32_t>(v), n, hits);
      for (int32_t r = 0; r < n; ++r) {
        const int32_t vr = static_cast<int32_t>(v) + r;
        if (hits.hits[r].empty()) continue;
        const int32_t y = texels.row(vr);
        for (const auto& [u, qi] : hits.hits[r]) add(u, vr, y, qi);
      }
    }
    return sum;
  }
  for (int32_t v = b.v0;; ++v) {
    const float V = x86_sub(static_cast<float>(v), b.tex_v);
    float dq = x86_add(x86_mul(V, el.B), dq_base);
    float q = x86_add(x86_mul(x86_add(x86_mul(el.C, V), x86_mul(el.B, U)), V), q_base);
    const int32_t y = texels.row(v);
    for (int32_t u = b.u0;; ++u) {
      const int32_t qi = cvt_trunc(q);
      if (qi <= static_cast<int32_t>(kAnisoLutSize - 1))
        add(u, v, y, static_cast<uint32_t>(std::max(qi, 0)));
      q = x86_add(q, dq);
      dq = x86_add(dq, el.ddq);
      if (u == b.u1) break;
    }
    if (v == b.v1) break;
  }
  return sum;
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
  const MipFilter mip = lavapipe_mip_filter(view, sampler, p.req.op);
  const auto lv = static_cast<uint32_t>(aniso_level(c, g.self, mip));
  const QuadDifferences qd = quad_differences(c, mip);
  const Ellipse el = aniso_ellipse(qd.e);
  const ProbeBox box = probe_box(view, p.req, qd.scale[g.self & 3u], el);
  const ProbeSum sum = sum_probes(s, p, el, box, lv, probe_level_size(c, p, mip, lv));
  if (sum.den != 0.0f) {
    return Texel::from_float(sum.acc[0] / sum.den, sum.acc[1] / sum.den, sum.acc[2] / sum.den,
                             sum.acc[3] / sum.den);
  }
  // No texel inside the ellipse: lp_build_sample_image_linear at the level (never a gather).
  SampleRequest lin = p.req;
  if (lin.op == SampleOp::kGather) lin.op = SampleOp::kLevel;
  if (p.cube) {
    const bool corner = cube_taps(lin.coord[0], lin.coord[1], view.layout.levels[lv].width).corner;
    return sample_level_cube_linear(s, p.smp, lin, lv, false, p.face, p.slice_base, corner);
  }
  return sample_level_soa(s, p.smp, lin, lv, true, false, p.slice_base + p.face);
}

}  // namespace texsim::texunit::lavapipe_detail
