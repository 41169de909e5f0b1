// Tests for texunit/sampler: names of address modes, comparison functions and precision
// profiles round-trip (case-insensitively), and the profiles' documented defaults.
#include "texunit/sampler.hpp"

#include <gtest/gtest.h>

namespace texsim::texunit {
namespace {

TEST(SamplerNames, AddressModesRoundTrip) {
  for (int i = 0; i < 5; ++i) {
    const auto m = static_cast<AddressMode>(i);
    EXPECT_EQ(address_mode_from_name(address_mode_name(m)), m);
  }
  EXPECT_EQ(address_mode_name(AddressMode::kMirrorOnce), "mirror_once");
  EXPECT_EQ(address_mode_from_name("BORDER"), AddressMode::kBorder);
  EXPECT_EQ(address_mode_from_name("repeat"), std::nullopt);
}

TEST(SamplerNames, CompareFuncsRoundTrip) {
  for (int i = 0; i < 8; ++i) {
    const auto f = static_cast<CompareFunc>(i);
    EXPECT_EQ(compare_func_from_name(compare_func_name(f)), f);
  }
  EXPECT_EQ(compare_func_name(CompareFunc::kGreaterEqual), "greater_equal");
  EXPECT_EQ(compare_func_from_name("lequal"), std::nullopt);
}

TEST(SamplerNames, PrecisionProfiles) {
  for (PrecisionKind k : {PrecisionKind::kD3D, PrecisionKind::kExact, PrecisionKind::kLavapipe}) {
    EXPECT_EQ(precision_from_name(precision_name(k)), k);
  }
  EXPECT_EQ(precision_name(PrecisionKind::kD3D), "d3d");
  EXPECT_EQ(precision_from_name("Exact"), PrecisionKind::kExact);
  EXPECT_EQ(precision_from_name("fast"), std::nullopt);
}

TEST(PrecisionProfile, DefaultsAreTheD3DMinimums) {
  const PrecisionProfile p;
  EXPECT_EQ(p.kind, PrecisionKind::kD3D);
  EXPECT_EQ(p.subtexel_bits, 8u);  // §7.18.16.1
  EXPECT_EQ(p.lod_frac_bits, 8u);  // §7.18.10
  EXPECT_EQ(PrecisionProfile::exact().kind, PrecisionKind::kExact);
}

TEST(SamplerState, DefaultsFollowD3D) {
  const SamplerState s;
  EXPECT_EQ(s.max_anisotropy, 1.0f);
  EXPECT_FALSE(s.compare.has_value());
  EXPECT_TRUE(s.normalized_coords);
  EXPECT_EQ(s.reduction, Reduction::kWeightedAverage);
}

}  // namespace
}  // namespace texsim::texunit
