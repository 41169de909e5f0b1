// NVIDIA TIC and TSC entries as texsim's model and back: a header's surface (type, format,
// extent, levels, address, block-linear or pitch placement) and view, and a sampler's state.
// Combinations texsim has no model for are reported (TIC-TEXSIM / TSC-TEXSIM), never guessed.
// Depends on hwstate (fields, nvidia_tex, layout) and texunit.
#pragma once

#include <optional>
#include <span>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/layout.hpp"
#include "hwstate/nvidia_tex.hpp"
#include "texunit/sampler.hpp"

namespace texsim::hwstate::nvidia {

// What a texture header says, in texsim's terms. The view is levels [view_min_level,
// view_max_level] of the resource (RES_VIEW_MIN/MAX_MIP_LEVEL; the color-key versions have no
// view fields: all levels).
struct TicSurface {
  PlacedSurface placed;
  uint32_t view_min_level = 0;
  uint32_t view_max_level = 0;
  bool srgb = false;              // S_R_G_B_CONVERSION (the format is the _SRGB one)
  bool normalized_coords = true;  // NORMALIZED_COORDS
};

// Decodes and validates `entry` (validate_entry) as a header of `family` (the pool's
// SET_TEXTURE_HEADER_VERSION; the platform's default when not given) and maps it. nullopt when
// the entry is invalid or texsim has no model for it (each reason reported).
std::optional<TicSurface> tic_to_texsim(const Platform& p, std::span<const uint8_t> entry,
                                        core::DiagSink& sink, const core::Location& loc = {},
                                        std::optional<TicFamily> family = std::nullopt);

// The 32 bytes of a block-linear (tiling kBlockLinear) or pitch (kPitch) header of `family`
// for `s`, with identity swizzle; nullopt (reported) when a value has no encoding.
std::optional<std::vector<uint8_t>> tic_from_texsim(const Platform& p, const TicSurface& s,
                                                    core::DiagSink& sink,
                                                    std::optional<TicFamily> family = std::nullopt);

// A sampler entry's state. `header_normalized` is the header's NORMALIZED_COORDS, which
// FLOAT_COORD_NORMALIZATION FORCE_UNNORMALIZED_COORDS overrides.
std::optional<texunit::SamplerState> tsc_to_texsim(const Platform& p,
                                                   std::span<const uint8_t> entry,
                                                   core::DiagSink& sink,
                                                   const core::Location& loc = {},
                                                   bool header_normalized = true);
std::optional<std::vector<uint8_t>> tsc_from_texsim(const Platform& p,
                                                    const texunit::SamplerState& s,
                                                    core::DiagSink& sink);

}  // namespace texsim::hwstate::nvidia
