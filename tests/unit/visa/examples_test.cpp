// The built-in examples equal examples/visa/*, parse cleanly and produce the documented values.
#include "isa/visa/examples.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>

#include "isa/visa/frontend.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/report.hpp"

namespace texsim::isa::visa {
namespace {

// Scenes read with the vISA front end's sections.
scene::LoadOptions visa_scene_options() {
  scene::LoadOptions o;
  o.sections = {&scene_section()};
  return o;
}

std::string read(const std::string& path) {
  std::ifstream f(std::string(TEXSIM_SOURCE_DIR) + "/" + path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(Examples, EmbeddedTextsEqualTheFiles) {
  for (const auto& ex : builtin_examples()) {
    EXPECT_EQ(ex.program, read(ex.program_file)) << ex.program_file;
    std::string scene_file = ex.program_file;
    scene_file.replace(scene_file.find(".visaasm"), 8, ".json");
    EXPECT_EQ(ex.scene_json, read(scene_file)) << scene_file;
  }
}

TEST(Examples, RunWithTheDocumentedResults) {
  const auto fe = make_frontend();
  const auto examples = fe->examples();
  ASSERT_EQ(examples.size(), 3u);
  std::vector<scene::RegisterValue> regs;
  for (const auto& ex : examples) {
    if (ex.program_file == "examples/visa/sampler3d.visaasm") continue;  // checked below
    core::DiagSink sink;
    const auto sc = scene::load_scene_text(ex.scene_json, "<demo>", sink, visa_scene_options());
    ASSERT_TRUE(sc) << ex.name;
    const auto prog = fe->parse(SourceFile{ex.program_file, ex.program}, sc->platform, sink);
    ASSERT_TRUE(prog) << ex.name;
    const auto r = fe->execute(*prog, *sc, sc->platform, {}, sink);
    ASSERT_TRUE(r) << ex.name;
    EXPECT_FALSE(sink.has_errors());
    ASSERT_EQ(r->registers.size(), 1u);
    regs.push_back(r->registers[0]);
  }
  // media_ld: row i, byte j = 16 * min(6 + i, 7) + min(12 + j, 15).
  for (unsigned i = 0; i < 4; ++i) {
    for (unsigned j = 0; j < 8; ++j) {
      EXPECT_EQ(regs[0].bytes[8 * i + j], 16 * std::min(6u + i, 7u) + std::min(12u + j, 15u));
    }
  }
  // gather_scaled: lane i reads bytes 4 + 2i and 5 + 2i; lane 14 is partly out of bounds; lane 15
  // off.
  EXPECT_EQ(scene::element_hex(regs[1], 0), "0x????0504");
  EXPECT_EQ(scene::element_hex(regs[1], 13), "0x????1f1e");
  EXPECT_EQ(scene::element_hex(regs[1], 14), "0x????003f");  // byte 64 is past the end
  EXPECT_EQ(scene::element_hex(regs[1], 15), "0xdeadbeef");
}

TEST(Examples, Sampler3DCoversEveryOperation) {
  const auto fe = make_frontend();
  const auto examples = fe->examples();
  const auto& ex = examples[2];
  core::DiagSink sink;
  const auto sc = scene::load_scene_text(ex.scene_json, "<demo>", sink, visa_scene_options());
  ASSERT_TRUE(sc);
  const auto prog = fe->parse(SourceFile{ex.program_file, ex.program}, sc->platform, sink);
  ASSERT_TRUE(prog) << ex.name;
  const auto r = fe->execute(*prog, *sc, sc->platform, {}, sink);
  ASSERT_TRUE(r) << ex.name;
  ASSERT_EQ(r->registers.size(), 15u);  // one per operation
  auto reg = [&](const std::string& n) -> const scene::RegisterValue& {
    for (const auto& v : r->registers) {
      if (v.name == n) return v;
    }
    return r->registers[0];
  };
  auto f32 = [](const scene::RegisterValue& v, unsigned lane) {
    float f;
    std::memcpy(&f, v.bytes.data() + 4 * lane, 4);
    return f;
  };
  auto u32 = [](const scene::RegisterValue& v, unsigned byte) {
    uint32_t u;
    std::memcpy(&u, v.bytes.data() + byte, 4);
    return u;
  };
  EXPECT_EQ(f32(reg("R_SAMPLE"), 5), 11.0f);  // quad spacing 1 texel: LOD 0, texel (3, 2)
  EXPECT_EQ(f32(reg("R_B"), 0), 100.0f);      // bias 1: level 1
  EXPECT_EQ(f32(reg("R_L"), 0), 0.0f);        // cube +X
  EXPECT_EQ(f32(reg("R_L"), 1), 2.0f);        // cube +Y
  EXPECT_EQ(f32(reg("R_L"), 2), 5.0f);        // cube -Z
  EXPECT_EQ(f32(reg("R_C"), 0), 0.0f);        // 1 <= 0 fails
  EXPECT_EQ(f32(reg("R_C"), 1), 1.0f);        // 1 <= 1 passes
  EXPECT_EQ(f32(reg("R_D"), 0), 200.0f);      // dudx = 1 (4 texels): LOD 2
  EXPECT_EQ(reg("R_LZ").bytes[0] | (reg("R_LZ").bytes[1] << 8), 0x4980);  // layer 1: 11.0 as HF
  EXPECT_EQ(f32(reg("R_LOD"), 8), 0.0f);                                  // G (unclamped) of lane 0
  EXPECT_EQ(u32(reg("R_LD"), 0), 9u);
  EXPECT_EQ(u32(reg("R_LD"), 8), 0u);      // null tile
  EXPECT_EQ(u32(reg("R_LD"), 32), 0x33u);  // pixel null mask: lanes 2, 3, 6, 7 read null tiles
  EXPECT_EQ(u32(reg("R_LDLZ"), 0), std::bit_cast<uint32_t>(1.0f));  // aoffimmi U = +1
  EXPECT_EQ(u32(reg("R_MS"), 20), 201u);  // MCS 0x1b: sample 1 -> fragment 2
  EXPECT_EQ(u32(reg("R_MS"), 4), 77u);    // fast clear -> clear colour
  EXPECT_EQ(u32(reg("R_MS"), 12), 0u);    // x = 3 is out of bounds
  EXPECT_EQ(u32(reg("R_MS"), 16), 300u);  // sample index 9 clamped to 3
  EXPECT_EQ(u32(reg("R_MCS"), 4), 255u);  // ld_mcs of pixel 1
}

}  // namespace
}  // namespace texsim::isa::visa
