// The built-in SASS example program and scene (examples/sass/tlds-demo.*) as text.
// Depends on nothing.
#pragma once

#include <string_view>

namespace texsim::isa::sass {

std::string_view demo_program();  // == examples/sass/tlds-demo.sass
std::string_view demo_scene();    // == examples/sass/tlds-demo.json

}  // namespace texsim::isa::sass
