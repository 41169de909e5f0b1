// The front ends, registered once (issue 25 item 4): adding an ISA is one line here, plus its own
// folder; layering.isa_registered_once fails when another file creates a front end.
#include "isa/registry.hpp"

#include "isa/sass/frontend.hpp"
#include "isa/visa/frontend.hpp"

namespace texsim::isa {

const Registry& registry() {
  static const Registry kRegistry = [] {
    Registry r;
    r.add(visa::make_frontend());
    r.add(sass::make_frontend());
    return r;
  }();
  return kRegistry;
}

scene::LoadOptions scene_load_options() {
  scene::LoadOptions o;
  o.sections = registry().scene_sections();
  return o;
}

}  // namespace texsim::isa
