// The hardware check's cases: each a texture, a sampler, a PTX kernel and the decisions its
// lookups settle (docs/hardware.md). Only data; inputs and expected values live next door.
#pragma once

#include <vector>

#include "host/bundle_files.hpp"

namespace texsim::hwgen {

enum class Texels {
  kRandom,       // random codes / finite floats (R32F: full mantissas in [-4, 4])
  kConsecutive,  // codes c, c+1, ...: every weight 1/2 between neighbours is a code tie (P15)
};

struct GenCase {
  hw::CaseSpec spec;
  Texels texels = Texels::kRandom;
  unsigned seed = 0;     // cases with the same seed get the same texels and inputs
  bool fp16_rz = false;  // TLDS.F16 expected with round-toward-zero (T4) instead of RN
};

// Every case, `lookups` lookups each.
std::vector<GenCase> hw_cases(unsigned lookups);

}  // namespace texsim::hwgen
