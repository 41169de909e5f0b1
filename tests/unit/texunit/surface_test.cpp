// Tests for texunit/surface: type names, mip arithmetic, every validation rule (failing and
// passing), the linear layout of every surface type (offsets hand-computed), MCS helpers, storage.
#include "texunit/surface.hpp"

#include <gtest/gtest.h>

#include <string>

namespace texsim::texunit {
namespace {

SurfaceDesc make(SurfaceType t, Format f, uint32_t w, uint32_t h = 1, uint32_t d = 1,
                 uint32_t layers = 1, uint32_t mips = 1, uint32_t samples = 1) {
  SurfaceDesc s;
  s.type = t;
  s.format = f;
  s.width = w;
  s.height = h;
  s.depth = d;
  s.layers = layers;
  s.mips = mips;
  s.samples = samples;
  return s;
}

// Rule ids reported for `d`, in order.
std::vector<std::string> rules_of(const SurfaceDesc& d, uint64_t max_bytes = uint64_t{4} << 30) {
  core::DiagSink sink;
  const bool ok = validate_surface_desc(d, sink, {}, max_bytes);
  EXPECT_EQ(ok, !sink.has_errors());
  std::vector<std::string> out;
  for (const auto& diag : sink.diagnostics()) out.push_back(diag.rule_id);
  return out;
}

std::string first_message(const SurfaceDesc& d, uint64_t max_bytes = uint64_t{4} << 30) {
  core::DiagSink sink;
  validate_surface_desc(d, sink, {}, max_bytes);
  return sink.diagnostics().empty() ? std::string() : sink.diagnostics()[0].message;
}

using V = std::vector<std::string>;

// ---------------------------------------------------------------- names and mip arithmetic

TEST(SurfaceType, NamesRoundTrip) {
  const SurfaceType all[] = {SurfaceType::k1D,       SurfaceType::k1DArray, SurfaceType::k2D,
                             SurfaceType::k2DArray,  SurfaceType::k3D,      SurfaceType::kCube,
                             SurfaceType::kCubeArray};
  for (SurfaceType t : all) EXPECT_EQ(surface_type_from_name(surface_type_name(t)), t);
  EXPECT_EQ(surface_type_name(SurfaceType::kCubeArray), "CUBE_ARRAY");
  EXPECT_EQ(surface_type_name(SurfaceType::k1DArray), "1D_ARRAY");
  EXPECT_EQ(surface_type_from_name("cube_array"), SurfaceType::kCubeArray);
  EXPECT_EQ(surface_type_from_name("2d"), SurfaceType::k2D);
  EXPECT_EQ(surface_type_from_name("2DARRAY"), std::nullopt);
  EXPECT_EQ(surface_type_from_name(""), std::nullopt);
}

TEST(SurfaceDesc, SlicesArrayAndDims) {
  EXPECT_EQ(make(SurfaceType::kCube, Format::kR8_UNORM, 4, 4).slices(), 6u);
  EXPECT_EQ(make(SurfaceType::kCubeArray, Format::kR8_UNORM, 4, 4, 1, 3).slices(), 18u);
  EXPECT_EQ(make(SurfaceType::k2DArray, Format::kR8_UNORM, 4, 4, 1, 5).slices(), 5u);
  EXPECT_TRUE(make(SurfaceType::k1DArray, Format::kR8_UNORM, 4).is_array());
  EXPECT_TRUE(make(SurfaceType::kCubeArray, Format::kR8_UNORM, 4, 4).is_array());
  EXPECT_FALSE(make(SurfaceType::kCube, Format::kR8_UNORM, 4, 4).is_array());
  EXPECT_FALSE(make(SurfaceType::k3D, Format::kR8_UNORM, 4, 4, 4).is_array());
  EXPECT_EQ(make(SurfaceType::k1D, Format::kR8_UNORM, 4).coord_dims(), 1u);
  EXPECT_EQ(make(SurfaceType::k1DArray, Format::kR8_UNORM, 4).coord_dims(), 1u);
  EXPECT_EQ(make(SurfaceType::k2DArray, Format::kR8_UNORM, 4).coord_dims(), 2u);
  EXPECT_EQ(make(SurfaceType::kCube, Format::kR8_UNORM, 4).coord_dims(), 2u);
  EXPECT_EQ(make(SurfaceType::k3D, Format::kR8_UNORM, 4).coord_dims(), 3u);
}

TEST(Mips, ExtentAndFullChain) {
  EXPECT_EQ(mip_extent(16, 0), 16u);
  EXPECT_EQ(mip_extent(5, 1), 2u);
  EXPECT_EQ(mip_extent(5, 3), 1u);
  EXPECT_EQ(mip_extent(0x80000000u, 31), 1u);
  EXPECT_EQ(mip_extent(0xffffffffu, 40), 1u);  // no shift past the width
  EXPECT_EQ(full_mip_count(0, 0, 0), 0u);
  EXPECT_EQ(full_mip_count(1, 1, 1), 1u);
  EXPECT_EQ(full_mip_count(16, 1, 1), 5u);
  EXPECT_EQ(full_mip_count(17, 3, 1), 5u);
  EXPECT_EQ(full_mip_count(1, 1, 2048), 12u);
  EXPECT_EQ(full_mip_count(16384, 16384, 1), 15u);
}

// ---------------------------------------------------------------- validation

TEST(Validate, PassingCasesEveryType) {
  EXPECT_EQ(rules_of(make(SurfaceType::k1D, Format::kR8_UNORM, 16384, 1, 1, 1, 15)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k1DArray, Format::kR8_UNORM, 64, 1, 1, 2048, 7)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 32, 1, 1, 7)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k2DArray, Format::kR8_UNORM, 8, 8, 1, 4, 2)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k3D, Format::kR8_UNORM, 2048, 1, 4, 1, 12)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::kCube, Format::kR8_UNORM, 16, 16, 1, 1, 5)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::kCubeArray, Format::kR8_UNORM, 4, 4, 1, 341)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 1, 1, 16)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k2DArray, Format::kR32_FLOAT, 4, 4, 1, 3, 1, 8)), V{});
  // BC: partial blocks at the edges are fine; any size, any chain.
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kBC1_UNORM, 5, 3, 1, 1, 3)), V{});
}

TEST(Validate, Size) {
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 0, 4)), V{"TEXUNIT-SURFACE-SIZE"});
  EXPECT_EQ(first_message(make(SurfaceType::k2D, Format::kR8_UNORM, 0, 4)),
            "width must be in [1, 16384], got 0 for a 2D surface");
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 16385)),
            V{"TEXUNIT-SURFACE-SIZE"});
  EXPECT_EQ(first_message(make(SurfaceType::k3D, Format::kR8_UNORM, 4, 4, 2049)),
            "depth must be in [1, 2048], got 2049 for a 3D surface");
  EXPECT_EQ(rules_of(make(SurfaceType::k3D, Format::kR8_UNORM, 2049, 4, 4)),
            V{"TEXUNIT-SURFACE-SIZE"});
  EXPECT_EQ(first_message(make(SurfaceType::k1D, Format::kR8_UNORM, 4, 2)),
            "height must be in [1, 1], got 2 for a 1D surface");
  EXPECT_EQ(first_message(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 2)),
            "depth must be in [1, 1], got 2 for a 2D surface");
  EXPECT_EQ(first_message(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 2)),
            "layers must be in [1, 1], got 2 for a 2D surface");
  EXPECT_EQ(first_message(make(SurfaceType::kCube, Format::kR8_UNORM, 4, 4, 1, 2)),
            "layers (cubes) must be in [1, 1], got 2 for a CUBE surface");
  EXPECT_EQ(first_message(make(SurfaceType::kCubeArray, Format::kR8_UNORM, 4, 4, 1, 342)),
            "layers (cubes) must be in [1, 341], got 342 for a CUBE_ARRAY surface");
  EXPECT_EQ(first_message(make(SurfaceType::k2DArray, Format::kR8_UNORM, 4, 4, 1, 2049)),
            "layers must be in [1, 2048], got 2049 for a 2D_ARRAY surface");
  EXPECT_EQ(rules_of(make(SurfaceType::k1DArray, Format::kR8_UNORM, 4, 1, 1, 0)),
            V{"TEXUNIT-SURFACE-SIZE"});
}

TEST(Validate, CubeSquare) {
  EXPECT_EQ(rules_of(make(SurfaceType::kCube, Format::kR8_UNORM, 8, 4)),
            V{"TEXUNIT-SURFACE-CUBE-SQUARE"});
  EXPECT_EQ(first_message(make(SurfaceType::kCubeArray, Format::kR8_UNORM, 8, 4, 1, 2)),
            "cube faces must be square: height must equal width (8), got 4");
  EXPECT_EQ(rules_of(make(SurfaceType::kCube, Format::kR8_UNORM, 8, 8)), V{});
}

TEST(Validate, Samples) {
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 1, 1, 3)),
            V{"TEXUNIT-SURFACE-SAMPLES"});
  EXPECT_EQ(first_message(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 1, 1, 32)),
            "samples must be one of 1, 2, 4, 8, 16, got 32");
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 1, 1, 0)),
            V{"TEXUNIT-SURFACE-SAMPLES"});
  for (uint32_t s : {1u, 2u, 4u, 8u, 16u}) {
    EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 1, 1, s)), V{}) << s;
  }
}

TEST(Validate, MsaaTypeMipsFormat) {
  EXPECT_EQ(rules_of(make(SurfaceType::k3D, Format::kR8_UNORM, 4, 4, 4, 1, 1, 4)),
            V{"TEXUNIT-SURFACE-MSAA-TYPE"});
  EXPECT_EQ(first_message(make(SurfaceType::kCube, Format::kR8_UNORM, 4, 4, 1, 1, 1, 2)),
            "samples > 1 requires a 2D or 2D_ARRAY surface, got CUBE with samples 2");
  EXPECT_EQ(rules_of(make(SurfaceType::k1D, Format::kR8_UNORM, 4, 1, 1, 1, 1, 2)),
            V{"TEXUNIT-SURFACE-MSAA-TYPE"});
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 1, 2, 4)),
            V{"TEXUNIT-SURFACE-MSAA-MIPS"});
  EXPECT_EQ(first_message(make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4, 1, 1, 3, 4)),
            "mips must be in [1, 1], got 3 for a surface with samples 4");
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kBC1_UNORM, 8, 8, 1, 1, 1, 4)),
            V{"TEXUNIT-SURFACE-MSAA-FORMAT"});
  EXPECT_EQ(rules_of(make(SurfaceType::k2DArray, Format::kR8_UNORM, 4, 4, 1, 2, 1, 4)), V{});
}

TEST(Validate, Mips) {
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 16, 4, 1, 1, 6)),
            V{"TEXUNIT-SURFACE-MIPS"});
  EXPECT_EQ(first_message(make(SurfaceType::k2D, Format::kR8_UNORM, 16, 4, 1, 1, 6)),
            "mips must be in [1, 5], got 6 for a 16x4x1 surface");
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8_UNORM, 16, 4, 1, 1, 0)),
            V{"TEXUNIT-SURFACE-MIPS"});
  // The chain follows the largest extent, including depth for 3D only.
  EXPECT_EQ(rules_of(make(SurfaceType::k3D, Format::kR8_UNORM, 2, 2, 16, 1, 5)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k1D, Format::kR8_UNORM, 16, 1, 1, 1, 5)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k1D, Format::kR8_UNORM, 16, 1, 1, 1, 6)),
            V{"TEXUNIT-SURFACE-MIPS"});
}

TEST(Validate, Budget) {
  // 4x4 RGBA8 = 64 bytes.
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 4, 4), 64), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 4, 4), 63),
            V{"TEXUNIT-SURFACE-BUDGET"});
  EXPECT_EQ(first_message(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 4, 4), 63),
            "surface size must be at most 63 bytes, got 64");
  // Samples multiply: 4x4 RGBA8 x4 = 256.
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 4, 4, 1, 1, 1, 4), 255),
            V{"TEXUNIT-SURFACE-BUDGET"});
  // The default budget is 4 GiB: 16384^2 RGBA32 is exactly 4 GiB; two layers are too many.
  EXPECT_EQ(rules_of(make(SurfaceType::k2D, Format::kR32G32B32A32_FLOAT, 16384, 16384)), V{});
  EXPECT_EQ(rules_of(make(SurfaceType::k2DArray, Format::kR32G32B32A32_FLOAT, 16384, 16384, 1, 2)),
            V{"TEXUNIT-SURFACE-BUDGET"});
}

TEST(Validate, BudgetOverflowIsSaturated) {
  const SurfaceDesc d = make(SurfaceType::k2DArray, Format::kR32G32B32A32_UINT, 0xffffffffu,
                             0xffffffffu, 1, 0xffffffffu);
  EXPECT_EQ(rules_of(d), (V{"TEXUNIT-SURFACE-SIZE", "TEXUNIT-SURFACE-SIZE", "TEXUNIT-SURFACE-SIZE",
                            "TEXUNIT-SURFACE-BUDGET"}));
  core::DiagSink sink;
  validate_surface_desc(d, sink);
  EXPECT_EQ(sink.diagnostics().back().message,
            "surface size must be at most 4294967296 bytes, got more than 2^64 - 1");
}

TEST(Validate, ReportsEveryProblemWithLocation) {
  const SurfaceDesc d = make(SurfaceType::kCube, Format::kR8_UNORM, 0, 3, 2, 2, 1, 3);
  core::DiagSink sink;
  const core::Location loc = core::TextLoc{"scene.json", 7, 5};
  EXPECT_FALSE(validate_surface_desc(d, sink, loc));
  // width, cube square, depth, layers, samples; samples > 1 on a cube also breaks MSAA-TYPE.
  EXPECT_EQ(rules_of(d),
            (V{"TEXUNIT-SURFACE-SIZE", "TEXUNIT-SURFACE-CUBE-SQUARE", "TEXUNIT-SURFACE-SIZE",
               "TEXUNIT-SURFACE-SIZE", "TEXUNIT-SURFACE-SAMPLES", "TEXUNIT-SURFACE-MSAA-TYPE"}));
  for (const auto& diag : sink.diagnostics()) {
    EXPECT_EQ(diag.severity, core::Severity::kError);
    EXPECT_EQ(core::format_location(diag.loc), "scene.json:7:5");
    EXPECT_FALSE(diag.citation.empty()) << diag.rule_id;
  }
}

TEST(Validate, BadFormatEnum) {
  SurfaceDesc d = make(SurfaceType::k2D, Format::kR8_UNORM, 4, 4);
  d.format = static_cast<Format>(0x7fff);
  EXPECT_EQ(rules_of(d), V{"TEXUNIT-SURFACE-FORMAT"});
}

// ---------------------------------------------------------------- layout

void expect_level(const LevelLayout& l, uint64_t offset, uint32_t w, uint32_t h, uint32_t d,
                  uint64_t row, uint64_t slice) {
  EXPECT_EQ(l.offset, offset);
  EXPECT_EQ(l.width, w);
  EXPECT_EQ(l.height, h);
  EXPECT_EQ(l.depth, d);
  EXPECT_EQ(l.row_pitch, row);
  EXPECT_EQ(l.slice_pitch, slice);
}

size_t ptr_offset(const Surface& s, uint32_t sample, uint32_t level, uint32_t slice, uint32_t x,
                  uint32_t y) {
  return static_cast<size_t>(s.texel_ptr(sample, level, slice, x, y) - s.bytes().data());
}

TEST(Layout, Full2DChain) {
  // RGBA8 8x4: 8x4 (128 B) 4x2 (32 B) 2x1 (8 B) 1x1 (4 B).
  const SurfaceLayout l =
      linear_layout(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 4, 1, 1, 4));
  ASSERT_EQ(l.levels.size(), 4u);
  expect_level(l.levels[0], 0, 8, 4, 1, 32, 128);
  expect_level(l.levels[1], 128, 4, 2, 1, 16, 32);
  expect_level(l.levels[2], 160, 2, 1, 1, 8, 8);
  expect_level(l.levels[3], 168, 1, 1, 1, 4, 4);
  EXPECT_EQ(l.sample_pitch, 172u);
  EXPECT_EQ(l.total_bytes, 172u);
}

TEST(Layout, PartialChain) {
  const SurfaceLayout l =
      linear_layout(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 4, 1, 1, 2));
  ASSERT_EQ(l.levels.size(), 2u);
  EXPECT_EQ(l.levels[1].offset, 128u);
  EXPECT_EQ(l.total_bytes, 160u);
}

TEST(Layout, OneD) {
  // R8 16 wide, full chain: 16 8 4 2 1 bytes.
  const SurfaceLayout l = linear_layout(make(SurfaceType::k1D, Format::kR8_UNORM, 16, 1, 1, 1, 5));
  ASSERT_EQ(l.levels.size(), 5u);
  expect_level(l.levels[0], 0, 16, 1, 1, 16, 16);
  expect_level(l.levels[1], 16, 8, 1, 1, 8, 8);
  expect_level(l.levels[2], 24, 4, 1, 1, 4, 4);
  expect_level(l.levels[3], 28, 2, 1, 1, 2, 2);
  expect_level(l.levels[4], 30, 1, 1, 1, 1, 1);
  EXPECT_EQ(l.total_bytes, 31u);
}

TEST(Layout, OneDArray) {
  // R16 8 wide, 2 layers, 2 mips: level 0 = 2 x 16 B, level 1 = 2 x 8 B.
  Surface s(make(SurfaceType::k1DArray, Format::kR16_UINT, 8, 1, 1, 2, 2));
  const SurfaceLayout& l = s.layout();
  expect_level(l.levels[0], 0, 8, 1, 1, 16, 16);
  expect_level(l.levels[1], 32, 4, 1, 1, 8, 8);
  EXPECT_EQ(l.total_bytes, 48u);
  EXPECT_EQ(s.bytes().size(), 48u);
  EXPECT_EQ(ptr_offset(s, 0, 0, 1, 3, 0), 16u + 6u);
  EXPECT_EQ(ptr_offset(s, 0, 1, 1, 2, 0), 32u + 8u + 4u);
}

TEST(Layout, TwoDArray) {
  // RGBA8 4x4, 3 layers, 2 mips: level 0 3 x 64 B; level 1 (2x2) 3 x 16 B at 192.
  Surface s(make(SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 4, 4, 1, 3, 2));
  const SurfaceLayout& l = s.layout();
  expect_level(l.levels[0], 0, 4, 4, 1, 16, 64);
  expect_level(l.levels[1], 192, 2, 2, 1, 8, 16);
  EXPECT_EQ(l.total_bytes, 240u);
  EXPECT_EQ(ptr_offset(s, 0, 0, 2, 1, 3), 128u + 48u + 4u);
  EXPECT_EQ(ptr_offset(s, 0, 1, 1, 1, 1), 192u + 16u + 8u + 4u);
}

TEST(Layout, ThreeD) {
  // RGBA8 4x2x8, full chain: 4x2x8 (256 B), 2x1x4 (32 B), 1x1x2 (8 B), 1x1x1 (4 B).
  Surface s(make(SurfaceType::k3D, Format::kR8G8B8A8_UNORM, 4, 2, 8, 1, 4));
  const SurfaceLayout& l = s.layout();
  ASSERT_EQ(l.levels.size(), 4u);
  expect_level(l.levels[0], 0, 4, 2, 8, 16, 32);
  expect_level(l.levels[1], 256, 2, 1, 4, 8, 8);
  expect_level(l.levels[2], 288, 1, 1, 2, 4, 4);
  expect_level(l.levels[3], 296, 1, 1, 1, 4, 4);
  EXPECT_EQ(l.total_bytes, 300u);
  EXPECT_EQ(ptr_offset(s, 0, 0, 5, 3, 1), 160u + 16u + 12u);
  EXPECT_EQ(ptr_offset(s, 0, 1, 3, 1, 0), 256u + 24u + 4u);
}

TEST(Surface, FillWritesEveryTexelOfEveryLevelOnce) {
  // 3D RGBA8 4x2x8, full chain (300 bytes): every texel of every level holds the encoded value.
  Surface s(make(SurfaceType::k3D, Format::kR8G8B8A8_UNORM, 4, 2, 8, 1, 4));
  ASSERT_TRUE(s.fill(Texel::from_float(1.0f, 0.0f, 0.2f, 1.0f)));
  const auto b = s.bytes();
  for (size_t i = 0; i < b.size(); i += 4) {
    EXPECT_EQ(b[i], 255u) << i;
    EXPECT_EQ(b[i + 1], 0u) << i;
    EXPECT_EQ(b[i + 2], 51u) << i;  // 0.2 * 255 = 51
    EXPECT_EQ(b[i + 3], 255u) << i;
  }
  // Block-compressed surfaces are not filled (their data is given as blocks).
  Surface bc(make(SurfaceType::k2D, Format::kBC1_UNORM, 8, 8, 1, 1, 1));
  const std::vector<uint8_t> before(bc.bytes().begin(), bc.bytes().end());
  EXPECT_FALSE(bc.fill(Texel::from_float(1.0f, 1.0f, 1.0f, 1.0f)));
  EXPECT_TRUE(std::equal(before.begin(), before.end(), bc.bytes().begin()));
}

TEST(Layout, Cube) {
  // RGBA8 4x4 cube, 3 mips: 6 faces per level.
  Surface s(make(SurfaceType::kCube, Format::kR8G8B8A8_UNORM, 4, 4, 1, 1, 3));
  const SurfaceLayout& l = s.layout();
  expect_level(l.levels[0], 0, 4, 4, 1, 16, 64);
  expect_level(l.levels[1], 384, 2, 2, 1, 8, 16);
  expect_level(l.levels[2], 480, 1, 1, 1, 4, 4);
  EXPECT_EQ(l.total_bytes, 504u);
  EXPECT_EQ(ptr_offset(s, 0, 0, 5, 0, 0), 320u);
  EXPECT_EQ(ptr_offset(s, 0, 2, 3, 0, 0), 480u + 12u);
}

TEST(Layout, CubeArray) {
  // R32_FLOAT 2x2, 2 cubes = 12 faces of 16 B.
  Surface s(make(SurfaceType::kCubeArray, Format::kR32_FLOAT, 2, 2, 1, 2, 2));
  const SurfaceLayout& l = s.layout();
  expect_level(l.levels[0], 0, 2, 2, 1, 8, 16);
  expect_level(l.levels[1], 192, 1, 1, 1, 4, 4);
  EXPECT_EQ(l.total_bytes, 240u);
  // Face 1 of cube 1 = slice 7.
  EXPECT_EQ(ptr_offset(s, 0, 0, 7, 1, 1), 112u + 8u + 4u);
}

TEST(Layout, Msaa) {
  // RGBA8 4x2, 4 samples: planes of 32 B.
  Surface s(make(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 4, 2, 1, 1, 1, 4));
  EXPECT_EQ(s.layout().sample_pitch, 32u);
  EXPECT_EQ(s.layout().total_bytes, 128u);
  EXPECT_EQ(ptr_offset(s, 3, 0, 0, 1, 1), 96u + 16u + 4u);
  // 2D array, 2 layers, 2 samples, R32 2x2: plane = 2 x 16 B; sample 1 slice 1 at 32 + 16.
  Surface a(make(SurfaceType::k2DArray, Format::kR32_UINT, 2, 2, 1, 2, 1, 2));
  EXPECT_EQ(a.layout().sample_pitch, 32u);
  EXPECT_EQ(a.layout().total_bytes, 64u);
  EXPECT_EQ(ptr_offset(a, 1, 0, 1, 0, 1), 32u + 16u + 8u);
}

TEST(Layout, BlockCompressed) {
  // BC1 (8 B / 4x4 block) 10x6: 3x2 blocks, then 5x3 -> 2x1, 2x1 -> 1x1, 1x1 -> 1x1.
  Surface s(make(SurfaceType::k2D, Format::kBC1_UNORM, 10, 6, 1, 1, 4));
  const SurfaceLayout& l = s.layout();
  expect_level(l.levels[0], 0, 10, 6, 1, 24, 48);
  expect_level(l.levels[1], 48, 5, 3, 1, 16, 16);
  expect_level(l.levels[2], 64, 2, 1, 1, 8, 8);
  expect_level(l.levels[3], 72, 1, 1, 1, 8, 8);
  EXPECT_EQ(l.total_bytes, 80u);
  // Texel (9, 5) is in block (2, 1); every texel of a block shares its address.
  EXPECT_EQ(ptr_offset(s, 0, 0, 0, 9, 5), 24u + 16u);
  EXPECT_EQ(ptr_offset(s, 0, 0, 0, 8, 4), 24u + 16u);
  // BC3 (16 B) 2D array 8x8 2 layers: 2x2 blocks per slice = 64 B.
  Surface a(make(SurfaceType::k2DArray, Format::kBC3_UNORM, 8, 8, 1, 2));
  expect_level(a.layout().levels[0], 0, 8, 8, 1, 32, 64);
  EXPECT_EQ(ptr_offset(a, 0, 0, 1, 5, 6), 64u + 32u + 16u);
}

TEST(Layout, TexelByteOffsetMatchesView) {
  const SurfaceDesc d = make(SurfaceType::k2DArray, Format::kR16G16_UINT, 3, 5, 1, 2, 3);
  const SurfaceLayout l = linear_layout(d);
  // Level 2 is 1x1 at 3*5*4*2 + 1*2*4*2 = 120 + 16 = 136; slice 1 adds 4.
  EXPECT_EQ(texel_byte_offset(d, l, 0, 2, 1, 0, 0), 140u);
  EXPECT_EQ(texel_byte_offset(d, l, 0, 0, 1, 2, 4), 60u + 48u + 8u);
}

// ---------------------------------------------------------------- MCS helpers

TEST(Mcs, WidthsAndClearValues) {
  EXPECT_EQ(mcs_bits_per_sample(1), 0u);
  EXPECT_EQ(mcs_bits_per_sample(2), 1u);
  EXPECT_EQ(mcs_bits_per_sample(4), 2u);
  EXPECT_EQ(mcs_bits_per_sample(8), 4u);
  EXPECT_EQ(mcs_bits_per_sample(16), 4u);
  EXPECT_EQ(mcs_width_bits(2), 8u);
  EXPECT_EQ(mcs_width_bits(4), 8u);
  EXPECT_EQ(mcs_width_bits(8), 32u);
  EXPECT_EQ(mcs_width_bits(16), 64u);
  EXPECT_EQ(mcs_clear_value(1), 0u);
  EXPECT_EQ(mcs_clear_value(2), 0xffu);
  EXPECT_EQ(mcs_clear_value(4), 0xffu);
  EXPECT_EQ(mcs_clear_value(8), 0xffffffffu);
  EXPECT_EQ(mcs_clear_value(16), ~uint64_t{0});
}

TEST(Mcs, IdentityValues) {
  EXPECT_EQ(mcs_identity_value(1), 0u);
  EXPECT_EQ(mcs_identity_value(2), 0x2u);
  EXPECT_EQ(mcs_identity_value(4), 0xe4u);
  EXPECT_EQ(mcs_identity_value(8), 0x76543210u);
  EXPECT_EQ(mcs_identity_value(16), 0xfedcba9876543210u);
  for (uint32_t n : {2u, 4u, 8u, 16u}) {
    for (uint32_t s = 0; s < n; ++s) EXPECT_EQ(mcs_fragment(mcs_identity_value(n), s, n), s);
  }
}

TEST(Mcs, Fragments) {
  // 4x: s0 -> 3, s1 -> 2, s2 -> 1, s3 -> 0.
  EXPECT_EQ(mcs_fragment(0x1b, 0, 4), 3u);
  EXPECT_EQ(mcs_fragment(0x1b, 1, 4), 2u);
  EXPECT_EQ(mcs_fragment(0x1b, 3, 4), 0u);
  // 2x: only the clear pattern in the low 8 bits is special; bits above are ignored.
  EXPECT_EQ(mcs_fragment(0xff, 0, 2), std::nullopt);
  EXPECT_EQ(mcs_fragment(0x1ff, 1, 2), std::nullopt);
  EXPECT_EQ(mcs_fragment(0x100, 1, 2), 0u);
  EXPECT_EQ(mcs_fragment(0x03, 0, 2), 1u);
  // 8x: 4-bit fields; 0xffffffff is clear, but 0xfffffff0 is not.
  EXPECT_EQ(mcs_fragment(0xffffffffu, 5, 8), std::nullopt);
  EXPECT_EQ(mcs_fragment(0xfffffff0u, 0, 8), 0u);
  EXPECT_EQ(mcs_fragment(0xfffffff0u, 1, 8), 15u);  // names a fragment past the sample count
  // 16x.
  EXPECT_EQ(mcs_fragment(~uint64_t{0}, 15, 16), std::nullopt);
  EXPECT_EQ(mcs_fragment(0x0fffffffffffffffu, 15, 16), 0u);
  // Single sample: no MCS.
  EXPECT_EQ(mcs_fragment(0xff, 0, 1), 0u);
}

// ---------------------------------------------------------------- storage

TEST(Surface, WriteTexelEncodesAndChecksRange) {
  Surface s(make(SurfaceType::k2D, Format::kR8G8B8A8_UINT, 2, 2, 1, 1, 2));
  EXPECT_TRUE(s.write_texel(0, 0, 0, 1, 1, Texel::from_uint(1, 2, 3, 4)));
  const uint8_t* p = s.texel_ptr(0, 0, 0, 1, 1);
  EXPECT_EQ(p - s.bytes().data(), 12);
  EXPECT_EQ(p[0], 1);
  EXPECT_EQ(p[1], 2);
  EXPECT_EQ(p[2], 3);
  EXPECT_EQ(p[3], 4);
  EXPECT_TRUE(s.write_texel(0, 1, 0, 0, 0, Texel::from_uint(9, 9, 9, 9)));
  EXPECT_EQ(s.bytes()[16], 9);
  EXPECT_FALSE(s.write_texel(0, 0, 0, 2, 0, Texel::from_uint(1, 1, 1, 1)));  // x
  EXPECT_FALSE(s.write_texel(0, 0, 0, 0, 2, Texel::from_uint(1, 1, 1, 1)));  // y
  EXPECT_FALSE(s.write_texel(0, 1, 0, 1, 0, Texel::from_uint(1, 1, 1, 1)));  // x at level 1
  EXPECT_FALSE(s.write_texel(0, 2, 0, 0, 0, Texel::from_uint(1, 1, 1, 1)));  // level
  EXPECT_FALSE(s.write_texel(0, 0, 1, 0, 0, Texel::from_uint(1, 1, 1, 1)));  // slice
  EXPECT_FALSE(s.write_texel(1, 0, 0, 0, 0, Texel::from_uint(1, 1, 1, 1)));  // sample
}

TEST(Surface, WriteTexelFloatFormat) {
  Surface s(make(SurfaceType::k1D, Format::kR8G8B8A8_UNORM, 2));
  EXPECT_TRUE(s.write_texel(0, 0, 0, 1, 0, Texel::from_float(1.0f, 0.0f, 0.2f, 1.0f)));
  const auto b = s.bytes();
  EXPECT_EQ(b[4], 0xff);
  EXPECT_EQ(b[5], 0x00);
  EXPECT_EQ(b[6], 51);
  EXPECT_EQ(b[7], 0xff);
}

TEST(Surface, WriteTexelRefusesBlockCompressed) {
  Surface s(make(SurfaceType::k2D, Format::kBC1_UNORM, 4, 4));
  EXPECT_FALSE(s.write_texel(0, 0, 0, 0, 0, Texel::from_float(1, 1, 1, 1)));
  for (uint8_t b : s.bytes()) EXPECT_EQ(b, 0);
}

TEST(Surface, ThreeDWritesByZ) {
  Surface s(make(SurfaceType::k3D, Format::kR8_UINT, 2, 2, 4, 1, 2));
  EXPECT_TRUE(s.write_texel(0, 0, 3, 1, 1, Texel::from_uint(7, 0, 0, 1)));
  EXPECT_EQ(s.bytes()[3 * 4 + 3], 7);
  EXPECT_TRUE(s.write_texel(0, 1, 1, 0, 0, Texel::from_uint(8, 0, 0, 1)));  // level 1 is 1x1x2
  EXPECT_EQ(s.bytes()[16 + 1], 8);
  EXPECT_FALSE(s.write_texel(0, 1, 2, 0, 0, Texel::from_uint(8, 0, 0, 1)));
}

TEST(Surface, McsPlaneStartsAsIdentity) {
  Surface s(make(SurfaceType::k2DArray, Format::kR32_UINT, 3, 2, 1, 2, 1, 4));
  EXPECT_FALSE(s.has_mcs());
  s.enable_mcs();
  ASSERT_TRUE(s.has_mcs());
  EXPECT_EQ(s.view().mcs.size(), 3u * 2u * 2u);
  for (uint64_t v : s.view().mcs) EXPECT_EQ(v, 0xe4u);
  s.set_mcs(2, 1, 1, 0x1b);
  EXPECT_EQ(s.mcs_at(2, 1, 1), 0x1bu);
  EXPECT_EQ(s.view().mcs[11], 0x1bu);  // x fastest, then y, then slice
  s.set_mcs(1, 0, 1, 0xff);
  EXPECT_EQ(s.view().mcs[7], 0xffu);
  EXPECT_EQ(s.mcs_at(0, 0, 0), 0xe4u);
}

TEST(Surface, ViewCarriesEverything) {
  Surface s(make(SurfaceType::k2D, Format::kR32_UINT, 2, 2, 1, 1, 1, 2));
  s.enable_mcs();
  s.set_clear_color(Texel::from_uint(5, 6, 7, 8));
  s.add_null_region(NullRegion{0, 0, 1, 1, 1, 1, 1});
  const SurfaceView v = s.view();
  EXPECT_EQ(v.desc.samples, 2u);
  EXPECT_EQ(v.layout.total_bytes, 32u);
  EXPECT_EQ(v.bytes.data(), s.bytes().data());
  EXPECT_EQ(v.bytes.size(), 32u);
  EXPECT_EQ(v.mcs.size(), 4u);
  ASSERT_TRUE(v.clear_color.has_value());
  EXPECT_EQ(*v.clear_color, Texel::from_uint(5, 6, 7, 8));
  ASSERT_EQ(v.null_regions.size(), 1u);
  EXPECT_EQ(v.null_regions[0].x, 1u);
}

TEST(NullRegion, Contains) {
  const NullRegion r{1, 2, 3, 4, 5, 2, 3};  // level 1, slices 2..4, x 4..5, y 5..7
  EXPECT_TRUE(r.contains(1, 2, 4, 5));
  EXPECT_TRUE(r.contains(1, 4, 5, 7));
  EXPECT_FALSE(r.contains(0, 2, 4, 5));  // level
  EXPECT_FALSE(r.contains(1, 1, 4, 5));  // slice below
  EXPECT_FALSE(r.contains(1, 5, 4, 5));  // slice above
  EXPECT_FALSE(r.contains(1, 2, 3, 5));
  EXPECT_FALSE(r.contains(1, 2, 6, 5));
  EXPECT_FALSE(r.contains(1, 2, 4, 4));
  EXPECT_FALSE(r.contains(1, 2, 4, 8));
  // Regions reaching the top of the 32-bit range do not wrap.
  const NullRegion top{0, 0xfffffff0u, 0x20, 0xfffffff0u, 0, 0x20, 1};
  EXPECT_TRUE(top.contains(0, 0xffffffffu, 0xffffffffu, 0));
  EXPECT_FALSE(top.contains(0, 0, 0, 0));
  const NullRegion empty{0, 0, 1, 0, 0, 0, 0};
  EXPECT_FALSE(empty.contains(0, 0, 0, 0));
}

}  // namespace
}  // namespace texsim::texunit
