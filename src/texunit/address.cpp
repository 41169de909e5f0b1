// Texture addressing: range reduction, integer address modes and the snapped border colour.
// Depends on sampler, format and core/convert; knows nothing of filtering or LOD.
#include "texunit/address.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/convert.hpp"

namespace texsim::texunit {

float reduce_range(float u, AddressMode mode) {
  switch (mode) {
    case AddressMode::kWrap:
      // §7.18.6 WRAP: frac(U). u - floor(u) can round up to 1.0 for tiny negative u; the integer
      // wrap then maps texel `size` back to 0, so the selection is unchanged.
      return u - std::floor(u);
    case AddressMode::kMirror: {
      // §7.18.6 MIRROR: keep the phase modulo 2 (the mirror period); every step is exact.
      const float half = u * 0.5f;
      return (half - std::trunc(half)) * 2.0f;
    }
    case AddressMode::kClamp:
    case AddressMode::kBorder:
    case AddressMode::kMirrorOnce:
      if (std::isnan(u)) return u;
      return std::clamp(u, -10.0f, 10.0f);
  }
  return u;
}

float reduce_range_texels(float u, uint32_t size) {
  if (std::isnan(u)) return u;
  const float limit = static_cast<float>(size) + 64.0f;
  return std::clamp(u, -limit, limit);
}

AddressMode unnormalized_mode(AddressMode mode) {
  return mode == AddressMode::kBorder ? AddressMode::kBorder : AddressMode::kClamp;
}

std::optional<uint32_t> apply_address_mode(int64_t texel, uint32_t size, AddressMode mode) {
  const int64_t n = size;
  if (texel >= 0 && texel < n) return static_cast<uint32_t>(texel);  // every mode: unchanged
  switch (mode) {
    case AddressMode::kWrap: {
      const int64_t r = ((texel % n) + n) % n;
      return static_cast<uint32_t>(r);
    }
    case AddressMode::kMirror: {
      const int64_t period = 2 * n;
      const int64_t r = ((texel % period) + period) % period;
      return static_cast<uint32_t>(r < n ? r : period - 1 - r);
    }
    case AddressMode::kClamp:
      return static_cast<uint32_t>(std::clamp<int64_t>(texel, 0, n - 1));
    case AddressMode::kMirrorOnce: {
      const int64_t m = texel < 0 ? -(texel + 1) : texel;  // -(t + 1): defined for INT64_MIN
      return static_cast<uint32_t>(std::min<int64_t>(m, n - 1));
    }
    case AddressMode::kBorder:
      if (texel < 0 || texel >= n) return std::nullopt;
      return static_cast<uint32_t>(texel);
  }
  return std::nullopt;
}

namespace {

float snap_channel(float c, const ChannelLayout& ch) {
  switch (ch.kind) {
    case ChannelKind::kUnorm:
      return core::unorm_to_float(core::float_to_unorm(c, ch.bits), ch.bits);
    case ChannelKind::kSnorm:
      return core::snorm_to_float(core::float_to_snorm(c, ch.bits), ch.bits);
    case ChannelKind::kSrgb:
      if (std::isnan(c)) return 0.0f;
      return std::clamp(c, 0.0f, 1.0f);
    default:
      return c;
  }
}

uint32_t clamp_int_channel(uint32_t v, const ChannelLayout& ch, TexelKind kind) {
  if (ch.bits == 0 || ch.bits >= 32) return v;
  if (kind == TexelKind::kUint) {
    const uint32_t max = (uint32_t{1} << ch.bits) - 1u;
    return std::min(v, max);
  }
  const int32_t max = static_cast<int32_t>((uint32_t{1} << (ch.bits - 1)) - 1u);
  const int32_t min = -max - 1;
  return static_cast<uint32_t>(std::clamp(static_cast<int32_t>(v), min, max));
}

}  // namespace

Texel border_texel(const SamplerState& sampler, Format format) {
  // §7.18.9.1: "the only components of the BorderColor used by filtering hardware are the ones
  // present in the resource format description"; the others take the format defaults
  // (§19.1.3.3: 0, and A = 1.0f / 0x1), as an in-bounds texel of the format would.
  const FormatInfo& info = format_info(format);
  Texel t;
  t.kind = info.result_kind;
  const bool is_float = info.result_kind == TexelKind::kFloat;
  for (int c = 0; c < 4; ++c) {
    const ChannelLayout& ch = info.channels[static_cast<size_t>(c)];
    uint32_t& out = t.bits[static_cast<size_t>(c)];
    if (ch.kind == ChannelKind::kNone) {
      out = c == 3 ? (is_float ? std::bit_cast<uint32_t>(1.0f) : 1u) : 0u;
    } else if (is_float) {
      out = std::bit_cast<uint32_t>(snap_channel(sampler.border_color[static_cast<size_t>(c)], ch));
    } else {
      out =
          clamp_int_channel(sampler.border_color_int[static_cast<size_t>(c)], ch, info.result_kind);
    }
  }
  return t;
}

}  // namespace texsim::texunit
