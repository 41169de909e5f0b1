// Public API: scenes (docs/scene-format.md) — the surfaces, samplers, memory and registers a
// program runs on — loaded from JSON text or a file.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "texsim/diagnostic.hpp"
#include "texsim/export.h"
#include "texsim/lookup.hpp"
#include "texsim/sampler.hpp"
#include "texsim/surface.hpp"

namespace texsim {

struct SceneOptions {
  bool allow_any_path = false;             // "file" data outside the scene's folder
  uint64_t max_bytes = uint64_t{1} << 30;  // all surfaces and memory together
};

namespace detail {
struct SceneImpl;  // src/api/internal.hpp
struct Access;
}  // namespace detail

// A loaded scene: a read-only handle, cheap to copy. Surfaces taken from it keep it alive.
class TEXSIM_API Scene {
 public:
  // Every problem is reported (SCENE-*, TEXUNIT-SURFACE-*, with JSON path and line:column);
  // nothing is returned on error.
  static std::optional<Scene> load_file(const std::string& path, Diagnostics& diags,
                                        const SceneOptions& options = {});
  // `path` names the text in diagnostics and anchors relative "file" names.
  static std::optional<Scene> load_text(std::string_view json, const std::string& path,
                                        Diagnostics& diags, const SceneOptions& options = {});

  std::string isa() const;       // "visa", "sass" or "" (not given)
  std::string platform() const;  // e.g. "TGLLP", "SM52"; "" if not given
  std::vector<uint32_t> surface_ids() const;
  std::vector<uint32_t> sampler_ids() const;
  std::optional<Surface> surface(uint32_t id) const;
  std::optional<Sampler> sampler(uint32_t id) const;
  // The sampler's "precision" key, if the scene gives one.
  std::optional<Profile> sampler_profile(uint32_t id) const;
  // The surface's "placement" (docs/scene-format.md), validated at load; none when the surface
  // has none or there is no such surface (texsim's linear layout at address 0 is Placement{}).
  std::optional<Placement> placement(uint32_t id) const;

  // What the program's texture instructions name, by descriptor index (docs/hardware-state.md):
  // for a SASS scene the texture header and sampler pools' entries ("texture_headers",
  // "texture_samplers"; given as TIC/TSC bytes or as JSON), a header's view of levels being
  // the surface's levels 0.., a sampler the state with the TSC's field widths applied; for a
  // vISA scene the surface and sampler state entries ("surface_states", "sampler_states") and
  // the JSON surfaces and samplers of the same indices. The placement is where the descriptor
  // puts the texels (addresses are the memory surface's, its levels included).
  std::vector<uint32_t> descriptor_surface_ids() const;
  std::vector<uint32_t> descriptor_sampler_ids() const;
  std::optional<Surface> descriptor_surface(uint32_t index) const;
  std::optional<Sampler> descriptor_sampler(uint32_t index) const;
  std::optional<Placement> descriptor_placement(uint32_t index) const;

 private:
  friend struct detail::Access;  // the library's own constructor and accessor (decision A3)
  TEXSIM_LOCAL explicit Scene(std::shared_ptr<const detail::SceneImpl> impl);
  std::shared_ptr<const detail::SceneImpl> impl_;
};

}  // namespace texsim
