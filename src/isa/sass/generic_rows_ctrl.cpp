// The ctrl family of the generic table (generic_table.hpp): branches and their stacks (BRA, SSY,
// CAL, PBK...) as nvdisasm 11.8 prints them (issue 29).
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

std::span<const Row> ctrl_rows() {
  return {};
}

}  // namespace texsim::isa::sass::generic
