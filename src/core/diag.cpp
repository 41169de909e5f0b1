// Diagnostic rendering and the collecting sink.
// Pure string formatting; never prints.
#include "core/diag.hpp"

#include <cstdio>

namespace texsim::core {

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::kNote:
      return "note";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "error";
}

std::string format_location(const Location& loc) {
  if (const auto* t = std::get_if<TextLoc>(&loc)) {
    std::string out = t->file.empty() ? std::string("<input>") : t->file;
    if (t->line != 0) {
      // Appended piecewise: GCC 12 reports a false -Wrestrict for `":" + std::to_string(...)`.
      out += ':';
      out += std::to_string(t->line);
      if (t->column != 0) {
        out += ':';
        out += std::to_string(t->column);
      }
    }
    return out;
  }
  if (const auto* b = std::get_if<BinaryLoc>(&loc)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "+0x%llx", static_cast<unsigned long long>(b->offset));
    std::string out = (b->file.empty() ? std::string("<input>") : b->file) + buf;
    if (b->has_bits) {
      out += "[bits ";
      out += std::to_string(b->bit_hi);
      out += ':';
      out += std::to_string(b->bit_lo);
      out += ']';
    }
    return out;
  }
  return {};
}

std::string format_diagnostic(const Diagnostic& d) {
  std::string out = format_location(d.loc);
  if (!out.empty()) out += ": ";
  out += severity_name(d.severity);
  if (!d.rule_id.empty()) out += "[" + d.rule_id + "]";
  out += ": " + d.message;
  if (!d.citation.empty()) out += " (" + d.citation + ")";
  for (const auto& n : d.notes) out += "\n  note: " + n;
  return out;
}

namespace {
// A message quotes at most this much (input text can be 100 MB long): the head is kept and the
// rest counted. Decision H2.
constexpr size_t kMaxMessageBytes = 1024;

void truncate_long(std::string& s) {
  if (s.size() <= kMaxMessageBytes) return;
  size_t cut = kMaxMessageBytes;
  // Not inside a UTF-8 sequence.
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xc0) == 0x80) --cut;
  const size_t dropped = s.size() - cut;
  s.resize(cut);
  s += "... [" + std::to_string(dropped) + " more bytes not shown]";
}
}  // namespace

void DiagSink::report(Diagnostic d) {
  truncate_long(d.message);
  for (auto& n : d.notes) truncate_long(n);
  if (d.severity == Severity::kError) ++errors_;
  diags_.push_back(std::move(d));
}

void DiagSink::error(std::string rule_id, Location loc, std::string message, std::string citation) {
  report(Diagnostic{Severity::kError,
                    std::move(rule_id),
                    std::move(loc),
                    std::move(message),
                    std::move(citation),
                    {}});
}

void DiagSink::warning(std::string rule_id, Location loc, std::string message,
                       std::string citation) {
  report(Diagnostic{Severity::kWarning,
                    std::move(rule_id),
                    std::move(loc),
                    std::move(message),
                    std::move(citation),
                    {}});
}

void DiagSink::clear() {
  diags_.clear();
  errors_ = 0;
}

}  // namespace texsim::core
