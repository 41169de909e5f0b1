// Exact texel fetch with D3D `ld` / `ld2dms` semantics: integer coordinates, level, array slice,
// sample index, immediate offsets, out-of-bounds zeros, MCS, null tiles. Depends on surface.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "texunit/surface.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// What an out-of-range sample index returns (D3D11.3 §22.4.7 leaves it undefined).
enum class SampleIndexPolicy : uint8_t {
  kZero,   // out of bounds: zeros + missing-component defaults (lavapipe; the default)
  kClamp,  // clamp to samples - 1 (SwiftShader; the vISA ld2dms_w text says "clamped")
};

struct FetchRequest {
  // Unsigned texel coordinates as the instruction supplies them (bit patterns): x, y, z.
  // Components beyond the surface's coord_dims() are ignored.
  std::array<uint32_t, 3> coord{};
  uint32_t slice = 0;   // array slice (cube: face + 6 * cube); ignored for non-array types
                        // except cubes, which always take it
  uint32_t level = 0;   // mip level, relative to level 0 of the view
  uint32_t sample = 0;  // sample index (MSAA surfaces only)
  // Immediate offsets added to x, y, z in 32-bit unsigned arithmetic before the bounds check
  // (never to the slice). D3D11.3 §22.4.6.
  std::array<int32_t, 3> offset{};
  // ld2dms: the MCS value supplied by the instruction. When absent and the surface has an MCS
  // plane, the plane's value is used; when neither, fragment = sample index.
  std::optional<uint64_t> mcs;
};

struct FetchOptions {
  SampleIndexPolicy sample_policy = SampleIndexPolicy::kZero;
};

struct FetchResult {
  Texel texel;
  bool in_bounds = false;     // false: the out-of-bounds value was returned
  bool null_tile = false;     // the texel lies in an unmapped region (returned as zeros)
  bool fast_cleared = false;  // MCS said "cleared": the clear colour was returned
};

FetchResult fetch_texel(const SurfaceView& view, const FetchRequest& req,
                        const FetchOptions& opts = {});

// ld_mcs: the MCS value of the pixel (0 when the surface has no MCS plane or out of bounds).
uint64_t fetch_mcs(const SurfaceView& view, const FetchRequest& req);

}  // namespace texsim::texunit
