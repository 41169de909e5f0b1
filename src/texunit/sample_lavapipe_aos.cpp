// lavapipe AoS 8-bit fixed-point path (lp_bld_sample_aos.c): the use_aos decision and one
// level's point / bilinear sampling in 8.8 weights. Mesa 22.3.6.
#include "texunit/sample_lavapipe_aos.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "texunit/sample_lavapipe_decode.hpp"

namespace texsim::texunit::lavapipe_detail {

namespace {

Rgba8 read8(const Surf& s, const SamplerState& smp, uint32_t level, int32_t x, int32_t y, int32_t z,
            int32_t slice) {
  const Texel t = read_texel(s, smp, level, x, y, z, slice);
  Rgba8 r;
  // Recover the 8-bit values: lavapipe_decode gave k * float(1/255); k = round(v * 255).
  for (int c = 0; c < 4; ++c) r.c[c] = static_cast<int32_t>(std::lround(t.f(c) * 255.0f));
  return r;
}

}  // namespace

int32_t lerp8(int32_t w, int32_t a, int32_t b) {
  return a + ((w * (b - a) + 128) >> 8);
}

Rgba8 lerp8(int32_t w, const Rgba8& a, const Rgba8& b) {
  Rgba8 r;
  for (int c = 0; c < 4; ++c) r.c[c] = lerp8(w, a.c[c], b.c[c]);
  return r;
}

// lp_build_reduce_filter on 8.8 weights: the lerp, or per channel the min / max of the two taps
// where the weight is not 0, else the first tap (P9).
Rgba8 reduce8(Reduction mode, int32_t w, const Rgba8& a, const Rgba8& b) {
  if (mode == Reduction::kWeightedAverage) return lerp8(w, a, b);
  if (w == 0) return a;
  Rgba8 r;
  for (int c = 0; c < 4; ++c)
    r.c[c] = mode == Reduction::kMin ? std::min(a.c[c], b.c[c]) : std::max(a.c[c], b.c[c]);
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
      int32_t ip = wadd(cvt_floor(req.coord[i] * len_f), req.offset[i]);
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
    int32_t q = wadd(cvt_round(req.coord[i] * scaled), -128);
    int32_t ip = wadd(q >> 8, req.offset[i]);
    int32_t fp = q & 255;
    if (smp.address[i] == AddressMode::kWrap) {
      if (pot_i) {
        i0[i] = ip & len_m1;
        i1[i] = wadd(ip, 1) & len_m1;
      } else {
        const float len_f = static_cast<float>(length);
        float cf = req.coord[i];
        if (req.offset[i]) cf = cf + static_cast<float>(req.offset[i]) / len_f;
        cf = fract(cf) * len_f;
        cf = cf * 256.0f;
        int32_t qq = wadd(cvt_round(cf), -128);
        fp = qq & 255;
        int32_t c0 = qq >> 8;
        if (c0 < 0) c0 = len_m1;
        c0 = std::min(c0, len_m1);
        i0[i] = c0;
        i1[i] = c0 != len_m1 ? wadd(c0, 1) : 0;
      }
    } else {  // clamp to edge
      const bool lmask = ip >= 0, umask = ip < len_m1;
      int32_t c0 = lmask ? ip : 0;
      c0 = umask ? c0 : len_m1;
      i0[i] = c0;
      i1[i] = (lmask && umask) ? wadd(c0, 1) : c0;
    }
    w[i] = fp;
  }
  auto fetch = [&](int xi, int yi, int zi) {
    return read8(s, smp, level, xi ? i1[0] : i0[0], yi ? i1[1] : i0[1],
                 s.dims == 3 ? (zi ? i1[2] : i0[2]) : 0, slice);
  };
  auto bilinear = [&](int zi) {
    const Rgba8 r0 = reduce8(smp.reduction, w[0], fetch(0, 0, zi), fetch(1, 0, zi));
    const Rgba8 r1 = reduce8(smp.reduction, w[0], fetch(0, 1, zi), fetch(1, 1, zi));
    return reduce8(smp.reduction, w[1], r0, r1);
  };
  Rgba8 r = bilinear(0);
  if (s.dims == 3) r = reduce8(smp.reduction, w[2], r, bilinear(1));
  return r;
}

namespace {

bool fits_8unorm(const FormatInfo& fi) {
  if (fi.is_compressed() || fi.is_depth) return false;
  for (const auto& ch : fi.channels)
    if (ch.bits != 0 && !(ch.kind == ChannelKind::kUnorm && ch.bits == 8)) return false;
  return fi.channels[0].bits != 0;
}

bool simple_wrap(AddressMode m) {
  return m == AddressMode::kWrap || m == AddressMode::kClamp;
}

}  // namespace

// lp_build_sample_soa_code's use_aos. With min != mag filters it needs a LOD per quad
// (num_lods <= num_quads): fragment-shader texture() without a shader bias, which lavapipe then
// samples quad by quad (4-wide lp_build_sample_aos, AVX2 or not).
bool uses_aos(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req,
              bool lod_per_quad) {
  const FormatInfo& fi = format_info(view.desc.format);
  if (!fits_8unorm(fi) || sampler.compare || lavapipe_max_anisotropy(sampler) > 1.0f) return false;
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

}  // namespace texsim::texunit::lavapipe_detail
