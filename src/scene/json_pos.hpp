// Source positions for JSON values: maps a value's path ("surfaces[2].format") to its byte
// offset and line:column in the text. Scene-internal; depends on nothing but the standard library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace texsim::scene {

struct LineCol {
  uint32_t line = 0;    // 1-based; 0: unknown
  uint32_t column = 0;  // 1-based byte column
};

// Path notation: members joined with '.', array elements as "[i]"; the root is "".
std::string json_member_path(const std::string& parent, std::string_view key);
std::string json_index_path(const std::string& parent, size_t index);

// An upper bound of the number of values in a JSON text (one pass, no allocation): what the
// loader charges to the memory budget before parsing, at kJsonBytesPerValue each.
uint64_t count_json_values(std::string_view text);
// Parsed tree plus positions per value, measured by bench/hostile_bench.cpp (docs/reliability.md).
inline constexpr uint64_t kJsonBytesPerValue = 56;
inline constexpr uint64_t kJsonFreeBytes = uint64_t{16} << 20;

class JsonPositions {
 public:
  static constexpr size_t kNone = static_cast<size_t>(-1);

  // Scans `text`, which must be valid JSON (as already checked by a parser); tolerant of
  // anything else (it records what it can). The text must outlive nothing: offsets only.
  // `record` false: only the duplicate keys are collected (a cheap pass for every load; the
  // positions are recorded when a diagnostic first needs one).
  explicit JsonPositions(std::string_view text, bool record = true);

  // Line:column of the value at `path`, or of its member key when `at_key` (falls back to the
  // value, then to the nearest recorded ancestor, then to unknown).
  LineCol find(const std::string& path, bool at_key = false) const;
  LineCol line_col(size_t offset) const;
  // Members named twice in one object: the path and the offset of the second key.
  const std::vector<std::pair<std::string, size_t>>& duplicates() const { return duplicates_; }

 private:
  struct Entry {
    size_t key = kNone;
    size_t value = kNone;
  };
  void scan_value(size_t key_offset, int depth);
  void scan_object(int depth);  // at '{': its members, then its duplicate keys
  void scan_array(int depth);   // at '[': its elements and, when recording, their offsets
  void skip_ws();
  void skip_string();
  void skip_nested();
  void skip_scalar();
  std::string read_key();

  std::string_view text_;
  bool record_ = true;
  std::string cur_;  // path of the value being scanned
  size_t pos_ = 0;
  std::vector<size_t> line_starts_;
  std::unordered_map<std::string, Entry> entries_;
  std::unordered_map<std::string, std::vector<size_t>> arrays_;  // element offsets per array
  std::vector<std::pair<std::string, size_t>> duplicates_;
};

}  // namespace texsim::scene
