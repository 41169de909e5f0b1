// The public face of the layouts: planning a placement, element addresses, sizes, and the copies
// between a layout and texunit's linear layout. Vendor geometry is in tiling_intel.cpp and
// tiling_nvidia.cpp, the rules in layout_validate.cpp. Depends on texunit only.
#include "hwstate/layout.hpp"

#include <cassert>
#include <cstring>
#include <numeric>

#include "hwstate/layout_plan.hpp"

namespace texsim::hwstate {

std::string_view tiling_name(Tiling t) {
  switch (t) {
    case Tiling::kLinear:
      return "linear";
    case Tiling::kPitch:
      return "pitch";
    case Tiling::kBlockLinear:
      return "block_linear";
    case Tiling::kTileY:
      return "tile_y";
    case Tiling::kTile4:
      return "tile4";
    case Tiling::kTile64:
      return "tile64";
    case Tiling::kTileX:
      return "tile_x";
  }
  return "?";
}

uint32_t contiguous_run(uint32_t element_bytes) {
  return std::gcd(element_bytes, 16u);
}

LayoutPlan plan_layout(const PlacedSurface& s) {
  const texunit::SurfaceDesc& d = s.desc;
  const texunit::FormatInfo& fi = texunit::format_info(d.format);
  LayoutPlan p;
  p.tiling = s.tiling.tiling;
  p.element_bytes = fi.bytes_per_block;
  p.block_width = fi.block_width;
  p.block_height = fi.block_height;
  p.samples = d.samples;
  p.is_3d = d.type == texunit::SurfaceType::k3D;
  if (p.tiling == Tiling::kLinear) {
    p.linear = texunit::linear_layout(d);
    p.total_bytes = p.linear.total_bytes;
    return p;
  }
  const bool one_d =
      d.type == texunit::SurfaceType::k1D || d.type == texunit::SurfaceType::k1DArray;
  p.levels.resize(d.mips);
  for (uint32_t l = 0; l < d.mips; ++l) {
    LevelPlan& lv = p.levels[l];
    lv.width_el = (texunit::mip_extent(d.width, l) + p.block_width - 1) / p.block_width;
    lv.height_el =
        one_d ? 1 : (texunit::mip_extent(d.height, l) + p.block_height - 1) / p.block_height;
    lv.depth = p.is_3d ? texunit::mip_extent(d.depth, l) : 1;
  }
  if (p.tiling == Tiling::kBlockLinear) {
    plan_nvidia(s, p);
  } else {
    plan_intel(s, p);
  }
  return p;
}

uint64_t plan_byte_offset(const LayoutPlan& p, uint32_t level, uint32_t slice_or_z, uint32_t x,
                          uint32_t y, uint32_t sample, uint32_t byte) {
  switch (p.tiling) {
    case Tiling::kLinear: {
      const texunit::LevelLayout& lv = p.linear.levels[level];
      return uint64_t{sample} * p.linear.sample_pitch + lv.offset +
             uint64_t{slice_or_z} * lv.slice_pitch + uint64_t{y} * lv.row_pitch +
             uint64_t{x} * p.element_bytes + byte;
    }
    case Tiling::kBlockLinear:
      return nvidia_byte_offset(p, level, slice_or_z, x, y, sample, byte);
    default:
      return intel_byte_offset(p, level, slice_or_z, x, y, sample, byte);
  }
}

uint64_t element_offset(const PlacedSurface& s, uint32_t level, uint32_t slice_or_z, uint32_t x,
                        uint32_t y, uint32_t sample) {
  const LayoutPlan p = plan_layout(s);
  assert(level < s.desc.mips && sample < s.desc.samples);
  return plan_byte_offset(p, level, slice_or_z, x, y, sample, 0);
}

uint32_t element_bytes(const PlacedSurface& s) {
  return texunit::format_info(s.desc.format).bytes_per_block;
}

uint64_t surface_bytes(const PlacedSurface& s) {
  return plan_layout(s).total_bytes;
}

namespace {

// Calls f(linear_offset, memory_offset, bytes) for every contiguous run of every element.
template <typename F>
void for_each_run(const PlacedSurface& s, const LayoutPlan& p, F&& f) {
  const texunit::SurfaceDesc& d = s.desc;
  const texunit::SurfaceLayout lin = texunit::linear_layout(d);
  const uint32_t run = contiguous_run(p.element_bytes);
  for (uint32_t sample = 0; sample < d.samples; ++sample) {
    for (uint32_t l = 0; l < d.mips; ++l) {
      const texunit::LevelLayout& ll = lin.levels[l];
      const uint32_t slices = p.is_3d ? ll.depth : d.slices();
      const uint32_t w = static_cast<uint32_t>(ll.row_pitch / p.element_bytes);
      const uint32_t h = static_cast<uint32_t>(ll.slice_pitch / ll.row_pitch);
      for (uint32_t z = 0; z < slices; ++z) {
        for (uint32_t y = 0; y < h; ++y) {
          uint64_t lin_off = sample * lin.sample_pitch + ll.offset + z * ll.slice_pitch +
                             uint64_t{y} * ll.row_pitch;
          for (uint32_t x = 0; x < w; ++x) {
            for (uint32_t b = 0; b < p.element_bytes; b += run, lin_off += run) {
              f(lin_off, plan_byte_offset(p, l, z, x, y, sample, b), run);
            }
          }
        }
      }
    }
  }
}

}  // namespace

std::vector<uint8_t> to_linear(const PlacedSurface& s, std::span<const uint8_t> memory_at_base) {
  const LayoutPlan p = plan_layout(s);
  assert(memory_at_base.size() >= p.total_bytes);
  std::vector<uint8_t> out(texunit::linear_layout(s.desc).total_bytes);
  for_each_run(s, p, [&](uint64_t lin, uint64_t mem, uint32_t n) {
    std::memcpy(out.data() + lin, memory_at_base.data() + mem, n);
  });
  return out;
}

void from_linear(const PlacedSurface& s, std::span<const uint8_t> linear,
                 std::span<uint8_t> memory_at_base) {
  const LayoutPlan p = plan_layout(s);
  assert(memory_at_base.size() >= p.total_bytes);
  assert(linear.size() >= texunit::linear_layout(s.desc).total_bytes);
  for_each_run(s, p, [&](uint64_t lin, uint64_t mem, uint32_t n) {
    std::memcpy(memory_at_base.data() + mem, linear.data() + lin, n);
  });
}

}  // namespace texsim::hwstate
