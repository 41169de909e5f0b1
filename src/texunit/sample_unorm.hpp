// The media sampler's UNORM block message (vISA SAMPLE_UNORM, IGC visa-sample_unorm.md): an 8x4
// block of pixels at (u0 + x du, v0 + y dv), sampled at LOD 0 and returned as UNORM16 words.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "texunit/message.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

inline constexpr unsigned kUnormBlockWidth = 8;  // pixels per row (decision V51)
inline constexpr unsigned kUnormBlockRows = 4;
inline constexpr unsigned kUnormBlockLanes = kUnormBlockWidth * kUnormBlockRows;

// Pixel 0's coordinates and the per-pixel steps (normalized unless the sampler says otherwise).
struct UnormBlockRequest {
  float u0 = 0.0f;
  float v0 = 0.0f;
  float du = 0.0f;
  float dv = 0.0f;
};

// Pixel i = 8y + x: its coordinates, u0 + x * du and v0 + y * dv in float (one rounding for the
// product, one for the sum; decision V51).
std::array<float, 2> unorm_block_coord(const UnormBlockRequest& req, unsigned pixel);

// Why `d` cannot be sampled by the UNORM block message (nullopt when it can): a single-sample 2D
// surface of an uncompressed UNORM colour format whose channels are all 8 bits or all 16 bits
// (decision V53).
std::optional<std::string> unorm_block_unsupported(const SurfaceDesc& d);

// A filtered channel value as a UNORM16 word for a format of `channel_bits` (8 or 16): 8-bit
// formats scale by 255 x 256 (the code in the high byte, the filter's fraction below), 16-bit
// formats by 65535; clamped to [0, 1] first, NaN as 0, rounded to nearest even (decision V53).
uint16_t unorm16_from_float(float value, unsigned channel_bits);

// The 32 pixels, R, G, B, A each (all four channels; the caller keeps the enabled ones). `ok` is
// false, nothing sampled, when the surface is unsupported.
struct UnormBlock {
  std::array<std::array<uint16_t, kUnormBlockLanes>, 4> words{};
  bool null_tile = false;  // some pixel read an unmapped region
  bool ok = false;
};
UnormBlock sample_unorm_block(const SurfaceView& view, const SamplerState& sampler,
                              const UnormBlockRequest& req, const MessageOptions& options);

}  // namespace texsim::texunit
