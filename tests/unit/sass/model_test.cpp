// Table self-checks of the SASS model: encodings unique and as the spec lists them, the HW note
// on Ra/Rb sizes, write-mask tables, paramA names, destination layouts.
#include "isa/sass/model.hpp"

#include <gtest/gtest.h>

#include <set>

namespace texsim::isa::sass {
namespace {

TEST(SassModel, LegalEncodingsAreTheSpecsNine) {
  std::set<unsigned> encs;
  for (const auto& r : tlds_encodings()) encs.insert(r.encoding);
  EXPECT_EQ(encs, (std::set<unsigned>{0, 1, 2, 4, 5, 6, 7, 8, 12}));
  EXPECT_EQ(tlds_encodings().size(), 9u);
}

TEST(SassModel, HwNoteBit2IsVec2RaBit3IsVec2Rb) {
  // sass-tlds.md HW note: bit [2] of the field = Ra is vec2, bit [3] = Rb is vec2.
  for (const auto& r : tlds_encodings()) {
    EXPECT_EQ((r.encoding >> 2) & 1u, r.ra_count == 2 ? 1u : 0u) << int(r.encoding);
    EXPECT_EQ((r.encoding >> 3) & 1u, r.rb_count == 2 ? 1u : 0u) << int(r.encoding);
  }
}

TEST(SassModel, CombinationsAreUnique) {
  for (const auto& a : tlds_encodings()) {
    EXPECT_EQ(tlds_encoding_for(a.param_a, a.lod, a.aoffi, a.ms), &a);
    EXPECT_EQ(tlds_encoding(a.encoding), &a);
  }
  EXPECT_EQ(tlds_encoding(3), nullptr);
  EXPECT_EQ(tlds_encoding_for(ParamA::k3D, Lod::kLL, false, false), nullptr);
  EXPECT_EQ(tlds_encoding_for(ParamA::kArray2D, Lod::kLZ, false, true), nullptr);
}

TEST(SassModel, WriteMaskTablesFollowTheEncodingTable) {
  // Spec README item 9: RGB=0, RGA=1, RBA=2, GBA=3, RGBA=4.
  const auto m = write_masks_34c();
  ASSERT_EQ(m.size(), 5u);
  EXPECT_EQ(m[2].name, "RBA");
  EXPECT_EQ(m[2].components, 0x1 | 0x4 | 0x8);
  EXPECT_EQ(m[3].name, "GBA");
  EXPECT_EQ(m[3].components, 0x2 | 0x4 | 0x8);
  std::set<std::string_view> names;
  for (const auto& w : write_masks_2c()) names.insert(w.name);
  for (const auto& w : write_masks_34c()) names.insert(w.name);
  EXPECT_EQ(names.size(), 13u);
  for (const auto& w : write_masks_2c()) {
    EXPECT_EQ(mask_name_of(w.components), w.name);
    EXPECT_EQ(mask_components_from_name(w.name), w.components);
  }
  for (const auto& w : write_masks_34c()) {
    EXPECT_EQ(mask_name_of(w.components), w.name);
    EXPECT_EQ(mask_components_from_name(w.name), w.components);
  }
  EXPECT_EQ(mask_components_from_name("RB"), 0x5);
  EXPECT_EQ(mask_components_from_name("GB"), 0x6);
  EXPECT_EQ(mask_components_from_name("XY"), std::nullopt);
}

TEST(SassModel, ParamANames) {
  for (const auto& p : param_a_table()) EXPECT_EQ(param_a_from_name(p.name), p.id);
  EXPECT_FALSE(param_a_info(ParamA::kArray2D).reserved);
  EXPECT_TRUE(param_a_info(ParamA::kCube).reserved);
  EXPECT_TRUE(param_a_info(ParamA::kArray1D).reserved);
  EXPECT_TRUE(param_a_info(ParamA::kArray3D).reserved);
  EXPECT_TRUE(param_a_info(ParamA::kArrayCube).reserved);
  EXPECT_EQ(param_a_from_name("2d"), std::nullopt);
}

TEST(SassModel, DestLayouts) {
  // FP32: Rd0, Rd0+1, Rd1, Rd1+1; F16: Rd0 (lo, hi), Rd1 (lo, hi).
  auto l = dest_layout(0xf, false);
  EXPECT_EQ(l.rd0_regs, 2);
  EXPECT_EQ(l.rd1_regs, 2);
  l = dest_layout(0xd, false);  // RBA
  EXPECT_EQ(l.rd0_regs, 2);
  EXPECT_EQ(l.rd1_regs, 1);
  EXPECT_EQ(l.order[0], 0);
  EXPECT_EQ(l.order[1], 2);
  EXPECT_EQ(l.order[2], 3);
  l = dest_layout(0x8, false);
  EXPECT_EQ(l.rd0_regs, 1);
  EXPECT_EQ(l.rd1_regs, 0);
  l = dest_layout(0xf, true);
  EXPECT_EQ(l.rd0_regs, 1);
  EXPECT_EQ(l.rd1_regs, 1);
  l = dest_layout(0x9, true);  // RA
  EXPECT_EQ(l.rd0_regs, 1);
  EXPECT_EQ(l.rd1_regs, 0);
}

}  // namespace
}  // namespace texsim::isa::sass
