// Tests for hwstate/layout_validate: every LAYOUT-* rule with a failing and a passing case.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hwstate/layout.hpp"

namespace texsim::hwstate {
namespace {

using texunit::Format;
using texunit::SurfaceType;

PlacedSurface make(Tiling t, SurfaceType type = SurfaceType::k2D,
                   Format f = Format::kR8G8B8A8_UNORM, uint32_t w = 64, uint32_t h = 64) {
  PlacedSurface s;
  s.desc.type = type;
  s.desc.format = f;
  s.desc.width = w;
  s.desc.height = (type == SurfaceType::k1D || type == SurfaceType::k1DArray) ? 1 : h;
  s.tiling.tiling = t;
  return s;
}

// Rule ids reported (errors and warnings), in order.
std::vector<std::string> rules(const PlacedSurface& s) {
  core::DiagSink sink;
  const bool ok = validate_placement(s, sink);
  EXPECT_EQ(ok, !sink.has_errors());
  std::vector<std::string> out;
  for (const core::Diagnostic& d : sink.diagnostics()) {
    EXPECT_FALSE(d.citation.empty()) << d.rule_id;
    out.push_back(d.rule_id);
  }
  return out;
}
using Ids = std::vector<std::string>;

TEST(LayoutValidate, EveryLayoutAcceptsAPlainSurface) {
  for (Tiling t : {Tiling::kLinear, Tiling::kPitch, Tiling::kBlockLinear, Tiling::kTileY,
                   Tiling::kTile4, Tiling::kTile64}) {
    EXPECT_EQ(rules(make(t)), Ids{}) << tiling_name(t);
  }
}

TEST(LayoutValidate, SurfaceDescriptionRulesComeFirst) {
  PlacedSurface s = make(Tiling::kTileY);
  s.desc.width = 0;
  const Ids got = rules(s);
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got[0], "TEXUNIT-SURFACE-SIZE");
  EXPECT_EQ(got.size(), 1u);  // the layout rules are not run on a broken description
}

TEST(LayoutValidate, TiledBpp) {
  EXPECT_EQ(rules(make(Tiling::kTileY, SurfaceType::k2D, Format::kR32G32B32_FLOAT)),
            Ids{"LAYOUT-TILED-BPP"});
  EXPECT_EQ(rules(make(Tiling::kPitch, SurfaceType::k2D, Format::kR32G32B32_FLOAT)), Ids{});
  EXPECT_EQ(rules(make(Tiling::kBlockLinear, SurfaceType::k2D, Format::kR32G32B32_FLOAT)), Ids{});
}

TEST(LayoutValidate, Intel1dTiled) {
  EXPECT_EQ(rules(make(Tiling::kTile4, SurfaceType::k1D)), Ids{"LAYOUT-INTEL-1D-TILED"});
  EXPECT_EQ(rules(make(Tiling::kPitch, SurfaceType::k1D)), Ids{});
}

TEST(LayoutValidate, BaseAlign) {
  PlacedSurface s = make(Tiling::kTileY);
  s.base_address = 0x1000;
  EXPECT_EQ(rules(s), Ids{});
  s.base_address = 0x1800;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-BASE-ALIGN"});
  s.tiling.tiling = Tiling::kTile64;
  s.base_address = 0x1000;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-BASE-ALIGN"});
  s.base_address = 0x30000;
  EXPECT_EQ(rules(s), Ids{});
  s.tiling.tiling = Tiling::kBlockLinear;
  s.base_address = 0x200;
  EXPECT_EQ(rules(s), Ids{});
  s.base_address = 0x100;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-BASE-ALIGN"});
}

// Issue 27 (T64): Tile64 mips, 3D and multisampled surfaces are modelled; what is left unmodelled
// is a mip tail on a multisampled surface (isl: none), reported with its source.
TEST(LayoutValidate, Tile64Unmodelled) {
  PlacedSurface s = make(Tiling::kTile64, SurfaceType::k2DArray);
  s.desc.layers = 3;
  s.desc.mips = 7;
  EXPECT_EQ(rules(s), Ids{});
  PlacedSurface v = make(Tiling::kTile64, SurfaceType::k3D);
  v.desc.depth = 4;
  v.desc.mips = 3;
  EXPECT_EQ(rules(v), Ids{});
  PlacedSurface m = make(Tiling::kTile64);
  m.desc.samples = 16;
  EXPECT_EQ(rules(m), Ids{});
  m.tiling.miptail_start = 0;  // a one-level tail on a 16x surface
  EXPECT_EQ(rules(m), Ids{"LAYOUT-TILE64-UNMODELLED"});
  m.tiling.miptail_start = 1;  // >= the levels: no tail
  EXPECT_EQ(rules(m), Ids{});
}

// Mip Tail Start LOD: the first tail level must fit beside slot 0 (RGBA8: 64x128 of the 128x128
// tile; isl icl_std_y_2d_miptail_offset_el row 0, 32 bpb {64, 0}). 256x256: level 2 (64x64) is
// the first that fits; 15 (or any value >= the levels) means no tail.
TEST(LayoutValidate, Tile64MipTail) {
  PlacedSurface s = make(Tiling::kTile64, SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 256, 256);
  s.desc.mips = 9;
  s.tiling.miptail_start = 1;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-TILE64-MIPTAIL"});
  for (uint32_t start : {2u, 5u, 8u, 9u, 15u}) {
    s.tiling.miptail_start = start;
    EXPECT_EQ(rules(s), Ids{}) << start;
  }
  // 3D RGBA8: tile 32x32x16, slot 0 {16, 0, 0}: a 32x8x8 level does not fit, 16x4x4 does.
  PlacedSurface v = make(Tiling::kTile64, SurfaceType::k3D, Format::kR8G8B8A8_UNORM, 32, 8);
  v.desc.depth = 8;
  v.desc.mips = 3;
  v.tiling.miptail_start = 0;
  EXPECT_EQ(rules(v), Ids{"LAYOUT-TILE64-MIPTAIL"});
  v.tiling.miptail_start = 1;
  EXPECT_EQ(rules(v), Ids{});
}

// QPitch of a Tile64 surface whose slices span several tiles is a tile multiple (RGBA8: 128 rows).
TEST(LayoutValidate, Tile64QPitch) {
  PlacedSurface s = make(Tiling::kTile64, SurfaceType::k2DArray);
  s.desc.layers = 2;
  s.tiling.qpitch = 132;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-QPITCH"});
  s.tiling.qpitch = 256;
  EXPECT_EQ(rules(s), Ids{});
  // 4x: the four samples share one tile, QPitch is not used; 8x: two tile rows of samples.
  PlacedSurface m = make(Tiling::kTile64);
  m.desc.samples = 4;
  m.tiling.qpitch = 68;
  EXPECT_EQ(rules(m), Ids{});
  m.desc.samples = 8;
  EXPECT_EQ(rules(m), Ids{"LAYOUT-QPITCH"});
}

TEST(LayoutValidate, Alignments) {
  PlacedSurface s = make(Tiling::kTile4);
  s.tiling.halign = 128;
  s.tiling.valign = 16;
  EXPECT_EQ(rules(s), Ids{});
  s.tiling.halign = 6;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-HALIGN"});
  s.tiling.halign = 4;
  s.tiling.valign = 32;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-VALIGN"});
}

TEST(LayoutValidate, Pitch) {
  PlacedSurface s = make(Tiling::kPitch);
  s.tiling.row_pitch = 260;
  EXPECT_EQ(rules(s), Ids{});
  s.tiling.row_pitch = 252;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-PITCH-SMALL"});
  s.tiling.row_pitch = 258;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-PITCH-ALIGN"});
  PlacedSurface t = make(Tiling::kTileY);
  t.tiling.row_pitch = 384;
  EXPECT_EQ(rules(t), Ids{});
  t.tiling.row_pitch = 320;
  EXPECT_EQ(rules(t), Ids{"LAYOUT-PITCH-ALIGN"});
}

TEST(LayoutValidate, QPitch) {
  PlacedSurface s = make(Tiling::kTileY, SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 16, 10);
  s.desc.layers = 2;
  s.tiling.qpitch = 12;
  EXPECT_EQ(rules(s), Ids{});
  s.tiling.qpitch = 8;  // below the 10 rows of a slice
  EXPECT_EQ(rules(s), Ids{"LAYOUT-QPITCH"});
  s.tiling.qpitch = 14;  // not a multiple of VALIGN 4
  EXPECT_EQ(rules(s), Ids{"LAYOUT-QPITCH"});
  PlacedSurface v = make(Tiling::kTileY, SurfaceType::k3D, Format::kR8G8B8A8_UNORM, 16, 10);
  v.desc.depth = 2;
  v.tiling.qpitch = 32;
  EXPECT_EQ(rules(v), Ids{});
  v.tiling.qpitch = 12;  // 3D tiled: a multiple of the 32-row tile
  EXPECT_EQ(rules(v), Ids{"LAYOUT-QPITCH"});
}

TEST(LayoutValidate, BlockLinearGobs) {
  PlacedSurface s = make(Tiling::kBlockLinear);
  s.tiling.block_height_log2 = 5;
  s.tiling.block_depth_log2 = 5;
  EXPECT_EQ(rules(s), Ids{});
  s.tiling.block_height_log2 = 6;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-BL-GOBS"});
  s.tiling.block_height_log2 = 0;
  s.tiling.block_width_log2 = 1;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-BL-GOBS-WIDTH"});  // a warning: the placement is usable
}

TEST(LayoutValidate, BlockLinearMsaa16) {
  PlacedSurface s = make(Tiling::kBlockLinear);
  s.desc.samples = 8;
  EXPECT_EQ(rules(s), Ids{});
  s.desc.samples = 16;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-BL-MSAA16"});
}

TEST(LayoutValidate, BlockLinearArrayPitch) {
  PlacedSurface s =
      make(Tiling::kBlockLinear, SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 64, 64);
  s.desc.layers = 2;
  s.tiling.array_pitch = 16384;  // what the hardware derives (one 256 B x 64 row level)
  EXPECT_EQ(rules(s), Ids{});
  s.tiling.array_pitch = 8192;
  EXPECT_EQ(rules(s), Ids{"LAYOUT-BL-ARRAY-PITCH"});
  s.tiling.array_pitch = 32768;
  core::DiagSink sink;
  EXPECT_TRUE(validate_placement(s, sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].severity, core::Severity::kWarning);
}

}  // namespace
}  // namespace texsim::hwstate
