// A cuobjdump -sass listing of a Volta+ cubin read back as functions of instructions (text and
// 128-bit word each), for the hardware bundle's cubin predictions (cubin_predict.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "isa/sass/encoding_sm70.hpp"

namespace texsim::hwgen {

struct ListedInstruction {
  unsigned offset = 0;                // the /*00e0*/ column
  std::string guard;                  // "@P0", "@!P0" or ""
  std::string op;                     // "TLD4.A", "LDG.E.128"
  std::vector<std::string> operands;  // as printed, split at ", "
  std::string text;                   // the whole instruction text without " ;"
  isa::sass::Word128 word;            // low 64 bits on the instruction's line, high on the next
};

struct ListedFunction {
  std::string name;
  std::vector<ListedInstruction> code;
};

// Every "Function : NAME" of `listing` by name; a malformed instruction line is skipped with its
// line number appended to `problems`.
std::map<std::string, ListedFunction> parse_listing(std::string_view listing,
                                                    std::vector<std::string>& problems);

}  // namespace texsim::hwgen
