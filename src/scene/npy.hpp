// NumPy's .npy array format (numpy.lib.format, versions 1.0-3.0): the header's dtype, shape and
// order, read from and written as the Python literal NumPy writes. No texsim semantics here.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace texsim::scene {

// One scalar element type: NumPy's kind letter and item size ('<f4' = {kFloat, 4, little}).
enum class NpyKind : uint8_t { kBool, kInt, kUint, kFloat, kBytes, kUnicode };

struct NpyType {
  NpyKind kind = NpyKind::kUint;
  uint32_t size = 1;  // bytes per element (kUnicode: 4 per character)
  bool big_endian = false;
  // The descr string NumPy writes ("<f4", "|u1", "|S8", "<U5").
  std::string descr() const;
  bool operator==(const NpyType&) const = default;
};

// A field of a structured dtype, or the whole element of a plain one (name "").
struct NpyField {
  std::string name;
  NpyType type;
  uint64_t offset = 0;             // bytes from the start of the record
  std::vector<uint64_t> subshape;  // e.g. {4} for ('bits', '<u4', (4,))
  uint64_t elements() const;       // product of subshape (1 when empty)
};

struct NpyHeader {
  std::vector<NpyField> fields;  // a plain dtype: exactly one, named ""
  bool structured = false;
  uint64_t record_size = 0;  // bytes per array element (a structured record included)
  std::vector<uint64_t> shape;
  bool fortran_order = false;
  uint64_t data_offset = 0;  // bytes from the start of the .npy to the data
  uint64_t count() const;    // elements: product of shape (1 for a 0-d array)
  const NpyField* field(std::string_view name) const;
};

// Parses the header at the start of `bytes` (which must hold at least the whole header; 10 bytes
// tell its length, see npy_header_length). nullopt with `why` on a malformed header, an
// unsupported dtype (objects, complex, datetimes, nested records) or a size overflow.
std::optional<NpyHeader> parse_npy_header(std::span<const uint8_t> bytes, std::string& why);

// The total header length (magic to data) from the first 12 bytes, or 0 when they are not the
// start of a .npy (bad magic or version).
uint64_t npy_header_length(std::span<const uint8_t> first12);

// A version 1.0 header (2.0 when the dict needs more than 65,535 bytes), padded so that the
// data starts at a multiple of 64 bytes as NumPy does, for a C-order array of `fields`
// (one unnamed field: a plain dtype) and `shape`.
std::string format_npy_header(const std::vector<NpyField>& fields, std::span<const uint64_t> shape);

}  // namespace texsim::scene
