// Tests of the render grid: pixel requests (axis-aligned and ground plane), mip selection on a
// mip-colors surface, RGBA8 conversion and the difference heat map.
#include "scene/render.hpp"

#include <gtest/gtest.h>

#include "scene/generate.hpp"

namespace texsim::scene {
namespace {

texunit::Surface mip_colors(uint32_t size) {
  texunit::SurfaceDesc d;
  d.width = d.height = size;
  d.mips = texunit::full_mip_count(size, size, 1);
  texunit::Surface s(d);
  generate(s, {Generator::kMipColors, 0, 0});
  return s;
}

texunit::SamplerState trilinear_wrap() {
  texunit::SamplerState s;
  s.mip_filter = texunit::MipFilter::kPoint;
  s.address = {texunit::AddressMode::kWrap, texunit::AddressMode::kWrap,
               texunit::AddressMode::kWrap};
  return s;
}

TEST(Render, AxisAlignedRequests) {
  texunit::SurfaceDesc d;
  d.width = d.height = 64;
  RenderParams p;
  p.width = 4;
  p.height = 2;
  const auto r = pixel_request(d, p, 3, 1);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->coord[0], 0.875f);
  EXPECT_EQ(r->coord[1], 0.75f);
  EXPECT_EQ(r->ddx[0], 0.25f);
  EXPECT_EQ(r->ddy[1], 0.5f);
  EXPECT_EQ(r->op, texunit::SampleOp::kGrad);
  p.lod = 2.0f;
  EXPECT_EQ(pixel_request(d, p, 0, 0)->op, texunit::SampleOp::kLevel);
}

TEST(Render, GridDerivativesSelectTheMip) {
  // A 64x64 surface drawn at 16x16: 4 texels per pixel -> LOD 2 -> blue.
  const auto s = mip_colors(64);
  RenderParams p;
  p.width = p.height = 16;
  const auto r = render(s.view(), trilinear_wrap(), p);
  const Image img = to_image(r, s.desc().format, false);
  const uint8_t* px = img.at(8, 8);
  EXPECT_EQ(px[0], 0);
  EXPECT_EQ(px[1], 0);
  EXPECT_EQ(px[2], 255);
}

TEST(Render, ExplicitLod) {
  const auto s = mip_colors(16);
  RenderParams p;
  p.width = p.height = 4;
  p.lod = 1.0f;
  const Image img = to_image(render(s.view(), trilinear_wrap(), p), s.desc().format, false);
  EXPECT_EQ(img.at(0, 0)[1], 255);  // green
  EXPECT_EQ(img.at(0, 0)[0], 0);
}

TEST(Render, PlaneHasSkyNearLevelsBelowAndFarLevelsNearTheHorizon) {
  const auto s = mip_colors(64);
  RenderParams p;
  p.width = 64;
  p.height = 64;
  p.plane = true;
  uint32_t rows_done = 0;
  const auto r =
      render(s.view(), trilinear_wrap(), p, [&](uint32_t d, uint32_t) { rows_done = d; });
  EXPECT_EQ(rows_done, 64u);
  EXPECT_EQ(r.covered[0], 0);             // sky
  EXPECT_EQ(r.covered[63 * 64 + 32], 1);  // ground
  const Image img = to_image(r, s.desc().format, false);
  EXPECT_EQ(img.at(0, 0)[2], 48);  // sky colour
  const uint8_t* near = img.at(32, 63);
  EXPECT_EQ(near[0], 255);  // level 0: red
  EXPECT_FALSE(pixel_request(s.desc(), p, 32, 10).has_value());
  const auto far = pixel_request(s.desc(), p, 32, 17);
  ASSERT_TRUE(far);
  EXPECT_GT(std::abs(far->ddy[1]), std::abs(pixel_request(s.desc(), p, 32, 63)->ddy[1]));
}

TEST(Render, DiffHeatmap) {
  Rendered a;
  a.width = 2;
  a.height = 1;
  a.texels = {texunit::Texel::from_float(0, 0, 0, 1), texunit::Texel::from_float(0.5f, 0, 0, 1)};
  a.covered = {1, 1};
  Rendered b = a;
  b.texels[1] = texunit::Texel::from_float(0.25f, 0, 0, 1);
  DiffStats st;
  const Image img = diff_heatmap(a, b, st);
  EXPECT_EQ(st.differing_pixels, 1u);
  EXPECT_EQ(st.max_abs_diff, 0.25);
  EXPECT_EQ(img.at(0, 0)[0], 0);
  EXPECT_EQ(img.at(0, 0)[2], 0);
  EXPECT_GT(img.at(1, 0)[0], 200);
}

TEST(Render, Unsupported) {
  texunit::SurfaceDesc d;
  d.type = texunit::SurfaceType::kCube;
  texunit::Surface s(d);
  EXPECT_FALSE(render_unsupported(s.view(), {}).empty());
  texunit::Surface ok{texunit::SurfaceDesc{}};
  EXPECT_TRUE(render_unsupported(ok.view(), {}).empty());
}

}  // namespace
}  // namespace texsim::scene
