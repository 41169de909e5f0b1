// Little-endian byte reader and writer (bytes.hpp).
#include "core/bytes.hpp"

#include <cstdio>

namespace texsim::core {

uint64_t load_le(const uint8_t* p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v |= uint64_t{p[i]} << (8 * i);
  return v;
}

uint64_t load_le(std::span<const uint8_t> b, size_t off, unsigned n) {
  if (off > b.size() || b.size() - off < n) return 0;
  return load_le(b.data() + off, n);
}

void BytesReader::fail(size_t at, std::string_view field, std::string_view message) {
  if (failed_) return;
  failed_ = true;
  error_offset_ = at;
  error_field_ = std::string(field);
  message_ = std::string(message);
  char off[32];
  std::snprintf(off, sizeof off, "+0x%zx", at);
  error_ = file_ + off + ": " + std::string(field) + ": " + std::string(message);
}

uint64_t BytesReader::u(unsigned n, std::string_view field) {
  if (failed_) return 0;
  if (remaining() < n) {
    fail(pos_, field,
         "needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left");
    return 0;
  }
  const uint64_t v = load_le(bytes_.data() + pos_, n);
  pos_ += n;
  return v;
}

std::string BytesReader::cstr(std::string_view field, size_t max) {
  if (failed_) return {};
  const size_t start = pos_;
  std::string s;
  while (pos_ < bytes_.size() && bytes_[pos_] != 0) {
    if (s.size() == max) {
      fail(start, field, "string longer than " + std::to_string(max) + " bytes");
      return {};
    }
    s.push_back(static_cast<char>(bytes_[pos_++]));
  }
  if (pos_ >= bytes_.size()) {
    fail(start, field, "string without its terminating NUL before the end of the file");
    return {};
  }
  ++pos_;
  return s;
}

std::span<const uint8_t> BytesReader::take(size_t n, std::string_view field) {
  if (failed_) return {};
  if (remaining() < n) {
    fail(pos_, field,
         "needs " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left");
    return {};
  }
  auto s = bytes_.subspan(pos_, n);
  pos_ += n;
  return s;
}

void BytesWriter::put(uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) out_.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void BytesWriter::put_bytes(std::span<const uint8_t> b) {
  for (uint8_t x : b) out_.push_back(x);
}

void BytesWriter::put_cstr(std::string_view s) {
  out_.insert(out_.end(), s.begin(), s.end());
  out_.push_back(0);
}

void BytesWriter::patch(size_t off, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) out_[off + i] = static_cast<uint8_t>(v >> (8 * i));
}

}  // namespace texsim::core
