// Tests of scene/to_hardware: default block shapes (hand-computed from Mesa nil's choose/clamp),
// the memory range's alignment and placement, the default base, and the ISA hook.
#include "scene/to_hardware.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "hwstate/layout.hpp"
#include "scene/section.hpp"

namespace texsim::scene {
namespace {

texunit::SurfaceDesc desc(texunit::SurfaceType t, texunit::Format f, uint32_t w, uint32_t h,
                          uint32_t d = 1, uint32_t samples = 1) {
  texunit::SurfaceDesc s;
  s.type = t;
  s.format = f;
  s.width = w;
  s.height = h;
  s.depth = d;
  s.samples = samples;
  return s;
}

TEST(ToHardware, BlockHeightIsLevel0InGobsRoundedUpToAPowerOfTwoAtMost32) {
  using texunit::Format;
  using texunit::SurfaceType;
  const ToHardwareOptions o;
  const auto bl = hwstate::Tiling::kBlockLinear;
  // 16 rows = 2 GOBs (8 rows each) -> log2 1; 4 rows -> 1 GOB -> 0; 300 rows -> 38 GOBs -> 64,
  // clamped to 32 GOBs -> 5; BC1 64x64: 16 block rows -> 2 GOBs -> 1; 4x MSAA doubles the rows.
  EXPECT_EQ(default_tiling(desc(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 16, 16), bl, o)
                .block_height_log2,
            1);
  EXPECT_EQ(default_tiling(desc(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 8, 4), bl, o)
                .block_height_log2,
            0);
  EXPECT_EQ(default_tiling(desc(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 300), bl, o)
                .block_height_log2,
            5);
  EXPECT_EQ(
      default_tiling(desc(SurfaceType::k2D, Format::kBC1_UNORM, 64, 64), bl, o).block_height_log2,
      1);
  EXPECT_EQ(default_tiling(desc(SurfaceType::k2D, Format::kR8_UNORM, 8, 8, 1, 4), bl, o)
                .block_height_log2,
            1);
  // 3D: depth 4 -> 4 GOBs deep (log2 2); 2D surfaces stay 1 deep.
  const auto t3 = default_tiling(desc(SurfaceType::k3D, Format::kR8_UNORM, 8, 8, 4), bl, o);
  EXPECT_EQ(t3.block_depth_log2, 2);
  EXPECT_EQ(t3.block_width_log2, 0);
  ToHardwareOptions given;
  given.block_height_log2 = 0;
  EXPECT_EQ(default_tiling(desc(SurfaceType::k2D, Format::kR8G8B8A8_UNORM, 64, 300), bl, given)
                .block_height_log2,
            0);
  // Other layouts keep the placement key's defaults.
  const auto ty =
      default_tiling(desc(SurfaceType::k2D, Format::kR8_UNORM, 8, 8), hwstate::Tiling::kTileY, o);
  EXPECT_EQ(ty.block_height_log2, 0);
  EXPECT_EQ(ty.halign, 4u);
  EXPECT_EQ(ty.valign, 4u);
}

TEST(ToHardware, MemoryBuilderAlignsEachSurfaceAndWritesItThroughItsLayout) {
  GpuMemoryBuilder mem(0x100000000);
  hwstate::PlacedSurface a;
  a.desc = desc(texunit::SurfaceType::k2D, texunit::Format::kR8_UNORM, 3, 1);
  a.tiling.tiling = hwstate::Tiling::kPitch;
  const std::vector<uint8_t> la{1, 2, 3};
  mem.place(a, la, 256);
  EXPECT_EQ(a.base_address, 0x100000000u);
  hwstate::PlacedSurface b;
  b.desc = desc(texunit::SurfaceType::k2D, texunit::Format::kR8_UNORM, 64, 8);
  b.tiling.tiling = hwstate::Tiling::kBlockLinear;
  std::vector<uint8_t> lb(64 * 8);
  for (size_t i = 0; i < lb.size(); ++i) lb[i] = static_cast<uint8_t>(i * 7 + 1);
  mem.place(b, lb, 512);
  EXPECT_EQ(b.base_address, 0x100000000u + 512);  // the next GOB boundary
  ASSERT_EQ(mem.bytes().size(), 512u + 512u);     // one 64 B x 8 GOB
  EXPECT_EQ(mem.bytes()[0], 1);
  EXPECT_EQ(mem.bytes()[2], 3);
  EXPECT_EQ(mem.bytes()[3], 0);  // padding stays zero
  // Reading back through the layout gives the linear texels.
  const auto back = hwstate::to_linear(b, std::span<const uint8_t>(mem.bytes()).subspan(512));
  EXPECT_EQ(back, lb);
}

TEST(ToHardware, SamplerRoundTripNamesEveryFieldTheBytesCannotHold) {
  texunit::SamplerState want;
  texunit::SamplerState got = want;
  core::DiagSink sink;
  EXPECT_TRUE(check_sampler_round_trip("sampler 1", want, got, sink));
  EXPECT_TRUE(sink.diagnostics().empty());
  // max_lod 1000 held as 15.996: a warning (no level lies above 15).
  got.max_lod = 4095.0f / 256;
  EXPECT_TRUE(check_sampler_round_trip("sampler 1", want, got, sink));
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].severity, core::Severity::kWarning);
  EXPECT_EQ(sink.diagnostics()[0].message.rfind("sampler 1: max_lod 1000 -> 15.9960938", 0), 0u);
  // Below 15 it would change lookups: an error; so would anisotropy 3 held as 2.
  core::DiagSink errs;
  want.max_lod = 7.1f;
  got.max_lod = 7.09765625f;
  want.max_anisotropy = 3.0f;
  got.max_anisotropy = 2.0f;
  EXPECT_FALSE(check_sampler_round_trip("sampler 2", want, got, errs));
  ASSERT_EQ(errs.error_count(), 2u);
  EXPECT_NE(errs.diagnostics()[0].message.find("max_anisotropy 3 -> 2"), std::string::npos);
  EXPECT_NE(errs.diagnostics()[1].message.find("max_lod 7.0999999 -> 7.09765625"),
            std::string::npos);
  // An integer border that is not the float's bits matters only when a mode uses the border.
  texunit::SamplerState b;
  b.border_color = {1.0f, 0.0f, 0.0f, 1.0f};
  b.border_color_int = {1, 0, 0, 1};
  texunit::SamplerState b_got = b;
  b_got.border_color_int = {0x3f800000, 0, 0, 0x3f800000};
  core::DiagSink unused;
  EXPECT_TRUE(check_sampler_round_trip("sampler 3", b, b_got, unused));
  b.address[0] = texunit::AddressMode::kBorder;
  b_got.address[0] = texunit::AddressMode::kBorder;
  EXPECT_FALSE(check_sampler_round_trip("sampler 3", b, b_got, unused));
  ASSERT_EQ(unused.diagnostics().size(), 1u);
  EXPECT_NE(unused.diagnostics()[0].message.find("border_color_int"), std::string::npos);
}

// A toy ISA with no scene keys: without a to_hardware of its own it has no descriptors.
class NoDescriptors : public SceneSection {
 public:
  std::string_view isa() const override { return "toy"; }
  std::string_view display_name() const override { return "Toy"; }
  std::span<const std::string_view> platforms() const override { return {}; }
  std::span<const std::string_view> keys() const override { return {}; }
  std::unique_ptr<IsaState> make_state() const override { return nullptr; }
  bool claims_register(const Json& /*value*/) const override { return false; }
  void read_register(JsonReader& /*r*/, const std::string& /*name*/, const Json& /*value*/,
                     const std::string& /*path*/, IsaState& /*state*/) const override {}
  void read(JsonReader& /*r*/, const Json& /*root*/, const Scene& /*scene*/,
            IsaState& /*state*/) const override {}
};

// The same toy placing one 4-texel pitch surface and recording where.
class OneRange final : public NoDescriptors {
 public:
  void to_hardware(Json& root, const Scene& /*scene*/, const ToHardwareOptions& /*options*/,
                   GpuMemoryBuilder& memory, core::DiagSink& /*sink*/) const override {
    hwstate::PlacedSurface p;
    p.desc = desc(texunit::SurfaceType::k2D, texunit::Format::kR8_UNORM, 4, 1);
    p.tiling.tiling = hwstate::Tiling::kPitch;
    const std::vector<uint8_t> texels{9, 8, 7, 6};
    memory.place(p, texels, 256);
    root["placed_at"] = p.base_address;
  }
};

TEST(ToHardware, DefaultBaseLiesAboveTheScenesMemoryOn64KiB) {
  Scene scene;
  scene.gpu_memory.push_back({0x100000000, std::vector<uint8_t>(0x10001)});
  core::DiagSink sink;
  Json root = Json::object();
  const auto range = scene_to_hardware(root, scene, OneRange{}, {}, sink);
  ASSERT_TRUE(range.has_value());
  EXPECT_EQ(range->address, 0x100020000u);  // 0x100010001 rounded up to 64 KiB
  EXPECT_EQ(root["placed_at"].get<uint64_t>(), 0x100020000u);
  EXPECT_EQ(range->bytes, (std::vector<uint8_t>{9, 8, 7, 6}));
  ToHardwareOptions at;
  at.base_address = 0x40000000;
  EXPECT_EQ(scene_to_hardware(root, scene, OneRange{}, at, sink)->address, 0x40000000u);
  EXPECT_FALSE(sink.has_errors());
}

TEST(ToHardware, AnIsaWithoutDescriptorsIsRefusedAtTheScene) {
  Scene scene;
  scene.path = "toy.json";
  core::DiagSink sink;
  Json root = Json::object();
  EXPECT_FALSE(scene_to_hardware(root, scene, NoDescriptors{}, {}, sink).has_value());
  ASSERT_EQ(sink.diagnostics().size(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "SCENE-HARDWARE");
  EXPECT_EQ(core::format_diagnostic(sink.diagnostics()[0]),
            "toy.json: error[SCENE-HARDWARE]: Toy scenes have no hardware descriptors texsim "
            "writes");
}

}  // namespace
}  // namespace texsim::scene
