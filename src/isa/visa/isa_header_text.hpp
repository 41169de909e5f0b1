// Kernel header directives of IGC's vISA text as the .isa container holds them: `.input`,
// `.implicit_KIND`, `.parameter` and `.kernel_attr` (IGC 1.0.12504: visa/IsaDisassembly.cpp
// printFuncInput/printOneAttribute, BuildCISAIRImpl.cpp). Parse and print are inverses.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "isa/visa/isa_file.hpp"
#include "isa/visa/program.hpp"
#include "isa/visa/symbols.hpp"

namespace texsim::isa::visa {

// Attributes IGC stores as strings (include/VISAAttributes.h DEF_ATTR_CSTR).
bool is_string_attribute(std::string_view name);

// `.input V0038 offset=32 size=32`, `.implicit_LOCAL_ID V0040 offset=64 size=6`, `.parameter ...`.
std::string input_directive(const IsaInput& in, const SymbolTable& syms, bool kernel);

// The directive word (without the dot) and the rest of the line: a header input. `col` is the
// line's first column; errors name the column.
struct HeaderError {
  uint32_t column = 1;
  std::string message;
};
std::optional<HeaderError> parse_input_directive(std::string_view dir, std::string_view rest,
                                                 uint32_t col, ProgramInput& out);
// `.kernel_attr NAME[=VALUE]` (rest: the text after the directive word). Target takes "cm" or
// "3d" (one byte), a number is a UD, a quoted string its bytes, no value a bool (IGC's parser).
std::optional<HeaderError> parse_kernel_attr(std::string_view rest, uint32_t col, ProgramAttr& out);

}  // namespace texsim::isa::visa
