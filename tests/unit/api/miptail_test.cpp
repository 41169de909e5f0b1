// Tests for the Tile64 mip tail start in placements (issue 27, decisions TS1-TS4): Placement's
// miptail_start moves the levels as Mesa isl places them, and survives JSON, descriptors and C.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "texsim/texsim.h"
#include "texsim/texsim.hpp"

namespace texsim {
namespace {

constexpr uint64_t kBase = 0x100000000;

// RGBA8 256x256 with its 9 levels, every byte different from its neighbours.
Surface chain() {
  SurfaceDesc d;
  d.width = d.height = 256;
  d.mips = 9;
  Diagnostics diags;
  auto s = Surface::create(d, diags);
  EXPECT_TRUE(s.has_value());
  auto bytes = s->mutable_bytes();
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 13 + 7);
  return *s;
}

Placement tile64(std::optional<uint32_t> start) {
  Placement p;
  p.tiling = Tiling::kTile64;
  p.base_address = kBase;
  p.miptail_start = start;
  return p;
}

// The address of texel (0, 0) of levels 2, 3 and 4, read through fetch_addresses.
std::vector<uint64_t> corners(const Surface& s, const Placement& p, Diagnostics& d) {
  const std::vector<uint32_t> zero(3, 0), level = {2, 3, 4};
  std::vector<uint32_t> r(3), g(3), b(3), a(3);
  FetchLanes l;
  l.count = 3;
  l.x = zero, l.y = zero, l.level = level;
  AddressTrace t;
  if (!fetch_addresses(s, l, {r, g, b, a, {}}, {}, p, 64, t, d).ok) return {};
  std::vector<uint64_t> out;
  for (const TexelAddress& x : t.reads) out.push_back(x.address - kBase);
  return out;
}

// Hand-computed from Mesa isl (src/intel/isl/isl.c at bminor/mesa-mesa 10131582; layout in
// docs/memory-layouts.md kTile64). RGBA8 Tile64 tiles are 128x128 texels, offset bits 15..0
// "YYXXYYXYXXYYXXXX" (acm_tile64_2d_32bpp); levels tile-aligned
// (isl_gfx125_choose_image_alignment_el), GFX4_2D: level 0 (0, 0), level 1 (0, 256), level 2 right
// of level 1 at (128, 256), then down. Tail slots at 32 bpb, icl_std_y_2d_miptail_offset_el: 0 {64,
// 0}, 1 {0, 64}, 2 {32, 0}. Row pitch: 256 texels = 2 tiles, tile t = 2 * (y / 128) + x / 128.
//  - default (isl_choose_miptail_start_level: level 2, 64x64, is the first beside slot 0's 64
//    columns): the tail's tile is (128, 256) = tile 5. Level 2 at slot 0 (192, 256): x 64 texels =
//    byte 256 = bit 13: 5 * 65536 + 8192. Level 3 at slot 1 (128, 320): y 64 = bit 15:
//    5 * 65536 + 32768. Level 4 at slot 2 (160, 256): byte 128 = bit 12: 5 * 65536 + 4096.
//  - start 3: level 2 is an ordinary level at (128, 256), tile 5 offset 0; level 3 starts the
//    tail below it, tile (128, 384) = tile 7: level 3 at slot 0: 7 * 65536 + 8192, level 4 at
//    slot 1: 7 * 65536 + 32768.
const std::vector<uint64_t> kDefault = {335872, 360448, 331776};
const std::vector<uint64_t> kStart3 = {327680, 466944, 491520};

TEST(MiptailStart, NonDefaultStartPlacesTheLevelsAsIslDoes) {
  const Surface s = chain();
  Diagnostics d;
  EXPECT_EQ(corners(s, tile64(std::nullopt), d), kDefault);
  EXPECT_EQ(corners(s, tile64(2), d), kDefault);  // isl's own choice, given
  EXPECT_EQ(corners(s, tile64(3), d), kStart3);
  EXPECT_TRUE(d.empty()) << d[0].message;
  // The memory the placements span: 3 and 4 tile rows of two 64 KiB tiles.
  auto m = surface_memory(s, tile64(std::nullopt), d);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->size(), 6u * 65536);
  m = surface_memory(s, tile64(3), d);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->size(), 8u * 65536);
}

bool has_rule(const Diagnostics& d, const std::string& rule) {
  for (const Diagnostic& x : d)
    if (x.rule == rule) return true;
  return false;
}

TEST(MiptailStart, RefusedOutOfRangeTooBigOrOnOtherTilings) {
  const Surface s = chain();
  Diagnostics d1;
  EXPECT_TRUE(corners(s, tile64(16), d1).empty());  // the field has 4 bits
  EXPECT_TRUE(has_rule(d1, "LAYOUT-TILE64-MIPTAIL"));
  Diagnostics d2;
  EXPECT_TRUE(corners(s, tile64(1), d2).empty());  // level 1 (128x128) does not fit slot 0
  EXPECT_TRUE(has_rule(d2, "LAYOUT-TILE64-MIPTAIL"));
  Placement p = tile64(0);
  p.tiling = Tiling::kTile4;  // decision TS2: refused, not ignored
  Diagnostics d3;
  EXPECT_TRUE(corners(s, p, d3).empty());
  ASSERT_TRUE(has_rule(d3, "LAYOUT-TILE64-MIPTAIL"));
  EXPECT_NE(d3[0].message.find("is a Tile64 field, got 0 on tile4"), std::string::npos)
      << d3[0].message;
  p.miptail_start.reset();
  Diagnostics d4;
  EXPECT_EQ(corners(s, p, d4).size(), 3u);
  Diagnostics d5;  // 15: no tail (what the RSS writes for it); level 2..4 ordinary levels
  const auto none = corners(s, tile64(15), d5);
  ASSERT_EQ(none.size(), 3u);
  EXPECT_EQ(none[0], kStart3[0]);
}

// RENDER_SURFACE_STATE Mip Tail Start LOD is bits 168..171 (gen125.xml): byte 21, low nibble.
uint32_t tail_field(const std::vector<uint8_t>& rss) {
  return rss.at(21) & 0xfu;
}

TEST(MiptailStart, RoundTripsThroughTheSurfaceState) {
  const Surface s = chain();
  for (const std::optional<uint32_t> start :
       {std::optional<uint32_t>(), std::optional(3u), std::optional(15u)}) {
    Diagnostics d;
    const Placement p = tile64(start);
    const auto rss = descriptor_from_surface("DG2", s, p, d);
    ASSERT_TRUE(rss) << d[0].message;
    // A start the placement names is written as it is (15, no tail, stays 15: decision TS3);
    // unset, the plan's (isl's choice, 2).
    const uint32_t bytes_start = start.value_or(2);
    EXPECT_EQ(tail_field(*rss), bytes_start);
    const auto memory = surface_memory(s, p, d);
    ASSERT_TRUE(memory);
    const auto back = surface_from_descriptor("DG2", *rss, kBase, *memory, d);
    ASSERT_TRUE(back) << d[0].message;
    EXPECT_EQ(back->placement.miptail_start, bytes_start);  // the bytes name it
    const auto a = s.bytes(), b = back->surface.bytes();
    EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end()));
    const auto again = descriptor_from_surface("DG2", back->surface, back->placement, d);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, *rss);
  }
}

// A JSON surface whose placement is `placement`.
std::string json_scene(const std::string& placement) {
  return R"({"texsim": 1, "surfaces": [{"id": 0, "type": "2d", "format": "R8G8B8A8_UNORM",
   "width": 256, "height": 256, "mips": 9, "placement": )" +
         placement + "}]}";
}

TEST(MiptailStart, SceneJsonKey) {
  Diagnostics d;
  auto scene = Scene::load_text(
      json_scene(R"({"tiling": "tile64", "address": "0x100000000", "miptail_start": 3})"), "s.json",
      d);
  ASSERT_TRUE(scene) << d[0].message;
  const auto p = scene->placement(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->miptail_start, 3u);
  EXPECT_EQ(corners(*scene->surface(0), *p, d), kStart3);
  scene = Scene::load_text(json_scene(R"({"tiling": "tile64", "address": "0x100000000"})"),
                           "s.json", d);
  ASSERT_TRUE(scene);
  EXPECT_FALSE(scene->placement(0)->miptail_start.has_value());
  EXPECT_EQ(corners(*scene->surface(0), *scene->placement(0), d), kDefault);

  const auto first = [](const std::string& placement) {
    Diagnostics e;
    EXPECT_FALSE(Scene::load_text(json_scene(placement), "s.json", e).has_value());
    return e.empty() ? Diagnostic{} : e[0];
  };
  Diagnostic e = first(R"({"tiling": "tile64", "miptail_start": 16})");
  EXPECT_NE(e.message.find("surfaces[0].placement.miptail_start"), std::string::npos) << e.message;
  e = first(R"({"tiling": "tile64", "miptail_start": "3"})");
  EXPECT_NE(e.message.find("surfaces[0].placement.miptail_start"), std::string::npos) << e.message;
  e = first(R"({"tiling": "tile64", "miptail_start": 1})");  // level 1 is too wide for the tail
  EXPECT_EQ(e.rule, "LAYOUT-TILE64-MIPTAIL");
  EXPECT_NE(e.message.find("surfaces[0].placement"), std::string::npos) << e.message;
  e = first(R"({"tiling": "tile4", "miptail_start": 3})");
  EXPECT_EQ(e.rule, "LAYOUT-TILE64-MIPTAIL");
}

// A DG2 vISA scene whose surface 0 is a RENDER_SURFACE_STATE over GPU memory.
std::string rss_scene(const std::vector<uint8_t>& rss, const std::vector<uint8_t>& memory) {
  return R"({"texsim": 1, "isa": "visa", "platform": "DG2",
  "surface_states": {"0": {"hex": ")" +
         core::hex_bytes(rss) + R"("}},
  "gpu_memory": [{"address": "0x100000000", "hex": ")" +
         core::hex_bytes(memory) + R"("}]})";
}

TEST(MiptailStart, SceneDescriptorPlacementKeepsTheBytesStart) {
  const Surface s = chain();
  Diagnostics d;
  const auto rss = descriptor_from_surface("DG2", s, tile64(3), d);
  const auto memory = surface_memory(s, tile64(3), d);
  ASSERT_TRUE(rss && memory);
  const auto scene = Scene::load_text(rss_scene(*rss, *memory), "s.json", d);
  ASSERT_TRUE(scene) << d[0].message;
  const auto p = scene->descriptor_placement(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->miptail_start, 3u);
  const auto surface = scene->descriptor_surface(0);
  ASSERT_TRUE(surface);
  EXPECT_EQ(corners(*surface, *p, d), kStart3);  // before issue 27's MT: kDefault's addresses
  const auto a = s.bytes(), b = surface->bytes();
  EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin(), b.end()));

  // The C API gives the same placement (version 2) and addresses.
  texsim_scene* cs = nullptr;
  const std::string text = rss_scene(*rss, *memory);
  ASSERT_EQ(texsim_scene_load_text(text.data(), text.size(), "s.json", nullptr, &cs), TEXSIM_OK);
  texsim_placement cp = texsim_placement_default();
  ASSERT_EQ(texsim_scene_descriptor_placement(cs, 0, &cp), TEXSIM_OK);
  EXPECT_EQ(cp.miptail_start, 3);
  EXPECT_EQ(cp.tiling, TEXSIM_TILING_TILE64);
  texsim_scene_destroy(cs);
}

// texsim_fetch_addresses with a C placement: version 2's miptail_start, a version-1 struct
// (isl's choice), and a negative start other than -1 (LIB-ARG).
TEST(MiptailStart, CPlacement) {
  const Surface cpp = chain();
  texsim_surface_desc desc = texsim_surface_desc_default();
  desc.width = desc.height = 256;
  desc.mips = 9;
  texsim_surface* surface = nullptr;
  const auto bytes = cpp.bytes();
  ASSERT_EQ(texsim_surface_create(&desc, bytes.data(), bytes.size(), &surface), TEXSIM_OK);
  const uint32_t zero[3] = {0, 0, 0}, level[3] = {2, 3, 4};
  uint32_t r[3], g[3], b[3], a[3];
  texsim_fetch_lanes lanes = texsim_fetch_lanes_default();
  lanes.count = 3;
  lanes.x = zero, lanes.y = zero, lanes.level = level;
  texsim_results out = texsim_results_default();
  out.r = r, out.g = g, out.b = b, out.a = a;
  const auto run = [&](const texsim_placement& pl, texsim_status want) {
    texsim_address_trace* t = nullptr;
    std::vector<uint64_t> got;
    EXPECT_EQ(texsim_fetch_addresses(surface, &lanes, &out, nullptr, &pl, 64, &t, nullptr), want);
    if (t == nullptr) return got;
    const texsim_texel_address* reads = texsim_address_trace_reads(t);
    for (size_t i = 0; i < texsim_address_trace_read_count(t); ++i)
      got.push_back(reads[i].address - kBase);
    texsim_address_trace_destroy(t);
    return got;
  };
  texsim_placement pl = texsim_placement_default();
  EXPECT_EQ(pl.miptail_start, -1);
  pl.tiling = TEXSIM_TILING_TILE64;
  pl.base_address = kBase;
  EXPECT_EQ(run(pl, TEXSIM_OK), kDefault);
  pl.miptail_start = 3;
  EXPECT_EQ(run(pl, TEXSIM_OK), kStart3);
  pl.struct_size = offsetof(texsim_placement, miptail_start);  // version 1: the 3 is not read
  EXPECT_EQ(run(pl, TEXSIM_OK), kDefault);
  pl.struct_size = sizeof pl;
  pl.miptail_start = -2;
  EXPECT_TRUE(run(pl, TEXSIM_ERROR_INVALID_ARGUMENT).empty());
  pl.miptail_start = 16;
  EXPECT_TRUE(run(pl, TEXSIM_ERROR_DIAGNOSTICS).empty());
  texsim_surface_destroy(surface);
}

}  // namespace
}  // namespace texsim
