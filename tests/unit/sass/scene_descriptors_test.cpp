// SASS pools given as TIC/TSC bytes (isa/sass/scene_descriptors.*): a scene's descriptor twin
// reads back every surface byte for byte (1D to cube arrays, mips, several block heights, pitch
// and platforms), whole pools as hex, all-zero entries unset, and each refusal located at the
// entry's JSON path.
#include "isa/sass/scene_descriptors.hpp"

#include <gtest/gtest.h>

#include <tuple>

#include "isa/registry.hpp"
#include "unit/sass/descriptor_twin.hpp"

namespace texsim::isa::sass {
namespace {

const char* kScene = R"({
  "texsim": 1, "isa": "sass", "platform": "PLATFORM",
  "surfaces": [
    { "id": 0, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 37, "height": 21, "mips": 3,
      "data": { "generator": "random" } },
    { "id": 1, "type": "2D_ARRAY", "format": "R32G32B32A32_FLOAT", "width": 9, "height": 5,
      "layers": 3, "mips": 2, "data": { "generator": "random" } },
    { "id": 2, "type": "3D", "format": "R16_UNORM", "width": 70, "height": 9, "depth": 5,
      "mips": 3, "data": { "generator": "random" } },
    { "id": 3, "type": "CUBE_ARRAY", "format": "BC1_UNORM", "width": 16, "height": 16,
      "layers": 2, "mips": 2, "data": { "generator": "random" } },
    { "id": 4, "type": "1D_ARRAY", "format": "R8_UINT", "width": 300, "layers": 2,
      "data": { "generator": "random" } }
  ],
  "texture_headers": { "max_index": 9, "entries": {
    "0": { "surface": 0, "max_level": 2 }, "1": { "surface": 1, "max_level": 1 },
    "2": { "surface": 2, "min_level": 1, "max_level": 2 }, "3": { "surface": 3, "max_level": 1 },
    "7": { "surface": 4 } } },
  "texture_samplers": { "max_index": 2, "entries": {
    "0": { "filter": "linear", "address": "wrap" },
    "2": { "filter": "point", "mip_filter": "none", "compare": "greater", "min_lod": 1.5 } } }
})";

std::string with_platform(std::string_view platform) {
  std::string s = kScene;
  s.replace(s.find("PLATFORM"), 8, platform);
  return s;
}

std::optional<scene::Scene> load(const std::string& text, core::DiagSink& sink) {
  return scene::load_scene_text(text, "scene.json", sink, isa::scene_load_options());
}

TEST(SassSceneDescriptors, TwinReadsEverySurfaceBackByteForByte) {
  // "SM90/2": Hopper's "Texture Header V2" pool (header_version 2, decision TV1).
  for (std::string_view given : {"SM50", "SM52", "SM61", "SM75", "SM90", "SM90/2"})
    for (uint8_t block_height : {uint8_t{0}, uint8_t{1}, uint8_t{4}}) {
      const std::string platform(given.substr(0, 4));
      const uint32_t header_version = given.size() > 4 ? 2 : 0;
      core::DiagSink sink;
      const auto original = load(with_platform(platform), sink);
      ASSERT_TRUE(original) << sink.diagnostics().front().message;
      const auto twin = testing::descriptor_twin(
          *original, nlohmann::ordered_json::parse(with_platform(platform)), block_height,
          header_version);
      ASSERT_TRUE(twin);
      const auto loaded = load(twin->dump(), sink);
      ASSERT_TRUE(loaded) << platform << ": " << sink.diagnostics().front().message;
      EXPECT_TRUE(loaded->surfaces.empty());
      const SceneState& a = scene_state(*original);
      const SceneState& b = scene_state(*loaded);
      ASSERT_EQ(b.texture_headers->max_index, 9u);
      EXPECT_EQ(b.texture_header_version, header_version);
      ASSERT_EQ(b.texture_headers->entries.size(), a.texture_headers->entries.size());
      for (const auto& [index, h] : a.texture_headers->entries) {
        const TextureHeader& t = b.texture_headers->entries.at(index);
        const auto& m = b.header_surfaces.at(index).surface;
        ASSERT_TRUE(m);
        const texunit::Surface& s = original->find_surface(h.surface)->surface;
        EXPECT_EQ(m->desc().type, s.desc().type);
        EXPECT_EQ(m->desc().mips, s.desc().mips);
        EXPECT_TRUE(std::ranges::equal(m->bytes(), s.bytes()))
            << given << " header " << index << " block height " << int(block_height);
        EXPECT_EQ(t.min_level, h.min_level);
        EXPECT_EQ(t.max_level, h.max_level);
      }
      // The sampler pool, given whole as hex: entry 1 (32 zero bytes) stays unset (DS8).
      ASSERT_EQ(b.texture_samplers->max_index, 2u);
      ASSERT_EQ(b.texture_samplers->entries.size(), 2u);
      EXPECT_EQ(b.texture_samplers->entries.count(1), 0u);
      const auto& s2 = b.texture_samplers->entries.at(2).state;
      EXPECT_EQ(s2.compare, texunit::CompareFunc::kGreater);
      EXPECT_EQ(s2.min_lod, 1.5f);
      EXPECT_EQ(s2.mip_filter, texunit::MipFilter::kNone);
    }
}

// A one-header scene whose entry and memory the tests edit.
nlohmann::ordered_json small_twin() {
  const std::string text = R"({"texsim": 1, "isa": "sass", "platform": "SM52",
    "surfaces": [{ "id": 0, "type": "2D", "format": "R8_UNORM", "width": 4, "height": 4 }],
    "texture_headers": { "max_index": 1, "entries": { "1": { "surface": 0 } } } })";
  core::DiagSink sink;
  const auto sc = load(text, sink);
  return *testing::descriptor_twin(*sc, nlohmann::ordered_json::parse(text));
}

std::vector<core::Diagnostic> errors_of(const nlohmann::ordered_json& j) {
  core::DiagSink sink;
  EXPECT_FALSE(load(j.dump(), sink));
  return sink.diagnostics();
}

TEST(SassSceneDescriptors, SmallTwinLoads) {
  core::DiagSink sink;
  ASSERT_TRUE(load(small_twin().dump(), sink));
}

TEST(SassSceneDescriptors, EntryOfTheWrongSize) {
  auto j = small_twin();
  j["texture_headers"]["entries"]["1"]["hex"] = "00";
  const auto d = errors_of(j);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "SCENE-SIZE");
  EXPECT_NE(d[0].message.find("is 32 bytes, got 1"), std::string::npos);
}

TEST(SassSceneDescriptors, InvalidHeaderIsReportedAtTheEntry) {
  auto j = small_twin();
  std::string hex = j["texture_headers"]["entries"]["1"]["hex"];
  hex.replace(62, 2, "ff");  // byte 31: RESERVED7Y
  j["texture_headers"]["entries"]["1"]["hex"] = hex;
  const auto d = errors_of(j);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "TIC-RESERVED");
  EXPECT_EQ(d[0].message.rfind("texture_headers.entries.1: TIC.BLOCKLINEAR RESERVED7Y", 0), 0u)
      << d[0].message;
  EXPECT_GT(std::get<core::TextLoc>(d[0].loc).line, 0u);
}

// The pool's "header_version" (decision TV1): V2 bytes in a pool without it are read as V1
// headers (SM90's default family) and refused; 2 on a platform without V2 headers and values
// other than 1 and 2 are SCENE-VALUE at the key.
TEST(SassSceneDescriptors, HeaderVersionSelectsTheFamily) {
  const std::string text = R"({"texsim": 1, "isa": "sass", "platform": "SM90",
    "surfaces": [{ "id": 0, "type": "2D", "format": "R8_UNORM", "width": 4, "height": 4 }],
    "texture_headers": { "max_index": 1, "entries": { "1": { "surface": 0 } } } })";
  core::DiagSink sink;
  const auto sc = load(text, sink);
  ASSERT_TRUE(sc);
  auto v2 = *testing::descriptor_twin(*sc, nlohmann::ordered_json::parse(text), 1, 2);
  ASSERT_TRUE(load(v2.dump(), sink)) << sink.diagnostics().front().message;
  v2["texture_headers"].erase("header_version");
  auto d = errors_of(v2);
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].message.rfind("texture_headers.entries.1: TIC.", 0), 0u) << d[0].message;
  for (const auto& [platform, version, says] :
       {std::tuple{"SM90", 3, "must be"}, std::tuple{"SM75", 2, "SM75 (TURING_A"}}) {
    auto j = v2;
    j["platform"] = platform;
    j["texture_headers"]["header_version"] = version;
    d = errors_of(j);
    ASSERT_FALSE(d.empty()) << platform;
    EXPECT_EQ(d[0].rule_id, "SCENE-VALUE") << d[0].message;
    EXPECT_NE(d[0].message.find("header_version"), std::string::npos) << d[0].message;
    EXPECT_NE(d[0].message.find(says), std::string::npos) << d[0].message;
  }
}

TEST(SassSceneDescriptors, SurfaceOutsideGpuMemory) {
  auto j = small_twin();
  j["gpu_memory"][0]["address"] = "0x200000000";
  const auto d = errors_of(j);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "SCENE-VALUE");
  EXPECT_NE(d[0].message.find("which no \"gpu_memory\" range holds"), std::string::npos);
}

TEST(SassSceneDescriptors, UnnormalizedHeaderIsRefused) {
  auto j = small_twin();
  std::string hex = j["texture_headers"]["entries"]["1"]["hex"];
  // NORMALIZED_COORDS is MW(191:191): byte 23, bit 7.
  const int byte23 = std::stoi(hex.substr(46, 2), nullptr, 16) & 0x7f;
  char buf[3];
  std::snprintf(buf, sizeof buf, "%02x", byte23);
  hex.replace(46, 2, buf);
  j["texture_headers"]["entries"]["1"]["hex"] = hex;
  const auto d = errors_of(j);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "TIC-TEXSIM");
}

TEST(SassSceneDescriptors, WholePoolsAndGpuMemoryRanges) {
  auto j = small_twin();
  j["texture_headers"] = {{"hex", std::string(64 * 3 - 2, '0')}};  // 95 bytes
  auto d = errors_of(j);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "SCENE-SIZE");
  j = small_twin();
  j["gpu_memory"].push_back({{"address", "0x100000010"}, {"size", 16}});
  d = errors_of(j);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].rule_id, "SCENE-VALUE");
  EXPECT_NE(d[0].message.find("overlaps the one at 0x100000000"), std::string::npos);
  // A whole pool: entry 0 all zeros (unset), entry 1 the header; max_index from the size.
  j = small_twin();
  const std::string entry = j["texture_headers"]["entries"]["1"]["hex"];
  j["texture_headers"] = {{"hex", std::string(64, '0') + entry}};
  core::DiagSink sink;
  const auto sc = load(j.dump(), sink);
  ASSERT_TRUE(sc);
  EXPECT_EQ(scene_state(*sc).texture_headers->max_index, 1u);
  EXPECT_EQ(scene_state(*sc).texture_headers->entries.count(0), 0u);
  EXPECT_EQ(scene_state(*sc).texture_headers->entries.count(1), 1u);
}

TEST(SassSceneDescriptors, PoolsAndMemoryFromFiles) {
  // The TSC pool and a header as files beside the scene (tests/golden/hwstate/tsc-pool.bin, the
  // pool of examples/sass/tic-blocklinear-texs.json), entries at byte 32 * index.
  auto j = small_twin();
  j["texture_samplers"] = {{"file", "tsc-pool.bin"}};
  core::DiagSink sink;
  const auto sc = scene::load_scene_text(j.dump(), TEXSIM_SOURCE_DIR "/tests/golden/hwstate/s.json",
                                         sink, isa::scene_load_options());
  ASSERT_TRUE(sc) << sink.diagnostics().front().message;
  const auto& pool = *scene_state(*sc).texture_samplers;
  EXPECT_EQ(pool.max_index, 3u);
  ASSERT_EQ(pool.entries.size(), 3u);
  EXPECT_EQ(pool.entries.at(1).state.compare, texunit::CompareFunc::kLessEqual);
  EXPECT_EQ(pool.entries.at(2).state.min_lod, 1.0f);
  // A missing file is SCENE-FILE at the pool.
  j["texture_samplers"] = {{"file", "no-such.bin"}};
  core::DiagSink missing;
  EXPECT_FALSE(scene::load_scene_text(j.dump(), TEXSIM_SOURCE_DIR "/tests/golden/hwstate/s.json",
                                      missing, isa::scene_load_options()));
  ASSERT_FALSE(missing.diagnostics().empty());
  EXPECT_EQ(missing.diagnostics()[0].rule_id, "SCENE-FILE");
}

}  // namespace
}  // namespace texsim::isa::sass
