// IGC text of the common-class vISA instructions (mov, arithmetic, logic, cmp, min/max, movs...:
// exec size, predicate and vector operands only) encoded for a .isa, so that instructions
// texsim does not model still go text -> .isa -> text. Depends on layouts and symbols.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isa/visa/platform.hpp"
#include "isa/visa/symbols.hpp"

namespace texsim::isa::visa {

// Maps a declared variable's texsim id to its id in the file (V35).
using IdMap = std::function<uint32_t(VarClass, uint32_t)>;

// Encodes one line (as IGC's printer writes it, without its `/// $N` comment) of an instruction
// whose layout has only exec size, predicate and vector operands (cmp and fminmax with their
// relation / min-max byte); appends the bytes. An error message for other instructions or
// operands it cannot read.
std::optional<std::string> encode_common_line(std::string_view line, const SymbolTable& syms,
                                              Version v, const IdMap& map,
                                              std::vector<uint8_t>& out);

}  // namespace texsim::isa::visa
