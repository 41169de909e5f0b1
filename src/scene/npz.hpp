// NumPy .npz archives (ZIP, stored or deflated members, ZIP64) and single .npy files as named
// arrays whose rows are read in order without loading the file; and an .npz writer that spools
// each array to a temporary file. The ZIP layout is PKWARE's APPNOTE 6.3.x, sections 4.3-4.5.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "scene/npy.hpp"

namespace texsim::scene {

// The CRC-32 of ZIP (and gzip) over `bytes`, continuing `crc` (ISA-L's crc32_gzip_refl: the
// same numbers as zlib's crc32, about 4x faster; decision F7).
uint32_t zip_crc32(std::span<const uint8_t> bytes, uint32_t crc = 0);

// Random-access bytes: a file (pread, never loaded whole) or a buffer (standard input).
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual uint64_t size() const = 0;
  // Reads exactly out.size() bytes at `offset`; false when they are not all there.
  virtual bool read(uint64_t offset, std::span<uint8_t> out) const = 0;
};

// Opens `path` for reading; "-" reads standard input into memory. nullptr with `why`.
std::unique_ptr<ByteSource> open_byte_source(const std::string& path, std::string& why);
// A source over bytes the caller already holds (tests, fuzzing).
std::unique_ptr<ByteSource> memory_byte_source(std::vector<uint8_t> bytes);

// What a request file holds, from its first bytes (not from its name).
enum class FileKind { kNpy, kNpz, kText };
FileKind sniff_file_kind(const ByteSource& src);

// One array of an .npz (its member name without ".npy") or the array of an .npy file.
struct NpzArray {
  std::string name;
  NpyHeader header;
  uint16_t method = 0;         // 0 stored, 8 deflated
  uint64_t member_offset = 0;  // of the member's data (the .npy bytes) in the file
  uint64_t member_size = 0;    // compressed size of the member's data
};

// The arrays of an .npz or .npy file; nullopt with `why` (naming the member) on a malformed
// archive, an unsupported compression or an array that is not a C-order .npy.
std::optional<std::vector<NpzArray>> read_npz_arrays(const ByteSource& src, FileKind kind,
                                                     std::string& why);

// Reads the elements of one array in order: `read(first, count, out)` copies elements
// [first, first + count) (record_size bytes each) into `out`. Stored arrays seek; deflated ones
// inflate forward (a `first` before the last read one is refused).
class NpzArrayReader {
 public:
  NpzArrayReader(const ByteSource& src, const NpzArray& array);
  ~NpzArrayReader();
  NpzArrayReader(const NpzArrayReader&) = delete;
  NpzArrayReader& operator=(const NpzArrayReader&) = delete;
  bool read(uint64_t first, uint64_t count, std::span<uint8_t> out, std::string& why);

 private:
  bool inflate_to(uint64_t data_offset, std::span<uint8_t> out, std::string& why);
  const ByteSource& src_;
  const NpzArray& array_;
  struct Inflater;
  std::unique_ptr<Inflater> z_;
};

// Writes an .npz with stored members. Arrays are declared first, their rows appended in any
// interleaving (each array's own rows in order) and spooled to temporary files; `finish` writes
// the archive (ZIP64 where a size or offset needs it) with each array's shape set from the rows
// appended.
class NpzWriter {
 public:
  NpzWriter();
  ~NpzWriter();
  NpzWriter(const NpzWriter&) = delete;
  NpzWriter& operator=(const NpzWriter&) = delete;
  // A 1-D array of `fields` records (one unnamed field: a plain dtype; a subshape adds
  // dimensions, e.g. bits {4} gives shape (N, 4)). Returns its index.
  size_t add_array(std::string name, std::vector<NpyField> fields);
  // Writes straight into `out` from here on, when it is a regular file and every array will
  // get exactly `rows` rows: headers now, rows in place, CRCs and the directory at finish. False
  // (spooling goes on) when `out` cannot seek.
  bool start_direct(std::FILE* out, uint64_t rows);
  // Appends `bytes` (whole records) to array `index`; false when the write fails. `crc`: the
  // bytes' CRC-32 when the caller computed it (on another thread), else computed here.
  bool append(size_t index, std::span<const uint8_t> bytes, std::optional<uint32_t> crc = {});
  // Direct mode, any thread: writes `bytes` (whole records) as rows from `first_row` of array
  // `index`; `record` then accounts for them in order (their CRC, computed by the caller).
  bool write_rows(size_t index, uint64_t first_row, std::span<const uint8_t> bytes) const;
  bool record(size_t index, uint64_t bytes, uint32_t crc);
  bool direct() const { return direct_fd_ >= 0; }
  uint64_t rows(size_t index) const;
  // Drops an array before finish (e.g. a column that stayed all zero).
  void drop(size_t index);
  // Writes the archive to `out`; false with `why`.
  bool finish(std::FILE* out, std::string& why);

 private:
  struct Array;
  bool finish_direct(std::string& why);
  std::vector<std::unique_ptr<Array>> arrays_;
  int direct_fd_ = -1;  // start_direct's file
  uint64_t direct_rows_ = 0;
  uint64_t direct_end_ = 0;  // where the central directory goes
};

}  // namespace texsim::scene
