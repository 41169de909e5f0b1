// Public API: sampler state (filters, address modes, border colours, LOD controls, comparison,
// reduction) and the precision profiles that choose the filtering arithmetic.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "texsim/export.h"

namespace texsim {

enum class Filter : uint8_t { kPoint, kLinear };
enum class MipFilter : uint8_t { kNone, kPoint, kLinear };  // kNone: always the base level
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

// D3D11.3 sampler state (§7.18). Defaults: trilinear-point, clamp, no comparison.
struct Sampler {
  Filter min_filter = Filter::kLinear;
  Filter mag_filter = Filter::kLinear;
  MipFilter mip_filter = MipFilter::kPoint;
  // Vulkan's maxAnisotropy: 1 isotropic; above 1 (up to 16, fractions allowed) anisotropic
  // minification. How each profile applies a fraction: docs/library.md ("Anisotropy").
  float max_anisotropy = 1.0f;
  std::array<AddressMode, 3> address{AddressMode::kClamp, AddressMode::kClamp,
                                     AddressMode::kClamp};  // u, v, w
  std::array<float, 4> border_color{};                      // float results
  std::array<uint32_t, 4> border_color_int{};               // integer formats
  float lod_bias = 0.0f;
  float min_lod = 0.0f;
  float max_lod = 1000.0f;
  std::optional<CompareFunc> compare;  // set: a comparison (PCF) sampler
  bool normalized_coords = true;       // false: coordinates in texels
  bool srgb_decode = true;             // false: sRGB formats read as UNORM
  Reduction reduction = Reduction::kWeightedAverage;
};

// The arithmetic: kD3D the D3D11.3 fixed-point pipeline; kExact full float (a reference);
// kLavapipe Mesa 22.3 lavapipe's arithmetic, bit for bit (differential testing); kNvidia the
// CUDA texture fetching appendix's 8-bit weights with public measurements (docs/decisions.md
// P13-P19, unverified on a GPU).
enum class Profile : uint8_t { kD3D, kExact, kLavapipe, kNvidia };

TEXSIM_API std::string_view profile_name(Profile p);  // "d3d", "exact", "lavapipe", "nvidia"
TEXSIM_API std::optional<Profile> profile_from_name(std::string_view name);  // case-insensitive

// The sampler as Vulkan applies it to `format`: border colour components the format lacks
// read 0 (R, G, B) and 1 (A) (Vulkan "Texel Replacement"); D3D returns the border colour as
// given. Sampling a Vulkan device's lookups with the d3d profile takes this state. An unknown
// format name returns `s` unchanged.
TEXSIM_API Sampler vulkan_equivalent(const Sampler& s, std::string_view format);

}  // namespace texsim
