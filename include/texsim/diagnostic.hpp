// Public API: diagnostics as plain values (rule id, location, message, citation, notes).
// Every texsim function that can fail on bad input appends them to a Diagnostics list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "texsim/export.h"

namespace texsim {

enum class Severity { kNote, kWarning, kError };

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string rule;  // stable id, e.g. "VISA-3D_LOAD-NUMPARAMS", "SCENE-TYPE"
  // Where: a text position (line >= 1, column >= 1), a binary position (is_binary: byte
  // offset and, when has_bits, bits bit_hi:bit_lo) or nothing (file may still be set).
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
  bool is_binary = false;
  uint64_t offset = 0;
  bool has_bits = false;
  uint32_t bit_hi = 0;
  uint32_t bit_lo = 0;
  std::string message;
  std::string citation;  // the spec it comes from, e.g. "visa-3d_load.md, NumParams"
  std::vector<std::string> notes;
  // The compiler-style line texsim's CLI prints: "file:line:col: error[RULE]: message (cite)".
  std::string text;
};

using Diagnostics = std::vector<Diagnostic>;

// True when `diags` holds at least one error.
TEXSIM_API bool has_errors(const Diagnostics& diags);

}  // namespace texsim
