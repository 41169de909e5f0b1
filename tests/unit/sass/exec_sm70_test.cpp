// Volta+ execution (issue 26, exec_sm70.cpp): each SM70+ form computes what the Maxwell/Pascal
// instruction of the same meaning computes (the model proven against lavapipe), with the texture
// from its constant bank word or uniform register, .SCR's split vectors, and Rd/Rd2 (W11, W12).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "isa/sass/exec.hpp"
#include "isa/sass/exec_sm70.hpp"
#include "isa/sass/syntax.hpp"

#include "exec_run.hpp"

namespace texsim::isa::sass {
namespace {

using testing::fb;
using testing::Fixture;
using testing::Outcome;
using testing::tagged;
using texunit::SurfaceType;
using M = std::map<std::string, uint32_t>;

Outcome run_at(const Fixture& f, std::string_view text, unsigned sm) {
  core::DiagSink sink;
  const auto prog = parse_program(text, "t.sass", sink, nullptr, sm);
  EXPECT_EQ(sink.error_count(), 0u)
      << text << ": " << (sink.diagnostics().empty() ? "" : sink.diagnostics()[0].message);
  return testing::run_parsed(prog, f.sc, sm == 0 ? "SM52" : "SM" + std::to_string(sm));
}

// A fixture with 2D, 2D-array, 3D and MS surfaces behind handles 1..4 of bank 1.
Fixture fixture() {
  Fixture f;
  f.sampler(0, testing::point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 3));
  f.add(2, tagged(SurfaceType::k2DArray, 8, 8, 4, 1));
  f.add(3, tagged(SurfaceType::k3D, 4, 4, 4, 1));
  f.add(4, tagged(SurfaceType::k2D, 4, 4, 1, 1, 4));
  f.regf(4, 5.5f / 8);  // x
  f.regf(5, 2.5f / 8);  // y
  f.regf(6, 1.0f);      // lod (Maxwell Rb)
  f.reg(8, 2);          // layer
  f.regf(9, 3.5f / 8);
  f.regf(10, 6.5f / 8);
  f.reg(12, 3);  // integer x, y, level, sample
  f.reg(13, 1);
  f.reg(14, 1);
  return f;
}

// Each pair: the Maxwell/Pascal line and the Volta+ line of the same meaning (bound texture in
// bank 1, Rd2 = Rd + 2): the same registers, bit for bit, on every Volta+ architecture.
TEST(SassExecSm70, EachFormComputesWhatItsMaxwellFormComputes) {
  const Fixture f = fixture();
  const std::pair<std::string_view, std::string_view> pairs[] = {
      {"TEX.LZ R20, R4, 0x1, 2D, 0xf ;", "TEX.LZ R22, R20, R4, 0x1, 0x1, 2D ;"},
      {"TEX.LL R20, R4, R6, 0x1, 2D, 0xf ;", "TEX.LL R22, R20, R4, R6, 0x1, 0x1, 2D ;"},
      {"TEX.LZ R20, R8, 0x2, ARRAY_2D, 0x9 ;", "TEX.LZ RZ, R20, R8, 0x1, 0x2, ARRAY_2D, 0x9 ;"},
      {"TLD.LZ R20, R12, 0x1, 2D, 0xf ;", "TLD.LZ R22, R20, R12, 0x1, 0x1, 2D ;"},
      {"TLD.LL R20, R12, R14, 0x1, 2D, 0x7 ;", "TLD.LL R22, R20, R12, R14, 0x1, 0x1, 2D, 0x7 ;"},
      {"TLD.LZ.MS R20, R12, R14, 0x4, 2D, 0xf ;", "TLD.LZ.MS R22, R20, R12, R14, 0x1, 0x4, 2D ;"},
      {"TLD4.G R20, R4, 0x1, 2D, 0xf ;", "TLD4.G R22, R20, R4, 0x1, 0x1, 2D ;"},
      {"TXD R20, R4, R4, 0x1, 2D, 0xf ;", "TXD R22, R20, R4, R4, 0x1, 0x1, 2D ;"},
  };
  for (const auto& [maxwell, volta] : pairs) {
    const Outcome want = run_at(f, maxwell, 0);
    ASSERT_TRUE(want.ok) << maxwell;
    EXPECT_FALSE(want.regs.empty());
    for (unsigned sm : {70u, 75u, 86u, 90u}) {
      const Outcome got = run_at(f, volta, sm);
      EXPECT_TRUE(got.ok) << volta;
      EXPECT_EQ(got.regs, want.regs) << volta << " on SM" << sm;
    }
  }
}

// .SCR (decision W11): the Maxwell sequence (array, coordinates; then LOD, offsets, reference)
// split with the first ceil(n/2) registers in Ra and the rest in Rb, as ptxas 11.8 packs it.
TEST(SassExecSm70, ScrSplitsTheSourcesBetweenRaAndRb) {
  Fixture f = fixture();
  const Outcome want = run_at(f, "TEX.LL R20, R8, R6, 0x2, ARRAY_2D, 0xf ;", 0);
  ASSERT_TRUE(want.ok);
  // layer, x | y, lod: R8, R9 | R40, R41; R10 holds garbage the split form must not read.
  f.regf(40, 6.5f / 8);
  f.regf(41, 1.0f);
  f.regf(10, 0.0f);
  EXPECT_EQ(run_at(f, "TEX.SCR.LL R22, R20, R8, R40, 0x1, 0x2, ARRAY_2D ;", 75).regs, want.regs);
  // Two sources (x | y) on TLD.SCR.LZ: one register each.
  const Outcome fetch = run_at(f, "TLD.LZ R20, R12, 0x1, 2D, 0xf ;", 0);
  f.reg(50, 3);
  f.reg(51, 1);
  EXPECT_EQ(run_at(f, "TLD.SCR.LZ R22, R20, R50, R51, 0x1, 0x1, 2D ;", 75).regs, fetch.regs);
}

TEST(SassExecSm70, TheTextureComesFromItsBankWordOrUniformRegister) {
  Fixture f = fixture();
  const Outcome want = run_at(f, "TEX.LZ R22, R20, R4, 0x1, 0x1, 2D ;", 75);
  // The same handle in UR4 (a uniform register of the scene).
  edit_scene_state(f.sc).registers.ur[4] = (0u << 20) | 1u;
  EXPECT_EQ(run_at(f, "TEX.LZ R22, R20, R4, UR4, 0x0, 2D ;", 90).regs, want.regs);
  // A word the scene's bank does not hold stops the run (SASS-EXEC-STATE).
  const Outcome missing = run_at(f, "TEX.LZ R22, R20, R4, 0x1, 0x40, 2D ;", 75);
  EXPECT_FALSE(missing.ok);
  EXPECT_EQ(missing.rules(), std::vector<std::string>{"SASS-EXEC-STATE"});
  // The two-index form and a uniform immediate have no known meaning: undefined, with a warning.
  const Outcome cb2 = run_at(f, "TEX.???0.LZ RZ, R20, R4, ???255, 0x1, 0x1, 0x0, 2D, 0x1 ;", 80);
  EXPECT_TRUE(cb2.ok);
  EXPECT_EQ(cb2.rules(), std::vector<std::string>{"SASS-EXEC-UNDEFINED-FORM"});
  EXPECT_FALSE(cb2.defined.at("R20"));
  const Outcome imm = run_at(f, "TEX.LZ RZ, R20, R4, UR4, 0x8, 2D, 0x1 ;", 90);
  EXPECT_EQ(imm.rules(), std::vector<std::string>{"SASS-EXEC-UNDEFINED-FORM"});
}

// Rd takes the first two components the mask selects, Rd2 the others (ptxas: mask 0xb -> R, G to
// Rd, A to Rd2); .F16.RN packs two a register.
TEST(SassExecSm70, ComponentsGoToRdThenRd2) {
  const Fixture f = fixture();
  const Outcome all = run_at(f, "TLD.LZ R22, R20, R12, 0x1, 0x1, 2D ;", 75);
  ASSERT_TRUE(all.ok);
  const Outcome part = run_at(f, "TLD.LZ R30, R20, R12, 0x1, 0x1, 2D, 0xb ;", 75);
  EXPECT_EQ(
      part.regs,
      (M{{"R20", all.regs.at("R20")}, {"R21", all.regs.at("R21")}, {"R30", all.regs.at("R23")}}));
}

// ptxas 11.8 compiles tex.1d for sm_70..sm_90 to a 2D TEX with y = +0.0 (decisions W14): on a
// 1D texture the Volta+ forms read it as the 1D lookup (y ignored); Maxwell's TEX 2D reads zeros.
TEST(SassExecSm70, ATwoDimensionalSampleOfAOneDimensionalTextureIsTheOneDimensionalLookup) {
  Fixture f;
  f.sampler(0, testing::point());
  f.add(5, tagged(SurfaceType::k1D, 8, 1, 1, 1));
  f.regf(4, 5.5f / 8);
  f.regf(5, 0.0f);
  f.regf(7, 0.75f);  // a y the 1D lookup ignores
  const Outcome one_d = run_at(f, "TEX.LZ R22, R20, R4, 0x1, 0x5, 1D ;", 90);
  ASSERT_TRUE(one_d.ok);
  EXPECT_NE(one_d.regs.at("R20"), 0u);
  for (const unsigned sm : {70u, 75u, 90u}) {
    EXPECT_EQ(run_at(f, "TEX.LZ R22, R20, R4, 0x1, 0x5, 2D ;", sm).regs, one_d.regs) << sm;
  }
  f.regf(5, 0.75f);
  EXPECT_EQ(run_at(f, "TEX.LZ R22, R20, R4, 0x1, 0x5, 2D ;", 90).regs, one_d.regs);
  // 3D stays a mismatch: zeros.
  const Outcome three_d = run_at(f, "TEX.LZ R22, R20, R4, 0x1, 0x5, 3D ;", 90);
  EXPECT_EQ(three_d.regs.at("R20"), 0u);
  // Maxwell/Pascal: paramA 2D on a 1D header reads zeros (T5).
  const Outcome maxwell = run_at(f, "TEX.LZ R20, R4, 0x5, 2D, 0xf ;", 0);
  EXPECT_EQ(maxwell.regs.at("R20"), 0u);
}

}  // namespace
}  // namespace texsim::isa::sass
