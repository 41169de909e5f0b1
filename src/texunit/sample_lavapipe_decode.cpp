// lavapipe format unpack (lp_build_unpack_rgba / sRGB polynomial), texelFetch and the texel read
// of the sampling paths with border colours (lp_build_clamp_border_color). Mesa 22.3.6.
#include "texunit/sample_lavapipe_decode.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "texunit/sample_lavapipe_internal.hpp"

namespace texsim::texunit {

Texel lavapipe_decode(Format f, const uint8_t* texel) {
  if (f == Format::kR8G8B8A8_UNORM) {
    // The general path below for this format, without the exact decode it overwrites: each
    // byte k as SIToFP(k) * float(1 / 255) (the anisotropic filter reads thousands of texels per
    // lane; decision P25). Pinned against B8G8R8A8_UNORM's general path for every byte.
    static constexpr auto kScale = static_cast<float>(1.0 / 255.0);
    return Texel::from_float(
        static_cast<float>(texel[0]) * kScale, static_cast<float>(texel[1]) * kScale,
        static_cast<float>(texel[2]) * kScale, static_cast<float>(texel[3]) * kScale);
  }
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

}  // namespace texsim::texunit

namespace texsim::texunit::lavapipe_detail {

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
  if (s.view.read_log != nullptr) {
    s.view.read_log->push_back({level, sz, static_cast<uint32_t>(x), static_cast<uint32_t>(y), 0});
  }
  return lavapipe_decode(s.view.desc.format, s.view.bytes.data() + off);
}

}  // namespace texsim::texunit::lavapipe_detail
