// Mesa 22.3 lavapipe sampling arithmetic (gallivm lp_bld_sample{,_soa,_aos}.c), one lane at a
// time, float operations in the driver's order (fma where it emits llvm.fmuladd on AVX2).
// Depends on fetch/format/surface; the texel addressing and decode are theirs, not duplicated.
#include "texunit/sample_lavapipe.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "texunit/fetch.hpp"
#include "texunit/format.hpp"

namespace texsim::texunit {
namespace {

constexpr int32_t kIntIndefinite = std::numeric_limits<int32_t>::min();  // cvt*ps2dq overflow
constexpr float kPipeMaxLodClamp = 15.0f;  // PIPE_MAX_TEXTURE_LEVELS - 1: apply_max_lod below

// x86 conversions as LLVM emits them on SSE4.1/AVX2: out of range or NaN -> 0x80000000.
int32_t cvt_trunc(float x) {
  if (!(x > -2147483904.0f && x < 2147483648.0f)) return kIntIndefinite;
  return static_cast<int32_t>(x);
}
int32_t cvt_floor(float x) { return cvt_trunc(std::floor(x)); }
int32_t cvt_round(float x) { return cvt_trunc(std::nearbyint(x)); }  // RNE (MXCSR default)

float fract(float x) { return x - std::floor(x); }
float fract_safe(float x) { return std::min(fract(x), 0x1.fffffep-1f); }

// lp_build_coord_mirror: 2 * (x/2 - round(x/2)), optionally |.| and NaN -> 0.
float coord_mirror(float x, bool pos_only) {
  x = x * 0.5f;
  const float f = x - std::nearbyint(x);
  x = f + f;
  if (pos_only) {
    x = std::fabs(x);
    if (!(x >= 0.0f)) x = 0.0f;
  }
  return x;
}

// One lane's view of the surface for lavapipe: format facts and texel reads.
struct Surf {
  const SurfaceView& view;
  const FormatInfo& fi;
  SurfaceType type;
  unsigned dims;  // 2 or 3 (array layers and cube faces are not dimensions)
};

bool is_pot(uint32_t v) { return v != 0 && (v & (v - 1)) == 0; }

}  // namespace

Texel lavapipe_decode(Format f, const uint8_t* texel) {
  const FormatInfo& fi = format_info(f);
  const Texel exact = decode_texel(f, texel);
  if (fi.is_compressed() || fi.result_kind != TexelKind::kFloat) return exact;
  Texel out = exact;
  uint64_t lo = 0, hi = 0;
  const unsigned n = fi.bytes_per_block;
  std::memcpy(&lo, texel, std::min(n, 8u));
  if (n > 8) std::memcpy(&hi, texel + 8, n - 8);
  auto bits_at = [&](unsigned off, unsigned width) -> uint64_t {
    uint64_t v = off >= 64 ? hi >> (off - 64) : (lo >> off) | (off == 0 ? 0 : (hi << (64 - off)));
    return width >= 64 ? v : v & ((uint64_t{1} << width) - 1);
  };
  for (int c = 0; c < 4; ++c) {
    const ChannelLayout& ch = fi.channels[c];
    if (ch.bits == 0 || ch.bits > 32) continue;
    const uint64_t k = bits_at(ch.offset, ch.bits);
    float v;
    switch (ch.kind) {
      case ChannelKind::kUnorm: {
        // lp_build_unsigned_norm_to_float: SIToFP(k) * float(1 / (2^n - 1)).
        const auto scale = static_cast<float>(1.0 / static_cast<double>((uint64_t{1} << ch.bits) - 1));
        v = static_cast<float>(k) * scale;
        break;
      }
      case ChannelKind::kSnorm: {
        const int64_t s = static_cast<int64_t>(k << (64 - ch.bits)) >> (64 - ch.bits);
        const auto scale = static_cast<float>(1.0 / static_cast<double>((uint64_t{1} << (ch.bits - 1)) - 1));
        v = std::max(static_cast<float>(s) * scale, -1.0f);  // measured: -128 -> -1.0
        break;
      }
      case ChannelKind::kSrgb: {
        // lp_build_srgb_to_linear: k <= 15 -> k / (12.6 * 255); else a cubic in k (fma Horner,
        // even/odd split as lp_build_polynomial builds it).
        const float x = static_cast<float>(k);
        if (x <= 15.0f) {
          const float lin = 1.0f / (12.6f * 255.0f);
          v = x * lin;
        } else {
          const float c0 = 0.0023f;
          const float c1 = 0.0030f / 255.0f;
          const float c2 = 0.6935f / (255.0f * 255.0f);
          const float c3 = 0.3012f / (255.0f * 255.0f * 255.0f);
          const float x2 = x * x;
          const float even = std::fma(x2, c2, c0);
          const float odd = std::fma(x2, c3, c1);
          v = std::fma(odd, x, even);
        }
        break;
      }
      default:
        continue;  // floats etc.: exact decode
    }
    out.bits[c] = std::bit_cast<uint32_t>(v);
  }
  return out;
}

FetchResult fetch_texel_lavapipe(const SurfaceView& view, const FetchRequest& in) {
  // Measured: on an array image with a single layer, texelFetch ignores the layer coordinate
  // (lavapipe's texture is then a plain 2D one), where D3D ld would return zeros.
  FetchRequest req = in;
  if (view.desc.is_array() && view.desc.type != SurfaceType::k3D && view.desc.slices() == 1)
    req.slice = 0;
  FetchResult r = fetch_texel(view, req);
  if (!r.in_bounds || r.null_tile || r.fast_cleared) return r;
  const SurfaceDesc& d = view.desc;
  const unsigned dims = d.coord_dims();
  const uint32_t x = req.coord[0] + static_cast<uint32_t>(req.offset[0]);
  const uint32_t y = dims >= 2 ? req.coord[1] + static_cast<uint32_t>(req.offset[1]) : 0;
  const uint32_t z = dims == 3 ? req.coord[2] + static_cast<uint32_t>(req.offset[2]) : req.slice;
  const uint32_t plane = d.samples > 1 ? req.sample : 0;
  const uint64_t off = texel_byte_offset(d, view.layout, plane, req.level,
                                         (d.is_array() || d.type == SurfaceType::kCube || dims == 3) ? z : 0,
                                         x, y);
  if (format_info(d.format).is_compressed()) return r;
  r.texel = lavapipe_decode(d.format, view.bytes.data() + off);
  return r;
}

namespace {

// The texel at integer (x, y, z-or-slice) of `level` as lavapipe converts it; the caller has
// wrapped the coordinates; border axes are checked here.
Texel read_texel(const Surf& s, const SamplerState& smp, uint32_t level, int32_t x, int32_t y,
                 int32_t z, int32_t slice) {
  const LevelLayout& lv = s.view.layout.levels[level];
  bool border = false;
  auto check = [&](int32_t c, uint32_t size, AddressMode m) {
    if (c < 0 || static_cast<uint32_t>(c) >= size) {
      if (m == AddressMode::kBorder) border = true;
      return false;
    }
    return true;
  };
  bool ok = check(x, lv.width, smp.address[0]);
  ok = check(y, lv.height, smp.address[1]) && ok;
  if (s.dims == 3) ok = check(z, lv.depth, smp.address[2]) && ok;
  if (border || !ok) {
    // lp_build_clamp_border_color: clamped to the format's range for normalized formats.
    Texel b;
    if (s.fi.result_kind == TexelKind::kFloat) {
      std::array<float, 4> c = smp.border_color;
      for (int i = 0; i < 4; ++i) {
        const ChannelKind k = s.fi.channels[i].kind;
        if (k == ChannelKind::kUnorm || k == ChannelKind::kSrgb) c[i] = std::clamp(c[i], 0.0f, 1.0f);
        if (k == ChannelKind::kSnorm) c[i] = std::clamp(c[i], -1.0f, 1.0f);
      }
      b = Texel::from_float(c[0], c[1], c[2], c[3]);
    } else {
      b = Texel{smp.border_color_int, s.fi.result_kind};
    }
    // Measured: the border colour goes through the format's swizzle like a texel, so components
    // the format lacks read 0 (G, B) and 1 (A).
    const bool is_float = s.fi.result_kind == TexelKind::kFloat;
    for (int i = 0; i < 4; ++i) {
      if (s.fi.channels[i].bits != 0) continue;
      b.bits[i] = i == 3 ? (is_float ? std::bit_cast<uint32_t>(1.0f) : 1u) : 0u;
    }
    return b;
  }
  const uint32_t sz = s.dims == 3 ? static_cast<uint32_t>(z) : static_cast<uint32_t>(slice);
  const uint64_t off = texel_byte_offset(s.view.desc, s.view.layout, 0, level, sz,
                                         static_cast<uint32_t>(x), static_cast<uint32_t>(y));
  return lavapipe_decode(s.view.desc.format, s.view.bytes.data() + off);
}

// lp_build_sample_wrap_nearest.
// `pot`: the texture's level-0 size on this axis is a power of two (lavapipe's static state
// pot_width/height/depth, which then selects the repeat code path for every level).
int32_t wrap_nearest(float coord, uint32_t length, int32_t offset, AddressMode mode, bool pot) {
  const float len_f = static_cast<float>(length);
  const auto len_m1 = static_cast<int32_t>(length) - 1;
  switch (mode) {
    case AddressMode::kWrap:
      if (pot) {
        const int32_t i = cvt_floor(coord * len_f) + offset;
        return i & len_m1;
      } else {
        if (offset) coord = coord + static_cast<float>(offset) / len_f;
        return cvt_trunc(fract_safe(coord) * len_f);
      }
    case AddressMode::kClamp: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      return std::clamp(cvt_trunc(c), 0, len_m1);
    }
    case AddressMode::kBorder:
      return cvt_floor(coord * len_f) + offset;
    case AddressMode::kMirror: {
      if (offset) coord = coord + static_cast<float>(offset) / len_f;
      const float c = coord_mirror(coord, true) * len_f;
      return std::min(cvt_trunc(c), len_m1);
    }
    case AddressMode::kMirrorOnce: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      c = std::fabs(c);
      const auto i = static_cast<uint32_t>(cvt_trunc(c));
      return static_cast<int32_t>(std::min(i, static_cast<uint32_t>(len_m1)));
    }
  }
  return 0;
}

struct LinearTaps {
  int32_t x0 = 0, x1 = 0;
  float w = 0.0f;
};

// lp_build_sample_wrap_linear (float path), including the gather variants.
LinearTaps wrap_linear(float coord, uint32_t length, int32_t offset, AddressMode mode,
                       bool gather, bool pot) {
  const float len_f = static_cast<float>(length);
  const auto len_m1 = static_cast<int32_t>(length) - 1;
  LinearTaps t;
  auto ifloor_fract = [&](float c) {
    const float fl = std::floor(c);
    t.x0 = cvt_trunc(fl);
    t.w = c - fl;
  };
  switch (mode) {
    case AddressMode::kWrap:
      if (pot) {
        float c = coord * len_f - 0.5f;
        if (offset) c = c + static_cast<float>(offset);
        ifloor_fract(c);
        t.x1 = (t.x0 + 1) & len_m1;
        t.x0 = t.x0 & len_m1;
      } else {
        if (offset) coord = coord + static_cast<float>(offset) / len_f;
        float c = fract(coord) * len_f - 0.5f;
        const bool neg = c < 0.0f;
        ifloor_fract(c);
        if (neg) t.x0 = len_m1;
        t.x1 = t.x0 != len_m1 ? t.x0 + 1 : 0;
      }
      break;
    case AddressMode::kClamp: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      c = std::min(c, len_f);
      if (!gather) {
        c = c - 0.5f;
        c = std::max(c, 0.0f);
        ifloor_fract(c);
        t.x1 = t.x0 + 1;
      } else {
        c = std::max(c, 0.0f);
        t.x0 = cvt_trunc(c - 0.5f);
        t.x1 = cvt_trunc(c + 0.5f);
      }
      t.x1 = std::min(t.x1, len_m1);
      break;
    }
    case AddressMode::kBorder: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      ifloor_fract(c - 0.5f);
      t.x1 = t.x0 + 1;
      break;
    }
    case AddressMode::kMirror:
      if (offset) coord = coord + static_cast<float>(offset) / len_f;
      if (!gather) {
        const float c = coord_mirror(coord, true) * len_f - 0.5f;
        ifloor_fract(c);
        t.x1 = t.x0 + 1;
        t.x0 = std::max(t.x0, 0);
        t.x1 = std::min(t.x1, len_m1);
      } else {
        const float c = coord_mirror(coord, false) * len_f;
        t.x0 = cvt_floor(c - 0.5f);
        t.x1 = t.x0 + 1;
        if (t.x0 < 0) t.x0 = ~t.x0;
        if (t.x1 < 0) t.x1 = ~t.x1;
        t.x0 = std::min(t.x0, len_m1);
        t.x1 = std::min(t.x1, len_m1);
      }
      break;
    case AddressMode::kMirrorOnce: {
      float c = coord * len_f;
      if (offset) c = c + static_cast<float>(offset);
      if (!gather) {
        c = std::fabs(c);
        c = std::min(c, len_f);
        c = c - 0.5f;
        c = std::max(c, 0.0f);
        ifloor_fract(c);
        t.x1 = std::min(t.x0 + 1, len_m1);
      } else {
        c = c - 0.5f;
        t.x0 = cvt_floor(c);
        t.x1 = t.x0 + 1;
        if (t.x0 < 0) t.x0 = ~t.x0;
        if (t.x1 < 0) t.x1 = ~t.x1;
        t.x0 = std::min(t.x0, len_m1);
        t.x1 = std::min(t.x1, len_m1);
      }
      break;
    }
  }
  return t;
}

float lerp(float w, float a, float b) { return std::fma(w, b - a, a); }

// Comparison (ordered except NOT_EQUAL, D3D10 rules as lavapipe applies them): ref OP texel.
bool compare(CompareFunc f, float ref, float tex) {
  switch (f) {
    case CompareFunc::kNever: return false;
    case CompareFunc::kLess: return ref < tex;
    case CompareFunc::kEqual: return ref == tex;
    case CompareFunc::kLessEqual: return ref <= tex;
    case CompareFunc::kGreater: return ref > tex;
    case CompareFunc::kNotEqual: return !(ref == tex);
    case CompareFunc::kGreaterEqual: return ref >= tex;
    case CompareFunc::kAlways: return true;
  }
  return false;
}

float masklerp(float w, bool m0, bool m1) {
  const float w2 = 1.0f - w;
  return (m1 ? w : 0.0f) + (m0 ? w2 : 0.0f);
}

struct LodInfo {
  float lod = 0.0f;
  bool positive = false;
  int32_t level0 = 0, level1 = 0;
  float fpart = 0.0f;
};

float fast_log2(float x) {
  const uint32_t b = std::bit_cast<uint32_t>(x);
  const auto e = static_cast<int32_t>((b >> 23) & 0xff) - 127;
  const float m = std::bit_cast<float>((b & 0x007fffffu) | 0x3f800000u);
  return static_cast<float>(e) + (m - 1.0f);
}

LodInfo select_lod(const Surf& s, const SamplerState& smp, const SampleRequest& req) {
  LodInfo li;
  const SurfaceDesc& d = s.view.desc;
  const int32_t last = static_cast<int32_t>(d.mips) - 1;
  if (req.op == SampleOp::kGather) return li;  // level = first level, no min/mag decision
  const bool min_max_equal = smp.min_lod == smp.max_lod;
  const bool apply_min = !min_max_equal && smp.min_lod > 0.0f;
  const bool apply_max = !min_max_equal && smp.max_lod < kPipeMaxLodClamp;
  const bool bias_nz = smp.lod_bias != 0.0f;
  float lod = 0.0f;
  bool have_int_only = false;
  int32_t ipart_special = 0;
  if (min_max_equal) {
    lod = smp.min_lod;
  } else if (req.op == SampleOp::kLevel || req.op == SampleOp::kLevelZero) {
    lod = req.op == SampleOp::kLevel ? req.lod : 0.0f;
  } else {
    // lp_build_rho with explicit derivatives and no_rho_approx: squared texel-space lengths.
    const std::array<uint32_t, 3> size{d.width, d.height, d.depth};
    float rx = 0.0f, ry = 0.0f;
    for (unsigned i = 0; i < s.dims; ++i) {
      const float fd = static_cast<float>(size[i]);
      float dx = fd * req.ddx[i];
      float dy = fd * req.ddy[i];
      dx = dx * dx;
      dy = dy * dy;
      rx = i == 0 ? dx : rx + dx;
      ry = i == 0 ? dy : ry + dy;
    }
    float rho = std::max(rx, ry);
    if (std::isinf(rho) || std::isnan(rho)) rho = 0.0f;
    if (!bias_nz && !apply_max && !apply_min && smp.mip_filter != MipFilter::kLinear) {
      // Special case: ipart = (exponent(rho^2) + 1) >> 1, positive = rho^2 > 1.
      const auto e = static_cast<int32_t>((std::bit_cast<uint32_t>(rho) >> 23) & 0xff) - 127;
      ipart_special = (e + 1) >> 1;
      li.positive = rho > 1.0f;
      have_int_only = true;
    } else {
      lod = fast_log2(rho) * 0.5f;
    }
  }
  if (!have_int_only) {
    if (bias_nz && !min_max_equal) lod = lod + smp.lod_bias;
    if (apply_max) lod = std::min(lod, smp.max_lod);
    if (apply_min) lod = std::max(lod, smp.min_lod);
    li.lod = lod;
    li.positive = lod > 0.0f;
  }
  if (smp.mip_filter == MipFilter::kLinear && !have_int_only) {
    const float fl = std::floor(lod);
    int32_t l0 = cvt_trunc(fl);
    float fp = lod - fl;
    int32_t l1 = l0 + 1;
    if (l0 < 0) {
      l0 = 0;
      l1 = 0;
      fp = 0.0f;
    }
    if (l0 >= last) {
      l0 = last;
      l1 = last;
      fp = 0.0f;
    }
    li.level0 = l0;
    li.level1 = l1;
    li.fpart = fp;
  } else {
    const int32_t ip = have_int_only ? ipart_special : cvt_round(lod);
    li.level0 = li.level1 = std::clamp(ip, 0, last);
  }
  return li;
}

// lp_build_sample_image_nearest / _linear for one level (non-cube), SoA float path.
Texel sample_level_soa(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                       uint32_t level, bool linear, bool nearest_via_linear, int32_t slice) {
  const LevelLayout& lv = s.view.layout.levels[level];
  const std::array<uint32_t, 3> len{lv.width, lv.height, lv.depth};
  const SurfaceDesc& d0 = s.view.desc;
  const std::array<bool, 3> pot{is_pot(d0.width), is_pot(d0.height), is_pot(d0.depth)};
  const bool gather = req.op == SampleOp::kGather;
  const bool cmp = smp.compare.has_value();
  float ref = req.reference;
  if (cmp && s.fi.channels[0].kind == ChannelKind::kUnorm) ref = std::clamp(ref, 0.0f, 1.0f);
  if (!linear) {
    std::array<int32_t, 3> c{};
    for (unsigned i = 0; i < s.dims; ++i)
      c[i] = wrap_nearest(req.coord[i], len[i], req.offset[i], smp.address[i], pot[i]);
    Texel t = read_texel(s, smp, level, c[0], c[1], c[2], slice);
    if (cmp) {
      const float r = compare(*smp.compare, ref, t.f(0)) ? 1.0f : 0.0f;
      t = Texel::from_float(r, r, r, r);
    }
    return t;
  }
  std::array<LinearTaps, 3> tp{};
  for (unsigned i = 0; i < s.dims; ++i)
    tp[i] = wrap_linear(req.coord[i], len[i], req.offset[i], smp.address[i], gather, pot[i]);
  if (nearest_via_linear) {
    for (unsigned i = 0; i < s.dims; ++i) tp[i].w = tp[i].w > 0.5f ? 1.0f : 0.0f;
  }
  auto fetch = [&](int xi, int yi, int zi) {
    return read_texel(s, smp, level, xi ? tp[0].x1 : tp[0].x0, yi ? tp[1].x1 : tp[1].x0,
                      s.dims == 3 ? (zi ? tp[2].x1 : tp[2].x0) : 0, slice);
  };
  if (gather) {
    const Texel n00 = fetch(0, 0, 0), n01 = fetch(1, 0, 0), n10 = fetch(0, 1, 0),
                n11 = fetch(1, 1, 0);
    const unsigned comp = cmp ? 0 : req.gather_component;
    auto pick = [&](const Texel& t) -> uint32_t {
      if (cmp) return std::bit_cast<uint32_t>(compare(*smp.compare, ref, t.f(0)) ? 1.0f : 0.0f);
      return t.bits[comp];
    };
    Texel out{{pick(n10), pick(n11), pick(n01), pick(n00)}, s.fi.result_kind};
    if (cmp) out.kind = TexelKind::kFloat;
    return out;
  }
  auto bilinear = [&](int zi) {
    const Texel n00 = fetch(0, 0, zi), n01 = fetch(1, 0, zi), n10 = fetch(0, 1, zi),
                n11 = fetch(1, 1, zi);
    std::array<float, 4> r{};
    if (cmp) {
      const bool m00 = compare(*smp.compare, ref, n00.f(0));
      const bool m01 = compare(*smp.compare, ref, n01.f(0));
      const bool m10 = compare(*smp.compare, ref, n10.f(0));
      const bool m11 = compare(*smp.compare, ref, n11.f(0));
      const float v0 = masklerp(tp[0].w, m00, m01);
      const float v1 = masklerp(tp[0].w, m10, m11);
      r.fill(lerp(tp[1].w, v0, v1));
    } else {
      for (int c = 0; c < 4; ++c) {
        const float v0 = lerp(tp[0].w, n00.f(c), n01.f(c));
        const float v1 = lerp(tp[0].w, n10.f(c), n11.f(c));
        r[c] = lerp(tp[1].w, v0, v1);
      }
    }
    return r;
  };
  std::array<float, 4> r = bilinear(0);
  if (s.dims == 3) {
    const std::array<float, 4> r1 = bilinear(1);
    for (int c = 0; c < 4; ++c) r[c] = lerp(tp[2].w, r[c], r1[c]);
  }
  return Texel::from_float(r[0], r[1], r[2], r[3]);
}

// ---- AoS (8-bit fixed point) path -------------------------------------------------------

struct Rgba8 {
  std::array<int32_t, 4> c{};
};

Rgba8 read8(const Surf& s, const SamplerState& smp, uint32_t level, int32_t x, int32_t y,
            int32_t z, int32_t slice) {
  const Texel t = read_texel(s, smp, level, x, y, z, slice);
  Rgba8 r;
  // Recover the 8-bit values: lavapipe_decode gave k * float(1/255); k = round(v * 255).
  for (int c = 0; c < 4; ++c) r.c[c] = static_cast<int32_t>(std::lround(t.f(c) * 255.0f));
  return r;
}

int32_t lerp8(int32_t w, int32_t a, int32_t b) { return a + ((w * (b - a) + 128) >> 8); }

Rgba8 lerp8(int32_t w, const Rgba8& a, const Rgba8& b) {
  Rgba8 r;
  for (int c = 0; c < 4; ++c) r.c[c] = lerp8(w, a.c[c], b.c[c]);
  return r;
}

Rgba8 sample_level_aos(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                       uint32_t level, bool linear, int32_t slice) {
  const LevelLayout& lv = s.view.layout.levels[level];
  const std::array<uint32_t, 3> len{lv.width, lv.height, lv.depth};
  const SurfaceDesc& d0 = s.view.desc;
  const std::array<bool, 3> pot{is_pot(d0.width), is_pot(d0.height), is_pot(d0.depth)};
  if (!linear) {
    std::array<int32_t, 3> c{};
    for (unsigned i = 0; i < s.dims; ++i) {
      const auto length = len[i];
      const auto len_m1 = static_cast<int32_t>(length) - 1;
      const float len_f = static_cast<float>(length);
      const bool pot_i = pot[i];
      int32_t ip = cvt_floor(req.coord[i] * len_f) + req.offset[i];
      if (smp.address[i] == AddressMode::kWrap) {
        if (pot_i) {
          ip &= len_m1;
        } else {
          float cf = req.coord[i];
          if (req.offset[i]) cf = cf + static_cast<float>(req.offset[i]) / len_f;
          ip = cvt_trunc(fract_safe(cf) * len_f);
        }
      } else {
        ip = std::clamp(ip, 0, len_m1);
      }
      c[i] = ip;
    }
    return read8(s, smp, level, c[0], c[1], c[2], slice);
  }
  std::array<int32_t, 3> i0{}, i1{}, w{};
  for (unsigned i = 0; i < s.dims; ++i) {
    const auto length = len[i];
    const auto len_m1 = static_cast<int32_t>(length) - 1;
    const bool pot_i = pot[i];
    const float scaled = static_cast<float>(length << 8);
    int32_t q = cvt_round(req.coord[i] * scaled) - 128;
    int32_t ip = (q >> 8) + req.offset[i];
    int32_t fp = q & 255;
    if (smp.address[i] == AddressMode::kWrap) {
      if (pot_i) {
        i0[i] = ip & len_m1;
        i1[i] = (ip + 1) & len_m1;
      } else {
        const float len_f = static_cast<float>(length);
        float cf = req.coord[i];
        if (req.offset[i]) cf = cf + static_cast<float>(req.offset[i]) / len_f;
        cf = fract(cf) * len_f;
        cf = cf * 256.0f;
        int32_t qq = cvt_round(cf) - 128;
        fp = qq & 255;
        int32_t c0 = qq >> 8;
        if (c0 < 0) c0 = len_m1;
        c0 = std::min(c0, len_m1);
        i0[i] = c0;
        i1[i] = c0 != len_m1 ? c0 + 1 : 0;
      }
    } else {  // clamp to edge
      const bool lmask = ip >= 0, umask = ip < len_m1;
      int32_t c0 = lmask ? ip : 0;
      c0 = umask ? c0 : len_m1;
      i0[i] = c0;
      i1[i] = (lmask && umask) ? c0 + 1 : c0;
    }
    w[i] = fp;
  }
  auto fetch = [&](int xi, int yi, int zi) {
    return read8(s, smp, level, xi ? i1[0] : i0[0], yi ? i1[1] : i0[1],
                 s.dims == 3 ? (zi ? i1[2] : i0[2]) : 0, slice);
  };
  auto bilinear = [&](int zi) {
    const Rgba8 r0 = lerp8(w[0], fetch(0, 0, zi), fetch(1, 0, zi));
    const Rgba8 r1 = lerp8(w[0], fetch(0, 1, zi), fetch(1, 1, zi));
    return lerp8(w[1], r0, r1);
  };
  Rgba8 r = bilinear(0);
  if (s.dims == 3) r = lerp8(w[2], r, bilinear(1));
  return r;
}

bool fits_8unorm(const FormatInfo& fi) {
  if (fi.is_compressed() || fi.is_depth) return false;
  for (const auto& ch : fi.channels)
    if (ch.bits != 0 && !(ch.kind == ChannelKind::kUnorm && ch.bits == 8)) return false;
  return fi.channels[0].bits != 0;
}

bool simple_wrap(AddressMode m) { return m == AddressMode::kWrap || m == AddressMode::kClamp; }

}  // namespace

bool lavapipe_uses_aos(const SurfaceView& view, const SamplerState& sampler,
                       const SampleRequest& req) {
  const FormatInfo& fi = format_info(view.desc.format);
  if (!fits_8unorm(fi) || sampler.compare || sampler.max_anisotropy > 1) return false;
  if (req.op == SampleOp::kGather || req.op == SampleOp::kLodQuery) return false;
  if (sampler.min_filter != sampler.mag_filter) return false;  // per-lane LOD in compute
  const SurfaceType t = view.desc.type;
  const bool cube = t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
  if (cube) return false;  // seamless cube linear is excluded; nearest cube not modelled here
  const unsigned dims = t == SurfaceType::k3D ? 3 : 2;
  for (unsigned i = 0; i < dims; ++i)
    if (!simple_wrap(sampler.address[i])) return false;
  return true;
}

SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req) {
  return sample_lavapipe(view, sampler, req, LavapipeLaneContext{});
}

SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req, const LavapipeLaneContext& ctx) {
  const SurfaceDesc& d = view.desc;
  const FormatInfo& fi = format_info(d.format);
  Surf s{view, fi, d.type, d.type == SurfaceType::k3D ? 3u : 2u};
  int32_t slice = 0;
  if (d.is_array()) {
    slice = std::clamp(cvt_round(req.array_index), 0, static_cast<int32_t>(d.slices()) - 1);
  }
  const LodInfo li = select_lod(s, sampler, req);
  SampleResult res;
  if (lavapipe_uses_aos(view, sampler, req)) {
    const bool linear = sampler.min_filter == Filter::kLinear;
    Rgba8 c = sample_level_aos(s, sampler, req, static_cast<uint32_t>(li.level0), linear, slice);
    if (sampler.mip_filter == MipFilter::kLinear && li.fpart > 0.0f) {
      const Rgba8 c1 =
          sample_level_aos(s, sampler, req, static_cast<uint32_t>(li.level1), linear, slice);
      const int32_t w = cvt_trunc(li.fpart * 256.0f);
      c = lerp8(w, c, c1);
    }
    const auto scale = static_cast<float>(1.0 / 255.0);
    res.texel = Texel::from_float(static_cast<float>(c.c[0]) * scale,
                                  static_cast<float>(c.c[1]) * scale,
                                  static_cast<float>(c.c[2]) * scale,
                                  static_cast<float>(c.c[3]) * scale);
    return res;
  }
  // SoA float path. Filter choice: min == mag -> that filter; otherwise per lane, with the
  // "combined" linear path (nearest lanes get 0/1 weights) when any lane of the SIMD group
  // needs linear, else a plain nearest path.
  bool linear;
  bool nearest_via_linear = false;
  MipFilter mip = sampler.mip_filter;
  if (req.op == SampleOp::kGather) {
    linear = true;
    mip = MipFilter::kNone;
  } else if (sampler.min_filter == sampler.mag_filter) {
    linear = sampler.min_filter == Filter::kLinear;
  } else {
    const bool lane_linear =
        sampler.min_filter == Filter::kLinear ? li.positive : !li.positive;
    const bool group_linear = ctx.group_needs_linear.value_or(lane_linear);
    if (group_linear) {
      linear = true;
      nearest_via_linear = !lane_linear;
    } else {
      linear = false;
      if (sampler.min_filter == Filter::kLinear) mip = MipFilter::kNone;
    }
  }
  int32_t level0 = li.level0, level1 = li.level1;
  float fpart = li.fpart;
  if (mip == MipFilter::kNone) {
    level0 = level1 = 0;
    fpart = 0.0f;
  }
  Texel t = sample_level_soa(s, sampler, req, static_cast<uint32_t>(level0), linear,
                             nearest_via_linear, slice);
  if (mip == MipFilter::kLinear && fpart > 0.0f && fi.result_kind == TexelKind::kFloat) {
    const Texel t1 = sample_level_soa(s, sampler, req, static_cast<uint32_t>(level1), linear,
                                      nearest_via_linear, slice);
    t = Texel::from_float(lerp(fpart, t.f(0), t1.f(0)), lerp(fpart, t.f(1), t1.f(1)),
                          lerp(fpart, t.f(2), t1.f(2)), lerp(fpart, t.f(3), t1.f(3)));
  }
  res.texel = t;
  return res;
}

bool lavapipe_lane_needs_linear(const SurfaceView& view, const SamplerState& sampler,
                                const SampleRequest& req) {
  const SurfaceDesc& d = view.desc;
  Surf s{view, format_info(d.format), d.type, d.type == SurfaceType::k3D ? 3u : 2u};
  const LodInfo li = select_lod(s, sampler, req);
  if (sampler.min_filter == sampler.mag_filter) return sampler.min_filter == Filter::kLinear;
  return sampler.min_filter == Filter::kLinear ? li.positive : !li.positive;
}

}  // namespace texsim::texunit
