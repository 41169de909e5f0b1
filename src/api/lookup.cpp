// Public API: message-level sample and fetch (lanes checked, then texunit/message.hpp's profile
// dispatch, lavapipe's groups and quads, SIMD); *_addresses map a message's texel reads through a
// placement (hwstate/access.hpp).
#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "api/fields.hpp"
#include "api/internal.hpp"
#include "hwstate/access.hpp"
#include "hwstate/fast_access.hpp"
#include "texsim/lookup.hpp"
#include "texunit/batch.hpp"
#include "texunit/bounds.hpp"
#include "texunit/message.hpp"
#include "texunit/sample.hpp"
#include "texunit/simd/tap_sink.hpp"

namespace texsim {

bool is_quad_op(SampleOp op) {
  return texunit::is_quad_op(static_cast<texunit::SampleOp>(op));
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

// Quad positions: one per quad, no two quads at one place, whole quads per group.
bool quad_positions_ok(const SampleLanes& l, unsigned group, Diagnostics& diags) {
  const size_t quads = l.count / 4;
  if (l.quad_x.size() != quads || l.quad_y.size() != quads) {
    detail::lib_error(diags, "LIB-QUAD",
                      "quad_x and quad_y give one position per quad: " + std::to_string(quads) +
                          " each, got " + std::to_string(l.quad_x.size()) + " and " +
                          std::to_string(l.quad_y.size()));
    return false;
  }
  if (group % 4 != 0) {
    detail::lib_error(diags, "LIB-QUAD",
                      "quad positions need whole quads per group: lavapipe_group_lanes is " +
                          std::to_string(group));
    return false;
  }
  std::vector<std::pair<uint32_t, uint32_t>> seen(quads);
  for (size_t q = 0; q < quads; ++q) seen[q] = {l.quad_y[q], l.quad_x[q]};
  std::sort(seen.begin(), seen.end());
  const auto dup = std::adjacent_find(seen.begin(), seen.end());
  if (dup != seen.end()) {
    detail::lib_error(diags, "LIB-QUAD",
                      "two quads at position (" + std::to_string(dup->second) + ", " +
                          std::to_string(dup->first) + ")");
    return false;
  }
  return true;
}

texunit::TexelLanes out_of(const Results& o) {
  return {o.r, o.g, o.b, o.a, o.flags};
}

}  // namespace

static_assert(int(SampleOp::kLodQuery) == int(texunit::SampleOp::kLodQuery));
static_assert(int(SampleOp::kGather) == int(texunit::SampleOp::kGather));
static_assert(int(SampleIndexPolicy::kClamp) == int(texunit::SampleIndexPolicy::kClamp));
static_assert(int(QueryOp::kSamples) == int(texunit::QueryOp::kSamples));

namespace {

// Whether sample_message runs sample_batch on the message as it is (no lavapipe groups, no quad
// derivatives): the messages whose reads a TapSink can take (FA6).
bool plain_sample_route(const SampleLanes& lanes, const SampleOptions& options) {
  return options.profile != Profile::kLavapipe &&
         !(options.derivatives_from_quads && is_quad_op(lanes.op));
}

// sample(), with the view's texel reads logged into `log` when it is set, or handed to `taps`
// (only for plain_sample_route messages).
LookupStatus sample_logged(const Surface& surface, const Sampler& sampler, const SampleLanes& lanes,
                           const Results& out, const SampleOptions& options,
                           texunit::TexelReadLog* log, Diagnostics& diags,
                           texunit::simd::TapSink* taps = nullptr) {
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
  const bool placed =
      lavapipe_quads && is_quad_op(lanes.op) && (!lanes.quad_x.empty() || !lanes.quad_y.empty());
  if (placed && !quad_positions_ok(lanes, std::max(1u, options.lavapipe_group_lanes), diags))
    return st;
  texunit::SurfaceView view = detail::view_of(detail::Access::impl(surface));
  view.read_log = log;
  const texunit::SamplerState smp = detail::to_internal(sampler);
  texunit::MessageOptions mo;
  mo.precision = detail::to_internal(options.profile);
  if (lavapipe_quads) mo.layout.lavapipe_group_lanes = std::max(1u, options.lavapipe_group_lanes);
  mo.layout.lavapipe_masked_lanes = lavapipe_quads && options.lavapipe_masked_lanes;
  if (placed) mo.layout.quad_x = lanes.quad_x, mo.layout.quad_y = lanes.quad_y;
  // lavapipe's quad ops take their LOD from the quad's coordinates (lp_build_rho's implicit
  // derivatives), never from the ddx / ddy spans (decision P21).
  mo.layout.quad_derivatives = d3d_quads || lavapipe_quads;
  mo.batch.threads = options.threads;
  texunit::SampleBatch batch;
  detail::copy_sample_lanes(lanes, batch);
  const texunit::BatchStats bs =
      taps != nullptr
          ? texunit::sample_batch_taps(view, smp, batch, out_of(out), mo.precision, mo.batch, *taps)
          : texunit::sample_message(view, smp, batch, out_of(out), mo);
  if (!bs.ok) {
    detail::lib_error(diags, "LIB-LANES", "the sample message's lanes do not match its count");
    return st;
  }
  // As before the message redesign: the D3D rule's kind, also for the lavapipe profile (which
  // returns floats for comparisons on integer formats; reported as a follow-up, #16).
  st.kind = detail::to_public(
      texunit::sample_result_kind(view, smp, static_cast<texunit::SampleOp>(lanes.op)));
  st.ok = true;
  return st;
}

}  // namespace

LookupStatus sample(const Surface& surface, const Sampler& sampler, const SampleLanes& lanes,
                    const Results& out, const SampleOptions& options, Diagnostics& diags) {
  return sample_logged(surface, sampler, lanes, out, options, nullptr, diags);
}

namespace {

hwstate::PlacedSurface placed_of(const Surface& surface, const Placement& placement) {
  hwstate::PlacedSurface placed;
  placed.desc = detail::Access::impl(surface).surface->desc();
  detail::copy_tiling(placement, placed.tiling);  // Tiling's order is hwstate's (surface.cpp)
  placed.base_address = placement.base_address;
  return placed;
}

// A message's logged reads (tagged with their lanes) into `trace`: sorted by lane (padding lanes,
// kNoLane, last), each lane mapped on its own (its lines), the message's lines their union in lane
// order. False (diagnostics in `diags`) when a read lies outside the surface.
bool fill_trace(const hwstate::AddressMapper& mapper, texunit::TexelReadLog& log, size_t lanes,
                AddressTrace& trace, Diagnostics& diags, uint32_t first_level) {
  // A header's level view reads level L of the view from level first_level + L of the memory.
  if (first_level != 0)
    for (texunit::TexelRead& r : log) r.level += first_level;
  // Lanes run in order except where a message is restaged for lavapipe's groups.
  std::stable_sort(
      log.begin(), log.end(),
      [](const texunit::TexelRead& a, const texunit::TexelRead& b) { return a.lane < b.lane; });
  trace.reads.reserve(log.size());
  trace.lane_offsets.assign(lanes + 1, 0);
  trace.lane_line_offsets.assign(lanes + 1, 0);
  std::unordered_set<uint64_t> seen;
  hwstate::AccessTrace t;
  core::DiagSink sink;
  size_t k = 0;
  for (size_t lane = 0; lane <= lanes; ++lane) {
    trace.lane_offsets[lane] = k;
    trace.lane_line_offsets[lane] = trace.lane_lines.size();
    size_t e = k;
    while (e < log.size() && (lane == lanes || log[e].lane == lane)) ++e;
    if (e == k) continue;
    if (!mapper.map(std::span<const texunit::TexelRead>(log).subspan(k, e - k), t, sink)) {
      detail::append(diags, sink);
      return false;
    }
    for (const hwstate::TexelAccess& a : t.reads) {
      trace.reads.push_back({a.read.level, a.read.slice_or_z, a.read.x, a.read.y, a.read.sample,
                             a.address, a.bytes, a.read.lane});
    }
    if (lane < lanes)
      trace.lane_lines.insert(trace.lane_lines.end(), t.lines.begin(), t.lines.end());
    for (uint64_t line : t.lines)
      if (seen.insert(line).second) trace.lines.push_back(line);
    k = e;
  }
  trace.lane_line_offsets[lanes] = trace.lane_lines.size();
  return true;
}

// The fast route's reads (FastAddressMapper, lane order) into `trace`, as fill_trace writes them.
void fill_fast_trace(const hwstate::LaneAccesses& acc, const hwstate::ReadColumns& cols,
                     size_t lanes, AddressTrace& trace) {
  const size_t n = acc.addresses.size();
  trace.reads.resize(n);
  trace.lane_offsets.assign(lanes + 1, 0);
  trace.lane_line_offsets.assign(lanes + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    trace.reads[i] = {cols.level[i],  cols.slice[i],    cols.x[i],         cols.y[i],
                      cols.sample[i], acc.addresses[i], acc.element_bytes, cols.lane[i]};
    ++trace.lane_offsets[cols.lane[i] + 1];
  }
  trace.lane_lines.assign(acc.lines.begin(), acc.lines.end());
  for (uint32_t lane : acc.line_lanes) ++trace.lane_line_offsets[lane + 1];
  for (size_t i = 0; i < lanes; ++i) {
    trace.lane_offsets[i + 1] += trace.lane_offsets[i];
    trace.lane_line_offsets[i + 1] += trace.lane_line_offsets[i];
  }
  std::unordered_set<uint64_t> seen;
  for (uint64_t line : acc.lines)
    if (seen.insert(line).second) trace.lines.push_back(line);
}

// The fast route of *_addresses (FA6): `run` does the lookup with its reads handed to a
// FastAddressMapper. True with `trace` filled, or false (`trace` left empty) when the lookup
// failed (`st` says) or a read lay outside the placement: the caller then takes the read log
// route, whose ACCESS-READ-RANGE names the read within its lane.
template <typename Run>
bool fast_trace(const Surface& surface, const Placement& placement, uint32_t line_bytes,
                size_t lanes, AddressTrace& trace, LookupStatus& st, Run&& run) {
  core::DiagSink sink;
  hwstate::FastAddressMapper fast(placed_of(surface, placement), line_bytes, sink);
  if (!fast.ok()) return false;
  fast.set_first_level(detail::Access::impl(surface).first_level);
  hwstate::LaneAccesses acc;
  hwstate::ReadColumns cols;
  fast.begin(acc, sink, &cols);
  st = run(fast);
  if (!st.ok) return true;
  if (!fast.finish()) return false;
  fill_fast_trace(acc, cols, lanes, trace);
  return true;
}

// The mapper for `placement`, its problems appended to `diags`.
std::unique_ptr<hwstate::AddressMapper> make_mapper(const Surface& surface,
                                                    const Placement& placement, uint32_t line_bytes,
                                                    Diagnostics& diags) {
  core::DiagSink sink;
  auto mapper =
      std::make_unique<hwstate::AddressMapper>(placed_of(surface, placement), line_bytes, sink);
  detail::append(diags, sink);
  if (!mapper->ok()) mapper.reset();
  return mapper;
}

}  // namespace

LookupStatus sample_addresses(const Surface& surface, const Sampler& sampler,
                              const SampleLanes& lanes, const Results& out,
                              const SampleOptions& options, const Placement& placement,
                              uint32_t line_bytes, AddressTrace& trace, Diagnostics& diags) {
  trace = AddressTrace{};
  const auto mapper = make_mapper(surface, placement, line_bytes, diags);
  if (!mapper) return {};
  LookupStatus fast_st;
  if (plain_sample_route(lanes, options) &&
      fast_trace(surface, placement, line_bytes, lanes.count, trace, fast_st,
                 [&](texunit::simd::TapSink& taps) {
                   return sample_logged(surface, sampler, lanes, out, options, nullptr, diags,
                                        &taps);
                 })) {
    return fast_st;
  }
  texunit::TexelReadLog log;
  const LookupStatus st = sample_logged(surface, sampler, lanes, out, options, &log, diags);
  if (!st.ok) return st;
  if (!fill_trace(*mapper, log, lanes.count, trace, diags,
                  detail::Access::impl(surface).first_level))
    return {};
  return st;
}

LookupStatus query(const Surface& surface, const QueryLanes& lanes, const Results& out,
                   const QueryOptions& options, Diagnostics& diags) {
  LookupStatus st;
  bool ok = outputs_ok(out, lanes.count, diags);
  ok = span_ok(lanes.lod, lanes.count, false, "lod", diags) && ok;
  ok = span_ok(lanes.active, lanes.count, false, "active", diags) && ok;
  if (!ok) return st;
  const texunit::SurfaceView view = detail::view_of(detail::Access::impl(surface));
  texunit::MessageOptions mo;
  mo.precision = detail::to_internal(options.profile);
  if (options.profile == Profile::kLavapipe && options.lavapipe_groups)
    mo.layout.lavapipe_group_lanes = std::max(1u, options.lavapipe_group_lanes);
  mo.layout.lavapipe_masked_lanes = options.lavapipe_masked_lanes;
  const texunit::QueryBatch b{lanes.count, static_cast<texunit::QueryOp>(lanes.op), lanes.lod,
                              lanes.active};
  if (!texunit::query_message(view, b, out_of(out), mo).ok) {
    detail::lib_error(diags, "LIB-LANES", "the query message's lanes do not match its count");
    return st;
  }
  st.kind = TexelKind::kUint;
  st.ok = true;
  return st;
}

namespace {

// fetch(), with the view's texel reads logged into `log` when it is set, or handed to `taps`
// (profiles other than lavapipe: fetch_message runs fetch_batch then).
LookupStatus fetch_logged(const Surface& surface, const FetchLanes& lanes, const Results& out,
                          const FetchOptions& options, texunit::TexelReadLog* log,
                          Diagnostics& diags, texunit::simd::TapSink* taps = nullptr) {
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
  texunit::SurfaceView view = detail::view_of(detail::Access::impl(surface));
  view.read_log = log;
  st.kind = detail::to_public(texunit::format_info(view.desc.format).result_kind);
  texunit::MessageOptions mo;
  mo.precision = detail::to_internal(options.profile);
  // The lavapipe profile has always zeroed an out-of-range sample index whatever the policy
  // (behaviour kept by the message redesign, #16; reported as a follow-up).
  if (options.profile != Profile::kLavapipe)
    mo.fetch.sample_policy = static_cast<texunit::SampleIndexPolicy>(options.sample_index);
  mo.batch.threads = options.threads;
  texunit::FetchBatch b;
  detail::copy_fetch_lanes(lanes, b);
  const texunit::BatchStats bs =
      taps != nullptr ? texunit::fetch_batch_taps(view, b, out_of(out), mo.fetch, mo.batch, *taps)
                      : texunit::fetch_message(view, b, out_of(out), mo);
  if (!bs.ok) {
    detail::lib_error(diags, "LIB-LANES", "the fetch message's lanes do not match its count");
    return st;
  }
  st.ok = true;
  return st;
}

}  // namespace

LookupStatus fetch(const Surface& surface, const FetchLanes& lanes, const Results& out,
                   const FetchOptions& options, Diagnostics& diags) {
  return fetch_logged(surface, lanes, out, options, nullptr, diags);
}

LookupStatus fetch_addresses(const Surface& surface, const FetchLanes& lanes, const Results& out,
                             const FetchOptions& options, const Placement& placement,
                             uint32_t line_bytes, AddressTrace& trace, Diagnostics& diags) {
  trace = AddressTrace{};
  const auto mapper = make_mapper(surface, placement, line_bytes, diags);
  if (!mapper) return {};
  LookupStatus fast_st;
  if (options.profile != Profile::kLavapipe &&
      fast_trace(surface, placement, line_bytes, lanes.count, trace, fast_st,
                 [&](texunit::simd::TapSink& taps) {
                   return fetch_logged(surface, lanes, out, options, nullptr, diags, &taps);
                 })) {
    return fast_st;
  }
  texunit::TexelReadLog log;
  const LookupStatus st = fetch_logged(surface, lanes, out, options, &log, diags);
  if (!st.ok) return st;
  if (!fill_trace(*mapper, log, lanes.count, trace, diags,
                  detail::Access::impl(surface).first_level))
    return {};
  return st;
}

namespace {

texunit::BoundsPrecision to_internal(const BoundsPrecision& p) {
  texunit::BoundsPrecision b;
  b.coord_bits = p.coord_bits;
  b.subtexel_bits = p.subtexel_bits;
  b.lod_bits_explicit = p.lod_bits;
  b.lod_bits_derivative = p.derivative_lod_bits;
  b.derivative_bits = p.derivative_bits;
  b.blend_bits = p.blend_bits;
  b.color_bits = p.color_bits;
  b.float_bits = p.float_bits;
  return b;
}

bool precision_ok(const BoundsPrecision& p, Diagnostics& diags) {
  const std::pair<unsigned, const char*> bits[] = {{p.coord_bits, "coord_bits"},
                                                   {p.subtexel_bits, "subtexel_bits"},
                                                   {p.lod_bits, "lod_bits"},
                                                   {p.derivative_lod_bits, "derivative_lod_bits"},
                                                   {p.derivative_bits, "derivative_bits"},
                                                   {p.blend_bits, "blend_bits"},
                                                   {p.color_bits, "color_bits"},
                                                   {p.float_bits, "float_bits"}};
  bool ok = true;
  for (const auto& [v, name] : bits) {
    if (v <= 52) continue;
    detail::lib_error(diags, "LIB-BOUNDS",
                      std::string("'") + name + "' must be in [0, 52], got " + std::to_string(v));
    ok = false;
  }
  return ok;
}

}  // namespace

LookupStatus sample_bounds(const Surface& surface, const Sampler& sampler, const SampleLanes& lanes,
                           const Results& lo, const Results& hi, const BoundsOptions& options,
                           Diagnostics& diags) {
  LookupStatus st;
  bool ok = lanes_ok(lanes, diags);
  ok = outputs_ok(lo, lanes.count, diags) && ok;
  ok = outputs_ok(hi, lanes.count, diags) && ok;
  ok = precision_ok(options.precision, diags) && ok;
  if (!ok) return st;
  const bool quads = options.derivatives_from_quads && is_quad_op(lanes.op);
  if (quads && lanes.count % 4 != 0) {
    detail::lib_error(diags, "LIB-QUAD",
                      "a quad op's lanes form pixel quads 4q..4q+3, but the message has " +
                          std::to_string(lanes.count) + " lanes");
    return st;
  }
  const texunit::SurfaceView view = detail::view_of(detail::Access::impl(surface));
  const texunit::SamplerState smp = detail::to_internal(sampler);
  texunit::SampleBatch batch;
  detail::copy_sample_lanes(lanes, batch);
  texunit::BoundsContext ctx(view, smp, to_internal(options.precision));
  std::array<texunit::SampleRequest, 4> quad{};
  for (size_t i = 0; i < lanes.count; ++i) {
    if (!lanes.active.empty() && lanes.active[i] == 0) continue;
    texunit::SampleRequest req = texunit::sample_request_at(batch, i);
    std::span<const texunit::SampleRequest> q;
    if (quads) {
      const size_t base = i & ~size_t{3};
      std::array<std::array<float, 3>, 4> coords{};
      for (size_t k = 0; k < 4; ++k) {
        quad[k] = texunit::sample_request_at(batch, base + k);
        coords[k] = quad[k].coord;
      }
      const texunit::QuadDerivatives d = texunit::quad_derivatives(coords);
      req.ddx = d.ddx;
      req.ddy = d.ddy;
      q = quad;
    }
    const texunit::LookupBounds b = ctx.bounds(req, q);
    const uint8_t flags = b.bounded ? 0 : kFlagUnbounded;
    texunit::write_lane(out_of(lo), i, b.lo, flags);
    texunit::write_lane(out_of(hi), i, b.hi, 0);
  }
  st.kind = detail::to_public(
      texunit::sample_result_kind(view, smp, static_cast<texunit::SampleOp>(lanes.op)));
  st.ok = true;
  return st;
}

bool within_bounds(TexelKind kind, uint32_t lo, uint32_t hi, uint32_t value) {
  texunit::LookupBounds b;
  b.lo.kind = b.hi.kind = static_cast<texunit::TexelKind>(kind);
  b.lo.bits = {lo, 0, 0, 0};
  b.hi.bits = {hi, 0, 0, 0};
  texunit::Texel v;
  v.kind = b.lo.kind;
  v.bits = {value, 0, 0, 0};
  return texunit::bounds_contain(b, v, 1);
}

}  // namespace texsim
