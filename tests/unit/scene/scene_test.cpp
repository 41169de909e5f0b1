// Tests of the scene loader: every data source, the machine-state sections, and every error
// class with its exact message and line:column.
#include "scene/scene.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>

#include "loaded_scene.hpp"
#include "scene/image.hpp"
#include "texunit/fetch.hpp"
#include "texunit/format.hpp"

namespace texsim::scene {
namespace {

namespace fs = std::filesystem;

using testing::Loaded;

Loaded load(const std::string& text, const std::string& path = "scene.json",
            const LoadOptions& opt = {}) {
  return testing::load_text(text, path, opt);
}

// A scene with one surface whose JSON body is `surface` (without braces).
std::string one_surface(const std::string& surface) {
  return "{\"texsim\": 1, \"surfaces\": [{" + surface + "}]}";
}

class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("texsim_scene_test_" + std::to_string(reinterpret_cast<uintptr_t>(this)) + "_" +
             std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path_);
    fs::create_directories(path_ / "sub");
  }
  ~TempDir() { fs::remove_all(path_); }
  fs::path path() const { return path_; }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path_ / name, std::ios::binary) << text;
    return (path_ / name).string();
  }

 private:
  fs::path path_;
};

uint32_t u32_at(const texunit::Surface& s, uint32_t level, uint32_t slice, uint32_t x, uint32_t y,
                uint32_t sample = 0) {
  const uint8_t* p = s.texel_ptr(sample, level, slice, x, y);
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

// ---------------------------------------------------------------------------------------------
// Successful loads

TEST(SceneLoad, MinimalScene) {
  const auto l = load(R"({"texsim": 1})");
  ASSERT_TRUE(l.scene) << l.first();
  EXPECT_TRUE(l.scene->surfaces.empty());
  EXPECT_EQ(l.scene->path, "scene.json");
  EXPECT_TRUE(l.sink.diagnostics().empty());
}

TEST(SceneData, FillFloatFormat) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 2, "height": 2, "mips": 2,
         "data": {"fill": [1, 0, 0.5, 1]})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto& s = l.scene->surfaces[0].surface;
  EXPECT_EQ(u32_at(s, 0, 0, 1, 1), 0xff8000ffu);
  EXPECT_EQ(u32_at(s, 1, 0, 0, 0), 0xff8000ffu);
}

TEST(SceneData, FillIntegerFormatAndDefaults) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R16G16_UINT", "width": 1, "data": {"fill": [3, 65535]})"));
  ASSERT_TRUE(l.scene) << l.first();
  const uint8_t* p = l.scene->surfaces[0].surface.texel_ptr(0, 0, 0, 0, 0);
  EXPECT_EQ(p[0], 3);
  EXPECT_EQ(p[1], 0);
  EXPECT_EQ(p[2], 0xff);
  EXPECT_EQ(p[3], 0xff);
}

TEST(SceneData, GeneratorChecker) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": 16, "height": 16, "mips": "full",
         "data": {"generator": "checker", "cell": 4})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto& s = l.scene->surfaces[0].surface;
  EXPECT_EQ(s.desc().mips, 5u);
  EXPECT_EQ(*s.texel_ptr(0, 0, 0, 0, 0), 0xff);
  EXPECT_EQ(*s.texel_ptr(0, 0, 0, 4, 0), 0x00);
  EXPECT_EQ(*s.texel_ptr(0, 0, 0, 4, 4), 0xff);
  EXPECT_EQ(*s.texel_ptr(0, 1, 0, 2, 0), 0x00);  // cells halve per level
}

TEST(SceneData, GeneratorGradient) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R32G32B32A32_FLOAT", "width": 4, "height": 2,
         "data": {"generator": "gradient"})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto& s = l.scene->surfaces[0].surface;
  const float* p = reinterpret_cast<const float*>(s.texel_ptr(0, 0, 0, 3, 1));
  EXPECT_EQ(p[0], 0.875f);
  EXPECT_EQ(p[1], 0.75f);
  EXPECT_EQ(p[2], 0.5f);
  EXPECT_EQ(p[3], 1.0f);
}

TEST(SceneData, GeneratorRandomIsSeeded) {
  auto bytes = [](int seed) {
    const auto l = load(one_surface(
        R"("id": 0, "type": "2D", "format": "BC1_UNORM", "width": 8, "height": 8,
           "data": {"generator": "random", "seed": )" +
        std::to_string(seed) + "}"));
    EXPECT_TRUE(l.scene) << l.first();
    const auto b = l.scene->surfaces[0].surface.bytes();
    return std::vector<uint8_t>(b.begin(), b.end());
  };
  EXPECT_EQ(bytes(1), bytes(1));
  EXPECT_NE(bytes(1), bytes(2));
  EXPECT_EQ(bytes(1).size(), 32u);
}

TEST(SceneData, GeneratorMipColors) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 8, "height": 8, "mips": 4,
         "data": {"generator": "mip-colors"})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto& s = l.scene->surfaces[0].surface;
  EXPECT_EQ(u32_at(s, 0, 0, 7, 7), 0xff0000ffu);  // red
  EXPECT_EQ(u32_at(s, 1, 0, 0, 0), 0xff00ff00u);  // green
  EXPECT_EQ(u32_at(s, 2, 0, 1, 1), 0xffff0000u);  // blue
  EXPECT_EQ(u32_at(s, 3, 0, 0, 0), 0xff00ffffu);  // yellow
}

TEST(SceneData, HexWholeSurfaceInLinearLayout) {
  // 2x1, 2 mips, R8_UINT: level 0 = 01 02, level 1 = 03.
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8_UINT", "width": 2, "mips": 2, "data": {"hex": "01 02 03"})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto& s = l.scene->surfaces[0].surface;
  EXPECT_EQ(*s.texel_ptr(0, 0, 0, 1, 0), 2);
  EXPECT_EQ(*s.texel_ptr(0, 1, 0, 0, 0), 3);
}

TEST(SceneData, TexelsInContractOrder) {
  // 2x1 2D array with 2 layers: x fastest, then layer.
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D_ARRAY", "format": "R8G8B8A8_UINT", "width": 2, "layers": 2,
         "data": {"texels": [[1,2,3,4], [5,6,7,8], [9,10,11,12], [13,14,15,16]]})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto& s = l.scene->surfaces[0].surface;
  EXPECT_EQ(u32_at(s, 0, 0, 1, 0), 0x08070605u);
  EXPECT_EQ(u32_at(s, 0, 1, 0, 0), 0x0c0b0a09u);
}

TEST(SceneData, TexelsFollowTheFormatsChannelOrder) {
  // B8G8R8A8: values listed B, G, R, A (the name's order = memory order).
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "B8G8R8A8_UNORM", "width": 1,
         "data": {"texels": [[1, 0, 0, 1]]})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto fetched = texunit::fetch_texel(l.scene->surfaces[0].surface.view(), {});
  EXPECT_EQ(fetched.texel.f(2), 1.0f);  // B
  EXPECT_EQ(fetched.texel.f(0), 0.0f);  // R
}

TEST(SceneData, TexelsSingleChannelAsNumbersAndSamplesLast) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R32_FLOAT", "width": 2, "samples": 2,
         "data": {"texels": [0.5, -1, 2, 3]})"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto& s = l.scene->surfaces[0].surface;
  EXPECT_EQ(std::bit_cast<float>(u32_at(s, 0, 0, 1, 0, 0)), -1.0f);
  EXPECT_EQ(std::bit_cast<float>(u32_at(s, 0, 0, 0, 0, 1)), 2.0f);
}

TEST(SceneData, PngFileWithBoxFilteredMips) {
  TempDir dir;
  Image img(2, 2);
  for (uint32_t y = 0; y < 2; ++y) {
    for (uint32_t x = 0; x < 2; ++x) {
      uint8_t* p = img.at(x, y);
      p[0] = x == 0 ? 255 : 0;
      p[1] = y == 0 ? 255 : 0;
      p[2] = 51;
      p[3] = 255;
    }
  }
  std::string why;
  ASSERT_TRUE(write_png((dir.path() / "sub" / "t.png").string(), img, why)) << why;
  const std::string scene = dir.write(
      "s.json", one_surface(R"("id": 0, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 2,
                               "height": 2, "mips": 2, "data": {"file": "sub/t.png"})"));
  core::DiagSink sink;
  const auto s = load_scene_file(scene, sink);
  ASSERT_TRUE(s) << (sink.diagnostics().empty() ? ""
                                                : core::format_diagnostic(sink.diagnostics()[0]));
  const auto& surf = s->surfaces[0].surface;
  EXPECT_EQ(u32_at(surf, 0, 0, 0, 0), 0xff33ffffu);
  EXPECT_EQ(u32_at(surf, 0, 0, 1, 1), 0xff330000u);
  EXPECT_EQ(u32_at(surf, 1, 0, 0, 0), 0xff338080u);  // average of 255, 0, 255, 0 = 127.5 -> 128
}

TEST(SceneData, MsaaMcsAndClearColor) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R32_UINT", "width": 2, "samples": 4,
         "data": {"texels": [10, 11, 20, 21, 30, 31, 40, 41]},
         "mcs": ["0xff", 228], "clear_color": [7])"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto view = l.scene->surfaces[0].surface.view();
  texunit::FetchRequest req;
  req.sample = 2;
  const auto cleared = texunit::fetch_texel(view, req);
  EXPECT_TRUE(cleared.fast_cleared);
  EXPECT_EQ(cleared.texel.u(0), 7u);
  req.coord = {1, 0, 0};
  EXPECT_EQ(texunit::fetch_texel(view, req).texel.u(0), 31u);
}

TEST(SceneData, NullTiles) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": 8, "height": 8,
         "data": {"fill": [1]}, "null_tiles": [{"x": 4, "y": 0, "width": 4, "height": 8}])"));
  ASSERT_TRUE(l.scene) << l.first();
  const auto view = l.scene->surfaces[0].surface.view();
  ASSERT_EQ(view.null_regions.size(), 1u);
  texunit::FetchRequest req;
  req.coord = {5, 3, 0};
  EXPECT_TRUE(texunit::fetch_texel(view, req).null_tile);
  req.coord = {3, 3, 0};
  EXPECT_FALSE(texunit::fetch_texel(view, req).null_tile);
}

TEST(SceneSections, SamplerKeys) {
  const auto l = load(R"({"texsim": 1, "samplers": [
    {"id": 3, "filter": "point", "mip_filter": "none", "address": "mirror_once",
     "compare": "less_equal", "lod_bias": -1.5, "min_lod": 1, "max_lod": 3, "max_anisotropy": 8,
     "reduction": "max", "normalized": false, "srgb_decode": false, "precision": "exact",
     "border_color_int": [1, "0xffffffff", -1, 0]}]})");
  ASSERT_TRUE(l.scene) << l.first();
  const SceneSampler& s = l.scene->samplers[0];
  EXPECT_EQ(s.id, 3u);
  EXPECT_EQ(s.state.min_filter, texunit::Filter::kPoint);
  EXPECT_EQ(s.state.mag_filter, texunit::Filter::kPoint);
  EXPECT_EQ(s.state.mip_filter, texunit::MipFilter::kNone);
  EXPECT_EQ(s.state.address[2], texunit::AddressMode::kMirrorOnce);
  EXPECT_EQ(s.state.compare, texunit::CompareFunc::kLessEqual);
  EXPECT_EQ(s.state.lod_bias, -1.5f);
  EXPECT_EQ(s.state.max_anisotropy, 8.0f);
  EXPECT_EQ(s.state.reduction, texunit::Reduction::kMax);
  EXPECT_FALSE(s.state.normalized_coords);
  EXPECT_FALSE(s.state.srgb_decode);
  EXPECT_EQ(s.precision, texunit::PrecisionKind::kExact);
  EXPECT_EQ(s.state.border_color_int[1], 0xffffffffu);
  EXPECT_EQ(s.state.border_color_int[2], 0xffffffffu);
}

TEST(SceneSections, MemoryFromFileAndSize) {
  TempDir dir;
  dir.write("buf.bin", std::string("\x01\x02\x03", 3));
  const std::string path =
      dir.write("s.json", R"({"texsim": 1, "memory": {"stateless": {"file": "buf.bin", "size": 8},
                    "slm": {"size": 4}}})");
  core::DiagSink sink;
  const auto s = load_scene_file(path, sink);
  ASSERT_TRUE(s);
  EXPECT_EQ(*s->stateless, (std::vector<uint8_t>{1, 2, 3, 0, 0, 0, 0, 0}));
  EXPECT_EQ(*s->slm, (std::vector<uint8_t>(4, 0)));
}

// ---------------------------------------------------------------------------------------------
// Errors: each class gives an exact message at the right line:column, and no scene.

TEST(SceneErrors, JsonSyntaxHasLineAndColumn) {
  const auto l = load("{\n  \"texsim\": 1,\n  \"surfaces\": [,]\n}");
  EXPECT_FALSE(l.scene);
  ASSERT_EQ(l.sink.error_count(), 1u);
  EXPECT_EQ(l.sink.diagnostics()[0].rule_id, "SCENE-JSON");
  EXPECT_TRUE(l.first().starts_with("scene.json:3:16: error[SCENE-JSON]: syntax error"))
      << l.first();
}

TEST(SceneErrors, UnknownKeyWithSuggestion) {
  const auto l = load(
      "{\"texsim\": 1,\n \"surfaces\": [{\"id\": 0, \"type\": \"2D\", "
      "\"format\": \"R8_UNORM\", \"width\": 4, \"widht\": 4}]}");
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.texts(), std::vector<std::string>{
                           "scene.json:2:73: error[SCENE-KEY]: surfaces[0].widht: unknown key "
                           "\"widht\"; did you mean width?"});
}

TEST(SceneErrors, UnknownTopLevelKey) {
  const auto l = load(R"({"texsim": 1, "samplerz": []})");
  EXPECT_EQ(l.first(),
            "scene.json:1:15: error[SCENE-KEY]: samplerz: unknown key \"samplerz\"; "
            "did you mean samplers?");
}

TEST(SceneErrors, WrongType) {
  const auto l = load(one_surface(R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": "4")"));
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.first(),
            "scene.json:1:83: error[SCENE-TYPE]: surfaces[0].width: expected an "
            "integer, got a string (\"4\")");
}

TEST(SceneErrors, MissingRequiredKey) {
  const auto l = load(one_surface(R"("id": 0, "type": "2D", "width": 4)"));
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.first(),
            "scene.json:1:28: error[SCENE-MISSING]: surfaces[0]: missing required key "
            "\"format\"");
  EXPECT_EQ(load("{}").first(),
            "scene.json:1:1: error[SCENE-MISSING]: missing required key \"texsim\"");
}

TEST(SceneErrors, BadFormatName) {
  const auto l = load(
      "{\"texsim\": 1, \"surfaces\": [{}, {}, {\"id\": 0, \"type\": \"2D\",\n"
      "  \"format\": \"R8G8B8A8_UNROM\", \"width\": 4}]}");
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.texts().back(),
            "scene.json:2:13: error[SCENE-FORMAT]: surfaces[2].format: unknown format "
            "\"R8G8B8A8_UNROM\"; did you mean R8G8B8A8_UNORM?");
}

TEST(SceneErrors, BadEnumNames) {
  const auto l =
      load(R"({"texsim": 1, "samplers": [{"id": 0, "address": ["warp"], "compare": "lequal"}]})");
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "scene.json:1:50: error[SCENE-VALUE]: samplers[0].address[0]: unknown address "
                "mode \"warp\"; did you mean wrap?",
                "scene.json:1:70: error[SCENE-VALUE]: samplers[0].compare: unknown compare "
                "function \"lequal\"; did you mean equal?"}));
}

TEST(SceneErrors, HexSizeMismatch) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8G8B8A8_UNORM", "width": 2, "data": {"hex": "00112233"})"));
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.first(),
            "scene.json:1:108: error[SCENE-SIZE]: surfaces[0].data.hex: expected 8 bytes "
            "(16 hex digits) for this 2D R8G8B8A8_UNORM surface, got 4 bytes");
}

TEST(SceneErrors, HexBadDigitPointsAtTheDigit) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": 2, "data": {"hex": "0g11"})"));
  EXPECT_EQ(l.first(),
            "scene.json:1:104: error[SCENE-VALUE]: surfaces[0].data.hex: invalid hex "
            "digit 'g' at offset 1");
}

TEST(SceneErrors, TexelCountMismatch) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8_UINT", "width": 2, "height": 2, "data": {"texels": [1, 2, 3]})"));
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.first(),
            "scene.json:1:117: error[SCENE-SIZE]: surfaces[0].data.texels: expected 4 "
            "texels (x fastest, then y, z or layer, mip, sample), got 3");
}

TEST(SceneErrors, TexelChannelCountAndRange) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8G8_UINT", "width": 2, "data": {"texels": [[1], [2, 256]]})"));
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "scene.json:1:107: error[SCENE-SIZE]: surfaces[0].data.texels[0]: expected 2 "
                "values (RG) for R8G8_UINT, got 1",
                "scene.json:1:116: error[SCENE-VALUE]: surfaces[0].data.texels[1][1]: must be in "
                "[0, 255], got 256"}));
}

TEST(SceneErrors, MissingFile) {
  TempDir dir;
  const std::string path =
      dir.write("s.json", one_surface(R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": 2,
                               "data": {"file": "nope.png"})"));
  core::DiagSink sink;
  EXPECT_FALSE(load_scene_file(path, sink));
  ASSERT_EQ(sink.error_count(), 1u);
  EXPECT_EQ(core::format_diagnostic(sink.diagnostics()[0]),
            path +
                ":2:49: error[SCENE-FILE]: surfaces[0].data.file: file \"nope.png\" not found "
                "(looked in " +
                dir.path().string() + ")");
}

TEST(SceneErrors, FileOutsideTheScenesFolder) {
  TempDir dir;
  Image img(2, 1);
  std::string why;
  ASSERT_TRUE(write_png((dir.path() / "t.png").string(), img, why));
  const std::string surface = R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": 2,
                                 "data": {"file": "../t.png"})";
  const std::string path = (dir.path() / "sub" / "s.json").string();
  std::ofstream(path) << one_surface(surface);
  core::DiagSink sink;
  EXPECT_FALSE(load_scene_file(path, sink));
  ASSERT_EQ(sink.error_count(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].message,
            "surfaces[0].data.file: \"../t.png\" is outside the scene's folder");
  core::DiagSink sink2;
  LoadOptions allow;
  allow.allow_any_path = true;
  EXPECT_TRUE(load_scene_file(path, sink2, allow));
}

TEST(SceneErrors, NotAPng) {
  TempDir dir;
  dir.write("t.png", "not a png");
  const std::string path = dir.write(
      "s.json",
      one_surface(
          R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": 2, "data": {"file": "t.png"})"));
  core::DiagSink sink;
  EXPECT_FALSE(load_scene_file(path, sink));
  ASSERT_EQ(sink.error_count(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "SCENE-FILE");
}

TEST(SceneErrors, PngSizeMismatch) {
  TempDir dir;
  std::string why;
  ASSERT_TRUE(write_png((dir.path() / "t.png").string(), Image(3, 1), why));
  const std::string path = dir.write(
      "s.json",
      one_surface(
          R"("id": 0, "type": "2D", "format": "R8_UNORM", "width": 2, "data": {"file": "t.png"})"));
  core::DiagSink sink;
  EXPECT_FALSE(load_scene_file(path, sink));
  EXPECT_EQ(sink.diagnostics()[0].message,
            "surfaces[0].data.file: the PNG is 3x1, the surface's level 0 is 2x1");
}

TEST(SceneErrors, SceneFileMissing) {
  core::DiagSink sink;
  EXPECT_FALSE(load_scene_file("/nonexistent/scene.json", sink));
  EXPECT_EQ(core::format_diagnostic(sink.diagnostics()[0]),
            "/nonexistent/scene.json: error[SCENE-FILE]: no such file");
}

TEST(SceneErrors, SurfaceValidationCarriesThePath) {
  const auto l = load(
      one_surface(R"("id": 0, "type": "CUBE", "format": "R8_UNORM", "width": 4, "height": 2)"));
  EXPECT_FALSE(l.scene);
  ASSERT_FALSE(l.sink.diagnostics().empty());
  EXPECT_EQ(l.sink.diagnostics()[0].rule_id, "TEXUNIT-SURFACE-CUBE-SQUARE");
  EXPECT_TRUE(
      l.first().starts_with("scene.json:1:28: error[TEXUNIT-SURFACE-CUBE-SQUARE]: "
                            "surfaces[0]: cube faces must be square"))
      << l.first();
}

TEST(SceneErrors, MemoryBudget) {
  LoadOptions opt;
  opt.max_bytes = 100;
  const auto l =
      load(R"({"texsim": 1, "memory": {"slm": {"size": 64}, "stateless": {"size": 64}}})",
           "scene.json", opt);
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.first(),
            "scene.json:1:60: error[SCENE-BUDGET]: memory.stateless: the scene needs 128 "
            "bytes, more than the budget of 100 bytes");
}

TEST(SceneErrors, MsaaKeysOnSingleSampleSurface) {
  const auto l =
      load(one_surface(R"("id": 0, "type": "2D", "format": "R8_UINT", "width": 2, "mcs": [0, 0])"));
  EXPECT_EQ(l.first(),
            "scene.json:1:92: error[SCENE-VALUE]: surfaces[0].mcs: needs a multisampled "
            "surface (samples > 1), got samples 1");
}

TEST(SceneErrors, McsCount) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8_UINT", "width": 2, "samples": 2, "mcs": [0])"));
  EXPECT_EQ(l.first(),
            "scene.json:1:106: error[SCENE-SIZE]: surfaces[0].mcs: expected 2 MCS values "
            "(one per pixel of level 0 per slice), got 1");
}

TEST(SceneErrors, OneDataSource) {
  const auto l = load(one_surface(
      R"("id": 0, "type": "2D", "format": "R8_UINT", "width": 2, "data": {"fill": [1], "hex": "0000"})"));
  EXPECT_EQ(l.first(),
            "scene.json:1:93: error[SCENE-VALUE]: surfaces[0].data: expected one data "
            "source, got fill or hex");
}

TEST(SceneErrors, NothingHalfLoaded) {
  // One bad sampler among good surfaces: no scene at all.
  const auto l = load(R"({"texsim": 1,
    "surfaces": [{"id": 0, "type": "2D", "format": "R8_UNORM", "width": 2}],
    "samplers": [{"id": 0, "max_anisotropy": 32}]})");
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.sink.error_count(), 1u);
  EXPECT_EQ(l.first(),
            "scene.json:3:46: error[SCENE-VALUE]: samplers[0].max_anisotropy: must be in "
            "[1, 16], got 32");
}

// Vulkan's maxAnisotropy is a float: a scene takes any number in [1, 16].
TEST(SceneSections, MaxAnisotropyIsANumber) {
  const auto l = load(R"({"texsim": 1, "samplers": [{"id": 0, "max_anisotropy": 2.75}]})");
  ASSERT_TRUE(l.scene) << l.first();
  EXPECT_EQ(l.scene->samplers[0].state.max_anisotropy, 2.75f);
  const auto low = load(R"({"texsim": 1, "samplers": [{"id": 0, "max_anisotropy": 0.5}]})");
  EXPECT_FALSE(low.scene);
  EXPECT_EQ(low.first(),
            "scene.json:1:56: error[SCENE-VALUE]: samplers[0].max_anisotropy: must be in "
            "[1, 16], got 0.5");
  const auto high = load(R"({"texsim": 1, "samplers": [{"id": 0, "max_anisotropy": 16.5}]})");
  EXPECT_FALSE(high.scene);
}

TEST(SceneErrors, DiagnosticsComeInSourceOrder) {
  const auto l = load("{\"texsim\": 1, \"zzz\": 1,\n \"aaa\": 2}");
  ASSERT_EQ(l.sink.diagnostics().size(), 2u);
  EXPECT_TRUE(l.texts()[0].starts_with("scene.json:1:15:"));
  EXPECT_TRUE(l.texts()[1].starts_with("scene.json:2:2:"));
}

TEST(SceneNames, ElemTypes) {
  EXPECT_EQ(elem_type_from_name("hf"), ElemType::kHF);
  EXPECT_EQ(elem_type_name(ElemType::kUQ), "UQ");
  EXPECT_EQ(elem_type_size(ElemType::kDF), 8u);
  EXPECT_FALSE(elem_type_from_name("X"));
  EXPECT_FALSE(scene_rules().empty());
}

}  // namespace
}  // namespace texsim::scene
