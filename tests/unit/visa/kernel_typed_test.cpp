// SCATTER4_TYPED and MEDIA_ST in a launch (kernel_typed.cpp, decision K24): enabled channels only,
// from one register block per channel, F converted to UNORM8 (exact product, round to nearest even)
// and UD to UINT, out-of-bounds lanes dropped, the scene's image copied on its first write and
// returned as RunResult::images; errors name the rule.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>

#include "isa/visa/exec.hpp"
#include "isa/visa/kernel_exec.hpp"
#include "isa/visa/scene_section.hpp"
#include "visa_test_util.hpp"

namespace texsim::isa::visa {
namespace {

// SIMD8: lane i writes (u, v) = (i, 1) of image T6 (binding-table index 3); V44 holds R then G
// (or the UD values), each channel a GRF block of 8 lanes.
constexpr const char* kProgram = R"(.version 4.2
.kernel "k"
.decl V40 v_type=G type=ud num_elts=8 align=GRF
.decl V41 v_type=G type=ud num_elts=8 align=GRF
.decl V44 v_type=G type=f num_elts=16 align=GRF
.decl V45 v_type=G type=ud num_elts=16 align=GRF
.decl V50 v_type=G type=uw num_elts=8 align=GRF
.decl T6 v_type=T num_elts=1
.kernel_attr SimdSize=8
.input V50 offset=32 size=16
    mov (M1, 8) V40(0,0)<1> V50(0,0)<1;1,0>
    mov (M1, 8) V41(0,0)<1> 0x1:ud
    mov (M1, 8) V44(0,0)<1> 0x3f000000:f
    mov (M1, 8) V44(1,0)<1> 0x3f800000:f
    mov (M1, 8) V45(0,0)<1> 0x7:ud
    movs (M1_NM, 1) T6(0) 0x3:ud
    scatter4_typed.RG (M1, 8) T6 V40.0 V41.0 %null.0 %null.0 V44.0
    movs (M1_NM, 1) T6(0) 0x4:ud
    scatter4_typed.R (M1, 8) T6 V40.0 V41.0 %null.0 %null.0 V45.0
    ret (M1, 1)
)";

scene::Scene launch_scene() {
  scene::Scene sc;
  texunit::SurfaceDesc d;
  d.format = texunit::Format::kR8G8B8A8_UNORM;
  d.width = 6;  // lanes 6 and 7 are out of bounds
  d.height = 2;
  texunit::Surface rgba(d);
  for (uint8_t& b : rgba.bytes()) b = 0x11;
  d.format = texunit::Format::kR32_UINT;
  sc.surfaces.push_back(scene::SceneSurface{1, "", std::move(rgba), std::nullopt});
  sc.surfaces.push_back(scene::SceneSurface{2, "", texunit::Surface(d), std::nullopt});
  KernelLaunch l;
  l.global_size = {8, 1, 1};
  l.local_size = {8, 1, 1};
  l.images = {{3, 1}, {4, 2}};
  edit_scene_state(sc).launch = l;
  return sc;
}

std::optional<RunResult> run(const std::string& text, const scene::Scene& sc,
                             core::DiagSink& sink) {
  auto p = test::parse(text);
  EXPECT_FALSE(p.sink.has_errors()) << test::all_diags(p.sink);
  return execute_program(*p.prog, sc, ExecConfig{}, sink);
}

TEST(KernelTyped, WritesEnabledChannelsConvertedAndDropsOutOfBounds) {
  const scene::Scene sc = launch_scene();
  core::DiagSink sink;
  const auto r = run(kProgram, sc, sink);
  ASSERT_TRUE(r) << test::all_diags(sink);
  ASSERT_EQ(r->images.size(), 2u);
  EXPECT_EQ(r->images[0].name, "image3");
  const texunit::Surface& rgba = *r->images[0].surface;
  for (uint32_t x = 0; x < 6; ++x) {
    const uint8_t* t = rgba.texel_ptr(0, 0, 0, x, 1);
    // 0.5 * 255 = 127.5 -> 128 (even); 1.0 -> 255; B and A keep 0x11.
    EXPECT_EQ(t[0], 128u) << x;
    EXPECT_EQ(t[1], 255u) << x;
    EXPECT_EQ(t[2], 0x11u) << x;
    EXPECT_EQ(t[3], 0x11u) << x;
    EXPECT_EQ(rgba.texel_ptr(0, 0, 0, x, 0)[0], 0x11u) << x;  // row 0 untouched
  }
  const texunit::Surface& r32 = *r->images[1].surface;
  uint32_t v = 0;
  std::memcpy(&v, r32.texel_ptr(0, 0, 0, 5, 1), 4);
  EXPECT_EQ(v, 7u);
  // The scene's surfaces are unchanged: the launch wrote copies.
  EXPECT_EQ(sc.find_surface(1)->surface.texel_ptr(0, 0, 0, 0, 1)[0], 0x11u);
}

// MEDIA_ST (MEDIA_ST.md): a block of 6 bytes by 2 rows at byte x = 20 (texel 5 of a 6-texel RGBA8
// row: bytes 20..23 land, 24..25 are past the row and dropped), rows 0 and 1; the source rows
// are reg_pitch = nextPowerOf2(6) = 8 bytes apart.
TEST(KernelTyped, MediaStoreWritesABlockOfBytesRowByRow) {
  const scene::Scene sc = launch_scene();
  core::DiagSink sink;
  const auto r = run(R"(.version 4.2
.kernel "k"
.decl V43 v_type=G type=ub num_elts=32 align=GRF
.decl V46 v_type=G type=ud num_elts=1 align=dword
.decl V47 v_type=G type=ud num_elts=1 align=dword
.decl T6 v_type=T num_elts=1
.kernel_attr SimdSize=8
    mov (M1, 16) V43(0,0)<1> 0xa0:ub
    mov (M1, 8) V43(0,8)<1> 0xb0:ub
    mov (M1_NM, 1) V46(0,0)<1> 0x14:ud
    mov (M1_NM, 1) V47(0,0)<1> 0x0:ud
    movs (M1_NM, 1) T6(0) 0x3:ud
    media_st.nomod (6,2) T6 0 V46(0,0)<0;1,0> V47(0,0)<0;1,0> V43.0
    ret (M1, 1)
)",
                     sc, sink);
  ASSERT_TRUE(r) << test::all_diags(sink);
  ASSERT_EQ(r->images.size(), 1u);
  const texunit::Surface& img = *r->images[0].surface;
  for (unsigned b = 0; b < 4; ++b) {
    EXPECT_EQ(img.texel_ptr(0, 0, 0, 5, 0)[b], 0xa0u) << b;
    EXPECT_EQ(img.texel_ptr(0, 0, 0, 5, 1)[b], 0xb0u) << b;
    EXPECT_EQ(img.texel_ptr(0, 0, 0, 4, 0)[b], 0x11u) << b;
  }
}

TEST(KernelTyped, AnUnboundOrUnknownImageIsAnError) {
  scene::Scene sc = launch_scene();
  edit_scene_state(sc).launch->images.erase(4);
  core::DiagSink sink;
  EXPECT_FALSE(run(kProgram, sc, sink));
  EXPECT_TRUE(test::has_rule(sink, "VISA-RUN-SURFACE")) << test::all_diags(sink);
  EXPECT_NE(test::all_diags(sink).find("binding-table index 4 has no image"), std::string::npos);
}

}  // namespace
}  // namespace texsim::isa::visa
