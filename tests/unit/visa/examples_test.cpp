// The built-in examples equal examples/visa/*, parse cleanly and produce the documented values.
#include "isa/visa/examples.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "isa/visa/frontend.hpp"
#include "scene/report.hpp"

namespace texsim::isa::visa {
namespace {

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
  ASSERT_EQ(examples.size(), 2u);
  std::vector<scene::RegisterValue> regs;
  for (const auto& ex : examples) {
    core::DiagSink sink;
    const auto sc = scene::load_scene_text(ex.scene_json, "<demo>", sink);
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
  // gather_scaled: lane i reads bytes 4 + 2i and 5 + 2i; lane 14 is partly out of bounds; lane 15 off.
  EXPECT_EQ(scene::element_hex(regs[1], 0), "0x????0504");
  EXPECT_EQ(scene::element_hex(regs[1], 13), "0x????1f1e");
  EXPECT_EQ(scene::element_hex(regs[1], 14), "0x????003f");  // byte 64 is past the end
  EXPECT_EQ(scene::element_hex(regs[1], 15), "0xdeadbeef");
}

}  // namespace
}  // namespace texsim::isa::visa
