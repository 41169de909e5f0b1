// Binary operand layouts of every vISA opcode (IGC 1.0.12504's instruction table and binary
// reader, vISA 3.x/4.x): what follows each opcode byte, so that a whole .isa instruction stream
// can be walked, kept byte-exact and re-written; a modelled opcode's layout is derived from its
// model rows. Depends on core/bytes, platform and model.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.hpp"
#include "isa/visa/platform.hpp"

namespace texsim::isa::visa {

// Layout tokens, one per binary field, in order (IGC's readInstruction* functions):
//   E exec size + mask (UB)        P predicate (UW)           V vector operand (tag decides size)
//   R raw operand (id, UW offset)  I variable id (UW before 3.4, UD from 3.4)
//   b / w / d UB / UW / UD value   O 3D sub-op + flags (UB before 4.0, UW from 4.0)
//   A 3D aoffimmi (UW before 3.4, vector from 3.4)       W wait mask (vector from 3.1)
//   F raw_sends FFID (UB from 3.6) n UB count (remembered) r `count` raw operands
//   l `count` UW label ids          s UB sub-op selecting a sub-layout (svm, lsc_*)
// A layout "?" has no binary form texsim knows (an instruction texsim cannot walk).
struct OpLayout {
  uint8_t opcode;
  std::string_view mnemonic;  // IGC's instruction-table name
  std::string_view layout;
};

struct InstrRow;

std::span<const OpLayout> all_layouts();
// A model row's layout as IGC 1.0.12504 writes it: one token per field, the paired surface left
// out (V33). The layout of every modelled opcode in all_layouts().
std::string row_layout(const InstrRow& row);
const OpLayout* find_layout(uint8_t opcode);
const OpLayout* find_layout(std::string_view mnemonic);
// The layout after an `s` token for `opcode`'s sub-op; nullptr when unknown.
const OpLayout* find_sub_layout(uint8_t opcode, uint8_t sub_op);
// The sub-op of a sub-layout mnemonic (svm_gather, lsc_load, ...); nullopt for other names.
std::optional<uint8_t> sub_op_of(std::string_view mnemonic);

// One walked field: its token, where it starts and how many bytes it has.
struct WalkedField {
  char token;
  uint32_t offset;
  uint32_t size;
};

// Walks one instruction at r.pos() (the opcode byte); on success r is after it and `fields` holds
// every field (the opcode byte not included). Errors are recorded in `r` (FILE+0xOFFSET, field).
bool walk_instruction(core::BytesReader& r, Version v, std::vector<WalkedField>& fields);

// IGC 1.0.12504 writes each instruction's table entries only up to its operand count, with the
// exec size and predicate entries counted (decision V34): the last one or two operands are not
// in the file. The possible walks of such a truncated instruction at `pos` (one per distinct
// end; several only where a dropped count hides how many operands there were).
struct Walk {
  size_t end = 0;
  std::string mnemonic;
  std::vector<WalkedField> fields;  // absolute offsets
};
std::vector<Walk> walk_truncated(std::span<const uint8_t> bytes, size_t pos, size_t end, Version v,
                                 std::string& error);

}  // namespace texsim::isa::visa
