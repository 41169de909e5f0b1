// One .isa instruction that texsim does not model, printed as IGC's printer writes it
// (visa/IsaDisassembly.cpp), or in the layout-driven form where IGC's form would lose bytes; the
// exact inverse of the generic text encoder (isa_text.hpp). Depends on layouts and symbols.
#pragma once

#include <functional>
#include <string>

#include "isa/visa/isa_file.hpp"
#include "isa/visa/symbols.hpp"

namespace texsim::isa::visa {

struct PrintEnv {
  const SymbolTable& syms;
  Version version;
  std::function<std::string(uint32_t)> label;  // a label's name by id
  // IGC 1.0.12504's truncated operands (V34): print the operands that are there.
  bool truncated = false;
  unsigned grf_bytes = 32;  // addr_add's &NAME[offset] (IsaDisassembly.cpp): row x GRF bytes
};

// The exec-size text "(M1_NM, 16)" of an exec-size byte.
std::string exec_size_text(uint8_t e);

// The line without indentation, predicate prefix included.
std::string print_isa_instruction(const IsaInst& in, const PrintEnv& env);

}  // namespace texsim::isa::visa
