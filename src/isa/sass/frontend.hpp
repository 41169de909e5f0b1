// The SASS front end: the isa::Frontend plug-in (parse+validate, encode, decode, print, execute,
// describe, examples) over the sass model. Depends on isa/frontend.hpp and the sass parts.
#pragma once

#include <memory>
#include <vector>

#include "isa/frontend.hpp"
#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// How a program prints: bare lines (a --word input, or text without control prefixes), or
// nvdisasm-style stream lines with control prefix and address.
enum class PrintMode : uint8_t { kBare, kStream };

class SassProgram : public Program {
 public:
  std::vector<Instruction> instructions;
  PrintMode mode = PrintMode::kBare;
  size_t instruction_count() const override { return instructions.size(); }
};

std::unique_ptr<Frontend> make_frontend();

}  // namespace texsim::isa::sass
