// Tests for the public descriptor functions (include/texsim/descriptors.hpp): a surface and a
// sampler through TIC/TSC (SM52, SM75) and RSS/SAMPLER_STATE (TGLLP, DG2) bytes and back, the
// memory read through the placement, and each refusal with its rule.
#include "texsim/descriptors.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "texsim/texsim.hpp"

namespace texsim {
namespace {

Surface gradient(const char* format, uint32_t w, uint32_t h, uint32_t mips) {
  SurfaceDesc d;
  d.type = SurfaceType::k2D;
  d.format = format;
  d.width = w;
  d.height = h;
  d.mips = mips;
  Diagnostics diags;
  auto s = Surface::create(d, diags);
  EXPECT_TRUE(s.has_value());
  auto bytes = s->mutable_bytes();
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 13 + 7);
  return *s;
}

bool has_rule(const Diagnostics& d, const std::string& rule) {
  for (const Diagnostic& x : d)
    if (x.rule == rule) return true;
  return false;
}

TEST(Descriptors, SurfacesRoundTripThroughTheHardwaresBytes) {
  struct Case {
    const char* platform;
    Tiling tiling;
    size_t descriptor_bytes;
  };
  const Case cases[] = {{"SM52", Tiling::kBlockLinear, 32}, {"SM75", Tiling::kBlockLinear, 32},
                        {"SM90", Tiling::kPitch, 32},       {"TGLLP", Tiling::kTileY, 64},
                        {"SKL", Tiling::kPitch, 64},        {"DG2", Tiling::kTile4, 64}};
  for (const Case& c : cases) {
    const bool pitch_only = c.tiling == Tiling::kPitch && c.descriptor_bytes == 32;
    const Surface s = gradient("R8G8B8A8_UNORM", 40, 24, pitch_only ? 1 : 3);
    Placement p;
    p.tiling = c.tiling;
    p.block_height_log2 = 1;
    p.halign = c.tiling == Tiling::kTile4 ? 32 : 4;  // DG2 HALIGN counts bytes: 128 B = 32 texels
    p.base_address = 0x100000000;
    Diagnostics diags;
    const auto desc = descriptor_from_surface(c.platform, s, p, diags);
    ASSERT_TRUE(desc) << c.platform << ": " << (diags.empty() ? "" : diags[0].message);
    EXPECT_EQ(desc->size(), c.descriptor_bytes);
    const auto memory = surface_memory(s, p, diags);
    ASSERT_TRUE(memory) << c.platform;
    // The memory given starts 4 KiB before the surface: the descriptor's address picks it out.
    std::vector<uint8_t> gpu(4096, 0xee);
    gpu.insert(gpu.end(), memory->begin(), memory->end());
    const auto back = surface_from_descriptor(c.platform, *desc, p.base_address - 4096, gpu, diags);
    ASSERT_TRUE(back) << c.platform << ": " << (diags.empty() ? "" : diags[0].message);
    EXPECT_EQ(back->placement.tiling, c.tiling) << c.platform;
    EXPECT_EQ(back->placement.base_address, p.base_address) << c.platform;
    EXPECT_EQ(back->surface.desc().mips, s.desc().mips) << c.platform;
    EXPECT_EQ(back->view_max_level, s.desc().mips - 1) << c.platform;
    const auto a = s.bytes(), b = back->surface.bytes();
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end())) << c.platform;
  }
}

TEST(Descriptors, SamplersRoundTripOnBothVendors) {
  Sampler s;
  s.min_filter = Filter::kPoint;
  s.mip_filter = MipFilter::kLinear;
  s.address = {AddressMode::kWrap, AddressMode::kMirror, AddressMode::kBorder};
  s.border_color = {0.25f, 0.5f, 0.75f, 1.0f};
  for (unsigned c = 0; c < 4; ++c)
    s.border_color_int[c] = std::bit_cast<uint32_t>(s.border_color[c]);
  s.lod_bias = -0.5f;
  s.max_lod = 9.0f;
  for (const char* platform : {"SM50", "SM86", "TGLLP", "PVC"}) {
    Diagnostics diags;
    const auto bytes = descriptor_from_sampler(platform, s, diags);
    ASSERT_TRUE(bytes) << platform;
    const auto back = sampler_from_descriptor(platform, *bytes, diags);
    ASSERT_TRUE(back) << platform << ": " << (diags.empty() ? "" : diags[0].message);
    EXPECT_EQ(back->min_filter, s.min_filter) << platform;
    EXPECT_EQ(back->mip_filter, s.mip_filter) << platform;
    EXPECT_EQ(back->address, s.address) << platform;
    EXPECT_EQ(back->border_color, s.border_color) << platform;
    EXPECT_EQ(back->lod_bias, s.lod_bias) << platform;
    EXPECT_EQ(back->max_lod, s.max_lod) << platform;
  }
}

TEST(Descriptors, RefusalsNameTheirRules) {
  const Surface s = gradient("R8G8B8A8_UNORM", 16, 16, 1);
  Placement p;  // linear: no descriptor describes texsim's own layout
  Diagnostics d1;
  EXPECT_FALSE(descriptor_from_surface("SM75", s, p, d1));
  EXPECT_FALSE(d1.empty());
  Diagnostics d2;
  EXPECT_FALSE(descriptor_from_sampler("GFX7", Sampler{}, d2));
  EXPECT_TRUE(has_rule(d2, "LIB-PLATFORM"));
  // The memory must hold the whole surface.
  p.tiling = Tiling::kBlockLinear;
  p.base_address = 0x200000;
  Diagnostics d3;
  const auto desc = descriptor_from_surface("SM75", s, p, d3);
  ASSERT_TRUE(desc);
  const std::vector<uint8_t> small(100);
  EXPECT_FALSE(surface_from_descriptor("SM75", *desc, 0x200000, small, d3));
  EXPECT_TRUE(has_rule(d3, "LIB-MEMORY"));
  // An invalid entry is the table's rule.
  std::vector<uint8_t> bad = *desc;
  bad[31] = 0xff;  // RESERVED7Y
  Diagnostics d4;
  EXPECT_FALSE(surface_from_descriptor("SM75", bad, 0x200000, small, d4));
  EXPECT_FALSE(d4.empty());
}

}  // namespace
}  // namespace texsim
