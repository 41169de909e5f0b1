// Intel SAMPLER_STATE (+ SAMPLER_BORDER_COLOR_STATE) as texsim's sampler state, and
// RENDER_SURFACE_STATE as texsim's placed surface and back: decoded per the platform's genxml
// table, validated, mapped; what texsim has no model for is reported (SAMPLER_STATE-TEXSIM,
// RENDER_SURFACE_STATE-TEXSIM), never guessed. Depends on hwstate (fields, intel tables, layout)
// and texunit.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/fields.hpp"
#include "hwstate/layout.hpp"
#include "texunit/sampler.hpp"

namespace texsim::hwstate::intel {

inline constexpr uint32_t kSamplerStateBytes = 16;
inline constexpr uint32_t kBorderColorBytes = 16;
inline constexpr uint32_t kSurfaceStateBytes = 64;

// The platform's type by name ("SAMPLER_STATE"), or null. Platforms: SKL (gen9.xml), TGLLP
// (gen12.xml), DG2 and PVC (gen125.xml; decision IS1).
const DescriptorType* find_type(std::string_view platform, std::string_view type_name);

// A SAMPLER_STATE and the SAMPLER_BORDER_COLOR_STATE its Border Color Pointer names (empty: no
// border colour given, 0s) -> sampler state. nullopt when invalid or not modelled (reported).
std::optional<texunit::SamplerState> sampler_to_texsim(std::string_view platform,
                                                       std::span<const uint8_t> sampler,
                                                       std::span<const uint8_t> border,
                                                       core::DiagSink& sink,
                                                       const core::Location& loc = {});

// The SAMPLER_STATE at `offset` of a dynamic state heap (as `ocloc disasm -dump` writes
// DynamicStateHeap.bin) with its border colour read at the Border Color Pointer (bits 23:6 of
// DW2, a byte offset into the same heap).
std::optional<texunit::SamplerState> sampler_from_heap(std::string_view platform,
                                                       std::span<const uint8_t> heap,
                                                       uint64_t offset, core::DiagSink& sink);

// The bytes of a dynamic state heap holding a SAMPLER_STATE for `s` at offset 0 and its
// SAMPLER_BORDER_COLOR_STATE at kBorderHeapOffset (the Border Color Pointer), as
// sampler_from_heap reads them back: filters (ANISOTROPIC where max_anisotropy > 1), mip
// filter, address modes, LOD bias and clamps (truncated to 1/256 and clamped to the fields'
// ranges), coordinate normalization, sRGB decode, reduction and the border colour's float bits.
// What the fields cannot hold exactly the caller finds by decoding (scene/to_hardware.hpp);
// a comparison sampler's function goes to Shadow Function (shadow_function_from_texsim), which
// sampler_to_texsim leaves to shadow_compare_from_heap.
inline constexpr uint32_t kBorderHeapOffset = 64;  // Border Color Pointer: 64-byte units
std::optional<std::vector<uint8_t>> sampler_heap_from_texsim(std::string_view platform,
                                                             const texunit::SamplerState& s,
                                                             core::DiagSink& sink);

// Shadow Function (SAMPLER_STATE bits 35:33, PREFILTEROP ALWAYS=0 .. GEQUAL=7 in every genxml)
// as the comparison a sample_c / gather4_c message applies, in texsim's (Vulkan's) sense "1 when
// ref OP texel, else 0". The hardware returns 0 when `texel <Shadow Function> ref` holds and 1
// otherwise, so the function is negated and its operands swapped: PREFILTEROP LEQUAL is LESS,
// LESS is LEQUAL, EQUAL is NOT_EQUAL, NEVER is ALWAYS (Mesa anv genX_state.c
// vk_to_intel_shadow_compare_op and crocus/i965 translate_shadow_func; decision DS19). The state
// has no enable bit: only the _c messages read the field, so sampler_to_texsim leaves `compare`
// unset and the vISA scene keeps this beside the sampler (scene::SceneSampler::message_compare).
texunit::CompareFunc shadow_function_to_texsim(uint32_t prefilter_op);
uint32_t shadow_function_from_texsim(texunit::CompareFunc f);
// The comparison of the SAMPLER_STATE at `offset` of a heap; nullopt when the platform has no
// table or the heap no 16 bytes there.
std::optional<texunit::CompareFunc> shadow_compare_from_heap(std::string_view platform,
                                                             std::span<const uint8_t> heap,
                                                             uint64_t offset);

// A RENDER_SURFACE_STATE -> texsim's surface placed in GPU memory: Surface Type (+ Surface
// Array), Surface Format, Width/Height/Depth (minus one), MIP Count / LOD, Surface Pitch, Surface
// QPitch, Tile Mode (LINEAR -> pitch; XMAJOR -> TileX everywhere, 2D only on Gfx12.5; YMAJOR ->
// TileY on SKL/TGLLP, TILE4 / TILE64 -> Tile4 / Tile64 on DG2/PVC), Surface Horizontal/Vertical
// Alignment (elements; bytes on Gfx12.5, IS2) and Surface Base Address. nullopt when invalid or not
// modelled (reported; decisions DS13, IS3).
std::optional<PlacedSurface> surface_to_texsim(std::string_view platform,
                                               std::span<const uint8_t> rss, core::DiagSink& sink,
                                               const core::Location& loc = {});

// The 64 bytes of a RENDER_SURFACE_STATE for `s` (tiling kPitch, or the platform's tiled layouts:
// kTileX everywhere, kTileY on SKL/TGLLP, kTile4 and kTile64 on DG2/PVC; identity channel selects;
// a 0 row pitch or QPitch is the one the layout computes); nullopt (reported) when a value has no
// encoding.
std::optional<std::vector<uint8_t>> surface_from_texsim(std::string_view platform,
                                                        const PlacedSurface& s,
                                                        core::DiagSink& sink);

// The SURFACE_FORMAT code of a texsim format, and back (Mesa isl.h enum isl_format: the
// hardware enumeration); nullopt where texsim's format has no Intel code or the code no texsim
// format.
std::optional<uint32_t> surface_format_code(texunit::Format f);
std::optional<texunit::Format> surface_format_of(uint32_t code);

}  // namespace texsim::hwstate::intel
