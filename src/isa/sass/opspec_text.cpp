// Text of an OpSpec row for diagnostics: the modifiers it takes and the paramA names it uses.
// Split from syntax.cpp (the parser), which reads these when a line does not parse.
#include <string>
#include <vector>

#include "isa/sass/opspec.hpp"

namespace texsim::isa::sass {

// The modifiers a row takes, as the "expected" list of a diagnostic: ".F16, .LZ, .LL, ...".
std::string expected_mods(const OpSpec& spec) {
  std::string out;
  auto add = [&](std::string_view m) { out += (out.empty() ? "." : ", .") + std::string(m); };
  for (Mod m : spec.mods) {
    switch (m) {
      case Mod::kF16:
        add("F16");
        break;
      case Mod::kRtz:
        add("RTZ");
        break;
      case Mod::kLod:
        if (spec.lods.empty()) {
          add("LZ");
          add("LL");
        }
        for (Lod l : spec.lods) {
          if (l != Lod::kAuto) add(lod_name(l));
        }
        break;
      case Mod::kLodQuery:
        add("LOD");
        break;
      case Mod::kLc:
        add("LC");
        break;
      case Mod::kToff:
        for (uint8_t c = 1; c < 4; ++c) add(toff_name(c));
        break;
      case Mod::kCl:
        add("CL");
        break;
      case Mod::kNdv:
        add("NDV");
        break;
      case Mod::kComponent:
        for (uint8_t c = 0; c < 4; ++c) add(component_name(c));
        break;
      case Mod::kBindless:
        add("B");
        break;
      case Mod::kAoffi:
        add("AOFFI");
        break;
      case Mod::kMs:
        add("MS");
        break;
      case Mod::kDc:
        add("DC");
        break;
      case Mod::kNodep:
        add("NODEP");
        break;
      case Mod::kPhase:
        add("T");
        add("P");
        break;
    }
  }
  return out;
}

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
