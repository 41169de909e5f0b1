// LOD windows and filter candidates for lookup_bounds (bounds_lod.hpp): Vulkan "Level-of-Detail
// Operation" / "Scale Factor Operation" with the CTS's error model, cube LODs from the exact face.
#include "texunit/bounds_lod.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "texunit/cube.hpp"

namespace texsim::texunit {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double log2_or_inf(double x) {
  return x > 0.0 ? std::log2(x) : -kInf;
}

// tcu::computeFloatingPointError(value, bits): the span of the mantissa bits below `bits`.
double float_error(double value, unsigned bits) {
  if (!(value > 0.0) || !std::isfinite(value)) return 0.0;
  return std::ldexp(1.0, std::ilogb(value) - static_cast<int>(bits));
}

// A NaN, infinite or huge (|x| >= 2^15) explicit LOD or shader bias: Vulkan's arithmetic on it
// is undefined (implementations convert it to fixed point and overflow; lavapipe then reads level
// 0 whatever the clamps say), so any level.
bool defined_lod(float x) {
  return std::fabs(x) < 0x1.0p15f;
}

bool is_cube(const SurfaceView& view) {
  return view.desc.type == SurfaceType::kCube || view.desc.type == SurfaceType::kCubeArray;
}

}  // namespace

std::vector<LodSource> lod_sources(const SampleRequest& req, std::span<const SampleRequest> quad) {
  if (quad.size() != 4) return {{req.coord, req.ddx, req.ddy}};
  std::vector<LodSource> out;
  out.reserve(8);
  for (size_t k = 0; k < 4; ++k) {
    out.push_back({quad[k].coord, req.ddx, req.ddy});
    LodSource fine{quad[k].coord, {}, {}};
    const size_t row = k & 2u, col = k & 1u;
    for (size_t i = 0; i < 3; ++i) {
      fine.ddx[i] = quad[row + 1].coord[i] - quad[row].coord[i];
      fine.ddy[i] = quad[col + 2].coord[i] - quad[col].coord[i];
    }
    out.push_back(fine);
  }
  return out;
}

std::array<double, 2> lod_bounds_from_derivatives(const std::array<double, 3>& dx,
                                                  const std::array<double, 3>& dy,
                                                  const BoundsPrecision& p) {
  // NaN or infinite derivatives, or ones whose square overflows float32 (an implementation's
  // rho may then be infinite or NaN): any LOD (the clamp bounds it).
  constexpr double kOverflow = 0x1.0p63;
  for (size_t i = 0; i < 3; ++i)
    if (!(std::fabs(dx[i]) < kOverflow) || !(std::fabs(dy[i]) < kOverflow)) return {-kInf, kInf};
  const double fx_min = std::max({std::fabs(dx[0]), std::fabs(dx[1]), std::fabs(dx[2])});
  const double fy_min = std::max({std::fabs(dy[0]), std::fabs(dy[1]), std::fabs(dy[2])});
  const double fx_max = std::sqrt(2.0) * (std::fabs(dx[0]) + std::fabs(dx[1]) + std::fabs(dx[2]));
  const double fy_max = std::sqrt(2.0) * (std::fabs(dy[0]) + std::fabs(dy[1]) + std::fabs(dy[2]));
  const double p_min = std::max(fx_min, fy_min);
  const double p_max = std::max(fx_max, fy_max);
  const double lod_err = std::ldexp(1.0, -static_cast<int>(p.lod_bits_derivative));
  return {log2_or_inf(p_min - float_error(p_min, p.derivative_bits)) - lod_err,
          log2_or_inf(p_max + float_error(p_max, p.derivative_bits)) + lod_err};
}

std::array<double, 3> cube_texel_derivative(const std::array<float, 3>& dir,
                                            const std::array<float, 3>& d, uint32_t face,
                                            double size) {
  const auto st = cube_project_derivative(dir, d, face);
  return {static_cast<double>(st[0]) * size, static_cast<double>(st[1]) * size, 0.0};
}

std::vector<uint32_t> cube_lod_faces(const std::array<float, 3>& dir) {
  std::vector<uint32_t> faces{cube_coord(dir).face};
  const float m = std::max({std::fabs(dir[0]), std::fabs(dir[1]), std::fabs(dir[2])});
  for (uint32_t a = 0; a < 3; ++a) {
    if (std::fabs(dir[a]) == m) continue;  // the major axis, or an exact tie (broken Z, Y, X)
    if (std::fabs(dir[a]) >= m * (1.0f - 0x1.0p-10f))
      faces.push_back(2 * a + (std::signbit(dir[a]) ? 1u : 0u));
  }
  return faces;
}

std::array<double, 2> biased_lod_window(const SurfaceView& view, const SamplerState& sampler,
                                        const SampleRequest& req, const BoundsPrecision& p,
                                        std::span<const SampleRequest> quad) {
  std::array<double, 2> b{};
  const double bias = std::clamp(static_cast<double>(sampler.lod_bias), -16.0, 15.99);
  const double e = std::ldexp(1.0, -static_cast<int>(p.lod_bits_explicit));
  if (req.op == SampleOp::kLevel) {
    const double l = static_cast<double>(req.lod + static_cast<float>(bias));
    b = {l - e, l + e};
    if (!defined_lod(req.lod)) b = {-kInf, kInf};
  } else if (req.op == SampleOp::kLevelZero) {
    const auto l = static_cast<double>(static_cast<float>(bias));  // Vulkan: mipLodBias applies
    b = {l - e, l + e};
  } else if (req.op == SampleOp::kGather) {
    b = {-e, e};  // Vulkan "Texel Gathering": the base level
  } else {
    b = {kInf, -kInf};
    auto widen = [&](const std::array<double, 3>& dx, const std::array<double, 3>& dy) {
      const auto lb = lod_bounds_from_derivatives(dx, dy, p);
      b[0] = std::min(b[0], lb[0]);
      b[1] = std::max(b[1], lb[1]);
    };
    const bool cube = is_cube(view);
    const std::array<double, 3> size{static_cast<double>(view.desc.width),
                                     static_cast<double>(view.desc.height),
                                     static_cast<double>(view.desc.depth)};
    const unsigned dims = cube ? 2 : view.desc.coord_dims();
    for (const LodSource& src : lod_sources(req, quad)) {
      if (cube) {
        for (uint32_t face : cube_lod_faces(src.dir))
          widen(cube_texel_derivative(src.dir, src.ddx, face, size[0]),
                cube_texel_derivative(src.dir, src.ddy, face, size[0]));
        continue;
      }
      std::array<double, 3> dx{}, dy{};
      for (unsigned a = 0; a < dims && a < 3; ++a) {
        const double s = sampler.normalized_coords ? size[a] : 1.0;
        dx[a] = static_cast<double>(src.ddx[a]) * s;
        dy[a] = static_cast<double>(src.ddy[a]) * s;
      }
      widen(dx, dy);
    }
    if (std::isnan(b[0]) || std::isnan(b[1])) b = {-kInf, kInf};
    // The shader's bias: the lane's; in a fragment quad any lane's, since D3D11.3 §7.18.11 lets
    // the (biased) LOD be shared across the 2x2 stamp (lavapipe: the top-left lane's).
    std::array<double, 2> total{bias, bias};
    if (req.op == SampleOp::kBias) {
      total = {kInf, -kInf};
      for (const SampleRequest& r : quad.size() == 4 ? quad : std::span(&req, 1)) {
        if (!defined_lod(r.lod)) return {-kInf, kInf};
        const double t = bias + std::clamp(static_cast<double>(r.lod), -16.0, 15.99);
        total = {std::min(total[0], t), std::max(total[1], t)};
      }
    }
    b[0] += total[0];
    b[1] += total[1];
  }
  if (std::isnan(b[0]) || std::isnan(b[1])) b = {-kInf, kInf};
  return b;
}

std::array<double, 2> clamp_lod_window(const SamplerState& sampler, const std::array<double, 2>& b,
                                       const BoundsPrecision& p) {
  const double e = std::ldexp(1.0, -static_cast<int>(p.lod_bits_explicit));
  const double mn = sampler.min_lod, mx = sampler.max_lod;
  return {std::max(mn - e, std::min(mx - e, b[0])), std::max(mn + e, std::min(mx + e, b[1]))};
}

std::vector<BoundsCandidate> bounds_candidates(const SamplerState& sampler, uint32_t mip_count,
                                               bool integer, const std::array<double, 2>& lod,
                                               const BoundsPrecision& p) {
  std::vector<BoundsCandidate> out;
  MipFilter mip = sampler.mip_filter;
  if (integer && mip == MipFilter::kLinear) mip = MipFilter::kPoint;
  const uint32_t last = std::max(1u, mip_count) - 1;
  auto region = [&](Filter f, double lo, double hi) {
    if (integer) f = Filter::kPoint;
    if (!(lo <= hi)) return;
    auto clamp_level = [&](double x) {
      return static_cast<uint32_t>(std::clamp<int64_t>(static_cast<int64_t>(x), 0, last));
    };
    if (mip == MipFilter::kNone) {
      out.push_back({f, 0, 0, 0.0, 0.0});
    } else if (mip == MipFilter::kPoint) {
      // Vulkan: d = ceil(d' + 0.5) - 1; D3D11.3: floor(d' + 0.5); either level at a tie.
      const double a = std::floor(std::max(lo, -1.0) + 0.5);
      const double z = std::floor(std::min(hi, 1024.0) + 0.5);
      for (double l = a; l <= z; l += 1.0) {
        const uint32_t lv = clamp_level(l);
        if (out.empty() || out.back().level0 != lv || out.back().filter != f)
          out.push_back({f, lv, lv, 0.0, 0.0});
      }
    } else {
      const double we = std::ldexp(1.0, -static_cast<int>(p.blend_bits));
      const double a = std::floor(std::max(lo, -1.0));
      const double z = std::floor(std::min(hi, 1024.0));
      for (double k = a; k <= z; k += 1.0) {
        if (k < 0.0) {
          out.push_back({f, 0, 0, 0.0, 0.0});
        } else if (k >= static_cast<double>(last)) {
          out.push_back({f, last, last, 0.0, 0.0});
        } else {
          const auto l0 = static_cast<uint32_t>(k);
          const double w0 = std::clamp(std::max(lo, k) - k - we, 0.0, 1.0);
          const double w1 = std::clamp(std::min(hi, k + 1.0) - k + we, 0.0, 1.0);
          out.push_back({f, l0, l0 + 1, w0, w1});
        }
      }
    }
  };
  // D3D magnifies while the 8.8 LOD is <= 0, i.e. LOD <= 2^-9; Vulkan while lambda <= 0.
  constexpr double kMagEdge = 0x1.0p-9;
  if (lod[0] <= kMagEdge) region(sampler.mag_filter, lod[0], std::min(lod[1], kMagEdge));
  if (lod[1] > 0.0) region(sampler.min_filter, std::max(lod[0], 0.0), lod[1]);
  return out;
}

}  // namespace texsim::texunit
