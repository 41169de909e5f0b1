// Hardware descriptors in the public API (include/texsim/descriptors.hpp): the platform picks
// hwstate's NVIDIA (nvidia_texsim) or Intel (intel_texsim) mapping; layouts are hwstate's.
#include "texsim/descriptors.hpp"

#include <cstring>
#include <memory>
#include <string>

#include "api/fields.hpp"
#include "api/internal.hpp"
#include "core/text.hpp"
#include "hwstate/intel_texsim.hpp"
#include "hwstate/layout.hpp"
#include "hwstate/nvidia_texsim.hpp"
#include "texunit/format_table.hpp"

namespace texsim {

namespace {

enum class Vendor : uint8_t { kNone, kNvidia, kIntel };

Vendor vendor_of(std::string_view platform, Diagnostics& diags) {
  if (hwstate::nvidia::find_platform(platform) != nullptr) return Vendor::kNvidia;
  if (hwstate::intel::find_type(platform, "RENDER_SURFACE_STATE") != nullptr) return Vendor::kIntel;
  detail::lib_error(diags, "LIB-PLATFORM",
                    "no descriptor tables for platform '" + std::string(platform) +
                        "' (SM50 .. SM90, SKL, TGLLP, DG2, PVC)");
  return Vendor::kNone;
}

Placement to_public(const hwstate::PlacedSurface& p) {
  Placement out;
  detail::copy_tiling(p.tiling, out);
  out.base_address = p.base_address;
  return out;
}

hwstate::PlacedSurface to_internal(const Surface& s, const Placement& p) {
  hwstate::PlacedSurface placed;
  placed.desc = detail::Access::impl(s).surface->desc();
  detail::copy_tiling(p, placed.tiling);
  placed.base_address = p.base_address;
  return placed;
}

// The surface `placed` describes, its texels read from `memory` (at `address`).
std::optional<Surface> read_surface(const hwstate::PlacedSurface& placed, uint64_t address,
                                    std::span<const uint8_t> memory, Diagnostics& diags) {
  const uint64_t size = hwstate::surface_bytes(placed);
  if (placed.base_address < address || placed.base_address - address > memory.size() ||
      size > memory.size() - (placed.base_address - address)) {
    detail::lib_error(diags, "LIB-MEMORY",
                      "the surface spans " + std::to_string(size) + " bytes from " +
                          core::hex(placed.base_address) + ", outside the memory given (" +
                          std::to_string(memory.size()) + " bytes from " + core::hex(address) +
                          ")");
    return std::nullopt;
  }
  const auto at =
      memory.subspan(static_cast<size_t>(placed.base_address - address), static_cast<size_t>(size));
  auto impl = std::make_shared<detail::SurfaceImpl>();
  impl->owned = std::make_shared<texunit::Surface>(placed.desc);
  impl->surface = impl->owned.get();
  const std::vector<uint8_t> linear = hwstate::to_linear(placed, at);
  std::memcpy(impl->owned->bytes().data(), linear.data(), linear.size());
  return detail::Access::surface(std::move(impl));
}

}  // namespace

std::optional<DescribedSurface> surface_from_descriptor(std::string_view platform,
                                                        std::span<const uint8_t> descriptor,
                                                        uint64_t memory_address,
                                                        std::span<const uint8_t> memory,
                                                        Diagnostics& diags) {
  const Vendor v = vendor_of(platform, diags);
  if (v == Vendor::kNone) return std::nullopt;
  core::DiagSink sink;
  std::optional<hwstate::PlacedSurface> placed;
  uint32_t view_min = 0, view_max = 0;
  if (v == Vendor::kNvidia) {
    if (auto t = hwstate::nvidia::tic_to_texsim(*hwstate::nvidia::find_platform(platform),
                                                descriptor, sink)) {
      placed = t->placed;
      view_min = t->view_min_level;
      view_max = t->view_max_level;
    }
  } else {
    placed = hwstate::intel::surface_to_texsim(platform, descriptor, sink);
    if (placed) view_max = placed->desc.mips - 1;
  }
  if (placed && !hwstate::validate_placement(*placed, sink)) placed.reset();
  detail::append(diags, sink);
  if (!placed) return std::nullopt;
  auto surface = read_surface(*placed, memory_address, memory, diags);
  if (!surface) return std::nullopt;
  return DescribedSurface{std::move(*surface), to_public(*placed), view_min, view_max};
}

std::optional<Sampler> sampler_from_descriptor(std::string_view platform,
                                               std::span<const uint8_t> descriptor,
                                               Diagnostics& diags) {
  const Vendor v = vendor_of(platform, diags);
  if (v == Vendor::kNone) return std::nullopt;
  core::DiagSink sink;
  const auto s = v == Vendor::kNvidia
                     ? hwstate::nvidia::tsc_to_texsim(*hwstate::nvidia::find_platform(platform),
                                                      descriptor, sink)
                     : hwstate::intel::sampler_from_heap(platform, descriptor, 0, sink);
  detail::append(diags, sink);
  if (!s) return std::nullopt;
  return detail::to_public(*s);
}

std::optional<std::vector<uint8_t>> descriptor_from_surface(std::string_view platform,
                                                            const Surface& surface,
                                                            const Placement& placement,
                                                            Diagnostics& diags) {
  const Vendor v = vendor_of(platform, diags);
  if (v == Vendor::kNone) return std::nullopt;
  const hwstate::PlacedSurface placed = to_internal(surface, placement);
  core::DiagSink sink;
  std::optional<std::vector<uint8_t>> bytes;
  if (hwstate::validate_placement(placed, sink)) {
    if (v == Vendor::kNvidia) {
      const hwstate::nvidia::TicSurface t{placed, 0, placed.desc.mips - 1,
                                          texunit::format_info(placed.desc.format).is_srgb(), true};
      bytes = hwstate::nvidia::tic_from_texsim(*hwstate::nvidia::find_platform(platform), t, sink);
    } else {
      bytes = hwstate::intel::surface_from_texsim(platform, placed, sink);
    }
  }
  detail::append(diags, sink);
  return bytes;
}

std::optional<std::vector<uint8_t>> descriptor_from_sampler(std::string_view platform,
                                                            const Sampler& sampler,
                                                            Diagnostics& diags) {
  const Vendor v = vendor_of(platform, diags);
  if (v == Vendor::kNone) return std::nullopt;
  core::DiagSink sink;
  const texunit::SamplerState s = detail::to_internal(sampler);
  auto bytes = v == Vendor::kNvidia ? hwstate::nvidia::tsc_from_texsim(
                                          *hwstate::nvidia::find_platform(platform), s, sink)
                                    : hwstate::intel::sampler_heap_from_texsim(platform, s, sink);
  detail::append(diags, sink);
  return bytes;
}

std::optional<std::vector<uint8_t>> surface_memory(const Surface& surface,
                                                   const Placement& placement, Diagnostics& diags) {
  const hwstate::PlacedSurface placed = to_internal(surface, placement);
  core::DiagSink sink;
  const bool ok = hwstate::validate_placement(placed, sink);
  detail::append(diags, sink);
  if (!ok) return std::nullopt;
  std::vector<uint8_t> memory(hwstate::surface_bytes(placed), 0);
  hwstate::from_linear(placed, detail::Access::impl(surface).surface->bytes(), memory);
  return memory;
}

}  // namespace texsim
