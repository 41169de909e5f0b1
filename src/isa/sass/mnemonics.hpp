// Every Maxwell/Pascal instruction name (SM50-SM62), modelled or not: what tells a typo
// ("TLSD") from a real instruction texsim does not model ("MOV"), and what "did you mean" offers.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace texsim::isa::sass {

// Sorted; upper case as nvdisasm prints them.
std::span<const std::string_view> sass_mnemonics();
bool is_sass_mnemonic(std::string_view name);

// For a name that looks like an instruction (letters, digits, '_') but is none: "unknown
// instruction 'TLSD'; did you mean TLDS? (...)". nullopt for real names and other tokens.
std::optional<std::string> unknown_mnemonic(std::string_view name);

}  // namespace texsim::isa::sass
