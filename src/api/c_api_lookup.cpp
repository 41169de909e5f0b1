// The C API (include/texsim/texsim.h), part 2: sample and fetch messages (and sample_addresses).
// The caller's structs are read by their struct_size (c_structs.hpp) and converted once each
// (fields.hpp).
#include <optional>
#include <string>

#include "api/c_structs.hpp"
#include "api/fields.hpp"

using texsim::capi::bad_argument;
using texsim::capi::guard;
using texsim::capi::raw;

namespace texsim::capi {

std::optional<Sampler> sampler_of(const texsim_sampler* sampler, Diagnostics& d) {
  const auto c = read(sampler, "sampler", d);
  if (!c) return std::nullopt;
  auto in = [](int v, int lo, int hi) { return v >= lo && v <= hi; };
  bool ok = in(raw(c->min_filter), 0, 1) && in(raw(c->mag_filter), 0, 1) &&
            in(raw(c->mip_filter), 0, 2) && in(raw(c->compare), -1, 7) &&
            in(raw(c->reduction), 0, 2);
  for (int k = 0; k < 3; ++k) ok = ok && in(raw(c->address[k]), 0, 4);
  if (!ok) {
    bad_argument(d, "the sampler holds an enum value out of range");
    return std::nullopt;
  }
  Sampler s;
  detail::copy_sampler(*c, s);
  return s;
}

std::optional<Placement> placement_of(const texsim_placement* placement, Diagnostics& d) {
  const auto pl = read(placement, "placement", d);
  if (!pl) return std::nullopt;
  if (raw(pl->tiling) < TEXSIM_TILING_LINEAR || raw(pl->tiling) > TEXSIM_TILING_TILE64) {
    bad_argument(d, "unknown tiling " + std::to_string(raw(pl->tiling)));
    return std::nullopt;
  }
  if (pl->block_width_log2 > 255 || pl->block_height_log2 > 255 || pl->block_depth_log2 > 255) {
    bad_argument(d, "GOBs per block (log2) must be below 256");
    return std::nullopt;
  }
  if (pl->miptail_start < -1) {  // -1: isl's choice; 0..15 checked as LAYOUT-TILE64-MIPTAIL
    bad_argument(d, "miptail_start must be -1 (isl's choice) or a level, got " +
                        std::to_string(pl->miptail_start));
    return std::nullopt;
  }
  Placement p;
  detail::copy_placement(*pl, p);
  return p;
}

namespace {

std::optional<Results> results_of(const texsim_results* out, size_t n, Diagnostics& d) {
  const auto o = read(out, "out", d);
  if (!o) return std::nullopt;
  auto sp = [n](uint32_t* p) { return p == nullptr ? std::span<uint32_t>() : std::span(p, n); };
  return Results{sp(o->r), sp(o->g), sp(o->b), sp(o->a),
                 o->flags == nullptr ? std::span<uint8_t>() : std::span(o->flags, n)};
}

texsim_status finish(const LookupStatus& st, texsim_texel_kind* kind) {
  if (!st.ok) return TEXSIM_ERROR_DIAGNOSTICS;
  if (kind != nullptr) *kind = static_cast<texsim_texel_kind>(st.kind);
  return TEXSIM_OK;
}

// A placement argument checked (NULL: the defaults) into `p`; false after the diagnostic.
// The C trace handle of `t` (moved from).
texsim_address_trace* trace_of(texsim::AddressTrace& t) {
  auto* c = new texsim_address_trace;
  c->reads.reserve(t.reads.size());
  for (const texsim::TexelAddress& a : t.reads)
    c->reads.push_back({a.level, a.slice_or_z, a.x, a.y, a.sample, a.bytes, a.address});
  c->lane_offsets = std::move(t.lane_offsets);
  c->lines = std::move(t.lines);
  c->lane_lines = std::move(t.lane_lines);
  c->lane_line_offsets = std::move(t.lane_line_offsets);
  return c;
}

// A sample message's C arguments as the C++ ones (lanes, options, results, sampler); nullopt
// with a LIB-ARG diagnostic. Shared by texsim_sample and texsim_sample_addresses.
struct SampleCall {
  Sampler sampler;
  SampleLanes lanes;
  SampleOptions options;
  Results out;
};
std::optional<SampleCall> sample_call(const texsim_sampler* sampler,
                                      const texsim_sample_lanes* lanes, const texsim_results* out,
                                      const texsim_sample_options* options, Diagnostics& d) {
  const auto l = read(lanes, "lanes", d);
  const auto o = read(options, "options", d);
  if (!l || !o) return std::nullopt;
  if (raw(l->op) < TEXSIM_OP_IMPLICIT || raw(l->op) > TEXSIM_OP_LOD_QUERY) {
    bad_argument(d, "unknown sample op " + std::to_string(raw(l->op)));
    return std::nullopt;
  }
  if (!profile_ok(o->profile, d)) return std::nullopt;
  const auto smp = sampler_of(sampler, d);
  const auto res = results_of(out, l->count, d);
  if (!smp || !res) return std::nullopt;
  SampleCall c{*smp, {}, {}, *res};
  detail::copy_sample_lanes(*l, c.lanes);
  detail::copy_sample_options(*o, c.options);
  return c;
}

// The same for a fetch message (texsim_fetch, texsim_fetch_addresses).
struct FetchCall {
  FetchLanes lanes;
  FetchOptions options;
  Results out;
};
std::optional<FetchCall> fetch_call(const texsim_fetch_lanes* lanes, const texsim_results* out,
                                    const texsim_fetch_options* options, Diagnostics& d) {
  const auto l = read(lanes, "lanes", d);
  const auto o = read(options, "options", d);
  if (!l || !o || !profile_ok(o->profile, d)) return std::nullopt;
  if (raw(o->sample_index) < TEXSIM_SAMPLE_INDEX_ZERO ||
      raw(o->sample_index) > TEXSIM_SAMPLE_INDEX_CLAMP) {
    bad_argument(d, "unknown sample index policy " + std::to_string(raw(o->sample_index)));
    return std::nullopt;
  }
  const auto res = results_of(out, l->count, d);
  if (!res) return std::nullopt;
  FetchCall c{{}, {}, *res};
  detail::copy_fetch_lanes(*l, c.lanes);
  detail::copy_fetch_options(*o, c.options);
  return c;
}

}  // namespace
}  // namespace texsim::capi

extern "C" {

texsim_status texsim_sample(const texsim_surface* surface, const texsim_sampler* sampler,
                            const texsim_sample_lanes* lanes, const texsim_results* out,
                            const texsim_sample_options* options, texsim_texel_kind* kind) {
  using namespace texsim::capi;
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || sampler == nullptr || lanes == nullptr || out == nullptr)
      return bad_argument(d, "surface, sampler, lanes and out must be set");
    const auto c = sample_call(sampler, lanes, out, options, d);
    if (!c) return TEXSIM_ERROR_INVALID_ARGUMENT;
    return finish(texsim::sample(surface->s, c->sampler, c->lanes, c->out, c->options, d), kind);
  });
}

texsim_status texsim_sample_addresses(const texsim_surface* surface, const texsim_sampler* sampler,
                                      const texsim_sample_lanes* lanes, const texsim_results* out,
                                      const texsim_sample_options* options,
                                      const texsim_placement* placement, uint32_t line_bytes,
                                      texsim_address_trace** trace, texsim_texel_kind* kind) {
  using namespace texsim::capi;
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || sampler == nullptr || lanes == nullptr || out == nullptr ||
        trace == nullptr)
      return bad_argument(d, "surface, sampler, lanes, out and trace must be set");
    *trace = nullptr;
    const auto c = sample_call(sampler, lanes, out, options, d);
    const auto p = placement_of(placement, d);
    if (!c || !p) return TEXSIM_ERROR_INVALID_ARGUMENT;
    texsim::AddressTrace t;
    const texsim_status st =
        finish(texsim::sample_addresses(surface->s, c->sampler, c->lanes, c->out, c->options, *p,
                                        line_bytes, t, d),
               kind);
    if (st != TEXSIM_OK) return st;
    *trace = trace_of(t);
    return TEXSIM_OK;
  });
}

texsim_status texsim_fetch_addresses(const texsim_surface* surface, const texsim_fetch_lanes* lanes,
                                     const texsim_results* out, const texsim_fetch_options* options,
                                     const texsim_placement* placement, uint32_t line_bytes,
                                     texsim_address_trace** trace, texsim_texel_kind* kind) {
  using namespace texsim::capi;
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || lanes == nullptr || out == nullptr || trace == nullptr)
      return bad_argument(d, "surface, lanes, out and trace must be set");
    *trace = nullptr;
    const auto c = fetch_call(lanes, out, options, d);
    const auto p = placement_of(placement, d);
    if (!c || !p) return TEXSIM_ERROR_INVALID_ARGUMENT;
    texsim::AddressTrace t;
    const texsim_status st = finish(
        texsim::fetch_addresses(surface->s, c->lanes, c->out, c->options, *p, line_bytes, t, d),
        kind);
    if (st != TEXSIM_OK) return st;
    *trace = trace_of(t);
    return TEXSIM_OK;
  });
}

void texsim_address_trace_destroy(texsim_address_trace* trace) {
  delete trace;
}

size_t texsim_address_trace_read_count(const texsim_address_trace* trace) {
  return trace == nullptr ? 0 : trace->reads.size();
}

const texsim_texel_address* texsim_address_trace_reads(const texsim_address_trace* trace) {
  return trace == nullptr || trace->reads.empty() ? nullptr : trace->reads.data();
}

size_t texsim_address_trace_lane_count(const texsim_address_trace* trace) {
  return trace == nullptr || trace->lane_offsets.empty() ? 0 : trace->lane_offsets.size() - 1;
}

const size_t* texsim_address_trace_lane_offsets(const texsim_address_trace* trace) {
  return trace == nullptr ? nullptr : trace->lane_offsets.data();
}

const size_t* texsim_address_trace_lane_line_offsets(const texsim_address_trace* trace) {
  return trace == nullptr ? nullptr : trace->lane_line_offsets.data();
}

const uint64_t* texsim_address_trace_lane_lines(const texsim_address_trace* trace) {
  return trace == nullptr || trace->lane_lines.empty() ? nullptr : trace->lane_lines.data();
}

size_t texsim_address_trace_line_count(const texsim_address_trace* trace) {
  return trace == nullptr ? 0 : trace->lines.size();
}

const uint64_t* texsim_address_trace_lines(const texsim_address_trace* trace) {
  return trace == nullptr || trace->lines.empty() ? nullptr : trace->lines.data();
}

texsim_status texsim_query(const texsim_surface* surface, const texsim_query_lanes* lanes,
                           const texsim_results* out, const texsim_query_options* options,
                           texsim_texel_kind* kind) {
  using namespace texsim::capi;
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || lanes == nullptr || out == nullptr)
      return bad_argument(d, "surface, lanes and out must be set");
    const auto l = read(lanes, "lanes", d);
    const auto o = read(options, "options", d);
    if (!l || !o) return TEXSIM_ERROR_INVALID_ARGUMENT;
    if (raw(l->op) < TEXSIM_QUERY_SIZE || raw(l->op) > TEXSIM_QUERY_SAMPLES)
      return bad_argument(d, "unknown query op " + std::to_string(raw(l->op)));
    if (!profile_ok(o->profile, d)) return TEXSIM_ERROR_INVALID_ARGUMENT;
    const auto res = results_of(out, l->count, d);
    if (!res) return TEXSIM_ERROR_INVALID_ARGUMENT;
    texsim::QueryLanes ql;
    texsim::detail::copy_query_lanes(*l, ql);
    texsim::QueryOptions qo;
    texsim::detail::copy_query_options(*o, qo);
    return finish(texsim::query(surface->s, ql, *res, qo, d), kind);
  });
}

texsim_status texsim_fetch(const texsim_surface* surface, const texsim_fetch_lanes* lanes,
                           const texsim_results* out, const texsim_fetch_options* options,
                           texsim_texel_kind* kind) {
  using namespace texsim::capi;
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || lanes == nullptr || out == nullptr)
      return bad_argument(d, "surface, lanes and out must be set");
    const auto c = fetch_call(lanes, out, options, d);
    if (!c) return TEXSIM_ERROR_INVALID_ARGUMENT;
    return finish(texsim::fetch(surface->s, c->lanes, c->out, c->options, d), kind);
  });
}

texsim_status texsim_sample_bounds(const texsim_surface* surface, const texsim_sampler* sampler,
                                   const texsim_sample_lanes* lanes, const texsim_results* lo,
                                   const texsim_results* hi, const texsim_bounds_options* options,
                                   texsim_texel_kind* kind) {
  using namespace texsim::capi;
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || sampler == nullptr || lanes == nullptr || lo == nullptr ||
        hi == nullptr)
      return bad_argument(d, "surface, sampler, lanes, lo and hi must be set");
    const auto l = read(lanes, "lanes", d);
    const auto o = read(options, "options", d);
    if (!l || !o) return TEXSIM_ERROR_INVALID_ARGUMENT;
    if (raw(l->op) < TEXSIM_OP_IMPLICIT || raw(l->op) > TEXSIM_OP_LOD_QUERY)
      return bad_argument(d, "unknown sample op " + std::to_string(raw(l->op)));
    const auto smp = sampler_of(sampler, d);
    const auto rlo = results_of(lo, l->count, d);
    const auto rhi = results_of(hi, l->count, d);
    if (!smp || !rlo || !rhi) return TEXSIM_ERROR_INVALID_ARGUMENT;
    texsim::SampleLanes sl;
    texsim::detail::copy_sample_lanes(*l, sl);
    texsim::BoundsOptions bo;
    texsim::detail::copy_bounds_options(*o, bo);
    return finish(texsim::sample_bounds(surface->s, *smp, sl, *rlo, *rhi, bo, d), kind);
  });
}

int texsim_within_bounds(texsim_texel_kind kind, uint32_t lo, uint32_t hi, uint32_t value) {
  if (raw(kind) < TEXSIM_KIND_FLOAT || raw(kind) > TEXSIM_KIND_UINT) return 0;
  return texsim::within_bounds(static_cast<texsim::TexelKind>(kind), lo, hi, value) ? 1 : 0;
}

}  // extern "C"
