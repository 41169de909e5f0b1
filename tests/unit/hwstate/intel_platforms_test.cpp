// Intel descriptors on SKL (gen9.xml), DG2 and PVC (gen125.xml) (hwstate/intel_texsim.*): the real
// heaps ocloc writes for each platform decode to the kernel's sampler and surface templates with
// the platform's table; RSS <-> texsim per generation (Tile Mode values, HALIGN units) with its
// round trips and refusals (decisions IS1-IS4).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "hwstate/catalog.hpp"
#include "hwstate/intel_texsim.hpp"

namespace texsim::hwstate::intel {
namespace {

using texunit::Format;
using texunit::SurfaceType;

std::vector<uint8_t> golden(std::string_view platform, std::string_view file) {
  std::string dir(platform);
  for (char& c : dir) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::ifstream f(
      std::string(TEXSIM_SOURCE_DIR "/tests/golden/hwstate/") + dir + "/" + std::string(file),
      std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

uint64_t field(std::string_view platform, std::span<const uint8_t> bytes, std::string_view name) {
  const FieldDesc* f = find_type(platform, "RENDER_SURFACE_STATE")->find_field(name);
  EXPECT_NE(f, nullptr) << platform << " " << name;
  return f ? get_bits(bytes, f->hi, f->lo) : ~uint64_t{0};
}

std::string text(std::string_view platform, std::span<const uint8_t> bytes, std::string_view name) {
  const FieldDesc* f = find_type(platform, "RENDER_SURFACE_STATE")->find_field(name);
  return f ? value_text(*f, get_bits(bytes, f->hi, f->lo)) : "(no field)";
}

constexpr std::string_view kPlatforms[] = {"SKL", "DG2", "PVC"};

TEST(IntelPlatforms, OclocHeapsDecodeToTheKernelsSampler) {
  // CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR (README.md beside them).
  for (const std::string_view p : kPlatforms) {
    const auto h = golden(p, "DynamicStateHeap.bin");
    ASSERT_EQ(h.size(), 160u) << p;
    core::DiagSink sink;
    const auto s = sampler_from_heap(p, h, 0x40, sink);
    ASSERT_TRUE(s) << p << ": " << sink.diagnostics().front().message;
    EXPECT_TRUE(sink.diagnostics().empty()) << p;
    EXPECT_EQ(s->min_filter, texunit::Filter::kLinear) << p;
    EXPECT_EQ(s->mag_filter, texunit::Filter::kLinear) << p;
    EXPECT_EQ(s->mip_filter, texunit::MipFilter::kPoint) << p;
    for (auto a : s->address) EXPECT_EQ(a, texunit::AddressMode::kWrap) << p;
    EXPECT_TRUE(s->normalized_coords) << p;
    EXPECT_EQ(s->max_lod, 14.0f) << p;
    EXPECT_EQ(s->border_color, (std::array<float, 4>{0, 0, 0, 0})) << p;
    const DescriptorType& t = *find_type(p, "SAMPLER_STATE");
    EXPECT_EQ(t.citation.substr(0, 24), "Mesa src/intel/genxml/ge") << p;
    EXPECT_EQ(value_text(*t.find_field("Shadow Function"), 1), "NEVER") << p;  // prefix apart
  }
  EXPECT_EQ(find_type("SKL", "SAMPLER_STATE")->find_field("SRGB DECODE"), nullptr);
  EXPECT_NE(find_type("DG2", "SAMPLER_STATE")->find_field("Low Quality Filter"), nullptr);
}

TEST(IntelPlatforms, OclocSurfaceHeapsDecodeWithEachGenerationsTable) {
  for (const std::string_view p : kPlatforms) {
    const auto h = golden(p, "SurfaceStateHeap.bin");
    ASSERT_EQ(h.size(), 136u) << p;
    const auto image = std::span(h).subspan(0, 64);
    const auto buffer = std::span(h).subspan(0x40, 64);
    EXPECT_EQ(text(p, image, "Surface Type"), "SURFTYPE_2D") << p;
    EXPECT_EQ(field(p, image, "Surface Format"), 0xc7u) << p;  // R8G8B8A8_UNORM
    EXPECT_EQ(text(p, image, "Tile Mode"), "LINEAR") << p;
    EXPECT_EQ(text(p, image, "Surface Vertical Alignment"), "VALIGN_16") << p;
    EXPECT_EQ(field(p, image, "MOCS"), 3u) << p;
    EXPECT_EQ(text(p, buffer, "Surface Type"), "SURFTYPE_BUFFER") << p;
    EXPECT_EQ(field(p, buffer, "Surface Format"), 0xffu) << p;  // RAW
    const DescriptorType& t = *find_type(p, "RENDER_SURFACE_STATE");
    for (const auto& rss : {image, buffer}) {
      core::DiagSink sink;
      EXPECT_TRUE(validate(t, rss, sink)) << p;
      EXPECT_TRUE(sink.diagnostics().empty()) << p << ": " << sink.diagnostics().front().message;
    }
  }
  // The same value 3 is 16 elements on gen9 and 128 bytes on gen12.5 (decision IS2).
  const auto h = golden("SKL", "SurfaceStateHeap.bin");
  EXPECT_EQ(text("SKL", h, "Surface Horizontal Alignment"), "HALIGN_16");
  EXPECT_EQ(text("DG2", h, "Surface Horizontal Alignment"), "HALIGN_128");
  // gen9's Surface Format has 10 bits, gen12.5's 9.
  EXPECT_EQ(find_type("SKL", "RENDER_SURFACE_STATE")->find_field("Surface Format")->hi, 27u);
  EXPECT_EQ(find_type("DG2", "RENDER_SURFACE_STATE")->find_field("Surface Format")->hi, 26u);
}

std::vector<uint8_t> patched_image(std::string_view p) {
  const auto h = golden(p, "SurfaceStateHeap.bin");
  auto out = std::vector<uint8_t>(h.begin(), h.begin() + 64);
  const DescriptorType& t = *find_type(p, "RENDER_SURFACE_STATE");
  for (const auto& [f, v] :
       {std::pair{"Shader Channel Select Red", "RED"},
        std::pair{"Shader Channel Select Green", "GREEN"},
        std::pair{"Shader Channel Select Blue", "BLUE"},
        std::pair{"Shader Channel Select Alpha", "ALPHA"}, std::pair{"Width", "15"},
        std::pair{"Height", "3"}, std::pair{"Surface Pitch", "127"}}) {
    core::DiagSink sink;
    EXPECT_TRUE(set_named(t, out, f, v, sink)) << p << " " << f;
  }
  return out;
}

TEST(IntelPlatforms, TheTemplateMapsWithTheGenerationsAlignmentUnits) {
  for (const std::string_view p : kPlatforms) {
    core::DiagSink sink;
    const auto s = surface_to_texsim(p, patched_image(p), sink);
    ASSERT_TRUE(s) << p << ": " << sink.diagnostics().front().message;
    EXPECT_EQ(s->desc.type, SurfaceType::k2D);
    EXPECT_EQ(s->desc.format, Format::kR8G8B8A8_UNORM);
    EXPECT_EQ(s->tiling.tiling, Tiling::kPitch);
    EXPECT_EQ(s->tiling.row_pitch, 128u);
    // HALIGN value 3: 16 elements (gen9); 128 bytes = 32 RGBA8 texels (gen12.5).
    EXPECT_EQ(s->tiling.halign, p == "SKL" ? 16u : 32u) << p;
    EXPECT_EQ(s->tiling.valign, 16u) << p;
  }
}

PlacedSurface placed(SurfaceType type, Format f, uint32_t w, uint32_t h, uint32_t d_or_layers,
                     uint32_t mips, Tiling tiling, uint32_t halign = 4) {
  PlacedSurface s;
  s.desc.type = type;
  s.desc.format = f;
  s.desc.width = w;
  s.desc.height = h;
  if (type == SurfaceType::k3D) {
    s.desc.depth = d_or_layers;
  } else {
    s.desc.layers = d_or_layers;
  }
  s.desc.mips = mips;
  s.tiling.tiling = tiling;
  s.tiling.halign = halign;
  s.base_address = 0x10000;
  return s;
}

void expect_round_trip(std::string_view p, const PlacedSurface& s) {
  const std::string what = std::string(p) + " " +
                           std::string(texunit::surface_type_name(s.desc.type)) + " " +
                           std::string(tiling_name(s.tiling.tiling));
  core::DiagSink sink;
  const auto bytes = surface_from_texsim(p, s, sink);
  ASSERT_TRUE(bytes) << what << ": " << sink.diagnostics().front().message;
  const auto back = surface_to_texsim(p, *bytes, sink);
  ASSERT_TRUE(back) << what << ": " << sink.diagnostics().front().message;
  EXPECT_EQ(back->desc.type, s.desc.type) << what;
  EXPECT_EQ(back->desc.format, s.desc.format) << what;
  EXPECT_EQ(back->desc.width, s.desc.width) << what;
  EXPECT_EQ(back->desc.height, s.desc.height) << what;
  EXPECT_EQ(back->desc.layers, s.desc.layers) << what;
  EXPECT_EQ(back->desc.depth, s.desc.depth) << what;
  EXPECT_EQ(back->desc.mips, s.desc.mips) << what;
  EXPECT_EQ(back->tiling.tiling, s.tiling.tiling) << what;
  EXPECT_EQ(back->tiling.halign, s.tiling.halign) << what;
  EXPECT_EQ(back->base_address, s.base_address) << what;
  EXPECT_EQ(surface_bytes(*back), surface_bytes(s)) << what;
  const uint32_t last = s.desc.mips - 1;
  EXPECT_EQ(element_offset(*back, last, 0, 0, 0), element_offset(s, last, 0, 0, 0)) << what;
  const auto again = surface_from_texsim(p, *back, sink);
  ASSERT_TRUE(again) << what;
  EXPECT_EQ(*again, *bytes) << what;
}

TEST(IntelPlatforms, SklSurfacesRoundTripThroughTheirBytes) {
  PlacedSurface bc1 = placed(SurfaceType::k2D, Format::kBC1_UNORM, 64, 32, 1, 3, Tiling::kTileY);
  bc1.tiling.halign = bc1.tiling.valign = 16;
  for (const PlacedSurface& s :
       {placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 4, Tiling::kTileY),
        placed(SurfaceType::k2DArray, Format::kR16G16_FLOAT, 33, 17, 3, 2, Tiling::kPitch, 8),
        placed(SurfaceType::k3D, Format::kR32_FLOAT, 16, 8, 4, 3, Tiling::kTileY, 16),
        placed(SurfaceType::kCube, Format::kR8_UNORM, 16, 16, 1, 5, Tiling::kTileY), bc1})
    expect_round_trip("SKL", s);
  core::DiagSink sink;
  const auto b = surface_from_texsim(
      "SKL", placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 4, Tiling::kTileY), sink);
  ASSERT_TRUE(b);
  EXPECT_EQ(text("SKL", *b, "Tile Mode"), "YMAJOR");
  EXPECT_EQ(text("SKL", *b, "Surface Horizontal Alignment"), "HALIGN_4");
}

TEST(IntelPlatforms, Gen125SurfacesRoundTripWithTile4AndTile64) {
  // HALIGN in bytes: 32 RGBA8 texels = 128 B (isl's Tile4 choice), 16 BC1 texels = 4 blocks =
  // 32 B, 4 R32G32B32A32 texels = 64 B.
  PlacedSurface bc1 =
      placed(SurfaceType::k2D, Format::kBC1_UNORM, 64, 32, 1, 3, Tiling::kTile4, 16);
  bc1.tiling.valign = 16;
  for (const std::string_view p : {"DG2", "PVC"})
    for (const PlacedSurface& s :
         {placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 4, Tiling::kTile4, 32),
          placed(SurfaceType::k2DArray, Format::kR32G32B32A32_FLOAT, 9, 5, 3, 2, Tiling::kTile4),
          placed(SurfaceType::k3D, Format::kR32_FLOAT, 16, 8, 4, 3, Tiling::kTile4, 16),
          placed(SurfaceType::k2D, Format::kR16_UNORM, 40, 24, 1, 1, Tiling::kTile64, 8),
          placed(SurfaceType::k2DArray, Format::kR8_UNORM, 16, 16, 2, 1, Tiling::kTile64, 16),
          placed(SurfaceType::k2D, Format::kR8_UNORM, 5, 3, 1, 2, Tiling::kPitch, 16), bc1})
      expect_round_trip(p, s);
  core::DiagSink sink;
  const auto b = surface_from_texsim(
      "DG2", placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 4, Tiling::kTile4, 32),
      sink);
  ASSERT_TRUE(b);
  EXPECT_EQ(text("DG2", *b, "Tile Mode"), "TILE4");
  EXPECT_EQ(text("DG2", *b, "Surface Horizontal Alignment"), "HALIGN_128");
  // Level 2 lies right of level 1 at HALIGN 32 texels = 128 B: two 128-byte Tile4 columns.
  EXPECT_EQ(field("DG2", *b, "Surface Pitch"), 255u);
}

TEST(IntelPlatforms, TileModesAndAlignmentsOtherGenerationsHaveAreRefused) {
  const auto refused = [](std::string_view p, const PlacedSurface& s, std::string_view needle) {
    core::DiagSink sink;
    EXPECT_FALSE(surface_from_texsim(p, s, sink)) << p << " " << needle;
    ASSERT_FALSE(sink.diagnostics().empty());
    EXPECT_EQ(sink.diagnostics().front().rule_id, "RENDER_SURFACE_STATE-TEXSIM");
    EXPECT_NE(sink.diagnostics().front().message.find(needle), std::string::npos)
        << sink.diagnostics().front().message;
  };
  refused("SKL", placed(SurfaceType::k2D, Format::kR8_UNORM, 8, 8, 1, 1, Tiling::kTile4),
          "has no SKL Tile Mode");
  refused("DG2", placed(SurfaceType::k2D, Format::kR8_UNORM, 8, 8, 1, 1, Tiling::kTileY),
          "has no DG2 Tile Mode");
  // 4 R8 texels are 4 bytes: gen12.5 has no HALIGN_4 bytes; gen9 has no 32 elements.
  refused("DG2", placed(SurfaceType::k2D, Format::kR8_UNORM, 8, 8, 1, 1, Tiling::kTile4, 4),
          "16, 32, 64 or 128 bytes");
  refused("SKL", placed(SurfaceType::k2D, Format::kR8_UNORM, 8, 8, 1, 1, Tiling::kTileY, 32),
          "4, 8 or 16 elements");
  // Decoding: WMAJOR is named but not modelled; YMAJOR's value 3 is TILE4 on DG2.
  for (const auto& [p, mode] : {std::pair{"SKL", "WMAJOR"}}) {
    auto rss = patched_image(p);
    core::DiagSink set;
    ASSERT_TRUE(set_named(*find_type(p, "RENDER_SURFACE_STATE"), rss, "Tile Mode", mode, set));
    core::DiagSink sink;
    EXPECT_FALSE(surface_to_texsim(p, rss, sink)) << p;
    EXPECT_NE(sink.diagnostics().front().message.find(std::string("Tile Mode ") + mode),
              std::string::npos)
        << sink.diagnostics().front().message;
  }
  core::DiagSink no_name;
  auto rss = patched_image("DG2");
  EXPECT_FALSE(
      set_named(*find_type("DG2", "RENDER_SURFACE_STATE"), rss, "Tile Mode", "YMAJOR", no_name));
  EXPECT_EQ(no_name.diagnostics().front().rule_id, "DESC-VALUE");
  // HALIGN_16 bytes of RGBA8 is four texels: legal, and the layout's minimum.
  ASSERT_TRUE(set_named(*find_type("DG2", "RENDER_SURFACE_STATE"), rss,
                        "Surface Horizontal Alignment", "HALIGN_16", no_name));
  core::DiagSink ok;
  const auto s = surface_to_texsim("DG2", rss, ok);
  ASSERT_TRUE(s) << ok.diagnostics().front().message;
  EXPECT_EQ(s->tiling.halign, 4u);
}

// XMAJOR (TileX) on every platform; on Gfx12.5 only for SURFTYPE_2D (gen125.xml Tile Mode note,
// quoted in isl_gfx125_filter_tiling).
TEST(IntelPlatforms, TileXRoundTripsEverywhereAndIsTwoDimensionalOnGen125) {
  for (const std::string_view p : {"SKL", "TGLLP", "DG2", "PVC"}) {
    const bool g125 = p == "DG2" || p == "PVC";
    const uint32_t ha = g125 ? 32 : 4;  // 128 B of RGBA8 on Gfx12.5, 4 elements before
    expect_round_trip(
        p, placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 300, 20, 1, 3, Tiling::kTileX, ha));
    expect_round_trip(p, placed(SurfaceType::k2DArray, Format::kR16_UNORM, 64, 9, 2, 1,
                                Tiling::kTileX, g125 ? 16 : 4));
    core::DiagSink sink;
    const auto b = surface_from_texsim(
        p, placed(SurfaceType::k2D, Format::kR8_UNORM, 8, 8, 1, 1, Tiling::kTileX, g125 ? 16 : 4),
        sink);
    ASSERT_TRUE(b) << p;
    EXPECT_EQ(text(p, *b, "Tile Mode"), "XMAJOR") << p;
    // A cube: fine before Gfx12.5, refused on it.
    const auto cube = surface_from_texsim(
        p,
        placed(SurfaceType::kCube, Format::kR8_UNORM, 16, 16, 1, 1, Tiling::kTileX, g125 ? 16 : 4),
        sink);
    ASSERT_TRUE(cube) << p;
    core::DiagSink dec;
    EXPECT_EQ(surface_to_texsim(p, *cube, dec).has_value(), !g125) << p;
    if (g125) {
      ASSERT_FALSE(dec.diagnostics().empty());
      EXPECT_EQ(dec.diagnostics().front().rule_id, "RENDER_SURFACE_STATE-TILE-MODE");
    }
  }
}

TEST(IntelPlatforms, Tile64BeyondTheModelledCasesIsRefusedByTheLayout) {
  // Tile64 with mips is modelled (decision T64): the encoder wrote Mip Tail Start LOD 0 (R8 64x64
  // fits beside slot 0 of the 256x256 tile), so a second level joins the tail and decodes. What
  // stays refused is a mip tail on a multisampled surface (T64-7).
  core::DiagSink sink;
  auto bytes = surface_from_texsim(
      "DG2", placed(SurfaceType::k2D, Format::kR8_UNORM, 64, 64, 1, 1, Tiling::kTile64, 128), sink);
  ASSERT_TRUE(bytes);
  const DescriptorType& t = *find_type("DG2", "RENDER_SURFACE_STATE");
  ASSERT_TRUE(set_named(t, *bytes, "MIP Count / LOD", "1", sink));
  core::DiagSink mips;
  const auto two = surface_to_texsim("DG2", *bytes, mips);
  ASSERT_TRUE(two) << mips.diagnostics().front().message;
  EXPECT_EQ(two->desc.mips, 2u);
  EXPECT_EQ(two->tiling.miptail_start, 0u);
  ASSERT_TRUE(set_named(t, *bytes, "MIP Count / LOD", "0", sink));
  ASSERT_TRUE(set_named(t, *bytes, "Number of Multisamples", "MULTISAMPLECOUNT_4", sink));
  core::DiagSink refused;
  EXPECT_FALSE(surface_to_texsim("DG2", *bytes, refused));
  ASSERT_FALSE(refused.diagnostics().empty());
  EXPECT_EQ(refused.diagnostics().front().rule_id, "LAYOUT-TILE64-UNMODELLED");
  ASSERT_TRUE(set_named(t, *bytes, "Mip Tail Start LOD", "15", sink));  // no tail: 4x decodes
  core::DiagSink msaa;
  const auto four = surface_to_texsim("DG2", *bytes, msaa);
  ASSERT_TRUE(four) << msaa.diagnostics().front().message;
  EXPECT_EQ(four->desc.samples, 4u);
}

TEST(IntelPlatforms, SamplerFieldsEachGenerationNames) {
  // gen12.5's low-quality modes are refused (IS3); gen9 has no MIRROR_101.
  for (const std::string_view f : {"Low Quality Filter", "Allow Low Quality LOD Calculation"}) {
    auto h = golden("DG2", "DynamicStateHeap.bin");
    core::DiagSink set;
    ASSERT_TRUE(
        set_named(*find_type("DG2", "SAMPLER_STATE"), std::span(h).subspan(0x40, 16), f, "1", set));
    core::DiagSink sink;
    EXPECT_FALSE(sampler_from_heap("DG2", h, 0x40, sink)) << f;
    ASSERT_FALSE(sink.diagnostics().empty());
    EXPECT_EQ(sink.diagnostics().front().rule_id, "SAMPLER_STATE-TEXSIM");
    EXPECT_NE(sink.diagnostics().front().message.find(f), std::string::npos);
  }
  auto h = golden("SKL", "DynamicStateHeap.bin");
  set_bits(std::span(h).subspan(0x40, 16), 104, 102, 7);  // TCX 7
  core::DiagSink skl;
  EXPECT_FALSE(sampler_from_heap("SKL", h, 0x40, skl));
  EXPECT_EQ(skl.diagnostics().front().rule_id, "SAMPLER_STATE-ENUM");
  core::DiagSink dg2;  // the same bits are MIRROR_101 on DG2: named, then refused (not modelled)
  EXPECT_FALSE(sampler_from_heap("DG2", h, 0x40, dg2));
  EXPECT_EQ(dg2.diagnostics().front().rule_id, "SAMPLER_STATE-TEXSIM");
  EXPECT_EQ(find_type("ICLLP", "SAMPLER_STATE"), nullptr);
}

}  // namespace
}  // namespace texsim::hwstate::intel
