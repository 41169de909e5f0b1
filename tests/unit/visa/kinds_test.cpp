// Operand kinds: parse/print and encode/decode are inverses over each kind's domain.
#include "isa/visa/kinds.hpp"

#include <gtest/gtest.h>

#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

SymbolTable symbols() {
  SymbolTable s;
  for (const char* d : {".decl V40 v_type=G type=ud num_elts=16 align=GRF",
                        ".decl P3 v_type=P num_elts=16", ".decl T6 v_type=T num_elts=1",
                        ".decl S1 v_type=S num_elts=1", ".decl foo v_type=G type=f num_elts=8"}) {
    Variable v;
    EXPECT_FALSE(parse_decl(d, v).has_value()) << d;
    EXPECT_FALSE(s.add(v).has_value()) << d;
  }
  return s;
}

FieldSpec spec(Kind k, uint8_t width = 1) {
  return FieldSpec{
      .name = "F", .kind = k, .width = width, .lo = 0, .hi = 0xffffffffu, .citation = "test"};
}

// Text round trip: print(v) parses back to v and prints identically.
void text_round_trip(const FieldSpec& f, const OperandValue& v, const SymbolTable& s) {
  const std::string t = print_field(f, v, s);
  TextCursor c{t, 0};
  OperandValue back;
  const auto e = parse_field(f, c, s, back);
  ASSERT_FALSE(e.has_value()) << t << ": " << *e;
  EXPECT_TRUE(c.at_end()) << t;
  EXPECT_EQ(back, v) << t;
  EXPECT_EQ(print_field(f, back, s), t);
}

void binary_round_trip(const FieldSpec& f, const OperandValue& v, Version ver,
                       size_t expect_bytes = 0) {
  ByteWriter w;
  const auto e = encode_field(f, v, ver, w);
  ASSERT_FALSE(e.has_value()) << *e;
  if (expect_bytes) {
    EXPECT_EQ(w.bytes().size(), expect_bytes);
  }
  ByteReader r(w.bytes().data(), w.bytes().size());
  OperandValue back;
  ASSERT_FALSE(decode_field(f, r, ver, static_cast<uint32_t>(v.list.size()), back).has_value());
  EXPECT_EQ(r.remaining(), 0u);
  EXPECT_EQ(back, v);
}

OperandValue num(uint32_t x) {
  OperandValue v;
  v.present = true;
  v.value = x;
  return v;
}

TEST(Kinds, ExecSizeAllSizesAndMasks) {
  const SymbolTable s = symbols();
  const FieldSpec f = spec(Kind::kExecSize);
  for (unsigned code = 0; code <= 5; ++code) {
    for (unsigned em = 0; em < 16; ++em) {
      const OperandValue v = num(code | (em << 4));
      text_round_trip(f, v, s);
      binary_round_trip(f, v, kNewestVersion, 1);
    }
  }
  EXPECT_EQ(print_field(f, num(0x84), s), "(M1_NM, 16)");
  // "(16)" means M1; NoMask means M1_NM.
  for (const auto& [text, value] : {std::pair{"(16)", 0x04u}, std::pair{"(NoMask, 8)", 0x83u}}) {
    TextCursor c{text, 0};
    OperandValue v;
    ASSERT_FALSE(parse_field(f, c, s, v).has_value());
    EXPECT_EQ(v.value, value);
  }
  TextCursor bad{"(M1, 3)", 0};
  OperandValue v;
  EXPECT_TRUE(parse_field(f, bad, s, v).has_value());
  ByteWriter w;
  EXPECT_TRUE(encode_field(f, num(6), kNewestVersion, w).has_value());  // reserved size code
}

TEST(Kinds, PredicateInvertCombine) {
  const SymbolTable s = symbols();
  const FieldSpec f = spec(Kind::kPredicate, 2);
  const uint32_t p3 = s.find_name("P3")->id;
  for (bool inv : {false, true}) {
    for (unsigned comb = 0; comb < 3; ++comb) {
      const OperandValue v = num(pred_value(PredBits{p3, inv, comb}));
      text_round_trip(f, v, s);
      binary_round_trip(f, v, kNewestVersion, 2);
    }
  }
  EXPECT_EQ(print_field(f, num(pred_value(PredBits{p3, true, 1})), s), "(!P3.any)");
  EXPECT_EQ(pred_value(PredBits{3, true, 2}), 0xc003u);  // bit 15 invert, bits 14:13 = 10 all
}

TEST(Kinds, NumericKinds) {
  const SymbolTable s = symbols();
  for (uint32_t x : {0u, 1u, 63u, 64u, 255u}) {
    text_round_trip(spec(Kind::kUImm), num(x), s);
    binary_round_trip(spec(Kind::kUImm), num(x), kNewestVersion, 1);
  }
  binary_round_trip(spec(Kind::kUImm, 2), num(0xbeef), kNewestVersion, 2);
  ByteWriter w;
  EXPECT_TRUE(
      encode_field(spec(Kind::kUImm), num(256), kNewestVersion, w).has_value());  // never truncated
  for (uint32_t m = 0; m < 6; ++m) {
    text_round_trip(spec(Kind::kMediaModifier), num(m), s);
    binary_round_trip(spec(Kind::kMediaModifier), num(m), kNewestVersion, 1);
  }
  EXPECT_EQ(print_field(spec(Kind::kMediaModifier), num(3), s), "bottom");
}

TEST(Kinds, BlockCountIsLog2InBinary) {
  const SymbolTable s = symbols();
  const FieldSpec f = spec(Kind::kBlockCount);
  for (uint32_t n : {1u, 2u, 4u}) {
    text_round_trip(f, num(n), s);
    binary_round_trip(f, num(n), kNewestVersion, 1);
    ByteWriter w;
    ASSERT_FALSE(encode_field(f, num(n), kNewestVersion, w).has_value());
    EXPECT_EQ(w.bytes()[0], n == 1 ? 0 : n == 2 ? 1 : 2);
  }
  ByteWriter w;
  EXPECT_TRUE(encode_field(f, num(3), kNewestVersion, w).has_value());
  const uint8_t reserved = 3;
  ByteReader r(&reserved, 1);
  OperandValue v;
  EXPECT_TRUE(decode_field(f, r, kNewestVersion, 0, v).has_value());
}

TEST(Kinds, SurfacesSamplersChannels) {
  const SymbolTable s = symbols();
  for (uint32_t id : {0u, 1u, 2u, 3u, 4u, 5u, 6u}) {
    text_round_trip(spec(Kind::kSurface), num(id), s);
    binary_round_trip(spec(Kind::kSurface), num(id), kNewestVersion, 1);
  }
  EXPECT_EQ(print_field(spec(Kind::kSurface), num(0), s), "%slm");
  EXPECT_EQ(print_field(spec(Kind::kSurface), num(4), s), "%bss");
  EXPECT_EQ(print_field(spec(Kind::kSurface), num(5), s), "%scratch");
  // Old spellings parse to the same ids.
  for (const auto& [name, id] : {std::pair{"T0", 0u}, std::pair{"T5", 5u}, std::pair{"T252", 4u}}) {
    TextCursor c{name, 0};
    OperandValue v;
    ASSERT_FALSE(parse_field(spec(Kind::kSurface), c, s, v).has_value()) << name;
    EXPECT_EQ(v.value, id);
  }
  for (uint32_t id : {1u, 31u}) text_round_trip(spec(Kind::kSampler), num(id), s);
  for (uint32_t m = 1; m < 16; ++m) {
    text_round_trip(spec(Kind::kChannelMask), num(m), s);
    binary_round_trip(spec(Kind::kChannelMask), num(m), kNewestVersion, 1);
  }
}

TEST(Kinds, SubOpFlagsWidthDependsOnVersion) {
  const FieldSpec f = spec(Kind::kSubOpFlags);
  for (uint32_t op : {0u, 2u, 9u, 24u, 29u}) {
    for (uint32_t flags = 0; flags < 8; ++flags) {
      const OperandValue v = num(op | (flags << 8));
      binary_round_trip(f, v, Version{3, 6}, 1);
      binary_round_trip(f, v, Version{4, 2}, 2);
    }
  }
  ByteWriter w3, w4;
  ASSERT_FALSE(encode_field(f, num(7 | (1u << 8)), Version{3, 6}, w3).has_value());
  ASSERT_FALSE(encode_field(f, num(7 | (1u << 8)), Version{4, 0}, w4).has_value());
  EXPECT_EQ(w3.bytes(), (std::vector<uint8_t>{0x27}));        // pnm in bit 5
  EXPECT_EQ(w4.bytes(), (std::vector<uint8_t>{0x07, 0x01}));  // pnm in bit 8
  ByteWriter w;
  EXPECT_TRUE(
      encode_field(f, num(32), Version{3, 6}, w).has_value());  // op 32 needs the wide field
  const SymbolTable s = symbols();
  text_round_trip(f, num((1u << 8) | (1u << 10)), s);
  EXPECT_EQ(print_field(f, num(0x700), s), ".pixel_null_mask.cps.divS");
}

TEST(Kinds, RawOperandIdWidthByVersion) {
  const SymbolTable s = symbols();
  const FieldSpec f = spec(Kind::kRaw);
  OperandValue v;
  v.present = true;
  v.raw = RawOperand{s.find_name("V40")->id, 32};
  text_round_trip(f, v, s);
  EXPECT_EQ(print_field(f, v, s), "V40.32");
  binary_round_trip(f, v, Version{3, 3}, 4);  // uw id + uw offset
  binary_round_trip(f, v, Version{3, 4}, 6);  // ud id + uw offset
  OperandValue big = v;
  big.raw.id = 70000;
  ByteWriter w;
  EXPECT_TRUE(encode_field(f, big, Version{3, 3}, w).has_value());
  OperandValue null;
  null.present = true;
  text_round_trip(f, null, s);
  EXPECT_EQ(print_field(f, null, s), "%null.0");
}

TEST(Kinds, ScalarGeneralAndImmediate) {
  const SymbolTable s = symbols();
  const FieldSpec f = spec(Kind::kScalar);
  OperandValue g;
  g.present = true;
  g.vec.cls = VecClass::kGeneral;
  g.vec.id = s.find_name("V40")->id;
  g.vec.row = 1;
  g.vec.col = 3;
  text_round_trip(f, g, s);
  EXPECT_EQ(print_field(f, g, s), "V40(1,3)<0;1,0>");
  binary_round_trip(f, g, Version{3, 3}, 1 + 2 + 1 + 1 + 2);
  binary_round_trip(f, g, kNewestVersion, 1 + 4 + 1 + 1 + 2);
  g.vec.region = 0x032 | 0x200;  // <2;1,1>... any region round-trips
  text_round_trip(f, g, s);
  g.vec.mod = VecModifier::kNeg;
  text_round_trip(f, g, s);
  for (VisaType t : {VisaType::kUD, VisaType::kD, VisaType::kUW, VisaType::kF, VisaType::kHF,
                     VisaType::kQ, VisaType::kDF}) {
    OperandValue i;
    i.present = true;
    i.vec.cls = VecClass::kImmediate;
    i.vec.imm_type = t;
    i.vec.imm = type_size(t) == 8   ? 0x123456789abcdef0ull
                : type_size(t) == 4 ? 0x3f800000u
                                    : 0x3c00u;
    text_round_trip(f, i, s);
    binary_round_trip(f, i, kNewestVersion, type_size(t) == 8 ? 10 : 6);
  }
  EXPECT_EQ(print_immediate(VisaType::kUD, 16), "0x10:ud");
  TextCursor c{"1.0:f", 0};
  OperandValue fl;
  ASSERT_FALSE(parse_field(f, c, s, fl).has_value());
  EXPECT_EQ(fl.vec.imm, 0x3f800000u);
}

TEST(Kinds, RawListRoundTrip) {
  const SymbolTable s = symbols();
  const FieldSpec f = spec(Kind::kRawList);
  OperandValue v;
  v.present = true;
  v.list = {RawOperand{s.find_name("V40")->id, 0}, RawOperand{s.find_name("foo")->id, 4}};
  text_round_trip(f, v, s);
  binary_round_trip(f, v, kNewestVersion, 12);
}

TEST(Kinds, RangeCheckMessagesNameTheRange) {
  const FieldSpec f{
      .name = "Block_width", .kind = Kind::kUImm, .width = 1, .lo = 1, .hi = 64, .citation = "x"};
  EXPECT_FALSE(check_range(f, num(64)).has_value());
  EXPECT_EQ(check_range(f, num(65)).value(), "Block_width must be in [1, 64], got 65");
}

}  // namespace
}  // namespace texsim::isa::visa
