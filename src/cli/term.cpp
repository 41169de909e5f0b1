// tty checks, colour policy, the progress bar and diagnostic printing for the CLI.
// Only the CLI prints; this file is where it does so for diagnostics and progress.
#include "cli/term.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string_view>

namespace texsim::cli {

bool is_tty(std::FILE* f) {
  return isatty(fileno(f)) != 0;
}

bool use_color(std::FILE* f) {
  if (!is_tty(f)) return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && no_color[0] != '\0') return false;
  const char* term = std::getenv("TERM");
  return term == nullptr || std::strcmp(term, "dumb") != 0;
}

namespace {

std::string source_line(const std::string& text, uint32_t line) {
  uint32_t cur = 1;
  size_t start = 0;
  while (cur < line) {
    const size_t nl = text.find('\n', start);
    if (nl == std::string::npos) return {};
    start = nl + 1;
    ++cur;
  }
  size_t end = text.find('\n', start);
  if (end == std::string::npos) end = text.size();
  std::string out = text.substr(start, end - start);
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return out;
}

}  // namespace

void print_diagnostics(std::FILE* f, const std::vector<core::Diagnostic>& diags,
                       const std::string& source_path, const std::string& source_text) {
  const bool color = use_color(f);
  for (const core::Diagnostic& d : diags) {
    std::string text = core::format_diagnostic(d);
    if (color) {
      const std::string sev(core::severity_name(d.severity));
      const size_t at = text.find(": " + sev);
      const char* code = d.severity == core::Severity::kError     ? "\x1b[1;31m"
                         : d.severity == core::Severity::kWarning ? "\x1b[1;35m"
                                                                  : "\x1b[1;36m";
      if (at != std::string::npos) {
        text = "\x1b[1m" + text.substr(0, at + 1) + "\x1b[0m " + code + sev + "\x1b[0m" +
               text.substr(at + 2 + sev.size());
      }
    }
    std::fprintf(f, "%s\n", text.c_str());
    const auto* t = std::get_if<core::TextLoc>(&d.loc);
    if (t != nullptr && t->line != 0 && !source_text.empty() && t->file == source_path) {
      const std::string line = source_line(source_text, t->line);
      if (!line.empty() && line.size() < 400) {
        std::fprintf(f, "  %s\n", line.c_str());
        if (t->column != 0 && t->column <= line.size() + 1) {
          std::string caret(t->column - 1, ' ');
          for (size_t i = 0; i + 1 < t->column && i < line.size(); ++i) {
            if (line[i] == '\t') caret[i] = '\t';
          }
          std::fprintf(f, "  %s%s^%s\n", caret.c_str(), color ? "\x1b[1;32m" : "",
                       color ? "\x1b[0m" : "");
        }
      }
    }
  }
}

Progress::Progress(std::string label, bool quiet)
    : label_(std::move(label)), enabled_(!quiet && is_tty(stderr)) {}

Progress::~Progress() {
  finish();
}

void Progress::update(uint64_t done, uint64_t total) {
  if (!enabled_ || total == 0) return;
  const int percent = static_cast<int>(done * 100 / total);
  if (percent == last_percent_) return;
  last_percent_ = percent;
  constexpr int kWidth = 30;
  const int filled = percent * kWidth / 100;
  std::string bar(static_cast<size_t>(filled), '#');
  bar.append(static_cast<size_t>(kWidth - filled), '.');
  std::fprintf(stderr, "\r%s [%s] %3d%%", label_.c_str(), bar.c_str(), percent);
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  if (drawn_) {
    std::fprintf(stderr, "\r%*s\r", static_cast<int>(label_.size()) + 40, "");
    std::fflush(stderr);
    drawn_ = false;
  }
}

}  // namespace texsim::cli
