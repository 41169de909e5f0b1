// The texsim binary as a subprocess: exit statuses, the diagnostics format, a bad scene file for
// every error class, --json output parsed back, rendered PNG pixels at known points, the demo.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "scene/image.hpp"

namespace {

namespace fs = std::filesystem;

struct Result {
  int status = -1;
  std::string out;
  std::string err;
};

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    tmp_ = fs::temp_directory_path() /
           (std::string("texsim_cli_test_") + info->test_suite_name() + "_" + info->name());
    fs::remove_all(tmp_);
    fs::create_directories(tmp_);
  }
  void TearDown() override { fs::remove_all(tmp_); }

  // Runs texsim with `args` (shell words) in `cwd` (default: the CLI test scenes).
  Result run(const std::string& args, const std::string& cwd = TEXSIM_CLI_SCENES) {
    const fs::path err = tmp_ / "stderr.txt";
    const std::string cmd =
        "cd '" + cwd + "' && '" TEXSIM_BIN "' " + args + " 2>'" + err.string() + "' </dev/null";
    Result r;
    FILE* p = popen(cmd.c_str(), "r");
    if (p == nullptr) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int st = pclose(p);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    std::ifstream in(err);
    std::stringstream ss;
    ss << in.rdbuf();
    r.err = ss.str();
    return r;
  }
  std::string out_path(const std::string& name) const { return (tmp_ / name).string(); }

  fs::path tmp_;
};

std::string first_line(const std::string& s) {
  return s.substr(0, s.find('\n'));
}

// ---------------------------------------------------------------------------------------------
// Commands, help, version, usage errors

TEST_F(Cli, EveryCommandHasHelpAndVersion) {
  for (const char* verb : {"", "demo", "check", "asm", "disasm", "run", "render", "describe"}) {
    const Result h = run(std::string(verb) + " --help");
    EXPECT_EQ(h.status, 0) << verb;
    EXPECT_NE(h.out.find("Usage:"), std::string::npos) << verb;
    EXPECT_NE(h.out.find("--version"), std::string::npos) << verb;
    const Result v = run(std::string(verb) + " --version");
    EXPECT_EQ(v.status, 0) << verb;
    EXPECT_EQ(v.out, "texsim 0.1.0\n") << verb;
  }
  const Result top = run("--help");
  for (const char* verb : {"demo", "check", "asm", "disasm", "run", "render", "describe"}) {
    EXPECT_NE(top.out.find(verb), std::string::npos) << verb;
  }
}

TEST_F(Cli, UsageErrorsExit2) {
  EXPECT_EQ(run("frobnicate").status, 2);
  EXPECT_EQ(run("check").status, 2);          // FILE required
  EXPECT_EQ(run("run prog.sass").status, 2);  // --scene required
  EXPECT_EQ(run("check --bogus x.json").status, 2);
  const Result missing = run("check no_such_file.sass");
  EXPECT_EQ(missing.status, 2);
  EXPECT_EQ(missing.err, "texsim: cannot open 'no_such_file.sass': no such file\n");
  const Result ext = run("check mip_colors.txt");
  EXPECT_EQ(ext.status, 2);
}

TEST_F(Cli, PlatformAndIsaOptionsAreChecked) {
  const Result isa = run("check --isa vsia prog.sass");
  EXPECT_EQ(isa.status, 2);
  EXPECT_EQ(isa.err, "texsim: unknown ISA 'vsia' (expected visa or sass); did you mean visa?\n");
}

TEST_F(Cli, DescribeRulesListsSceneRules) {
  const Result r = run("describe --rules");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("SCENE-KEY"), std::string::npos);
  // Every registered front end contributes its rule ids.
  EXPECT_NE(r.out.find("VISA-MEDIA_LD-"), std::string::npos);
  EXPECT_NE(r.out.find("SASS-TLDS-"), std::string::npos);
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos);  // no colour when stdout is not a tty
  EXPECT_EQ(run("describe").status, 0);
}

// Issue 26: describe per architecture; a platform no ISA has is refused with the list.
TEST_F(Cli, DescribeTakesThePlatform) {
  const Result volta = run("describe TEX --platform sm75");
  EXPECT_EQ(volta.status, 0);
  EXPECT_NE(volta.out.find("TEX (SASS, SM75, Volta+ 128-bit words)"), std::string::npos);
  EXPECT_NE(volta.out.find("opcode 0xf60"), std::string::npos) << volta.out;
  const Result maxwell = run("describe TEX --platform SM52");
  EXPECT_NE(maxwell.out.find("TEX (SASS, SM50-SM62)"), std::string::npos) << maxwell.out;
  const Result json = run("describe TEX --platform SM90 --json");
  EXPECT_NE(json.out.find("\"platform\": \"SM90\""), std::string::npos) << json.out;
  const Result bad = run("describe TEX --platform SM99");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown SASS platform 'SM99'"), std::string::npos) << bad.err;
  // A vISA platform describes vISA opcodes only.
  EXPECT_EQ(run("describe TEX --platform TGLLP").status, 2);
  EXPECT_EQ(run("describe sample_3d --platform TGLLP").status, 0);
}

// ---------------------------------------------------------------------------------------------
// Scene diagnostics: one bad file per error class, exact first line, exit 1.

struct BadScene {
  const char* file;
  const char* first_line;
};

TEST_F(Cli, BadSceneFilesGiveExactDiagnosticsAndExit1) {
  const BadScene cases[] = {
      {"bad_unknown_key.json",
       "bad_unknown_key.json:4:58: error[SCENE-KEY]: surfaces[0].widht: unknown key \"widht\"; "
       "did you mean width?"},
      {"bad_wrong_type.json",
       "bad_wrong_type.json:4:34: error[SCENE-TYPE]: samplers[0].max_anisotropy: expected a "
       "number, got a string (\"4\")"},
      {"bad_missing_file.json",
       "bad_missing_file.json:5:25: error[SCENE-FILE]: surfaces[0].data.file: file "
       "\"missing.png\" not found (looked in " TEXSIM_CLI_SCENES ")"},
      {"bad_format_name.json",
       "bad_format_name.json:6:40: error[SCENE-FORMAT]: surfaces[2].format: unknown format "
       "\"R8G8B8A8_UNROM\"; did you mean R8G8B8A8_UNORM?"},
      {"bad_size_mismatch.json",
       "bad_size_mismatch.json:5:24: error[SCENE-SIZE]: surfaces[0].data.hex: expected 8 bytes "
       "(16 hex digits) for this 2D R8G8B8A8_UNORM surface, got 7 bytes"},
      {"bad_syntax.json",
       "bad_syntax.json:4:20: error[SCENE-JSON]: syntax error while parsing object - unexpected "
       "string literal; expected '}'"},
  };
  const std::regex format(R"(^[^:]+\.json:[0-9]+:[0-9]+: error\[SCENE-[A-Z]+\]: .*)");
  for (const BadScene& c : cases) {
    const Result r = run(std::string("check ") + c.file);
    EXPECT_EQ(r.status, 1) << c.file;
    EXPECT_EQ(first_line(r.err), c.first_line);
    EXPECT_TRUE(std::regex_match(first_line(r.err), format)) << r.err;
    // The excerpt: the source line, then a caret.
    EXPECT_NE(r.err.find("\n  "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("^\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("1 error, 0 warnings"), std::string::npos) << r.err;
  }
}

TEST_F(Cli, CheckReportsEveryFileAndEveryError) {
  const Result r = run("check bad_unknown_key.json bad_format_name.json mip_colors.json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("bad_unknown_key.json:4:58:"), std::string::npos);
  EXPECT_NE(r.err.find("bad_format_name.json:6:40:"), std::string::npos);
  EXPECT_NE(r.err.find("2 errors, 0 warnings"), std::string::npos);
  const Result ok = run("check mip_colors.json");
  EXPECT_EQ(ok.status, 0);
  EXPECT_TRUE(ok.err.empty()) << ok.err;
  // I/O problems outrank diagnostics.
  EXPECT_EQ(run("check bad_unknown_key.json nope.json").status, 2);
}

TEST_F(Cli, RunJsonReportsSceneDiagnostics) {
  const Result r = run("run prog.sass --scene bad_unknown_key.json --json");
  EXPECT_EQ(r.status, 1);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["registers"].is_object());
  EXPECT_TRUE(j["registers"].empty());
  ASSERT_EQ(j["diagnostics"].size(), 1u);
  EXPECT_EQ(j["diagnostics"][0]["rule"], "SCENE-KEY");
  EXPECT_EQ(j["diagnostics"][0]["line"], 4);
  EXPECT_EQ(j["diagnostics"][0]["column"], 58);
  EXPECT_EQ(j["diagnostics"][0]["severity"], "error");
  EXPECT_EQ(j["diagnostics"][0]["file"], "bad_unknown_key.json");
}

TEST_F(Cli, SceneOptions) {
  const Result budget = run("check --max-memory 1K mip_colors.json");
  EXPECT_EQ(budget.status, 1);
  EXPECT_NE(budget.err.find("BUDGET]"), std::string::npos) << budget.err;
  EXPECT_EQ(run("check --max-memory lots mip_colors.json").status, 2);
}

// ---------------------------------------------------------------------------------------------
// render: pixel values at known points, read back from the PNG.

std::array<uint8_t, 4> pixel(const std::string& png, uint32_t x, uint32_t y) {
  std::string why;
  const auto img = texsim::scene::read_png(png, why);
  EXPECT_TRUE(img) << why;
  if (!img) return {};
  const uint8_t* p = img->at(x, y);
  return {p[0], p[1], p[2], p[3]};
}

using Rgba = std::array<uint8_t, 4>;

TEST_F(Cli, RenderGridSelectsMipFromDerivatives) {
  // 64x64 drawn at 16x16: 4 texels per pixel, LOD 2: blue.
  const std::string out = out_path("grid.png");
  const Result r =
      run("render --scene mip_colors.json --surface 0 --sampler 0 --size 16x16 -o " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;  // no progress bar when stderr is not a terminal
  EXPECT_EQ(r.out,
            "wrote " + out + " (16x16, surface 0 R8G8B8A8_UNORM, sampler 0, d3d precision)\n");
  EXPECT_EQ(pixel(out, 8, 8), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(pixel(out, 0, 15), (Rgba{0, 0, 255, 255}));
  // At 64x64 one texel per pixel: level 0, red.
  ASSERT_EQ(run("render --scene mip_colors.json --surface 0 --size 64x64 -q -o " + out).status, 0);
  EXPECT_EQ(pixel(out, 10, 20), (Rgba{255, 0, 0, 255}));
}

// The nvidia precision profile is selectable; a misspelt profile is the usual error (P19).
TEST_F(Cli, RenderNvidiaPrecisionAndUnknownName) {
  const std::string out = out_path("nvidia.png");
  const Result r =
      run("render --scene mip_colors.json --surface 0 --sampler 0 --size 16x16 "
          "--precision nvidia -o " +
          out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "wrote " + out + " (16x16, surface 0 R8G8B8A8_UNORM, sampler 0, nvidia precision)\n");
  const Result bad =
      run("render --scene mip_colors.json --surface 0 --size 16x16 --precision nvidai -o " + out);
  EXPECT_NE(bad.status, 0);
  EXPECT_NE(bad.err.find("unknown precision profile 'nvidai' (expected d3d, exact, lavapipe or "
                         "nvidia)"),
            std::string::npos)
      << bad.err;
}

TEST_F(Cli, RenderExplicitLod) {
  const std::string out = out_path("lod.png");
  ASSERT_EQ(
      run("render --scene mip_colors.json --surface 0 --sampler 0 --size 8x8 --lod 3 -o " + out)
          .status,
      0);
  EXPECT_EQ(pixel(out, 4, 4), (Rgba{255, 255, 0, 255}));  // level 3: yellow
}

TEST_F(Cli, RenderPlaneShowsSkyAndMipLevels) {
  const std::string out = out_path("plane.png");
  const Result r =
      run("render --scene mip_colors.json --surface 0 --sampler 0 --size 64x64 --plane -o " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pixel(out, 32, 2), (Rgba{28, 32, 48, 255}));  // sky
  EXPECT_EQ(pixel(out, 32, 63), (Rgba{255, 0, 0, 255}));  // nearest row: level 0
  const Rgba far = pixel(out, 32, 18);                    // near the horizon: a deep level
  EXPECT_NE(far, (Rgba{255, 0, 0, 255}));
}

TEST_F(Cli, RenderCheckerAndMipColorsHelper) {
  const std::string out = out_path("checker.png");
  // R8 checker with 4-texel cells, drawn 8x8 at LOD 0 with point sampling: grey levels.
  ASSERT_EQ(
      run("render --scene mip_colors.json --surface 1 --sampler 0 --size 8x8 -o " + out).status, 0);
  EXPECT_EQ(pixel(out, 1, 1), (Rgba{255, 255, 255, 255}));
  EXPECT_EQ(pixel(out, 5, 1), (Rgba{0, 0, 0, 255}));
  // --mip-colors replaces the checker by a helper of the same shape (8x8, 4 levels).
  ASSERT_EQ(
      run("render --scene mip_colors.json --surface 1 --sampler 0 --size 4x4 --mip-colors -o " +
          out)
          .status,
      0);
  EXPECT_EQ(pixel(out, 2, 2), (Rgba{0, 255, 0, 255}));  // 8 texels over 4 pixels: level 1
  // No scene: the built-in checker.
  ASSERT_EQ(run("render --size 32x32 -o " + out, tmp_.string()).status, 0);
}

TEST_F(Cli, RenderDiffWritesAHeatMap) {
  const std::string out = out_path("diff.png");
  const Result r = run(
      "render --scene mip_colors.json --surface 0 --size 32x32 --plane --diff d3d,exact -o " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("d3d vs exact: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" pixels differ, max |difference| "), std::string::npos) << r.out;
  EXPECT_EQ(pixel(out, 0, 0), (Rgba{0, 0, 0, 255}));  // sky: no difference
}

TEST_F(Cli, RenderErrors) {
  EXPECT_EQ(run("render --scene mip_colors.json --surface 0").status, 2);              // no -o
  EXPECT_EQ(run("render --scene mip_colors.json -o " + out_path("x.png")).status, 2);  // 2 surfaces
  EXPECT_EQ(run("render --scene mip_colors.json --surface 7 -o " + out_path("x.png")).status, 2);
  EXPECT_EQ(
      run("render --scene mip_colors.json --surface 0 --size 0x3 -o " + out_path("x.png")).status,
      2);
  EXPECT_EQ(
      run("render --scene mip_colors.json --surface 0 --diff d3d -o " + out_path("x.png")).status,
      2);
  EXPECT_EQ(run("render --scene bad_format_name.json --surface 0 -o " + out_path("x.png")).status,
            1);
  EXPECT_EQ(run("render --scene mip_colors.json --surface 0 -o /nonexistent/x.png").status, 2);
}

// ---------------------------------------------------------------------------------------------
// The demo

TEST_F(Cli, DemoWritesThePictureAndSaysWhere) {
  for (const char* args : {"", "demo"}) {
    const Result r = run(args, tmp_.string());
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("texsim demo: D3D `ld` texel fetch"), std::string::npos);
    const std::string png = (tmp_ / "texsim-demo.png").string();
    EXPECT_NE(r.out.find("wrote " + png), std::string::npos) << r.out;
    EXPECT_EQ(pixel(png, 10, 5), (Rgba{28, 32, 48, 255}));  // sky
    EXPECT_EQ(pixel(png, 192, 255)[3], 255);
    fs::remove(png);
  }
}

// ---------------------------------------------------------------------------------------------
// Examples: every example scene loads.

TEST_F(Cli, ExampleScenesAreValid) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(fs::path(TEXSIM_EXAMPLES) / "scenes")) {
    if (e.path().extension() != ".json") continue;
    ++n;
    const Result r = run("check '" + e.path().string() + "'", tmp_.string());
    EXPECT_EQ(r.status, 0) << e.path() << "\n" << r.err;
  }
  EXPECT_GE(n, 3u);
}

}  // namespace

// `run --set media_oob=...` selects the MEDIA_LD out-of-bounds policy (decision V3); the default
// replicates the edge. The example reads columns 12..19 of a 16-wide R8_UINT surface at row 6.
TEST_F(Cli, RunSetSelectsTheMediaLdOutOfBoundsPolicy) {
  const std::string ex = TEXSIM_EXAMPLES "/visa/";
  const std::string base = "run " + ex + "media_ld.visaasm --scene " + ex + "media_ld.json --json";
  auto element = [](const Result& r, size_t i) {
    const auto j = nlohmann::json::parse(r.out);
    return j["registers"]["V35"]["values"][i];
  };
  const Result clamp = run(base);
  ASSERT_EQ(clamp.status, 0) << clamp.err;
  EXPECT_EQ(element(clamp, 3), 16 * 6 + 15);
  EXPECT_EQ(element(clamp, 4), 16 * 6 + 15);  // x = 16 replicates column 15
  const Result zero = run(base + " --set media_oob=zero");
  ASSERT_EQ(zero.status, 0) << zero.err;
  EXPECT_EQ(element(zero, 3), 16 * 6 + 15);
  EXPECT_EQ(element(zero, 4), 0);
  const Result undef = run(base + " --set media_oob=undefined");
  ASSERT_EQ(undef.status, 0) << undef.err;
  EXPECT_TRUE(element(undef, 4).is_null());

  const Result bad = run(base + " --set media_oob=mirror");
  EXPECT_EQ(bad.status, 2);  // a bad --set value is a usage error (issue 15 item 9)
  EXPECT_NE(bad.out.find("VISA-RUN-SETTING"), std::string::npos) << bad.out << bad.err;
  EXPECT_EQ(run(base + " --set noequals").status, 2);
}
