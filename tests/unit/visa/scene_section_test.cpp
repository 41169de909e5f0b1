// Tests of the ISA front ends' scene sections read through the scene loader: vISA variables and
// dispatch state, SASS registers and pools, with their exact diagnostics and line:column.
#include "isa/sass/scene_section.hpp"
#include "isa/registry.hpp"
#include "isa/visa/scene_section.hpp"
#include "isa/visa/scene_states.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "isa/frontend.hpp"
#include "unit/scene/loaded_scene.hpp"

namespace texsim::isa {
namespace {

using scene::testing::Loaded;

Loaded load(const std::string& text) {
  return scene::testing::load_text(text, "scene.json", isa::scene_load_options());
}

TEST(SceneLoad, ContractExample) {
  const auto l = load(R"({
  "texsim": 1,
  "isa": "visa",
  "platform": "tgllp",
  "surfaces": [
    { "id": 2, "type": "2D", "format": "R8G8B8A8_UNORM",
      "width": 64, "height": 64, "depth": 1, "layers": 1, "mips": 1, "samples": 1,
      "data": { "generator": "checker", "seed": 1 } }
  ],
  "samplers": [
    { "id": 1, "min_filter": "linear", "mag_filter": "linear", "mip_filter": "point",
      "address": ["wrap", "clamp", "border"], "border_color": [0, 0, 0, 1],
      "compare": null, "lod_bias": 0, "min_lod": 0, "max_lod": 14, "max_anisotropy": 1 }
  ],
  "memory": { "slm": { "hex": "00112233" } },
  "registers": { "V10": { "type": "F", "values": [0.5, 0.25] } }
})");
  ASSERT_TRUE(l.scene) << l.first();
  const scene::Scene& s = *l.scene;
  EXPECT_EQ(s.isa, "visa");
  EXPECT_EQ(s.platform, "TGLLP");
  ASSERT_EQ(s.surfaces.size(), 1u);
  EXPECT_EQ(s.surfaces[0].id, 2u);
  EXPECT_EQ(s.surfaces[0].surface.desc().width, 64u);
  ASSERT_NE(s.find_sampler(1), nullptr);
  const auto& st = s.find_sampler(1)->state;
  EXPECT_EQ(st.mip_filter, texunit::MipFilter::kPoint);
  EXPECT_EQ(st.address[0], texunit::AddressMode::kWrap);
  EXPECT_EQ(st.address[1], texunit::AddressMode::kClamp);
  EXPECT_EQ(st.address[2], texunit::AddressMode::kBorder);
  EXPECT_EQ(st.border_color[3], 1.0f);
  EXPECT_EQ(st.border_color_int[3], 1u);
  EXPECT_FALSE(st.compare.has_value());
  EXPECT_EQ(st.max_lod, 14.0f);
  ASSERT_TRUE(s.slm);
  EXPECT_EQ(*s.slm, (std::vector<uint8_t>{0x00, 0x11, 0x22, 0x33}));
  const auto& regs = visa::scene_state(s).registers;
  ASSERT_EQ(regs.count("V10"), 1u);
  const visa::VisaRegister& r = regs.at("V10");
  EXPECT_EQ(r.type, scene::ElemType::kF);
  EXPECT_EQ(r.bytes, (std::vector<uint8_t>{0, 0, 0, 0x3f, 0, 0, 0x80, 0x3e}));
}

TEST(SceneSections, VisaRegisterTypes) {
  const auto l = load(R"({"texsim": 1, "isa": "visa", "registers": {
    "V1": {"type": "hf", "values": [1, "0x7c00"]},
    "V2": {"type": "D", "values": [-1, 2]},
    "V3": {"type": "UB", "values": [255]},
    "V4": {"type": "DF", "values": [0.5]},
    "V5": {"type": "UQ", "values": [18446744073709551615]},
    "V6": {"type": "ud", "values": [1], "decl": ".decl V6 v_type=G type=ud num_elts=1"}}})");
  ASSERT_TRUE(l.scene) << l.first();
  const auto& r = visa::scene_state(*l.scene).registers;
  EXPECT_EQ(r.at("V1").bytes, (std::vector<uint8_t>{0x00, 0x3c, 0x00, 0x7c}));
  EXPECT_EQ(r.at("V2").bytes, (std::vector<uint8_t>{0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0}));
  EXPECT_EQ(r.at("V3").bytes, (std::vector<uint8_t>{0xff}));
  EXPECT_EQ(r.at("V4").bytes, (std::vector<uint8_t>{0, 0, 0, 0, 0, 0, 0xe0, 0x3f}));
  EXPECT_EQ(r.at("V5").bytes, (std::vector<uint8_t>(8, 0xff)));
  EXPECT_EQ(*r.at("V6").decl, ".decl V6 v_type=G type=ud num_elts=1");
}

TEST(SceneSections, SassRegistersAndPools) {
  const auto l = load(R"({"texsim": 1, "isa": "sass", "platform": "SM52",
    "surfaces": [{"id": 0, "type": "2D", "format": "R8_UNORM", "width": 4, "mips": 2}],
    "registers": {"R4": 7, "R5": "0x3f800000", "R6": -1, "P0": true},
    "const_banks": {"1": {"words": {"0x7": "0x00000003", "2": 5}}, "0x2": {"hex": "aabb"}},
    "tex_bank": 1,
    "texture_headers": {"max_index": 15, "entries": {"3": {"surface": 0, "min_level": 0,
                                                           "max_level": 1, "srgb": false}}},
    "texture_samplers": {"max_index": 15, "entries": {"0": {"filter": "point", "address": "wrap"}}},
    "fp16_rounding": "rz", "dispatch_mask": "0xffff", "coarse_pixel_size": [2, 4]})");
  ASSERT_TRUE(l.scene) << l.first();
  const sass::SceneState& s = sass::scene_state(*l.scene);
  const visa::SceneState& v = visa::scene_state(*l.scene);
  EXPECT_EQ(s.registers.r.at(4), 7u);
  EXPECT_EQ(s.registers.r.at(5), 0x3f800000u);
  EXPECT_EQ(s.registers.r.at(6), 0xffffffffu);
  EXPECT_TRUE(s.registers.p.at(0));
  ASSERT_EQ(s.const_banks.at(1).size(), 32u);
  EXPECT_EQ(s.const_banks.at(1)[28], 3);
  EXPECT_EQ(s.const_banks.at(1)[8], 5);
  EXPECT_EQ(s.const_banks.at(2), (std::vector<uint8_t>{0xaa, 0xbb}));
  EXPECT_EQ(*s.tex_bank, 1u);
  EXPECT_EQ(s.texture_headers->entries.at(3).max_level, 1u);
  EXPECT_EQ(s.texture_samplers->entries.at(0).state.address[1], texunit::AddressMode::kWrap);
  EXPECT_EQ(*s.fp16_rounding, sass::Fp16Rounding::kRz);
  EXPECT_EQ(*v.dispatch_mask, 0xffffu);
  EXPECT_EQ((*v.coarse_pixel_size)[1], 4u);
}

TEST(SceneErrors, DuplicateIdsAndDanglingReferences) {
  const auto l = load(R"({"texsim": 1, "isa": "sass",
    "surfaces": [{"id": 1, "type": "2D", "format": "R8_UNORM", "width": 1},
                 {"id": 1, "type": "2D", "format": "R8_UNORM", "width": 1}],
    "texture_headers": {"max_index": 3, "entries": {"2": {"surface": 9}, "4": {"surface": 1}}}})");
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "scene.json:3:25: error[SCENE-ID]: surfaces[1].id: duplicate surface id 1",
                "scene.json:4:70: error[SCENE-ID]: texture_headers.entries.2.surface: no surface "
                "with id 9",
                "scene.json:4:74: error[SCENE-VALUE]: texture_headers.entries.4: entry index "
                "\"4\" must be an index in [0, 3] (max_index)"}));
}

// Issue 27: surfaces and samplers as TGLLP RENDER_SURFACE_STATE / SAMPLER_STATE bytes, as a heap
// with a stride or by index, the texels read from gpu_memory through the surface's layout.
constexpr const char* kRss =  // 2D R8_UNORM 2x2, LINEAR, pitch 4, HALIGN/VALIGN 4, at 0x1000
    "0040012500000000010001000300000000000000000000000000000000007709"
    "0010000000000000000000000000000000000000000000000000000000000000";
constexpr const char* kSamplerState = "0000100000000e000000000000000000";  // NEAREST x3

TEST(SceneSections, VisaStatesFromBytes) {
  const std::string zeros(128, '0');
  const auto l = load(std::string(R"({"texsim": 1, "isa": "visa", "platform": "TGLLP",
    "surface_states": {"hex": ")") +
                      zeros + kRss + R"(", "stride": 64},
    "sampler_states": {"3": {"hex": ")" +
                      zeros.substr(0, 32) + kSamplerState +
                      R"(", "offset": 16}},
    "gpu_memory": [{"address": "0x1000", "hex": "0102000003040000)" +
                      std::string(112, '0') + R"("}]})");
  ASSERT_TRUE(l.scene) << l.first();
  EXPECT_TRUE(l.texts().empty()) << l.first();
  const visa::SceneState& st = visa::scene_state(*l.scene);
  ASSERT_EQ(st.surfaces.size(), 1u);  // entry 0 is all zeros: unset
  const scene::SceneSurface& s = st.surfaces.at(1);
  EXPECT_EQ(s.surface.desc().width, 2u);
  EXPECT_EQ(s.surface.desc().format, texunit::Format::kR8_UNORM);
  const auto bytes = s.surface.bytes();  // linear: 01 02 / 03 04 (pitch 4 in memory)
  EXPECT_EQ(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 4),
            (std::vector<uint8_t>{1, 2, 3, 4}));
  ASSERT_EQ(st.samplers.size(), 1u);
  EXPECT_EQ(st.samplers.at(3).state.min_filter, texunit::Filter::kPoint);
  EXPECT_EQ(st.samplers.at(3).state.max_lod, 14.0f);
  EXPECT_EQ(visa::find_surface(*l.scene, 1), &s);
}

// The same bytes on the other platforms with genxml tables (decisions IS1, IS2): the scene's
// platform picks the table; HALIGN value 1 is 4 elements on SKL and 32 bytes (32 R8 texels) on
// DG2 and PVC, which a one-level linear surface does not feel.
TEST(SceneSections, VisaStatesFromBytesPerPlatform) {
  for (const std::string p : {"SKL", "DG2", "PVC"}) {
    const auto l =
        load(std::string(R"({"texsim": 1, "isa": "visa", "platform": ")") + p +
             R"(", "surface_states": {"1": {"hex": ")" + kRss +
             R"("}}, "sampler_states": {"3": {"hex": ")" + kSamplerState +
             R"("}}, "gpu_memory": [{"address": "0x1000", "hex": "0102000003040000"}]})");
    ASSERT_TRUE(l.scene) << p << ": " << l.first();
    EXPECT_TRUE(l.texts().empty()) << p << ": " << l.first();
    const visa::SceneState& st = visa::scene_state(*l.scene);
    ASSERT_EQ(st.surfaces.size(), 1u) << p;
    const scene::SceneSurface& s = st.surfaces.at(1);
    const auto bytes = s.surface.bytes();
    EXPECT_EQ(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 4),
              (std::vector<uint8_t>{1, 2, 3, 4}))
        << p;
    ASSERT_TRUE(s.placement) << p;
    EXPECT_EQ(s.placement->tiling.halign, p == "SKL" ? 4u : 32u) << p;
    EXPECT_EQ(st.samplers.at(3).state.max_lod, 14.0f) << p;
  }
}

TEST(SceneErrors, VisaStatesFromBytes) {
  const auto l = load(std::string(R"({"texsim": 1, "isa": "visa", "platform": "TGLLP",
    "surfaces": [{"id": 0, "type": "2D", "format": "R8_UNORM", "width": 1}],
    "surface_states": {"0": {"hex": ")") +
                      kRss + R"("}, "1": {"hex": ")" + kRss +
                      R"("}, "x": {"hex": "00"}},
    "sampler_states": {"hex": ")" +
                      kSamplerState + R"(", "count": 2}})");
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "scene.json:3:29: error[SCENE-ID]: surface_states.0: surface 0 is given twice",
                "scene.json:3:175: error[SCENE-VALUE]: surface_states.1: the "
                "RENDER_SURFACE_STATE's surface spans 0x1000..0x1007, which no \"gpu_memory\" "
                "range holds",
                "scene.json:3:321: error[SCENE-VALUE]: surface_states.x: expected an index (a "
                "decimal number) as the key, got x",
                "scene.json:4:23: error[SCENE-SIZE]: sampler_states: the heap of 16 bytes holds 1 "
                "entries of 16 bytes from offset 0 at stride 16, not 2"}));
  const auto icl = load(std::string(R"({"texsim": 1, "isa": "visa", "platform": "ICLLP",
    "surface_states": {"0": {"hex": ")") +
                        kRss + R"("}}})");
  EXPECT_EQ(icl.first(),
            "scene.json:2:29: error[RENDER_SURFACE_STATE-TEXSIM]: surface_states.0: no "
            "RENDER_SURFACE_STATE table for ICLLP or fewer than 64 bytes");  // no gen11 tables
}

TEST(SceneErrors, SassRegisterNames) {
  const auto l = load(
      R"({"texsim": 1, "isa": "sass", "registers": {"RZ": 1, "R4": 1.5, "Q1": 0, "URZ": 2, "UR4": 3}})");
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "scene.json:1:44: error[SCENE-VALUE]: registers.RZ: \"RZ\" is a constant register "
                "and cannot be set",
                "scene.json:1:59: error[SCENE-TYPE]: registers.R4: expected an integer, got 1.5",
                "scene.json:1:64: error[SCENE-VALUE]: registers.Q1: \"Q1\" is not a writable SASS "
                "register (R0..R254, UR0..UR62, P0..P6)",
                "scene.json:1:73: error[SCENE-VALUE]: registers.URZ: \"URZ\" is a constant "
                "register and cannot be set"}));
}

TEST(SceneErrors, VisaRegisterRange) {
  const auto l = load(R"({"texsim": 1, "registers": {"V1": {"type": "UB", "values": [256]}}})");
  EXPECT_EQ(
      l.first(),
      "scene.json:1:61: error[SCENE-VALUE]: registers.V1.values[0]: must be in [0, 255], got 256");
}

TEST(SceneSections, VisaLaunch) {
  const auto l = load(R"({"texsim": 1, "isa": "visa", "launch": {"global_size": [64, 2],
    "local_size": [32], "images": {"0": 6}, "buffers": {"1": {"type": "D", "values": [1, -1]}}}})");
  ASSERT_TRUE(l.scene) << l.first();
  const auto& st = visa::scene_state(*l.scene);
  ASSERT_TRUE(st.launch);
  EXPECT_EQ(st.launch->global_size, (std::array<uint32_t, 3>{64, 2, 1}));
  EXPECT_EQ(st.launch->local_size, (std::array<uint32_t, 3>{32, 1, 1}));
  EXPECT_EQ(st.launch->images.at(0), 6u);
  EXPECT_EQ(st.launch->buffers.at(1).bytes,
            (std::vector<uint8_t>{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}));
}

TEST(SceneErrors, VisaLaunch) {
  const auto l = load(R"({"texsim": 1, "isa": "visa", "launch": {"global_size": [0, 1, 1, 1],
    "local_size": [0], "images": {"x": 6}, "buffers": {"256": {"type": "D", "values": [1]}},
    "groups": 2}})");
  const std::vector<std::string> t = l.texts();
  ASSERT_EQ(t.size(), 5u) << l.first();
  EXPECT_EQ(t[0],
            "scene.json:1:56: error[SCENE-SIZE]: launch.global_size: expected 1 to 3 "
            "sizes, got 4");
  EXPECT_EQ(t[1],
            "scene.json:2:20: error[SCENE-VALUE]: launch.local_size[0]: must be in [1, "
            "16777216], got 0");
  EXPECT_EQ(t[2],
            "scene.json:2:40: error[SCENE-VALUE]: launch.images.x: \"x\" is not a "
            "binding-table index (0..255)");
  EXPECT_EQ(t[3],
            "scene.json:2:63: error[SCENE-VALUE]: launch.buffers.256: \"256\" is not a "
            "binding-table index (0..255)");
  EXPECT_EQ(t[4], "scene.json:3:5: error[SCENE-KEY]: launch.groups: unknown key \"groups\"");
}

TEST(SceneErrors, VersionAndPlatform) {
  const auto l = load(R"({"texsim": 2, "isa": "sass", "platform": "SM5"})");
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "scene.json:1:12: error[SCENE-VERSION]: texsim: unsupported scene version 2; this "
                "texsim reads version 1",
                "scene.json:1:42: error[SCENE-VALUE]: platform: unknown SASS platform \"SM5\"; "
                "expected SM50, SM52, SM53, SM60, SM61, SM62, SM70, SM72, SM75, SM80, SM86, "
                "SM87, SM89 or SM90"}));
}

TEST(SceneSections, EachIsaKeepsItsOwnState) {
  const auto l = load(R"({"texsim": 1, "registers": {"V1": {"type": "UD", "values": [1]},
    "R2": 5}, "tex_bank": 3, "dispatch_mask": 15})");
  ASSERT_TRUE(l.scene) << l.first();
  EXPECT_EQ(visa::scene_state(*l.scene).registers.size(), 1u);
  EXPECT_EQ(visa::scene_state(*l.scene).dispatch_mask, 15u);
  EXPECT_EQ(sass::scene_state(*l.scene).registers.r.at(2), 5u);
  EXPECT_EQ(sass::scene_state(*l.scene).tex_bank, 3u);
  // A copy shares the state until one side edits it.
  scene::Scene copy = *l.scene;
  sass::edit_scene_state(copy).tex_bank = 7;
  EXPECT_EQ(sass::scene_state(copy).tex_bank, 7u);
  EXPECT_EQ(sass::scene_state(*l.scene).tex_bank, 3u);
  // A scene built in code has empty states until edited.
  scene::Scene empty;
  EXPECT_TRUE(visa::scene_state(empty).registers.empty());
  visa::edit_scene_state(empty).dispatch_mask = 1;
  EXPECT_EQ(visa::scene_state(empty).dispatch_mask, 1u);
}

TEST(SceneSections, PlatformListsLiveWithTheFrontEnds) {
  EXPECT_EQ(visa::scene_section().platforms().size(),
            registry().find("visa")->info().platforms.size());
  EXPECT_EQ(sass::scene_section().platforms().size(), 14u);
  EXPECT_EQ(registry().find("sass")->info().platforms.size(), 14u);
}

}  // namespace
}  // namespace texsim::isa
