// Text of an OpSpec row for diagnostics: the paramA names it uses (its modifiers: modifiers.cpp).
// Split from syntax.cpp (the parser), which reads these when a line does not parse.
#include <string>
#include <vector>

#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass {

// The paramA names some mode of the row uses, in table order: "1D, 2D, 3D, ARRAY_2D".
std::string legal_param_a_names(const OpSpec& spec) {
  std::string out;
  for (ParamA p : spec.param_as)
    out += (out.empty() ? "" : ", ") + std::string(param_a_info(p).name);
  std::vector<ParamA> seen;
  for (const auto& r : spec.modes) {
    bool dup = false;
    for (ParamA p : seen) dup = dup || p == r.param_a;
    if (dup) continue;
    seen.push_back(r.param_a);
    out += (out.empty() ? "" : ", ") + std::string(param_a_info(r.param_a).name);
  }
  return out;
}

}  // namespace texsim::isa::sass
