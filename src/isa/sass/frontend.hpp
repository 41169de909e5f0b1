// The SASS front end: the isa::Frontend plug-in (parse+validate, encode, decode, print, execute,
// describe, examples) over the sass model. Depends on isa/frontend.hpp and the sass parts.
#pragma once

#include <memory>
#include <vector>

#include "isa/frontend.hpp"
#include "isa/sass/listing.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// How a program prints: bare lines (a --word input, or text without control prefixes), or
// nvdisasm-style stream lines with control prefix and address.
// kListing: a decoded cubin in cuobjdump -sass / nvdisasm -hex layout (issue 14).
enum class PrintMode : uint8_t { kBare, kStream, kListing };

class SassProgram : public Program {
 public:
  std::vector<Instruction> instructions;
  PrintMode mode = PrintMode::kBare;
  // Cubin input: its kernels (ranges of `instructions`) and e_flags' SM numbers.
  std::vector<KernelRange> kernels;
  unsigned sm = 0;
  unsigned virtual_sm = 0;
  // Text input: what a cuobjdump listing said (`Function :` names, `code for sm_NN`).
  ListingInfo listing;
  size_t instruction_count() const override { return instructions.size(); }
};

std::unique_ptr<Frontend> make_frontend();

}  // namespace texsim::isa::sass
