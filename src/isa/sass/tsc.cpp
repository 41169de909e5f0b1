// TSC field widths (LOD bias/clamps in 8-bit-fraction fixed point, the anisotropy code) and the
// header's level range as a texture-unit view. Depends on scene and texunit only.
#include "isa/sass/tsc.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace texsim::isa::sass {

namespace {

// Clamp to [lo, hi], then truncate toward zero to a multiple of 1/256; NaN reads as 0 (a driver
// cannot write a NaN into an integer field).
float fixed_8(float v, float lo, float hi) {
  if (std::isnan(v)) return 0.0f;
  const float c = std::clamp(v, lo, hi);
  return std::trunc(c * 256.0f) / 256.0f;
}

}  // namespace

float tsc_lod_bias(float bias) {
  return fixed_8(bias, -16.0f, kTscLodMax);
}

float tsc_lod_clamp(float lod) {
  return fixed_8(lod, 0.0f, kTscLodMax);
}

float tsc_max_anisotropy(float ratio) {
  static constexpr std::array<float, 8> kRatios{1, 2, 4, 6, 8, 10, 12, 16};
  float out = 1;
  for (float r : kRatios) {
    if (r <= ratio) out = r;
  }
  return out;
}

texunit::SamplerState tsc_sampler_state(const scene::SceneSampler& entry) {
  texunit::SamplerState s = entry.state;
  s.lod_bias = tsc_lod_bias(s.lod_bias);
  s.min_lod = tsc_lod_clamp(s.min_lod);
  s.max_lod = tsc_lod_clamp(s.max_lod);
  s.max_anisotropy = tsc_max_anisotropy(s.max_anisotropy);
  return s;
}

std::optional<texunit::SurfaceView> level_range_view(const texunit::SurfaceView& view,
                                                     uint32_t first, uint32_t count,
                                                     std::vector<texunit::NullRegion>& regions) {
  const uint32_t present =
      std::min(view.desc.mips, static_cast<uint32_t>(view.layout.levels.size()));
  if (first >= present || count == 0) return std::nullopt;
  count = std::min(count, present - first);
  texunit::SurfaceView v = view;
  v.desc.width = texunit::mip_extent(view.desc.width, first);
  if (v.desc.type != texunit::SurfaceType::k1D && v.desc.type != texunit::SurfaceType::k1DArray) {
    v.desc.height = texunit::mip_extent(view.desc.height, first);
  }
  if (v.desc.type == texunit::SurfaceType::k3D) {
    v.desc.depth = texunit::mip_extent(view.desc.depth, first);
  }
  v.desc.mips = count;
  v.layout.levels.assign(view.layout.levels.begin() + first,
                         view.layout.levels.begin() + first + count);
  regions.clear();
  for (const texunit::NullRegion& r : view.null_regions) {
    if (r.level < first || r.level >= first + count) continue;
    texunit::NullRegion n = r;
    n.level = r.level - first;
    regions.push_back(n);
  }
  v.null_regions = regions;
  if (first != 0) v.mcs = {};  // the MCS plane belongs to level 0 (multisample surfaces only)
  return v;
}

}  // namespace texsim::isa::sass
