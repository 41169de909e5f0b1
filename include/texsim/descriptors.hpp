// Public API: hardware descriptors as bytes (issue 27) — NVIDIA TIC/TSC entries (SM50–SM90) and
// Intel RENDER_SURFACE_STATE / SAMPLER_STATE (SKL, TGLLP, DG2, PVC) to texsim's surfaces and
// samplers and back, and a surface's bytes in GPU memory through its placement.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "texsim/diagnostic.hpp"
#include "texsim/export.h"
#include "texsim/lookup.hpp"
#include "texsim/sampler.hpp"
#include "texsim/surface.hpp"

namespace texsim {

// The surface a descriptor names, its texels read from GPU memory through its layout.
struct DescribedSurface {
  Surface surface;
  Placement placement;
  // The levels the descriptor views (NVIDIA RES_VIEW_MIN/MAX_MIP_LEVEL; Intel: all levels).
  uint32_t view_min_level = 0;
  uint32_t view_max_level = 0;
};

// `platform` picks the vendor and table: SM50 … SM90 read a 32-byte TIC entry, SKL / TGLLP / DG2
// / PVC a 64-byte RENDER_SURFACE_STATE. `memory` holds GPU memory from `memory_address` on and
// must contain the whole surface. Every field is validated (TIC-*, RENDER_SURFACE_STATE-*,
// LAYOUT-* rules); what texsim has no model for is refused naming the field (decisions DS5,
// DS13, DS17). docs/hardware-state.md.
TEXSIM_API std::optional<DescribedSurface> surface_from_descriptor(
    std::string_view platform, std::span<const uint8_t> descriptor, uint64_t memory_address,
    std::span<const uint8_t> memory, Diagnostics& diags);

// NVIDIA: a 32-byte TSC entry. Intel: a SAMPLER_STATE at offset 0 of `descriptor`, its border
// colour read at the Border Color Pointer inside the same bytes (a dynamic state heap; none
// there: a zero border).
TEXSIM_API std::optional<Sampler> sampler_from_descriptor(std::string_view platform,
                                                          std::span<const uint8_t> descriptor,
                                                          Diagnostics& diags);

// The descriptor of `surface` placed at `placement` (NVIDIA: block-linear or pitch; Intel: pitch,
// TileY, Tile4 or Tile64 as the platform has them), identity swizzle, all levels viewed.
TEXSIM_API std::optional<std::vector<uint8_t>> descriptor_from_surface(std::string_view platform,
                                                                       const Surface& surface,
                                                                       const Placement& placement,
                                                                       Diagnostics& diags);

// NVIDIA: the TSC entry (32 bytes). Intel: an 80-byte heap, the SAMPLER_STATE at 0 and its
// SAMPLER_BORDER_COLOR_STATE at 64. Values the fields hold only approximately (LOD clamps in
// 1/256, max_lod at most 15.996, anisotropy ratios) are rounded as the fields do: decode the
// bytes to see what the hardware gets. Intel comparison samplers are refused (DS11).
TEXSIM_API std::optional<std::vector<uint8_t>> descriptor_from_sampler(std::string_view platform,
                                                                       const Sampler& sampler,
                                                                       Diagnostics& diags);

// The surface's texels in GPU memory: bytes from placement.base_address on, laid out by the
// placement (padding zero). Errors: the placement's LAYOUT-* rules.
TEXSIM_API std::optional<std::vector<uint8_t>> surface_memory(const Surface& surface,
                                                              const Placement& placement,
                                                              Diagnostics& diags);

}  // namespace texsim
