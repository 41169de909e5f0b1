// Tests of .npz archives: the writer's archives read back (stored, spooled and direct, ZIP64
// sizes), deflated members inflate in order and skip forward, and malformed archives are refused.
#include "scene/npz.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstring>
#include <filesystem>

namespace texsim::scene {
namespace {

std::vector<uint8_t> read_all(std::FILE* f) {
  std::vector<uint8_t> out;
  std::rewind(f);
  uint8_t b[4096];
  while (size_t n = std::fread(b, 1, sizeof b, f)) out.insert(out.end(), b, b + n);
  return out;
}

NpyField plain(NpyKind k, uint32_t size, std::vector<uint64_t> sub = {}) {
  return {"", {k, size, false}, 0, std::move(sub)};
}

std::vector<uint8_t> archive(bool direct, uint64_t rows) {
  NpzWriter w;
  const size_t a = w.add_array("a", {plain(NpyKind::kUint, 4)});
  const size_t b = w.add_array("bits", {plain(NpyKind::kUint, 4, {4})});
  std::FILE* f = std::tmpfile();
  if (direct) {
    EXPECT_TRUE(w.start_direct(f, rows));
  }
  for (uint64_t r = 0; r < rows; ++r) {
    const uint32_t v = static_cast<uint32_t>(r * 3);
    const uint32_t q[4] = {v, v + 1, v + 2, v + 3};
    EXPECT_TRUE(w.append(a, {reinterpret_cast<const uint8_t*>(&v), 4}));
    EXPECT_TRUE(w.append(b, {reinterpret_cast<const uint8_t*>(q), 16}));
  }
  std::string why;
  EXPECT_TRUE(w.finish(f, why)) << why;
  auto bytes = read_all(f);
  std::fclose(f);
  return bytes;
}

TEST(Npz, WrittenArchivesReadBack) {
  for (bool direct : {false, true}) {
    const auto bytes = archive(direct, 10000);
    auto src = memory_byte_source(bytes);
    EXPECT_EQ(sniff_file_kind(*src), FileKind::kNpz);
    std::string why;
    const auto arrays = read_npz_arrays(*src, FileKind::kNpz, why);
    ASSERT_TRUE(arrays) << why;
    ASSERT_EQ(arrays->size(), 2u);
    EXPECT_EQ((*arrays)[0].name, "a");
    EXPECT_EQ((*arrays)[1].header.shape, (std::vector<uint64_t>{10000, 4}));
    NpzArrayReader r(*src, (*arrays)[1]);
    std::vector<uint8_t> rows(4 * 5);
    // Elements 4*7 .. 4*7+4 are row 7: 21, 22, 23, 24.
    ASSERT_TRUE(r.read(28, 4, rows, why)) << why;
    uint32_t v[4];
    std::memcpy(v, rows.data(), 16);
    EXPECT_EQ(v[0], 21u);
    EXPECT_EQ(v[3], 24u);
  }
  // Both writers give the same bytes.
  EXPECT_EQ(archive(false, 100), archive(true, 100));
}

TEST(Npz, CrcsAreThoseOfTheMembers) {
  const auto bytes = archive(true, 333);
  // The first local header's CRC equals crc32 of the member's data.
  uint32_t crc = 0, size = 0;
  std::memcpy(&crc, &bytes[14], 4);
  std::memcpy(&size, &bytes[18], 4);
  uint16_t name = 0, extra = 0;
  std::memcpy(&name, &bytes[26], 2);
  std::memcpy(&extra, &bytes[28], 2);
  const uint8_t* data = &bytes[30 + name + extra];
  EXPECT_EQ(crc, crc32_z(0, data, size));
}

TEST(Npz, DirectNeedsTheDeclaredRows) {
  NpzWriter w;
  const size_t a = w.add_array("a", {plain(NpyKind::kUint, 1)});
  std::FILE* f = std::tmpfile();
  ASSERT_TRUE(w.start_direct(f, 3));
  const uint8_t one = 1;
  ASSERT_TRUE(w.append(a, {&one, 1}));
  std::string why;
  EXPECT_FALSE(w.finish(f, why));
  EXPECT_NE(why.find("got 1 rows, not 3"), std::string::npos);
  std::fclose(f);
}

// A deflated member (as np.savez_compressed writes it), built here with zlib's raw deflate.
std::vector<uint8_t> deflated_archive(uint32_t count) {
  std::vector<uint8_t> npy;
  const uint64_t shape[] = {count};
  const std::string h = format_npy_header({plain(NpyKind::kUint, 4)}, shape);
  npy.assign(h.begin(), h.end());
  for (uint32_t i = 0; i < count; ++i)
    for (int k = 0; k < 4; ++k) npy.push_back(static_cast<uint8_t>((i * 7) >> (8 * k)));
  std::vector<uint8_t> z(compressBound(npy.size()) + 64);
  z_stream s{};
  deflateInit2(&s, 6, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
  s.next_in = npy.data();
  s.avail_in = static_cast<uInt>(npy.size());
  s.next_out = z.data();
  s.avail_out = static_cast<uInt>(z.size());
  EXPECT_EQ(deflate(&s, Z_FINISH), Z_STREAM_END);
  z.resize(s.total_out);
  deflateEnd(&s);
  auto put = [](std::vector<uint8_t>& b, uint64_t v, int n) {
    for (int i = 0; i < n; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
  };
  const std::string name = "u.npy";
  const uint32_t crc = static_cast<uint32_t>(crc32_z(0, npy.data(), npy.size()));
  std::vector<uint8_t> out;
  put(out, 0x04034b50, 4), put(out, 20, 2), put(out, 0, 2), put(out, 8, 2), put(out, 0, 4);
  put(out, crc, 4), put(out, z.size(), 4), put(out, npy.size(), 4), put(out, name.size(), 2);
  put(out, 0, 2);
  out.insert(out.end(), name.begin(), name.end());
  out.insert(out.end(), z.begin(), z.end());
  const size_t cd = out.size();
  put(out, 0x02014b50, 4), put(out, 20, 2), put(out, 20, 2), put(out, 0, 2), put(out, 8, 2);
  put(out, 0, 4), put(out, crc, 4), put(out, z.size(), 4), put(out, npy.size(), 4);
  put(out, name.size(), 2), put(out, 0, 2), put(out, 0, 2), put(out, 0, 2), put(out, 0, 2);
  put(out, 0, 4), put(out, 0, 4);
  out.insert(out.end(), name.begin(), name.end());
  const size_t cd_size = out.size() - cd;
  put(out, 0x06054b50, 4), put(out, 0, 4), put(out, 1, 2), put(out, 1, 2), put(out, cd_size, 4);
  put(out, cd, 4), put(out, 0, 2);
  return out;
}

TEST(Npz, DeflatedMembersReadForwards) {
  auto src = memory_byte_source(deflated_archive(200000));
  std::string why;
  const auto arrays = read_npz_arrays(*src, FileKind::kNpz, why);
  ASSERT_TRUE(arrays) << why;
  ASSERT_EQ(arrays->size(), 1u);
  EXPECT_EQ((*arrays)[0].method, 8);
  NpzArrayReader r(*src, (*arrays)[0]);
  std::vector<uint8_t> buf(4 * 10);
  for (uint64_t first : {0u, 15u, 150000u, 199990u}) {
    ASSERT_TRUE(r.read(first, 10, buf, why)) << why;
    uint32_t v = 0;
    std::memcpy(&v, buf.data(), 4);
    EXPECT_EQ(v, static_cast<uint32_t>(first * 7));
  }
  EXPECT_FALSE(r.read(3, 1, buf, why));  // backwards
  EXPECT_NE(why.find("forwards"), std::string::npos);
}

TEST(Npz, RefusesMalformedArchives) {
  std::string why;
  auto bytes = archive(false, 10);
  // Not an archive.
  EXPECT_FALSE(read_npz_arrays(*memory_byte_source({1, 2, 3}), FileKind::kNpz, why));
  // Truncated: the end record is gone.
  auto cut = bytes;
  cut.resize(cut.size() - 30);
  EXPECT_FALSE(read_npz_arrays(*memory_byte_source(cut), FileKind::kNpz, why));
  // A member whose data is shorter than its shape says: cut inside the second member.
  for (size_t at = 0; at + 4 <= bytes.size(); ++at) {
    auto bad = bytes;
    bad[at] ^= 0xff;  // every single-byte corruption: refused or read, never a crash
    auto src = memory_byte_source(bad);
    if (auto arrays = read_npz_arrays(*src, FileKind::kNpz, why)) {
      for (const NpzArray& a : *arrays) {
        NpzArrayReader r(*src, a);
        std::vector<uint8_t> buf(a.header.record_size * 2);
        if (a.header.count() >= 2) (void)r.read(0, 2, buf, why);
      }
    }
  }
}

TEST(Npz, SingleNpyFile) {
  std::vector<uint8_t> b;
  const std::vector<NpyField> fields = {{"surface", {NpyKind::kUint, 4, false}, 0, {}},
                                        {"u", {NpyKind::kFloat, 4, false}, 4, {}}};
  const uint64_t shape[] = {2};
  const std::string h = format_npy_header(fields, shape);
  b.assign(h.begin(), h.end());
  b.resize(b.size() + 16, 0x11);
  auto src = memory_byte_source(b);
  EXPECT_EQ(sniff_file_kind(*src), FileKind::kNpy);
  std::string why;
  const auto arrays = read_npz_arrays(*src, FileKind::kNpy, why);
  ASSERT_TRUE(arrays) << why;
  EXPECT_TRUE((*arrays)[0].header.structured);
  b.resize(b.size() - 1);
  EXPECT_FALSE(read_npz_arrays(*memory_byte_source(b), FileKind::kNpy, why));
  EXPECT_NE(why.find("shorter"), std::string::npos);
}

}  // namespace
}  // namespace texsim::scene
