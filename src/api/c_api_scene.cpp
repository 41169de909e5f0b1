// The C API (include/texsim/texsim.h), part 3: scenes (with texsim_scene_options), their
// surfaces and their samplers (written by the sampler's one conversion, fields.hpp).
#include <string>

#include "api/c_structs.hpp"
#include "api/fields.hpp"

using texsim::capi::bad_argument;
using texsim::capi::guard;

namespace {

// Loads with `load` (file or text) under the caller's options.
template <typename Load>
texsim_status load_scene(const texsim_scene_options* options, texsim_scene** out,
                         texsim::Diagnostics& d, Load load) {
  *out = nullptr;
  const auto o = texsim::capi::read(options, "options", d);
  if (!o) return TEXSIM_ERROR_INVALID_ARGUMENT;
  texsim::SceneOptions so;
  texsim::detail::copy_scene_options(*o, so);
  std::optional<texsim::Scene> s = load(so);
  if (!s) return TEXSIM_ERROR_DIAGNOSTICS;
  *out = new texsim_scene{*s};
  return TEXSIM_OK;
}

}  // namespace

extern "C" {

texsim_status texsim_scene_load_file(const char* path, const texsim_scene_options* options,
                                     texsim_scene** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (path == nullptr || out == nullptr) return bad_argument(d, "path and out must be set");
    return load_scene(options, out, d, [&](const texsim::SceneOptions& so) {
      return texsim::Scene::load_file(path, d, so);
    });
  });
}

texsim_status texsim_scene_load_text(const char* json, size_t size, const char* name,
                                     const texsim_scene_options* options, texsim_scene** out) {
  return guard([&](texsim::Diagnostics& d) {
    if ((json == nullptr && size != 0) || out == nullptr)
      return bad_argument(d, "json and out must be set");
    return load_scene(options, out, d, [&](const texsim::SceneOptions& so) {
      return texsim::Scene::load_text(std::string_view(json == nullptr ? "" : json, size),
                                      name == nullptr ? "<scene>" : name, d, so);
    });
  });
}

void texsim_scene_destroy(texsim_scene* scene) {
  delete scene;
}

texsim_status texsim_scene_surface(const texsim_scene* scene, uint32_t id, texsim_surface** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (scene == nullptr || out == nullptr) return bad_argument(d, "scene and out must be set");
    *out = nullptr;
    auto s = scene->s.surface(id);
    if (!s) return TEXSIM_ERROR_NOT_FOUND;
    *out = new texsim_surface{*s};
    return TEXSIM_OK;
  });
}

texsim_status texsim_scene_sampler(const texsim_scene* scene, uint32_t id, texsim_sampler* out) {
  return guard([&](texsim::Diagnostics& d) {
    if (scene == nullptr || out == nullptr) return bad_argument(d, "scene and out must be set");
    auto s = scene->s.sampler(id);
    if (!s) return TEXSIM_ERROR_NOT_FOUND;
    texsim_sampler c = texsim::capi::defaults<texsim_sampler>();
    texsim::detail::copy_sampler(*s, c);
    return texsim::capi::write(c, out, "out", d) ? TEXSIM_OK : TEXSIM_ERROR_INVALID_ARGUMENT;
  });
}

texsim_status texsim_scene_descriptor_surface(const texsim_scene* scene, uint32_t index,
                                              texsim_surface** out) {
  return guard([&](texsim::Diagnostics& d) {
    if (scene == nullptr || out == nullptr) return bad_argument(d, "scene and out must be set");
    *out = nullptr;
    auto s = scene->s.descriptor_surface(index);
    if (!s) return TEXSIM_ERROR_NOT_FOUND;
    *out = new texsim_surface{*s};
    return TEXSIM_OK;
  });
}

texsim_status texsim_scene_descriptor_sampler(const texsim_scene* scene, uint32_t index,
                                              texsim_sampler* out) {
  return guard([&](texsim::Diagnostics& d) {
    if (scene == nullptr || out == nullptr) return bad_argument(d, "scene and out must be set");
    auto s = scene->s.descriptor_sampler(index);
    if (!s) return TEXSIM_ERROR_NOT_FOUND;
    texsim_sampler c = texsim::capi::defaults<texsim_sampler>();
    texsim::detail::copy_sampler(*s, c);
    return texsim::capi::write(c, out, "out", d) ? TEXSIM_OK : TEXSIM_ERROR_INVALID_ARGUMENT;
  });
}

texsim_status texsim_scene_descriptor_placement(const texsim_scene* scene, uint32_t index,
                                                texsim_placement* out) {
  return guard([&](texsim::Diagnostics& d) {
    if (scene == nullptr || out == nullptr) return bad_argument(d, "scene and out must be set");
    if (!scene->s.descriptor_surface(index)) return TEXSIM_ERROR_NOT_FOUND;
    texsim_placement c = texsim::capi::defaults<texsim_placement>();
    if (const auto p = scene->s.descriptor_placement(index)) texsim::detail::copy_placement(*p, c);
    return texsim::capi::write(c, out, "out", d) ? TEXSIM_OK : TEXSIM_ERROR_INVALID_ARGUMENT;
  });
}

}  // extern "C"
