// A vISA program as texsim holds it: version, platform, declarations and instructions (each a
// model row plus one value per field). Depends on model, operands, symbols and isa/frontend.hpp.
#pragma once

#include <cstdint>
#include <optional>
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
  // A modelled instruction of an IGC .isa routine whose operands IGC 1.0.12504 truncated (V34):
  // `unsupported` names its row; it is printed and written back, not checked or run.
  bool truncated = false;

  // The operand of `field`. Checked (#16): a name the row lacks (a typo, or a row without the
  // field) returns an empty operand (present false, value 0) instead of indexing out of range.
  const OperandValue& op(std::string_view field) const {
    static const OperandValue kAbsent{};
    const std::optional<size_t> i = row != nullptr ? row->field_index(field) : std::nullopt;
    return i && *i < ops.size() ? ops[*i] : kAbsent;
  }
};

// Kernel header lines and labels, kept for IGC's .isa container (isa_header_text.hpp).
struct ProgramInput {  // .input / .implicit_KIND / .parameter
  std::string name;
  uint8_t kind = 0;  // class [2:0] (0 general, 1 sampler, 2 surface), implicit kind [7:3]
  int16_t offset = 0;
  uint16_t size = 0;
  uint32_t line = 0, column = 0;
};
struct ProgramAttr {  // .kernel_attr NAME[=VALUE]
  std::string name;
  std::vector<uint8_t> value;
};
struct ProgramLabel {  // NAME: (a .function line before it makes it a subroutine)
  std::string name;
  bool function = false;
  size_t before = 0;  // index of the instruction it precedes
  uint32_t line = 0;
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
  std::vector<ProgramInput> inputs;
  std::vector<ProgramAttr> attrs;
  std::vector<ProgramLabel> labels;
  // Read from IGC's .isa container: the whole routine as IGC's dump prints it (isa_file.hpp).
  std::string isa_text;
};

}  // namespace texsim::isa::visa
