// The SASS encoding generations texsim has, oldest first: a new generation is one line here and
// a file of its own (encoding_sm50.cpp, encoding_sm70.cpp); nothing of the semantic rows changes.
#include "isa/sass/encoding.hpp"
#include "isa/sass/encoding_sm70.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace texsim::isa::sass {

std::span<const Generation* const> generations() {
  static const std::array<const Generation*, 2> kGenerations{&sm50(), &sm70()};
  return kGenerations;
}

const Generation* generation_for(std::string_view platform) {
  if (platform.empty()) return generations().front();
  for (const Generation* g : generations()) {
    if (std::find(g->platforms.begin(), g->platforms.end(), platform) != g->platforms.end())
      return g;
  }
  return nullptr;
}

std::span<const std::string_view> sass_platforms() {
  static const std::vector<std::string_view> kAll = [] {
    std::vector<std::string_view> all;
    for (const Generation* g : generations())
      all.insert(all.end(), g->platforms.begin(), g->platforms.end());
    return all;
  }();
  return kAll;
}

}  // namespace texsim::isa::sass
