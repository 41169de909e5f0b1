// Result output: register values with per-byte definedness as aligned tables and as the
// contract's --json shape; diagnostics as JSON. Depends on scene types and core; never prints.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diag.hpp"
#include "scene/scene.hpp"

namespace texsim::scene {

// One register (vISA variable, or SASS Rn as one UD element) as a program left it.
struct RegisterValue {
  std::string name;
  ElemType type = ElemType::kUD;
  std::vector<uint8_t> bytes;  // little-endian elements, in order
  std::vector<bool> defined;   // one flag per byte; empty means every byte is defined

  size_t element_count() const { return bytes.size() / elem_type_size(type); }
  bool byte_defined(size_t i) const { return defined.empty() || defined[i]; }
  bool element_defined(size_t e) const;
};

// "0x3c003c01": most significant byte first; an undefined byte prints as "??".
std::string element_hex(const RegisterValue& r, size_t e);
// The typed value of element e as JSON (number), or null when any byte is undefined.
nlohmann::json element_json(const RegisterValue& r, size_t e);
// The typed value as table text ("0.5", "-3", "?").
std::string element_text(const RegisterValue& r, size_t e);

nlohmann::json diagnostic_json(const core::Diagnostic& d);

// {"registers": {NAME: {"type", "values", "hex"}}, "diagnostics": [...]} (interface.md, --json).
nlohmann::json results_json(std::span<const RegisterValue> regs,
                            std::span<const core::Diagnostic> diags);

// An aligned text table: one row per element (register, type, element, hex, value).
// `color` adds ANSI colour to the header and to undefined values.
std::string results_table(std::span<const RegisterValue> regs, bool color = false);

// Pads columns to equal width; the first row is the header (underlined with dashes).
std::string format_table(const std::vector<std::vector<std::string>>& rows, bool color = false);

}  // namespace texsim::scene
