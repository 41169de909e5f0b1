// core/bytes: little-endian loads, the bounded reader's first failure (FILE+0xOFFSET, field,
// message) and the writer.
#include "core/bytes.hpp"

#include <gtest/gtest.h>

namespace texsim::core {
namespace {

TEST(Bytes, LoadLittleEndian) {
  const std::vector<uint8_t> b{0x01, 0x02, 0x03, 0x04, 0x05};
  EXPECT_EQ(load_le(b.data(), 4), 0x04030201u);
  EXPECT_EQ(load_le(b, 3, 2), 0x0504u);
  EXPECT_EQ(load_le(b, 4, 2), 0u);  // out of bounds reads as 0, never past the end
}

TEST(Bytes, ReaderReadsFieldsInOrder) {
  const std::vector<uint8_t> b{0x34, 0x12, 0x78, 0x56, 0x34, 0x12, 'h', 'i', 0};
  BytesReader r(b, "f.isa");
  EXPECT_EQ(r.u16("a"), 0x1234);
  EXPECT_EQ(r.u32("b"), 0x12345678u);
  EXPECT_EQ(r.cstr("s", 8), "hi");
  EXPECT_FALSE(r.failed());
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(Bytes, ReaderNamesTheFirstFieldThatDoesNotFit) {
  const std::vector<uint8_t> b{0x01, 0x02, 0x03};
  BytesReader r(b, "f.isa");
  r.u16("num_kernels");
  EXPECT_EQ(r.u32("kernel offset"), 0u);
  ASSERT_TRUE(r.failed());
  EXPECT_EQ(r.error(), "f.isa+0x2: kernel offset: needs 4 bytes, 1 left");
  EXPECT_EQ(r.error_offset(), 2u);
  EXPECT_EQ(r.error_field(), "kernel offset");
  r.u8("later");  // the first failure is kept
  EXPECT_EQ(r.error_field(), "kernel offset");
}

TEST(Bytes, StringsNeedTheirNulAndABound) {
  const std::vector<uint8_t> open{'a', 'b'};
  BytesReader r(open, "f");
  r.cstr("name", 8);
  EXPECT_EQ(r.message(), "string without its terminating NUL before the end of the file");
  const std::vector<uint8_t> longer{'a', 'b', 'c', 0};
  BytesReader r2(longer, "f");
  r2.cstr("name", 2);
  EXPECT_EQ(r2.message(), "string longer than 2 bytes");
}

TEST(Bytes, WriterPutsAndPatches) {
  BytesWriter w;
  w.put(0x0102, 2);
  w.put_cstr("ab");
  w.put(0, 4);
  w.patch(5, 0xdeadbeef, 4);
  EXPECT_EQ(w.bytes(), (std::vector<uint8_t>{0x02, 0x01, 'a', 'b', 0, 0xef, 0xbe, 0xad, 0xde}));
}

}  // namespace
}  // namespace texsim::core
