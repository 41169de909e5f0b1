// texsim's prediction of what a Volta+ cubin's kernel stores for each lookup of a hardware case:
// the texture instruction's 128-bit word decoded and run warp-wide by texsim (issue 26 item 3).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen/cubin_listing.hpp"
#include "host/bundle_files.hpp"

namespace texsim::hwgen {

struct CubinPrediction {
  bool predicted = false;
  std::string reason;                // not predicted: what is out of reach, naming the instruction
  std::string texture_line;          // the texture instruction as cuobjdump prints it
  bool texture_text_agrees = false;  // texsim prints its word as cuobjdump does
  std::vector<uint32_t> results;     // lookups x 4 words, as the kernel stores them
};

// Runs `fn` (the case's kernel from a cuobjdump listing of an sm_`sm` cubin) over the case's
// lookups, 32 a warp. The code around the texture instruction (parameter loads, address
// arithmetic, LDG/STG, moves, constants, the layer clamp, the F16 packing) is interpreted from
// its text by cubin_glue.cpp; the texture instruction itself by texsim's SASS front end.
CubinPrediction predict_cubin(const hw::CaseData& c, const ListedFunction& fn, unsigned sm);

}  // namespace texsim::hwgen
