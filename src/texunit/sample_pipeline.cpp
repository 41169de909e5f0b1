// Orchestration of one sample lane (sample_pipeline.hpp): array slice, cube projection, range
// reduction, LOD, mip and filter choice, per-level footprints, texel reads, compare, combine.
// The stages live in address, lod, filter and cube; texel memory is read only through fetch.
#include "texunit/sample_pipeline.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <string_view>

#include "core/convert.hpp"
#include "texunit/address.hpp"
#include "texunit/cube.hpp"
#include "texunit/fetch.hpp"
#include "texunit/filter.hpp"
#include "texunit/lod.hpp"

namespace texsim::texunit {

namespace {

// The format sampled when sRGB decoding is off: the UNORM twin of an *_SRGB format.
Format sampled_format(Format f, bool srgb_decode) {
  if (srgb_decode) return f;
  const FormatInfo& info = format_info(f);
  constexpr std::string_view kSuffix = "_SRGB";
  if (!info.name.ends_with(kSuffix)) return f;
  const auto twin = format_from_name(info.name.substr(0, info.name.size() - kSuffix.size()));
  return twin ? *twin : f;
}

// §22.4.15: round to nearest even, then clamp to the available range (NaN -> 0, §3.2.4.1).
uint32_t array_layer(float index, uint32_t layers) {
  const int64_t r = core::float_to_fixed(index, 33, 0);
  return static_cast<uint32_t>(std::clamp<int64_t>(r, 0, int64_t{layers} - 1));
}

// Everything that stays fixed while the footprints of one lane are read.
struct Lane {
  const SurfaceView* view_ptr = nullptr;  // the caller's view, or `relabelled`
  SurfaceView relabelled;                 // a copy with the sRGB twin's format (rare path)
  const FormatInfo* info = nullptr;
  const SamplerState* sampler = nullptr;
  const PrecisionProfile* precision = nullptr;
  unsigned dims = 2;  // axes addressed per level (cube faces: 2)
  bool cube = false;
  uint32_t face = 0;
  uint32_t slice_base = 0;  // array slice, or 6 * cube index
  bool normalized = true;
  std::array<AddressMode, 3> modes{};
  Texel border;
  bool border_ready = false;
  bool compare = false;
  float reference = 0.0f;  // quantized
  std::array<int32_t, 3> offset{};
  bool null_tile = false;

  const SurfaceView& view() const { return *view_ptr; }

  std::array<uint32_t, 3> extent(uint32_t level) const {
    const SurfaceDesc& d = view_ptr->desc;
    return {mip_extent(d.width, level), mip_extent(d.height, level), mip_extent(d.depth, level)};
  }

  const Texel& border_value() {
    if (!border_ready) {
      border = border_texel(*sampler, view_ptr->desc.format);
      border_ready = true;
    }
    return border;
  }
};

// One tap after addressing: a texel read, the border colour, or a missing cube corner.
struct TapRead {
  Texel texel;
  bool missing = false;
  bool read = false;
};

// Reads the taps of `fp` at `level`. Taps of weight 0 are not read unless `read_all` is set or
// a missing cube corner with non-zero weight needs its three neighbours. Null tiles are noted
// for every tap that is read.
std::array<TapRead, 8> read_footprint(Lane& lane, uint32_t level, const Footprint& fp,
                                      bool read_all) {
  std::array<TapRead, 8> out{};
  const auto ext = lane.extent(level);
  struct Addr {
    bool border = false;
    bool missing = false;
    uint32_t slice = 0;
    std::array<uint32_t, 3> xyz{};
  };
  std::array<Addr, 8> addr{};
  bool need_all = read_all;
  for (unsigned i = 0; i < fp.count; ++i) {
    const Tap& t = fp.taps[i];
    Addr& a = addr[i];
    if (lane.cube) {
      const CubeTexel ct = cube_resolve_texel(lane.face, t.xyz[0], t.xyz[1], ext[0]);
      a.missing = ct.missing;
      a.slice = lane.slice_base + ct.face;
      a.xyz = {ct.x, ct.y, 0};
      if (a.missing && t.weight != 0.0f) need_all = true;
      continue;
    }
    a.slice = lane.slice_base;
    for (unsigned ax = 0; ax < lane.dims; ++ax) {
      // §7.18.9: if any single axis selects the border, the border colour is used.
      const auto r = apply_address_mode(t.xyz[ax], ext[ax], lane.modes[ax]);
      if (!r) {
        a.border = true;
        break;
      }
      a.xyz[ax] = *r;
    }
  }
  for (unsigned i = 0; i < fp.count; ++i) {
    if (!need_all && fp.taps[i].weight == 0.0f) continue;
    const Addr& a = addr[i];
    TapRead& r = out[i];
    r.read = true;
    if (a.missing) {
      r.missing = true;
    } else if (a.border) {
      r.texel = lane.border_value();
    } else {
      FetchRequest fr;
      fr.coord = a.xyz;
      fr.slice = a.slice;
      fr.level = level;
      const FetchResult res = fetch_texel(lane.view(), fr);
      r.texel = res.texel;
      lane.null_tile = lane.null_tile || res.null_tile;
    }
  }
  return out;
}

// §7.18.12: the missing corner's weight is shared equally by the other three taps.
void share_missing_weight(std::array<WeightedTexel, 8>& v, const std::array<TapRead, 8>& reads,
                          unsigned count) {
  for (unsigned m = 0; m < count; ++m) {
    if (!reads[m].missing) continue;
    const float share = v[m].weight / 3.0f;
    v[m].weight = 0.0f;
    for (unsigned i = 0; i < count; ++i) {
      if (i != m) v[i].weight = v[i].weight + share;
    }
  }
}

// Filters one level at normalized (or texel-space) coordinates `uvw`.
Texel filter_level(Lane& lane, uint32_t level, const std::array<float, 3>& uvw, bool linear) {
  const auto ext = lane.extent(level);
  std::array<AxisSample, 3> axes{};
  for (unsigned a = 0; a < lane.dims; ++a) {
    const float scale = lane.normalized ? static_cast<float>(ext[a]) : 1.0f;
    axes[a] = linear ? linear_axis(uvw[a], scale, lane.offset[a], *lane.precision)
                     : point_axis(uvw[a], scale, lane.offset[a], *lane.precision);
    if (lane.cube && !linear) {
      // Point sampling on a cube stays on the selected face (u == 1.0 would address texel n).
      axes[a].texel = std::clamp<int64_t>(axes[a].texel, 0, int64_t{ext[a]} - 1);
    }
  }
  const Footprint fp = make_footprint(std::span(axes.data(), lane.dims), linear);
  const auto reads = read_footprint(lane, level, fp, false);
  std::array<WeightedTexel, 8> values{};
  for (unsigned i = 0; i < fp.count; ++i) {
    values[i].weight = fp.taps[i].weight;
    if (!reads[i].read || reads[i].missing) continue;
    if (lane.compare) {
      // §22.4.19: compare at every tap, then filter the 0/1 results.
      const float c = compare_passes(*lane.sampler->compare, lane.reference, reads[i].texel.f(0));
      values[i].texel = Texel::from_float(c, c, c, c);
    } else {
      values[i].texel = reads[i].texel;
    }
  }
  share_missing_weight(values, reads, fp.count);
  return combine(std::span(values.data(), fp.count), lane.sampler->reduction, linear);
}

// Filters all selected levels at one position and blends them.
Texel filter_mips(Lane& lane, const MipSelection& mips, const std::array<float, 3>& uvw,
                  bool linear) {
  const Texel a = filter_level(lane, mips.level0, uvw, linear);
  if (mips.weight1 == 0.0f) return a;
  const Texel b = filter_level(lane, mips.level1, uvw, linear);
  return blend_levels(a, b, mips.weight1, lane.sampler->reduction);
}

Texel gather(Lane& lane, const std::array<float, 3>& uvw, uint8_t component) {
  const auto ext = lane.extent(0);
  std::array<AxisSample, 2> axes{};
  const float sx = lane.normalized ? static_cast<float>(ext[0]) : 1.0f;
  axes[0] = linear_axis(uvw[0], sx, lane.offset[0], *lane.precision);
  if (lane.dims >= 2) {
    const float sy = lane.normalized ? static_cast<float>(ext[1]) : 1.0f;
    axes[1] = linear_axis(uvw[1], sy, lane.offset[1], *lane.precision);
  }
  Footprint fp = make_footprint(std::span(axes.data(), 2), true);
  if (lane.dims == 1) {
    for (unsigned i = 0; i < fp.count; ++i) fp.taps[i].xyz[1] = 0;  // a 1D row: both rows 0
  }
  if (lane.dims == 3) {
    const float sz = lane.normalized ? static_cast<float>(ext[2]) : 1.0f;
    const AxisSample z = point_axis(uvw[2], sz, lane.offset[2], *lane.precision);
    for (unsigned i = 0; i < fp.count; ++i) fp.taps[i].xyz[2] = z.texel;
  }
  const unsigned saved_dims = lane.dims;
  if (lane.dims == 1) lane.dims = 2, lane.modes[1] = AddressMode::kClamp;
  const auto reads = read_footprint(lane, 0, fp, true);
  lane.dims = saved_dims;
  const unsigned c = component & 3u;
  Texel out;
  out.kind = lane.compare ? TexelKind::kFloat : lane.info->result_kind;
  std::array<uint32_t, 4> vals{};
  int missing = -1;
  for (unsigned i = 0; i < 4; ++i) {
    if (reads[i].missing) {
      missing = static_cast<int>(i);
      continue;
    }
    if (lane.compare) {
      vals[i] = std::bit_cast<uint32_t>(
          compare_passes(*lane.sampler->compare, lane.reference, reads[i].texel.f(0)));
    } else {
      vals[i] = reads[i].texel.bits[c];
    }
  }
  if (missing >= 0) {
    // §7.18.12: the missing corner is synthesized as the mean of the other three.
    if (out.kind == TexelKind::kFloat) {
      // Arithmetic, so the §3.1.3.2 flush applies (§22.4.2: for the synthesized texel "denorms
      // could be flushed"); the three real texels keep their bits.
      float sum = 0.0f;
      for (unsigned i = 0; i < 4; ++i) {
        if (static_cast<int>(i) != missing)
          sum = flush_denormal(sum + flush_denormal(std::bit_cast<float>(vals[i])));
      }
      vals[static_cast<unsigned>(missing)] = std::bit_cast<uint32_t>(flush_denormal(sum / 3.0f));
    } else {
      int64_t sum = 0;
      for (unsigned i = 0; i < 4; ++i) {
        if (static_cast<int>(i) == missing) continue;
        sum += out.kind == TexelKind::kSint ? int64_t{static_cast<int32_t>(vals[i])}
                                            : int64_t{vals[i]};
      }
      vals[static_cast<unsigned>(missing)] = static_cast<uint32_t>(sum / 3);
    }
  }
  for (unsigned k = 0; k < 4; ++k) out.bits[k] = vals[kGatherOrder[k]];
  return out;
}

bool uses_derivatives(SampleOp op) {
  return op == SampleOp::kImplicit || op == SampleOp::kBias || op == SampleOp::kGrad ||
         op == SampleOp::kLodQuery;
}

// The lane's fixed state: the format sampled (the UNORM twin when sRGB decoding is off), the
// address modes (§7.18.6, unnormalized coordinates clamp), the quantized compare reference and
// the array slice (§22.4.15). `lane` is filled in place: its view may point at its own copy.
void init_lane(Lane& lane, const SurfaceView& view, const SamplerState& sampler,
               const SampleRequest& req, const PrecisionProfile& precision) {
  lane.view_ptr = &view;
  const Format format = sampled_format(view.desc.format, sampler.srgb_decode);
  if (format != view.desc.format) {
    lane.relabelled = view;
    lane.relabelled.desc.format = format;
    lane.view_ptr = &lane.relabelled;
  }
  lane.info = &format_info(format);
  lane.sampler = &sampler;
  lane.precision = &precision;
  const SurfaceDesc& d = lane.view().desc;
  lane.cube = d.type == SurfaceType::kCube || d.type == SurfaceType::kCubeArray;
  lane.dims = d.coord_dims();
  lane.normalized = sampler.normalized_coords;
  lane.offset = req.offset;
  lane.compare = sampler.compare.has_value() && !lane.info->is_integer();
  if (lane.compare) lane.reference = quantize_reference(req.reference, d.format);
  for (size_t a = 0; a < 3; ++a) {
    lane.modes[a] = lane.normalized ? sampler.address[a] : unnormalized_mode(sampler.address[a]);
  }
  if (d.is_array()) {
    const uint32_t layer = array_layer(req.array_index, d.layers);
    lane.slice_base = lane.cube ? 6 * layer : layer;
  }
}

// Coordinates in the addressed space and their derivatives (normalized units).
struct AddressedCoords {
  std::array<float, 3> uvw{};
  Vec3 ddx{}, ddy{};
  bool derivs = false;  // the op takes its LOD from derivatives (normalized coordinates only)
};

// Cubes: the face and its (s, t) with projected derivatives (§7.18.12); other types: range
// reduction per addressed axis (§7.18.6).
AddressedCoords address_coords(Lane& lane, const SampleRequest& req) {
  AddressedCoords c;
  c.derivs = uses_derivatives(req.op) && lane.normalized;
  if (lane.cube) {
    // §22.4.15: offsets are undefined for cubes; they are ignored.
    lane.offset = {0, 0, 0};
    const CubeCoord cc = cube_coord(req.coord);
    lane.face = cc.face;
    c.uvw = {cc.s, cc.t, 0.0f};
    if (c.derivs) {
      const auto px = cube_project_derivative(req.coord, req.ddx, cc.face);
      const auto py = cube_project_derivative(req.coord, req.ddy, cc.face);
      c.ddx = {px[0], px[1], 0.0f};
      c.ddy = {py[0], py[1], 0.0f};
    }
    return c;
  }
  for (unsigned a = 0; a < lane.dims; ++a) {
    c.uvw[a] = lane.normalized ? reduce_range(req.coord[a], lane.modes[a])
                               : reduce_range_texels(req.coord[a], lane.extent(0)[a]);
    c.ddx[a] = req.ddx[a];
    c.ddy[a] = req.ddy[a];
  }
  return c;
}

// The LOD before bias (§7.18.11): explicit, 0, or from the texel-space derivatives (level-0
// extent of each addressed axis), isotropic or from the anisotropic footprint.
struct LaneLod {
  float lod = 0.0f;
  bool aniso_capable = false;  // max_anisotropy > 1 on a 2D footprint from derivatives
  AnisoFootprint aniso;
};

LaneLod lane_lod(const Lane& lane, const SampleRequest& req, const AddressedCoords& c) {
  const auto ext0 = lane.extent(0);
  Vec3 tdx{}, tdy{};
  for (unsigned a = 0; a < lane.dims; ++a) {
    tdx[a] = c.ddx[a] * static_cast<float>(ext0[a]);
    tdy[a] = c.ddy[a] * static_cast<float>(ext0[a]);
  }
  LaneLod l;
  l.aniso_capable = lane.sampler->max_anisotropy > 1.0f && lane.dims == 2 && c.derivs;
  switch (req.op) {
    case SampleOp::kLevel:
      l.lod = req.lod;
      break;
    case SampleOp::kLevelZero:
      l.lod = 0.0f;
      break;
    default:
      if (l.aniso_capable) {
        l.aniso = anisotropic_footprint(tdx, tdy, lane.sampler->max_anisotropy);
        l.lod = l.aniso.lod;
      } else {
        l.lod = isotropic_lod(tdx, tdy);
      }
      break;
  }
  return l;
}

// §22.5.6 / D3D `lod`: (ClampedLOD, NonClampedLOD, 0, 0). Clamped: what the sample would use
// (sampler clamp, then the resource's level range); non-clamped: with the sampler bias.
Texel lod_query_texel(const Lane& lane, float biased, float clamped, uint32_t mip_count) {
  float in_range = std::fmax(0.0f, std::fmin(static_cast<float>(mip_count - 1), clamped));
  if (!lane.normalized) in_range = 0.0f;
  const float unclamped = lane.normalized ? biased : 0.0f;
  return Texel::from_float(quantize_lod(in_range, *lane.precision),
                           quantize_lod(unclamped, *lane.precision), 0.0f, 0.0f);
}

// Anisotropic footprint: `probes` equally weighted probes spaced evenly along the major axis
// across its length (t_k = (2k+1)/(2N) - 0.5 of the major vector), each filtered at the
// anisotropic LOD; summed in order, then divided by N.
Texel filter_aniso(Lane& lane, const MipSelection& mips, const std::array<float, 3>& uvw,
                   const AnisoFootprint& aniso) {
  const auto ext0 = lane.extent(0);
  std::array<float, 4> sum{};
  const unsigned n = aniso.probes;
  for (unsigned k = 0; k < n; ++k) {
    const float tk = static_cast<float>(2 * k + 1) / static_cast<float>(2 * n) - 0.5f;
    std::array<float, 3> p = uvw;
    for (unsigned a = 0; a < 2; ++a) {
      p[a] = uvw[a] + (aniso.major[a] * tk) / static_cast<float>(ext0[a]);
    }
    const Texel t = filter_mips(lane, mips, p, true);
    // §3.1.3.2: filter arithmetic flushes denormals (the probes are already flushed).
    for (size_t c = 0; c < 4; ++c)
      sum[c] =
          k == 0 ? t.f(static_cast<int>(c)) : flush_denormal(sum[c] + t.f(static_cast<int>(c)));
  }
  const float fn = static_cast<float>(n);
  return Texel::from_float(flush_denormal(sum[0] / fn), flush_denormal(sum[1] / fn),
                           flush_denormal(sum[2] / fn), flush_denormal(sum[3] / fn));
}

}  // namespace

SampleResult sample_pipeline(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req, const PrecisionProfile& precision) {
  Lane lane;
  init_lane(lane, view, sampler, req, precision);
  const SurfaceDesc& d = lane.view().desc;
  const bool integer = lane.info->is_integer();
  const AddressedCoords coords = address_coords(lane, req);

  SampleResult result;
  if (req.op == SampleOp::kGather) {
    result.texel = gather(lane, coords.uvw, req.gather_component);
    result.null_tile = lane.null_tile;
    return result;
  }

  const LaneLod ll = lane_lod(lane, req, coords);
  const float biased =
      bias_lod(ll.lod, sampler.lod_bias,
               req.op == SampleOp::kBias ? std::optional<float>(req.lod) : std::nullopt);
  const float clamped = clamp_lod(biased, sampler.min_lod, sampler.max_lod);
  const uint32_t mip_count = lane.normalized ? std::max(1u, d.mips) : 1u;
  if (req.op == SampleOp::kLodQuery) {
    result.texel = lod_query_texel(lane, biased, clamped, mip_count);
    return result;
  }

  MipSelection mips;
  bool linear = false;
  if (!lane.normalized) {
    // Unnormalized coordinates: level 0, LOD 0, i.e. the magnification filter.
    mips.magnify = true;
    linear = sampler.mag_filter == Filter::kLinear;
  } else {
    MipFilter mf = sampler.mip_filter;
    if (integer && mf == MipFilter::kLinear) mf = MipFilter::kPoint;
    mips = select_mips(clamped, mf, mip_count, precision);
    // §7.18.11: minification vs magnification is chosen after the clamp.
    linear = (mips.magnify ? sampler.mag_filter : sampler.min_filter) == Filter::kLinear;
  }
  if (integer) linear = false;  // integer formats: point sampling only, values unconverted

  const bool use_aniso = ll.aniso_capable && !mips.magnify && !integer && ll.aniso.probes > 1;
  result.texel = use_aniso ? filter_aniso(lane, mips, coords.uvw, ll.aniso)
                           : filter_mips(lane, mips, coords.uvw, linear);
  result.null_tile = lane.null_tile;
  return result;
}

}  // namespace texsim::texunit
