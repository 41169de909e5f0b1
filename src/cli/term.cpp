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

constexpr size_t kMaxExcerpt = 400;  // longer source lines are not shown under a diagnostic

// Printing policy (set once by main from --error-limit).
size_t g_error_limit = kDefaultErrorLimit;
size_t g_errors_printed = 0;
bool g_limit_reported = false;

// Offsets of the line starts of `text`, computed once per printed file (linear, not per line).
std::vector<size_t> line_starts(const std::string& text) {
  std::vector<size_t> out{0};
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') out.push_back(i + 1);
  }
  return out;
}

std::string source_line(const std::string& text, const std::vector<size_t>& starts, uint32_t line) {
  if (line == 0 || line > starts.size()) return {};
  const size_t start = starts[line - 1];
  size_t end = line < starts.size() ? starts[line] - 1 : text.size();
  if (end - start > kMaxExcerpt) return {};  // a minified 100 MB line is not copied per diagnostic
  std::string out = text.substr(start, end - start);
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return out;
}

// Same cause: everything but the location.
bool same_cause(const core::Diagnostic& a, const core::Diagnostic& b) {
  return a.severity == b.severity && a.rule_id == b.rule_id && a.message == b.message &&
         a.citation == b.citation && a.notes == b.notes;
}

}  // namespace

void set_error_limit(size_t limit) {
  g_error_limit = limit;
}

std::string escape_control(std::string_view s, bool keep_tab) {
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && !(keep_tab && c == '\t')) || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += ch;
    }
  }
  return out;
}

namespace {

// The diagnostic with every input-derived string's control characters printed as \xNN: input
// bytes never reach the terminal raw.
core::Diagnostic escaped(const core::Diagnostic& d) {
  core::Diagnostic safe = d;
  if (auto* t = std::get_if<core::TextLoc>(&safe.loc)) t->file = escape_control(t->file, false);
  if (auto* b = std::get_if<core::BinaryLoc>(&safe.loc)) b->file = escape_control(b->file, false);
  safe.message = escape_control(safe.message, false);
  safe.citation = escape_control(safe.citation, false);
  for (auto& n : safe.notes) n = escape_control(n, false);
  return safe;
}

// The formatted diagnostic with its location in bold and its severity in the severity's colour.
std::string with_severity_colour(std::string text, core::Severity severity) {
  const std::string sev(core::severity_name(severity));
  const size_t at = text.find(": " + sev);
  const char* code = severity == core::Severity::kError     ? "\x1b[1;31m"
                     : severity == core::Severity::kWarning ? "\x1b[1;35m"
                                                            : "\x1b[1;36m";
  if (at == std::string::npos) return text;
  std::string styled = "\x1b[1m";
  styled.append(text, 0, at + 1).append("\x1b[0m ").append(code).append(sev);
  styled.append("\x1b[0m").append(text, at + 2 + sev.size());
  return styled;
}

// The source line a text diagnostic points at, and a caret under its column, when the line is
// in `source_text` (`starts`: its line starts, computed on first use).
void print_excerpt(std::FILE* f, const core::Diagnostic& d, const std::string& source_path,
                   const std::string& source_text, std::vector<size_t>& starts, bool color) {
  const auto* t = std::get_if<core::TextLoc>(&d.loc);
  if (t == nullptr || t->line == 0 || source_text.empty() || t->file != source_path) return;
  if (starts.empty()) starts = line_starts(source_text);
  const std::string raw = source_line(source_text, starts, t->line);
  const std::string line = escape_control(raw, true);
  if (line.empty() || line.size() >= kMaxExcerpt) return;
  std::fprintf(f, "  %s\n", line.c_str());
  // The caret only where escaping kept the columns.
  if (t->column != 0 && t->column <= line.size() + 1 && line.size() == raw.size()) {
    std::string caret(t->column - 1, ' ');
    for (size_t i = 0; i + 1 < t->column && i < line.size(); ++i) {
      if (line[i] == '\t') caret[i] = '\t';
    }
    std::fprintf(f, "  %s%s^%s\n", caret.c_str(), color ? "\x1b[1;32m" : "",
                 color ? "\x1b[0m" : "");
  }
}

}  // namespace

void print_diagnostics(std::FILE* f, const std::vector<core::Diagnostic>& diags,
                       const std::string& source_path, const std::string& source_text) {
  const bool color = use_color(f);
  std::vector<size_t> starts;
  size_t repeats = 0;  // diagnostics of the same cause as the last printed one, not printed
  auto flush_repeats = [&](const core::Diagnostic* last) {
    if (repeats == 0 || last == nullptr) return;
    std::fprintf(f, "texsim: note: %zu more %s%s%s with the same message omitted\n", repeats,
                 std::string(core::severity_name(last->severity)).c_str(), repeats == 1 ? "" : "s",
                 last->rule_id.empty() ? "" : (" [" + last->rule_id + "]").c_str());
    repeats = 0;
  };
  const core::Diagnostic* prev = nullptr;
  size_t run = 0;  // how many of the current same-cause run were printed
  for (const core::Diagnostic& d : diags) {
    if (g_limit_reported) break;
    if (prev != nullptr && same_cause(*prev, d)) {
      if (run >= kRepeatsShown) {
        ++repeats;
        continue;
      }
    } else {
      flush_repeats(prev);
      run = 0;
    }
    if (d.severity == core::Severity::kError && g_error_limit != 0 &&
        g_errors_printed >= g_error_limit) {
      flush_repeats(prev);
      std::fprintf(f,
                   "texsim: error limit reached (%zu errors printed); use --error-limit N to "
                   "change it (0: no limit)\n",
                   g_error_limit);
      g_limit_reported = true;
      break;
    }
    prev = &d;
    ++run;
    if (d.severity == core::Severity::kError) ++g_errors_printed;
    std::string text = core::format_diagnostic(escaped(d));
    if (color) text = with_severity_colour(std::move(text), d.severity);
    std::fprintf(f, "%s\n", text.c_str());
    print_excerpt(f, d, source_path, source_text, starts, color);
  }
  flush_repeats(prev);
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
