// Diagnostics as values: severity, stable rule id, a text or binary location, message and notes.
// Library code returns these through a DiagSink; only the CLI prints them. Depends on nothing.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace texsim::core {

enum class Severity { kNote, kWarning, kError };

std::string_view severity_name(Severity s);

// A position in a text file: 1-based line and column. Line 0 means "the whole file".
struct TextLoc {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
};

// A position in a binary: byte offset of the unit and the bit range inside it (hi >= lo),
// written the way the spec tables write fields, e.g. bits 15:12.
struct BinaryLoc {
  std::string file;
  uint64_t offset = 0;
  uint32_t bit_hi = 0;
  uint32_t bit_lo = 0;
  bool has_bits = false;
};

// No location: for diagnostics about a whole scene or machine state.
struct NoLoc {};

using Location = std::variant<NoLoc, TextLoc, BinaryLoc>;

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string rule_id;  // stable, e.g. "VISA-3D_LOAD-NUMPARAMS"
  Location loc;
  std::string message;   // generated from the failed constraint
  std::string citation;  // spec file and field, e.g. "visa-3d_load.md, NumParams"
  std::vector<std::string> notes;
};

// Renders one diagnostic in the contract's compiler style:
//   prog.visaasm:12:31: error[RULE]: message (citation)
//   prog.bin+0x10[bits 15:12]: error[RULE]: message (citation)
std::string format_diagnostic(const Diagnostic& d);

std::string format_location(const Location& loc);

// Collects diagnostics. Library functions take a DiagSink& and keep going after an error when
// they can, so that a user sees every problem at once.
class DiagSink {
 public:
  void report(Diagnostic d);
  void error(std::string rule_id, Location loc, std::string message, std::string citation = {});
  void warning(std::string rule_id, Location loc, std::string message, std::string citation = {});

  const std::vector<Diagnostic>& diagnostics() const { return diags_; }
  size_t error_count() const { return errors_; }
  bool has_errors() const { return errors_ != 0; }
  void clear();

 private:
  std::vector<Diagnostic> diags_;
  size_t errors_ = 0;
};

}  // namespace texsim::core
