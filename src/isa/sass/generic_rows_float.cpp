// The float family of the generic table (generic_table.hpp): float ALU, MUFU and conversions (FFMA,
// FSETP, I2F...) as nvdisasm 11.8 prints them (issue 29).
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

std::span<const Row> float_rows() {
  return {};
}

}  // namespace texsim::isa::sass::generic
