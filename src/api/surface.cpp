// Public API: Surface and Scene handles over texunit::Surface and scene::Scene.
// Owned surfaces are writable; a scene's surfaces are read-only and keep their scene alive.
#include <cstdint>
#include <cstring>
#include <utility>

#include "api/fields.hpp"
#include "api/internal.hpp"
#include "hwstate/layout.hpp"
#include "isa/registry.hpp"
#include "texsim/scene.hpp"
#include "texsim/surface.hpp"

namespace texsim {

Surface::Surface(std::shared_ptr<detail::SurfaceImpl> impl) : impl_(std::move(impl)) {}

std::optional<Surface> Surface::create(const SurfaceDesc& desc, Diagnostics& diags) {
  const auto d = detail::to_internal(desc, diags);
  if (!d) return std::nullopt;
  core::DiagSink sink;
  const bool ok = texunit::validate_surface_desc(*d, sink);
  detail::append(diags, sink);
  if (!ok) return std::nullopt;
  auto impl = std::make_shared<detail::SurfaceImpl>();
  impl->owned = std::make_shared<texunit::Surface>(*d);
  impl->surface = impl->owned.get();
  return Surface(std::move(impl));
}

std::optional<Surface> Surface::from_memory(const SurfaceDesc& desc, std::span<const uint8_t> bytes,
                                            Diagnostics& diags) {
  auto s = create(desc, diags);
  if (!s) return std::nullopt;
  const std::span<uint8_t> dst = s->mutable_bytes();
  if (bytes.size() != dst.size()) {
    detail::lib_error(diags, "LIB-SURFACE-BYTES",
                      "the surface takes " + std::to_string(dst.size()) +
                          " bytes in the linear layout, got " + std::to_string(bytes.size()));
    return std::nullopt;
  }
  if (!bytes.empty()) std::memcpy(dst.data(), bytes.data(), bytes.size());
  return s;
}

SurfaceDesc Surface::desc() const {
  return detail::to_public(impl_->surface->desc());
}
uint64_t Surface::size_bytes() const {
  return impl_->surface->layout().total_bytes;
}

LevelLayout Surface::level_layout(uint32_t level) const {
  const auto& levels = impl_->surface->layout().levels;
  if (level >= levels.size()) return {};
  const texunit::LevelLayout& l = levels[level];
  return LevelLayout{l.offset, l.width, l.height, l.depth, l.row_pitch, l.slice_pitch};
}

std::span<const uint8_t> Surface::bytes() const {
  return impl_->surface->bytes();
}

std::span<uint8_t> Surface::mutable_bytes() {
  if (!impl_->owned) return {};
  return impl_->owned->bytes();
}

bool Surface::write_texel(uint32_t level, uint32_t slice_or_z, uint32_t x, uint32_t y,
                          const Texel& value, uint32_t sample) {
  if (!impl_->owned) return false;
  return impl_->owned->write_texel(sample, level, slice_or_z, x, y, detail::to_internal(value));
}

Scene::Scene(std::shared_ptr<const detail::SceneImpl> impl) : impl_(std::move(impl)) {}

namespace {
std::optional<Scene> wrap(std::optional<scene::Scene> s, const core::DiagSink& sink,
                          Diagnostics& diags) {
  detail::append(diags, sink);
  if (!s) return std::nullopt;
  auto impl = std::make_shared<detail::SceneImpl>();
  impl->scene = std::move(*s);
  return detail::Access::scene(std::move(impl));
}
scene::LoadOptions load_options(const SceneOptions& o) {
  scene::LoadOptions l;
  l.allow_any_path = o.allow_any_path;
  l.max_bytes = o.max_bytes;
  l.sections = isa::registry().scene_sections();
  return l;
}
}  // namespace

std::optional<Scene> Scene::load_file(const std::string& path, Diagnostics& diags,
                                      const SceneOptions& options) {
  core::DiagSink sink;
  auto s = scene::load_scene_file(path, sink, load_options(options));
  return wrap(std::move(s), sink, diags);
}

std::optional<Scene> Scene::load_text(std::string_view json, const std::string& path,
                                      Diagnostics& diags, const SceneOptions& options) {
  core::DiagSink sink;
  auto s = scene::load_scene_text(json, path, sink, load_options(options));
  return wrap(std::move(s), sink, diags);
}

std::string Scene::isa() const {
  return impl_->scene.isa;
}
std::string Scene::platform() const {
  return impl_->scene.platform;
}

std::vector<uint32_t> Scene::surface_ids() const {
  std::vector<uint32_t> ids;
  for (const auto& s : impl_->scene.surfaces) ids.push_back(s.id);
  return ids;
}

std::vector<uint32_t> Scene::sampler_ids() const {
  std::vector<uint32_t> ids;
  for (const auto& s : impl_->scene.samplers) ids.push_back(s.id);
  return ids;
}

std::optional<Surface> Scene::surface(uint32_t id) const {
  const scene::SceneSurface* s = impl_->scene.find_surface(id);
  if (s == nullptr) return std::nullopt;
  auto impl = std::make_shared<detail::SurfaceImpl>();
  impl->scene = impl_;
  impl->surface = &s->surface;
  return detail::Access::surface(std::move(impl));
}

std::optional<Sampler> Scene::sampler(uint32_t id) const {
  const scene::SceneSampler* s = impl_->scene.find_sampler(id);
  if (s == nullptr) return std::nullopt;
  return detail::to_public(s->state);
}

std::optional<Profile> Scene::sampler_profile(uint32_t id) const {
  const scene::SceneSampler* s = impl_->scene.find_sampler(id);
  if (s == nullptr || !s->precision) return std::nullopt;
  return detail::to_public(*s->precision);
}

static_assert(int(Tiling::kBlockLinear) == int(hwstate::Tiling::kBlockLinear) &&
              int(Tiling::kTile64) == int(hwstate::Tiling::kTile64));
// fields.hpp spells "isl's mip tail start" UINT32_MAX in TilingParams (decision TS1).
static_assert(hwstate::TilingParams::kMiptailDefault == UINT32_MAX);

std::optional<Placement> Scene::placement(uint32_t id) const {
  const scene::SceneSurface* s = impl_->scene.find_surface(id);
  if (s == nullptr || !s->placement) return std::nullopt;
  Placement p;
  detail::copy_tiling(s->placement->tiling, p);
  p.base_address = s->placement->base_address;
  return p;
}

}  // namespace texsim
