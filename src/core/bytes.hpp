// Little-endian bytes: a bounded reader that names the field and FILE+0xOFFSET of the first
// read that does not fit, and a writer. Binary front ends and texture blocks use these helpers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace texsim::core {

// The n (<= 8) bytes at p as a little-endian unsigned number. The caller checks the bounds.
uint64_t load_le(const uint8_t* p, unsigned n);
// Bounds-checked form: 0 when [off, off + n) is not inside `b` (callers check `within` first).
uint64_t load_le(std::span<const uint8_t> b, size_t off, unsigned n);

class BytesReader {
 public:
  BytesReader(std::span<const uint8_t> bytes, std::string file, size_t pos = 0)
      : bytes_(bytes), file_(std::move(file)), pos_(pos) {}

  // Reads an n-byte little-endian field; 0 after the first failure (then `failed()` is true and
  // `error()` names the field: "FILE+0xOFFSET: FIELD: needs N bytes, M left").
  uint64_t u(unsigned n, std::string_view field);
  uint8_t u8(std::string_view field) { return static_cast<uint8_t>(u(1, field)); }
  uint16_t u16(std::string_view field) { return static_cast<uint16_t>(u(2, field)); }
  uint32_t u32(std::string_view field) { return static_cast<uint32_t>(u(4, field)); }
  // A NUL-terminated string of at most `max` bytes (the NUL is consumed).
  std::string cstr(std::string_view field, size_t max);
  // n raw bytes.
  std::span<const uint8_t> take(size_t n, std::string_view field);
  // Records a failure at `at` (a value that fits but is invalid); the first failure is kept.
  void fail(size_t at, std::string_view field, std::string_view message);

  size_t pos() const { return pos_; }
  void seek(size_t pos) { pos_ = pos; }
  size_t size() const { return bytes_.size(); }
  size_t remaining() const { return pos_ < bytes_.size() ? bytes_.size() - pos_ : 0; }
  bool failed() const { return failed_; }
  size_t error_offset() const { return error_offset_; }
  const std::string& error_field() const { return error_field_; }
  const std::string& error() const { return error_; }
  const std::string& message() const { return message_; }  // without location and field
  const std::string& file() const { return file_; }
  std::span<const uint8_t> bytes() const { return bytes_; }

 private:
  std::span<const uint8_t> bytes_;
  std::string file_;
  size_t pos_;
  bool failed_ = false;
  size_t error_offset_ = 0;
  std::string error_field_;
  std::string error_;
  std::string message_;
};

class BytesWriter {
 public:
  void put(uint64_t v, unsigned n);
  void put_bytes(std::span<const uint8_t> b);
  void put_cstr(std::string_view s);
  // Overwrites n bytes at `off` (already written) with v.
  void patch(size_t off, uint64_t v, unsigned n);
  size_t size() const { return out_.size(); }
  std::vector<uint8_t>& bytes() { return out_; }

 private:
  std::vector<uint8_t> out_;
};

}  // namespace texsim::core
