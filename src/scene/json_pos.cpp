// Records where each value of a JSON text starts, so that scene diagnostics carry line:column.
// nlohmann::json keeps no positions; this scanner walks the (already validated) text once.
#include "scene/json_pos.hpp"

#include <algorithm>

namespace texsim::scene {

namespace {
constexpr int kMaxDepth = 256;  // deeper values are skipped without recording positions
}

std::string json_member_path(const std::string& parent, std::string_view key) {
  if (parent.empty()) return std::string(key);
  std::string out = parent;
  out += '.';
  out += key;
  return out;
}

std::string json_index_path(const std::string& parent, size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

JsonPositions::JsonPositions(std::string_view text) : text_(text) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') line_starts_.push_back(i + 1);
  }
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  scan_value("", kNone, 0);
  text_ = {};
}

LineCol JsonPositions::line_col(size_t offset) const {
  if (offset == kNone) return {};
  const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const size_t line = static_cast<size_t>(it - line_starts_.begin());  // >= 1
  return LineCol{static_cast<uint32_t>(line),
                 static_cast<uint32_t>(offset - line_starts_[line - 1] + 1)};
}

LineCol JsonPositions::find(const std::string& path, bool at_key) const {
  std::string p = path;
  while (true) {
    const auto it = entries_.find(p);
    if (it != entries_.end()) {
      if (at_key && p == path && it->second.key != kNone) return line_col(it->second.key);
      if (it->second.value != kNone) return line_col(it->second.value);
    }
    if (p.empty()) return {};
    // Strip the last component: ".key" or "[i]".
    const size_t cut = p.find_last_of(".[");
    p = cut == std::string::npos ? std::string() : p.substr(0, cut);
  }
}

void JsonPositions::skip_ws() {
  while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' ||
                                 text_[pos_] == '\r')) {
    ++pos_;
  }
}

void JsonPositions::skip_string() {
  // At the opening quote.
  ++pos_;
  while (pos_ < text_.size() && text_[pos_] != '"') {
    if (text_[pos_] == '\\') ++pos_;
    ++pos_;
  }
  if (pos_ < text_.size()) ++pos_;
}

std::string JsonPositions::read_key() {
  // At the opening quote. Decodes the simple escapes; \u escapes of ASCII characters are decoded,
  // others kept as written (keys of the scene schema are ASCII).
  std::string out;
  ++pos_;
  while (pos_ < text_.size() && text_[pos_] != '"') {
    char c = text_[pos_];
    if (c == '\\' && pos_ + 1 < text_.size()) {
      const char e = text_[pos_ + 1];
      pos_ += 2;
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          const std::string_view hex = text_.substr(pos_, 4);
          unsigned v = 0;
          bool ok = hex.size() == 4;
          for (char h : hex) {
            v <<= 4;
            if (h >= '0' && h <= '9')
              v |= static_cast<unsigned>(h - '0');
            else if (h >= 'a' && h <= 'f')
              v |= static_cast<unsigned>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
              v |= static_cast<unsigned>(h - 'A' + 10);
            else
              ok = false;
          }
          if (ok && v < 0x80) {
            out += static_cast<char>(v);
          } else {
            out += "\\u";
            out += hex;
          }
          pos_ += hex.size();
          break;
        }
        default:
          out += e;
          break;
      }
      continue;
    }
    out += c;
    ++pos_;
  }
  if (pos_ < text_.size()) ++pos_;
  return out;
}

void JsonPositions::skip_nested() {
  // At '{' or '['; skips to the matching close without recursion.
  size_t depth = 0;
  while (pos_ < text_.size()) {
    const char c = text_[pos_];
    if (c == '"') {
      skip_string();
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') {
      --depth;
      if (depth == 0) {
        ++pos_;
        return;
      }
    }
    ++pos_;
  }
}

void JsonPositions::scan_value(const std::string& path, size_t key_offset, int depth) {
  skip_ws();
  if (pos_ >= text_.size()) return;
  Entry& e = entries_[path];
  e.key = key_offset;
  e.value = pos_;
  const char c = text_[pos_];
  if (c == '{' || c == '[') {
    if (depth >= kMaxDepth) {
      skip_nested();
      return;
    }
  }
  if (c == '{') {
    ++pos_;
    while (true) {
      skip_ws();
      if (pos_ >= text_.size()) return;
      if (text_[pos_] == '}') {
        ++pos_;
        return;
      }
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (text_[pos_] != '"') return;  // not valid JSON; give up
      const size_t k = pos_;
      const std::string key = read_key();
      skip_ws();
      if (pos_ < text_.size() && text_[pos_] == ':') ++pos_;
      std::string member = json_member_path(path, key);
      if (entries_.count(member) != 0) duplicates_.emplace_back(member, k);
      scan_value(member, k, depth + 1);
    }
  }
  if (c == '[') {
    ++pos_;
    size_t index = 0;
    while (true) {
      skip_ws();
      if (pos_ >= text_.size()) return;
      if (text_[pos_] == ']') {
        ++pos_;
        return;
      }
      if (text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      scan_value(json_index_path(path, index++), kNone, depth + 1);
    }
  }
  if (c == '"') {
    skip_string();
    return;
  }
  while (pos_ < text_.size()) {
    const char d = text_[pos_];
    if (d == ',' || d == ']' || d == '}' || d == ' ' || d == '\t' || d == '\n' || d == '\r') break;
    ++pos_;
  }
}

}  // namespace texsim::scene
