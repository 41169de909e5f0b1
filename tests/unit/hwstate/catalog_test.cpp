// The descriptor catalog (hwstate/catalog.*): every platform once, type resolution by name and
// by a TIC's HEADER_VERSION, the unknown-type diagnostic, and vendor validation dispatch.
#include "hwstate/catalog.hpp"

#include <gtest/gtest.h>

#include <set>

#include "hwstate/nvidia_tex.hpp"

namespace texsim::hwstate {
namespace {

TEST(Catalog, EveryPlatformOnce) {
  std::set<std::string_view> names;
  for (const CatalogPlatform& p : catalog()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name;
    if (p.vendor != "NVIDIA") {
      EXPECT_EQ(p.types.size(), 3u);
      continue;
    }
    const auto& np = *nvidia::find_platform(p.name);
    const bool v1 = nvidia::has_family(np, nvidia::TicFamily::kV1);
    const bool v2 = nvidia::has_family(np, nvidia::TicFamily::kV2);
    EXPECT_EQ(p.types.size(), v1 && v2 ? nvidia::kTypesV1V2
                              : v1     ? nvidia::kTypesV1
                                       : nvidia::kTypesV2)
        << p.name;
  }
  EXPECT_EQ(names.size(), nvidia::platforms().size() + 4);  // + SKL, TGLLP, DG2, PVC
  EXPECT_NE(find_catalog_platform("sm75"), nullptr);
  EXPECT_EQ(find_catalog_platform("tgllp")->vendor, "Intel");
  EXPECT_EQ(find_catalog_platform("skl")->source, "Mesa src/intel/genxml/gen9.xml");
  EXPECT_EQ(find_catalog_platform("DG2")->source, "Mesa src/intel/genxml/gen125.xml");
  // One gen125.xml for DG2 and PVC (decision IS1): the same tables.
  EXPECT_EQ(find_catalog_platform("PVC")->types.data(), find_catalog_platform("DG2")->types.data());
  EXPECT_NE(find_catalog_platform("SKL")->types.data(),
            find_catalog_platform("TGLLP")->types.data());
  EXPECT_EQ(find_catalog_platform("ICLLP"), nullptr);  // no gen11 tables
}

TEST(Catalog, TicResolvesFromTheBytes) {
  const CatalogPlatform& p = *find_catalog_platform("SM52");
  std::vector<uint8_t> e(32, 0);
  set_bits(e, 87, 85, 2);  // SELECT_PITCH
  core::DiagSink sink;
  const DescriptorType* t = resolve_type(p, "tic", e, sink);
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->name, "TIC.PITCH");
  EXPECT_EQ(resolve_type(p, "tsc", {}, sink)->name, "TSC");
  EXPECT_TRUE(sink.diagnostics().empty());
}

TEST(Catalog, UnknownTypeNamesTheTypes) {
  core::DiagSink sink;
  EXPECT_EQ(resolve_type(*find_catalog_platform("SM50"), "TIC.PITCHES", {}, sink), nullptr);
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "DESC-TYPE");
  EXPECT_EQ(
      sink.diagnostics()[0].message,
      "SM50 has no descriptor type TIC.PITCHES (TIC.BLOCKLINEAR, TIC.BLOCKLINEAR_COLOR_KEY, "
      "TIC.ONE_D_BUFFER, TIC.PITCH, TIC.PITCH_COLOR_KEY, TSC, or TIC, TIC.V1, TIC.V2 from the "
      "bytes)");
}

// TIC.V1 / TIC.V2 resolve in that family (the pool's SET_TEXTURE_HEADER_VERSION, decision TV1):
// the same bytes are a V1 block-linear header and a V2 pitch one on Hopper; Blackwell's plain
// TIC is V2 and it has no V1.
TEST(Catalog, TicFamiliesResolveFromTheirOwnBits) {
  std::vector<uint8_t> e(32, 0);
  set_bits(e, 87, 85, 3);    // V1 SELECT_BLOCKLINEAR
  set_bits(e, 127, 124, 2);  // V2 SELECT_PITCH_V2
  core::DiagSink sink;
  const CatalogPlatform& h = *find_catalog_platform("SM90");
  EXPECT_EQ(resolve_type(h, "TIC", e, sink)->name, "TIC.BLOCKLINEAR");
  EXPECT_EQ(resolve_type(h, "tic.v1", e, sink)->name, "TIC.BLOCKLINEAR");
  EXPECT_EQ(resolve_type(h, "TIC.V2", e, sink)->name, "TIC.V2.PITCH");
  EXPECT_EQ(resolve_type(*find_catalog_platform("SM120"), "TIC", e, sink)->name, "TIC.V2.PITCH");
  EXPECT_TRUE(sink.diagnostics().empty());
  EXPECT_EQ(resolve_type(*find_catalog_platform("SM120"), "TIC.V1", e, sink), nullptr);
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "TIC-HEADER_VERSION");
}

TEST(Catalog, ValidationIncludesTheVendorRules) {
  // A pitch header whose HEADER_VERSION says block-linear: only the NVIDIA rule sees it.
  const CatalogPlatform& p = *find_catalog_platform("SM50");
  core::DiagSink unused;
  const DescriptorType& pitch = *resolve_type(p, "TIC.PITCH", {}, unused);
  core::DiagSink sink;
  const std::pair<std::string, std::string> set[] = {
      {"COMPONENTS", "SIZES_R8"},   {"R_DATA_TYPE", "NUM_UNORM"},
      {"G_DATA_TYPE", "NUM_UNORM"}, {"B_DATA_TYPE", "NUM_UNORM"},
      {"A_DATA_TYPE", "NUM_UNORM"}, {"HEADER_VERSION", "SELECT_BLOCKLINEAR"}};
  const auto bytes = encode(pitch, set, sink);
  ASSERT_TRUE(bytes);
  EXPECT_TRUE(validate(pitch, *bytes, sink));
  EXPECT_FALSE(validate_descriptor(p, pitch, *bytes, sink));
  EXPECT_EQ(sink.diagnostics().back().rule_id, "TIC-HEADER_VERSION");
}

}  // namespace
}  // namespace texsim::hwstate
