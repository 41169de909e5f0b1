// Mesa 22.3 lavapipe sampling arithmetic (gallivm lp_bld_sample{,_soa,_aos}.c), one lane at a
// time, float operations in the driver's order (fma where it emits llvm.fmuladd on AVX2).
// Depends on fetch/format/surface; the texel addressing and decode are theirs, not duplicated.
#include "texunit/sample_lavapipe.hpp"

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "texunit/cube.hpp"
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
int32_t cvt_floor(float x) {
  return cvt_trunc(std::floor(x));
}
int32_t cvt_round(float x) {
  return cvt_trunc(std::nearbyint(x));
}  // RNE (MXCSR default)

float fract(float x) {
  return x - std::floor(x);
}
float fract_safe(float x) {
  return std::min(fract(x), 0x1.fffffep-1f);
}

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

bool is_pot(uint32_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}

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
        const auto scale =
            static_cast<float>(1.0 / static_cast<double>((uint64_t{1} << ch.bits) - 1));
        v = static_cast<float>(k) * scale;
        break;
      }
      case ChannelKind::kSnorm: {
        const int64_t s = static_cast<int64_t>(k << (64 - ch.bits)) >> (64 - ch.bits);
        const auto scale =
            static_cast<float>(1.0 / static_cast<double>((uint64_t{1} << (ch.bits - 1)) - 1));
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
  const uint64_t off =
      texel_byte_offset(d, view.layout, plane, req.level,
                        (d.is_array() || d.type == SurfaceType::kCube || dims == 3) ? z : 0, x, y);
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
        if (k == ChannelKind::kUnorm || k == ChannelKind::kSrgb)
          c[i] = std::clamp(c[i], 0.0f, 1.0f);
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
LinearTaps wrap_linear(float coord, uint32_t length, int32_t offset, AddressMode mode, bool gather,
                       bool pot) {
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

float lerp(float w, float a, float b) {
  return std::fma(w, b - a, a);
}

// Comparison (ordered except NOT_EQUAL, D3D10 rules as lavapipe applies them): ref OP texel.
bool compare(CompareFunc f, float ref, float tex) {
  switch (f) {
    case CompareFunc::kNever:
      return false;
    case CompareFunc::kLess:
      return ref < tex;
    case CompareFunc::kEqual:
      return ref == tex;
    case CompareFunc::kLessEqual:
      return ref <= tex;
    case CompareFunc::kGreater:
      return ref > tex;
    case CompareFunc::kNotEqual:
      return !(ref == tex);
    case CompareFunc::kGreaterEqual:
      return ref >= tex;
    case CompareFunc::kAlways:
      return true;
  }
  return false;
}

float masklerp(float w, bool m0, bool m1) {
  const float w2 = 1.0f - w;
  return (m1 ? w : 0.0f) + (m0 ? w2 : 0.0f);
}

// ---- Cube maps (lp_build_cube_lookup and the seamless branch of lp_build_sample_image_linear)

// lp_build_cube_lookup: the major axis is x if |x| > |y| (else y), then z if |z| >= max(|x|, |y|)
// (ties: z over y over x); the minor axes are mirrored by xor-ing the major axis' sign bit;
// ima = 1 / ma, s = sc * |0.5 * ima| + 0.5 (a multiply, then an add). Derivatives (explicit or
// the quad's) are projected per lane: ds = (dsc - (dma * ima) * sc) * (0.5 * ima).
struct LpCube {
  int32_t face = 0;
  float s = 0.0f, t = 0.0f;
  std::array<float, 2> ddx{}, ddy{};
};

LpCube lp_cube_lookup(const std::array<float, 3>& c, const std::array<float, 3>& dx,
                      const std::array<float, 3>& dy) {
  const float as = std::fabs(c[0]), at = std::fabs(c[1]), ar = std::fabs(c[2]);
  const bool as_gt_at = as > at;
  const float maxasat = as > at ? as : at;  // maxps: the second operand unless a > b
  const bool ar_ge = ar >= maxasat;
  const int axis = ar_ge ? 2 : as_gt_at ? 0 : 1;
  const float ma = c[static_cast<size_t>(axis)];
  const bool neg = std::signbit(ma);
  auto flip = [&](float v) { return neg ? -v : v; };  // xor with the sign bit of ma
  auto minor = [&](const std::array<float, 3>& v) -> std::array<float, 2> {
    switch (axis) {
      case 0:
        return {flip(-v[2]), -v[1]};
      case 1:
        return {v[0], flip(v[2])};
      default:
        return {flip(v[0]), -v[1]};
    }
  };
  LpCube r;
  r.face = 2 * axis + (neg ? 1 : 0);
  const std::array<float, 2> st = minor(c);
  const float ima = 1.0f / ma;
  const float imahalf = 0.5f * ima;
  const float imahalfpos = std::fabs(imahalf);
  r.s = st[0] * imahalfpos + 0.5f;
  r.t = st[1] * imahalfpos + 0.5f;
  const std::array<float, 2> dsx = minor(dx), dsy = minor(dy);
  const float madxdivma = dx[static_cast<size_t>(axis)] * ima;
  const float madydivma = dy[static_cast<size_t>(axis)] * ima;
  for (int k = 0; k < 2; ++k) {
    const auto ku = static_cast<size_t>(k);
    r.ddx[ku] = (dsx[ku] - madxdivma * st[ku]) * imahalf;
    r.ddy[ku] = (dsy[ku] - madydivma * st[ku]) * imahalf;
  }
  return r;
}

// The integer taps of seamless cube bilinear filtering on a level of size n: x0 = ifloor(s * n
// - 0.5), x1 = x0 + 1 (likewise y); whether a tap falls off both axes (a missing corner).
struct CubeTaps {
  int32_t x0 = 0, y0 = 0;
  float fs = 0.0f, ft = 0.0f;
  bool corner = false;
};

CubeTaps cube_taps(float s, float t, uint32_t n) {
  const float nf = static_cast<float>(n);
  const auto max_c = static_cast<int32_t>(n) - 1;
  CubeTaps c;
  float x = s * nf;
  x = x + -0.5f;
  float y = t * nf;
  y = y + -0.5f;
  const float flx = std::floor(x), fly = std::floor(y);
  c.x0 = cvt_trunc(flx);
  c.y0 = cvt_trunc(fly);
  c.fs = x - flx;
  c.ft = y - fly;
  const bool off_x = c.x0 < 0 || c.x0 + 1 > max_c;
  const bool off_y = c.y0 < 0 || c.y0 + 1 > max_c;
  c.corner = off_x && off_y;
  return c;
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

// lp_build_rho with explicit derivatives and no_rho_approx: the larger squared texel-space
// length of ddx and ddy (float, in lavapipe's order); infinite or NaN becomes 0.
float rho_squared(const Surf& s, const SampleRequest& req) {
  const SurfaceDesc& d = s.view.desc;
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
  const float rho = std::max(rx, ry);
  return std::isinf(rho) || std::isnan(rho) ? 0.0f : rho;
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
  const bool shader_bias = req.op == SampleOp::kBias;  // texture(..., bias): req.lod
  float lod = 0.0f;
  bool have_int_only = false;
  int32_t ipart_special = 0;
  if (min_max_equal) {
    lod = smp.min_lod;
  } else if (req.op == SampleOp::kLevel || req.op == SampleOp::kLevelZero) {
    lod = req.op == SampleOp::kLevel ? req.lod : 0.0f;
  } else {
    const float rho = rho_squared(s, req);
    if (!shader_bias && !bias_nz && !apply_max && !apply_min &&
        smp.mip_filter != MipFilter::kLinear) {
      // Special case: ipart = (exponent(rho^2) + 1) >> 1, positive = rho^2 > 1.
      const auto e = static_cast<int32_t>((std::bit_cast<uint32_t>(rho) >> 23) & 0xff) - 127;
      ipart_special = (e + 1) >> 1;
      li.positive = rho > 1.0f;
      have_int_only = true;
    } else {
      lod = fast_log2(rho) * 0.5f;
      if (shader_bias) lod = lod + req.lod;  // the shader's bias, then the sampler's
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

// textureQueryLod (lp_build_lod_selector with is_lodq): y = the LOD after the biases, before
// the min/max clamp; x = after the clamp, rounded for mip NEAREST, clamped to [0, levels - 1].
Texel lod_query(const Surf& s, const SamplerState& smp, const SampleRequest& req) {
  const SurfaceDesc& d = s.view.desc;
  float lod = fast_log2(rho_squared(s, req)) * 0.5f;
  if (smp.lod_bias != 0.0f) lod = lod + smp.lod_bias;
  const float unclamped = lod;
  if (smp.min_lod != smp.max_lod) {  // min_lod == max_lod: no clamp (static state)
    if (smp.max_lod < kPipeMaxLodClamp) lod = std::min(lod, smp.max_lod);
    if (smp.min_lod > 0.0f) lod = std::max(lod, smp.min_lod);
  }
  const float last = static_cast<float>(d.mips - 1);
  float x = lod;
  if (smp.mip_filter != MipFilter::kLinear) x = std::nearbyint(x);
  // lp_build_clamp: maxps(x, 0) then minps(x, last); maxps returns its second operand for equal
  // values, so a LOD rounded to -0 comes back as +0.
  x = x > 0.0f ? x : 0.0f;
  x = x < last ? x : last;
  return Texel::from_float(x, unclamped, 0.0f, 0.0f);
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

// Seamless cube bilinear filtering and gather at one level (lp_build_sample_image_linear, cube
// branch). Taps outside the face are read from the adjacent face; the tap past a corner is
// missing. When any lane of the SIMD group has a missing corner (`group_corner`) every lane of
// the group is filtered as w00*c00 + w01*c01 + w10*c10 + w11*c11 (products, then sums), with
// the missing tap's weight / 3 added to the other three; otherwise by the usual fma lerps.
// A float gather replaces the missing tap by ((c00 + c01) + (c10 + c11)) * (1/3) over the
// others; an integer gather by the tap of the other row in the same column.
Texel sample_level_cube_linear(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                               uint32_t level, bool nearest_via_linear, int32_t face,
                               int32_t slice_base, bool group_corner) {
  const uint32_t n = s.view.layout.levels[level].width;
  CubeTaps tp = cube_taps(req.coord[0], req.coord[1], n);
  if (nearest_via_linear) {
    tp.fs = tp.fs > 0.5f ? 1.0f : 0.0f;
    tp.ft = tp.ft > 0.5f ? 1.0f : 0.0f;
  }
  const bool gather = req.op == SampleOp::kGather;
  const bool cmp = smp.compare.has_value();
  float ref = req.reference;
  if (cmp && s.fi.channels[0].kind == ChannelKind::kUnorm) ref = std::clamp(ref, 0.0f, 1.0f);
  // Taps in the order 00, 01, 10, 11 (01 = x1, y0).
  std::array<Texel, 4> tx{};
  std::array<bool, 4> missing{};
  for (int k = 0; k < 4; ++k) {
    const int64_t x = tp.x0 + (k & 1);
    const int64_t y = tp.y0 + (k >> 1);
    const CubeTexel ct = cube_resolve_texel(static_cast<uint32_t>(face), x, y, n);
    missing[static_cast<size_t>(k)] = ct.missing;
    if (ct.missing) continue;
    tx[static_cast<size_t>(k)] =
        read_texel(s, smp, level, static_cast<int32_t>(ct.x), static_cast<int32_t>(ct.y), 0,
                   slice_base + static_cast<int32_t>(ct.face));
  }
  auto passes = [&](const Texel& t) { return compare(*smp.compare, ref, t.f(0)); };
  const float third = 1.0f / 3.0f;
  if (gather) {
    const unsigned comp = cmp ? 0 : req.gather_component;
    std::array<uint32_t, 4> v{};
    for (size_t k = 0; k < 4; ++k) {
      if (cmp)
        v[k] = std::bit_cast<uint32_t>(!missing[k] && passes(tx[k]) ? 1.0f : 0.0f);
      else
        v[k] = missing[k] ? 0u : tx[k].bits[comp];
    }
    for (size_t k = 0; k < 4; ++k) {
      if (!missing[k]) continue;
      const bool is_float = cmp || s.fi.result_kind == TexelKind::kFloat;
      if (is_float) {
        auto f = [&](size_t i) { return std::bit_cast<float>(v[i]); };
        const float c = ((f(0) + f(1)) + (f(2) + f(3))) * third;
        v[k] = std::bit_cast<uint32_t>(c);
      } else {
        // Integer formats (measured): no average; the tap is read where lavapipe's "cheap
        // corner" addressing puts it, the x-neighbour face at the clamped row, which is the
        // texel of the other row in the same column.
        v[k] = v[k ^ 2];
      }
    }
    Texel out{{v[2], v[3], v[1], v[0]}, cmp ? TexelKind::kFloat : s.fi.result_kind};
    return out;
  }
  std::array<float, 4> r{};
  if (group_corner) {
    const float wx0 = 1.0f - tp.fs, wy0 = 1.0f - tp.ft;
    std::array<float, 4> w{wx0 * wy0, tp.fs * wy0, wx0 * tp.ft, tp.fs * tp.ft};
    float cw = 0.0f;
    for (size_t k = 0; k < 4; ++k)
      if (missing[k]) cw = w[k];
    cw = cw * third;
    for (size_t k = 0; k < 4; ++k) w[k] = missing[k] ? 0.0f : w[k] + cw;
    if (cmp) {
      float acc = 0.0f;
      for (size_t k = 0; k < 4; ++k) {
        const float term = !missing[k] && passes(tx[k]) ? w[k] : 0.0f;
        acc = k == 0 ? term : term + acc;
      }
      r.fill(acc);
    } else {
      for (int c = 0; c < 4; ++c) {
        float acc = 0.0f;
        for (size_t k = 0; k < 4; ++k) {
          const float term = w[k] * tx[k].f(c);
          acc = k == 0 ? term : term + acc;
        }
        r[static_cast<size_t>(c)] = acc;
      }
    }
  } else if (cmp) {
    const float v0 = masklerp(tp.fs, passes(tx[0]), passes(tx[1]));
    const float v1 = masklerp(tp.fs, passes(tx[2]), passes(tx[3]));
    r.fill(lerp(tp.ft, v0, v1));
  } else {
    for (int c = 0; c < 4; ++c) {
      const float v0 = lerp(tp.fs, tx[0].f(c), tx[1].f(c));
      const float v1 = lerp(tp.fs, tx[2].f(c), tx[3].f(c));
      r[static_cast<size_t>(c)] = lerp(tp.ft, v0, v1);
    }
  }
  return Texel::from_float(r[0], r[1], r[2], r[3]);
}

// ---- AoS (8-bit fixed point) path -------------------------------------------------------

struct Rgba8 {
  std::array<int32_t, 4> c{};
};

Rgba8 read8(const Surf& s, const SamplerState& smp, uint32_t level, int32_t x, int32_t y, int32_t z,
            int32_t slice) {
  const Texel t = read_texel(s, smp, level, x, y, z, slice);
  Rgba8 r;
  // Recover the 8-bit values: lavapipe_decode gave k * float(1/255); k = round(v * 255).
  for (int c = 0; c < 4; ++c) r.c[c] = static_cast<int32_t>(std::lround(t.f(c) * 255.0f));
  return r;
}

int32_t lerp8(int32_t w, int32_t a, int32_t b) {
  return a + ((w * (b - a) + 128) >> 8);
}

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

bool simple_wrap(AddressMode m) {
  return m == AddressMode::kWrap || m == AddressMode::kClamp;
}

// lp_build_sample_soa_code's use_aos. With min != mag filters it needs a LOD per quad
// (num_lods <= num_quads): fragment-shader texture() without a shader bias, which lavapipe then
// samples quad by quad (4-wide lp_build_sample_aos, AVX2 or not).
bool uses_aos(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
              bool lod_per_quad) {
  const FormatInfo& fi = format_info(view.desc.format);
  if (!fits_8unorm(fi) || sampler.compare || sampler.max_anisotropy > 1) return false;
  if (req.op == SampleOp::kGather || req.op == SampleOp::kLodQuery) return false;
  if (sampler.min_filter != sampler.mag_filter && !lod_per_quad) return false;
  const SurfaceType t = view.desc.type;
  const bool cube = t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
  // Seamless cube linear filtering is excluded; nearest cubes wrap s, t by clamp-to-edge.
  if (cube) return sampler.min_filter == Filter::kPoint && sampler.mag_filter == Filter::kPoint;
  const unsigned dims = t == SurfaceType::k3D ? 3 : 2;
  for (unsigned i = 0; i < dims; ++i)
    if (!simple_wrap(sampler.address[i])) return false;
  return true;
}

}  // namespace

bool lavapipe_uses_aos(const SurfaceView& view, const SamplerState& sampler,
                       const SampleRequest& req) {
  return uses_aos(view, sampler, req, false);  // per-lane LOD in compute
}

SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& req) {
  return sample_lavapipe(view, sampler, req, LavapipeLaneContext{});
}

namespace {

bool is_cube(SurfaceType t) {
  return t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
}

// A lane as lavapipe's filtering sees it: cubes become face coordinates (s, t) with projected
// derivatives on slice face + 6 * layer, with clamp-to-edge addressing (seamless filtering
// ignores the wrap modes).
struct Prepared {
  SampleRequest req;
  SamplerState smp;
  bool cube = false;
  int32_t face = 0;
  int32_t slice_base = 0;  // arrays: the layer (cube arrays: 6 * layer)
};

Prepared prepare(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req) {
  const SurfaceDesc& d = view.desc;
  Prepared p{req, sampler, is_cube(d.type), 0, 0};
  if (p.cube) {
    const LpCube c = lp_cube_lookup(req.coord, req.ddx, req.ddy);
    p.face = c.face;
    p.req.coord = {c.s, c.t, 0.0f};
    p.req.ddx = {c.ddx[0], c.ddx[1], 0.0f};
    p.req.ddy = {c.ddy[0], c.ddy[1], 0.0f};
    p.req.offset = {};
    p.smp.address = {AddressMode::kClamp, AddressMode::kClamp, AddressMode::kClamp};
    if (d.type == SurfaceType::kCubeArray) {
      const auto cubes = static_cast<int32_t>(d.slices() / 6);
      p.slice_base = 6 * std::clamp(cvt_round(req.array_index), 0, cubes - 1);
    }
  } else if (d.is_array()) {
    p.slice_base = std::clamp(cvt_round(req.array_index), 0, static_cast<int32_t>(d.slices()) - 1);
  }
  return p;
}

Surf make_surf(const SurfaceView& view) {
  const SurfaceDesc& d = view.desc;
  return Surf{view, format_info(d.format), d.type, d.type == SurfaceType::k3D ? 3u : 2u};
}

// ---- Fragment quads (lp_bld_quad.c, the cube branch of lp_build_sample_common) ----------

// lp_build_ddx / lp_build_ddy: per-pixel ("fine") differences, right - left in the lane's row and
// bottom - top in its column. lp_build_cube_lookup differentiates the direction this way when
// the shader gives no derivatives, so only the top-left lane sees the coarse TR - TL, BL - TL.
struct QuadDerivatives3 {
  std::array<float, 3> ddx{}, ddy{};
};

QuadDerivatives3 fine_derivatives(const SampleRequest* quad, size_t k) {
  const size_t row = k & 2u, col = k & 1u;
  QuadDerivatives3 d;
  for (size_t i = 0; i < 3; ++i) {
    d.ddx[i] = quad[row + 1].coord[i] - quad[row].coord[i];
    d.ddy[i] = quad[col + 2].coord[i] - quad[col].coord[i];
  }
  return d;
}

// lp_build_sample_soa_code's derived sampler state: a view of one level with max_lod > 0
// samples with mip filter NONE (lod queries keep the sampler's).
MipFilter lavapipe_mip_filter(const SurfaceView& view, const SamplerState& smp, SampleOp op) {
  if (op == SampleOp::kGather) return MipFilter::kNone;
  if (op != SampleOp::kLodQuery && view.desc.mips == 1 && smp.max_lod > 0.0f)
    return MipFilter::kNone;
  return smp.mip_filter;
}

// lp_build_sample_common: whether lp_build_cube_lookup projects derivatives (need_derivs): an
// LOD is needed (min != mag filter or a mip filter), min_lod != max_lod (lod_selector's
// min_max_lod_equal) and the LOD is not explicit. textureQueryLod is not considered, so its
// LOD then comes from the face coordinates' quad differences.
bool cube_needs_derivs(const SurfaceView& view, const SamplerState& smp, SampleOp op) {
  if (op == SampleOp::kLevel || op == SampleOp::kLevelZero || op == SampleOp::kGather) return false;
  return (smp.min_filter != smp.mag_filter ||
          lavapipe_mip_filter(view, smp, op) != MipFilter::kNone) &&
         smp.min_lod != smp.max_lod;
}

// A fragment-shader cube lane's request for the LOD computation: lane k's direction with its
// fine derivatives, projected onto k's own face (lp_build_cube_lookup, need_derivs).
Prepared fragment_cube_lod_request(const SurfaceView& view, const SamplerState& sampler,
                                   const SampleRequest* quad, size_t k) {
  SampleRequest r = quad[k];
  const QuadDerivatives3 d = fine_derivatives(quad, k);
  r.ddx = d.ddx;
  r.ddy = d.ddy;
  return prepare(view, sampler, r);
}

// The LOD of a lane: its own, or in a fragment shader its quad's (the top-left lane's: the rho of
// quad element 0, lp_build_rho). Cube maps in a fragment shader project each lane's fine
// derivatives onto its own face; lavapipe keeps that LOD per lane when there is a mip filter
// (lp_build_sample_soa_code: num_lods = length for cubes) and otherwise takes the top-left
// lane's, where the LOD only chooses between the min and mag filters.
LodInfo lane_lod(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                 const SampleRequest& in_req, const Prepared& p, const LavapipeLaneContext& ctx) {
  if (ctx.quad == nullptr) return select_lod(s, p.smp, p.req);
  if (p.cube) {
    if (!cube_needs_derivs(view, sampler, in_req.op)) return select_lod(s, p.smp, p.req);
    const bool per_lane = lavapipe_mip_filter(view, sampler, in_req.op) != MipFilter::kNone ||
                          in_req.op == SampleOp::kBias;
    const size_t lod_lane = per_lane ? size_t{ctx.quad_lane & 3u} : 0;
    const Prepared q = fragment_cube_lod_request(view, sampler, ctx.quad, lod_lane);
    return select_lod(s, q.smp, q.req);
  }
  const Prepared q = prepare(view, sampler, *ctx.quad);
  return select_lod(s, q.smp, q.req);
}

// lp_build_cube_lookup as lavapipe runs it for textureQueryLod on a cube map in a fragment shader
// (measured; see fragment_cube_lod_query): the direction's third component is undefined and the
// selects that would use it fall back to their other operand. So the face is +-x or +-y (x
// when |x| > |y|), face_s = x and face_t = -y whatever the face (snewy and tnewx), and the
// derivatives likewise (dx, -dy of the shader's x and y), projected with ma = x or y.
LpCube lp_cube_lookup_lodq(const std::array<float, 3>& c, const std::array<float, 3>& dx,
                           const std::array<float, 3>& dy) {
  const bool x_major = std::fabs(c[0]) > std::fabs(c[1]);
  const size_t axis = x_major ? 0 : 1;
  const float ma = c[axis];
  LpCube r;
  r.face = 2 * static_cast<int32_t>(axis) + (std::signbit(ma) ? 1 : 0);
  const std::array<float, 2> st{c[0], -c[1]};
  const std::array<float, 2> dsx{dx[0], -dx[1]}, dsy{dy[0], -dy[1]};
  const float ima = 1.0f / ma;
  const float imahalf = 0.5f * ima;
  const float imahalfpos = std::fabs(imahalf);
  r.s = st[0] * imahalfpos + 0.5f;
  r.t = st[1] * imahalfpos + 0.5f;
  const float madxdivma = dx[axis] * ima;
  const float madydivma = dy[axis] * ima;
  for (size_t k = 0; k < 2; ++k) {
    r.ddx[k] = (dsx[k] - madxdivma * st[k]) * imahalf;
    r.ddy[k] = (dsy[k] - madydivma * st[k]) * imahalf;
  }
  return r;
}

// Measured: lavapipe's cube textureQueryLod sees the whole direction only for R8G8B8A8_UNORM and
// B8G8R8A8_UNORM textures; for every other format the third component is undefined
// (lp_cube_lookup_lodq).
bool lodq_cube_sees_z(Format f) {
  return f == Format::kR8G8B8A8_UNORM || f == Format::kB8G8R8A8_UNORM;
}

// textureQueryLod on a cube map in a fragment shader (lp_build_sample_common with is_lodq, whose
// LOD is per lane). With need_derivs, lane k's fine derivatives are projected onto its face;
// otherwise lp_build_rho takes the quad's coarse differences of the face coordinates s, t (the
// same value for the whole quad).
Texel fragment_cube_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                              const SampleRequest* quad, size_t k) {
  const bool sees_z = lodq_cube_sees_z(view.desc.format);
  auto lookup = [&](size_t lane, const QuadDerivatives3& d) {
    const std::array<float, 3>& c = quad[lane].coord;
    return sees_z ? lp_cube_lookup(c, d.ddx, d.ddy) : lp_cube_lookup_lodq(c, d.ddx, d.ddy);
  };
  SampleRequest r;  // lod_query reads only the face-space derivatives
  r.op = SampleOp::kLodQuery;
  if (cube_needs_derivs(view, sampler, SampleOp::kLodQuery)) {
    const LpCube c = lookup(k, fine_derivatives(quad, k));
    r.ddx = {c.ddx[0], c.ddx[1], 0.0f};
    r.ddy = {c.ddy[0], c.ddy[1], 0.0f};
  } else {
    const std::array<LpCube, 3> c{lookup(0, {}), lookup(1, {}), lookup(2, {})};
    r.ddx = {c[1].s - c[0].s, c[1].t - c[0].t, 0.0f};
    r.ddy = {c[2].s - c[0].s, c[2].t - c[0].t, 0.0f};
  }
  return lod_query(s, sampler, r);
}

bool lane_needs_linear(const SamplerState& sampler, const LodInfo& li, SampleOp op) {
  if (op == SampleOp::kGather) return true;
  if (sampler.min_filter == sampler.mag_filter) return sampler.min_filter == Filter::kLinear;
  return sampler.min_filter == Filter::kLinear ? li.positive : !li.positive;
}

}  // namespace

namespace {

// Measured (issue 20, oracle seeds with float32 denormal texels): lavapipe's fragment-shader
// threads run with the x86 MXCSR's DAZ and FTZ bits set (llvmpipe's rasterizer threads set
// "denorms to zero", as D3D10 asks), its compute threads do not. So a fragment lookup's float
// arithmetic reads denormal inputs as zero and flushes denormal results, while a value only
// moved (a point-sampled texel) keeps its bits. The model runs its own arithmetic under the same
// MXCSR bits for a fragment lookup (x86-64 only; elsewhere the bits are not modelled).
class FragmentFpState {
 public:
  explicit FragmentFpState(bool fragment) {
#if defined(__x86_64__) || defined(_M_X64)
    if (fragment) {
      saved_ = _mm_getcsr();
      _mm_setcsr(saved_ | kDaz | kFtz);
      active_ = true;
    }
#else
    (void)fragment;
#endif
  }
  ~FragmentFpState() {
#if defined(__x86_64__) || defined(_M_X64)
    if (active_) _mm_setcsr(saved_);
#endif
  }
  FragmentFpState(const FragmentFpState&) = delete;
  FragmentFpState& operator=(const FragmentFpState&) = delete;

 private:
  static constexpr unsigned kDaz = 1u << 6;   // denormals are zeros (inputs)
  static constexpr unsigned kFtz = 1u << 15;  // flush to zero (results)
  unsigned saved_ = 0;
  bool active_ = false;
};

SampleResult sample_lavapipe_lane(const SurfaceView& view, const SamplerState& sampler,
                                  const SampleRequest& in_req, const LavapipeLaneContext& ctx);

}  // namespace

SampleResult sample_lavapipe(const SurfaceView& view, const SamplerState& sampler,
                             const SampleRequest& in_req, const LavapipeLaneContext& ctx) {
  const FragmentFpState fp(ctx.quad != nullptr);
  // A call the compiler cannot see through keeps the arithmetic between the MXCSR writes.
  SampleResult (*volatile lane)(const SurfaceView&, const SamplerState&, const SampleRequest&,
                                const LavapipeLaneContext&) = &sample_lavapipe_lane;
  return lane(view, sampler, in_req, ctx);
}

namespace {

SampleResult sample_lavapipe_lane(const SurfaceView& view, const SamplerState& sampler,
                                  const SampleRequest& in_req, const LavapipeLaneContext& ctx) {
  const SurfaceDesc& d = view.desc;
  const FormatInfo& fi = format_info(d.format);
  const Surf s = make_surf(view);
  const Prepared p = prepare(view, sampler, in_req);
  const SampleRequest& req = p.req;
  const int32_t slice = p.slice_base + p.face;
  SampleResult res;
  if (req.op == SampleOp::kLodQuery) {
    if (ctx.quad != nullptr && p.cube) {
      res.texel = fragment_cube_lod_query(s, view, sampler, ctx.quad, ctx.quad_lane & 3u);
    } else if (ctx.quad != nullptr) {
      const Prepared q = prepare(view, sampler, *ctx.quad);
      res.texel = lod_query(s, q.smp, q.req);
    } else {
      res.texel = lod_query(s, p.smp, req);
    }
    return res;
  }
  const LodInfo li = lane_lod(s, view, sampler, in_req, p, ctx);
  const bool lod_per_quad = ctx.quad != nullptr && in_req.op == SampleOp::kImplicit;
  if (uses_aos(view, sampler, in_req, lod_per_quad)) {
    // lp_build_sample_aos: with min != mag the quad's LOD picks the min filter (with the mip
    // filter) or the mag filter (level 0, no mip lerp).
    const bool minified = sampler.min_filter == sampler.mag_filter || li.positive;
    const Filter filter = minified ? sampler.min_filter : sampler.mag_filter;
    const bool linear = filter == Filter::kLinear;
    Rgba8 c = sample_level_aos(s, p.smp, req, static_cast<uint32_t>(li.level0), linear, slice);
    if (minified && sampler.mip_filter == MipFilter::kLinear && li.fpart > 0.0f) {
      const Rgba8 c1 =
          sample_level_aos(s, p.smp, req, static_cast<uint32_t>(li.level1), linear, slice);
      const int32_t w = cvt_trunc(li.fpart * 256.0f);
      c = lerp8(w, c, c1);
    }
    const auto scale = static_cast<float>(1.0 / 255.0);
    res.texel =
        Texel::from_float(static_cast<float>(c.c[0]) * scale, static_cast<float>(c.c[1]) * scale,
                          static_cast<float>(c.c[2]) * scale, static_cast<float>(c.c[3]) * scale);
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
    const bool lane_linear = lane_needs_linear(sampler, li, req.op);
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
  auto level_sample = [&](int32_t level, int which) {
    const auto lv = static_cast<uint32_t>(level);
    if (p.cube && linear) {
      const bool own_corner =
          cube_taps(req.coord[0], req.coord[1], view.layout.levels[lv].width).corner;
      const auto& group = ctx.group_cube_corner[static_cast<size_t>(which)];
      const bool group_corner = group.value_or(own_corner) || own_corner;
      return sample_level_cube_linear(s, p.smp, req, lv, nearest_via_linear, p.face, p.slice_base,
                                      group_corner);
    }
    return sample_level_soa(s, p.smp, req, lv, linear, nearest_via_linear, slice);
  };
  Texel t = level_sample(level0, 0);
  const bool lerp_levels = fpart > 0.0f || ctx.group_mip_lerp.value_or(false);
  if (mip == MipFilter::kLinear && lerp_levels && fi.result_kind == TexelKind::kFloat) {
    const Texel t1 = level_sample(level1, 1);
    t = Texel::from_float(lerp(fpart, t.f(0), t1.f(0)), lerp(fpart, t.f(1), t1.f(1)),
                          lerp(fpart, t.f(2), t1.f(2)), lerp(fpart, t.f(3), t1.f(3)));
  }
  res.texel = t;
  return res;
}

}  // namespace

LavapipeLaneFacts lavapipe_lane_facts(const SurfaceView& view, const SamplerState& sampler,
                                      const SampleRequest& req, const LavapipeLaneContext& ctx) {
  const Surf s = make_surf(view);
  const Prepared p = prepare(view, sampler, req);
  const LodInfo li = lane_lod(s, view, sampler, req, p, ctx);
  LavapipeLaneFacts f;
  f.needs_linear = lane_needs_linear(sampler, li, req.op);
  f.mip_lerp = sampler.mip_filter == MipFilter::kLinear && li.fpart > 0.0f &&
               format_info(view.desc.format).result_kind == TexelKind::kFloat;
  if (p.cube) {
    const bool gather = req.op == SampleOp::kGather;
    const int32_t l0 = gather ? 0 : li.level0;
    const int32_t l1 = gather ? 0 : li.level1;
    f.cube_corner[0] = cube_taps(p.req.coord[0], p.req.coord[1],
                                 view.layout.levels[static_cast<uint32_t>(l0)].width)
                           .corner;
    f.cube_corner[1] = cube_taps(p.req.coord[0], p.req.coord[1],
                                 view.layout.levels[static_cast<uint32_t>(l1)].width)
                           .corner;
  }
  return f;
}

bool lavapipe_lane_needs_linear(const SurfaceView& view, const SamplerState& sampler,
                                const SampleRequest& req) {
  return lavapipe_lane_facts(view, sampler, req, {}).needs_linear;
}

}  // namespace texsim::texunit
