// The public API's private side: the handle implementations and the conversions between the
// public value types (include/texsim/) and the internal ones. Only src/api/ includes this.
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/diag.hpp"
#include "scene/scene.hpp"
#include "texsim/diagnostic.hpp"
#include "texsim/sampler.hpp"
#include "texsim/scene.hpp"
#include "texsim/surface.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"
#include "texunit/texel.hpp"

namespace texsim::detail {

struct SceneImpl {
  scene::Scene scene;
};

// Either an owned surface (writable) or one of a scene's (read-only; the scene is kept alive).
struct SurfaceImpl {
  std::shared_ptr<texunit::Surface> owned;
  std::shared_ptr<const SceneImpl> scene;
  const texunit::Surface* surface = nullptr;
  // A texture header's view of levels [first_level, first_level + level_count) as levels 0..
  // (Scene::descriptor_surface; level_count 0: every level). Reads are logged against the view
  // and mapped to the memory surface's levels.
  uint32_t first_level = 0;
  uint32_t level_count = 0;
  std::vector<texunit::NullRegion> view_regions;  // the view's null regions, renumbered
  std::optional<texunit::Format> view_format;     // a header's sRGB twin of the format
};

// What lookups on `s` read: its surface's view, or the header's level range of it.
texunit::SurfaceView view_of(const SurfaceImpl& s);

// The library's side of Surface and Scene: their constructor from an implementation and the
// implementation itself, private in the public headers (friends of both; decision A3).
struct Access {
  static Surface surface(std::shared_ptr<SurfaceImpl> impl) { return Surface(std::move(impl)); }
  static const SurfaceImpl& impl(const Surface& s) { return *s.impl_; }
  static Scene scene(std::shared_ptr<const SceneImpl> impl) { return Scene(std::move(impl)); }
  static const SceneImpl& impl(const Scene& s) { return *s.impl_; }
};

Diagnostic to_public(const core::Diagnostic& d);
void append(Diagnostics& out, const core::DiagSink& sink);
// An error with no location, rule LIB-*.
void lib_error(Diagnostics& out, std::string rule, std::string message);

texunit::SamplerState to_internal(const Sampler& s);
Sampler to_public(const texunit::SamplerState& s);
texunit::PrecisionProfile to_internal(Profile p);
Profile to_public(texunit::PrecisionKind k);
TexelKind to_public(texunit::TexelKind k);
texunit::Texel to_internal(const Texel& t);
// nullopt (with a LIB-FORMAT diagnostic) for an unknown format name.
std::optional<texunit::SurfaceDesc> to_internal(const SurfaceDesc& d, Diagnostics& diags);
SurfaceDesc to_public(const texunit::SurfaceDesc& d);

}  // namespace texsim::detail
