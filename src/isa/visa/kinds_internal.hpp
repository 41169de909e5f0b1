// Helpers shared by the operand kinds' text (kinds.cpp) and binary (kinds_binary.cpp) sides.
// Not a public header.
#pragma once

#include <cstdint>

#include "isa/visa/types.hpp"

namespace texsim::isa::visa::detail {

// The bits of an immediate of type `t` (all 64 for 8-byte types).
inline uint64_t type_mask(VisaType t) {
  const unsigned bits = type_size(t) * 8;
  return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

}  // namespace texsim::isa::visa::detail
