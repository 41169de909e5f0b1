// Sampler state as a plain value struct (filters, address modes, border, LOD controls, compare,
// reduction) and the precision profiles that make the filtering arithmetic explicit data.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace texsim::texunit {

enum class Filter : uint8_t { kPoint, kLinear };
enum class MipFilter : uint8_t { kNone, kPoint, kLinear };  // kNone: always level 0 (after base)
enum class AddressMode : uint8_t { kWrap, kMirror, kClamp, kBorder, kMirrorOnce };
enum class CompareFunc : uint8_t {
  kNever,
  kLess,
  kEqual,
  kLessEqual,
  kGreater,
  kNotEqual,
  kGreaterEqual,
  kAlways
};
enum class Reduction : uint8_t { kWeightedAverage, kMin, kMax };

std::string_view address_mode_name(AddressMode m);
std::optional<AddressMode> address_mode_from_name(std::string_view name);
std::string_view compare_func_name(CompareFunc f);
std::optional<CompareFunc> compare_func_from_name(std::string_view name);

struct SamplerState {
  Filter min_filter = Filter::kLinear;
  Filter mag_filter = Filter::kLinear;
  MipFilter mip_filter = MipFilter::kPoint;
  float max_anisotropy = 1.0f;  // 1: isotropic; above 1 (to 16, fractions too): anisotropic
  std::array<AddressMode, 3> address{AddressMode::kClamp, AddressMode::kClamp,
                                     AddressMode::kClamp};    // u, v, w
  std::array<float, 4> border_color{0.0f, 0.0f, 0.0f, 0.0f};  // float formats
  std::array<uint32_t, 4> border_color_int{0u, 0u, 0u, 0u};   // integer formats
  float lod_bias = 0.0f;                                      // D3D MipLODBias, in (-16, 15.99]
  float min_lod = 0.0f;
  float max_lod = 1000.0f;
  std::optional<CompareFunc> compare;  // set: comparison sampler (PCF)
  bool normalized_coords = true;       // false: coordinates in texels (no wrap/mirror, 1 mip)
  bool srgb_decode = true;             // false: sRGB formats read as UNORM
  Reduction reduction = Reduction::kWeightedAverage;
};

// The maximum anisotropy lavapipe filters with: lvp_CreateSampler stores VkSamplerCreateInfo's
// float maxAnisotropy in pipe_sampler_state's unsigned bit-field max_anisotropy (a conversion
// that truncates: 2.9 -> 2, 1.5 -> 1), and llvmpipe enables its anisotropic path for values above
// 1 and passes lp_jit_sampler the float of that integer (decision P24). Below 1 or NaN: 1; above
// 16 (past Vulkan's maxSamplerAnisotropy, lavapipe's 16): 16.
inline float lavapipe_max_anisotropy(const SamplerState& s) {
  const float m = s.max_anisotropy;
  if (!(m >= 1.0f)) return 1.0f;
  if (m >= 16.0f) return 16.0f;
  return static_cast<float>(static_cast<uint32_t>(m));
}

// How the arithmetic is done. `kD3D` follows the D3D11.3 fixed-point pipeline with the
// precisions below; `kExact` uses full float everywhere (a reference); `kLavapipe` reproduces
// Mesa 22.3 lavapipe's arithmetic so that differential tests can be bit-exact; `kNvidia` is the
// CUDA Programming Guide's texture fetching appendix (8-bit fractional weights in 9-bit fixed
// point) with public measurements, decisions P13-P19 (sample_nvidia.hpp).
enum class PrecisionKind : uint8_t { kD3D, kExact, kLavapipe, kNvidia };

std::string_view precision_name(PrecisionKind k);
std::optional<PrecisionKind> precision_from_name(std::string_view name);

struct PrecisionProfile {
  PrecisionKind kind = PrecisionKind::kD3D;
  unsigned subtexel_bits = 8;  // D3D11.3 §7.18.16.1: at least 8 fraction bits of texel space
  unsigned lod_frac_bits = 8;  // D3D11.3 §7.18.10: LOD as at least 8.8 fixed point

  static PrecisionProfile d3d() { return {}; }
  static PrecisionProfile exact() { return {PrecisionKind::kExact, 23, 23}; }
  static PrecisionProfile lavapipe() { return {PrecisionKind::kLavapipe, 8, 8}; }
  // CUDA: "9-bit fixed point format with 8 bits of fractional value" (P13); LOD fraction P16.
  static PrecisionProfile nvidia() { return {PrecisionKind::kNvidia, 8, 8}; }
  // The profile a scene, sampler or command line names.
  static PrecisionProfile of(PrecisionKind k) {
    switch (k) {
      case PrecisionKind::kExact:
        return exact();
      case PrecisionKind::kLavapipe:
        return lavapipe();
      case PrecisionKind::kNvidia:
        return nvidia();
      case PrecisionKind::kD3D:
        break;
    }
    return d3d();
  }
};

}  // namespace texsim::texunit
