// Message-level sample / fetch: precision-profile dispatch, lavapipe's SIMD-group and pixel-quad
// context, D3D quad derivatives and the SIMD batch path, in one place (message.hpp).
#include "texunit/message.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "texunit/sample_lavapipe.hpp"

namespace texsim::texunit {
namespace {

bool lane_on(std::span<const uint8_t> active, size_t i) {
  return active.empty() || active[i] != 0;
}

// lavapipe's scalar route for a grouped message: every lane through
// sample_lavapipe(view, sampler, req, ctx) with its SIMD group's decisions and (quad ops) its
// pixel quad. Groups are lanes g*G .. g*G+G-1; inactive lanes take no part in the decisions but
// still lend their coordinates to their quad. (A SIMD + oneTBB version with the same grouping
// plugs in here.)
void sample_lavapipe_scalar_grouped(const SurfaceView& view, const SamplerState& sampler,
                                    const SampleBatch& b, const TexelLanes& out,
                                    unsigned group_lanes) {
  const size_t n = b.count;
  const size_t g = std::max(1u, group_lanes);
  std::vector<SampleRequest> reqs(n);
  for (size_t i = 0; i < n; ++i) reqs[i] = sample_request_at(b, i);
  const bool quads = is_quad_op(b.op);
  auto lane_ctx = [&](size_t i) {
    LavapipeLaneContext ctx;
    if (quads) {
      ctx.quad = &reqs[i & ~size_t{3}];
      ctx.quad_lane = static_cast<uint8_t>(i & 3u);
    }
    return ctx;
  };
  const size_t groups = (n + g - 1) / g;
  std::vector<uint8_t> linear(groups, 0), corner0(groups, 0), corner1(groups, 0), lerp(groups, 0);
  for (size_t i = 0; i < n; ++i) {
    if (!lane_on(b.active, i)) continue;
    const LavapipeLaneFacts f = lavapipe_lane_facts(view, sampler, reqs[i], lane_ctx(i));
    if (f.needs_linear) linear[i / g] = 1;
    if (f.cube_corner[0]) corner0[i / g] = 1;
    if (f.cube_corner[1]) corner1[i / g] = 1;
    if (f.mip_lerp) lerp[i / g] = 1;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!lane_on(b.active, i)) continue;
    LavapipeLaneContext ctx = lane_ctx(i);
    ctx.group_needs_linear = linear[i / g] != 0;
    ctx.group_cube_corner = {corner0[i / g] != 0, corner1[i / g] != 0};
    ctx.group_mip_lerp = lerp[i / g] != 0;
    const SampleResult r = sample_lavapipe(view, sampler, reqs[i], ctx);
    write_lane(out, i, r.texel, r.null_tile ? kLaneNullTile : 0);
  }
}

// The SIMD kernels write no kinds: under kD3D / kExact every lane has the batch's kind (and
// kLavapipe lanes that sample_batch runs alone write their own on the scalar path).
BatchStats with_kinds(const BatchStats& st, size_t count, std::span<const uint8_t> active,
                      const TexelLanes& out) {
  if (st.ok && !out.kinds.empty() && st.simd_lanes > 0) {
    for (size_t i = 0; i < count; ++i) {
      if (lane_on(active, i)) out.kinds[i] = st.kind;
    }
  }
  return st;
}

}  // namespace

bool is_quad_op(SampleOp op) {
  return op == SampleOp::kImplicit || op == SampleOp::kBias || op == SampleOp::kLodQuery;
}

SampleResult sample(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
                    const PrecisionProfile& precision) {
  if (precision.kind == PrecisionKind::kLavapipe) return sample_lavapipe(view, sampler, req);
  return sample_pipeline(view, sampler, req, precision);
}

BatchStats sample_message(const SurfaceView& view, const SamplerState& sampler,
                          const SampleBatch& lanes, const TexelLanes& out,
                          const MessageOptions& options) {
  const bool lavapipe = options.precision.kind == PrecisionKind::kLavapipe;
  const bool grouped = lavapipe && options.layout.lavapipe_group_lanes > 0;
  const bool d3d_quads = !lavapipe && options.layout.quad_derivatives;
  if (!batch_valid(lanes, out) ||
      ((grouped || d3d_quads) && is_quad_op(lanes.op) && lanes.count % 4 != 0)) {
    return {};
  }
  if (grouped) {
    BatchStats st;
    st.ok = true;
    st.kind = sample_result_kind(view, sampler, lanes.op, PrecisionKind::kLavapipe);
    sample_lavapipe_scalar_grouped(view, sampler, lanes, out, options.layout.lavapipe_group_lanes);
    for (size_t i = 0; i < lanes.count; ++i) st.scalar_lanes += lane_on(lanes.active, i) ? 1 : 0;
    return st;
  }
  if (!d3d_quads || !is_quad_op(lanes.op)) {
    return with_kinds(sample_batch(view, sampler, lanes, out, options.precision, options.batch),
                      lanes.count, lanes.active, out);
  }
  // Coarse quad derivatives, copied into every lane of the quad.
  SampleBatch b = lanes;
  std::array<std::vector<float>, 6> d;
  for (auto& v : d) v.resize(lanes.count);
  for (size_t q = 0; q < lanes.count; q += 4) {
    std::array<std::array<float, 3>, 4> c{};
    for (size_t k = 0; k < 4; ++k) c[k] = sample_request_at(lanes, q + k).coord;
    const QuadDerivatives qd = quad_derivatives(c);
    for (size_t k = 0; k < 4; ++k) {
      for (size_t a = 0; a < 3; ++a) d[a][q + k] = qd.ddx[a], d[3 + a][q + k] = qd.ddy[a];
    }
  }
  b.ddx_u = d[0], b.ddx_v = d[1], b.ddx_w = d[2];
  b.ddy_u = d[3], b.ddy_v = d[4], b.ddy_w = d[5];
  return with_kinds(sample_batch(view, sampler, b, out, options.precision, options.batch),
                    lanes.count, lanes.active, out);
}

BatchStats fetch_message(const SurfaceView& view, const FetchBatch& lanes, const TexelLanes& out,
                         const MessageOptions& options) {
  if (options.precision.kind != PrecisionKind::kLavapipe) {
    return with_kinds(fetch_batch(view, lanes, out, options.fetch, options.batch), lanes.count,
                      lanes.active, out);
  }
  BatchStats st;
  if (!batch_valid(lanes, out)) return st;
  st.ok = true;
  st.kind = format_info(view.desc.format).result_kind;
  const SurfaceDesc& d = view.desc;
  for (size_t i = 0; i < lanes.count; ++i) {
    if (!lane_on(lanes.active, i)) continue;
    FetchRequest r = fetch_request_at(lanes, i);
    // lavapipe zeroes an out-of-range sample index; the kClamp policy clamps it first.
    if (options.fetch.sample_policy == SampleIndexPolicy::kClamp && d.samples > 1 &&
        r.sample >= d.samples)
      r.sample = d.samples - 1;
    const FetchResult f = fetch_texel_lavapipe(view, r);
    write_lane(
        out, i, f.texel,
        static_cast<uint8_t>((f.in_bounds ? kLaneInBounds : 0) | (f.null_tile ? kLaneNullTile : 0) |
                             (f.fast_cleared ? kLaneFastCleared : 0)));
    ++st.scalar_lanes;
  }
  return st;
}

}  // namespace texsim::texunit
