// Warp-wide execution (issue 26, exec_warp.cpp, decision W13): 32 lanes with their own
// registers, the active mask and per-lane predicates, quad derivatives for implicit LOD and TMML
// (full quads from SM75, .NDV, DEFAULT_PARTIAL), one diagnostic per cause, and the scene keys.
#include <gtest/gtest.h>

#include <array>
#include <string>

#include "exec_run.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/exec_warp.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::sass {
namespace {

using testing::fb;
using testing::Fixture;
using testing::tagged;
using texunit::SurfaceType;
using Lanes = std::array<uint32_t, kWarpLanes>;

struct WarpOutcome {
  std::map<std::string, scene::RegisterValue> regs;
  std::vector<core::Diagnostic> diags;
  bool ok = false;
  uint32_t lane(const std::string& r, unsigned l) const {
    const auto& b = regs.at(r).bytes;
    return uint32_t{b[4 * l]} | uint32_t{b[4 * l + 1]} << 8 | uint32_t{b[4 * l + 2]} << 16 |
           uint32_t{b[4 * l + 3]} << 24;
  }
  bool defined(const std::string& r, unsigned l) const { return regs.at(r).byte_defined(4 * l); }
  std::string rules() const {
    std::string s;
    for (const auto& d : diags) s += d.rule_id + " ";
    return s;
  }
};

WarpOutcome run_warp_text(const scene::Scene& sc, std::string_view text, unsigned sm) {
  core::DiagSink sink;
  const auto prog = parse_program(text, "w.sass", sink, nullptr, sm);
  EXPECT_FALSE(sink.has_errors()) << text;
  WarpOutcome o;
  const std::string platform = sm == 0 ? "SM52" : "SM" + std::to_string(sm);
  const auto out =
      run_program(prog, sc, settings_for(sc, platform, false), std::nullopt, sink, nullptr);
  o.diags = sink.diagnostics();
  if (!out) return o;
  o.ok = true;
  for (const auto& v : *out) o.regs[v.name] = v;
  return o;
}

// An 8x8 2D surface with 3 levels behind handle 1; texel w = 1000 * level.
Fixture warp_fixture() {
  Fixture f;
  f.sampler(0, testing::point());
  f.add(1, tagged(SurfaceType::k2D, 8, 8, 1, 3));
  return f;
}

// Lane coordinates: quad q at texel (4 * (q % 2), 2 * (q / 2)) + 0.5, its lanes `step` texels
// apart in x (lanes 1, 3) and y (lanes 2, 3): a footprint of `step` texels, LOD log2(step).
void quad_coords(Fixture& f, float step) {
  Lanes x{}, y{};
  for (unsigned l = 0; l < kWarpLanes; ++l) {
    const unsigned q = l / 4;
    const float tx = 4.0f * static_cast<float>(q % 2) + 0.5f + ((l & 1u) != 0 ? step : 0.0f);
    const float ty = 2.0f * static_cast<float>(q / 2 % 4) + 0.5f + ((l & 2u) != 0 ? step : 0.0f);
    x[l] = fb(tx / 8.0f), y[l] = fb(ty / 8.0f);
  }
  auto& regs = edit_scene_state(f.sc).registers;
  regs.r_lanes[4] = x;
  regs.r_lanes[5] = y;
}

TEST(SassExecWarp, EachLaneReadsItsOwnRegistersUnderTheMaskAndPredicate) {
  Fixture f = warp_fixture();
  Lanes x{}, y{};
  std::array<bool, kWarpLanes> p0{};
  for (unsigned l = 0; l < kWarpLanes; ++l) x[l] = l % 8, y[l] = l / 8, p0[l] = l != 5;
  auto& st = edit_scene_state(f.sc);
  st.registers.r_lanes[12] = x;
  st.registers.r_lanes[13] = y;
  st.registers.p_lanes[0] = p0;
  st.registers.r[20] = 0xdead;                     // every lane's R20 before the fetch
  st.warp = WarpState{0x7fffffffu, std::nullopt};  // lane 31 inactive
  for (unsigned sm : {0u, 75u}) {
    const std::string_view text = sm == 0 ? "@P0 TLD.LZ R20, R12, 0x1, 2D, 0x3 ;"
                                          : "@P0 TLD.LZ RZ, R20, R12, 0x1, 0x1, 2D, 0x3 ;";
    const WarpOutcome o = run_warp_text(f.sc, text, sm);
    ASSERT_TRUE(o.ok) << o.rules();
    EXPECT_TRUE(o.diags.empty()) << o.rules();
    ASSERT_EQ(o.regs.at("R20").element_count(), kWarpLanes);
    for (unsigned l = 0; l < kWarpLanes; ++l) {
      const bool runs = l != 5 && l != 31;
      EXPECT_EQ(o.lane("R20", l), runs ? l % 8 : 0xdeadu) << "lane " << l << " SM" << sm;
      EXPECT_EQ(o.lane("R21", l), runs ? l / 8 : 0u) << "lane " << l;
    }
  }
}

// Explicit-LOD forms need no quad: every lane computes what a lone thread with its registers
// computes (the per-thread machine, proven against lavapipe).
TEST(SassExecWarp, ExplicitFormsEqualTheLoneThreadLaneByLane) {
  Fixture f = warp_fixture();
  quad_coords(f, 1.5f);
  f.regf(6, 1.0f);
  const WarpOutcome o = run_warp_text(f.sc, "TEX.LL R22, R20, R4, R6, 0x1, 0x1, 2D ;", 75);
  ASSERT_TRUE(o.ok);
  const auto& st = scene_state(f.sc);
  for (unsigned l = 0; l < kWarpLanes; ++l) {
    Fixture one = warp_fixture();
    one.reg(4, st.registers.r_lanes.at(4)[l]);
    one.reg(5, st.registers.r_lanes.at(5)[l]);
    one.regf(6, 1.0f);
    core::DiagSink sink;
    const auto prog =
        parse_program("TEX.LL R22, R20, R4, R6, 0x1, 0x1, 2D ;", "t.sass", sink, nullptr, 75);
    const testing::Outcome want = testing::run_parsed(prog, one.sc, "SM75");
    ASSERT_TRUE(want.ok);
    for (const auto& [r, v] : want.regs) EXPECT_EQ(o.lane(r, l), v) << r << " lane " << l;
  }
}

// Implicit LOD (TEX without .LL/.LZ): a full quad's coarse derivatives on SM75+ (footprint 2
// texels: level 1); before SM75 every non-fragment quad is partial, so DEFAULT_PARTIAL decides
// (zero: level 0, infinity: the last level) unless .NDV asks for the quad's derivatives.
TEST(SassExecWarp, ImplicitLodTakesTheQuadsDerivatives) {
  Fixture f = warp_fixture();
  quad_coords(f, 2.0f);
  struct Case {
    unsigned sm;
    std::string_view text;
    std::optional<DefaultPartial> partial;
    uint32_t level;  // 99: undefined
  };
  const Case cases[] = {
      {75, "TEX R22, R20, R4, 0x1, 0x1, 2D ;", std::nullopt, 1},
      {90, "TEX R22, R20, R4, 0x1, 0x1, 2D ;", std::nullopt, 1},
      {70, "TEX R22, R20, R4, 0x1, 0x1, 2D ;", std::nullopt, 99},
      {70, "TEX R22, R20, R4, 0x1, 0x1, 2D ;", DefaultPartial::kZero, 0},
      {70, "TEX R22, R20, R4, 0x1, 0x1, 2D ;", DefaultPartial::kInfinity, 2},
      {70, "TEX.NDV R22, R20, R4, 0x1, 0x1, 2D ;", std::nullopt, 1},
      {0, "TEX R20, R4, 0x1, 2D, 0xf ;", DefaultPartial::kZero, 0},
      {0, "TEX.NDV R20, R4, 0x1, 2D, 0xf ;", std::nullopt, 1},
  };
  for (const Case& c : cases) {
    edit_scene_state(f.sc).warp = WarpState{0xffffffffu, c.partial};
    const WarpOutcome o = run_warp_text(f.sc, c.text, c.sm);
    ASSERT_TRUE(o.ok) << c.text;
    const std::string w = "R23";  // component w: Rd + 3 (SM52) or Rd2 + 1 (Volta+)
    for (unsigned l = 0; l < kWarpLanes; ++l) {
      if (c.level == 99) {
        EXPECT_FALSE(o.defined(w, l)) << c.text << " lane " << l;
      } else {
        EXPECT_TRUE(o.defined(w, l));
        EXPECT_EQ(o.lane(w, l), 1000 * c.level) << c.text << " SM" << c.sm << " lane " << l;
      }
    }
    if (c.level == 99) {
      ASSERT_EQ(o.diags.size(), 1u) << o.rules();  // one warning for the 32 lanes
      EXPECT_EQ(o.diags[0].rule_id, "SASS-EXEC-QUAD-DERIVATIVES");
      EXPECT_NE(o.diags[0].message.find("(lanes 0-31)"), std::string::npos) << o.diags[0].message;
    } else {
      EXPECT_TRUE(o.diags.empty()) << c.text << ": " << o.rules();
    }
  }
}

// A partial quad on SM75+ (a lane inactive): DEFAULT_PARTIAL for its other lanes; the other
// quads keep their own derivatives. With .NDV the inactive lane's registers still count.
TEST(SassExecWarp, PartialQuadsTakeDefaultPartialUnlessNdv) {
  Fixture f = warp_fixture();
  quad_coords(f, 2.0f);
  edit_scene_state(f.sc).warp = WarpState{0xfffffffdu, DefaultPartial::kInfinity};  // lane 1 off
  const WarpOutcome o = run_warp_text(f.sc, "TEX R22, R20, R4, 0x1, 0x1, 2D ;", 86);
  ASSERT_TRUE(o.ok);
  for (unsigned l : {0u, 2u, 3u}) EXPECT_EQ(o.lane("R23", l), 2000u) << l;
  EXPECT_EQ(o.lane("R23", 1), 0u);  // inactive: R23 keeps its (zero) value
  for (unsigned l = 4; l < kWarpLanes; ++l) EXPECT_EQ(o.lane("R23", l), 1000u) << l;
  const WarpOutcome ndv = run_warp_text(f.sc, "TEX.NDV R22, R20, R4, 0x1, 0x1, 2D ;", 86);
  for (unsigned l : {0u, 2u, 3u}) EXPECT_EQ(ndv.lane("R23", l), 1000u) << l;
}

// TMML's LOD query through the same quads: R = LOD (8.8 fixed point as TMML writes it).
TEST(SassExecWarp, TmmlQueriesTheQuadsLod) {
  Fixture f = warp_fixture();
  quad_coords(f, 4.0f);  // footprint 4 texels: LOD 2
  const WarpOutcome warp = run_warp_text(f.sc, "TMML.LOD R22, R20, R4, 0x1, 0x1, 2D, 0x3 ;", 75);
  ASSERT_TRUE(warp.ok) << warp.rules();
  // The same query on a lone thread gives LOD -inf clamped: the warp's must differ, and all four
  // lanes of a quad agree.
  Fixture one = warp_fixture();
  one.reg(4, scene_state(f.sc).registers.r_lanes.at(4)[0]);
  one.reg(5, scene_state(f.sc).registers.r_lanes.at(5)[0]);
  core::DiagSink sink;
  const auto prog =
      parse_program("TMML.LOD R22, R20, R4, 0x1, 0x1, 2D, 0x3 ;", "t.sass", sink, nullptr, 75);
  const testing::Outcome lone = testing::run_parsed(prog, one.sc, "SM75");
  ASSERT_TRUE(lone.ok);
  EXPECT_NE(warp.lane("R20", 0), lone.regs.at("R20"));
  for (unsigned l = 1; l < 4; ++l) EXPECT_EQ(warp.lane("R20", l), warp.lane("R20", 0));
  EXPECT_EQ(warp.lane("R20", 0), 2u << 8) << std::hex << warp.lane("R20", 0);
}

TEST(SassExecWarp, QuadDerivativeRule) {
  EXPECT_TRUE(quad_derivatives_from_lanes(false, true, 75));
  EXPECT_FALSE(quad_derivatives_from_lanes(false, false, 90));
  EXPECT_FALSE(quad_derivatives_from_lanes(false, true, 72));
  EXPECT_FALSE(quad_derivatives_from_lanes(false, true, 0));
  EXPECT_TRUE(quad_derivatives_from_lanes(true, false, 70));
}

// An error in every lane is one diagnostic naming the lanes, and stops the program.
TEST(SassExecWarp, OneDiagnosticPerCauseWithItsLanes) {
  Fixture f = warp_fixture();
  edit_scene_state(f.sc).warp = WarpState{0x0000ff00u, std::nullopt};
  const WarpOutcome o = run_warp_text(f.sc, "TLD.LZ RZ, R20, R12, 0x1, 0x9, 2D ;", 75);
  EXPECT_FALSE(o.ok);
  ASSERT_EQ(o.diags.size(), 1u) << o.rules();
  EXPECT_NE(o.diags[0].message.find("(lanes 8-15)"), std::string::npos) << o.diags[0].message;
}

scene::LoadOptions sass_only() {
  scene::LoadOptions o;
  o.sections = {&scene_section()};
  return o;
}

TEST(SassExecWarp, SceneKeys) {
  std::string lanes = "[";
  for (unsigned l = 0; l < kWarpLanes; ++l) lanes += (l ? "," : "") + std::to_string(l);
  lanes += "]";
  std::string bools = "[";
  for (unsigned l = 0; l < kWarpLanes; ++l) bools += l ? ",false" : "true";
  bools += "]";
  const std::string good = R"({"texsim": 1, "isa": "sass", "registers": {"R3": )" + lanes +
                           R"(, "P1": )" + bools + R"(, "R4": "0x10"},
      "warp": {"active_mask": "0x0000ffff", "default_partial": "infinity"}})";
  core::DiagSink sink;
  const auto sc = scene::load_scene_text(good, "w.json", sink, sass_only());
  ASSERT_TRUE(sc) << core::format_diagnostic(sink.diagnostics().at(0));
  const SceneState& st = scene_state(*sc);
  EXPECT_TRUE(st.warp_wide());
  EXPECT_EQ(st.registers.r_lanes.at(3)[31], 31u);
  EXPECT_TRUE(st.registers.p_lanes.at(1)[0]);
  EXPECT_FALSE(st.registers.p_lanes.at(1)[1]);
  EXPECT_EQ(st.registers.r.at(4), 0x10u);
  EXPECT_EQ(st.warp->active_mask, 0xffffu);
  EXPECT_EQ(st.warp->default_partial, DefaultPartial::kInfinity);

  const std::pair<std::string, std::string> bad[] = {
      {R"({"texsim": 1, "isa": "sass", "registers": {"R3": [1, 2]}})", "exactly 32 values"},
      {R"({"texsim": 1, "isa": "sass", "registers": {"UR3": [1, 2]}})", "UR3"},
      {R"({"texsim": 1, "isa": "sass", "warp": {"default_partial": "one"}})", "default_partial"},
      {R"({"texsim": 1, "isa": "sass", "warp": {"active_mask": "0x123456789"}})", "active_mask"},
      {R"({"texsim": 1, "isa": "sass", "warp": {"lanes": 32}})", "lanes"},
  };
  for (const auto& [text, want] : bad) {
    core::DiagSink s;
    const auto b = scene::load_scene_text(text, "b.json", s, sass_only());
    EXPECT_FALSE(b) << text;
    ASSERT_FALSE(s.diagnostics().empty()) << text;
    EXPECT_NE(core::format_diagnostic(s.diagnostics()[0]).find(want), std::string::npos)
        << core::format_diagnostic(s.diagnostics()[0]);
  }
  // A scene without "warp" or per-lane registers runs one thread, as before.
  Fixture f = warp_fixture();
  EXPECT_FALSE(scene_state(f.sc).warp_wide());
}

}  // namespace
}  // namespace texsim::isa::sass
