// TXQ and TMML lowering: the header queries' components per texture type (D3D resinfo layout,
// NAK's txq use), the TSC entry and coordinates of TMML, its 8.8 fixed-point results. Never prints.
#include "isa/sass/lower_query.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>

#include "isa/sass/lower_sample.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/tsc.hpp"
#include "texunit/lod.hpp"

namespace texsim::isa::sass {

namespace {

std::string query_name(uint8_t q) {
  switch (q) {
    case kTxqDimension:
      return "TEX_HEADER_DIMENSION";
    case kTxqTextureType:
      return "TEX_HEADER_TEXTURE_TYPE";
    case kTxqSamplerPos:
      return "TEX_HEADER_SAMPLER_POS";
    case kTxqSamplerFilter:
      return "TEX_SAMPLER_FILTER";
    case kTxqSamplerLod:
      return "TEX_SAMPLER_LOD";
    case kTxqSamplerWrap:
      return "TEX_SAMPLER_WRAP";
    case kTxqSamplerBorder:
      return "TEX_SAMPLER_BORDER_COLOR";
    default:
      return "query " + std::to_string(q / 2);  // nvdisasm prints code/2 (decisions T27)
  }
}

// Why the components of a query with no documented result are undefined (decisions T62).
std::string silent_query_why(uint8_t q) {
  const std::string name = query_name(q);
  if (q == kTxqSamplerPos) {
    return name + " returns MSAA sample positions in a layout no public source documents";
  }
  if (q == kTxqSamplerFilter || q == kTxqSamplerLod || q == kTxqSamplerWrap ||
      q == kTxqSamplerBorder) {
    return name +
           " returns TSC fields in a packing no public source documents (nouveau, "
           "NAK, YUZU and Ryujinx never issue it; ptxas 11.8 compiles PTX txq sampler "
           "queries to loads from a driver table)";
  }
  return name + " has no documented meaning (SASS-TXQ-QUERY)";
}

// Signed fixed point with 8 fraction bits saturated to [lo, hi] (texunit::lod_to_fixed rounds
// to nearest even, maps NaN to 0 and saturates at +/-256 first).
int64_t fixed_8(float v, int64_t lo, int64_t hi) {
  return std::clamp(texunit::lod_to_fixed(v, 8), lo, hi);
}

}  // namespace

std::array<uint32_t, 4> header_dimension(const texunit::SurfaceDesc& d, uint32_t lod) {
  return texunit::size_query(d, lod);  // the texture unit's size query, shared with the API
}

uint32_t tmml_lod_bits(float lod) {
  return static_cast<uint32_t>(static_cast<int32_t>(fixed_8(lod, -32768, 32767)));
}

uint32_t tmml_level_bits(float level) {
  return static_cast<uint32_t>(fixed_8(level, 0, 65535));
}

void report_undefined_components(const Instruction& inst, const std::array<bool, 4>& defined,
                                 const std::string& why, core::DiagSink& sink) {
  std::string comps;
  for (unsigned c = 0; c < 4; ++c) {
    if (((inst.mask >> c) & 1u) != 0 && !defined[c]) comps += "RGBA"[c];
  }
  if (comps.empty()) return;
  sink.warning("SASS-EXEC-QUERY-UNDEFINED", exec_location(inst),
               "component(s) " + comps + " of this query are undefined: " + why,
               "decisions T62, T63");
}

QueryResult lower_txq(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                      const scene::Scene& scene, core::DiagSink& sink) {
  QueryResult out;
  BoundTexture b = bind_ref(inst, ref, scene, sink);
  out.what = std::move(b.what);
  if (b.outcome == Outcome::kMissingState) {
    out.missing_state = true;
    return out;
  }
  const uint8_t q = inst.query;
  const bool header_query = q == kTxqDimension || q == kTxqTextureType;
  if (!header_query) {
    out.defined = {false, false, false, false};
    out.what += ", " + query_name(q) + ": undefined";
    report_undefined_components(inst, out.defined, silent_query_why(q), sink);
    return out;
  }
  if (b.outcome == Outcome::kInvalidHeader) return out;  // an invalid texture: zeros (T5)
  const TextureHeader& h = b.header;
  std::vector<texunit::NullRegion> regions;
  const auto view = level_range_view(b.view, h.min_level, h.max_level - h.min_level + 1, regions);
  if (!view) {
    out.what += ": min_level " + std::to_string(h.min_level) + " is not a level of the surface";
    return out;  // zeros, as the sampling instructions (T42)
  }
  if (q == kTxqDimension) {
    const uint32_t lod = vector_register(regs, inst.ra, ref.ra_skip);
    out.value = header_dimension(view->desc, lod);
    out.what += ", dimension at lod " + std::to_string(lod);
    if (lod >= view->desc.mips) out.what += " (beyond the view's levels: extents 0)";
    return out;
  }
  // TEX_HEADER_TEXTURE_TYPE: B is the sample count (NAK build_txq_samples, Ryujinx EmitTxq).
  out.value[2] = view->desc.samples;
  out.defined = {false, false, true, false};
  out.what += ", texture type: samples " + std::to_string(view->desc.samples);
  report_undefined_components(inst, out.defined,
                              "TEX_HEADER_TEXTURE_TYPE's R, G and A are not documented (NAK and "
                              "Ryujinx read only B, the sample count)",
                              sink);
  return out;
}

LoweredLodQuery lower_tmml(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                           const scene::Scene& scene, core::DiagSink& sink) {
  LoweredLodQuery out;
  // The texture, the TSC entry samplerPtr (handle bits 31:20) narrowed to the TSC widths (T41),
  // the paramA/header match and the header's levels, as the sampling forms; a depth-compare
  // sampler is accepted (a LOD query compares nothing; decisions T59).
  LoweredSample ls;
  ls.bound = bind_ref(inst, ref, scene, sink);
  ls.what = ls.bound.what;
  if (ls.bound.outcome != Outcome::kRun) {
    out.what = std::move(ls.what);
    if (ls.bound.outcome == Outcome::kInvalidHeader) out.outcome = Outcome::kInvalidHeader;
    return out;
  }
  const bool ok = prepare_sample(inst, inst.param_a, std::nullopt, scene, sink, ls);
  out.what = std::move(ls.what);
  if (!ok) {
    // kMissingState, kZeros (paramA mismatch, no level) or kUndefined (the sampler index).
    out.outcome = ls.outcome;
    out.undefined = std::move(ls.undefined);
    return out;
  }
  out.sampler = ls.sampler;
  out.precision = ls.precision;
  out.regions = std::move(ls.regions);  // a vector move keeps the buffer ls.view points into
  out.view = ls.view;
  const ParamAInfo& pa = param_a_info(inst.param_a);
  // Ra: the array index first for array paramAs (ignored: the LOD does not depend on it), then
  // the coordinates as FP32, three for cubes (NAK nak_nir_lower_tex.c, YUZU
  // texture_mipmap_level.cpp).
  const unsigned first = ref.ra_skip + (pa.array ? 1u : 0u);
  for (unsigned k = 0; k < pa.coord_dims; ++k)
    out.coord[k] = std::bit_cast<float>(vector_register(regs, inst.ra, first + k));
  out.outcome = Outcome::kRun;
  char buf[120];
  std::snprintf(buf, sizeof buf, ", LOD query (lone-thread quad), coord (%.9g, %.9g, %.9g)",
                static_cast<double>(out.coord[0]), static_cast<double>(out.coord[1]),
                static_cast<double>(out.coord[2]));
  out.what += buf;
  return out;
}

}  // namespace texsim::isa::sass
