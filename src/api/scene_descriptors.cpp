// Scene::descriptor_*: the surfaces and samplers a scene gives as the hardware's descriptor bytes
// (issue 27) — SASS texture header / sampler pool entries, vISA surface / sampler state heaps.
#include <algorithm>
#include <string>

#include "api/fields.hpp"
#include "api/internal.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/tsc.hpp"
#include "isa/visa/scene_section.hpp"
#include "isa/visa/scene_states.hpp"
#include "texsim/scene.hpp"
#include "texunit/format_names.hpp"
#include "texunit/format_table.hpp"

namespace texsim {

namespace detail {

texunit::SurfaceView view_of(const SurfaceImpl& s) {
  texunit::SurfaceView v = s.surface->view();
  if (s.view_format) v.desc.format = *s.view_format;
  if (s.level_count == 0) return v;
  // The level range was checked when the handle was made (descriptor_surface).
  std::vector<texunit::NullRegion> unused;
  auto ranged = isa::sass::level_range_view(v, s.first_level, s.level_count, unused);
  ranged->null_regions = s.view_regions;
  return *ranged;
}

}  // namespace detail

namespace {

bool is_sass(const scene::Scene& s) {
  return s.isa == "sass";
}

// What a descriptor index names: the memory surface, its placement (null: none given) and the
// header's view of levels (SASS; count 0: every level).
struct Described {
  const texunit::Surface* surface = nullptr;
  const hwstate::PlacedSurface* placed = nullptr;
  uint32_t first_level = 0;
  uint32_t level_count = 0;
  bool srgb = false;  // the header's sRGB conversion bit (its JSON "srgb")
};

// A SASS texture header pool entry, given as TIC bytes (its surface read from "gpu_memory") or
// as JSON naming a scene surface; a vISA surface state or the scene surface of that index.
std::optional<Described> described(const scene::Scene& s, uint32_t index) {
  Described d;
  if (!is_sass(s)) {
    const scene::SceneSurface* ss = isa::visa::find_surface(s, index);
    if (ss == nullptr) return std::nullopt;
    d.surface = &ss->surface;
    d.placed = ss->placement ? &*ss->placement : nullptr;
    return d;
  }
  const auto& st = isa::sass::scene_state(s);
  if (!st.texture_headers) return std::nullopt;
  const auto h = st.texture_headers->entries.find(index);
  if (h == st.texture_headers->entries.end()) return std::nullopt;
  if (const auto m = st.header_surfaces.find(index); m != st.header_surfaces.end()) {
    d.surface = m->second.surface.get();
    d.placed = &m->second.placed;
  } else if (const scene::SceneSurface* ss = s.find_surface(h->second.surface)) {
    d.surface = &ss->surface;
    d.placed = ss->placement ? &*ss->placement : nullptr;
  }
  if (d.surface == nullptr) return std::nullopt;
  d.srgb = h->second.srgb;
  // The header's RES_VIEW_MIN/MAX_MIP_LEVEL (nvidia_tlds.md 4.4): the levels lookups see.
  const uint32_t levels = d.surface->desc().mips;
  if (h->second.min_level != 0 || h->second.max_level + 1 < levels) {
    if (h->second.min_level >= levels || h->second.max_level < h->second.min_level)
      return std::nullopt;
    d.first_level = h->second.min_level;
    d.level_count = std::min(levels, h->second.max_level + 1) - d.first_level;
  }
  return d;
}

}  // namespace

std::vector<uint32_t> Scene::descriptor_surface_ids() const {
  std::vector<uint32_t> ids;
  const scene::Scene& s = impl_->scene;
  if (is_sass(s)) {
    const auto& pool = isa::sass::scene_state(s).texture_headers;
    if (pool)
      for (const auto& [index, header] : pool->entries)
        if (described(s, index)) ids.push_back(index);
  } else {
    for (const auto& [index, surface] : isa::visa::scene_state(s).surfaces) ids.push_back(index);
    for (const auto& surface : s.surfaces) ids.push_back(surface.id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  return ids;
}

std::vector<uint32_t> Scene::descriptor_sampler_ids() const {
  std::vector<uint32_t> ids;
  const scene::Scene& s = impl_->scene;
  if (is_sass(s)) {
    const auto& pool = isa::sass::scene_state(s).texture_samplers;
    if (pool)
      for (const auto& [index, entry] : pool->entries) ids.push_back(index);
  } else {
    for (const auto& [index, sampler] : isa::visa::scene_state(s).samplers) ids.push_back(index);
    for (const auto& sampler : s.samplers) ids.push_back(sampler.id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  return ids;
}

std::optional<Surface> Scene::descriptor_surface(uint32_t index) const {
  const auto d = described(impl_->scene, index);
  if (!d) return std::nullopt;
  auto impl = std::make_shared<detail::SurfaceImpl>();
  impl->scene = impl_;
  impl->surface = d->surface;
  // The header's sRGB conversion bit selects the sRGB twin of the format (as isa/sass/lower.cpp).
  if (d->srgb) {
    const std::string twin =
        std::string(texunit::format_info(d->surface->desc().format).name) + "_SRGB";
    impl->view_format = texunit::format_from_name(twin);
  }
  if (d->level_count != 0) {
    const auto view = isa::sass::level_range_view(d->surface->view(), d->first_level,
                                                  d->level_count, impl->view_regions);
    if (!view) return std::nullopt;
    impl->first_level = d->first_level;
    impl->level_count = d->level_count;
  }
  return detail::Access::surface(std::move(impl));
}

std::optional<Sampler> Scene::descriptor_sampler(uint32_t index) const {
  const scene::Scene& s = impl_->scene;
  if (is_sass(s)) {
    const auto& pool = isa::sass::scene_state(s).texture_samplers;
    if (!pool) return std::nullopt;
    const auto it = pool->entries.find(index);
    if (it == pool->entries.end()) return std::nullopt;
    // The state with the TSC's field widths applied, as the texture instructions see it.
    return detail::to_public(isa::sass::tsc_sampler_state(it->second));
  }
  const scene::SceneSampler* sampler = isa::visa::find_sampler(s, index);
  if (sampler == nullptr) return std::nullopt;
  return detail::to_public(sampler->state);
}

std::optional<Placement> Scene::descriptor_placement(uint32_t index) const {
  const auto d = described(impl_->scene, index);
  if (!d || d->placed == nullptr) return std::nullopt;
  Placement p;
  detail::copy_tiling(d->placed->tiling, p);
  p.base_address = d->placed->base_address;
  return p;
}

}  // namespace texsim
