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

class JsonPositions {
 public:
  static constexpr size_t kNone = static_cast<size_t>(-1);

  // Scans `text`, which must be valid JSON (as already checked by a parser); tolerant of
  // anything else (it records what it can). The text must outlive nothing: offsets only.
  explicit JsonPositions(std::string_view text);

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
  void scan_value(const std::string& path, size_t key_offset, int depth);
  void skip_ws();
  void skip_string();
  void skip_nested();
  std::string read_key();

  std::string_view text_;
  size_t pos_ = 0;
  std::vector<size_t> line_starts_;
  std::unordered_map<std::string, Entry> entries_;
  std::vector<std::pair<std::string, size_t>> duplicates_;
};

}  // namespace texsim::scene
