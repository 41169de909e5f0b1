// Formats run results (tables, --json) and diagnostics (JSON). Pure string building.
// Owns the "??"/"?"/null conventions for undefined bytes (interface.md, --json output).
#include "scene/report.hpp"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/half.hpp"

namespace texsim::scene {

namespace {

uint64_t element_bits(const RegisterValue& r, size_t e) {
  const unsigned size = elem_type_size(r.type);
  uint64_t v = 0;
  for (unsigned b = 0; b < size; ++b) v |= uint64_t{r.bytes[e * size + b]} << (8 * b);
  return v;
}

int64_t sign_extend(uint64_t v, unsigned bits) {
  const uint64_t m = uint64_t{1} << (bits - 1);
  if (bits >= 64) return static_cast<int64_t>(v);
  v &= (uint64_t{1} << bits) - 1;
  return static_cast<int64_t>((v ^ m) - m);
}

std::string fmt_double(double d, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, d);
  return buf;
}

}  // namespace

bool RegisterValue::element_defined(size_t e) const {
  const unsigned size = elem_type_size(type);
  for (unsigned b = 0; b < size; ++b) {
    if (!byte_defined(e * size + b)) return false;
  }
  return true;
}

std::string element_hex(const RegisterValue& r, size_t e) {
  const unsigned size = elem_type_size(r.type);
  std::string out = "0x";
  for (unsigned i = size; i-- > 0;) {
    const size_t b = e * size + i;
    if (!r.byte_defined(b)) {
      out += "??";
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%02x", r.bytes[b]);
      out += buf;
    }
  }
  return out;
}

nlohmann::json element_json(const RegisterValue& r, size_t e) {
  if (!r.element_defined(e)) return nullptr;
  const uint64_t v = element_bits(r, e);
  switch (r.type) {
    case ElemType::kUD:
    case ElemType::kUW:
    case ElemType::kUB:
    case ElemType::kUQ:
      return v;
    case ElemType::kD:
      return sign_extend(v, 32);
    case ElemType::kW:
      return sign_extend(v, 16);
    case ElemType::kB:
      return sign_extend(v, 8);
    case ElemType::kQ:
      return static_cast<int64_t>(v);
    case ElemType::kF: {
      const float f = std::bit_cast<float>(static_cast<uint32_t>(v));
      if (!std::isfinite(f)) return nullptr;  // JSON has no NaN/inf; "hex" carries the bits
      return static_cast<double>(f);
    }
    case ElemType::kHF: {
      const float f = core::half_to_float(static_cast<uint16_t>(v));
      if (!std::isfinite(f)) return nullptr;
      return static_cast<double>(f);
    }
    case ElemType::kDF: {
      const double d = std::bit_cast<double>(v);
      if (!std::isfinite(d)) return nullptr;
      return d;
    }
  }
  return nullptr;
}

std::string element_text(const RegisterValue& r, size_t e) {
  if (!r.element_defined(e)) return "?";
  const uint64_t v = element_bits(r, e);
  switch (r.type) {
    case ElemType::kF:
      return fmt_double(static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(v))), 9);
    case ElemType::kHF:
      return fmt_double(static_cast<double>(core::half_to_float(static_cast<uint16_t>(v))), 5);
    case ElemType::kDF:
      return fmt_double(std::bit_cast<double>(v), 17);
    case ElemType::kD:
      return std::to_string(sign_extend(v, 32));
    case ElemType::kW:
      return std::to_string(sign_extend(v, 16));
    case ElemType::kB:
      return std::to_string(sign_extend(v, 8));
    case ElemType::kQ:
      return std::to_string(static_cast<int64_t>(v));
    default:
      return std::to_string(v);
  }
}

nlohmann::json diagnostic_json(const core::Diagnostic& d) {
  nlohmann::json j;
  j["severity"] = std::string(core::severity_name(d.severity));
  j["rule"] = d.rule_id;
  if (const auto* t = std::get_if<core::TextLoc>(&d.loc)) {
    j["file"] = t->file;
    if (t->line != 0) j["line"] = t->line;
    if (t->column != 0) j["column"] = t->column;
  } else if (const auto* b = std::get_if<core::BinaryLoc>(&d.loc)) {
    j["file"] = b->file;
    j["offset"] = b->offset;
    if (b->has_bits) j["bits"] = {b->bit_hi, b->bit_lo};
  }
  j["message"] = d.message;
  if (!d.citation.empty()) j["citation"] = d.citation;
  if (!d.notes.empty()) j["notes"] = d.notes;
  j["text"] = core::format_diagnostic(d);
  return j;
}

nlohmann::json results_json(std::span<const RegisterValue> regs,
                            std::span<const core::Diagnostic> diags) {
  nlohmann::json out;
  out["registers"] = nlohmann::json::object();
  for (const RegisterValue& r : regs) {
    nlohmann::json values = nlohmann::json::array();
    nlohmann::json hex = nlohmann::json::array();
    for (size_t e = 0; e < r.element_count(); ++e) {
      values.push_back(element_json(r, e));
      hex.push_back(element_hex(r, e));
    }
    out["registers"][r.name] = {
        {"type", std::string(elem_type_name(r.type))}, {"values", values}, {"hex", hex}};
  }
  out["diagnostics"] = nlohmann::json::array();
  for (const core::Diagnostic& d : diags) out["diagnostics"].push_back(diagnostic_json(d));
  return out;
}

std::string format_table(const std::vector<std::vector<std::string>>& rows, bool color) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    if (width.size() < row.size()) width.resize(row.size(), 0);
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  auto emit = [&](const std::vector<std::string>& row, bool header) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      std::string cell = row[c];
      if (c + 1 < row.size()) cell.resize(width[c], ' ');
      if (c != 0) line += "  ";
      if (color && !header && row[c] == "?") {
        line += "\x1b[33m" + cell + "\x1b[0m";
      } else {
        line += cell;
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (header && color) line = "\x1b[1m" + line + "\x1b[0m";
    out += line + "\n";
  };
  for (size_t i = 0; i < rows.size(); ++i) {
    emit(rows[i], i == 0);
    if (i == 0) {
      std::vector<std::string> dashes;
      for (size_t c = 0; c < rows[0].size(); ++c) dashes.emplace_back(width[c], '-');
      emit(dashes, false);
    }
  }
  return out;
}

std::string results_table(std::span<const RegisterValue> regs, bool color) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"register", "type", "element", "hex", "value"});
  for (const RegisterValue& r : regs) {
    for (size_t e = 0; e < r.element_count(); ++e) {
      rows.push_back({e == 0 ? r.name : "", e == 0 ? std::string(elem_type_name(r.type)) : "",
                      std::to_string(e), element_hex(r, e), element_text(r, e)});
    }
  }
  return format_table(rows, color);
}

}  // namespace texsim::scene
