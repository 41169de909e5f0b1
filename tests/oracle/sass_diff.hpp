// --sass: drives the SASS front end (TEXS / TLD4S programs, the TSC entry with lavapipe
// precision) on the oracle's random batches and compares each lane with lavapipe's result.
// Depends on cases.hpp and the SASS front end (texsim_sass).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cases.hpp"
#include "scene/scene.hpp"

namespace texsim::oracle {

struct SassDiffStats {
  uint64_t passed = 0;   // bit-identical to the GPU
  uint64_t gap = 0;      // differs from the GPU, equals texsim's lone-lane answer (see .cpp)
  uint64_t tsc_gap = 0;  // gaps only the TSC-narrowed sampler explains
  uint64_t failed = 0;   // differs from both
  std::array<uint64_t, kOpCount> op_passed{}, op_gap{}, op_failed{};
  uint64_t skipped = 0;   // lanes of batches TEXS/TLD4S cannot express (offsets, grads, ...)
  uint64_t excluded = 0;  // lanes with no exact TEXS mapping (non-zero LOD on .LZ-only forms...)
  uint64_t errors = 0;    // batches the front end rejected
  uint64_t printed = 0;
  // Per instruction form ("TEX.LL.AOFFI.DC"): identical, gap, failed lanes.
  std::map<std::string, std::array<uint64_t, 3>> by_form;
};

// The SM52 scene the SASS comparisons run in: header 0 views the batch's surface from
// `min_level` to its last level, TSC entry 0 is the batch's sampler with lavapipe precision.
scene::Scene sass_scene(const Batch& b, uint32_t min_level);

// Runs batch `b` lane by lane as one SASS texture instruction and compares with the GPU words
// (4 per lane): on SM50-SM62 a TEXS/TLD4S or TEX/TLD/TLD4/TXD line, on a Volta+ `platform`
// (SM70-SM90) the TEX/TLD/TLD4/TXD line ptxas writes there (.SCR split on even cases).
void sass_diff(const Batch& b, const std::vector<uint32_t>& gpu, uint64_t seed, uint32_t case_index,
               uint32_t max_print, SassDiffStats& st, const std::string& platform = "SM52");

// Prints the summary; the exit status: 0 when nothing failed, nothing errored and lanes passed.
// On a Volta+ platform it also fails when some opcode never ran with and without .SCR.
int sass_diff_report(const SassDiffStats& st, uint64_t seed, uint32_t cases, uint32_t lanes,
                     double seconds, const std::string& platform = "SM52");

}  // namespace texsim::oracle
