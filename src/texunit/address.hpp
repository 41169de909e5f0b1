// Texture addressing: coordinate range reduction (D3D11.3 §7.18.6), the integer address modes
// (§7.18.9) and the border colour snapped to the format (§7.18.9.1). Depends on sampler, format.
#pragma once

#include <cstdint>
#include <optional>

#include "texunit/format.hpp"
#include "texunit/sampler.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// §7.18.6: reduces a normalized coordinate before it is scaled, without changing which texels
// any address mode selects: wrap -> u - floor(u); mirror -> u - 2*trunc(u/2) (exact in float);
// clamp, border, mirror_once -> clamp to [-10, 10]. NaN stays NaN (the fixed-point conversion
// maps it to 0, §3.2.4.1); an infinity becomes NaN for wrap/mirror and +/-10 otherwise.
float reduce_range(float u, AddressMode mode);

// The same for unnormalized (texel-space) coordinates of an axis of `size` texels: clamp to
// [-(size + 64), size + 64], which keeps clamp and border selections.
float reduce_range_texels(float u, uint32_t size);

// Address modes of an unnormalized sampler: border stays border, every other mode is clamp
// (Vulkan unnormalizedCoordinates and D3D12 non-normalized samplers allow clamp/border only).
AddressMode unnormalized_mode(AddressMode mode);

// §7.18.9: maps an integer texel address (offsets already added) on an axis of `size` texels to
// a texel inside [0, size-1], or nullopt when the address selects the border colour.
// mirror_once mirrors once about 0 (-1 -> 0, -2 -> 1) and then clamps.
std::optional<uint32_t> apply_address_mode(int64_t texel, uint32_t size, AddressMode mode);

// §7.18.9.1: the border colour as a texel of `format`'s result kind. Float results: each UNORM
// or SNORM channel of the format is snapped to its bit precision (float -> n-bit code with
// round-to-nearest-even, clamped to the range, -> float); sRGB channels are clamped to [0, 1]
// (they are filtered after linearization, in float); float channels pass unchanged (a denormal
// border value too: §3.1.3.2 lets state values "may or may not be flushed"; filtering flushes
// it later). Integer results: border_color_int, each present channel clamped to the channel's
// range (UINT: [0, 2^n - 1]; SINT: [-2^(n-1), 2^(n-1) - 1]). Components the format lacks take
// the format defaults, never the border colour: 0, and A = 1.0f / 0x1 (§7.18.9.1 "only the
// components ... present in the resource format", §19.1.3.3).
Texel border_texel(const SamplerState& sampler, Format format);

}  // namespace texsim::texunit
