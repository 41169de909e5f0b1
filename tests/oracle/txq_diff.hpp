// --sass: SASS TXQ (TEX_HEADER_DIMENSION, TEX_HEADER_TEXTURE_TYPE) against lavapipe's
// textureSize / textureQueryLevels / textureSamples on each batch's image (decisions T60-T62, T69).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "cases.hpp"
#include "vk_context.hpp"

namespace texsim::oracle {

struct TxqDiffStats {
  uint64_t lanes = 0;  // TXQ lanes run (in-range LODs only: Vulkan leaves the rest undefined)
  uint64_t lanes_identical = 0;  // lanes whose compared components all equal lavapipe's
  uint64_t identical = 0;        // compared components equal to lavapipe's
  uint64_t different = 0;        // compared components that differ
  uint64_t group_lod = 0;        // differing lanes equal to TXQ at their 8-lane group's first LOD
  uint64_t failed = 0;           // differing lanes that do not
  uint64_t errors = 0;           // front-end or execution errors
  uint64_t printed = 0;
  // Per view type ("2D", "CUBE", ...): lanes, identical and different components.
  std::map<std::string, std::array<uint64_t, 3>> by_type;
};

// Queries batch `b`'s image (with a random view base level) at random in-range LODs on the GPU
// and with TXQ, component by component. Returns false on a Vulkan error. `ignore_view_base`
// (--mutate txq_view, the comparison's self-test) gives TXQ a header starting at level 0.
bool txq_diff(const Batch& b, VkContext& vk, uint64_t seed, uint32_t case_index, uint32_t max_print,
              bool ignore_view_base, TxqDiffStats& st);

// Prints the summary; the exit status: 0 when no lane failed, nothing errored and lanes ran.
int txq_diff_report(const TxqDiffStats& st);

}  // namespace texsim::oracle
