// The lavapipe profile's whole-message entry (lavapipe_message.hpp): plans for the Highway
// kernels, the scalar model with SIMD-group / quad contexts for every other lane, oneTBB blocks.
#include "texunit/simd/lavapipe_message.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "texunit/blocks.hpp"
#include "texunit/format.hpp"
#include "texunit/sample.hpp"
#include "texunit/sample_lavapipe.hpp"
#include "texunit/simd/lavapipe_kernels.hpp"

namespace texsim::texunit::simd {
namespace {

constexpr uint64_t kAddressLimit = uint64_t{1} << 31;

template <typename T>
const T* ptr(std::span<const T> s) {
  return s.empty() ? nullptr : s.data();
}

// The R8G8B8A8_UNORM 2D surface the kernels read: every level inside the view's bytes.
bool make_surface(const SurfaceView& view, LpSurface& s) {
  const SurfaceDesc& d = view.desc;
  if (d.format != Format::kR8G8B8A8_UNORM || d.type != SurfaceType::k2D || d.samples != 1)
    return false;
  if (!view.mcs.empty() || !view.null_regions.empty() || view.clear_color.has_value()) return false;
  if (view.bytes.size() < 4 || view.bytes.size() >= kAddressLimit) return false;
  s.bytes = view.bytes.data();
  s.size = static_cast<uint32_t>(view.bytes.size());
  s.levels = static_cast<uint32_t>(std::min<size_t>(d.mips, view.layout.levels.size()));
  if (s.levels == 0 || s.levels > kMaxLevels) return false;
  for (uint32_t l = 0; l < s.levels; ++l) {
    const LevelLayout& lv = view.layout.levels[l];
    if (lv.width == 0 || lv.height == 0 || lv.width > kMaxFastExtent || lv.height > kMaxFastExtent)
      return false;
    const uint64_t end =
        lv.offset + uint64_t{lv.height - 1} * lv.row_pitch + uint64_t{lv.width} * 4;
    if (lv.row_pitch >= kAddressLimit || end > view.bytes.size()) return false;
    s.level_offset[l] = static_cast<int32_t>(lv.offset);
    s.row_pitch[l] = static_cast<int32_t>(lv.row_pitch);
    s.width[l] = static_cast<int32_t>(lv.width);
    s.height[l] = static_cast<int32_t>(lv.height);
  }
  return true;
}

bool is_pow2(uint32_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}

// lavapipe's AoS path for compute lanes (uses_aos with a per-lane LOD) in the kernels' reach.
bool make_sample_plan(const SurfaceView& view, const SamplerState& smp, const SampleBatch& b,
                      LpSamplePlan& p) {
  if (b.op != SampleOp::kLevel && b.op != SampleOp::kLevelZero) return false;
  if (!b.offset_x.empty() || !b.offset_y.empty() || !b.offset_z.empty()) return false;
  if (b.offset != std::array<int32_t, 3>{}) return false;
  if (smp.compare || lavapipe_max_anisotropy(smp) > 1.0f || !smp.normalized_coords ||
      smp.reduction != Reduction::kWeightedAverage || smp.min_filter != smp.mag_filter)
    return false;
  for (int a = 0; a < 2; ++a)
    if (smp.address[a] != AddressMode::kWrap && smp.address[a] != AddressMode::kClamp) return false;
  if (!make_surface(view, p.surf)) return false;
  SampleRequest probe;
  probe.op = b.op;
  if (!lavapipe_uses_aos(view, smp, probe)) return false;  // the scalar model's own decision
  p.linear = smp.min_filter == Filter::kLinear;
  p.mip = smp.mip_filter;
  for (int a = 0; a < 2; ++a) p.wrap[a] = smp.address[a] == AddressMode::kWrap;
  p.pot = {is_pow2(view.desc.width), is_pow2(view.desc.height)};
  // lp_build_lod_selector's static state (sample_lavapipe_lod.cpp select_lod).
  p.min_max_equal = smp.min_lod == smp.max_lod;
  p.apply_min = !p.min_max_equal && smp.min_lod > 0.0f;
  p.apply_max = !p.min_max_equal && smp.max_lod < 15.0f;
  p.bias_nz = smp.lod_bias != 0.0f;
  p.bias = smp.lod_bias;
  p.min_lod = smp.min_lod;
  p.max_lod = smp.max_lod;
  if (std::isnan(p.min_lod) || std::isnan(p.max_lod) || std::isnan(p.bias)) return false;
  // |coord| * extent * 256 < 2^30 on every level.
  p.limit_u = 1073741824.0f / (256.0f * static_cast<float>(view.desc.width));
  p.limit_v = 1073741824.0f / (256.0f * static_cast<float>(view.desc.height));
  return true;
}

void fetch_scalar(const SurfaceView& view, const FetchBatch& b, const TexelLanes& out, size_t i) {
  const size_t from = read_log_size(view.read_log);
  const FetchResult r = fetch_texel_lavapipe(view, fetch_request_at(b, i));
  tag_reads(view.read_log, from, i);
  uint8_t f = 0;
  if (r.in_bounds) f |= kLaneInBounds;
  if (r.null_tile) f |= kLaneNullTile;
  if (r.fast_cleared) f |= kLaneFastCleared;
  write_lane(out, i, r.texel, f);
}

// Lanes [begin, end) (whole groups) through the scalar model with their group / quad contexts.
void sample_scalar_groups(const SurfaceView& view, const SamplerState& smp, const SampleBatch& b,
                          const TexelLanes& out, size_t begin, size_t end, size_t group,
                          bool quads) {
  std::vector<SampleRequest> reqs(end - begin);
  for (size_t i = begin; i < end; ++i) reqs[i - begin] = sample_request_at(b, i);
  auto active = [&](size_t i) { return b.active.empty() || b.active[i] != 0; };
  auto lane_ctx = [&](size_t i) {
    LavapipeLaneContext ctx;
    if (quads) {
      ctx.quad = &reqs[(i - begin) & ~size_t{3}];
      ctx.quad_lane = static_cast<uint8_t>((i - begin) & 3u);
    }
    return ctx;
  };
  for (size_t g0 = begin; g0 < end; g0 += group) {
    const size_t g1 = std::min(end, g0 + group);
    bool linear = false, lerp = false, minified = false;
    std::array<bool, 2> corner{};
    for (size_t i = g0; i < g1; ++i) {
      if (!active(i)) continue;
      const LavapipeLaneFacts f = lavapipe_lane_facts(view, smp, reqs[i - begin], lane_ctx(i));
      linear = linear || f.needs_linear;
      lerp = lerp || f.mip_lerp;
      minified = minified || f.minified;
      corner[0] = corner[0] || f.cube_corner[0];
      corner[1] = corner[1] || f.cube_corner[1];
    }
    for (size_t i = g0; i < g1; ++i) {
      if (!active(i)) continue;
      LavapipeLaneContext ctx = lane_ctx(i);
      ctx.group = &reqs[g0 - begin];  // anisotropic samplers read the whole group (P12)
      ctx.group_lane = static_cast<uint8_t>(std::min<size_t>(i - g0, 255));
      ctx.group_size = static_cast<uint8_t>(std::min<size_t>(g1 - g0, 255));
      ctx.group_needs_linear = linear;
      ctx.group_mip_lerp = lerp;
      ctx.group_minified = minified;
      ctx.group_cube_corner = {corner[0], corner[1]};
      const size_t from = read_log_size(view.read_log);
      const SampleResult r = sample_lavapipe(view, smp, reqs[i - begin], ctx);
      tag_reads(view.read_log, from, i);
      write_lane(out, i, r.texel, r.null_tile ? kLaneNullTile : 0);
    }
  }
}

// The kernels write no kinds: their lanes take the message's kind (the scalar redo lanes then
// write their own through write_lane).
void set_kinds(const TexelLanes& out, std::span<const uint8_t> active, size_t begin, size_t end,
               TexelKind kind) {
  if (out.kinds.empty()) return;
  for (size_t i = begin; i < end; ++i)
    if (active.empty() || active[i] != 0) out.kinds[i] = kind;
}

size_t count_active(std::span<const uint8_t> active, size_t begin, size_t end) {
  if (active.empty()) return end - begin;
  return static_cast<size_t>(std::count_if(active.begin() + static_cast<ptrdiff_t>(begin),
                                           active.begin() + static_cast<ptrdiff_t>(end),
                                           [](uint8_t a) { return a != 0; }));
}

}  // namespace

BatchStats lavapipe_sample_message(const SurfaceView& view, const SamplerState& sampler,
                                   const SampleBatch& b, const TexelLanes& out,
                                   const LavapipeMessageOptions& message_options) {
  LavapipeMessageOptions options = message_options;
  options.batch = logging_options(options.batch, view.read_log != nullptr);
  BatchStats stats;
  const size_t n = b.count;
  if (!batch_valid(b, out)) return stats;
  const bool quads = options.fragment_quads && is_quad_op(b.op);
  if (quads && n % 4 != 0) return stats;
  stats.ok = true;
  stats.kind = sample_result_kind(view, sampler, b.op, PrecisionKind::kLavapipe);
  const size_t group = std::max(1u, options.group_lanes);
  LpSamplePlan plan;
  const bool fast = options.batch.simd && make_sample_plan(view, sampler, b, plan);
  const size_t total = count_active(b.active, 0, n);
  if (!fast) {
    // Quads need whole quads per block: a group width that is not a multiple of 4 runs as one.
    const size_t unit = quads && group % 4 != 0 ? n : group;
    run_blocks(n, unit, options.batch, [&](size_t begin, size_t end) {
      sample_scalar_groups(view, sampler, b, out, begin, end, group, quads);
    });
    stats.scalar_lanes = total;
    return stats;
  }
  // AoS lanes are independent of their group (min == mag, compute lanes): no group context.
  std::atomic<size_t> scalar{0};
  run_blocks(n, 1, options.batch, [&](size_t begin, size_t end) {
    std::vector<uint32_t> redo(end - begin);
    LpSampleLanes l;
    l.u = ptr(b.u);
    l.v = ptr(b.v);
    l.lod = b.op == SampleOp::kLevel ? ptr(b.lod) : nullptr;
    l.active = ptr(b.active);
    l.out = {out.r.data(), out.g.data(), out.b.data(), out.a.data()};
    l.redo = redo.data();
    const size_t k = lavapipe_sample_lanes(plan, l, begin, end);
    if (!out.flags.empty()) {
      for (size_t i = begin; i < end; ++i)
        if (b.active.empty() || b.active[i] != 0) out.flags[i] = 0;
    }
    set_kinds(out, b.active, begin, end, stats.kind);
    for (size_t j = 0; j < k; ++j) {
      const size_t i = redo[j];
      const size_t from = read_log_size(view.read_log);
      const SampleResult r = sample_lavapipe(view, sampler, sample_request_at(b, i));
      tag_reads(view.read_log, from, i);
      write_lane(out, i, r.texel, r.null_tile ? kLaneNullTile : 0);
    }
    scalar += k;
  });
  stats.scalar_lanes = scalar.load();
  stats.simd_lanes = total - stats.scalar_lanes;
  return stats;
}

BatchStats lavapipe_fetch_message(const SurfaceView& view, const FetchBatch& b,
                                  const TexelLanes& out,
                                  const LavapipeMessageOptions& message_options) {
  LavapipeMessageOptions options = message_options;
  options.batch = logging_options(options.batch, view.read_log != nullptr);
  BatchStats stats;
  const size_t n = b.count;
  if (!batch_valid(b, out)) return stats;
  stats.ok = true;
  stats.kind = format_info(view.desc.format).result_kind;
  LpSurface surf;
  const bool fast = options.batch.simd && b.offset_x.empty() && b.offset_y.empty() &&
                    b.offset_z.empty() && b.offset == std::array<int32_t, 3>{} &&
                    make_surface(view, surf);
  const size_t total = count_active(b.active, 0, n);
  std::atomic<size_t> scalar{0};
  run_blocks(n, 1, options.batch, [&](size_t begin, size_t end) {
    if (!fast) {
      for (size_t i = begin; i < end; ++i)
        if (b.active.empty() || b.active[i] != 0) fetch_scalar(view, b, out, i);
      return;
    }
    std::vector<uint32_t> redo(end - begin);
    LpFetchLanes l;
    l.x = ptr(b.x);
    l.y = ptr(b.y);
    l.level = ptr(b.level);
    l.active = ptr(b.active);
    l.out = {out.r.data(), out.g.data(), out.b.data(), out.a.data()};
    l.redo = redo.data();
    const size_t k = lavapipe_fetch_lanes(surf, l, begin, end);
    if (!out.flags.empty()) {
      for (size_t i = begin; i < end; ++i)
        if (b.active.empty() || b.active[i] != 0) out.flags[i] = kLaneInBounds;
    }
    set_kinds(out, b.active, begin, end, stats.kind);
    for (size_t j = 0; j < k; ++j) fetch_scalar(view, b, out, redo[j]);
    scalar += k;
  });
  stats.scalar_lanes = fast ? scalar.load() : total;
  stats.simd_lanes = total - stats.scalar_lanes;
  return stats;
}

}  // namespace texsim::texunit::simd
