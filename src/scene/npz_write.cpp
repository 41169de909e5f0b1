// Writing .npz archives: each array's rows spooled to a temporary file with their CRC-32, then
// one stored ZIP member per array (APPNOTE 6.3.x 4.3.7 local header, 4.3.12 central header,
// 4.5.3 ZIP64 extra, 4.3.14-16 end records), as numpy.savez writes them.
#include <isa-l/crc.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include "scene/npz.hpp"

namespace texsim::scene {

struct NpzWriter::Array {
  std::string name;
  std::vector<NpyField> fields;
  uint64_t record_size = 0;
  uint64_t rows = 0;
  uLong crc = crc32(0, nullptr, 0);
  std::FILE* spool = nullptr;
  bool failed = false;
  bool dropped = false;
  uint64_t local_offset = 0;  // direct: the member's local header
  uint64_t cursor = 0;        // direct: where the next row goes
  std::string local;          // direct: the local header and .npy header, as written
  uint64_t npy_header = 0;    // direct: the .npy header's length (the end of `local`)
  ~Array() {
    if (spool != nullptr) std::fclose(spool);
  }
};

namespace {

void put(std::string& b, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) b += static_cast<char>((v >> (8 * i)) & 0xff);
}

constexpr uint64_t kMax32 = 0xffffffff;

// A member's local header (ZIP64 extra with both sizes when either needs it).
std::string local_header(const std::string& name, uint64_t size, uint32_t crc) {
  const bool z64 = size >= kMax32;
  std::string h;
  put(h, 0x04034b50, 4);
  put(h, z64 ? 45 : 20, 2);                    // version needed
  put(h, 0, 2);                                // flags
  put(h, 0, 2);                                // stored
  put(h, 0, 2);                                // time 00:00
  put(h, (1980 - 1980) << 9 | 1 << 5 | 1, 2);  // 1980-01-01, as numpy's zipfile writes
  put(h, crc, 4);
  put(h, z64 ? kMax32 : size, 4);
  put(h, z64 ? kMax32 : size, 4);
  put(h, name.size(), 2);
  put(h, z64 ? 20 : 0, 2);
  h += name;
  if (z64) put(h, 1, 2), put(h, 16, 2), put(h, size, 8), put(h, size, 8);
  return h;
}

std::string central_header(const std::string& name, uint64_t size, uint32_t crc, uint64_t offset) {
  const bool zs = size >= kMax32, zo = offset >= kMax32;
  std::string extra;
  if (zs) put(extra, size, 8), put(extra, size, 8);
  if (zo) put(extra, offset, 8);
  std::string h;
  put(h, 0x02014b50, 4);
  put(h, 45, 2);  // made by
  put(h, zs || zo ? 45 : 20, 2);
  put(h, 0, 2);
  put(h, 0, 2);
  put(h, 0, 2);
  put(h, 1 << 5 | 1, 2);
  put(h, crc, 4);
  put(h, zs ? kMax32 : size, 4);
  put(h, zs ? kMax32 : size, 4);
  put(h, name.size(), 2);
  put(h, extra.empty() ? 0 : extra.size() + 4, 2);
  put(h, 0, 2);           // comment
  put(h, 0, 2);           // disk
  put(h, 0, 2);           // internal attributes
  put(h, 0x01800000, 4);  // external: -rw------- as zipfile writes
  put(h, zo ? kMax32 : offset, 4);
  h += name;
  if (!extra.empty()) put(h, 1, 2), put(h, extra.size(), 2), h += extra;
  return h;
}

std::string end_records(uint64_t entries, uint64_t cd_offset, uint64_t cd_size) {
  std::string e;
  const bool z64 = entries >= 0xffff || cd_offset >= kMax32 || cd_size >= kMax32;
  if (z64) {
    const uint64_t rec = cd_offset + cd_size;
    put(e, 0x06064b50, 4);
    put(e, 44, 8);
    put(e, 45, 2), put(e, 45, 2), put(e, 0, 4), put(e, 0, 4);
    put(e, entries, 8), put(e, entries, 8), put(e, cd_size, 8), put(e, cd_offset, 8);
    put(e, 0x07064b50, 4), put(e, 0, 4), put(e, rec, 8), put(e, 1, 4);
  }
  put(e, 0x06054b50, 4);
  put(e, 0, 2), put(e, 0, 2);
  put(e, z64 ? 0xffff : entries, 2), put(e, z64 ? 0xffff : entries, 2);
  put(e, z64 ? kMax32 : cd_size, 4), put(e, z64 ? kMax32 : cd_offset, 4);
  put(e, 0, 2);
  return e;
}

bool write_all(std::FILE* f, const void* p, size_t n) {
  return std::fwrite(p, 1, n, f) == n;
}

bool pwrite_all(int fd, const void* p, size_t n, uint64_t at) {
  const auto* b = static_cast<const uint8_t*>(p);
  while (n > 0) {
    const ssize_t k = ::pwrite(fd, b, n, static_cast<off_t>(at));
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    b += k, n -= static_cast<size_t>(k), at += static_cast<uint64_t>(k);
  }
  return true;
}

// The .npy header of an array of `rows` records (a plain dtype's subshape becomes dimensions).
std::string array_header(const std::vector<NpyField>& in, uint64_t rows) {
  std::vector<uint64_t> shape{rows};
  std::vector<NpyField> fields = in;
  if (fields.size() == 1 && fields[0].name.empty()) {
    for (uint64_t d : fields[0].subshape) shape.push_back(d);
    fields[0].subshape.clear();
  }
  return format_npy_header(fields, shape);
}

}  // namespace

uint32_t zip_crc32(std::span<const uint8_t> bytes, uint32_t crc) {
  // crc32_gzip_refl takes a length in 64 bits; one call for any size.
  return crc32_gzip_refl(crc, bytes.data(), bytes.size());
}

NpzWriter::NpzWriter() = default;
NpzWriter::~NpzWriter() = default;

size_t NpzWriter::add_array(std::string name, std::vector<NpyField> fields) {
  auto a = std::make_unique<Array>();
  a->name = std::move(name);
  uint64_t offset = 0;
  for (NpyField& f : fields) {
    f.offset = offset;
    offset += f.type.size * f.elements();
  }
  a->fields = std::move(fields);
  a->record_size = offset;
  a->spool = std::tmpfile();
  a->failed = a->spool == nullptr;
  arrays_.push_back(std::move(a));
  return arrays_.size() - 1;
}

bool NpzWriter::start_direct(std::FILE* out, uint64_t rows) {
  const int fd = ::fileno(out);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || std::fflush(out) != 0)
    return false;
  const off_t start = ::lseek(fd, 0, SEEK_CUR);
  if (start < 0) return false;
  uint64_t at = static_cast<uint64_t>(start);
  for (const auto& ap : arrays_) {
    Array& a = *ap;
    if (a.dropped || a.rows != 0) return false;
    const std::string header = array_header(a.fields, rows);
    const uint64_t size = header.size() + rows * a.record_size;
    a.local = local_header(a.name + ".npy", size, 0) + header;
    a.npy_header = header.size();
    a.local_offset = at;
    a.cursor = at + a.local.size();
    at = a.cursor + rows * a.record_size;
  }
  direct_fd_ = fd;
  direct_rows_ = rows;
  direct_end_ = at;
  for (const auto& ap : arrays_) {
    if (ap->spool != nullptr) std::fclose(ap->spool), ap->spool = nullptr;
    ap->failed = false;
  }
  return true;
}

bool NpzWriter::append(size_t index, std::span<const uint8_t> bytes, std::optional<uint32_t> crc) {
  Array& a = *arrays_[index];
  if (a.failed) return false;
  a.crc = crc ? crc32_combine(a.crc, *crc, static_cast<z_off_t>(bytes.size()))
              : zip_crc32(bytes, static_cast<uint32_t>(a.crc));
  a.rows += a.record_size == 0 ? 0 : bytes.size() / a.record_size;
  if (direct_fd_ >= 0) {
    a.failed =
        a.rows > direct_rows_ || !pwrite_all(direct_fd_, bytes.data(), bytes.size(), a.cursor);
    a.cursor += bytes.size();
  } else {
    a.failed = !write_all(a.spool, bytes.data(), bytes.size());
  }
  return !a.failed;
}

// The local headers get their CRCs; the central directory and end records follow the data.
bool NpzWriter::finish_direct(std::string& why) {
  std::string directory;
  uint64_t entries = 0;
  for (const auto& ap : arrays_) {
    Array& a = *ap;
    if (a.failed || a.rows != direct_rows_)
      return why = "'" + a.name + "' got " + std::to_string(a.rows) + " rows, not " +
                   std::to_string(direct_rows_),
             false;
    const uint64_t npy = a.npy_header;
    const uint64_t size = npy + a.rows * a.record_size;
    uLong crc = crc32_z(crc32(0, nullptr, 0),
                        reinterpret_cast<const Bytef*>(a.local.data() + a.local.size() - npy), npy);
    crc = crc32_combine(crc, a.crc, static_cast<z_off_t>(a.rows * a.record_size));
    uint8_t c[4];
    for (int k = 0; k < 4; ++k) c[k] = static_cast<uint8_t>(crc >> (8 * k));
    if (!pwrite_all(direct_fd_, a.local.data(), a.local.size(), a.local_offset) ||
        !pwrite_all(direct_fd_, c, 4, a.local_offset + 14))
      return why = std::strerror(errno), false;
    directory += central_header(a.name + ".npy", size, static_cast<uint32_t>(crc), a.local_offset);
    ++entries;
  }
  const std::string end = end_records(entries, direct_end_, directory.size());
  directory += end;
  if (!pwrite_all(direct_fd_, directory.data(), directory.size(), direct_end_))
    return why = std::strerror(errno), false;
  if (::lseek(direct_fd_, static_cast<off_t>(direct_end_ + directory.size()), SEEK_SET) < 0)
    return why = std::strerror(errno), false;
  return true;
}

bool NpzWriter::write_rows(size_t index, uint64_t first_row, std::span<const uint8_t> bytes) const {
  const Array& a = *arrays_[index];
  if (direct_fd_ < 0 || a.record_size == 0 ||
      first_row + bytes.size() / a.record_size > direct_rows_)
    return false;
  const uint64_t data = a.local_offset + a.local.size();
  return pwrite_all(direct_fd_, bytes.data(), bytes.size(), data + first_row * a.record_size);
}

bool NpzWriter::record(size_t index, uint64_t bytes, uint32_t crc) {
  Array& a = *arrays_[index];
  a.crc = crc32_combine(a.crc, crc, static_cast<z_off_t>(bytes));
  a.rows += a.record_size == 0 ? 0 : bytes / a.record_size;
  a.failed = a.failed || a.rows > direct_rows_;
  return !a.failed;
}

uint64_t NpzWriter::rows(size_t index) const {
  return arrays_[index]->rows;
}

void NpzWriter::drop(size_t index) {
  arrays_[index]->dropped = true;
}

bool NpzWriter::finish(std::FILE* out, std::string& why) {
  if (direct_fd_ >= 0) return finish_direct(why);
  std::string directory;
  uint64_t offset = 0, entries = 0;
  std::vector<char> buf(1u << 20);
  for (const auto& ap : arrays_) {
    Array& a = *ap;
    if (a.dropped) continue;
    if (a.failed || std::fflush(a.spool) != 0)
      return why = "cannot write a temporary file for '" + a.name + "'", false;
    const std::string header = array_header(a.fields, a.rows);
    const uint64_t data = a.rows * a.record_size;
    const uint64_t size = header.size() + data;
    uLong crc =
        crc32_z(crc32(0, nullptr, 0), reinterpret_cast<const Bytef*>(header.data()), header.size());
    crc = crc32_combine(crc, a.crc, static_cast<z_off_t>(data));
    const std::string name = a.name + ".npy";
    const std::string local = local_header(name, size, static_cast<uint32_t>(crc));
    if (!write_all(out, local.data(), local.size()) ||
        !write_all(out, header.data(), header.size()))
      return why = std::strerror(errno), false;
    std::rewind(a.spool);
    for (uint64_t left = data; left > 0;) {
      const size_t n = std::fread(buf.data(), 1, std::min<uint64_t>(left, buf.size()), a.spool);
      if (n == 0) return why = "cannot read back a temporary file", false;
      if (!write_all(out, buf.data(), n)) return why = std::strerror(errno), false;
      left -= n;
    }
    directory += central_header(name, size, static_cast<uint32_t>(crc), offset);
    offset += local.size() + size;
    ++entries;
  }
  const std::string end = end_records(entries, offset, directory.size());
  if (!write_all(out, directory.data(), directory.size()) ||
      !write_all(out, end.data(), end.size()))
    return why = std::strerror(errno), false;
  return true;
}

}  // namespace texsim::scene
