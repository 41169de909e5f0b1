// The one ISA registry (issue 25 item 4): every public Isa value (C++ and C) names exactly one
// registered front end, and the names, extensions and platforms the API reports are that front
// end's own.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "isa/registry.hpp"
#include "texsim/texsim.h"
#include "texsim/texsim.hpp"

namespace {

using texsim::isa::registry;

TEST(Registry, EveryPublicIsaValueHasOneFrontEnd) {
  std::set<uint8_t> values;
  std::set<std::string_view> ids, extensions;
  for (const auto& f : registry().all()) {
    EXPECT_TRUE(values.insert(f->info().api_value).second) << f->info().id;
    EXPECT_TRUE(ids.insert(f->info().id).second) << f->info().id;
    for (std::string_view e : f->info().extensions) EXPECT_TRUE(extensions.insert(e).second) << e;
    EXPECT_FALSE(f->info().platforms.empty()) << f->info().id;
  }
  for (texsim::Isa i : {texsim::Isa::kVisa, texsim::Isa::kSass}) {
    ASSERT_NE(registry().for_api(static_cast<uint8_t>(i)), nullptr);
    EXPECT_EQ(texsim::isa_from_name(texsim::isa_name(i)), i);
  }
  EXPECT_EQ(registry().for_api(TEXSIM_ISA_VISA)->info().id, "visa");
  EXPECT_EQ(registry().for_api(TEXSIM_ISA_SASS)->info().id, "sass");
  EXPECT_EQ(values.size(), 2u);
}

TEST(Registry, TheApiReportsTheFrontEndsOwnFacts) {
  const auto& sass = registry().find("sass")->info();
  const std::vector<std::string> p = texsim::platforms(texsim::Isa::kSass);
  ASSERT_EQ(p.size(), sass.platforms.size());
  for (size_t k = 0; k < p.size(); ++k) EXPECT_EQ(p[k], sass.platforms[k]);
  EXPECT_EQ(texsim::default_platform(texsim::Isa::kVisa),
            registry().find("visa")->info().default_platform);
  EXPECT_EQ(registry().for_path("k.isa")->info().id, "visa");
  EXPECT_EQ(registry().for_path("k.cubin")->info().id, "sass");
  EXPECT_EQ(registry().for_path("k.txt"), nullptr);
  EXPECT_EQ(registry().scene_sections().size(), registry().all().size());
}

}  // namespace
