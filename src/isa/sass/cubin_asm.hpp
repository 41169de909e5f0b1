// `texsim asm -o K.cubin` without a base cubin: a SASS program or listing written as a new cubin,
// each `Function :` of a listing one kernel (issue 29, decisions CW1-CW7). Depends on the sass
// parts.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/frontend.hpp"

namespace texsim::isa::sass {

// The cubin of `p`: one kernel per function of its listing (its name, code, registers, parameter
// bytes, nvdisasm's subroutine symbols), else one kernel named by the output file's stem. Errors
// (nullopt): an instruction that does not encode (its own diagnostic), a function named twice
// (SASS-CUBIN at the second `Function :` line).
std::optional<std::vector<uint8_t>> assemble_cubin(const SassProgram& p,
                                                   std::string_view output_path,
                                                   std::string_view platform, core::DiagSink& sink);

}  // namespace texsim::isa::sass
