// Reading .npz archives and .npy files as named arrays (APPNOTE 6.3.x: end of central directory
// 4.3.16, ZIP64 end record and locator 4.3.14-15, central headers 4.3.12, ZIP64 extra 4.5.3).
// Arrays are read row by row through pread; deflated members through zlib's inflate.
#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <iterator>

#include "core/bytes.hpp"
#include "scene/npz.hpp"

namespace texsim::scene {

namespace {

class FileSource final : public ByteSource {
 public:
  FileSource(int fd, uint64_t size) : fd_(fd), size_(size) {}
  ~FileSource() override { ::close(fd_); }
  uint64_t size() const override { return size_; }
  bool read(uint64_t offset, std::span<uint8_t> out) const override {
    if (offset > size_ || out.size() > size_ - offset) return false;
    size_t done = 0;
    while (done < out.size()) {
      const ssize_t n =
          ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += static_cast<size_t>(n);
    }
    return true;
  }

 private:
  int fd_;
  uint64_t size_;
};

class MemorySource final : public ByteSource {
 public:
  explicit MemorySource(std::vector<uint8_t> b) : bytes_(std::move(b)) {}
  uint64_t size() const override { return bytes_.size(); }
  bool read(uint64_t offset, std::span<uint8_t> out) const override {
    if (offset > bytes_.size() || out.size() > bytes_.size() - offset) return false;
    if (!out.empty()) std::memcpy(out.data(), bytes_.data() + offset, out.size());
    return true;
  }

 private:
  std::vector<uint8_t> bytes_;
};

uint64_t le(const uint8_t* p, unsigned n) {
  return core::load_le(p, n);
}

struct CentralEntry {
  std::string name;
  uint16_t method = 0;
  uint16_t flags = 0;
  uint64_t csize = 0, usize = 0, local_offset = 0;
};

// The end-of-central-directory records: the directory's offset and entry count.
bool find_directory(const ByteSource& src, uint64_t& cd_offset, uint64_t& entries,
                    std::string& why) {
  const uint64_t size = src.size();
  const uint64_t tail = std::min<uint64_t>(size, 22 + 65535 + 20);
  std::vector<uint8_t> buf(tail);
  if (!src.read(size - tail, buf)) return why = "cannot read the archive's end", false;
  for (size_t i = tail >= 22 ? tail - 22 + 1 : 0; i-- > 0;) {
    if (le(&buf[i], 4) != 0x06054b50) continue;
    entries = le(&buf[i + 10], 2);
    cd_offset = le(&buf[i + 16], 4);
    const bool zip64 = cd_offset == 0xffffffff || entries == 0xffff;
    if (!zip64) return true;
    if (i < 20 || le(&buf[i - 20], 4) != 0x07064b50)
      return why = "ZIP64 end-of-directory locator missing", false;
    const uint64_t rec = le(&buf[i - 20 + 8], 8);
    uint8_t r[56];
    if (!src.read(rec, r) || le(r, 4) != 0x06064b50)
      return why = "ZIP64 end-of-directory record missing", false;
    entries = le(r + 32, 8);
    cd_offset = le(r + 48, 8);
    return true;
  }
  return why = "not a ZIP archive (no end-of-central-directory record)", false;
}

// The ZIP64 extra field (0x0001) replaces each 0xffffffff size/offset, in APPNOTE's order.
void apply_zip64_extra(std::span<const uint8_t> extra, CentralEntry& e) {
  size_t at = 0;
  while (at + 4 <= extra.size()) {
    const uint64_t id = le(&extra[at], 2), len = le(&extra[at + 2], 2);
    if (at + 4 + len > extra.size()) return;
    if (id == 1) {
      size_t p = at + 4;
      for (uint64_t* v : {&e.usize, &e.csize, &e.local_offset}) {
        if (*v != 0xffffffff) continue;
        if (p + 8 > at + 4 + len) return;
        *v = le(&extra[p], 8);
        p += 8;
      }
    }
    at += 4 + len;
  }
}

bool read_directory(const ByteSource& src, std::vector<CentralEntry>& out, std::string& why) {
  uint64_t off = 0, entries = 0;
  if (!find_directory(src, off, entries, why)) return false;
  if (entries > 1u << 20) return why = "too many archive members", false;
  for (uint64_t k = 0; k < entries; ++k) {
    uint8_t h[46];
    if (!src.read(off, h) || le(h, 4) != 0x02014b50)
      return why = "central directory entry " + std::to_string(k) + " is malformed", false;
    CentralEntry e;
    e.flags = static_cast<uint16_t>(le(h + 8, 2));
    e.method = static_cast<uint16_t>(le(h + 10, 2));
    e.csize = le(h + 20, 4);
    e.usize = le(h + 24, 4);
    e.local_offset = le(h + 42, 4);
    const uint64_t nlen = le(h + 28, 2), xlen = le(h + 30, 2), clen = le(h + 32, 2);
    std::vector<uint8_t> var(nlen + xlen);
    if (!src.read(off + 46, var)) return why = "central directory entry truncated", false;
    e.name.assign(var.begin(), var.begin() + static_cast<ptrdiff_t>(nlen));
    apply_zip64_extra(std::span(var).subspan(nlen), e);
    out.push_back(std::move(e));
    off += 46 + nlen + xlen + clen;
  }
  return true;
}

// The first bytes of an array's data stream (stored or deflated) — enough for its header.
bool read_member_prefix(const ByteSource& src, const NpzArray& a, uint64_t usize,
                        std::vector<uint8_t>& prefix, std::string& why) {
  const uint64_t want = std::min<uint64_t>(usize, 1u << 16);
  prefix.assign(want, 0);
  NpzArray probe = a;
  probe.header.record_size = 1;
  probe.header.data_offset = 0;
  NpzArrayReader r(src, probe);
  return r.read(0, want, prefix, why);
}

bool fill_array(const ByteSource& src, const CentralEntry& e, NpzArray& a, std::string& why) {
  uint8_t lh[30];
  if (!src.read(e.local_offset, lh) || le(lh, 4) != 0x04034b50)
    return why = "member '" + e.name + "': local header missing", false;
  a.method = e.method;
  a.member_offset = e.local_offset + 30 + le(lh + 26, 2) + le(lh + 28, 2);
  a.member_size = e.csize;
  if (e.method != 0 && e.method != 8)
    return why = "member '" + e.name + "': compression method " + std::to_string(e.method) +
                 " (only stored and deflated)",
           false;
  if ((e.flags & 1) != 0) return why = "member '" + e.name + "' is encrypted", false;
  std::vector<uint8_t> prefix;
  if (!read_member_prefix(src, a, e.usize, prefix, why))
    return why = "member '" + e.name + "': " + why, false;
  auto h = parse_npy_header(prefix, why);
  if (!h) return why = "member '" + e.name + "': " + why, false;
  if (h->fortran_order && h->shape.size() > 1)
    return why = "member '" + e.name + "': Fortran-order arrays are not supported", false;
  if (h->data_offset + h->record_size * h->count() > e.usize)
    return why = "member '" + e.name + "': the data is shorter than its shape", false;
  a.header = std::move(*h);
  return true;
}

}  // namespace

std::unique_ptr<ByteSource> open_byte_source(const std::string& path, std::string& why) {
  if (path == "-") {
    std::vector<uint8_t> all((std::istreambuf_iterator<char>(std::cin)),
                             std::istreambuf_iterator<char>());
    return std::make_unique<MemorySource>(std::move(all));
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return why = std::strerror(errno), nullptr;
  const off_t end = ::lseek(fd, 0, SEEK_END);
  if (end < 0) {
    why = std::strerror(errno);
    ::close(fd);
    return nullptr;
  }
  return std::make_unique<FileSource>(fd, static_cast<uint64_t>(end));
}

std::unique_ptr<ByteSource> memory_byte_source(std::vector<uint8_t> bytes) {
  return std::make_unique<MemorySource>(std::move(bytes));
}

FileKind sniff_file_kind(const ByteSource& src) {
  uint8_t m[6] = {};
  if (!src.read(0, std::span(m, src.size() < 6 ? 0 : 6))) return FileKind::kText;
  if (src.size() >= 6 && std::memcmp(m, "\x93NUMPY", 6) == 0) return FileKind::kNpy;
  if (src.size() >= 4 && le(m, 4) == 0x04034b50) return FileKind::kNpz;
  return FileKind::kText;
}

std::optional<std::vector<NpzArray>> read_npz_arrays(const ByteSource& src, FileKind kind,
                                                     std::string& why) {
  std::vector<NpzArray> arrays;
  if (kind == FileKind::kNpy) {
    NpzArray a;
    a.member_size = src.size();
    std::vector<uint8_t> prefix(std::min<uint64_t>(src.size(), 1u << 16));
    auto h = src.read(0, prefix) ? parse_npy_header(prefix, why) : std::nullopt;
    if (!h) return std::nullopt;
    if (h->data_offset + h->record_size * h->count() > src.size())
      return why = "the data is shorter than its shape", std::nullopt;
    a.header = std::move(*h);
    arrays.push_back(std::move(a));
    return arrays;
  }
  std::vector<CentralEntry> entries;
  if (!read_directory(src, entries, why)) return std::nullopt;
  for (const CentralEntry& e : entries) {
    if (e.name.ends_with("/")) continue;
    NpzArray a;
    a.name = e.name.ends_with(".npy") ? e.name.substr(0, e.name.size() - 4) : e.name;
    if (!fill_array(src, e, a, why)) return std::nullopt;
    arrays.push_back(std::move(a));
  }
  return arrays;
}

struct NpzArrayReader::Inflater {
  z_stream z{};
  uint64_t in_pos = 0;   // compressed bytes consumed
  uint64_t out_pos = 0;  // uncompressed bytes produced
  std::vector<uint8_t> in;
  bool done = false;
  Inflater() { inflateInit2(&z, -MAX_WBITS); }
  ~Inflater() { inflateEnd(&z); }
};

NpzArrayReader::NpzArrayReader(const ByteSource& src, const NpzArray& array)
    : src_(src), array_(array) {}
NpzArrayReader::~NpzArrayReader() = default;

bool NpzArrayReader::read(uint64_t first, uint64_t count, std::span<uint8_t> out,
                          std::string& why) {
  const uint64_t rs = array_.header.record_size;
  if (rs != 0 && count > out.size() / rs) return why = "the buffer is too small", false;
  const uint64_t at = array_.header.data_offset + first * rs;
  const std::span<uint8_t> dst = out.first(count * rs);
  if (array_.method == 0) {
    if (!src_.read(array_.member_offset + at, dst)) return why = "the file is truncated", false;
    return true;
  }
  return inflate_to(at, dst, why);
}

bool NpzArrayReader::inflate_to(uint64_t data_offset, std::span<uint8_t> out, std::string& why) {
  if (!z_) z_ = std::make_unique<Inflater>();
  Inflater& f = *z_;
  if (data_offset < f.out_pos) return why = "a deflated array is read only forwards", false;
  std::vector<uint8_t> skip(data_offset > f.out_pos ? 1u << 16 : 0);
  size_t filled = 0;
  while (filled < out.size()) {
    const bool skipping = f.out_pos < data_offset;
    const uint64_t want =
        skipping ? std::min<uint64_t>(skip.size(), data_offset - f.out_pos) : out.size() - filled;
    uint8_t* dst = skipping ? skip.data() : out.data() + filled;
    // zlib may still hold output when every input byte is in (inflate(3)): refill only while
    // input is left, and call inflate once more without any.
    if (f.z.avail_in == 0 && f.in_pos < array_.member_size) {
      const uint64_t left = array_.member_size - f.in_pos;
      f.in.resize(std::min<uint64_t>(left, 1u << 18));
      if (!src_.read(array_.member_offset + f.in_pos, f.in))
        return why = "the deflated data ends early", false;
      f.in_pos += f.in.size();
      f.z.next_in = f.in.data();
      f.z.avail_in = static_cast<uInt>(f.in.size());
    }
    f.z.next_out = dst;
    f.z.avail_out = static_cast<uInt>(std::min<uint64_t>(want, 1u << 30));
    const int rc = inflate(&f.z, Z_NO_FLUSH);
    const uint64_t got = static_cast<uint64_t>(f.z.next_out - dst);
    f.out_pos += got;
    if (!skipping) filled += got;
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
      return why = "corrupt deflated data", false;
    const bool no_input = f.z.avail_in == 0 && f.in_pos == array_.member_size;
    if ((rc == Z_STREAM_END || rc == Z_BUF_ERROR || no_input) && got == 0)
      return why = "the deflated data ends early", false;
  }
  return true;
}

}  // namespace texsim::scene
