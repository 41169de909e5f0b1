// Tests of PNG writing and reading (round trip, errors).
#include "scene/image.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace texsim::scene {
namespace {

TEST(Image, RoundTrip) {
  const auto path = (std::filesystem::temp_directory_path() / "texsim_image_test.png").string();
  Image img(3, 2);
  for (size_t i = 0; i < img.rgba.size(); ++i) img.rgba[i] = static_cast<uint8_t>(i * 11);
  std::string why;
  ASSERT_TRUE(write_png(path, img, why)) << why;
  const auto back = read_png(path, why);
  ASSERT_TRUE(back) << why;
  EXPECT_EQ(back->width, 3u);
  EXPECT_EQ(back->height, 2u);
  EXPECT_EQ(back->rgba, img.rgba);
  std::filesystem::remove(path);
}

TEST(Image, Errors) {
  std::string why;
  EXPECT_FALSE(read_png("/nonexistent/x.png", why));
  EXPECT_FALSE(why.empty());
  const auto path = (std::filesystem::temp_directory_path() / "texsim_image_test_bad.png").string();
  std::ofstream(path) << "not a png";
  why.clear();
  EXPECT_FALSE(read_png(path, why));
  EXPECT_FALSE(why.empty());
  std::filesystem::remove(path);
  EXPECT_FALSE(write_png("/nonexistent/dir/x.png", Image(1, 1), why));
  EXPECT_FALSE(write_png("/tmp/x.png", Image(), why));
}

}  // namespace
}  // namespace texsim::scene
