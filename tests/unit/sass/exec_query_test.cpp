// TXQ and TMML execution against hand-computed results (decisions T60-T69): dimensions per texture
// type and LOD, the header's level range, mask packing, undefined queries, TMML's fixed point.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <map>

#include "isa/sass/lower_query.hpp"
#include "isa/sass/lower_sample.hpp"
#include "isa/sass/scene_section.hpp"

#include "exec_run.hpp"

namespace texsim::isa::sass {
namespace {

using testing::tagged;
using texunit::SurfaceDesc;
using texunit::SurfaceType;
using M = std::map<std::string, uint32_t>;
using V = std::vector<std::string>;
using A4 = std::array<uint32_t, 4>;

// A scene with bank 1 as the bindless bank, a header pool (max_index 31) and a sampler pool
// (max_index 15, entry 0 trilinear clamp).
struct Scene {
  scene::Scene sc;
  Scene() {
    sc.isa = "sass";
    SceneState& st = edit_scene_state(sc);
    st.tex_bank = 1;
    st.texture_headers = TextureHeaderPool{31, {}};
    st.texture_samplers = TextureSamplerPool{15, {}};
    texunit::SamplerState trilinear;
    trilinear.mip_filter = texunit::MipFilter::kLinear;
    sampler(0, trilinear);
  }
  // Header `hdr` views `s` (levels min..max); bank word `hdr` holds (smp << 20) | hdr.
  void header(uint32_t hdr, texunit::Surface s, uint32_t min_level = 0, uint32_t max_level = 15,
              uint32_t smp = 0) {
    const auto id = static_cast<uint32_t>(sc.surfaces.size());
    sc.surfaces.push_back(scene::SceneSurface{id, "", std::move(s), std::nullopt});
    edit_scene_state(sc).texture_headers->entries[hdr] = {id, min_level, max_level, false};
    word(hdr, (smp << 20) | hdr);
  }
  void word(uint32_t w, uint32_t v) {
    auto& b = edit_scene_state(sc).const_banks[1];
    if (b.size() < 4 * (w + 1)) b.resize(4 * (w + 1), 0);
    for (unsigned i = 0; i < 4; ++i) b[4 * w + i] = static_cast<uint8_t>(v >> (8 * i));
  }
  void sampler(uint32_t i, const texunit::SamplerState& s) {
    edit_scene_state(sc).texture_samplers->entries[i] = scene::SceneSampler{i, s, {}, {}};
  }
  void reg(uint32_t r, uint32_t v) { edit_scene_state(sc).registers.r[r] = v; }
  testing::Outcome run(std::string_view text) const { return testing::run(sc, text); }
};

SurfaceDesc desc(SurfaceType t, uint32_t w, uint32_t h, uint32_t d_or_layers, uint32_t mips,
                 uint32_t samples = 1) {
  SurfaceDesc d;
  d.type = t;
  d.width = w;
  d.height = h;
  (t == SurfaceType::k3D ? d.depth : d.layers) = d_or_layers;
  d.mips = mips;
  d.samples = samples;
  return d;
}

// ---- TEX_HEADER_DIMENSION: D3D resinfo's layout per texture type (decisions T60).

TEST(SassExecQuery, DimensionLayoutPerTextureType) {
  EXPECT_EQ(header_dimension(desc(SurfaceType::k1D, 16, 1, 1, 5), 2), (A4{4, 0, 0, 5}));
  EXPECT_EQ(header_dimension(desc(SurfaceType::k1DArray, 16, 1, 7, 5), 1), (A4{8, 7, 0, 5}));
  EXPECT_EQ(header_dimension(desc(SurfaceType::k2D, 16, 4, 1, 5), 3), (A4{2, 1, 0, 5}));
  EXPECT_EQ(header_dimension(desc(SurfaceType::k2DArray, 16, 4, 9, 2), 1), (A4{8, 2, 9, 2}));
  EXPECT_EQ(header_dimension(desc(SurfaceType::k3D, 16, 8, 4, 5), 3), (A4{2, 1, 1, 5}));
  EXPECT_EQ(header_dimension(desc(SurfaceType::kCube, 8, 8, 1, 4), 1), (A4{4, 4, 0, 4}));
  // Cube arrays: the number of cubes, not of faces.
  EXPECT_EQ(header_dimension(desc(SurfaceType::kCubeArray, 8, 8, 3, 1), 0), (A4{8, 8, 3, 1}));
  // MSAA: texels, not samples.
  EXPECT_EQ(header_dimension(desc(SurfaceType::k2D, 4, 2, 1, 1, 8), 0), (A4{4, 2, 0, 1}));
}

TEST(SassExecQuery, DimensionBeyondTheLevelsHasZeroExtents) {
  // D3D resinfo: width/height/depth 0, the level count and the array size still returned.
  EXPECT_EQ(header_dimension(desc(SurfaceType::k2DArray, 16, 4, 9, 2), 2), (A4{0, 0, 9, 2}));
  EXPECT_EQ(header_dimension(desc(SurfaceType::k3D, 16, 8, 4, 5), 0xffffffffu), (A4{0, 0, 0, 5}));
  EXPECT_EQ(header_dimension(desc(SurfaceType::k1DArray, 16, 1, 7, 5), 5), (A4{0, 7, 0, 5}));
  // The last level is still in range.
  EXPECT_EQ(header_dimension(desc(SurfaceType::k2D, 16, 4, 1, 5), 4), (A4{1, 1, 0, 5}));
}

TEST(SassExecQuery, TxqDimensionReadsTheLodFromRaAndPacksTheMask) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 16, 8, 1, 4));
  s.reg(6, 2);
  EXPECT_EQ(s.run("TXQ R0, R6, TEX_HEADER_DIMENSION, 0x1, 0xf ;").regs,
            (M{{"R0", 4}, {"R1", 2}, {"R2", 0}, {"R3", 4}}));
  // Mask 0xa (G, A): consecutive registers from Rd, nothing else written.
  EXPECT_EQ(s.run("TXQ R0, R6, TEX_HEADER_DIMENSION, 0x1, 0xa ;").regs, (M{{"R0", 2}, {"R1", 4}}));
  // Ra = RZ: LOD 0.
  EXPECT_EQ(s.run("TXQ R9, RZ, TEX_HEADER_DIMENSION, 0x1, 0x3 ;").regs,
            (M{{"R9", 16}, {"R10", 8}}));
  // An out-of-range LOD: extents 0, the level count kept.
  s.reg(6, 4);
  EXPECT_EQ(s.run("TXQ R0, R6, TEX_HEADER_DIMENSION, 0x1, 0x9 ;").regs, (M{{"R0", 0}, {"R1", 4}}));
}

TEST(SassExecQuery, RdRZAndTheEndOfTheRegisterFile) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 16, 8, 1, 4));
  const auto none = s.run("TXQ RZ, RZ, TEX_HEADER_DIMENSION, 0x1, 0xf ;");
  EXPECT_TRUE(none.ok);
  EXPECT_EQ(none.regs, M{});
  // R253, R254, then RZ: the last two components vanish.
  EXPECT_EQ(s.run("TXQ R253, RZ, TEX_HEADER_DIMENSION, 0x1, 0xf ;").regs,
            (M{{"R253", 16}, {"R254", 8}}));
}

TEST(SassExecQuery, TheHeaderLevelRangeIsTheView) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 16, 8, 1, 5), 1, 3);  // levels 1..3 of 5
  EXPECT_EQ(s.run("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x1, 0xf ;").regs,
            (M{{"R0", 8}, {"R1", 4}, {"R2", 0}, {"R3", 3}}));
  // A max_level beyond the surface: the levels present.
  s.header(2, tagged(SurfaceType::k2D, 16, 8, 1, 5), 3, 15);
  EXPECT_EQ(s.run("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x2, 0x9 ;").regs, (M{{"R0", 2}, {"R1", 2}}));
  // A min_level the surface lacks: zeros (as the sampling instructions, T42).
  s.header(3, tagged(SurfaceType::k2D, 16, 8, 1, 2), 4, 6);
  EXPECT_EQ(s.run("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x3, 0x9 ;").regs, (M{{"R0", 0}, {"R1", 0}}));
}

TEST(SassExecQuery, CubeArrayAnd3DThroughTheMachine) {
  Scene s;
  s.header(1, tagged(SurfaceType::kCubeArray, 4, 4, 2, 1));
  s.header(2, tagged(SurfaceType::k3D, 8, 4, 2, 2));
  s.reg(6, 1);
  EXPECT_EQ(s.run("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x1, 0x7 ;").regs,
            (M{{"R0", 4}, {"R1", 4}, {"R2", 2}}));
  EXPECT_EQ(s.run("TXQ R0, R6, TEX_HEADER_DIMENSION, 0x2, 0x7 ;").regs,
            (M{{"R0", 4}, {"R1", 2}, {"R2", 1}}));
}

TEST(SassExecQuery, InvalidHeaderReturnsZeros) {
  Scene s;
  s.word(2, 40);  // header 40 > max_index 31
  const auto r = s.run("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x2, 0xf ;");
  EXPECT_EQ(r.regs, (M{{"R0", 0}, {"R1", 0}, {"R2", 0}, {"R3", 0}}));
  EXPECT_EQ(r.defined.at("R3"), true);
  EXPECT_EQ(r.rules(), V{});
  // Within max_index but absent from the pool: the scene is incomplete (T6).
  s.word(3, 30);
  const auto e = s.run("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x3, 0xf ;");
  EXPECT_FALSE(e.ok);
  EXPECT_EQ(e.rules(), V{"SASS-EXEC-STATE"});
}

TEST(SassExecQuery, TextureTypeGivesTheSampleCountInB) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 4, 4, 1, 1, 4));
  s.header(2, tagged(SurfaceType::k2D, 4, 4, 1, 3));
  auto r = s.run("TXQ R0, RZ, TEX_HEADER_TEXTURE_TYPE, 0x1, 0x4 ;");
  EXPECT_EQ(r.regs, (M{{"R0", 4}}));
  EXPECT_EQ(r.defined.at("R0"), true);
  EXPECT_EQ(r.rules(), V{});
  EXPECT_EQ(s.run("TXQ R0, RZ, TEX_HEADER_TEXTURE_TYPE, 0x2, 0x4 ;").regs, (M{{"R0", 1}}));
  // R, G and A are not documented: undefined, with a warning.
  r = s.run("TXQ R0, RZ, TEX_HEADER_TEXTURE_TYPE, 0x1, 0x5 ;");
  EXPECT_EQ(r.defined, (std::map<std::string, bool>{{"R0", false}, {"R1", true}}));
  EXPECT_EQ(r.regs.at("R1"), 4u);
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-QUERY-UNDEFINED"});
}

TEST(SassExecQuery, SamplerAndNumberedQueriesAreUndefined) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  for (const char* q : {"TEX_SAMPLER_FILTER", "TEX_SAMPLER_LOD", "TEX_SAMPLER_WRAP",
                        "TEX_SAMPLER_BORDER_COLOR", "TEX_HEADER_SAMPLER_POS"}) {
    const auto r = s.run(std::string("TXQ R0, RZ, ") + q + ", 0x1, 0x3 ;");
    EXPECT_EQ(r.defined, (std::map<std::string, bool>{{"R0", false}, {"R1", false}})) << q;
    EXPECT_EQ(r.rules(), V{"SASS-EXEC-QUERY-UNDEFINED"}) << q;
  }
  // A numbered query fails validation (SASS-TXQ-QUERY) and is undefined when run anyway.
  core::DiagSink sink;
  auto prog = parse_program("TXQ R0, RZ, 12, 0x1, 0x1 ;", "e.sass", sink);
  ASSERT_EQ(prog.size(), 1u);
  const auto out =
      run_program(prog, s.sc, settings_for(s.sc, "SM52", false), uint8_t{0xab}, sink, nullptr);
  ASSERT_TRUE(out);
  ASSERT_EQ(out->size(), 1u);
  EXPECT_EQ(out->at(0).bytes, (std::vector<uint8_t>{0xab, 0xab, 0xab, 0xab}));
  EXPECT_EQ(sink.diagnostics().back().rule_id, "SASS-EXEC-QUERY-UNDEFINED");
}

TEST(SassExecQuery, PredicateFalseWritesNothing) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 4, 4, 1, 1));
  EXPECT_EQ(s.run("@P0 TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x1, 0xf ;").regs, M{});
  EXPECT_EQ(s.run("@P0 TMML.LOD R0, R4, 0x1, 2D, 0x3 ;").regs, M{});
}

// ---- TMML: 8.8 fixed point (decisions T63) and the lone thread's LOD (T65).

TEST(SassExecQuery, TmmlFixedPoint) {
  EXPECT_EQ(tmml_lod_bits(1.5f), 0x180u);
  EXPECT_EQ(tmml_lod_bits(-0.5f), 0xffffff80u);  // sign-extended
  EXPECT_EQ(tmml_lod_bits(-std::numeric_limits<float>::infinity()), 0xffff8000u);
  EXPECT_EQ(tmml_lod_bits(200.0f), 0x7fffu);
  EXPECT_EQ(tmml_lod_bits(std::nanf("")), 0u);
  EXPECT_EQ(tmml_lod_bits(1.0f / 512), 0u);  // round half to even
  EXPECT_EQ(tmml_lod_bits(3.0f / 512), 2u);
  EXPECT_EQ(tmml_level_bits(2.25f), 0x240u);
  EXPECT_EQ(tmml_level_bits(-1.0f), 0u);
  EXPECT_EQ(tmml_level_bits(300.0f), 0xffffu);
}

TEST(SassExecQuery, TmmlParamAMatchTable) {
  using T = SurfaceType;
  EXPECT_TRUE(param_a_matches(ParamA::k1D, T::k1DArray));
  EXPECT_TRUE(param_a_matches(ParamA::kArray1D, T::k1D));
  EXPECT_TRUE(param_a_matches(ParamA::kArray2D, T::k2DArray));
  EXPECT_TRUE(param_a_matches(ParamA::kArrayCube, T::kCubeArray));
  EXPECT_TRUE(param_a_matches(ParamA::kCube, T::kCube));
  EXPECT_FALSE(param_a_matches(ParamA::k2D, T::kCube));
  EXPECT_FALSE(param_a_matches(ParamA::k3D, T::k2D));
  EXPECT_FALSE(param_a_matches(ParamA::kArray3D, T::k3D));
}

TEST(SassExecQuery, TmmlLoneThreadLodIsMinusInfinityAndTheLevelTheMinLodClamp) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 16, 16, 1, 5), 0, 15, 0);
  s.header(2, tagged(SurfaceType::k2D, 16, 16, 1, 5), 0, 15, 1);
  s.header(3, tagged(SurfaceType::k2D, 16, 16, 1, 3), 0, 15, 2);
  texunit::SamplerState t;
  t.mip_filter = texunit::MipFilter::kLinear;
  t.min_lod = 1.5f;
  t.lod_bias = 3.0f;  // no bias moves -inf
  s.sampler(1, t);
  t.min_lod = 7.0f;  // beyond the view: the last level
  s.sampler(2, t);
  s.reg(4, std::bit_cast<uint32_t>(0.3f));
  s.reg(5, std::bit_cast<uint32_t>(0.7f));
  const auto r = s.run("TMML.LOD R0, R4, 0x1, 2D, 0x3 ;");
  EXPECT_EQ(r.regs, (M{{"R0", 0xffff8000u}, {"R1", 0}}));
  EXPECT_EQ(r.rules(), V{});
  EXPECT_EQ(s.run("TMML.LOD R0, R4, 0x2, 2D, 0x3 ;").regs, (M{{"R0", 0xffff8000u}, {"R1", 0x180}}));
  EXPECT_EQ(s.run("TMML.LOD R0, R4, 0x3, 2D, 0x3 ;").regs, (M{{"R0", 0xffff8000u}, {"R1", 0x200}}));
  // .NDV changes nothing for a lone thread's quad.
  EXPECT_EQ(s.run("TMML.LOD.NDV R0, R4, 0x2, 2D, 0x3 ;").regs,
            (M{{"R0", 0xffff8000u}, {"R1", 0x180}}));
  // Mask G only: the level goes to Rd.
  EXPECT_EQ(s.run("TMML.LOD R7, R4, 0x2, 2D, 0x2 ;").regs, (M{{"R7", 0x180}}));
}

TEST(SassExecQuery, TmmlReadsCoordinatesAfterTheArrayIndex) {
  // Only a NaN coordinate is visible to a lone thread: its derivative is NaN, the LOD NaN
  // (R = 0) and the clamp picks the TSC max LOD, cut to the view's last level (G = 2.0).
  Scene s;
  s.header(1, tagged(SurfaceType::k2DArray, 16, 16, 4, 3));
  const uint32_t nan = std::bit_cast<uint32_t>(std::nanf(""));
  const uint32_t half = std::bit_cast<uint32_t>(0.5f);
  s.reg(4, nan);  // ARRAY_2D: R4 is the array index, never a coordinate
  s.reg(5, half);
  s.reg(6, half);
  s.reg(7, nan);
  EXPECT_EQ(s.run("TMML.LOD R0, R4, 0x1, ARRAY_2D, 0x3 ;").regs,
            (M{{"R0", 0xffff8000u}, {"R1", 0}}));
  EXPECT_EQ(s.run("TMML.LOD R0, R5, 0x1, ARRAY_2D, 0x3 ;").regs, (M{{"R0", 0}, {"R1", 0x200}}));
  // 2D reads two registers: R5, R6 (R7 is not read).
  EXPECT_EQ(s.run("TMML.LOD R0, R5, 0x1, 2D, 0x3 ;").regs, (M{{"R0", 0xffff8000u}, {"R1", 0}}));
  EXPECT_EQ(s.run("TMML.LOD R0, R4, 0x1, 2D, 0x3 ;").regs, (M{{"R0", 0}, {"R1", 0x200}}));
}

TEST(SassExecQuery, TmmlBAndAAreUndefined) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 16, 16, 1, 5));
  const auto r = s.run("TMML.LOD R0, R4, 0x1, 2D, 0xf ;");
  EXPECT_EQ(r.defined, (std::map<std::string, bool>{
                           {"R0", true}, {"R1", true}, {"R2", false}, {"R3", false}}));
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-QUERY-UNDEFINED"});
}

TEST(SassExecQuery, TmmlMismatchInvalidHeaderAndSamplerState) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 16, 16, 1, 5));
  EXPECT_EQ(s.run("TMML.LOD R0, R4, 0x1, 3D, 0x3 ;").regs, (M{{"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(s.run("TMML.LOD R0, R4, 0x1, CUBE, 0x3 ;").regs, (M{{"R0", 0}, {"R1", 0}}));
  s.word(2, 40);  // header 40 > max_index
  auto r = s.run("TMML.LOD R0, R4, 0x2, 2D, 0x3 ;");
  EXPECT_EQ(r.regs, (M{{"R0", 0}, {"R1", 0}}));
  EXPECT_EQ(r.defined.at("R0"), true);
  s.word(3, (20u << 20) | 1u);  // sampler 20 > max_index 15: undefined (T43)
  r = s.run("TMML.LOD R0, R4, 0x3, 2D, 0x3 ;");
  EXPECT_EQ(r.defined, (std::map<std::string, bool>{{"R0", false}, {"R1", false}}));
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-SAMPLER-INDEX"});
  s.word(4, (9u << 20) | 1u);  // sampler 9: within max_index, no entry
  EXPECT_EQ(s.run("TMML.LOD R0, R4, 0x4, 2D, 0x3 ;").rules(), V{"SASS-EXEC-STATE"});
  edit_scene_state(s.sc).texture_samplers.reset();
  r = s.run("TMML.LOD R0, R4, 0x1, 2D, 0x3 ;");
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.rules(), V{"SASS-EXEC-STATE"});
  // TXQ needs no sampler pool.
  EXPECT_EQ(s.run("TXQ R0, RZ, TEX_HEADER_DIMENSION, 0x1, 0x1 ;").regs, (M{{"R0", 16}}));
}

// TMML shares the sampling forms' TSC/paramA/level checks (prepare_sample) but accepts a
// depth-compare sampler: a LOD query compares nothing (decisions T59).
TEST(SassExecQuery, TmmlAcceptsADepthCompareSampler) {
  Scene s;
  s.header(1, tagged(SurfaceType::k2D, 8, 8, 1, 4));
  s.header(2, tagged(SurfaceType::k2D, 8, 8, 1, 4), 0, 15, 1);
  texunit::SamplerState cmp;
  cmp.mip_filter = texunit::MipFilter::kLinear;
  cmp.compare = texunit::CompareFunc::kLessEqual;
  s.sampler(1, cmp);
  s.reg(4, std::bit_cast<uint32_t>(0.5f));
  s.reg(5, std::bit_cast<uint32_t>(0.5f));
  const auto plain = s.run("TMML.LOD R0, R4, 0x1, 2D, 0x3 ;");
  const auto compare = s.run("TMML.LOD R0, R4, 0x2, 2D, 0x3 ;");
  ASSERT_TRUE(compare.ok);
  EXPECT_EQ(compare.regs, plain.regs);
  EXPECT_EQ(compare.regs.size(), 2u);
  EXPECT_EQ(compare.rules(), V{});
  EXPECT_TRUE(compare.defined.at("R0"));
  EXPECT_TRUE(compare.defined.at("R1"));
}

}  // namespace
}  // namespace texsim::isa::sass
