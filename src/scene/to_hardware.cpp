// A scene rewritten as the hardware's own state (to_hardware.hpp): the new "gpu_memory" range, the
// default placements, and the surfaces the ISA section did not take left as they were.
#include "scene/to_hardware.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "hwstate/layout.hpp"
#include "scene/section.hpp"
#include "texunit/format_table.hpp"

namespace texsim::scene {

namespace {

constexpr uint64_t kDefaultBase = uint64_t{1} << 32;  // above the 32-bit range, as drivers place
constexpr uint64_t kRangeAlign = 65536;               // the largest base alignment (Tile64)

uint64_t align_up(uint64_t v, uint64_t a) {
  return (v + a - 1) / a * a;
}

uint8_t ceil_log2(uint64_t v) {
  return v <= 1 ? 0 : static_cast<uint8_t>(std::bit_width(v - 1));
}

uint64_t default_base(const Scene& scene, uint64_t asked) {
  if (asked != 0) return asked;
  uint64_t base = kDefaultBase;
  for (const GpuMemoryRange& g : scene.gpu_memory)
    base = std::max(base, align_up(g.address + g.bytes.size(), kRangeAlign));
  return base;
}

std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(v));
  return buf;
}

bool uses_border(const texunit::SamplerState& s) {
  return std::find(s.address.begin(), s.address.end(), texunit::AddressMode::kBorder) !=
         s.address.end();
}

// The fields of `want` that `got` holds differently, as "name want -> got".
std::vector<std::pair<std::string, std::string>> differences(const texunit::SamplerState& want,
                                                             const texunit::SamplerState& got) {
  std::vector<std::pair<std::string, std::string>> d;
  const auto real = [&](const char* name, float a, float b) {
    if (std::bit_cast<uint32_t>(a) != std::bit_cast<uint32_t>(b))
      d.emplace_back(name, num(a) + " -> " + num(b));
  };
  const auto flag = [&](const char* name, bool differ) {
    if (differ) d.emplace_back(name, "not held");
  };
  flag("min_filter", want.min_filter != got.min_filter);
  flag("mag_filter", want.mag_filter != got.mag_filter);
  flag("mip_filter", want.mip_filter != got.mip_filter);
  real("max_anisotropy", want.max_anisotropy, got.max_anisotropy);
  flag("address", want.address != got.address);
  if (uses_border(want)) {
    flag("border_color", std::bit_cast<std::array<uint32_t, 4>>(want.border_color) !=
                             std::bit_cast<std::array<uint32_t, 4>>(got.border_color));
    flag(
        "border_color_int (the hardware keeps one 32-bit value a channel: give the float's "
        "bits)",
        want.border_color_int != got.border_color_int);
  }
  real("lod_bias", want.lod_bias, got.lod_bias);
  real("min_lod", want.min_lod, got.min_lod);
  real("max_lod", want.max_lod, got.max_lod);
  flag("compare", want.compare != got.compare);
  flag("normalized", want.normalized_coords != got.normalized_coords);
  flag("srgb_decode", want.srgb_decode != got.srgb_decode);
  flag("reduction", want.reduction != got.reduction);
  return d;
}

}  // namespace

void forward_prefixed(const core::DiagSink& from, const std::string& what, core::DiagSink& sink) {
  for (core::Diagnostic d : from.diagnostics()) {
    d.message = what + ": " + d.message;
    sink.report(std::move(d));
  }
}

bool check_sampler_round_trip(const std::string& what, const texunit::SamplerState& want,
                              const texunit::SamplerState& got, core::DiagSink& sink) {
  bool ok = true;
  for (const auto& [field, change] : differences(want, got)) {
    std::string msg = what;
    msg.append(": ").append(field).append(" ").append(change);
    if (field == "max_lod" && want.max_lod >= 15.0f && got.max_lod >= 15.0f) {
      sink.warning("SCENE-HARDWARE", {},
                   msg +
                       " (the field's range; no level lies above 15: lookups are unchanged, a "
                       "LOD query reports at most the new value)");
    } else {
      sink.error("SCENE-HARDWARE", {}, msg + " (the descriptor cannot hold it)");
      ok = false;
    }
  }
  return ok;
}

uint64_t base_alignment(hwstate::Tiling t) {
  switch (t) {
    case hwstate::Tiling::kBlockLinear:
      return 512;  // one GOB (LAYOUT-BASE-ALIGN)
    case hwstate::Tiling::kTileX:
    case hwstate::Tiling::kTileY:
    case hwstate::Tiling::kTile4:
      return 4096;
    case hwstate::Tiling::kTile64:
      return 65536;
    default:
      return 256;  // pitch: TIC/RSS base addresses in 256-byte units suffice for both
  }
}

void GpuMemoryBuilder::place(hwstate::PlacedSurface& placed, std::span<const uint8_t> linear,
                             uint64_t align) {
  const uint64_t offset = align_up(bytes_.size(), align);
  placed.base_address = base_ + offset;
  bytes_.resize(offset + hwstate::surface_bytes(placed), 0);
  hwstate::from_linear(placed, linear, std::span<uint8_t>(bytes_).subspan(offset));
}

hwstate::TilingParams default_tiling(const texunit::SurfaceDesc& desc, hwstate::Tiling tiling,
                                     const ToHardwareOptions& options) {
  hwstate::TilingParams t;
  t.tiling = tiling;
  if (tiling != hwstate::Tiling::kBlockLinear) return t;
  // Mesa nil tiling.rs: Tiling::choose starts from the largest block (32 GOBs high and deep) and
  // clamps it to level 0's extent in GOBs (8 rows; a multisampled pixel grid is 2 rows high from
  // 4 samples on, nil image.rs choose_sample_layout); a block is one GOB wide.
  const texunit::FormatInfo& f = texunit::format_info(desc.format);
  const uint64_t block_rows = (desc.height + f.block_height - 1) / f.block_height;
  const uint64_t rows = block_rows * (desc.samples >= 4 ? 2 : 1);
  t.block_height_log2 =
      options.block_height_log2.value_or(std::min<uint8_t>(5, ceil_log2((rows + 7) / 8)));
  if (desc.type == texunit::SurfaceType::k3D)
    t.block_depth_log2 = std::min<uint8_t>(5, ceil_log2(desc.depth));
  return t;
}

hwstate::PlacedSurface placement_for(const SceneSurface& s, hwstate::Tiling fallback,
                                     const ToHardwareOptions& options) {
  hwstate::PlacedSurface p;
  p.desc = s.surface.desc();
  if (s.placement && s.placement->tiling.tiling != hwstate::Tiling::kLinear) {
    p.tiling = s.placement->tiling;
  } else {
    p.tiling = default_tiling(p.desc, options.tiling.value_or(fallback), options);
  }
  return p;
}

void SceneSection::to_hardware(Json& /*root*/, const Scene& /*scene*/,
                               const ToHardwareOptions& /*options*/, GpuMemoryBuilder& /*memory*/,
                               core::DiagSink& sink) const {
  sink.error("SCENE-HARDWARE", {},
             std::string(display_name()) + " scenes have no hardware descriptors texsim writes");
}

std::optional<GpuMemoryRange> scene_to_hardware(Json& root, const Scene& scene,
                                                const SceneSection& section,
                                                const ToHardwareOptions& options,
                                                core::DiagSink& sink) {
  GpuMemoryBuilder memory(default_base(scene, options.base_address));
  core::DiagSink diags;
  section.to_hardware(root, scene, options, memory, diags);
  for (core::Diagnostic d : diags.diagnostics()) {  // about the scene file as a whole
    if (std::holds_alternative<core::NoLoc>(d.loc)) d.loc = core::TextLoc{scene.path, 0, 0};
    sink.report(std::move(d));
  }
  if (diags.has_errors()) return std::nullopt;
  return GpuMemoryRange{memory.base(), memory.bytes()};
}

}  // namespace texsim::scene
