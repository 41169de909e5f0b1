// The names of the Intel sampler message's parameter roles (sampler_message.hpp), as the
// parameter tables of visa-3d_sample.md, visa-3d_load.md and visa-3d_sample4.md spell them.
#include "intel/sampler_message.hpp"

namespace texsim::intel {

std::string_view param_name(Param p) {
  static constexpr std::array<std::string_view, kParamCount> kNames{
      "u",    "v",    "r",  "ai",   "bias", "lod",  "ref",  "dudx", "dudy", "dvdx", "dvdy",
      "drdx", "drdy", "si", "mcsl", "mcsh", "mcs0", "mcs1", "mcs2", "mcs3", "offu", "offv"};
  const auto i = static_cast<size_t>(p);
  return i < kNames.size() ? kNames[i] : "?";
}

}  // namespace texsim::intel
