// Tests of .npy headers: NumPy's own header bytes parse, every dtype round-trips through the
// writer, and malformed headers are refused with a reason.
#include "scene/npy.hpp"

#include <gtest/gtest.h>

namespace texsim::scene {
namespace {

using namespace std::string_view_literals;

std::vector<uint8_t> bytes(std::string_view s) {
  return {s.begin(), s.end()};
}

// A header as numpy 1.24 writes it for np.zeros(3, '<f4') (version 1.0, padded to 64 bytes).
TEST(Npy, ParsesNumpysHeader) {
  std::string h = "\x93NUMPY\x01";
  h += '\0';
  std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }";
  dict.append(128 - 10 - dict.size() - 1, ' ');
  dict += '\n';
  h += static_cast<char>(dict.size());
  h += '\0';
  h += dict;
  std::string why;
  const auto p = parse_npy_header(bytes(h), why);
  ASSERT_TRUE(p) << why;
  EXPECT_EQ(p->data_offset, 128u);
  ASSERT_EQ(p->fields.size(), 1u);
  EXPECT_EQ(p->fields[0].type, (NpyType{NpyKind::kFloat, 4, false}));
  EXPECT_EQ(p->shape, std::vector<uint64_t>{3});
  EXPECT_FALSE(p->structured);
}

TEST(Npy, StructuredRoundTrip) {
  const std::vector<NpyField> fields = {{"op", {NpyKind::kUint, 1, false}, 0, {}},
                                        {"u", {NpyKind::kFloat, 4, true}, 1, {}},
                                        {"bits", {NpyKind::kUint, 4, false}, 5, {4}},
                                        {"name", {NpyKind::kUnicode, 20, false}, 21, {}}};
  const uint64_t shape[] = {7};
  const std::string h = format_npy_header(fields, shape);
  EXPECT_EQ(h.size() % 64, 0u);
  std::string why;
  const auto p = parse_npy_header(bytes(h), why);
  ASSERT_TRUE(p) << why;
  ASSERT_EQ(p->fields.size(), fields.size());
  EXPECT_TRUE(p->structured);
  for (size_t i = 0; i < fields.size(); ++i) {
    EXPECT_EQ(p->fields[i].name, fields[i].name);
    EXPECT_EQ(p->fields[i].type, fields[i].type);
    EXPECT_EQ(p->fields[i].offset, fields[i].offset);
    EXPECT_EQ(p->fields[i].subshape, fields[i].subshape);
  }
  EXPECT_EQ(p->record_size, 41u);
  EXPECT_EQ(p->count(), 7u);
  EXPECT_EQ(p->field("bits")->elements(), 4u);
}

TEST(Npy, EveryScalarTypeRoundTrips) {
  const std::vector<NpyType> types = {
      {NpyKind::kBool, 1, false},  {NpyKind::kInt, 1, false},    {NpyKind::kInt, 2, true},
      {NpyKind::kInt, 4, false},   {NpyKind::kInt, 8, true},     {NpyKind::kUint, 1, false},
      {NpyKind::kUint, 2, false},  {NpyKind::kUint, 4, true},    {NpyKind::kUint, 8, false},
      {NpyKind::kFloat, 2, false}, {NpyKind::kFloat, 4, true},   {NpyKind::kFloat, 8, false},
      {NpyKind::kBytes, 9, false}, {NpyKind::kUnicode, 12, true}};
  for (const NpyType& t : types) {
    for (const std::vector<uint64_t>& shape : {std::vector<uint64_t>{}, {5}, {2, 3}}) {
      const std::string h = format_npy_header({{"", t, 0, {}}}, shape);
      std::string why;
      const auto p = parse_npy_header(bytes(h), why);
      ASSERT_TRUE(p) << t.descr() << ": " << why;
      EXPECT_EQ(p->fields[0].type, t) << t.descr();
      EXPECT_EQ(p->shape, shape) << t.descr();
    }
  }
}

TEST(Npy, RefusesWhatItCannotRead) {
  std::string why;
  EXPECT_FALSE(parse_npy_header(bytes("\x93NUMPZ\x01\x00\x10\x00{}"sv), why));
  EXPECT_NE(why.find("magic"), std::string::npos);
  auto with = [](std::string dict) {
    std::string h = "\x93NUMPY\x01";
    h += '\0';
    h += static_cast<char>(dict.size());
    h += '\0';
    return bytes(h + dict);
  };
  EXPECT_FALSE(
      parse_npy_header(with("{'descr': '|O', 'fortran_order': False, 'shape': (3,), }"), why));
  EXPECT_NE(why.find("|O"), std::string::npos);
  EXPECT_FALSE(
      parse_npy_header(with("{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }"), why));
  EXPECT_FALSE(parse_npy_header(with("{'descr': '<f4', 'shape': (3,), }"), why));
  EXPECT_FALSE(
      parse_npy_header(with("{'descr': '<f4', 'fortran_order': False, 'shape': (3,)"), why));
  EXPECT_FALSE(parse_npy_header(
      with("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"), why));
  EXPECT_NE(why.find("overflow"), std::string::npos);
  EXPECT_FALSE(parse_npy_header(with("{'descr': [('a', [('b', '<f4')])], 'fortran_order': False, "
                                     "'shape': (3,), }"),
                                why));
  // The declared header length must be present.
  EXPECT_FALSE(parse_npy_header(bytes("\x93NUMPY\x01\x00\xff\x00{'descr'"sv), why));
  EXPECT_NE(why.find("truncated"), std::string::npos);
}

}  // namespace
}  // namespace texsim::scene
