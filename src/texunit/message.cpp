// Message-level sample / fetch: precision-profile dispatch, lavapipe's SIMD-group and pixel-quad
// context, D3D quad derivatives and the SIMD batch path, in one place (message.hpp).
#include "texunit/message.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "texunit/sample_lavapipe.hpp"
#include "texunit/simd/lavapipe_message.hpp"
#include "texunit/texel_reads.hpp"

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

// A message restaged for lavapipe's groups (MessageLayout::lavapipe_masked_lanes, quad_x /
// quad_y): its lanes placed where llvmpipe runs them, inactive lanes with zero inputs taking
// part, padding lanes for absent partner quads; results go back to the caller's lanes.
class StagedMessage {
 public:
  // false: the quad positions are not count / 4 long, two quads share a place, or the group
  // width is not a multiple of 4.
  bool build(const SampleBatch& in, const MessageLayout& layout, bool place) {
    const size_t n = in.count;
    const size_t group = layout.lavapipe_group_lanes;
    if (place) {
      if (group == 0 || group % 4 != 0 || n % 4 != 0) return false;
      if (layout.quad_x.size() != n / 4 || layout.quad_y.size() != n / 4) return false;
      const size_t per_group = group / 4;
      std::map<std::pair<uint32_t, uint64_t>, size_t> groups;  // (quad row, column / per_group)
      std::vector<std::pair<size_t, size_t>> place_of(n / 4);  // (group, slot)
      for (size_t q = 0; q < n / 4; ++q) {
        const auto key = std::make_pair(layout.quad_y[q], uint64_t{layout.quad_x[q]} / per_group);
        const auto [it, fresh] = groups.try_emplace(key, groups.size());
        place_of[q] = {it->second, layout.quad_x[q] % per_group};
      }
      src_.assign(groups.size() * group, kNone);
      for (size_t q = 0; q < n / 4; ++q) {
        const size_t base = place_of[q].first * group + place_of[q].second * 4;
        if (src_[base] != kNone) return false;  // two quads in one place
        for (size_t k = 0; k < 4; ++k) src_[base + k] = 4 * q + k;
      }
    } else {
      src_.resize(n);
      for (size_t i = 0; i < n; ++i) src_[i] = i;
    }
    const size_t m = src_.size();
    const bool masked = layout.lavapipe_masked_lanes;
    auto on = [&](size_t s) { return s != kNone && (in.active.empty() || in.active[s] != 0); };
    write_.resize(m);
    active_.resize(m);
    for (size_t k = 0; k < m; ++k) {
      write_[k] = on(src_[k]) ? 1 : 0;
      active_[k] = masked ? 1 : write_[k];
    }
    // An input is the caller's where the lane is active or (without masked lanes) simply
    // inactive; 0 for padding and, with masked lanes, for inactive lanes.
    auto from = [&](size_t k) { return masked ? write_[k] != 0 : src_[k] != kNone; };
    batch = in;
    batch.count = m;
    const std::array<std::span<const float>*, 12> fs{
        &batch.u,     &batch.v,     &batch.w,     &batch.array_index,
        &batch.lod,   &batch.ddx_u, &batch.ddx_v, &batch.ddx_w,
        &batch.ddy_u, &batch.ddy_v, &batch.ddy_w, &batch.reference};
    for (size_t j = 0; j < fs.size(); ++j) gather(*fs[j], f_[j], from);
    const std::array<std::span<const int32_t>*, 3> os{&batch.offset_x, &batch.offset_y,
                                                      &batch.offset_z};
    for (size_t j = 0; j < os.size(); ++j) gather(*os[j], o_[j], from);
    batch.active = active_;
    return true;
  }

  // Outputs for the staged lanes (flags and kinds where the caller's are written).
  TexelLanes staged_out(const TexelLanes& caller) {
    const size_t m = src_.size();
    for (auto& w : words_) w.assign(m, 0);
    if (!caller.flags.empty()) flags_.assign(m, 0);
    if (!caller.kinds.empty()) kinds_.assign(m, TexelKind::kFloat);
    return {words_[0], words_[1], words_[2], words_[3], flags_, kinds_};
  }

  void write_back(const TexelLanes& caller) const {
    for (size_t k = 0; k < src_.size(); ++k) {
      if (write_[k] == 0) continue;
      const size_t i = src_[k];
      caller.r[i] = words_[0][k], caller.g[i] = words_[1][k];
      caller.b[i] = words_[2][k], caller.a[i] = words_[3][k];
      if (!caller.flags.empty()) caller.flags[i] = flags_[k];
      if (!caller.kinds.empty()) caller.kinds[i] = kinds_[k];
    }
  }

  // The reads logged since `from` carry staged lanes: give them the caller's (kNoLane for
  // padding).
  void retag(TexelReadLog* log, size_t from) const {
    if (log == nullptr) return;
    for (size_t k = from; k < log->size(); ++k) {
      TexelRead& r = (*log)[k];
      const size_t s = r.lane < src_.size() ? src_[r.lane] : kNone;
      r.lane = s == kNone ? TexelRead::kNoLane : static_cast<uint32_t>(s);
    }
  }

  SampleBatch batch;

 private:
  static constexpr size_t kNone = SIZE_MAX;
  template <typename T, typename From>
  void gather(std::span<const T>& s, std::vector<T>& owned, From from) {
    if (s.empty()) return;
    owned.assign(src_.size(), T{});
    for (size_t k = 0; k < src_.size(); ++k)
      if (from(k)) owned[k] = s[src_[k]];
    s = owned;
  }

  std::vector<size_t> src_;     // staged lane -> the caller's lane (kNone: padding)
  std::vector<uint8_t> write_;  // the staged lane's result goes back (the caller's lane is active)
  std::vector<uint8_t> active_;
  std::array<std::vector<float>, 12> f_;
  std::array<std::vector<int32_t>, 3> o_;
  std::array<std::vector<uint32_t>, 4> words_;
  std::vector<uint8_t> flags_;
  std::vector<TexelKind> kinds_;
};

// lavapipe's SIMD groups and pixel quads: the lavapipe profile's whole-message entry (Highway
// kernels where they apply, the scalar model with the group contexts elsewhere; decision P8).
// The quad's LOD comes from its top-left lane's derivatives: the quad's own with
// quad_derivatives (decision P21), else the caller's.
BatchStats lavapipe_grouped(const SurfaceView& view, const SamplerState& sampler,
                            const SampleBatch& lanes, const TexelLanes& out,
                            const MessageOptions& options) {
  simd::LavapipeMessageOptions lo;
  lo.group_lanes = options.layout.lavapipe_group_lanes;
  lo.fragment_quads = true;
  lo.batch = options.batch;
  if (!(options.layout.quad_derivatives && is_quad_op(lanes.op)))
    return simd::lavapipe_sample_message(view, sampler, lanes, out, lo);
  const QuadDerivativeBatch qb(lanes);
  return simd::lavapipe_sample_message(view, sampler, qb.batch, out, lo);
}

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
    const bool place =
        is_quad_op(lanes.op) && (!options.layout.quad_x.empty() || !options.layout.quad_y.empty());
    const bool masked =
        options.layout.lavapipe_masked_lanes && !lanes.active.empty() &&
        std::find(lanes.active.begin(),
                  lanes.active.begin() + static_cast<std::ptrdiff_t>(lanes.count),
                  uint8_t{0}) != lanes.active.begin() + static_cast<std::ptrdiff_t>(lanes.count);
    if (!place && !masked) return lavapipe_grouped(view, sampler, lanes, out, options);
    StagedMessage staged;
    if (!staged.build(lanes, options.layout, place)) return {};
    const TexelLanes sout = staged.staged_out(out);
    const size_t from = read_log_size(view.read_log);
    const BatchStats st = lavapipe_grouped(view, sampler, staged.batch, sout, options);
    staged.retag(view.read_log, from);
    if (st.ok) staged.write_back(out);
    return st;
  }
  if (!quad_derivs || lavapipe) {
    return with_kinds(sample_batch(view, sampler, lanes, out, options.precision, options.batch),
                      lanes.count, lanes.active, out);
  }
  const QuadDerivativeBatch qb(lanes);
  return with_kinds(sample_batch(view, sampler, qb.batch, out, options.precision, options.batch),
                    lanes.count, lanes.active, out);
}

BatchStats query_message(const SurfaceView& view, const QueryBatch& b, const TexelLanes& out,
                         const MessageOptions& options) {
  BatchStats st;
  const size_t n = b.count;
  auto fits = [n](size_t size) { return size >= n; };
  if ((!b.lod.empty() && !fits(b.lod.size())) || (!b.active.empty() && !fits(b.active.size())) ||
      !fits(out.r.size()) || !fits(out.g.size()) || !fits(out.b.size()) || !fits(out.a.size()) ||
      (!out.flags.empty() && !fits(out.flags.size())) ||
      (!out.kinds.empty() && !fits(out.kinds.size())))
    return st;
  st.ok = true;
  st.kind = TexelKind::kUint;
  const SurfaceDesc& d = view.desc;
  const bool grouped = options.precision.kind == PrecisionKind::kLavapipe &&
                       options.layout.lavapipe_group_lanes > 0 && b.op == QueryOp::kSize;
  const size_t group = grouped ? options.layout.lavapipe_group_lanes : 1;
  auto lod_of = [&](size_t i) -> uint32_t {
    if (d.samples > 1 || b.lod.empty()) return 0;
    return b.lod[i];
  };
  for (size_t g0 = 0; g0 < n; g0 += group) {
    const size_t g1 = std::min(n, g0 + group);
    // The group's LOD (lavapipe): its first active lane's, or lane 0's as a masked lane.
    size_t leader = g0;
    if (!options.layout.lavapipe_masked_lanes)
      while (leader < g1 && !lane_on(b.active, leader)) ++leader;
    const uint32_t group_lod = leader < g1 && lane_on(b.active, leader) ? lod_of(leader) : 0u;
    for (size_t i = g0; i < g1; ++i) {
      if (!lane_on(b.active, i)) continue;
      std::array<uint32_t, 4> w{};
      if (b.op == QueryOp::kSize) {
        w = size_query(d, grouped ? group_lod : lod_of(i));
      } else {
        w[0] = b.op == QueryOp::kLevels ? d.mips : d.samples;
      }
      Texel t;
      t.kind = TexelKind::kUint;
      t.bits = w;
      write_lane(out, i, t, 0);
      ++st.scalar_lanes;
    }
  }
  return st;
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
    const size_t from = read_log_size(view.read_log);
    const FetchResult f = fetch_texel_lavapipe(view, r);
    tag_reads(view.read_log, from, i);
    write_lane(
        out, i, f.texel,
        static_cast<uint8_t>((f.in_bounds ? kLaneInBounds : 0) | (f.null_tile ? kLaneNullTile : 0) |
                             (f.fast_cleared ? kLaneFastCleared : 0)));
    ++st.scalar_lanes;
  }
  return st;
}

}  // namespace texsim::texunit
