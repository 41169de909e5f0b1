// Level of detail: derivative -> LOD, bias, clamp, fixed-point mip selection (D3D11.3 §7.18.10-11).
// Depends on sampler and core/convert only.
#include "texunit/lod.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/convert.hpp"

namespace texsim::texunit {

namespace {

float log2f_rounded(float x) {
  return static_cast<float>(std::log2(static_cast<double>(x)));
}

float length3(const Vec3& d) {
  const float sq = (d[0] * d[0] + d[1] * d[1]) + d[2] * d[2];
  return std::sqrt(sq);
}

constexpr float kMinBias = -16.0f;
constexpr float kMaxBias = 15.99f;

float clamp_bias(float b) {
  if (std::isnan(b)) return 0.0f;
  return std::clamp(b, kMinBias, kMaxBias);
}

}  // namespace

float isotropic_lod(const Vec3& ddx, const Vec3& ddy) {
  const float lx = length3(ddx);
  const float ly = length3(ddy);
  // std::max would drop a NaN in the second operand only; keep NaN from either side.
  if (std::isnan(lx) || std::isnan(ly)) return std::numeric_limits<float>::quiet_NaN();
  return log2f_rounded(std::max(lx, ly));
}

AnisoFootprint anisotropic_footprint(const Vec3& ddx, const Vec3& ddy, float max_anisotropy) {
  AnisoFootprint f;
  // Below 1 (or NaN): 1. A fraction clamps the ratio as it is (Vulkan's eta = min(rho_max /
  // rho_min, maxAnisotropy)); the probe count is ceil(ratio) (Vulkan's N = ceil(eta)).
  const float max_aniso = max_anisotropy >= 1.0f ? max_anisotropy : 1.0f;
  const float dx2 = ddx[0] * ddx[0] + ddx[1] * ddx[1];
  const float dy2 = ddy[0] * ddy[0] + ddy[1] * ddy[1];
  const float det = std::fabs(ddx[0] * ddy[1] - ddx[1] * ddy[0]);
  const bool x_major = dx2 > dy2;
  const float major2 = x_major ? dx2 : dy2;
  const float length_major = std::sqrt(major2);
  f.major = x_major ? std::array<float, 2>{ddx[0], ddx[1]} : std::array<float, 2>{ddy[0], ddy[1]};
  if (std::isnan(dx2) || std::isnan(dy2) || std::isnan(det)) {
    f.lod = std::numeric_limits<float>::quiet_NaN();
    return f;
  }
  if (major2 == 0.0f) {
    f.lod = -std::numeric_limits<float>::infinity();
    return f;
  }
  float ratio = major2 / det;  // det == 0 -> +inf
  float minor;
  if (ratio > max_aniso) {
    ratio = max_aniso;
    minor = length_major / ratio;
  } else {
    minor = det / length_major;
  }
  f.ratio = ratio;
  f.lod = log2f_rounded(minor);
  // A NaN ratio (NaN derivatives) gives 0 probes: what the x86 conversion of NaN gave Release
  // builds (cvttss2si: INT64_MIN, low 32 bits 0), without the undefined cast (P11).
  f.probes = std::isnan(ratio)
                 ? 0u
                 : static_cast<unsigned>(std::clamp(std::ceil(ratio), 1.0f, std::ceil(max_aniso)));
  return f;
}

float bias_lod(float lod, float sampler_bias, std::optional<float> instruction_bias) {
  float biased = lod + clamp_bias(sampler_bias);
  if (instruction_bias) biased = biased + clamp_bias(*instruction_bias);
  return biased;
}

float clamp_lod(float biased, float min_lod, float max_lod) {
  return std::fmax(min_lod, std::fmin(max_lod, biased));
}

int64_t lod_to_fixed(float lod, unsigned frac_bits) {
  // 9 integer bits including the sign: [-256, 256) covers every LOD that selects a level.
  return core::float_to_fixed(lod, 9, frac_bits);
}

MipSelection select_mips(float clamped_lod, MipFilter mip_filter, uint32_t mip_count,
                         const PrecisionProfile& precision) {
  MipSelection s;
  const int64_t last = mip_count == 0 ? 0 : static_cast<int64_t>(mip_count) - 1;
  int64_t whole = 0;    // integer part (floor) of the LOD
  int64_t nearest = 0;  // integer part of LOD + 0.5
  float frac = 0.0f;    // fractional part
  if (precision.kind == PrecisionKind::kExact) {
    const float lod = std::isnan(clamped_lod) ? 0.0f : std::clamp(clamped_lod, -256.0f, 256.0f);
    s.magnify = lod <= 0.0f;
    const float fl = std::floor(lod);
    whole = static_cast<int64_t>(fl);
    frac = lod - fl;
    nearest = static_cast<int64_t>(std::floor(lod + 0.5f));
  } else {
    const unsigned bits = precision.lod_frac_bits;
    const int64_t fx = lod_to_fixed(clamped_lod, bits);
    s.magnify = fx <= 0;
    whole = fx >> bits;  // arithmetic shift: floor
    const int64_t mask = (int64_t{1} << bits) - 1;
    frac = static_cast<float>(fx & mask) / static_cast<float>(int64_t{1} << bits);
    nearest = bits == 0 ? fx : (fx + (int64_t{1} << (bits - 1))) >> bits;
  }
  switch (mip_filter) {
    case MipFilter::kNone:
      break;
    case MipFilter::kPoint:
      s.level0 = static_cast<uint32_t>(std::clamp<int64_t>(nearest, 0, last));
      s.level1 = s.level0;
      break;
    case MipFilter::kLinear:
      if (whole < 0) {
        s.level0 = s.level1 = 0;
      } else if (whole >= last) {
        s.level0 = s.level1 = static_cast<uint32_t>(last);
      } else {
        s.level0 = static_cast<uint32_t>(whole);
        s.level1 = s.level0 + 1;
        s.weight1 = frac;
      }
      break;
  }
  return s;
}

float quantize_lod(float lod, const PrecisionProfile& precision) {
  if (precision.kind == PrecisionKind::kExact) return lod;
  if (!std::isfinite(lod) || std::fabs(lod) >= 255.0f) return lod;
  const unsigned bits = precision.lod_frac_bits;
  return static_cast<float>(lod_to_fixed(lod, bits)) / static_cast<float>(int64_t{1} << bits);
}

}  // namespace texsim::texunit
