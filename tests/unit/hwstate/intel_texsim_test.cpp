// Intel SAMPLER_STATE -> texsim (hwstate/intel_texsim.*): the real TGLLP heap that ocloc writes
// for a CL sampler decodes to that sampler; each refusal and the border colour pointer.
#include "hwstate/intel_texsim.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
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
  EXPECT_EQ(find_type("ICLLP", "SAMPLER_STATE"), nullptr);  // no gen11 tables
}

std::vector<uint8_t> surface_heap() {
  std::ifstream f(TEXSIM_SOURCE_DIR "/tests/golden/hwstate/tgllp/SurfaceStateHeap.bin",
                  std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

uint64_t field(std::span<const uint8_t> bytes, std::string_view name) {
  const FieldDesc* f = find_type("TGLLP", "RENDER_SURFACE_STATE")->find_field(name);
  EXPECT_NE(f, nullptr) << name;
  return f ? get_bits(bytes, f->hi, f->lo) : ~uint64_t{0};
}

TEST(IntelTexsim, SamplersRoundTripThroughAHeapOnEveryPlatform) {
  // Every state the encoder can hold comes back field for field through sampler_from_heap, the
  // border colour read at the pointer (64) from the same bytes.
  std::vector<texunit::SamplerState> states(4);
  states[0].max_lod = 14.0f;  // the default 1000 is beyond Max LOD's 15.996 (U4.8)
  states[1].min_filter = texunit::Filter::kPoint;
  states[1].mip_filter = texunit::MipFilter::kNone;
  states[1].address = {texunit::AddressMode::kWrap, texunit::AddressMode::kMirror,
                       texunit::AddressMode::kMirrorOnce};
  states[1].lod_bias = -1.5f;
  states[1].min_lod = 0.25f;
  states[1].max_lod = 7.0f;
  states[1].normalized_coords = false;
  states[2].max_anisotropy = 8.0f;
  states[2].mip_filter = texunit::MipFilter::kLinear;
  states[2].address = {texunit::AddressMode::kBorder, texunit::AddressMode::kBorder,
                       texunit::AddressMode::kClamp};
  states[2].border_color = {1.0f, 0.5f, -2.0f, 1.0f};
  for (unsigned c = 0; c < 4; ++c)
    states[2].border_color_int[c] = std::bit_cast<uint32_t>(states[2].border_color[c]);
  states[2].reduction = texunit::Reduction::kMax;
  states[2].max_lod = 14.0f;
  states[3].srgb_decode = false;
  states[3].mag_filter = texunit::Filter::kPoint;
  states[3].max_lod = 15.99609375f;
  for (const char* platform : {"SKL", "TGLLP", "DG2", "PVC"}) {
    for (size_t i = 0; i < states.size(); ++i) {
      if (i == 3 && std::string_view(platform) == "SKL") continue;  // SKL has no SRGB DECODE
      core::DiagSink sink;
      const auto heap = sampler_heap_from_texsim(platform, states[i], sink);
      ASSERT_TRUE(heap) << platform << " " << i << ": " << sink.diagnostics().front().message;
      ASSERT_EQ(heap->size(), kBorderHeapOffset + kBorderColorBytes);
      const auto back = sampler_from_heap(platform, *heap, 0, sink);
      ASSERT_TRUE(back) << platform << " " << i << ": " << sink.diagnostics().front().message;
      const texunit::SamplerState& w = states[i];
      EXPECT_EQ(back->min_filter, w.min_filter) << platform << " " << i;
      EXPECT_EQ(back->mag_filter, w.mag_filter) << platform << " " << i;
      EXPECT_EQ(back->mip_filter, w.mip_filter) << platform << " " << i;
      EXPECT_EQ(back->address, w.address) << platform << " " << i;
      EXPECT_EQ(back->lod_bias, w.lod_bias) << platform << " " << i;
      EXPECT_EQ(back->min_lod, w.min_lod) << platform << " " << i;
      EXPECT_EQ(back->max_lod, w.max_lod) << platform << " " << i;
      EXPECT_EQ(back->max_anisotropy, w.max_anisotropy) << platform << " " << i;
      EXPECT_EQ(back->normalized_coords, w.normalized_coords) << platform << " " << i;
      EXPECT_EQ(back->srgb_decode, w.srgb_decode) << platform << " " << i;
      EXPECT_EQ(back->reduction, w.reduction) << platform << " " << i;
      EXPECT_EQ(back->border_color_int, w.border_color_int) << platform << " " << i;
    }
  }
}

TEST(IntelTexsim, ShadowFunctionIsTheNegatedSwappedComparison) {
  // Mesa anv vk_to_intel_shadow_compare_op (decision DS19): the hardware returns 0 when
  // `texel OP ref` holds, so VK_COMPARE_OP_X is written as the PREFILTEROP below; read back, each
  // field value is that Vulkan op.
  using texunit::CompareFunc;
  const std::pair<CompareFunc, const char*> anv[] = {
      {CompareFunc::kNever, "PREFILTEROP ALWAYS"},
      {CompareFunc::kLess, "PREFILTEROP LEQUAL"},
      {CompareFunc::kEqual, "PREFILTEROP NOTEQUAL"},
      {CompareFunc::kLessEqual, "PREFILTEROP LESS"},
      {CompareFunc::kGreater, "PREFILTEROP GEQUAL"},
      {CompareFunc::kNotEqual, "PREFILTEROP EQUAL"},
      {CompareFunc::kGreaterEqual, "PREFILTEROP GREATER"},
      {CompareFunc::kAlways, "PREFILTEROP NEVER"}};
  const FieldDesc& f = *find_type("TGLLP", "SAMPLER_STATE")->find_field("Shadow Function");
  for (const auto& [vk, op] : anv) {
    SCOPED_TRACE(op);
    core::DiagSink sink;
    const auto raw = parse_value(f, op, sink);
    ASSERT_TRUE(raw);
    EXPECT_EQ(shadow_function_to_texsim(static_cast<uint32_t>(*raw)), vk);
    EXPECT_EQ(shadow_function_from_texsim(vk), *raw);
    // Through a heap on every platform: the field holds it, sampler_to_texsim leaves `compare`
    // unset (a plain message never compares), shadow_compare_from_heap reads it.
    for (const char* platform : {"SKL", "TGLLP", "DG2", "PVC"}) {
      texunit::SamplerState s;
      s.max_lod = 14.0f;
      s.compare = vk;
      const auto heap = sampler_heap_from_texsim(platform, s, sink);
      ASSERT_TRUE(heap) << platform;
      EXPECT_EQ(get_bits(std::span(*heap).first(16), 35, 33), *raw) << platform;
      const auto back = sampler_from_heap(platform, *heap, 0, sink);
      ASSERT_TRUE(back) << platform;
      EXPECT_FALSE(back->compare) << platform;
      EXPECT_EQ(shadow_compare_from_heap(platform, *heap, 0), vk) << platform;
    }
    EXPECT_TRUE(sink.diagnostics().empty());
  }
  // The real ocloc heap: IGC's PREFILTEROP NEVER for a plain CL sampler is "always" for a _c
  // message; no table, or no 16 bytes at the offset: none.
  EXPECT_EQ(shadow_compare_from_heap("TGLLP", heap(), 0x40), CompareFunc::kAlways);
  EXPECT_FALSE(shadow_compare_from_heap("ICLLP", heap(), 0x40));
  EXPECT_FALSE(shadow_compare_from_heap("TGLLP", heap(), heap().size() - 8));
  core::DiagSink sink;
  EXPECT_FALSE(sampler_heap_from_texsim("ICLLP", texunit::SamplerState{}, sink));
}

TEST(IntelRenderSurfaceState, OclocSurfaceHeapDecodesToTheKernelsTwoSurfaces) {
  // ocloc's heap: the image's RSS template at 0, the `out` buffer's at 0x40, then the binding
  // table (0x00, 0x40) at 0x80 (README.md beside it).
  const auto h = surface_heap();
  ASSERT_EQ(h.size(), 136u);
  const DescriptorType& t = *find_type("TGLLP", "RENDER_SURFACE_STATE");
  ASSERT_EQ(t.size_bytes, 64u);
  EXPECT_EQ(get_bits(h, 0x80 * 8 + 31, 0x80 * 8), 0x00u);
  EXPECT_EQ(get_bits(h, 0x84 * 8 + 31, 0x84 * 8), 0x40u);
  const auto image = std::span(h).subspan(0, 64);
  EXPECT_EQ(get_bits(image, 31, 0), 0x231fc000u);  // DW0 as dumped
  EXPECT_EQ(value_text(*t.find_field("Surface Type"), field(image, "Surface Type")), "SURFTYPE_2D");
  EXPECT_EQ(field(image, "Surface Format"), 0xc7u);  // R8G8B8A8_UNORM
  EXPECT_EQ(value_text(*t.find_field("Tile Mode"), field(image, "Tile Mode")), "LINEAR");
  EXPECT_EQ(value_text(*t.find_field("Surface Horizontal Alignment"),
                       field(image, "Surface Horizontal Alignment")),
            "HALIGN 16");
  EXPECT_EQ(value_text(*t.find_field("Surface Vertical Alignment"),
                       field(image, "Surface Vertical Alignment")),
            "VALIGN 16");
  EXPECT_EQ(field(image, "MOCS"), 3u);
  EXPECT_EQ(field(image, "Width"), 0u);  // a template: the runtime patches extent and address
  EXPECT_EQ(field(image, "Surface Base Address"), 0u);
  const auto buffer = std::span(h).subspan(0x40, 64);
  EXPECT_EQ(value_text(*t.find_field("Surface Type"), field(buffer, "Surface Type")),
            "SURFTYPE_BUFFER");
  EXPECT_EQ(field(buffer, "Surface Format"), 0xffu);  // RAW
  // A buffer's size is Width | Height << 7 | Depth << 21 (entries minus one): 2^28 - 1.
  EXPECT_EQ(field(buffer, "Width"), 0x7fu);
  EXPECT_EQ(field(buffer, "Height"), 0x1fffu);
  EXPECT_EQ(field(buffer, "Depth"), 0x7fu);
  for (const auto& rss : {image, buffer}) {
    core::DiagSink sink;
    EXPECT_TRUE(validate(t, rss, sink));
    EXPECT_TRUE(sink.diagnostics().empty()) << sink.diagnostics().front().message;
  }
}

TEST(IntelRenderSurfaceState, EncodesValidatesAndNotesTheOverlays) {
  const DescriptorType& t = *find_type("TGLLP", "RENDER_SURFACE_STATE");
  core::DiagSink sink;
  const std::pair<std::string, std::string> set[] = {
      {"Surface Type", "SURFTYPE_3D"},
      {"Tile Mode", "YMAJOR"},
      {"Surface Format", "0xc7"},
      {"Width", "15"},
      {"Height", "7"},
      {"Depth", "3"},
      {"Surface Pitch", "127"},
      {"MIP Count / LOD", "2"},
      {"Surface QPitch", "0x20"},
      {"Resource Min LOD", "1.5"},
      {"Surface Base Address", "0x1234567000"},
      // 0 names no alignment in gen12.xml: an all-zero RSS is invalid.
      {"Surface Horizontal Alignment", "HALIGN 4"},
      {"Surface Vertical Alignment", "VALIGN 4"}};
  const auto bytes = encode(t, set, sink);
  ASSERT_TRUE(bytes) << sink.diagnostics().front().message;
  ASSERT_EQ(bytes->size(), 64u);
  EXPECT_EQ(get_bits(*bytes, 31, 29), 2u);
  EXPECT_EQ(get_bits(*bytes, 13, 12), 3u);
  EXPECT_EQ(get_bits(*bytes, 77, 64), 15u);
  EXPECT_EQ(get_bits(*bytes, 127, 117), 3u);
  EXPECT_EQ(get_bits(*bytes, 235, 224), 0x180u);  // u4.8
  EXPECT_EQ(get_bits(*bytes, 319, 256), 0x1234567000u);
  for (const FieldValue& v : decode(t, *bytes)) {
    auto it = std::find_if(std::begin(set), std::end(set),
                           [&](const auto& p) { return p.first == v.field->name; });
    if (it == std::end(set)) {
      EXPECT_EQ(v.raw, 0u) << v.field->name;
    }
  }
  EXPECT_TRUE(validate(t, *bytes, sink));
  // Surface Type 6 and Tile Mode 1 name no value in gen12.xml; an unnamed bit warns.
  auto bad = *bytes;
  set_bits(bad, 31, 29, 6);
  set_bits(bad, 13, 12, 1);
  set_bits(bad, 48, 48, 1);
  core::DiagSink errors;
  EXPECT_FALSE(validate(t, bad, errors));
  std::vector<std::string> rules;
  for (const auto& d : errors.diagnostics()) rules.push_back(d.rule_id);
  EXPECT_EQ(rules, (std::vector<std::string>{"RENDER_SURFACE_STATE-ENUM",  // Tile Mode
                                             "RENDER_SURFACE_STATE-ENUM",  // Surface Type
                                             "RENDER_SURFACE_STATE-UNNAMED"}));
  // DS12: the auxiliary reading of DW6 is the table's; the planar-YUV names are not fields, and
  // Tiled Resource Mode 1 prints with its first name.
  EXPECT_NE(t.find_field("Auxiliary Surface Mode"), nullptr);
  EXPECT_EQ(t.find_field("Y Offset for U or UV Plane"), nullptr);
  EXPECT_EQ(value_text(*t.find_field("Tiled Resource Mode"), 1), "4KB");
}

PlacedSurface placed(texunit::SurfaceType type, texunit::Format f, uint32_t w, uint32_t h,
                     uint32_t d_or_layers, uint32_t mips, Tiling tiling) {
  PlacedSurface s;
  s.desc.type = type;
  s.desc.format = f;
  s.desc.width = w;
  s.desc.height = h;
  if (type == texunit::SurfaceType::k3D) {
    s.desc.depth = d_or_layers;
  } else {
    s.desc.layers = d_or_layers;
  }
  s.desc.mips = mips;
  s.tiling.tiling = tiling;
  s.base_address = 0x10000;
  return s;
}

TEST(IntelRenderSurfaceState, SurfacesRoundTripThroughTheirBytes) {
  using texunit::Format;
  using texunit::SurfaceType;
  // BC1 with HALIGN/VALIGN 4 elements (16 texels): RSS alignments count elements (DS13).
  PlacedSurface bc1 = placed(SurfaceType::k2D, Format::kBC1_UNORM, 64, 32, 1, 3, Tiling::kTileY);
  bc1.tiling.halign = bc1.tiling.valign = 16;
  const PlacedSurface cases[] = {
      placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 8, 1, 4, Tiling::kTileY),
      placed(SurfaceType::k2DArray, Format::kR16G16_FLOAT, 33, 17, 3, 2, Tiling::kPitch),
      placed(SurfaceType::k3D, Format::kR32_FLOAT, 16, 8, 4, 3, Tiling::kTileY),
      placed(SurfaceType::kCube, Format::kR8_UNORM, 16, 16, 1, 5, Tiling::kTileY),
      placed(SurfaceType::k1DArray, Format::kR32G32B32A32_FLOAT, 64, 1, 2, 1, Tiling::kPitch),
      bc1,
  };
  for (const PlacedSurface& s : cases) {
    core::DiagSink sink;
    const auto bytes = surface_from_texsim("TGLLP", s, sink);
    ASSERT_TRUE(bytes) << texunit::surface_type_name(s.desc.type) << ": "
                       << (sink.diagnostics().empty() ? "" : sink.diagnostics().front().message);
    const auto back = surface_to_texsim("TGLLP", *bytes, sink);
    ASSERT_TRUE(back) << texunit::surface_type_name(s.desc.type) << ": "
                      << (sink.diagnostics().empty() ? "" : sink.diagnostics().front().message);
    EXPECT_EQ(back->desc.type, s.desc.type);
    EXPECT_EQ(back->desc.format, s.desc.format);
    EXPECT_EQ(back->desc.width, s.desc.width);
    EXPECT_EQ(back->desc.height, s.desc.height);
    EXPECT_EQ(back->desc.depth, s.desc.depth);
    EXPECT_EQ(back->desc.layers, s.desc.layers);
    EXPECT_EQ(back->desc.mips, s.desc.mips);
    EXPECT_EQ(back->tiling.tiling, s.tiling.tiling);
    EXPECT_EQ(back->base_address, s.base_address);
    // The decoded placement puts every element where the computed one does.
    EXPECT_EQ(surface_bytes(*back), surface_bytes(s)) << texunit::surface_type_name(s.desc.type);
    const uint32_t last = s.desc.mips - 1;
    EXPECT_EQ(element_offset(*back, last, 0, 0, 0), element_offset(s, last, 0, 0, 0));
    const auto again = surface_from_texsim("TGLLP", *back, sink);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, *bytes);
  }
  // Field values as the genxml names them.
  core::DiagSink sink;
  const auto b = surface_from_texsim("TGLLP", cases[0], sink);
  ASSERT_TRUE(b);
  EXPECT_EQ(field(*b, "Surface Format"), 0xc7u);
  EXPECT_EQ(field(*b, "Tile Mode"), 3u);        // YMAJOR
  EXPECT_EQ(field(*b, "MIP Count / LOD"), 3u);  // levels - 1
  EXPECT_EQ(field(*b, "Width"), 7u);
  EXPECT_EQ(field(*b, "Surface Pitch"), 127u);  // one 128-byte TileY column, minus one
  EXPECT_EQ(field(*b, "Surface Base Address"), 0x10000u);
}

// Issue 27 (T64): DG2 Tile64 surfaces with a mip tail, 3D and multisampled round-trip through
// RENDER_SURFACE_STATE: Mip Tail Start LOD holds the plan's tail start (15: none), Number of
// Multisamples MULTISAMPLECOUNT_n = log2(n); every level's elements land where they did.
TEST(IntelRenderSurfaceState, Tile64MipTailAndSamplesRoundTrip) {
  using texunit::Format;
  using texunit::SurfaceType;
  PlacedSurface msaa =
      placed(SurfaceType::k2DArray, Format::kR8G8B8A8_UNORM, 64, 64, 2, 1, Tiling::kTile64);
  msaa.desc.samples = 8;
  PlacedSurface none =
      placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 256, 256, 1, 9, Tiling::kTile64);
  none.tiling.miptail_start = 15;
  const struct {
    PlacedSurface s;
    uint32_t tail, samples_code;
  } cases[] = {
      {placed(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 256, 256, 1, 9, Tiling::kTile64), 2, 0},
      // 3D 64 bpp: 32x16x16 tile, slot 0 {16, 0, 0}: level 2 (10x5x5) is the first to fit.
      {placed(SurfaceType::k3D, Format::kR16G16B16A16_FLOAT, 40, 20, 20, 6, Tiling::kTile64), 2, 0},
      {placed(SurfaceType::kCube, Format::kR8G8B8A8_UNORM, 16, 16, 1, 5, Tiling::kTile64), 0, 0},
      {none, 15, 0},  // a named start is written as it is (decision TS3)
      {msaa, 1, 3},
  };
  for (const auto& c : cases) {
    const PlacedSurface& s = c.s;
    SCOPED_TRACE(texunit::surface_type_name(s.desc.type));
    core::DiagSink sink;
    const auto bytes = surface_from_texsim("DG2", s, sink);
    ASSERT_TRUE(bytes) << sink.diagnostics().front().message;
    EXPECT_EQ(field(*bytes, "Tile Mode"), 1u);  // TILE64
    EXPECT_EQ(field(*bytes, "Mip Tail Start LOD"), c.tail);
    EXPECT_EQ(field(*bytes, "Number of Multisamples"), c.samples_code);
    const auto back = surface_to_texsim("DG2", *bytes, sink);
    ASSERT_TRUE(back) << sink.diagnostics().front().message;
    EXPECT_EQ(back->tiling.miptail_start, c.tail);
    EXPECT_EQ(back->desc.samples, s.desc.samples);
    EXPECT_EQ(surface_bytes(*back), surface_bytes(s));
    for (uint32_t l = 0; l < s.desc.mips; ++l) {
      for (uint32_t smp = 0; smp < s.desc.samples; ++smp)
        EXPECT_EQ(element_offset(*back, l, 0, 0, 0, smp), element_offset(s, l, 0, 0, 0, smp)) << l;
    }
    const auto again = surface_from_texsim("DG2", *back, sink);
    ASSERT_TRUE(again);
    EXPECT_EQ(*again, *bytes);
  }
  // A tail start whose level does not fit slot 0, samples on Tile4, samples on TGLLP, the
  // interleaved depth/stencil format: each refused with its rule.
  core::DiagSink sink;
  auto b = *surface_from_texsim("DG2", cases[0].s, sink);
  const DescriptorType& t = *find_type("DG2", "RENDER_SURFACE_STATE");
  ASSERT_TRUE(set_named(t, b, "Mip Tail Start LOD", "1", sink));
  core::DiagSink tail;
  EXPECT_FALSE(surface_to_texsim("DG2", b, tail));
  EXPECT_EQ(tail.diagnostics().front().rule_id, "LAYOUT-TILE64-MIPTAIL");
  auto m = *surface_from_texsim("DG2", msaa, sink);
  ASSERT_TRUE(set_named(t, m, "Tile Mode", "TILE4", sink));
  core::DiagSink tile4;
  EXPECT_FALSE(surface_to_texsim("DG2", m, tile4));
  EXPECT_EQ(tile4.diagnostics().front().rule_id, "RENDER_SURFACE_STATE-MSAA-TILE64");
  ASSERT_TRUE(set_named(t, m, "Tile Mode", "TILE64", sink));
  ASSERT_TRUE(set_named(t, m, "Multisampled Surface Storage Format", "MSFMT_DEPTH_STENCIL", sink));
  core::DiagSink ims;
  EXPECT_FALSE(surface_to_texsim("DG2", m, ims));
  EXPECT_NE(ims.diagnostics().front().message.find("MSFMT_DEPTH_STENCIL"), std::string::npos);
  PlacedSurface tgl = msaa;
  tgl.tiling.tiling = Tiling::kTileY;
  core::DiagSink tgllp;
  EXPECT_FALSE(surface_from_texsim("TGLLP", tgl, tgllp));
  EXPECT_NE(tgllp.diagnostics().front().message.find("multisampled surfaces are not modelled"),
            std::string::npos);
  ASSERT_TRUE(sink.diagnostics().empty()) << sink.diagnostics().front().message;
}

TEST(IntelRenderSurfaceState, UnmodelledSurfacesAreRefusedNamingFieldAndValue) {
  const auto h = surface_heap();
  // ocloc's templates: the image's channel selects are ZERO until the runtime patches them; the
  // buffer is a SURFTYPE_BUFFER of RAW.
  core::DiagSink image;
  EXPECT_FALSE(surface_to_texsim("TGLLP", std::span(h).subspan(0, 64), image));
  ASSERT_FALSE(image.diagnostics().empty());
  EXPECT_EQ(image.diagnostics().front().rule_id, "RENDER_SURFACE_STATE-TEXSIM");
  EXPECT_NE(image.diagnostics().front().message.find("Shader Channel Select Red ZERO"),
            std::string::npos);
  core::DiagSink buffer;
  EXPECT_FALSE(surface_to_texsim("TGLLP", std::span(h).subspan(0x40, 64), buffer));
  std::string all;
  for (const auto& d : buffer.diagnostics()) all += d.message + "\n";
  EXPECT_NE(all.find("Surface Type SURFTYPE_BUFFER"), std::string::npos) << all;
  EXPECT_NE(all.find("Surface Format 0xff"), std::string::npos) << all;
  // The image template with identity selects and a real extent maps.
  auto patched = std::vector<uint8_t>(h.begin(), h.begin() + 64);
  const DescriptorType& t = *find_type("TGLLP", "RENDER_SURFACE_STATE");
  for (const auto& [f, v] :
       {std::pair{"Shader Channel Select Red", "RED"},
        std::pair{"Shader Channel Select Green", "GREEN"},
        std::pair{"Shader Channel Select Blue", "BLUE"},
        std::pair{"Shader Channel Select Alpha", "ALPHA"}, std::pair{"Width", "15"},
        std::pair{"Height", "3"}, std::pair{"Surface Pitch", "63"}}) {
    core::DiagSink sink;
    ASSERT_TRUE(set_named(t, patched, f, v, sink));
  }
  core::DiagSink ok;
  const auto s = surface_to_texsim("TGLLP", patched, ok);
  ASSERT_TRUE(s) << ok.diagnostics().front().message;
  EXPECT_EQ(s->desc.type, texunit::SurfaceType::k2D);
  EXPECT_EQ(s->desc.format, texunit::Format::kR8G8B8A8_UNORM);
  EXPECT_EQ(s->tiling.tiling, Tiling::kPitch);
  EXPECT_EQ(s->tiling.halign, 16u);
  EXPECT_EQ(s->tiling.row_pitch, 64u);
  // TileX (decision IS6) and a texsim format with no SURFACE_FORMAT.
  core::DiagSink sink;
  ASSERT_TRUE(set_named(t, patched, "Tile Mode", "XMAJOR", sink));
  core::DiagSink tilex;
  EXPECT_FALSE(surface_to_texsim("TGLLP", patched, tilex));  // a 64-byte pitch is no X tile
  EXPECT_NE(tilex.diagnostics().front().message.find("multiple of 512 bytes for tile_x"),
            std::string::npos);
  ASSERT_TRUE(set_named(t, patched, "Surface Pitch", "511", sink));
  core::DiagSink tilex_ok;
  const auto x = surface_to_texsim("TGLLP", patched, tilex_ok);
  ASSERT_TRUE(x) << tilex_ok.diagnostics().front().message;
  EXPECT_EQ(x->tiling.tiling, Tiling::kTileX);
  EXPECT_EQ(x->tiling.row_pitch, 512u);
  core::DiagSink tile4;
  EXPECT_FALSE(surface_from_texsim(
      "TGLLP",
      placed(texunit::SurfaceType::k2D, texunit::Format::kR8_UNORM, 8, 8, 1, 1, Tiling::kTile4),
      tile4));
  EXPECT_EQ(tile4.diagnostics().front().rule_id, "RENDER_SURFACE_STATE-TEXSIM");
  EXPECT_EQ(surface_format_code(texunit::Format::kR8G8B8A8_UNORM_SRGB), 200u);
  EXPECT_EQ(surface_format_of(0x1ff), std::nullopt);
}

}  // namespace
}  // namespace texsim::hwstate::intel
