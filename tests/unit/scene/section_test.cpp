// Tests of the scene's ISA plug-in (scene/section.hpp) with a toy ISA: its keys, platforms,
// register claims and state reach the Scene, and without a reader its keys are unknown.
#include "scene/section.hpp"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>
#include <vector>

#include "loaded_scene.hpp"
#include "scene/scene.hpp"

namespace texsim::scene {
namespace {

struct ToyState final : IsaState {
  std::map<std::string, int64_t> regs;
  std::optional<uint32_t> knob;
  std::unique_ptr<IsaState> clone() const override { return std::make_unique<ToyState>(*this); }
};

constexpr std::array<std::string_view, 2> kToyPlatforms{"T1", "T2"};
constexpr std::array<std::string_view, 1> kToyKeys{"toy_knob"};

class ToySection final : public SceneSection {
 public:
  std::string_view isa() const override { return "toy"; }
  std::string_view display_name() const override { return "Toy"; }
  std::span<const std::string_view> platforms() const override { return kToyPlatforms; }
  std::span<const std::string_view> keys() const override { return kToyKeys; }
  std::unique_ptr<IsaState> make_state() const override { return std::make_unique<ToyState>(); }
  bool claims_register(const Json& value) const override { return value.is_number(); }
  void read_register(JsonReader& r, const std::string& name, const Json& value,
                     const std::string& path, IsaState& state) const override {
    if (auto v = r.as_int(value, path, 0, 9)) static_cast<ToyState&>(state).regs[name] = *v;
  }
  void read(JsonReader& r, const Json& root, const Scene& /*scene*/,
            IsaState& state) const override {
    if (const Json* k = JsonReader::member(root, "toy_knob")) {
      if (auto u = r.as_u32(*k, "toy_knob", 0, 3)) static_cast<ToyState&>(state).knob = *u;
    }
  }
};

using testing::Loaded;

Loaded load(const std::string& text, bool with_toy) {
  static const ToySection kToy;
  LoadOptions opt;
  if (with_toy) opt.sections = {&kToy};
  return testing::load_text(text, "s.json", opt);
}

TEST(SceneSection, ReaderGetsItsKeysAndRegisters) {
  const auto l = load(R"({"texsim": 1, "isa": "TOY", "platform": "t2", "toy_knob": 2,
                          "registers": {"a": 3}})",
                      true);
  ASSERT_TRUE(l.scene) << l.texts().front();
  EXPECT_EQ(l.scene->isa, "toy");
  EXPECT_EQ(l.scene->platform, "T2");
  const ToyState& st = isa_state_as<ToyState>(*l.scene, "toy");
  EXPECT_EQ(st.knob, 2u);
  EXPECT_EQ(st.regs.at("a"), 3);
}

TEST(SceneSection, ReaderDiagnosticsCarryPositionsAndPlatformsComeFromTheReader) {
  const auto l = load(R"({"texsim": 1, "isa": "toy", "platform": "T3", "toy_knob": 9,
 "toy_knobs": 1, "registers": {"a": 10}})",
                      true);
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "s.json:1:41: error[SCENE-VALUE]: platform: unknown Toy platform \"T3\"; expected "
                "T1 or T2",
                "s.json:1:59: error[SCENE-VALUE]: toy_knob: must be in [0, 3], got 9",
                "s.json:2:2: error[SCENE-KEY]: toy_knobs: unknown key \"toy_knobs\"; did you mean "
                "toy_knob?",
                "s.json:2:37: error[SCENE-VALUE]: registers.a: must be in [0, 9], got 10"}));
}

TEST(SceneSection, WithoutTheReaderItsKeysAreUnknown) {
  const auto l =
      load(R"({"texsim": 1, "isa": "toy", "toy_knob": 1, "registers": {"a": 1}})", false);
  EXPECT_FALSE(l.scene);
  EXPECT_EQ(l.texts(),
            (std::vector<std::string>{
                "s.json:1:22: error[SCENE-VALUE]: isa: unknown ISA \"toy\"; none is known here",
                "s.json:1:29: error[SCENE-KEY]: toy_knob: unknown key \"toy_knob\"",
                "s.json:1:58: error[SCENE-KEY]: registers.a: no ISA front end reads register "
                "\"a\""}));
}

TEST(SceneSection, StateIsCopiedOnWrite) {
  Scene a;
  EXPECT_EQ(a.isa_state("toy"), nullptr);
  EXPECT_FALSE(isa_state_as<ToyState>(a, "toy").knob);
  edit_isa_state_as<ToyState>(a, "toy").knob = 1;
  Scene b = a;
  edit_isa_state_as<ToyState>(b, "toy").knob = 2;
  EXPECT_EQ(isa_state_as<ToyState>(a, "toy").knob, 1u);
  EXPECT_EQ(isa_state_as<ToyState>(b, "toy").knob, 2u);
}

}  // namespace
}  // namespace texsim::scene
