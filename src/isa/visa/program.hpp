// A vISA program as texsim holds it: version, platform, declarations and instructions (each a
// model row plus one value per field). Depends on model, operands, symbols and isa/frontend.hpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "isa/frontend.hpp"
#include "isa/visa/model.hpp"
#include "isa/visa/operands.hpp"
#include "isa/visa/platform.hpp"
#include "isa/visa/symbols.hpp"

namespace texsim::isa::visa {

struct Instruction {
  const InstrRow* row = nullptr;  // nullptr: an instruction texsim recognises but does not model
  std::vector<OperandValue> ops;  // one per row field, in table order
  std::string unsupported;        // its mnemonic when row == nullptr
  std::string source;             // the text as written (trimmed), for unsupported lines
  uint32_t line = 0;              // text position (0 for decoded binaries)
  uint32_t column = 0;
  uint64_t offset = 0;     // byte offset in a decoded binary
  bool spec_form = false;  // written with the spec's upper-case template

  const OperandValue& op(std::string_view field) const { return ops[*row->field_index(field)]; }
};

class VisaProgram : public isa::Program {
 public:
  size_t instruction_count() const override { return instructions.size(); }

  std::string file;  // for diagnostics
  bool from_binary = false;
  Version version = kNewestVersion;
  bool version_given = false;
  Platform platform = Platform::kTGLLP;
  std::string kernel;  // .kernel name (without quotes), "" if none
  SymbolTable symbols;
  bool has_symbols = true;  // false: a binary decoded without a variable table
  std::vector<Instruction> instructions;
  // Read from IGC's .isa container: the whole routine as IGC's dump prints it (isa_file.hpp).
  std::string isa_text;
};

}  // namespace texsim::isa::visa
