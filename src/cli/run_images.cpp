// The images a launch wrote, to files (run_images.hpp): PNG through scene/image's libpng writer,
// each texel decoded and converted as `render` converts (floats clamped to [0, 1] and rounded,
// integers clamped to [0, 255]); the .bin holds the surface's bytes unchanged.
#include "cli/run_images.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "scene/image.hpp"
#include "texunit/format.hpp"
#include "texunit/format_table.hpp"

namespace texsim::cli {
namespace {

uint8_t to_byte(const texunit::Texel& t, int c) {
  if (t.kind == texunit::TexelKind::kFloat) {
    const float f = t.f(c);
    return static_cast<uint8_t>(std::isnan(f) ? 0 : std::lround(std::clamp(f, 0.0f, 1.0f) * 255));
  }
  const int64_t v = t.kind == texunit::TexelKind::kSint ? int64_t{t.i(c)} : int64_t{t.u(c)};
  return static_cast<uint8_t>(std::clamp<int64_t>(v, 0, 255));
}

scene::Image level0(const texunit::Surface& s) {
  const texunit::SurfaceDesc d = s.desc();
  scene::Image img(d.width, d.height);
  for (uint32_t y = 0; y < d.height; ++y) {
    for (uint32_t x = 0; x < d.width; ++x) {
      const texunit::Texel t = texunit::decode_texel(d.format, s.texel_ptr(0, 0, 0, x, y));
      for (int c = 0; c < 4; ++c) img.at(x, y)[c] = to_byte(t, c);
    }
  }
  return img;
}

}  // namespace

bool write_run_images(const std::vector<isa::RunImage>& images, const std::string& dir,
                      nlohmann::json& json, std::string& text, std::string& error) {
  json = nlohmann::json::array();
  std::error_code ec;
  if (!dir.empty() && !images.empty()) std::filesystem::create_directories(dir, ec);
  for (const isa::RunImage& im : images) {
    const texunit::SurfaceDesc d = im.surface->desc();
    const std::string format(texunit::format_info(d.format).name);
    nlohmann::json e = {{"name", im.name},  {"width", d.width}, {"height", d.height},
                        {"format", format}, {"png", nullptr},   {"bin", nullptr}};
    text +=
        im.name + ": " + std::to_string(d.width) + "x" + std::to_string(d.height) + " " + format;
    if (!dir.empty()) {
      const std::string base = (std::filesystem::path(dir) / im.name).string();
      if (!scene::write_png(base + ".png", level0(*im.surface), error)) return false;
      std::ofstream bin(base + ".bin", std::ios::binary);
      const auto bytes = im.surface->bytes();
      bin.write(reinterpret_cast<const char*>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
      if (!bin) {
        error = "cannot write " + base + ".bin";
        return false;
      }
      e["png"] = base + ".png";
      e["bin"] = base + ".bin";
      text += ", written to " + base + ".png and .bin";
    } else {
      text += " (--images DIR writes it)";
    }
    text += "\n";
    json.push_back(e);
  }
  return true;
}

}  // namespace texsim::cli
