// `texsim describe` for SASS: an opcode's syntax, legal combinations, write masks and rules from
// its OpSpec row, then each generation's encoding of it from that generation's rows.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace texsim::isa::sass {

// The text of `describe OPCODE` (case-insensitive mnemonic, "TEX.B" included); nullopt when no
// row has the name.
std::optional<std::string> describe_opcode(std::string_view opcode);
// The same for a Volta+ architecture `sm` (70..90): its syntax, rows and 128-bit fields
// (describe_sm70.cpp); a text saying so for an opcode with no encoding there.
std::optional<std::string> describe_opcode_wide(std::string_view opcode, unsigned sm);

}  // namespace texsim::isa::sass
