// NVIDIA TIC/TSC per platform (hwstate/nvidia_tex.*): the platform rows, header-version
// selection, and each TIC/TSC rule's passing and failing case.
#include "hwstate/nvidia_tex.hpp"

#include <gtest/gtest.h>

namespace texsim::hwstate::nvidia {
namespace {

std::vector<uint8_t> entry(const DescriptorType& t,
                           std::vector<std::pair<std::string, std::string>> set) {
  core::DiagSink sink;
  auto bytes = encode(t, set, sink);
  EXPECT_TRUE(bytes) << (sink.diagnostics().empty() ? "" : sink.diagnostics().front().message);
  return bytes.value_or(std::vector<uint8_t>(32, 0));
}

const Platform& sm(std::string_view name) {
  return *find_platform(name);
}

TEST(NvidiaTex, PlatformsNameTheirClassHeaders) {
  EXPECT_EQ(sm("sm50").header, "clb097tex.h");
  EXPECT_EQ(sm("SM75").header, "clc597tex.h");
  EXPECT_EQ(sm("SM90").class_name, "HOPPER_A");
  EXPECT_EQ(find_platform("SM99"), nullptr);
  EXPECT_EQ(sm("SM100").class_name, "BLACKWELL_A");
  EXPECT_EQ(sm("SM120").header, "clce97tex.h");
  for (const Platform& p : platforms()) {
    // Maxwell..Ada: V1 only; Hopper: both families; Blackwell: V2 only (decision TV1).
    const bool v1 = has_family(p, TicFamily::kV1);
    const bool v2 = has_family(p, TicFamily::kV2);
    EXPECT_EQ(v2, p.name == "SM90" || p.name == "SM100" || p.name == "SM120") << p.name;
    EXPECT_EQ(v1, p.name != "SM100" && p.name != "SM120") << p.name;
    EXPECT_EQ(p.types.size(), v1 && v2 ? kTypesV1V2 : v1 ? kTypesV1 : kTypesV2) << p.name;
    EXPECT_EQ(default_family(p), v1 ? TicFamily::kV1 : TicFamily::kV2) << p.name;
    EXPECT_EQ(tsc_type(p).name, "TSC");
    for (const DescriptorType& t : p.types)
      EXPECT_NE(t.citation.find(p.header), std::string_view::npos) << p.name << " " << t.name;
  }
}

TEST(NvidiaTex, TheSourcesDifferBetweenGenerations) {
  // Pascal widened addresses to 49 bits and Maxwell B dropped SPARSE_ENABLE (clb197tex.h has
  // RESERVED3Y there); Maxwell B added TSC REDUCTION_FILTER.
  EXPECT_NE(find_type(sm("SM50"), "TIC.BLOCKLINEAR")->find_field("ADDRESS_BITS47TO32"), nullptr);
  EXPECT_NE(find_type(sm("SM60"), "TIC.BLOCKLINEAR")->find_field("ADDRESS_BITS48TO32"), nullptr);
  EXPECT_NE(find_type(sm("SM50"), "TIC.BLOCKLINEAR")->find_field("SPARSE_ENABLE"), nullptr);
  EXPECT_EQ(find_type(sm("SM52"), "TIC.BLOCKLINEAR")->find_field("SPARSE_ENABLE"), nullptr);
  EXPECT_EQ(tsc_type(sm("SM50")).find_field("REDUCTION_FILTER"), nullptr);
  EXPECT_NE(tsc_type(sm("SM52")).find_field("REDUCTION_FILTER"), nullptr);
}

TEST(NvidiaTex, HeaderVersionSelectsTheType) {
  const Platform& p = sm("SM50");
  const std::pair<uint32_t, std::string_view> cases[] = {{0, "TIC.ONE_D_BUFFER"},
                                                         {1, "TIC.PITCH_COLOR_KEY"},
                                                         {2, "TIC.PITCH"},
                                                         {3, "TIC.BLOCKLINEAR"},
                                                         {4, "TIC.BLOCKLINEAR_COLOR_KEY"}};
  for (const auto& [version, name] : cases) {
    std::vector<uint8_t> e(32, 0);
    set_bits(e, 87, 85, version);
    core::DiagSink sink;
    const DescriptorType* t = tic_type(p, e, sink);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(t->name, name);
    EXPECT_EQ(tic_header_version(e), version);
  }
  std::vector<uint8_t> e(32, 0);
  set_bits(e, 87, 85, 5);
  core::DiagSink sink;
  EXPECT_EQ(tic_type(p, e, sink), nullptr);
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-HEADER_VERSION");
}

TEST(NvidiaTex, V2HeaderVersionSelectsTheType) {
  // MW(127:124): SELECT_PITCH_COLOR_KEY_V2 = 1 .. SELECT_ONE_D_STRUCT_BUF = 6; 0 and 7..15 name
  // none. Hopper reads a pool as V2 when asked (SET_TEXTURE_HEADER_VERSION 2), Blackwell always.
  const std::pair<uint32_t, std::string_view> cases[] = {
      {1, "TIC.V2.PITCH_COLOR_KEY"}, {2, "TIC.V2.PITCH"},
      {3, "TIC.V2.BLOCKLINEAR"},     {4, "TIC.V2.BLOCKLINEAR_COLOR_KEY"},
      {5, "TIC.V2.ONE_D_RAW_TYPED"}, {6, "TIC.V2.ONE_D_STRUCT_BUF"}};
  for (const char* name : {"SM90", "SM100", "SM120"})
    for (const auto& [version, type] : cases) {
      std::vector<uint8_t> e(32, 0);
      set_bits(e, 127, 124, version);
      core::DiagSink sink;
      const DescriptorType* t = tic_type(sm(name), e, sink, {}, TicFamily::kV2);
      ASSERT_NE(t, nullptr) << name << " " << version;
      EXPECT_EQ(t->name, type);
      EXPECT_EQ(family_of(*t), TicFamily::kV2);
      EXPECT_EQ(tic_header_version(e, TicFamily::kV2), version);
      if (std::string_view(name) != "SM90") {
        EXPECT_EQ(tic_type(sm(name), e, sink), t);  // Blackwell's plain TIC is V2
      } else {
        const DescriptorType* v1 = tic_type(sm(name), e, sink);  // Hopper's default: V1
        ASSERT_NE(v1, nullptr);
        EXPECT_EQ(v1->name, "TIC.ONE_D_BUFFER");  // MW(87:85) 0
      }
      EXPECT_TRUE(sink.diagnostics().empty());
    }
  for (uint32_t bad : {0u, 7u, 15u}) {
    std::vector<uint8_t> e(32, 0);
    set_bits(e, 127, 124, bad);
    core::DiagSink sink;
    EXPECT_EQ(tic_type(sm("SM120"), e, sink), nullptr);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-HEADER_VERSION");
    EXPECT_EQ(sink.diagnostics()[0].message,
              "HEADER_VERSION " + std::to_string(bad) +
                  " names no texture header version of SM120 V2 (1..6, MW(127:124))");
  }
  // A family the platform lacks: V2 before Hopper, V1 on Blackwell.
  for (const auto& [name, family] :
       {std::pair{"SM75", TicFamily::kV2}, std::pair{"SM100", TicFamily::kV1}}) {
    core::DiagSink sink;
    EXPECT_EQ(tic_type(sm(name), std::vector<uint8_t>(32, 0), sink, {}, family), nullptr);
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-HEADER_VERSION");
    EXPECT_NE(sink.diagnostics()[0].message.find("has no"), std::string::npos);
  }
}

// Every field of every V2 type, on each platform that has them: its largest value (or each
// named value) encoded by name alone decodes to that value in that field and 0 elsewhere.
TEST(NvidiaTex, EveryV2FieldRoundTrips) {
  size_t checked = 0;
  for (const char* name : {"SM90", "SM100", "SM120"})
    for (const DescriptorType& t : sm(name).types) {
      if (!t.name.starts_with("TIC.V2.")) continue;
      for (const FieldDesc& f : t.fields) {
        std::vector<uint64_t> raws;
        for (const EnumValue& v : f.values) raws.push_back(v.value);
        if (raws.empty()) raws = {f.max_raw(), 1};
        for (uint64_t raw : raws) {
          const std::string text = value_text(f, raw);
          const auto bytes = entry(t, {{std::string(f.name), text}});
          for (const FieldValue& got : decode(t, bytes))
            EXPECT_EQ(got.raw, got.field == &f ? raw : 0)
                << name << " " << t.name << " " << f.name << "=" << text << ": " << got.field->name;
          ++checked;
        }
      }
    }
  EXPECT_GT(checked, 3u * (52 + 48 + 17 + 14 + 45 + 41));
  // The field counts of open-gpu-doc c8607fe's V2 sections.
  const std::pair<std::string_view, size_t> counts[] = {
      {"TIC.V2.BLOCKLINEAR", 52},     {"TIC.V2.BLOCKLINEAR_COLOR_KEY", 48},
      {"TIC.V2.ONE_D_RAW_TYPED", 17}, {"TIC.V2.ONE_D_STRUCT_BUF", 14},
      {"TIC.V2.PITCH", 45},           {"TIC.V2.PITCH_COLOR_KEY", 41}};
  for (const auto& [type, n] : counts) EXPECT_EQ(find_type(sm("SM120"), type)->fields.size(), n);
  // Composites: the 57-bit block-linear address, the pitch in bits 21..5.
  const DescriptorType& bl = *find_type(sm("SM90"), "TIC.V2.BLOCKLINEAR");
  EXPECT_EQ(composite_value(bl, entry(bl, {{"ADDRESS", "0x1fffffffffffe00"}}), "ADDRESS"),
            0x1fffffffffffe00u);
  const DescriptorType& pitch = *find_type(sm("SM90"), "TIC.V2.PITCH");
  EXPECT_EQ(composite_value(pitch, entry(pitch, {{"PITCH", "0x3fffe0"}}), "PITCH"), 0x3fffe0u);
}

std::vector<std::pair<std::string, std::string>> good_v2(std::string_view version) {
  return {{"COMPONENTS", "SIZES_A8B8G8R8"},
          {"DATA_TYPE", "TEX_DATA_TYPE_UNORM"},
          {"HEADER_VERSION", std::string(version)},
          {"TEXTURE_TYPE", "TWO_D"},
          {"MAX_MIP_LEVEL", "3"},
          {"RES_VIEW_MAX_MIP_LEVEL", "3"}};
}

// The TIC rules on V2 fields (decision DS3): view levels, multisampling, HEADER_VERSION.
TEST(NvidiaTex, V2RulesPassAndFail) {
  for (const auto& [type, version] : {std::pair{"TIC.V2.BLOCKLINEAR", "SELECT_BLOCKLINEAR_V2"},
                                      std::pair{"TIC.V2.PITCH", "SELECT_PITCH_V2"}}) {
    const DescriptorType& t = *find_type(sm("SM120"), type);
    core::DiagSink ok;
    auto set = good_v2(version);
    set.push_back({"MULTI_SAMPLE_COUNT", "MODE_2X2"});
    EXPECT_TRUE(validate_entry(t, entry(t, set), ok)) << type;
    EXPECT_TRUE(ok.diagnostics().empty());
    const std::pair<std::string, std::string> breaks[] = {
        {"RES_VIEW_MIN_MIP_LEVEL", "4"},
        {"TEXTURE_TYPE", "THREE_D"},
        {"HEADER_VERSION", "SELECT_PITCH_COLOR_KEY_V2"}};
    const std::string_view rules[] = {"TIC-VIEW_LEVELS", "TIC-MULTI_SAMPLE", "TIC-HEADER_VERSION"};
    for (size_t i = 0; i < 3; ++i) {
      auto bad = set;
      bad.push_back(breaks[i]);
      core::DiagSink sink;
      EXPECT_FALSE(validate_entry(t, entry(t, bad), sink)) << type << " " << breaks[i].first;
      ASSERT_EQ(sink.diagnostics().size(), 1u) << type << " " << breaks[i].first;
      EXPECT_EQ(sink.diagnostics()[0].rule_id, rules[i]);
    }
  }
  const DescriptorType& pitch = *find_type(sm("SM90"), "TIC.V2.PITCH");
  core::DiagSink sink;
  EXPECT_FALSE(validate_entry(pitch, entry(pitch, good_v2("SELECT_BLOCKLINEAR_V2")), sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].message,
            "TIC.V2.PITCH bytes hold HEADER_VERSION 3 (TIC.V2.BLOCKLINEAR)");
}

std::vector<std::pair<std::string, std::string>> good_bl() {
  return {{"COMPONENTS", "SIZES_A8B8G8R8"}, {"R_DATA_TYPE", "NUM_UNORM"},
          {"G_DATA_TYPE", "NUM_UNORM"},     {"B_DATA_TYPE", "NUM_UNORM"},
          {"A_DATA_TYPE", "NUM_UNORM"},     {"HEADER_VERSION", "SELECT_BLOCKLINEAR"},
          {"TEXTURE_TYPE", "TWO_D"},        {"MAX_MIP_LEVEL", "3"},
          {"RES_VIEW_MAX_MIP_LEVEL", "3"}};
}

TEST(NvidiaTex, ValidEntryPasses) {
  const DescriptorType& bl = *find_type(sm("SM50"), "TIC.BLOCKLINEAR");
  core::DiagSink sink;
  EXPECT_TRUE(validate_entry(bl, entry(bl, good_bl()), sink));
  EXPECT_TRUE(sink.diagnostics().empty());
}

TEST(NvidiaTex, HeaderVersionMustMatchTheType) {
  const DescriptorType& pitch = *find_type(sm("SM50"), "TIC.PITCH");
  auto set = good_bl();  // HEADER_VERSION 3 (block-linear) decoded as a pitch header
  set.erase(set.end() - 1);
  core::DiagSink sink;
  EXPECT_FALSE(validate_entry(pitch, entry(pitch, set), sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-HEADER_VERSION");
  EXPECT_EQ(sink.diagnostics()[0].message,
            "TIC.PITCH bytes hold HEADER_VERSION 3 (TIC.BLOCKLINEAR)");
}

TEST(NvidiaTex, ViewLevelsInsideTheResource) {
  const DescriptorType& bl = *find_type(sm("SM50"), "TIC.BLOCKLINEAR");
  for (const auto& [lo, hi] : {std::pair{"2", "1"}, std::pair{"0", "4"}}) {
    auto set = good_bl();
    set.push_back({"RES_VIEW_MIN_MIP_LEVEL", lo});
    set.back() = {"RES_VIEW_MIN_MIP_LEVEL", lo};
    set[8] = {"RES_VIEW_MAX_MIP_LEVEL", hi};
    core::DiagSink sink;
    EXPECT_FALSE(validate_entry(bl, entry(bl, set), sink)) << lo << " " << hi;
    ASSERT_EQ(sink.diagnostics().size(), 1u);
    EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-VIEW_LEVELS");
  }
}

TEST(NvidiaTex, MultisamplingOnlyOnTwoDTypes) {
  const DescriptorType& bl = *find_type(sm("SM50"), "TIC.BLOCKLINEAR");
  auto set = good_bl();
  set.push_back({"MULTI_SAMPLE_COUNT", "MODE_2X2"});
  core::DiagSink ok;
  EXPECT_TRUE(validate_entry(bl, entry(bl, set), ok));
  set.push_back({"TEXTURE_TYPE", "THREE_D"});
  core::DiagSink sink;
  EXPECT_FALSE(validate_entry(bl, entry(bl, set), sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-MULTI_SAMPLE");
  EXPECT_EQ(sink.diagnostics()[0].message,
            "MULTI_SAMPLE_COUNT MODE_2X2 needs TEXTURE_TYPE TWO_D, TWO_D_ARRAY or "
            "TWO_D_NO_MIPMAP, got THREE_D");
}

TEST(NvidiaTex, TscLodClampOrderWarns) {
  const DescriptorType& tsc = tsc_type(sm("SM50"));
  core::DiagSink ok;
  EXPECT_TRUE(validate_entry(tsc,
                             entry(tsc, {{"MIN_LOD_CLAMP", "1"},
                                         {"MAX_LOD_CLAMP", "2"},
                                         {"MAG_FILTER", "MAG_POINT"},
                                         {"MIN_FILTER", "MIN_POINT"},
                                         {"MIP_FILTER", "MIP_NONE"}}),
                             ok));
  EXPECT_TRUE(ok.diagnostics().empty());
  core::DiagSink sink;
  EXPECT_TRUE(validate_entry(tsc,
                             entry(tsc, {{"MIN_LOD_CLAMP", "2"},
                                         {"MAX_LOD_CLAMP", "1"},
                                         {"MAG_FILTER", "MAG_POINT"},
                                         {"MIN_FILTER", "MIN_POINT"},
                                         {"MIP_FILTER", "MIP_NONE"}}),
                             sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TSC-LOD_CLAMP");
  EXPECT_EQ(sink.diagnostics()[0].severity, core::Severity::kWarning);
}

TEST(NvidiaTex, AllZeroSamplerNamesNoFilter) {
  // MAG_FILTER, MIN_FILTER and MIP_FILTER have no value 0 (MAG_POINT = 1, ...).
  const DescriptorType& tsc = tsc_type(sm("SM50"));
  core::DiagSink sink;
  EXPECT_FALSE(validate_entry(tsc, std::vector<uint8_t>(32, 0), sink));
  ASSERT_EQ(sink.diagnostics().size(), 3u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TSC-ENUM");
}

TEST(NvidiaTex, UnnamedSamplerBitsWarn) {
  // TEXSAMP0[31:23] names nothing on Maxwell A (decision DS4).
  const DescriptorType& tsc = tsc_type(sm("SM50"));
  auto e = entry(tsc, {{"MAG_FILTER", "MAG_POINT"},
                       {"MIN_FILTER", "MIN_POINT"},
                       {"MIP_FILTER", "MIP_NONE"},
                       {"UNNAMED_31_23", "1"}});
  core::DiagSink sink;
  EXPECT_TRUE(validate_entry(tsc, e, sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TSC-UNNAMED");
  EXPECT_EQ(sink.diagnostics()[0].message,
            "TSC bits TEXSAMP0[31:23] hold 0x1; the source names no field there");
}

}  // namespace
}  // namespace texsim::hwstate::nvidia
