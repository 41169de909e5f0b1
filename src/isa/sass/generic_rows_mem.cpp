// The mem family of the generic table (generic_table.hpp): loads, stores, atomics and barriers
// (LDG, STS, ATOM, BAR...) as nvdisasm 11.8 prints them (issue 29).
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

std::span<const Row> mem_rows() {
  return {};
}

}  // namespace texsim::isa::sass::generic
