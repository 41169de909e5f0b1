// The plug-in through which an ISA front end reads its sections of a scene file (registers,
// pools, dispatch state) and keeps the machine state it read in the Scene; scene knows no ISA.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/diag.hpp"
#include "scene/json_reader.hpp"

namespace texsim::scene {

struct Scene;
struct ToHardwareOptions;
class GpuMemoryBuilder;

// Machine state an ISA front end read from its scene sections. The Scene holds it by ISA id
// without knowing its type; the front end reads it back as its own type.
class IsaState {
 public:
  virtual ~IsaState() = default;
  virtual std::unique_ptr<IsaState> clone() const = 0;
};

// One ISA's reader of scene sections (interface.md, "Scene file"). The loader reads the
// ISA-neutral keys (texsim, isa, platform, description, surfaces, samplers, memory) itself and
// hands each ISA the keys it names, through the loader's JsonReader.
class SceneSection {
 public:
  virtual ~SceneSection() = default;

  virtual std::string_view isa() const = 0;           // the scene's "isa" value: "visa"
  virtual std::string_view display_name() const = 0;  // "vISA": "unknown vISA platform"
  virtual std::span<const std::string_view> platforms() const = 0;  // canonical spelling
  // The top-level keys this ISA reads (besides its "registers" entries).
  virtual std::span<const std::string_view> keys() const = 0;

  virtual std::unique_ptr<IsaState> make_state() const = 0;

  // "registers" entries go to the section of the scene's "isa"; with none given, to the first
  // section that claims the entry's value.
  virtual bool claims_register(const Json& value) const = 0;
  virtual void read_register(JsonReader& r, const std::string& name, const Json& value,
                             const std::string& path, IsaState& state) const = 0;

  // Reads this ISA's keys of the root object, after the ISA-neutral sections and the
  // registers (pools may name the scene's surfaces).
  virtual void read(JsonReader& r, const Json& root, const Scene& scene, IsaState& state) const = 0;

  // Rewrites the scene's JSON surfaces and samplers in `root` as this ISA's hardware
  // descriptors, their texels placed through `memory` (scene/to_hardware.hpp, `texsim
  // place`). Every entry it cannot express is a SCENE-HARDWARE error. The default: the ISA
  // has no descriptors.
  virtual void to_hardware(Json& root, const Scene& scene, const ToHardwareOptions& options,
                           GpuMemoryBuilder& memory, core::DiagSink& sink) const;
};

}  // namespace texsim::scene
