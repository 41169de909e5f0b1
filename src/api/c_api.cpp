// The C API (include/texsim/texsim.h), part 1: version, diagnostics, surfaces, samplers and
// lookups, each a thin wrapper over the C++ API behind guard().
#include "api/c_api.hpp"

#include <cstring>
#include <optional>

namespace texsim::capi {

ThreadState& state() {
  thread_local ThreadState s;
  return s;
}

texsim_status bad_argument(Diagnostics& d, const std::string& what) {
  Diagnostic x;
  x.rule = "LIB-ARG";
  x.message = what;
  x.citation = "texsim/texsim.h";
  x.text = "error[LIB-ARG]: " + what + " (texsim/texsim.h)";
  d.push_back(x);
  return TEXSIM_ERROR_INVALID_ARGUMENT;
}

}  // namespace texsim::capi

using texsim::capi::bad_argument;
using texsim::capi::guard;
using texsim::capi::raw;

extern "C" {

const char* texsim_version(void) {
  return texsim::version();
}

const char* texsim_status_name(texsim_status s) {
  switch (raw(s)) {
    case TEXSIM_OK:
      return "TEXSIM_OK";
    case TEXSIM_ERROR_INVALID_ARGUMENT:
      return "TEXSIM_ERROR_INVALID_ARGUMENT";
    case TEXSIM_ERROR_DIAGNOSTICS:
      return "TEXSIM_ERROR_DIAGNOSTICS";
    case TEXSIM_ERROR_NOT_FOUND:
      return "TEXSIM_ERROR_NOT_FOUND";
    case TEXSIM_ERROR_OUT_OF_MEMORY:
      return "TEXSIM_ERROR_OUT_OF_MEMORY";
    case TEXSIM_ERROR_INTERNAL:
      return "TEXSIM_ERROR_INTERNAL";
  }
  return "TEXSIM_STATUS_UNKNOWN";
}

const char* texsim_last_error(void) {
  auto& st = texsim::capi::state();
  if (st.last_error.empty()) {
    for (const auto& d : st.diags) st.last_error += d.text + "\n";
  }
  return st.last_error.c_str();
}

size_t texsim_diagnostic_count(void) {
  return texsim::capi::state().diags.size();
}

texsim_status texsim_diagnostic_get(size_t index, texsim_diagnostic* out) {
  const auto& diags = texsim::capi::state().diags;
  if (out == nullptr || index >= diags.size()) return TEXSIM_ERROR_INVALID_ARGUMENT;
  const texsim::Diagnostic& d = diags[index];
  out->severity = d.severity == texsim::Severity::kError     ? TEXSIM_ERROR
                  : d.severity == texsim::Severity::kWarning ? TEXSIM_WARNING
                                                             : TEXSIM_NOTE;
  out->rule = d.rule.c_str();
  out->file = d.file.c_str();
  out->line = d.line;
  out->column = d.column;
  out->is_binary = d.is_binary ? 1 : 0;
  out->offset = d.offset;
  out->has_bits = d.has_bits ? 1 : 0;
  out->bit_hi = d.bit_hi;
  out->bit_lo = d.bit_lo;
  out->message = d.message.c_str();
  out->citation = d.citation.c_str();
  out->text = d.text.c_str();
  return TEXSIM_OK;
}

texsim_surface_desc texsim_surface_desc_default(void) {
  return texsim_surface_desc{TEXSIM_SURFACE_2D, "R8G8B8A8_UNORM", 1, 1, 1, 1, 1, 1};
}

texsim_status texsim_surface_create(const texsim_surface_desc* desc, const void* bytes, size_t size,
                                    texsim_surface** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (desc == nullptr || out == nullptr) return bad_argument(d, "desc and out must be set");
    *out = nullptr;
    if (desc->format == nullptr) return bad_argument(d, "desc->format must be set");
    if (raw(desc->type) < TEXSIM_SURFACE_1D || raw(desc->type) > TEXSIM_SURFACE_CUBE_ARRAY)
      return bad_argument(d, "unknown surface type " + std::to_string(raw(desc->type)));
    if (bytes == nullptr && size != 0) return bad_argument(d, "bytes is NULL, size is not 0");
    texsim::SurfaceDesc sd;
    sd.type = static_cast<texsim::SurfaceType>(desc->type);
    sd.format = desc->format;
    sd.width = desc->width;
    sd.height = desc->height;
    sd.depth = desc->depth;
    sd.layers = desc->layers;
    sd.mips = desc->mips;
    sd.samples = desc->samples;
    std::optional<texsim::Surface> s =
        bytes == nullptr ? texsim::Surface::create(sd, d)
                         : texsim::Surface::from_memory(
                               sd, std::span(static_cast<const uint8_t*>(bytes), size), d);
    if (!s) return TEXSIM_ERROR_DIAGNOSTICS;
    *out = new texsim_surface{*s};
    return TEXSIM_OK;
  });
}

void texsim_surface_destroy(texsim_surface* surface) {
  delete surface;
}

uint64_t texsim_surface_size(const texsim_surface* surface) {
  return surface == nullptr ? 0 : surface->s.size_bytes();
}

texsim_status texsim_surface_write(texsim_surface* surface, uint64_t offset, const void* bytes,
                                   size_t size) {
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || (bytes == nullptr && size != 0))
      return bad_argument(d, "surface and bytes must be set");
    const std::span<uint8_t> dst = surface->s.mutable_bytes();
    if (dst.empty() && surface->s.size_bytes() != 0)
      return bad_argument(d, "the surface belongs to a scene and is read-only");
    if (offset > dst.size() || size > dst.size() - offset)
      return bad_argument(d, "bytes [" + std::to_string(offset) + ", +" + std::to_string(size) +
                                 ") lie outside the surface's " + std::to_string(dst.size()));
    if (size != 0) std::memcpy(dst.data() + offset, bytes, size);
    return TEXSIM_OK;
  });
}

texsim_status texsim_surface_level(const texsim_surface* surface, uint32_t level, uint64_t* offset,
                                   uint64_t* row_pitch) {
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr) return bad_argument(d, "surface must be set");
    if (level >= surface->s.desc().mips)
      return bad_argument(d, "level " + std::to_string(level) + " is beyond the surface's mips");
    const texsim::LevelLayout l = surface->s.level_layout(level);
    if (offset != nullptr) *offset = l.offset;
    if (row_pitch != nullptr) *row_pitch = l.row_pitch;
    return TEXSIM_OK;
  });
}

texsim_sampler texsim_sampler_default(void) {
  texsim_sampler s;
  std::memset(&s, 0, sizeof s);
  s.min_filter = s.mag_filter = TEXSIM_FILTER_LINEAR;
  s.mip_filter = TEXSIM_MIP_POINT;
  s.max_anisotropy = 1;
  s.address[0] = s.address[1] = s.address[2] = TEXSIM_ADDRESS_CLAMP;
  s.max_lod = 1000.0f;
  s.compare = TEXSIM_COMPARE_NONE;
  s.normalized_coords = 1;
  s.srgb_decode = 1;
  s.reduction = TEXSIM_REDUCTION_AVERAGE;
  return s;
}

texsim_sample_options texsim_sample_options_default(void) {
  return texsim_sample_options{TEXSIM_PROFILE_D3D, 1, 8, 0, 1};
}

}  // extern "C"

namespace {

template <typename T>
std::span<const T> lanes_of(const T* p, size_t n) {
  return p == nullptr ? std::span<const T>() : std::span<const T>(p, n);
}

std::optional<texsim::Sampler> sampler_of(const texsim_sampler& c, texsim::Diagnostics& d) {
  auto in = [](int v, int lo, int hi) { return v >= lo && v <= hi; };
  bool ok = in(raw(c.min_filter), 0, 1) && in(raw(c.mag_filter), 0, 1) &&
            in(raw(c.mip_filter), 0, 2) && in(raw(c.compare), -1, 7) && in(raw(c.reduction), 0, 2);
  for (int k = 0; k < 3; ++k) ok = ok && in(raw(c.address[k]), 0, 4);
  if (!ok) {
    bad_argument(d, "the sampler holds an enum value out of range");
    return std::nullopt;
  }
  texsim::Sampler s;
  s.min_filter = static_cast<texsim::Filter>(c.min_filter);
  s.mag_filter = static_cast<texsim::Filter>(c.mag_filter);
  s.mip_filter = static_cast<texsim::MipFilter>(c.mip_filter);
  s.max_anisotropy = c.max_anisotropy;
  for (size_t k = 0; k < 3; ++k) s.address[k] = static_cast<texsim::AddressMode>(c.address[k]);
  for (size_t k = 0; k < 4; ++k) {
    s.border_color[k] = c.border_color[k];
    s.border_color_int[k] = c.border_color_int[k];
  }
  s.lod_bias = c.lod_bias;
  s.min_lod = c.min_lod;
  s.max_lod = c.max_lod;
  if (c.compare != TEXSIM_COMPARE_NONE) s.compare = static_cast<texsim::CompareFunc>(c.compare);
  s.normalized_coords = c.normalized_coords != 0;
  s.srgb_decode = c.srgb_decode != 0;
  s.reduction = static_cast<texsim::Reduction>(c.reduction);
  return s;
}

texsim::Results results_of(const texsim_results& o, size_t n) {
  auto sp = [n](uint32_t* p) { return p == nullptr ? std::span<uint32_t>() : std::span(p, n); };
  return {sp(o.r), sp(o.g), sp(o.b), sp(o.a),
          o.flags == nullptr ? std::span<uint8_t>() : std::span(o.flags, n)};
}

}  // namespace

texsim_sampler texsim_sampler_from(const texsim::Sampler& s);  // c_api_scene.cpp

extern "C" {

texsim_status texsim_sample(const texsim_surface* surface, const texsim_sampler* sampler,
                            const texsim_sample_lanes* lanes, const texsim_results* out,
                            const texsim_sample_options* options, texsim_texel_kind* kind) {
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || sampler == nullptr || lanes == nullptr || out == nullptr)
      return bad_argument(d, "surface, sampler, lanes and out must be set");
    if (raw(lanes->op) < TEXSIM_OP_IMPLICIT || raw(lanes->op) > TEXSIM_OP_LOD_QUERY)
      return bad_argument(d, "unknown sample op " + std::to_string(raw(lanes->op)));
    const texsim_sample_options o = options ? *options : texsim_sample_options_default();
    if (raw(o.profile) < TEXSIM_PROFILE_D3D || raw(o.profile) > TEXSIM_PROFILE_NVIDIA)
      return bad_argument(d, "unknown profile " + std::to_string(raw(o.profile)));
    const auto smp = sampler_of(*sampler, d);
    if (!smp) return TEXSIM_ERROR_INVALID_ARGUMENT;
    const size_t n = lanes->count;
    texsim::SampleLanes l;
    l.count = n;
    l.op = static_cast<texsim::SampleOp>(lanes->op);
    l.u = lanes_of(lanes->u, n), l.v = lanes_of(lanes->v, n), l.w = lanes_of(lanes->w, n);
    l.array_index = lanes_of(lanes->array_index, n);
    l.lod = lanes_of(lanes->lod, n);
    l.ddx_u = lanes_of(lanes->ddx_u, n), l.ddx_v = lanes_of(lanes->ddx_v, n);
    l.ddx_w = lanes_of(lanes->ddx_w, n), l.ddy_u = lanes_of(lanes->ddy_u, n);
    l.ddy_v = lanes_of(lanes->ddy_v, n), l.ddy_w = lanes_of(lanes->ddy_w, n);
    l.reference = lanes_of(lanes->reference, n);
    l.offset = {lanes->offset[0], lanes->offset[1], lanes->offset[2]};
    l.offset_x = lanes_of(lanes->offset_x, n), l.offset_y = lanes_of(lanes->offset_y, n);
    l.offset_z = lanes_of(lanes->offset_z, n);
    l.gather_component = lanes->gather_component;
    l.active = lanes_of(lanes->active, n);
    texsim::SampleOptions so;
    so.profile = static_cast<texsim::Profile>(o.profile);
    so.lavapipe_groups = o.lavapipe_groups != 0;
    so.lavapipe_group_lanes = o.lavapipe_group_lanes;
    so.derivatives_from_quads = o.derivatives_from_quads != 0;
    so.threads = o.threads;
    const auto st = texsim::sample(surface->s, *smp, l, results_of(*out, n), so, d);
    if (!st.ok) return TEXSIM_ERROR_DIAGNOSTICS;
    if (kind != nullptr) *kind = static_cast<texsim_texel_kind>(st.kind);
    return TEXSIM_OK;
  });
}

texsim_status texsim_fetch(const texsim_surface* surface, const texsim_fetch_lanes* lanes,
                           const texsim_results* out, texsim_profile profile,
                           texsim_texel_kind* kind) {
  return guard([&](texsim::Diagnostics& d) {
    if (surface == nullptr || lanes == nullptr || out == nullptr)
      return bad_argument(d, "surface, lanes and out must be set");
    if (raw(profile) < TEXSIM_PROFILE_D3D || raw(profile) > TEXSIM_PROFILE_NVIDIA)
      return bad_argument(d, "unknown profile " + std::to_string(raw(profile)));
    const size_t n = lanes->count;
    texsim::FetchLanes l;
    l.count = n;
    l.x = lanes_of(lanes->x, n), l.y = lanes_of(lanes->y, n), l.z = lanes_of(lanes->z, n);
    l.slice = lanes_of(lanes->slice, n), l.level = lanes_of(lanes->level, n);
    l.sample = lanes_of(lanes->sample, n);
    l.offset = {lanes->offset[0], lanes->offset[1], lanes->offset[2]};
    l.offset_x = lanes_of(lanes->offset_x, n), l.offset_y = lanes_of(lanes->offset_y, n);
    l.offset_z = lanes_of(lanes->offset_z, n);
    l.mcs = lanes_of(lanes->mcs, n);
    l.active = lanes_of(lanes->active, n);
    texsim::FetchOptions fo;
    fo.profile = static_cast<texsim::Profile>(profile);
    const auto st = texsim::fetch(surface->s, l, results_of(*out, n), fo, d);
    if (!st.ok) return TEXSIM_ERROR_DIAGNOSTICS;
    if (kind != nullptr) *kind = static_cast<texsim_texel_kind>(st.kind);
    return TEXSIM_OK;
  });
}

}  // extern "C"
