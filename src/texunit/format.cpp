// Exact texel decode/encode driven by the format table's rows (format.hpp): bit strings, small
// floats, shared exponents, BCn blocks. Depends on core and the internal BC decoder only.
#include "texunit/format.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "core/bits.hpp"
#include "core/convert.hpp"
#include "core/half.hpp"
#include "texunit/bc.hpp"

namespace texsim::texunit {
namespace {

using K = ChannelKind;

// R9G9B9E5_SHAREDEXP: exponent field, bias 15, 9-bit mantissas without an implicit one
// (DXGI R9G9B9E5_SHAREDEXP / EXT_texture_shared_exponent).
constexpr core::BitField kSharedExponent{"E", 31, 27, "DXGI R9G9B9E5_SHAREDEXP"};
constexpr int kSharedExpBias = 15;
constexpr int kSharedExpMantissaBits = 9;
constexpr int kSmallFloatBias = 15;  // R11G11B10 small floats: 5-bit exponent, bias 15

// ---- bit strings: the texel's bytes read as one little-endian integer of up to 128 bits ----

uint32_t extract_bits(const uint8_t* p, unsigned offset, unsigned bits) {
  assert(bits >= 1 && bits <= 32);
  const unsigned first = offset / 8;
  const unsigned last = (offset + bits - 1) / 8;
  uint64_t v = 0;
  for (unsigned i = first; i <= last; ++i) v |= uint64_t{p[i]} << (8 * (i - first));
  v >>= offset % 8;
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  return static_cast<uint32_t>(v & mask);
}

void insert_bits(uint8_t* p, unsigned offset, unsigned bits, uint32_t value) {
  assert(bits >= 1 && bits <= 32);
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const uint64_t field = (uint64_t{value} & mask) << (offset % 8);
  const uint64_t field_mask = mask << (offset % 8);
  const unsigned first = offset / 8;
  const unsigned last = (offset + bits - 1) / 8;
  for (unsigned i = first; i <= last; ++i) {
    const unsigned shift = 8 * (i - first);
    const auto keep = static_cast<uint8_t>(~(field_mask >> shift) & 0xffu);
    p[i] = static_cast<uint8_t>((p[i] & keep) | ((field >> shift) & 0xffu));
  }
}

uint32_t float_bits(float f) {
  return std::bit_cast<uint32_t>(f);
}

// ---- unsigned small floats (R11G11B10_FLOAT): 5-bit exponent, 6 or 5 mantissa bits ----

// Exact widening (every value is representable in binary32). NaN keeps its payload in the top
// of the binary32 mantissa and comes out quiet, as core::half_to_float does.
float small_float_to_float(uint32_t v, unsigned mbits) {
  const uint32_t m = v & ((1u << mbits) - 1);
  const uint32_t e = (v >> mbits) & 0x1fu;
  if (e == 0) {
    // Denormal: m * 2^(1 - bias - mbits), exact.
    return std::ldexp(static_cast<float>(m), 1 - kSmallFloatBias - static_cast<int>(mbits));
  }
  if (e == 31) {
    const uint32_t quiet = m != 0 ? 0x00400000u : 0u;
    return std::bit_cast<float>(0x7f800000u | quiet | (m << (23 - mbits)));
  }
  const uint32_t exp32 = e - kSmallFloatBias + 127;
  return std::bit_cast<float>((exp32 << 23) | (m << (23 - mbits)));
}

// Rounds a non-negative double holding an exact value to the nearest integer, ties to even.
double round_half_even(double x) {
  const double fl = std::floor(x);
  const double frac = x - fl;  // exact
  if (frac > 0.5) return fl + 1.0;
  if (frac < 0.5) return fl;
  return std::fmod(fl, 2.0) == 0.0 ? fl : fl + 1.0;
}

// float -> unsigned small float (texsim decision, docs/decisions.md "R11G11B10 encode"):
// round to nearest even, denormals produced; negative values (including -0 and -inf) -> 0;
// +inf -> inf; finite values above the largest finite value saturate to it (as D3DX /
// DirectXMath XMStoreFloat3PK do); NaN -> NaN keeping the top mantissa bits, quiet bit set.
uint32_t float_to_small_float(float f, unsigned mbits) {
  const uint32_t b = float_bits(f);
  const uint32_t inf = 31u << mbits;
  const uint32_t max_finite = inf - 1;
  if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) != 0) {
    return inf | ((b & 0x007fffffu) >> (23 - mbits)) | (1u << (mbits - 1));
  }
  if ((b & 0x80000000u) != 0) return 0;  // negative, -0, -inf
  if (b == 0x7f800000u) return inf;
  if (f == 0.0f) return 0;
  const int e = std::ilogb(f);  // exact floor(log2 f), denormals included
  if (e > 15) return max_finite;
  const int biased = std::max(e + kSmallFloatBias, 1);
  const int quantum_exp = biased - kSmallFloatBias - static_cast<int>(mbits);
  const double r = round_half_even(std::ldexp(static_cast<double>(f), -quantum_exp));
  const uint32_t code = static_cast<uint32_t>(r) + (static_cast<uint32_t>(biased - 1) << mbits);
  return std::min(code, max_finite);
}

// ---- RGB9E5 ----

float shared_exp_to_float(uint32_t mantissa, uint32_t exponent) {
  // mantissa * 2^(exponent - bias - 9): exact in binary32.
  return std::ldexp(static_cast<float>(mantissa),
                    static_cast<int>(exponent) - kSharedExpBias - kSharedExpMantissaBits);
}

struct SharedExpCode {
  std::array<uint32_t, 3> mantissa{};
  uint32_t exponent = 0;
};

// The shared-exponent encoder of EXT_texture_shared_exponent (also D3D's reference): clamp each
// channel to [0, sharedexp_max] (NaN -> 0), pick the exponent from the largest, then round each
// mantissa with floor(x + 0.5) (round half up — the algorithm's own rounding, not RNE).
SharedExpCode encode_shared_exp(float r, float g, float b) {
  constexpr int kN = kSharedExpMantissaBits;
  constexpr int kB = kSharedExpBias;
  constexpr int kEmax = 31;
  // (2^N - 1) / 2^N * 2^(Emax - B) = 65408, exact.
  const double max_value = std::ldexp(double{(1 << kN) - 1}, kEmax - kB - kN);
  const std::array<float, 3> in{r, g, b};
  std::array<double, 3> c{};
  for (size_t i = 0; i < 3; ++i) {
    const double v = static_cast<double>(in[i]);
    c[i] = std::isnan(in[i]) ? 0.0 : std::clamp(v, 0.0, max_value);
  }
  const double max_c = std::max({c[0], c[1], c[2]});
  const int floor_log2 = max_c > 0.0 ? std::ilogb(max_c) : -kB - 1;
  int exp_shared = std::max(-kB - 1, floor_log2) + 1 + kB;
  // Scaling by a power of two is exact in double; adding 0.5 is exact for every value whose
  // floor can be non-zero, so floor(x + 0.5) is computed exactly.
  const double max_s = std::floor(std::ldexp(max_c, -(exp_shared - kB - kN)) + 0.5);
  if (max_s == double{1 << kN}) ++exp_shared;
  SharedExpCode out;
  out.exponent = static_cast<uint32_t>(exp_shared);
  for (size_t i = 0; i < 3; ++i) {
    out.mantissa[i] =
        static_cast<uint32_t>(std::floor(std::ldexp(c[i], -(exp_shared - kB - kN)) + 0.5));
  }
  return out;
}

// ---- per-channel decode / encode ----

uint32_t sign_extend(uint32_t v, unsigned bits) {
  if (bits >= 32) return v;
  const uint32_t sign = 1u << (bits - 1);
  return (v ^ sign) - sign;
}

uint32_t decode_float_channel(uint32_t raw, unsigned bits) {
  switch (bits) {
    case 32:
      return raw;  // bits untouched (D3D11.3 §22.4.6: denormals stay, NaN payloads kept)
    case 16:
      return float_bits(core::half_to_float(static_cast<uint16_t>(raw)));
    case 11:
      return float_bits(small_float_to_float(raw, 6));
    case 10:
      return float_bits(small_float_to_float(raw, 5));
    default:
      assert(false && "no float layout of this width");
      return 0;
  }
}

uint32_t decode_channel(const ChannelLayout& c, uint32_t raw, uint32_t shared_exponent) {
  switch (c.kind) {
    case K::kNone:
      return 0;
    case K::kUnorm:
      return float_bits(core::unorm_to_float(raw, c.bits));
    case K::kSnorm:
      return float_bits(core::snorm_to_float(raw, c.bits));
    case K::kSrgb:
      assert(c.bits == 8);
      return float_bits(core::srgb8_to_linear(static_cast<uint8_t>(raw)));
    case K::kUint:
      return raw;
    case K::kSint:
      return sign_extend(raw, c.bits);
    case K::kFloat:
      return decode_float_channel(raw, c.bits);
    case K::kSharedExp:
      return float_bits(shared_exp_to_float(raw, shared_exponent));
  }
  return 0;
}

// Integer channels: the source integer is value.bits[c] read as the Texel's kind (UINT: unsigned,
// SINT: signed); a float Texel's bits are read as the channel's own kind. Saturated to the
// channel's range.
uint32_t encode_integer_channel(const ChannelLayout& c, const Texel& value, size_t i) {
  const uint32_t bits = value.bits[i];
  const bool source_signed =
      value.kind == TexelKind::kSint || (value.kind == TexelKind::kFloat && c.kind == K::kSint);
  const int64_t v = source_signed ? int64_t{static_cast<int32_t>(bits)} : int64_t{bits};
  int64_t lo = 0;
  int64_t hi = 0;
  if (c.kind == K::kUint) {
    hi = (int64_t{1} << c.bits) - 1;
  } else {
    lo = -(int64_t{1} << (c.bits - 1));
    hi = (int64_t{1} << (c.bits - 1)) - 1;
  }
  return static_cast<uint32_t>(static_cast<uint64_t>(std::clamp(v, lo, hi)));
}

uint32_t encode_float_channel(float f, unsigned bits) {
  switch (bits) {
    case 32:
      return float_bits(f);  // stored untouched
    case 16:
      return core::float_to_half(f, core::Rounding::kNearestEven);  // D3D11.3 §3.1.5
    case 11:
      return float_to_small_float(f, 6);
    case 10:
      return float_to_small_float(f, 5);
    default:
      assert(false && "no float layout of this width");
      return 0;
  }
}

uint32_t encode_channel(const ChannelLayout& c, const Texel& value, size_t i,
                        const SharedExpCode& shared) {
  const float f = value.f(static_cast<int>(i));
  switch (c.kind) {
    case K::kNone:
      return 0;
    case K::kUnorm:
      return core::float_to_unorm(f, c.bits);
    case K::kSnorm:
      return core::float_to_snorm(f, c.bits);
    case K::kSrgb:
      assert(c.bits == 8);
      return core::float_to_srgb8(f);
    case K::kUint:
    case K::kSint:
      return encode_integer_channel(c, value, i);
    case K::kFloat:
      return encode_float_channel(f, c.bits);
    case K::kSharedExp:
      return shared.mantissa[i];
  }
  return 0;
}

bool has_shared_exponent(const FormatInfo& info) {
  return info.channels[0].kind == K::kSharedExp;
}

bc::BcKind bc_kind(const FormatInfo& info) {
  const bool snorm = info.channels[0].kind == K::kSnorm;
  switch (info.compression) {
    case BlockCompression::kBC1:
      return bc::BcKind::kBC1;
    case BlockCompression::kBC2:
      return bc::BcKind::kBC2;
    case BlockCompression::kBC3:
      return bc::BcKind::kBC3;
    case BlockCompression::kBC4:
      return snorm ? bc::BcKind::kBC4Snorm : bc::BcKind::kBC4Unorm;
    case BlockCompression::kBC5:
      return snorm ? bc::BcKind::kBC5Snorm : bc::BcKind::kBC5Unorm;
    case BlockCompression::kNone:
      break;
  }
  assert(false && "not a compressed format");
  return bc::BcKind::kBC1;
}

}  // namespace

Texel decode_texel(Format f, const uint8_t* block, unsigned x_in_block, unsigned y_in_block) {
  const FormatInfo& info = format_info(f);
  if (info.is_compressed()) {
    const std::array<float, 4> v =
        bc::decode_texel(bc_kind(info), info.is_srgb(), block, x_in_block, y_in_block);
    return Texel::from_float(v[0], v[1], v[2], v[3]);
  }
  Texel t;
  t.kind = info.result_kind;
  const uint32_t shared_exponent =
      has_shared_exponent(info) ? extract_bits(block, kSharedExponent.lo, kSharedExponent.width())
                                : 0;
  for (size_t c = 0; c < 4; ++c) {
    const ChannelLayout& layout = info.channels[c];
    if (layout.kind == K::kNone) {
      // Missing components: 0, and A = 1.0f / 0x1 (D3D11.3 §19.1.3.3).
      t.bits[c] = c == 3 ? (t.kind == TexelKind::kFloat ? float_bits(1.0f) : 1u) : 0u;
      continue;
    }
    const uint32_t raw = extract_bits(block, layout.offset, layout.bits);
    t.bits[c] = decode_channel(layout, raw, shared_exponent);
  }
  return t;
}

bool encode_texel(Format f, const Texel& value, uint8_t* out) {
  const FormatInfo& info = format_info(f);
  if (info.is_compressed()) return false;
  // Bits no channel covers (D24S8 stencil) are written as 0.
  std::memset(out, 0, info.bytes_per_block);
  SharedExpCode shared;
  if (has_shared_exponent(info)) {
    shared = encode_shared_exp(value.f(0), value.f(1), value.f(2));
    insert_bits(out, kSharedExponent.lo, kSharedExponent.width(), shared.exponent);
  }
  for (size_t c = 0; c < 4; ++c) {
    const ChannelLayout& layout = info.channels[c];
    if (layout.kind == K::kNone) continue;
    insert_bits(out, layout.offset, layout.bits, encode_channel(layout, value, c, shared));
  }
  return true;
}

}  // namespace texsim::texunit
