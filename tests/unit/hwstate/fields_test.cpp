// The generic descriptor model (hwstate/fields.*) over every generated NVIDIA table: table
// self-checks, field round trips over each field's domain edges, parse/print round trips, the
// generic rules' passing and failing cases, split values, and a small hand-made table.
#include "hwstate/fields.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <set>

#include "core/text.hpp"
#include "hwstate/catalog.hpp"
#include "hwstate/nvidia_tex.hpp"

namespace texsim::hwstate {
namespace {

// Every table of every platform of the catalog (NVIDIA TIC/TSC, Intel genxml), once.
std::vector<const DescriptorType*> all_types() {
  std::vector<const DescriptorType*> out;
  std::set<const DescriptorType*> seen;
  for (const CatalogPlatform& p : catalog())
    for (const DescriptorType& t : p.types)
      if (seen.insert(&t).second) out.push_back(&t);
  return out;
}

// Edges of a field's raw domain: 0, 1, the top bit, max - 1, max (those that exist).
std::vector<uint64_t> edges(const FieldDesc& f) {
  std::set<uint64_t> v = {0, f.max_raw()};
  if (f.max_raw() >= 1) v.insert(1);
  if (f.max_raw() >= 2) v.insert(f.max_raw() - 1);
  v.insert(uint64_t{1} << (f.width() - 1));
  return {v.begin(), v.end()};
}

TEST(Fields, EveryTableSelfChecks) {
  const auto types = all_types();
  // NVIDIA: nine V1-only classes, Hopper (V1 and V2), Blackwell A and B (V2 only, decision TV1);
  // + three per genxml file: SKL (gen9), TGLLP (gen12), DG2 and PVC (gen125)
  EXPECT_EQ(types.size(), 9u * nvidia::kTypesV1 + nvidia::kTypesV1V2 + 2u * nvidia::kTypesV2 + 9u);
  for (const DescriptorType* t : types) {
    const uint32_t intel_size = t->name == "RENDER_SURFACE_STATE" ? 64u : 16u;
    EXPECT_EQ(t->size_bytes, t->citation.starts_with("Mesa") ? intel_size : 32u) << t->name;
    EXPECT_FALSE(t->fields.empty()) << t->name;
    for (const std::string& problem : self_check(*t)) ADD_FAILURE() << problem;
  }
}

TEST(Fields, EveryBitBelongsToAFieldOfEveryType) {
  // Every bit is decoded: the sources' fields, reserved ones, and `unnamed` fields for the rest.
  for (const DescriptorType* t : all_types()) {
    std::vector<bool> covered(size_t{t->size_bytes} * 8, false);
    for (const FieldDesc& f : t->fields)
      for (unsigned b = f.lo; b <= f.hi; ++b) covered[b] = true;
    for (size_t b = 0; b < covered.size(); ++b)
      EXPECT_TRUE(covered[b]) << t->name << " bit " << b << " (" << t->citation << ")";
  }
}

TEST(Fields, EveryFieldRoundTripsOverItsEdgesAlone) {
  size_t checked = 0;
  for (const DescriptorType* t : all_types())
    for (const FieldDesc& f : t->fields)
      for (uint64_t raw : edges(f)) {
        core::DiagSink sink;
        const std::pair<std::string, std::string> set[] = {{std::string(f.name), core::hex(raw)}};
        auto bytes = encode(*t, set, sink);
        ASSERT_TRUE(bytes) << t->name << " " << f.name << " " << raw;
        for (const FieldValue& v : decode(*t, *bytes))
          EXPECT_EQ(v.raw, v.field == &f ? raw : 0u)
              << t->name << " " << f.name << " -> " << v.field->name;
        ++checked;
      }
  EXPECT_GT(checked, 10000u);
}

TEST(Fields, ValueTextParsesBackToTheSameBits) {
  for (const DescriptorType* t : all_types())
    for (const FieldDesc& f : t->fields) {
      std::vector<uint64_t> raws = edges(f);
      for (const EnumValue& v : f.values) raws.push_back(v.value);
      for (uint64_t raw : raws) {
        if (f.kind == FieldKind::kEnum && !f.find_value(raw)) continue;  // "0x.. (undefined)"
        if (f.kind == FieldKind::kFloat32 && std::isnan(std::bit_cast<float>(uint32_t(raw))))
          continue;
        core::DiagSink sink;
        const std::string text = value_text(f, raw);
        auto back = parse_value(f, text, sink);
        ASSERT_TRUE(back) << t->name << " " << f.name << " " << text;
        EXPECT_EQ(*back, raw) << t->name << " " << f.name << " " << text;
      }
    }
}

const DescriptorType& sm50(std::string_view name) {
  return *nvidia::find_type(*nvidia::find_platform("SM50"), name);
}

TEST(Fields, FixedPointAndFloatFieldsTakeRealValues) {
  const DescriptorType& tsc = sm50("TSC");
  core::DiagSink sink;
  const std::pair<std::string, std::string> set[] = {
      {"MIP_LOD_BIAS", "-1.5"}, {"MAX_LOD_CLAMP", "15.99609375"}, {"BORDER_COLOR_A", "0.25"}};
  auto bytes = encode(tsc, set, sink);
  ASSERT_TRUE(bytes) << sink.diagnostics().front().message;
  const FieldDesc& bias = *tsc.find_field("MIP_LOD_BIAS");
  EXPECT_EQ(get_bits(*bytes, bias.hi, bias.lo), 0x2000u - 384u);  // -1.5 * 256, 13 bits
  EXPECT_EQ(value_text(bias, get_bits(*bytes, bias.hi, bias.lo)), "-1.5");
  const FieldDesc& a = *tsc.find_field("BORDER_COLOR_A");
  EXPECT_EQ(get_bits(*bytes, a.hi, a.lo), 0x3e800000u);
  EXPECT_EQ((*bytes)[28], 0x00);  // TEXSAMP7 is bytes 28..31, little endian
  EXPECT_EQ((*bytes)[31], 0x3e);
}

TEST(Fields, OutOfRangeValuesAreRejectedWithTheLimit) {
  const DescriptorType& tsc = sm50("TSC");
  const std::pair<std::string, std::string> bad[] = {
      {"ADDRESS_U", "8"},                                       // 3 bits
      {"MIP_LOD_BIAS", "16"},                                   // signed 5.8: [-16, 15.99609375]
      {"MIN_LOD_CLAMP", "0.001"},                               // not a multiple of 1/256
      {"NO_SUCH_FIELD", "1"},     {"MAG_FILTER", "MAG_CUBIC"},  // no such value
  };
  core::DiagSink sink;
  EXPECT_FALSE(encode(tsc, bad, sink));
  ASSERT_EQ(sink.diagnostics().size(), 5u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "DESC-VALUE");
  EXPECT_NE(sink.diagnostics()[0].message.find("does not fit in 3 bits (max 0x7)"),
            std::string::npos);
  EXPECT_NE(sink.diagnostics()[1].message.find("outside [-16, 15.99609375]"), std::string::npos);
  EXPECT_NE(sink.diagnostics()[2].message.find("not a multiple of 1/256"), std::string::npos);
  EXPECT_EQ(sink.diagnostics()[3].rule_id, "DESC-FIELD");
  EXPECT_EQ(sink.diagnostics()[4].rule_id, "DESC-VALUE");
}

TEST(Fields, SplitValuesAssembleAndSplit) {
  const DescriptorType& bl = sm50("TIC.BLOCKLINEAR");
  core::DiagSink sink;
  const std::pair<std::string, std::string> set[] = {{"ADDRESS", "0x12345678a00"}};
  auto bytes = encode(bl, set, sink);
  ASSERT_TRUE(bytes);
  EXPECT_EQ(composite_value(bl, *bytes, "ADDRESS"), 0x12345678a00u);
  const FieldDesc& lo = *bl.find_field("ADDRESS_BITS31TO9");
  const FieldDesc& hi = *bl.find_field("ADDRESS_BITS47TO32");
  EXPECT_EQ(get_bits(*bytes, lo.hi, lo.lo), 0x345678a00u >> 9 & lo.max_raw());
  EXPECT_EQ(get_bits(*bytes, hi.hi, hi.lo), 0x123u);
  // Bits 8:0 are in no piece: a block-linear header cannot hold a 256-byte aligned address.
  const std::pair<std::string, std::string> unaligned[] = {{"ADDRESS", "0x100"}};
  EXPECT_FALSE(encode(bl, unaligned, sink));
  EXPECT_NE(sink.diagnostics().back().message.find("mask 0xfffffffffe00"), std::string::npos);
  // SM60 widened the address to 49 bits (ADDRESS_BITS48TO32).
  const DescriptorType& bl60 =
      *nvidia::find_type(*nvidia::find_platform("SM60"), "TIC.BLOCKLINEAR");
  const std::pair<std::string, std::string> high[] = {{"ADDRESS", "0x1000000000000"}};
  EXPECT_FALSE(encode(bl, high, sink));
  EXPECT_TRUE(encode(bl60, high, sink));
}

TEST(Fields, GenericRulesPassAndFail) {
  const DescriptorType& bl = sm50("TIC.BLOCKLINEAR");
  std::vector<uint8_t> bytes(32, 0);
  // Passing: COMPONENTS A8B8G8R8, data types UNORM (all fields' 0s name values or are uints).
  core::DiagSink ok;
  const std::pair<std::string, std::string> good[] = {{"COMPONENTS", "SIZES_A8B8G8R8"},
                                                      {"R_DATA_TYPE", "NUM_UNORM"},
                                                      {"G_DATA_TYPE", "NUM_UNORM"},
                                                      {"B_DATA_TYPE", "NUM_UNORM"},
                                                      {"A_DATA_TYPE", "NUM_UNORM"}};
  auto enc = encode(bl, good, ok);
  ASSERT_TRUE(enc);
  EXPECT_TRUE(validate(bl, *enc, ok)) << ok.diagnostics().front().message;
  // Failing: a reserved bit, an undefined enum value (COMPONENTS 0 names nothing on SM50).
  bytes = *enc;
  set_bits(bytes, 255, 248, 1);  // RESERVED7Y
  set_bits(bytes, 6, 0, 0);      // COMPONENTS
  core::DiagSink sink;
  EXPECT_FALSE(validate(bl, bytes, sink, core::BinaryLoc{"tic.bin", 64, 0, 0, false}));
  ASSERT_EQ(sink.diagnostics().size(), 2u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-ENUM");
  EXPECT_EQ(sink.diagnostics()[1].rule_id, "TIC-RESERVED");
  EXPECT_EQ(sink.diagnostics()[1].message,
            "TIC.BLOCKLINEAR RESERVED7Y MW(255:248) is reserved and must be 0, got 0x1");
  EXPECT_EQ(core::format_location(sink.diagnostics()[1].loc), "tic.bin+0x40[bits 255:248]");
  EXPECT_NE(sink.diagnostics()[1].citation.find("clb097tex.h"), std::string::npos);
}

TEST(Fields, BitFieldSizeSentinelsAreNotValues) {
  // TEXTURE_TYPE_TT_BIT_FIELD_SIZE (0xf) sizes the field; it is no texture type (decision DS2).
  const FieldDesc& tt = *sm50("TIC.BLOCKLINEAR").find_field("TEXTURE_TYPE");
  EXPECT_EQ(tt.find_value(0xf), nullptr);
  EXPECT_EQ(value_text(tt, 0xf), "0xf (undefined)");
  EXPECT_STREQ(std::string(value_text(tt, 1)).c_str(), "TWO_D");
}

TEST(Fields, PrintNamesEveryFieldAndTheSplitValues) {
  const DescriptorType& tsc = sm50("TSC");
  std::vector<uint8_t> bytes(32, 0);
  set_bits(bytes, 2, 0, 1);  // ADDRESS_U
  const std::string text = print(tsc, bytes);
  EXPECT_NE(text.find("ADDRESS_U"), std::string::npos);
  EXPECT_NE(text.find("TEXSAMP0[2:0]"), std::string::npos);
  size_t lines = 0;
  for (char c : text) lines += c == '\n';
  EXPECT_EQ(lines, tsc.fields.size());
}

// A hand-made table: the self-check finds overlaps, duplicates, bits outside and bad values.
constexpr EnumValue kBadValues[] = {{"A", 0}, {"A", 1}, {"BIG", 4}};
constexpr FieldDesc kBadFields[] = {
    {"X", "[3:0]", 3, 0, FieldKind::kUint, {}},
    {"Y", "[4:2]", 4, 2, FieldKind::kUint, {}},
    {"X", "[5:5]", 5, 5, FieldKind::kUint, {}},
    {"E", "[7:6]", 7, 6, FieldKind::kEnum, kBadValues},
    {"OUT", "[40:33]", 40, 33, FieldKind::kUint, {}},
};
constexpr DescriptorType kBad{"BAD", 4, kBadFields, "fields_test.cpp"};

TEST(Fields, SelfCheckFindsBrokenTables) {
  const auto problems = self_check(kBad);
  ASSERT_EQ(problems.size(), 6u);
  EXPECT_EQ(problems[0], "BAD Y overlaps X at bit 2");
  EXPECT_EQ(problems[1], "BAD Y overlaps X at bit 3");
  EXPECT_EQ(problems[2], "BAD X: twice");
  EXPECT_EQ(problems[3], "BAD E.A: twice");
  EXPECT_EQ(problems[4], "BAD E.BIG does not fit");
  EXPECT_EQ(problems[5], "BAD OUT: bits [40:33] outside the type");
}

}  // namespace
}  // namespace texsim::hwstate
