// --visa: drives the vISA front end (3D_SAMPLE / 3D_LOAD programs, lavapipe precision) on the
// oracle's random batches and compares each lane with lavapipe's result, bit for bit.
// Depends on cases.hpp and the vISA front end (texsim_visa).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cases.hpp"

namespace texsim::oracle {

struct VisaDiffStats {
  uint64_t passed = 0, failed = 0;
  std::array<uint64_t, kOpCount> op_passed{}, op_failed{};
  uint64_t skipped_ops = 0;  // lanes of ops vISA cannot express here (gather)
  uint64_t excluded = 0;     // lanes with no exact vISA mapping (see visa_diff.cpp)
  uint64_t errors = 0;       // batches the front end rejected
  uint64_t printed = 0;
};

// Runs batch `b` as vISA programs and compares with the GPU words (4 per lane).
void visa_diff(const Batch& b, const std::vector<uint32_t>& gpu, uint64_t seed, uint32_t case_index,
               uint32_t max_print, VisaDiffStats& st);

}  // namespace texsim::oracle
