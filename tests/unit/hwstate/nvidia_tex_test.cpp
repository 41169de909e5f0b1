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
  for (const Platform& p : platforms()) {
    EXPECT_EQ(p.types.size(), kTypesPerClass);
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
