// Registers the built front ends. A front end plugs in with one line here:
//   reg.add(isa::visa::make_frontend());
#include "cli/frontends.hpp"

#include "isa/sass/frontend.hpp"
#include "isa/visa/frontend.hpp"

namespace texsim::cli {

isa::Registry make_registry() {
  isa::Registry reg;
  reg.add(isa::visa::make_frontend());
  reg.add(texsim::isa::sass::make_frontend());
  return reg;
}

std::vector<const scene::SceneSection*> scene_sections() {
  static const isa::Registry kRegistry = make_registry();
  return kRegistry.scene_sections();
}

}  // namespace texsim::cli
