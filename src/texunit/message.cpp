// Message-level sample / fetch: precision-profile dispatch, lavapipe's SIMD-group and pixel-quad
// context, D3D quad derivatives and the SIMD batch path, in one place (message.hpp).
#include "texunit/message.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "texunit/sample_lavapipe.hpp"
#include "texunit/simd/lavapipe_message.hpp"

namespace texsim::texunit {
namespace {

bool lane_on(std::span<const uint8_t> active, size_t i) {
  return active.empty() || active[i] != 0;
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

// The batch with every quad op lane's derivatives replaced by its quad's coarse ones (ddx = TR -
// TL, ddy = BL - TL, copied into the four lanes): D3D11.3 §7.18.11, and lavapipe's implicit
// derivatives (lp_build_rho: lp_build_packed_ddx_ddy_twocoord, the quad's element 0 differences,
// scaled by the level-0 size afterwards as rho_squared does).
struct QuadDerivativeBatch {
  SampleBatch batch;
  std::array<std::vector<float>, 6> d;
  explicit QuadDerivativeBatch(const SampleBatch& lanes) : batch(lanes) {
    for (auto& v : d) v.resize(lanes.count);
    for (size_t q = 0; q < lanes.count; q += 4) {
      std::array<std::array<float, 3>, 4> c{};
      for (size_t k = 0; k < 4; ++k) c[k] = sample_request_at(lanes, q + k).coord;
      const QuadDerivatives qd = quad_derivatives(c);
      for (size_t k = 0; k < 4; ++k) {
        for (size_t a = 0; a < 3; ++a) d[a][q + k] = qd.ddx[a], d[3 + a][q + k] = qd.ddy[a];
      }
    }
    batch.ddx_u = d[0], batch.ddx_v = d[1], batch.ddx_w = d[2];
    batch.ddy_u = d[3], batch.ddy_v = d[4], batch.ddy_w = d[5];
  }
  QuadDerivativeBatch(const QuadDerivativeBatch&) = delete;
  QuadDerivativeBatch& operator=(const QuadDerivativeBatch&) = delete;
};

}  // namespace

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
  const bool quad_derivs = options.layout.quad_derivatives && is_quad_op(lanes.op);
  if (grouped) {
    // lavapipe's SIMD groups and pixel quads: the lavapipe profile's whole-message entry (Highway
    // kernels where they apply, the scalar model with the group contexts elsewhere; decision P8).
    // The quad's LOD comes from its top-left lane's derivatives: the quad's own with
    // quad_derivatives (decision P21), else the caller's.
    simd::LavapipeMessageOptions lo;
    lo.group_lanes = options.layout.lavapipe_group_lanes;
    lo.fragment_quads = true;
    lo.batch = options.batch;
    if (!quad_derivs) return simd::lavapipe_sample_message(view, sampler, lanes, out, lo);
    const QuadDerivativeBatch qb(lanes);
    return simd::lavapipe_sample_message(view, sampler, qb.batch, out, lo);
  }
  if (!quad_derivs || lavapipe) {
    return with_kinds(sample_batch(view, sampler, lanes, out, options.precision, options.batch),
                      lanes.count, lanes.active, out);
  }
  const QuadDerivativeBatch qb(lanes);
  return with_kinds(sample_batch(view, sampler, qb.batch, out, options.precision, options.batch),
                    lanes.count, lanes.active, out);
}

BatchStats fetch_message(const SurfaceView& view, const FetchBatch& lanes, const TexelLanes& out,
                         const MessageOptions& options) {
  if (options.precision.kind != PrecisionKind::kLavapipe) {
    return with_kinds(fetch_batch(view, lanes, out, options.fetch, options.batch), lanes.count,
                      lanes.active, out);
  }
  const SurfaceDesc& d = view.desc;
  if (options.fetch.sample_policy != SampleIndexPolicy::kClamp || d.samples <= 1) {
    // No sample index to clamp: the lavapipe profile's whole-message entry (SIMD where it
    // applies; its contract is fetch_texel_lavapipe per lane).
    simd::LavapipeMessageOptions lo;
    lo.batch = options.batch;
    return simd::lavapipe_fetch_message(view, lanes, out, lo);
  }
  BatchStats st;
  if (!batch_valid(lanes, out)) return st;
  st.ok = true;
  st.kind = format_info(view.desc.format).result_kind;
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
