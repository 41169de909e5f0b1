// Public API: message-level sample and fetch. kD3D / kExact go through texunit's batch API;
// kLavapipe forms lavapipe's SIMD groups and pixel quads here (sample_lavapipe.hpp).
#include <algorithm>
#include <string>
#include <vector>

#include "api/internal.hpp"
#include "texsim/lookup.hpp"
#include "texunit/batch.hpp"
#include "texunit/sample_lavapipe.hpp"

namespace texsim {

bool is_quad_op(SampleOp op) {
  return op == SampleOp::kImplicit || op == SampleOp::kBias || op == SampleOp::kLodQuery;
}

namespace {

// Every span is empty or at least `count` long; outputs must be at least `count` long.
template <typename T>
bool span_ok(std::span<T> s, size_t count, bool required, const char* name, Diagnostics& diags) {
  if ((s.empty() && !required) || s.size() >= count) return true;
  detail::lib_error(diags, "LIB-LANES",
                    std::string("'") + name + "' holds " + std::to_string(s.size()) +
                        " elements, the message has " + std::to_string(count) + " lanes" +
                        (required ? "" : " (give it empty or at least that long)"));
  return false;
}

bool outputs_ok(const Results& out, size_t count, Diagnostics& diags) {
  bool ok = span_ok(out.r, count, true, "r", diags);
  ok = span_ok(out.g, count, true, "g", diags) && ok;
  ok = span_ok(out.b, count, true, "b", diags) && ok;
  ok = span_ok(out.a, count, true, "a", diags) && ok;
  return span_ok(out.flags, count, false, "flags", diags) && ok;
}

bool lanes_ok(const SampleLanes& l, Diagnostics& diags) {
  const size_t n = l.count;
  bool ok = true;
  const std::pair<std::span<const float>, const char*> floats[] = {
      {l.u, "u"},         {l.v, "v"},         {l.w, "w"},         {l.array_index, "array_index"},
      {l.lod, "lod"},     {l.ddx_u, "ddx_u"}, {l.ddx_v, "ddx_v"}, {l.ddx_w, "ddx_w"},
      {l.ddy_u, "ddy_u"}, {l.ddy_v, "ddy_v"}, {l.ddy_w, "ddy_w"}, {l.reference, "reference"}};
  for (const auto& [s, name] : floats) ok = span_ok(s, n, false, name, diags) && ok;
  ok = span_ok(l.offset_x, n, false, "offset_x", diags) && ok;
  ok = span_ok(l.offset_y, n, false, "offset_y", diags) && ok;
  ok = span_ok(l.offset_z, n, false, "offset_z", diags) && ok;
  return span_ok(l.active, n, false, "active", diags) && ok;
}

template <typename T>
T at(std::span<const T> s, size_t i, T fallback = T{}) {
  return s.empty() ? fallback : s[i];
}

texunit::SampleBatch batch_of(const SampleLanes& l) {
  texunit::SampleBatch b;
  b.count = l.count;
  b.op = static_cast<texunit::SampleOp>(l.op);
  b.u = l.u, b.v = l.v, b.w = l.w;
  b.array_index = l.array_index;
  b.lod = l.lod;
  b.ddx_u = l.ddx_u, b.ddx_v = l.ddx_v, b.ddx_w = l.ddx_w;
  b.ddy_u = l.ddy_u, b.ddy_v = l.ddy_v, b.ddy_w = l.ddy_w;
  b.reference = l.reference;
  b.offset = l.offset;
  b.offset_x = l.offset_x, b.offset_y = l.offset_y, b.offset_z = l.offset_z;
  b.gather_component = l.gather_component;
  b.active = l.active;
  return b;
}

texunit::TexelLanes out_of(const Results& o) {
  return {o.r, o.g, o.b, o.a, o.flags};
}

void store(const Results& out, size_t i, const texunit::Texel& t, uint8_t flags) {
  out.r[i] = t.bits[0];
  out.g[i] = t.bits[1];
  out.b[i] = t.bits[2];
  out.a[i] = t.bits[3];
  if (!out.flags.empty()) out.flags[i] = flags;
}

// lavapipe's SIMD groups (lanes g*G .. g*G+G-1 of the message; inactive lanes take no part)
// and pixel quads (lanes 4q .. 4q+3): the lane contexts of sample_lavapipe.hpp.
void sample_lavapipe_grouped(const texunit::SurfaceView& view, const texunit::SamplerState& smp,
                             const SampleLanes& l, const Results& out, unsigned group_lanes) {
  const size_t n = l.count;
  const size_t g = std::max(1u, group_lanes);
  const texunit::SampleBatch b = batch_of(l);
  std::vector<texunit::SampleRequest> reqs(n);
  for (size_t i = 0; i < n; ++i) reqs[i] = texunit::sample_request_at(b, i);
  const bool quads = is_quad_op(l.op);
  auto lane_ctx = [&](size_t i) {
    texunit::LavapipeLaneContext ctx;
    if (quads) {
      ctx.quad = &reqs[i & ~size_t{3}];
      ctx.quad_lane = static_cast<uint8_t>(i & 3u);
    }
    return ctx;
  };
  auto active = [&](size_t i) { return l.active.empty() || l.active[i] != 0; };
  const size_t groups = (n + g - 1) / g;
  std::vector<uint8_t> linear(groups, 0), corner0(groups, 0), corner1(groups, 0);
  for (size_t i = 0; i < n; ++i) {
    if (!active(i)) continue;
    const auto f = texunit::lavapipe_lane_facts(view, smp, reqs[i], lane_ctx(i));
    if (f.needs_linear) linear[i / g] = 1;
    if (f.cube_corner[0]) corner0[i / g] = 1;
    if (f.cube_corner[1]) corner1[i / g] = 1;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!active(i)) continue;
    texunit::LavapipeLaneContext ctx = lane_ctx(i);
    ctx.group_needs_linear = linear[i / g] != 0;
    ctx.group_cube_corner = {corner0[i / g] != 0, corner1[i / g] != 0};
    const auto r = texunit::sample_lavapipe(view, smp, reqs[i], ctx);
    store(out, i, r.texel, r.null_tile ? kFlagNullTile : 0);
  }
}

}  // namespace

static_assert(int(SampleOp::kLodQuery) == int(texunit::SampleOp::kLodQuery));
static_assert(int(SampleOp::kGather) == int(texunit::SampleOp::kGather));
static_assert(int(SampleIndexPolicy::kClamp) == int(texunit::SampleIndexPolicy::kClamp));

LookupStatus sample(const Surface& surface, const Sampler& sampler, const SampleLanes& lanes,
                    const Results& out, const SampleOptions& options, Diagnostics& diags) {
  LookupStatus st;
  if (!lanes_ok(lanes, diags) || !outputs_ok(out, lanes.count, diags)) return st;
  const bool lavapipe_quads = options.profile == Profile::kLavapipe && options.lavapipe_groups;
  const bool d3d_quads = options.profile != Profile::kLavapipe && options.derivatives_from_quads;
  if (is_quad_op(lanes.op) && (lavapipe_quads || d3d_quads) && lanes.count % 4 != 0) {
    detail::lib_error(diags, "LIB-QUAD",
                      "a quad op's lanes form pixel quads 4q..4q+3, but the message has " +
                          std::to_string(lanes.count) + " lanes");
    return st;
  }
  const texunit::SurfaceView view = surface.impl().surface->view();
  const texunit::SamplerState smp = detail::to_internal(sampler);
  const texunit::PrecisionProfile prec = detail::to_internal(options.profile);
  st.kind = detail::to_public(
      texunit::sample_result_kind(view, smp, static_cast<texunit::SampleOp>(lanes.op)));
  if (lavapipe_quads) {
    sample_lavapipe_grouped(view, smp, lanes, out, options.lavapipe_group_lanes);
    st.ok = true;
    return st;
  }
  texunit::SampleBatch b = batch_of(lanes);
  std::vector<float> d[6];
  if (d3d_quads && is_quad_op(lanes.op)) {
    for (auto& v : d) v.resize(lanes.count);
    for (size_t q = 0; q < lanes.count; q += 4) {
      std::array<std::array<float, 3>, 4> c{};
      for (size_t k = 0; k < 4; ++k) c[k] = texunit::sample_request_at(b, q + k).coord;
      const texunit::QuadDerivatives qd = texunit::quad_derivatives(c);
      for (size_t k = 0; k < 4; ++k)
        for (size_t a = 0; a < 3; ++a) d[a][q + k] = qd.ddx[a], d[3 + a][q + k] = qd.ddy[a];
    }
    b.ddx_u = d[0], b.ddx_v = d[1], b.ddx_w = d[2];
    b.ddy_u = d[3], b.ddy_v = d[4], b.ddy_w = d[5];
  }
  texunit::BatchOptions bo;
  bo.threads = options.threads;
  const texunit::BatchStats bs = texunit::sample_batch(view, smp, b, out_of(out), prec, bo);
  if (!bs.ok) {
    detail::lib_error(diags, "LIB-LANES", "the sample message's lanes do not match its count");
    return st;
  }
  st.ok = true;
  return st;
}

LookupStatus fetch(const Surface& surface, const FetchLanes& lanes, const Results& out,
                   const FetchOptions& options, Diagnostics& diags) {
  LookupStatus st;
  const size_t n = lanes.count;
  bool ok = outputs_ok(out, n, diags);
  const std::pair<std::span<const uint32_t>, const char*> u32[] = {
      {lanes.x, "x"},         {lanes.y, "y"},         {lanes.z, "z"},
      {lanes.slice, "slice"}, {lanes.level, "level"}, {lanes.sample, "sample"}};
  for (const auto& [s, name] : u32) ok = span_ok(s, n, false, name, diags) && ok;
  ok = span_ok(lanes.offset_x, n, false, "offset_x", diags) && ok;
  ok = span_ok(lanes.offset_y, n, false, "offset_y", diags) && ok;
  ok = span_ok(lanes.offset_z, n, false, "offset_z", diags) && ok;
  ok = span_ok(lanes.mcs, n, false, "mcs", diags) && ok;
  ok = span_ok(lanes.active, n, false, "active", diags) && ok;
  if (!ok) return st;
  const texunit::SurfaceView view = surface.impl().surface->view();
  st.kind = detail::to_public(texunit::format_info(view.desc.format).result_kind);
  texunit::FetchOptions fo;
  fo.sample_policy = static_cast<texunit::SampleIndexPolicy>(options.sample_index);
  if (options.profile == Profile::kLavapipe) {
    for (size_t i = 0; i < n; ++i) {
      if (!lanes.active.empty() && lanes.active[i] == 0) continue;
      texunit::FetchRequest r;
      r.coord = {at(lanes.x, i), at(lanes.y, i), at(lanes.z, i)};
      r.slice = at(lanes.slice, i);
      r.level = at(lanes.level, i);
      r.sample = at(lanes.sample, i);
      r.offset = {at(lanes.offset_x, i, lanes.offset[0]), at(lanes.offset_y, i, lanes.offset[1]),
                  at(lanes.offset_z, i, lanes.offset[2])};
      if (!lanes.mcs.empty()) r.mcs = lanes.mcs[i];
      const texunit::FetchResult f = texunit::fetch_texel_lavapipe(view, r);
      store(out, i, f.texel,
            static_cast<uint8_t>((f.in_bounds ? kFlagInBounds : 0) |
                                 (f.null_tile ? kFlagNullTile : 0) |
                                 (f.fast_cleared ? kFlagFastCleared : 0)));
    }
    st.ok = true;
    return st;
  }
  texunit::FetchBatch b;
  b.count = n;
  b.x = lanes.x, b.y = lanes.y, b.z = lanes.z;
  b.slice = lanes.slice, b.level = lanes.level, b.sample = lanes.sample;
  b.offset = lanes.offset;
  b.offset_x = lanes.offset_x, b.offset_y = lanes.offset_y, b.offset_z = lanes.offset_z;
  b.mcs = lanes.mcs;
  b.active = lanes.active;
  texunit::BatchOptions bo;
  bo.threads = options.threads;
  const texunit::BatchStats bs = texunit::fetch_batch(view, b, out_of(out), fo, bo);
  if (!bs.ok) {
    detail::lib_error(diags, "LIB-LANES", "the fetch message's lanes do not match its count");
    return st;
  }
  st.ok = true;
  return st;
}

}  // namespace texsim
