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

JsonPositions::JsonPositions(std::string_view text, bool record) : text_(text), record_(record) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') line_starts_.push_back(i + 1);
  }
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  scan_value(kNone, 0);
  text_ = {};
}

LineCol JsonPositions::line_col(size_t offset) const {
  if (offset == kNone) return {};
  const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  const size_t line = static_cast<size_t>(it - line_starts_.begin());  // >= 1
  return LineCol{static_cast<uint32_t>(line),
                 static_cast<uint32_t>(offset - line_starts_[line - 1] + 1)};
}

uint64_t count_json_values(std::string_view text) {
  // Every value but the first follows a ',' or opens a container's first slot: an upper bound.
  uint64_t n = 1;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') in_string = true;
    if (c == ',' || c == '[' || c == '{') ++n;
  }
  return n;
}

LineCol JsonPositions::find(const std::string& path, bool at_key) const {
  std::string p = path;
  while (true) {
    const auto it = entries_.find(p);
    if (it != entries_.end()) {
      if (at_key && p == path && it->second.key != kNone) return line_col(it->second.key);
      if (it->second.value != kNone) return line_col(it->second.value);
    } else if (!p.empty() && p.back() == ']') {
      // A scalar array element: its offset is in its array's list.
      const size_t open = p.rfind('[');
      const auto arr = open == std::string::npos ? arrays_.end() : arrays_.find(p.substr(0, open));
      if (arr != arrays_.end()) {
        size_t index = 0;
        bool ok = open + 2 < p.size();
        for (size_t i = open + 1; i + 1 < p.size(); ++i) {
          if (p[i] < '0' || p[i] > '9') ok = false;
          index = index * 10 + static_cast<size_t>(p[i] - '0');
        }
        if (ok && index < arr->second.size()) return line_col(arr->second[index]);
      }
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

void JsonPositions::skip_scalar() {
  if (pos_ < text_.size() && text_[pos_] == '"') {
    skip_string();
    return;
  }
  while (pos_ < text_.size()) {
    const char d = text_[pos_];
    if (d == ',' || d == ']' || d == '}' || d == ' ' || d == '\t' || d == '\n' || d == '\r') break;
    ++pos_;
  }
}

void JsonPositions::scan_object(int depth) {
  // At '{'. Members extend `cur_` and are cut back after each.
  const size_t base = cur_.size();
  ++pos_;
  std::vector<std::pair<std::string_view, size_t>> keys;  // raw key text, offset
  while (true) {
    skip_ws();
    if (pos_ >= text_.size()) break;
    if (text_[pos_] == '}') {
      ++pos_;
      break;
    }
    if (text_[pos_] == ',') {
      ++pos_;
      continue;
    }
    if (text_[pos_] != '"') break;  // not valid JSON; give up
    const size_t k = pos_;
    const std::string key = read_key();
    keys.emplace_back(text_.substr(k, pos_ - k), k);
    skip_ws();
    if (pos_ < text_.size() && text_[pos_] == ':') ++pos_;
    if (base != 0) cur_ += '.';
    cur_ += key;
    scan_value(k, depth + 1);
    cur_.resize(base);
  }
  // Keys named twice (as written; RFC 8259 section 4 says they SHOULD be unique).
  if (keys.size() > 1) {
    std::vector<std::pair<std::string_view, size_t>> sorted = keys;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 1; i < sorted.size(); ++i) {
      if (sorted[i].first != sorted[i - 1].first) continue;
      std::string name(sorted[i].first.substr(1, sorted[i].first.size() - 2));
      duplicates_.emplace_back(json_member_path(cur_, name), sorted[i].second);
    }
  }
}

void JsonPositions::scan_array(int depth) {
  // At '['. Element offsets go to one list per array (8 bytes a value); only elements that are
  // objects or arrays get an entry of their own, for their members.
  const size_t base = cur_.size();
  ++pos_;
  std::vector<size_t> offsets;
  size_t index = 0;
  while (true) {
    skip_ws();
    if (pos_ >= text_.size()) break;
    if (text_[pos_] == ']') {
      ++pos_;
      break;
    }
    if (text_[pos_] == ',') {
      ++pos_;
      continue;
    }
    if (record_) offsets.push_back(pos_);
    if (text_[pos_] == '{' || text_[pos_] == '[') {
      cur_ += '[';
      cur_ += std::to_string(index);
      cur_ += ']';
      scan_value(kNone, depth + 1);
      cur_.resize(base);
    } else {
      const size_t before = pos_;
      skip_scalar();
      if (pos_ == before) ++pos_;  // not valid JSON; never loop
    }
    ++index;
  }
  if (record_) {
    offsets.shrink_to_fit();
    arrays_[cur_] = std::move(offsets);
  }
}

void JsonPositions::scan_value(size_t key_offset, int depth) {
  // `cur_` is the value's path; components are appended and cut back, so that scanning
  // allocates per container, not per value (issue 15 item 5).
  skip_ws();
  if (pos_ >= text_.size()) return;
  if (record_) {
    Entry& e = entries_[cur_];
    e.key = key_offset;
    e.value = pos_;
  }
  const char c = text_[pos_];
  if ((c == '{' || c == '[') && depth >= kMaxDepth) {
    skip_nested();
    return;
  }
  if (c == '{') {
    scan_object(depth);
    return;
  }
  if (c == '[') {
    scan_array(depth);
    return;
  }
  skip_scalar();
}

}  // namespace texsim::scene
