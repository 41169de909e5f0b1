// Texels and lookup inputs of a hardware case: random textures and coordinates that separate the
// hypotheses of each decision (1/1024-texel and 1/1024-LOD sweeps, out-of-range texels).
#pragma once

#include <cstdint>
#include <vector>

#include "gen/hw_cases.hpp"

namespace texsim::hwgen {

// The case's texel file: every level, x fastest, then y, then z / layer (bundle_files.hpp).
std::vector<uint8_t> make_texels(const GenCase& g);
// lookups x 16 input words (bundle_files.hpp, InputWord).
std::vector<uint32_t> make_inputs(const GenCase& g);

}  // namespace texsim::hwgen
