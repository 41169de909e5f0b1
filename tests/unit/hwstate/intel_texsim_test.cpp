// Intel SAMPLER_STATE -> texsim (hwstate/intel_texsim.*): the real TGLLP heap that ocloc writes
// for a CL sampler decodes to that sampler; each refusal and the border colour pointer.
#include "hwstate/intel_texsim.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

namespace texsim::hwstate::intel {
namespace {

std::vector<uint8_t> heap() {
  std::ifstream f(TEXSIM_SOURCE_DIR "/tests/golden/hwstate/tgllp/DynamicStateHeap.bin",
                  std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

TEST(IntelTexsim, OclocHeapDecodesToTheKernelsSampler) {
  // CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR (README.md beside it).
  const auto h = heap();
  ASSERT_EQ(h.size(), 160u);
  core::DiagSink sink;
  const auto s = sampler_from_heap("TGLLP", h, 0x40, sink);
  ASSERT_TRUE(s) << sink.diagnostics().front().message;
  EXPECT_EQ(s->min_filter, texunit::Filter::kLinear);
  EXPECT_EQ(s->mag_filter, texunit::Filter::kLinear);
  EXPECT_EQ(s->mip_filter, texunit::MipFilter::kPoint);
  for (auto a : s->address) EXPECT_EQ(a, texunit::AddressMode::kWrap);
  EXPECT_TRUE(s->normalized_coords);
  EXPECT_EQ(s->max_lod, 14.0f);
  EXPECT_EQ(s->min_lod, 0.0f);
  EXPECT_EQ(s->lod_bias, 0.0f);
  EXPECT_EQ(s->border_color, (std::array<float, 4>{0, 0, 0, 0}));
  EXPECT_TRUE(sink.diagnostics().empty());
  // The words the issue quotes.
  const DescriptorType& t = *find_type("TGLLP", "SAMPLER_STATE");
  EXPECT_EQ(get_bits(std::span(h).subspan(0x40, 16), 31, 0), 0x00124000u);
  EXPECT_EQ(get_bits(std::span(h).subspan(0x40, 16), 63, 32), 0x000e0003u);
  EXPECT_EQ(get_bits(std::span(h).subspan(0x40, 16), 127, 96), 0x0007f800u);
  EXPECT_EQ(value_text(*t.find_field("Shadow Function"), 1), "PREFILTEROP NEVER");
}

std::vector<uint8_t> with(std::string_view field, std::string_view value) {
  auto h = heap();
  std::span<uint8_t> s(h.data() + 0x40, 16);
  core::DiagSink sink;
  EXPECT_TRUE(set_named(*find_type("TGLLP", "SAMPLER_STATE"), s, field, value, sink));
  return h;
}

TEST(IntelTexsim, FieldsMapAndUnmodelledOnesAreRefused) {
  core::DiagSink sink;
  auto s = sampler_from_heap("TGLLP", with("Non-normalized_Coordinate_Enable", "1"), 0x40, sink);
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->normalized_coords);
  s = sampler_from_heap("TGLLP", with("TCY Address Control Mode", "CLAMP_BORDER"), 0x40, sink);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->address[1], texunit::AddressMode::kBorder);
  s = sampler_from_heap("TGLLP", with("Texture LOD Bias", "-2.5"), 0x40, sink);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->lod_bias, -2.5f);
  for (const auto& [field, value] :
       {std::pair{"TCX Address Control Mode", "MIRROR_101"}, std::pair{"Min Mode Filter", "MONO"},
        std::pair{"Sampler Disable", "1"}}) {
    core::DiagSink bad;
    EXPECT_FALSE(sampler_from_heap("TGLLP", with(field, value), 0x40, bad)) << field;
    ASSERT_FALSE(bad.diagnostics().empty());
    EXPECT_EQ(bad.diagnostics().back().rule_id, "SAMPLER_STATE-TEXSIM") << field;
  }
  core::DiagSink invalid;  // Min Mode Filter 3 names no value in gen12.xml
  EXPECT_FALSE(sampler_from_heap("TGLLP", with("Min Mode Filter", "3"), 0x40, invalid));
  EXPECT_EQ(invalid.diagnostics().front().rule_id, "SAMPLER_STATE-ENUM");
}

TEST(IntelTexsim, BorderColourFromThePointer) {
  auto h = heap();
  h[0] = 0x00, h[1] = 0x00, h[2] = 0x80, h[3] = 0x3f;  // red 1.0 at offset 0 (pointer 0)
  core::DiagSink sink;
  const auto s = sampler_from_heap("TGLLP", h, 0x40, sink);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->border_color[0], 1.0f);
  EXPECT_EQ(s->border_color_int[0], 0x3f800000u);
  EXPECT_FALSE(sampler_from_heap("TGLLP", h, 0x98, sink));  // past the heap
  EXPECT_EQ(find_type("DG2", "SAMPLER_STATE"), nullptr);
}

}  // namespace
}  // namespace texsim::hwstate::intel
