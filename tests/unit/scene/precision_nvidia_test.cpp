// A scene sampler's "precision" key names the nvidia profile (decision P19); a misspelt name is
// SCENE-VALUE with the did-you-mean hint, as for the other profiles.
#include <gtest/gtest.h>

#include "loaded_scene.hpp"
#include "scene/scene.hpp"

namespace texsim::scene {
namespace {

testing::Loaded load_precision(const std::string& name) {
  return testing::load_text(
      R"({"texsim": 1, "samplers": [{"id": 0, "precision": ")" + name + R"("}]})", "scene.json",
      {});
}

TEST(ScenePrecision, NvidiaIsAProfileName) {
  const auto l = load_precision("nvidia");
  ASSERT_TRUE(l.scene) << l.first();
  EXPECT_EQ(l.scene->samplers[0].precision, texunit::PrecisionKind::kNvidia);
}

TEST(ScenePrecision, MisspeltNvidiaIsRejectedWithAHint) {
  const auto l = load_precision("nvdia");
  EXPECT_FALSE(l.scene);
  ASSERT_EQ(l.sink.error_count(), 1u);
  EXPECT_EQ(l.sink.diagnostics()[0].rule_id, "SCENE-VALUE");
  EXPECT_NE(l.first().find("unknown precision profile \"nvdia\""), std::string::npos) << l.first();
  EXPECT_NE(l.first().find("did you mean nvidia?"), std::string::npos) << l.first();
}

}  // namespace
}  // namespace texsim::scene
