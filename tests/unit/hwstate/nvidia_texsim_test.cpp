// TIC/TSC <-> texsim (hwstate/nvidia_texsim.*): every mapped format and surface type round trips
// texsim -> bytes -> texsim; a hand-built header decodes to the surface nouveau would program;
// each TIC-TEXSIM / TSC-TEXSIM refusal has a failing case.
#include "hwstate/nvidia_texsim.hpp"

#include <gtest/gtest.h>

#include "texunit/format.hpp"

namespace texsim::hwstate::nvidia {
namespace {

const Platform& sm50() {
  return *find_platform("SM50");
}

TicSurface surface(texunit::Format f, texunit::SurfaceType t, Tiling tiling) {
  TicSurface s;
  s.placed.desc.type = t;
  s.placed.desc.format = f;
  s.placed.desc.width = 37;
  s.placed.desc.height =
      t == texunit::SurfaceType::k1D || t == texunit::SurfaceType::k1DArray
          ? 1
          : (t == texunit::SurfaceType::kCube || t == texunit::SurfaceType::kCubeArray ? 37 : 19);
  s.placed.desc.depth = t == texunit::SurfaceType::k3D ? 5 : 1;
  s.placed.desc.layers = s.placed.desc.is_array() ? 3 : 1;
  s.placed.desc.mips = 3;
  s.view_min_level = 1;
  s.view_max_level = 2;
  s.placed.tiling.tiling = tiling;
  if (tiling == Tiling::kBlockLinear) {
    s.placed.base_address = 0x1234560000;
    s.placed.tiling.block_height_log2 = 4;
    s.placed.tiling.block_depth_log2 = t == texunit::SurfaceType::k3D ? 1 : 0;
  } else {
    s.placed.base_address = 0x1234560020;
    s.placed.tiling.row_pitch = 0x200;
  }
  s.srgb = texunit::format_info(f).is_srgb();
  return s;
}

void expect_same(const TicSurface& a, const TicSurface& b, const std::string& what) {
  EXPECT_EQ(a.placed.desc.type, b.placed.desc.type) << what;
  EXPECT_EQ(a.placed.desc.format, b.placed.desc.format) << what;
  EXPECT_EQ(a.placed.desc.width, b.placed.desc.width) << what;
  EXPECT_EQ(a.placed.desc.height, b.placed.desc.height) << what;
  EXPECT_EQ(a.placed.desc.depth, b.placed.desc.depth) << what;
  EXPECT_EQ(a.placed.desc.layers, b.placed.desc.layers) << what;
  EXPECT_EQ(a.placed.desc.mips, b.placed.desc.mips) << what;
  EXPECT_EQ(a.placed.base_address, b.placed.base_address) << what;
  EXPECT_EQ(a.placed.tiling.tiling, b.placed.tiling.tiling) << what;
  EXPECT_EQ(a.placed.tiling.row_pitch, b.placed.tiling.row_pitch) << what;
  EXPECT_EQ(a.placed.tiling.block_height_log2, b.placed.tiling.block_height_log2) << what;
  EXPECT_EQ(a.placed.tiling.block_depth_log2, b.placed.tiling.block_depth_log2) << what;
  EXPECT_EQ(a.view_min_level, b.view_min_level) << what;
  EXPECT_EQ(a.view_max_level, b.view_max_level) << what;
  EXPECT_EQ(a.srgb, b.srgb) << what;
}

TEST(NvidiaTexsim, EveryMappedFormatAndTypeRoundTrips) {
  using T = texunit::SurfaceType;
  size_t formats = 0;
  for (const texunit::FormatInfo& info : texunit::all_formats()) {
    TicSurface s = surface(info.format, T::k2D, Tiling::kBlockLinear);
    core::DiagSink probe;
    if (!tic_from_texsim(sm50(), s, probe)) continue;  // no TIC row (BGRA, packed 16-bit, ...)
    ++formats;
    for (T t : {T::k1D, T::k1DArray, T::k2D, T::k2DArray, T::k3D, T::kCube, T::kCubeArray})
      for (Tiling tiling : {Tiling::kBlockLinear, Tiling::kPitch})
        for (const char* platform : {"SM50", "SM60", "SM75", "SM90"}) {
          const std::string what = std::string(info.name) + " " +
                                   std::string(texunit::surface_type_name(t)) + " " + platform;
          const Platform& p = *find_platform(platform);
          TicSurface in = surface(info.format, t, tiling);
          core::DiagSink sink;
          auto bytes = tic_from_texsim(p, in, sink);
          ASSERT_TRUE(bytes) << what;
          auto out = tic_to_texsim(p, *bytes, sink);
          ASSERT_TRUE(out) << what << ": " << sink.diagnostics().front().message;
          expect_same(in, *out, what);
        }
  }
  EXPECT_EQ(formats, 56u);
}

// A header written field by field as nouveau's nvc0_tex.c would for a 64x32 RGBA8 2D texture,
// 4 levels, block height 2^2 GOBs, at 0x2_0000_0400 (bits 31:9 and 47:32 of the address).
TEST(NvidiaTexsim, HandBuiltBlockLinearHeader) {
  std::vector<uint8_t> e(32, 0);
  const uint32_t words[8] = {
      0x08 | 2u << 7 | 2u << 10 | 2u << 13 | 2u << 16 | 2u << 19 | 3u << 22 | 4u << 25 | 5u << 28,
      (0x400u >> 9) << 9,  // ADDRESS_BITS31TO9 at MW(63:41): word 1 bits 31:9
      0x2u | 3u << 21,     // ADDRESS_BITS47TO32, HEADER_VERSION 3 (MW(87:85): word 2 bits 23:21)
      2u << 3 | 3u << 28,  // GOBS_PER_BLOCK_HEIGHT 2 (MW(101:99)), MAX_MIP_LEVEL 3 (MW(127:124))
      63u | 1u << 23,      // WIDTH_MINUS_ONE, TEXTURE_TYPE TWO_D (MW(154:151): word 4 bits 26:23)
      31u | 1u << 31,      // HEIGHT_MINUS_ONE, NORMALIZED_COORDS
      0,
      3u << 4,  // RES_VIEW_MAX_MIP_LEVEL 3 (MW(231:228))
  };
  for (unsigned w = 0; w < 8; ++w)
    for (unsigned b = 0; b < 4; ++b) e[w * 4 + b] = static_cast<uint8_t>(words[w] >> (8 * b));
  core::DiagSink sink;
  auto s = tic_to_texsim(sm50(), e, sink);
  ASSERT_TRUE(s) << sink.diagnostics().front().message;
  EXPECT_EQ(s->placed.desc.format, texunit::Format::kR8G8B8A8_UNORM);
  EXPECT_EQ(s->placed.desc.type, texunit::SurfaceType::k2D);
  EXPECT_EQ(s->placed.desc.width, 64u);
  EXPECT_EQ(s->placed.desc.height, 32u);
  EXPECT_EQ(s->placed.desc.mips, 4u);
  EXPECT_EQ(s->placed.base_address, 0x200000400u);
  EXPECT_EQ(s->placed.tiling.tiling, Tiling::kBlockLinear);
  EXPECT_EQ(s->placed.tiling.block_height_log2, 2u);
  EXPECT_EQ(s->view_max_level, 3u);
  EXPECT_TRUE(s->normalized_coords);
}

std::vector<uint8_t> bytes_of(const TicSurface& s) {
  core::DiagSink sink;
  return *tic_from_texsim(sm50(), s, sink);
}

// Hopper's and Blackwell's "Texture Header V2" (decisions TV1, TV3): every mapped format and
// surface type round trips through V2 bytes as through V1, to the same surface; V2 pitch headers
// have no DEPTH_MINUS_ONE, so arrays and 3D are refused there naming it.
TEST(NvidiaTexsim, V2HeadersRoundTripLikeV1) {
  using T = texunit::SurfaceType;
  size_t formats = 0;
  size_t refused = 0;
  for (const texunit::FormatInfo& info : texunit::all_formats()) {
    core::DiagSink probe;
    if (!tic_from_texsim(sm50(), surface(info.format, T::k2D, Tiling::kBlockLinear), probe))
      continue;
    ++formats;
    for (T t : {T::k1D, T::k1DArray, T::k2D, T::k2DArray, T::k3D, T::kCube, T::kCubeArray})
      for (Tiling tiling : {Tiling::kBlockLinear, Tiling::kPitch})
        for (const char* platform : {"SM90", "SM100", "SM120"}) {
          const std::string what = std::string(info.name) + " " +
                                   std::string(texunit::surface_type_name(t)) + " " + platform;
          const Platform& p = *find_platform(platform);
          const TicSurface in = surface(info.format, t, tiling);
          core::DiagSink sink;
          auto bytes = tic_from_texsim(p, in, sink, TicFamily::kV2);
          if (tiling == Tiling::kPitch && (in.placed.desc.is_array() || t == T::k3D)) {
            ASSERT_FALSE(bytes) << what;
            EXPECT_EQ(sink.diagnostics().back().rule_id, "TIC-TEXSIM");
            EXPECT_NE(sink.diagnostics().back().message.find("TIC.V2.PITCH has no DEPTH_MINUS_ONE"),
                      std::string::npos);
            ++refused;
            continue;
          }
          ASSERT_TRUE(bytes) << what;
          auto out = tic_to_texsim(p, *bytes, sink, {}, TicFamily::kV2);
          ASSERT_TRUE(out) << what << ": " << sink.diagnostics().front().message;
          expect_same(in, *out, what);
          if (std::string_view(platform) == "SM90") {  // V1 bytes read back to the same surface
            auto v1 = tic_from_texsim(p, in, sink, TicFamily::kV1);
            ASSERT_TRUE(v1) << what;
            EXPECT_NE(*v1, *bytes) << what;
            expect_same(*tic_to_texsim(p, *v1, sink), *out, what + " V1");
          } else {  // Blackwell's headers are V2 whatever is asked for by default
            EXPECT_EQ(*tic_from_texsim(p, in, sink), *bytes) << what;
          }
        }
  }
  EXPECT_EQ(formats, 56u);
  EXPECT_EQ(refused, 56u * 4 * 3);  // 1D/2D arrays, 3D, cube arrays
}

TEST(NvidiaTexsim, V2RefusalsNameTheirFields) {
  const Platform& sm90 = *find_platform("SM90");
  const auto base =
      surface(texunit::Format::kR8G8B8A8_UNORM, texunit::SurfaceType::k2D, Tiling::kBlockLinear);
  core::DiagSink enc;
  const auto good = *tic_from_texsim(sm90, base, enc, TicFamily::kV2);
  const DescriptorType& bl = *find_type(sm90, "TIC.V2.BLOCKLINEAR");
  const std::pair<std::string, std::string> cases[] = {
      {"DATA_TYPE", "TEX_DATA_TYPE_ZS"},   // a depth-stencil data type (decision TV3)
      {"COMPONENTS", "SIZES_B5G6R5"},      // no texsim format (decision DS5)
      {"TILE_WIDTH_IN_GOBS", "TWO_GOBS"},  // tile width (DS6)
      {"Y_SOURCE", "IN_R"},                // swizzle
  };
  for (const auto& [field, value] : cases) {
    auto e = good;
    core::DiagSink sink;
    ASSERT_TRUE(set_named(bl, e, field, value, sink));
    EXPECT_FALSE(tic_to_texsim(sm90, e, sink, {}, TicFamily::kV2)) << field;
    ASSERT_FALSE(sink.diagnostics().empty()) << field;
    EXPECT_EQ(sink.diagnostics().back().rule_id, "TIC-TEXSIM") << field;
  }
  auto e = good;
  core::DiagSink sink;
  ASSERT_TRUE(set_named(bl, e, "DATA_TYPE", "TEX_DATA_TYPE_ZS", sink));
  tic_to_texsim(sm90, e, sink, {}, TicFamily::kV2);
  EXPECT_EQ(sink.diagnostics().back().message,
            "texsim has no format for COMPONENTS SIZES_A8B8G8R8 with DATA_TYPE TEX_DATA_TYPE_ZS");
  // Texture buffers: a one-D raw typed header.
  const DescriptorType& raw = *find_type(sm90, "TIC.V2.ONE_D_RAW_TYPED");
  core::DiagSink b;
  const auto buffer = encode(
      raw,
      std::vector<std::pair<std::string, std::string>>{{"HEADER_VERSION", "SELECT_ONE_D_RAW_TYPED"},
                                                       {"COMPONENTS", "SIZES_1D_R32"},
                                                       {"DATA_TYPE", "TEX_DATA_TYPE_FLOAT"}},
      b);
  ASSERT_TRUE(buffer);
  EXPECT_FALSE(tic_to_texsim(sm90, *buffer, b, {}, TicFamily::kV2));
  EXPECT_EQ(b.diagnostics().back().rule_id, "TIC-TEXSIM");
  // The family must be the platform's: no V2 before Hopper, no V1 on Blackwell.
  core::DiagSink f;
  EXPECT_FALSE(tic_from_texsim(*find_platform("SM75"), base, f, TicFamily::kV2));
  EXPECT_FALSE(tic_from_texsim(*find_platform("SM120"), base, f, TicFamily::kV1));
  ASSERT_EQ(f.diagnostics().size(), 2u);
  EXPECT_EQ(f.diagnostics()[0].rule_id, "TIC-TEXSIM");
}

TEST(NvidiaTexsim, RefusesWhatTexsimDoesNotModel) {
  const auto base =
      surface(texunit::Format::kR8G8B8A8_UNORM, texunit::SurfaceType::k2D, Tiling::kBlockLinear);
  const DescriptorType& bl = *find_type(sm50(), "TIC.BLOCKLINEAR");
  const std::pair<std::string, std::string> cases[] = {
      {"COMPONENTS", "SIZES_B5G6R5"},      // no texsim format (decision DS5)
      {"X_SOURCE", "IN_G"},                // swizzle
      {"TEXTURE_TYPE", "ONE_D_BUFFER"},    // buffer
      {"MULTI_SAMPLE_COUNT", "MODE_4X2"},  // a non-D3D sample order (ML2)
      {"GOB3D", "1"},                      // 3D GOBs
  };
  for (const auto& [field, value] : cases) {
    auto e = bytes_of(base);
    core::DiagSink sink;
    ASSERT_TRUE(set_named(bl, e, field, value, sink));
    EXPECT_FALSE(tic_to_texsim(sm50(), e, sink)) << field;
    ASSERT_FALSE(sink.diagnostics().empty()) << field;
    EXPECT_EQ(sink.diagnostics().back().rule_id, "TIC-TEXSIM") << field;
  }
  auto e = bytes_of(base);
  core::DiagSink sink;
  ASSERT_TRUE(set_named(bl, e, "COMPONENTS", "SIZES_B5G6R5", sink));
  tic_to_texsim(sm50(), e, sink);
  EXPECT_EQ(sink.diagnostics().back().message,
            "texsim has no format for COMPONENTS SIZES_B5G6R5 with R_DATA_TYPE NUM_UNORM");
}

TEST(NvidiaTexsim, MultisampleHeadersCountPixelsAndNameTheSampleGrid) {
  // nil tic.rs writes WIDTH/HEIGHT in pixels and MULTI_SAMPLE_COUNT from the image's sample
  // layout: 2x 2X1_D3D, 4x 2X2, 8x 4X2_D3D (the grid texsim's block-linear layout places, ML2).
  const std::pair<uint32_t, std::string_view> modes[] = {
      {2, "MODE_2X1_D3D"}, {4, "MODE_2X2"}, {8, "MODE_4X2_D3D"}};
  for (const auto& [samples, mode] : modes) {
    auto s = surface(texunit::Format::kR8G8B8A8_UNORM, texunit::SurfaceType::k2DArray,
                     Tiling::kBlockLinear);
    s.placed.desc.samples = samples;
    s.placed.desc.mips = 1;
    s.view_min_level = 0;
    s.view_max_level = 0;
    const auto e = bytes_of(s);
    const DescriptorView view{*find_type(sm50(), "TIC.BLOCKLINEAR"), e};
    EXPECT_EQ(view.name_of("MULTI_SAMPLE_COUNT"), mode);
    EXPECT_EQ(view.whole("WIDTH_MINUS_ONE"), 36u);  // pixels, not samples
    core::DiagSink sink;
    const auto back = tic_to_texsim(sm50(), e, sink);
    ASSERT_TRUE(back) << mode << ": " << sink.diagnostics().front().message;
    EXPECT_EQ(back->placed.desc.samples, samples);
    EXPECT_EQ(back->placed.desc.width, 37u);
  }
  auto s = surface(texunit::Format::kR8_UNORM, texunit::SurfaceType::k2D, Tiling::kBlockLinear);
  s.placed.desc.samples = 16;
  s.placed.desc.mips = 1;
  core::DiagSink sink;
  EXPECT_FALSE(tic_from_texsim(sm50(), s, sink));
  EXPECT_EQ(sink.diagnostics().back().message,
            "texsim models 1, 2, 4 or 8 samples in a header, got 16");
}

TEST(NvidiaTexsim, InvalidHeadersAreNotMapped) {
  auto e = bytes_of(surface(texunit::Format::kR8_UNORM, texunit::SurfaceType::k2D, Tiling::kPitch));
  set_bits(e, 255, 248, 0xff);  // RESERVED7Y
  core::DiagSink sink;
  EXPECT_FALSE(tic_to_texsim(sm50(), e, sink));
  EXPECT_EQ(sink.diagnostics().front().rule_id, "TIC-RESERVED");
}

TEST(NvidiaTexsim, SamplerStateRoundTrips) {
  texunit::SamplerState s;
  s.min_filter = texunit::Filter::kPoint;
  s.mag_filter = texunit::Filter::kLinear;
  s.mip_filter = texunit::MipFilter::kLinear;
  s.address = {texunit::AddressMode::kWrap, texunit::AddressMode::kMirror,
               texunit::AddressMode::kBorder};
  s.border_color = {0.25f, 0.5f, 0.75f, 1.0f};
  s.lod_bias = -1.5f;
  s.min_lod = 0.5f;
  s.max_lod = 7.25f;
  s.compare = texunit::CompareFunc::kGreaterEqual;
  s.reduction = texunit::Reduction::kMax;
  for (const char* platform : {"SM52", "SM75", "SM90"}) {
    const Platform& p = *find_platform(platform);
    core::DiagSink sink;
    auto bytes = tsc_from_texsim(p, s, sink);
    ASSERT_TRUE(bytes) << sink.diagnostics().front().message;
    auto back = tsc_to_texsim(p, *bytes, sink);
    ASSERT_TRUE(back) << sink.diagnostics().front().message;
    EXPECT_EQ(back->min_filter, s.min_filter);
    EXPECT_EQ(back->mag_filter, s.mag_filter);
    EXPECT_EQ(back->mip_filter, s.mip_filter);
    EXPECT_EQ(back->address, s.address);
    EXPECT_EQ(back->border_color, s.border_color);
    EXPECT_EQ(back->lod_bias, s.lod_bias);
    EXPECT_EQ(back->min_lod, s.min_lod);
    EXPECT_EQ(back->max_lod, s.max_lod);
    EXPECT_EQ(back->compare, s.compare);
    EXPECT_EQ(back->reduction, s.reduction);
    EXPECT_TRUE(back->normalized_coords);
    EXPECT_FALSE(tsc_to_texsim(p, *bytes, sink, {}, false)->normalized_coords);
  }
}

TEST(NvidiaTexsim, SamplerNarrowsToTheFieldsAndRefusesUnmodelledModes) {
  texunit::SamplerState s;
  s.max_lod = 1000.0f;      // clamps to 15.99609375
  s.lod_bias = 0.3f;        // truncates to 76/256
  s.max_anisotropy = 7.0f;  // 6:1, with MIN_ANISO
  const Platform& p = *find_platform("SM75");
  core::DiagSink sink;
  auto bytes = tsc_from_texsim(p, s, sink);
  ASSERT_TRUE(bytes);
  auto back = tsc_to_texsim(p, *bytes, sink);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->max_lod, 4095.0f / 256.0f);
  EXPECT_EQ(back->lod_bias, 76.0f / 256.0f);
  EXPECT_EQ(back->max_anisotropy, 6.0f);
  const DescriptorType& tsc = tsc_type(p);
  ASSERT_TRUE(set_named(tsc, *bytes, "ADDRESS_U", "CLAMP_OGL", sink));
  EXPECT_FALSE(tsc_to_texsim(p, *bytes, sink));
  EXPECT_EQ(sink.diagnostics().back().rule_id, "TSC-TEXSIM");
  EXPECT_EQ(sink.diagnostics().back().message, "texsim has no model for ADDRESS_U CLAMP_OGL");
}

}  // namespace
}  // namespace texsim::hwstate::nvidia
