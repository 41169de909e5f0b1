// Terminal concerns of the CLI: tty detection, colour policy, the stderr progress bar, and
// printing diagnostics with a source excerpt. CLI layer only; the library never prints.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"

namespace texsim::cli {

bool is_tty(std::FILE* f);
// Colour on `f` only when it is a terminal and NO_COLOR is unset and TERM is not "dumb".
bool use_color(std::FILE* f);

// Errors printed before `print_diagnostics` stops (like clang's -ferror-limit); 0: no limit.
// The count runs over the whole process (every file of a `check`). Decision H1.
inline constexpr size_t kDefaultErrorLimit = 100;
// Of a run of consecutive diagnostics that differ only in their location, this many print;
// the rest are counted in one note. Decision H1.
inline constexpr size_t kRepeatsShown = 3;
void set_error_limit(size_t limit);

// Control characters (and DEL) of input text as \xNN, so that input never drives the terminal.
std::string escape_control(std::string_view s, bool keep_tab);

// Prints diagnostics compiler-style to `f`; for a text location whose file is `source_path`,
// adds the source line and a caret under the column.
void print_diagnostics(std::FILE* f, const std::vector<core::Diagnostic>& diags,
                       const std::string& source_path = {}, const std::string& source_text = {});

// A one-line progress bar on stderr, drawn only when stderr is a terminal and not quiet.
class Progress {
 public:
  Progress(std::string label, bool quiet);
  ~Progress();
  void update(uint64_t done, uint64_t total);
  void finish();

 private:
  std::string label_;
  bool enabled_ = false;
  int last_percent_ = -1;
  bool drawn_ = false;
};

}  // namespace texsim::cli
