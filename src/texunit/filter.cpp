// Filtering arithmetic: fixed-point texel selection, footprints, PCF comparison, reduction,
// level blend. Depends on sampler, format, texel, core/convert and core/half; reads no memory.
#include "texunit/filter.hpp"

#include <bit>
#include <cmath>
#include <limits>

#include "core/convert.hpp"
#include "core/half.hpp"

namespace texsim::texunit {

namespace {

// x86 cvttsd2si: NaN or outside int64 gives INT64_MIN, which is what Release builds computed for
// an infinite coordinate (a C++ cast of such a value is undefined: the 10M hash soak's exact
// lines stopped the UBSan build). Texel indices then add with wrap-around, like the hardware add.
int64_t trunc_i64(double x) {
  if (!(x >= -0x1p63 && x < 0x1p63)) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(x);
}
int64_t wrap_add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// Integer bits (sign included) of the texel-space fixed-point format. Range-reduced coordinates
// times sizes up to 2^17 plus offsets stay far inside; §7.18.16.1 requires at least 16.
constexpr unsigned kFixedIntBits = 32;

AxisSample from_fixed(int64_t fx, unsigned bits, int32_t offset) {
  AxisSample a;
  a.texel = (fx >> bits) + offset;
  const int64_t mask = (int64_t{1} << bits) - 1;
  a.frac = static_cast<float>(fx & mask) / static_cast<float>(int64_t{1} << bits);
  return a;
}

AxisSample from_double(double x, int32_t offset) {
  if (std::isnan(x)) x = 0.0;
  const double fl = std::floor(x);
  AxisSample a;
  a.texel = wrap_add(trunc_i64(fl), offset);
  a.frac = static_cast<float>(x - fl);
  if (a.frac >= 1.0f) {  // rounding to float reached the next texel
    a.frac = 0.0f;
    a.texel += 1;
  }
  return a;
}

}  // namespace

AxisSample point_axis(float coord, float scale, int32_t offset, const PrecisionProfile& p) {
  if (p.kind == PrecisionKind::kExact) {
    AxisSample a = from_double(static_cast<double>(coord) * scale, offset);
    a.frac = 0.0f;
    return a;
  }
  const float s = coord * scale;
  AxisSample a =
      from_fixed(core::float_to_fixed(s, kFixedIntBits, p.subtexel_bits), p.subtexel_bits, offset);
  a.frac = 0.0f;
  return a;
}

AxisSample linear_axis(float coord, float scale, int32_t offset, const PrecisionProfile& p) {
  if (p.kind == PrecisionKind::kExact) {
    return from_double(static_cast<double>(coord) * scale - 0.5, offset);
  }
  const float s = coord * scale - 0.5f;
  return from_fixed(core::float_to_fixed(s, kFixedIntBits, p.subtexel_bits), p.subtexel_bits,
                    offset);
}

Footprint make_footprint(std::span<const AxisSample> axes, bool linear) {
  Footprint f;
  const size_t dims = axes.size();
  if (!linear) {
    f.count = 1;
    for (size_t a = 0; a < dims; ++a) f.taps[0].xyz[a] = axes[a].texel;
    f.taps[0].weight = 1.0f;
    return f;
  }
  f.count = static_cast<uint8_t>(1u << dims);
  for (unsigned i = 0; i < f.count; ++i) {
    Tap& t = f.taps[i];
    float w = 1.0f;
    for (size_t a = 0; a < dims; ++a) {
      const bool upper = ((i >> a) & 1u) != 0;
      t.xyz[a] = wrap_add(axes[a].texel, upper ? 1 : 0);
      const float wa = upper ? axes[a].frac : 1.0f - axes[a].frac;
      w = a == 0 ? wa : w * wa;
    }
    t.weight = w;
  }
  return f;
}

float quantize_reference(float reference, Format format) {
  const ChannelLayout& r = format_info(format).channels[0];
  switch (r.kind) {
    case ChannelKind::kUnorm:
    case ChannelKind::kSrgb:
      return core::unorm_to_float(core::float_to_unorm(reference, r.bits), r.bits);
    case ChannelKind::kSnorm:
      return core::snorm_to_float(core::float_to_snorm(reference, r.bits), r.bits);
    case ChannelKind::kFloat:
      if (r.bits == 16) {
        return core::half_to_float(core::float_to_half(reference, core::Rounding::kTowardZero));
      }
      return reference;
    default:
      return reference;
  }
}

float flush_denormal(float x) {
  return std::bit_cast<float>(flush_denormal_bits(std::bit_cast<uint32_t>(x)));
}

uint32_t flush_denormal_bits(uint32_t bits) {
  // Exponent field 0: a zero or a denormal; either way the sign-preserved zero.
  return (bits & 0x7f800000u) == 0 ? bits & 0x80000000u : bits;
}

float compare_passes(CompareFunc func, float ref, float texel) {
  ref = flush_denormal(ref);
  texel = flush_denormal(texel);
  bool pass = false;
  switch (func) {
    case CompareFunc::kNever:
      pass = false;
      break;
    case CompareFunc::kLess:
      pass = ref < texel;
      break;
    case CompareFunc::kEqual:
      pass = ref == texel;
      break;
    case CompareFunc::kLessEqual:
      pass = ref <= texel;
      break;
    case CompareFunc::kGreater:
      pass = ref > texel;
      break;
    case CompareFunc::kNotEqual:
      pass = !(ref == texel);
      break;
    case CompareFunc::kGreaterEqual:
      pass = ref >= texel;
      break;
    case CompareFunc::kAlways:
      pass = true;
      break;
  }
  return pass ? 1.0f : 0.0f;
}

namespace {

// IEEE minNum/maxNum on bit patterns: a NaN loses to a number; the chosen operand's bits are
// kept (so -0 vs +0 keeps whichever std::fmin/fmax picks, both valid per §7.18.16.2).
uint32_t min_max_bits(uint32_t a, uint32_t b, bool is_max) {
  const float fa = std::bit_cast<float>(a);
  const float fb = std::bit_cast<float>(b);
  if (std::isnan(fa)) return b;
  if (std::isnan(fb)) return a;
  if (is_max) return fb > fa ? b : a;
  return fb < fa ? b : a;
}

Texel flushed(const Texel& t) {
  if (t.kind != TexelKind::kFloat) return t;
  Texel out = t;
  for (uint32_t& b : out.bits) b = flush_denormal_bits(b);
  return out;
}

}  // namespace

Texel combine(std::span<const WeightedTexel> values, Reduction reduction, bool linear) {
  const WeightedTexel* first = nullptr;
  unsigned nonzero = 0;
  for (const WeightedTexel& v : values) {
    if (v.weight == 0.0f) continue;
    if (first == nullptr) first = &v;
    ++nonzero;
  }
  if (first == nullptr) return Texel::from_float(0.0f, 0.0f, 0.0f, 0.0f);
  if (nonzero == 1 && first->weight == 1.0f) return linear ? flushed(first->texel) : first->texel;
  // From here on this is filter arithmetic: §3.1.3.2 flushes on input and output.
  auto ftz = [](float x) { return flush_denormal(x); };
  Texel out;
  out.kind = TexelKind::kFloat;
  if (reduction != Reduction::kWeightedAverage) {
    const bool is_max = reduction == Reduction::kMax;
    out = flushed(first->texel);
    for (const WeightedTexel& v : values) {
      if (v.weight == 0.0f || &v == first) continue;
      const Texel t = flushed(v.texel);
      for (size_t c = 0; c < 4; ++c) out.bits[c] = min_max_bits(out.bits[c], t.bits[c], is_max);
    }
    return out;
  }
  std::array<float, 4> acc{};
  for (size_t c = 0; c < 4; ++c)
    acc[c] = ftz(first->weight * ftz(first->texel.f(static_cast<int>(c))));
  for (const WeightedTexel& v : values) {
    if (v.weight == 0.0f || &v == first) continue;
    for (size_t c = 0; c < 4; ++c) {
      const float term = ftz(v.weight * ftz(v.texel.f(static_cast<int>(c))));
      acc[c] = ftz(acc[c] + term);
    }
  }
  return Texel::from_float(acc[0], acc[1], acc[2], acc[3]);
}

Texel blend_levels(const Texel& a, const Texel& b, float w, Reduction reduction) {
  if (w == 0.0f) return a;
  Texel out;
  out.kind = TexelKind::kFloat;
  const Texel fa = flushed(a);
  const Texel fb = flushed(b);
  if (reduction != Reduction::kWeightedAverage) {
    const bool is_max = reduction == Reduction::kMax;
    for (size_t c = 0; c < 4; ++c) out.bits[c] = min_max_bits(fa.bits[c], fb.bits[c], is_max);
    return out;
  }
  const float wa = 1.0f - w;
  for (size_t c = 0; c < 4; ++c) {
    const float ta = flush_denormal(fa.f(static_cast<int>(c)) * wa);
    const float tb = flush_denormal(fb.f(static_cast<int>(c)) * w);
    out.bits[c] = flush_denormal_bits(std::bit_cast<uint32_t>(ta + tb));
  }
  return out;
}

}  // namespace texsim::texunit
