// Procedural surface contents (checker, gradient, random, mip-colors).
// Writes through texunit::Surface only; never prints.
#include "scene/generate.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "texunit/format.hpp"

namespace texsim::scene {

using texunit::Format;
using texunit::Surface;
using texunit::Texel;

std::string_view generator_name(Generator g) {
  switch (g) {
    case Generator::kChecker:
      return "checker";
    case Generator::kGradient:
      return "gradient";
    case Generator::kRandom:
      return "random";
    case Generator::kMipColors:
      return "mip-colors";
  }
  return "checker";
}

std::optional<Generator> generator_from_name(std::string_view name) {
  for (Generator g :
       {Generator::kChecker, Generator::kGradient, Generator::kRandom, Generator::kMipColors}) {
    if (name == generator_name(g)) return g;
  }
  if (name == "mip_colors" || name == "mipcolors") return Generator::kMipColors;
  return std::nullopt;
}

std::array<float, 4> mip_color(uint32_t level) {
  static constexpr std::array<std::array<float, 4>, 8> kColors{{
      {1.0f, 0.0f, 0.0f, 1.0f},
      {0.0f, 1.0f, 0.0f, 1.0f},
      {0.0f, 0.0f, 1.0f, 1.0f},
      {1.0f, 1.0f, 0.0f, 1.0f},
      {1.0f, 0.0f, 1.0f, 1.0f},
      {0.0f, 1.0f, 1.0f, 1.0f},
      {1.0f, 1.0f, 1.0f, 1.0f},
      {1.0f, 0.5f, 0.0f, 1.0f},
  }};
  return kColors[level % kColors.size()];
}

Texel unit_texel(Format format, const std::array<float, 4>& rgba) {
  const texunit::FormatInfo& fi = texunit::format_info(format);
  if (fi.result_kind == texunit::TexelKind::kFloat) {
    return Texel::from_float(rgba[0], rgba[1], rgba[2], rgba[3]);
  }
  Texel t;
  t.kind = fi.result_kind;
  for (int c = 0; c < 4; ++c) {
    const unsigned bits = fi.channels[static_cast<size_t>(c)].bits;
    const bool sint = fi.result_kind == texunit::TexelKind::kSint;
    uint64_t max_code = 1;
    if (bits != 0) {
      max_code = sint ? (uint64_t{1} << (bits - 1)) - 1 : (uint64_t{1} << bits) - 1;
    }
    const uint64_t scale = std::min<uint64_t>(max_code, sint ? 127 : 255);
    const float v = std::clamp(rgba[static_cast<size_t>(c)], 0.0f, 1.0f);
    t.bits[static_cast<size_t>(c)] =
        static_cast<uint32_t>(std::lround(static_cast<double>(v) * static_cast<double>(scale)));
  }
  return t;
}

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

bool generate(Surface& surface, const GeneratorParams& params) {
  const texunit::SurfaceDesc& d = surface.desc();
  const texunit::FormatInfo& fi = texunit::format_info(d.format);
  if (params.kind == Generator::kRandom) {
    uint64_t state = params.seed;
    auto bytes = surface.bytes();
    for (size_t i = 0; i < bytes.size(); i += 8) {
      const uint64_t r = splitmix64(state);
      for (size_t b = 0; b < 8 && i + b < bytes.size(); ++b) {
        bytes[i + b] = static_cast<uint8_t>(r >> (8 * b));
      }
    }
    return true;
  }
  if (fi.is_compressed()) return false;
  const uint32_t cell0 = params.cell != 0 ? params.cell : std::max<uint32_t>(1, d.width / 8);
  // Checker and mip-colour surfaces hold a few distinct colours: each is encoded once (sRGB
  // encoding costs a pow per channel) and its bytes copied.
  std::array<float, 4> last_c{};
  std::array<uint8_t, 16> last_bytes{};
  bool have_last = false;
  auto put = [&](uint32_t s, uint32_t level, uint32_t z, uint32_t x, uint32_t y,
                 const std::array<float, 4>& c) {
    if (!have_last || c != last_c) {
      last_bytes = {};
      if (!texunit::encode_texel(d.format, unit_texel(d.format, c), last_bytes.data())) return;
      last_c = c;
      have_last = true;
    }
    std::copy_n(last_bytes.begin(), fi.bytes_per_block, surface.texel_ptr(s, level, z, x, y));
  };
  for (uint32_t s = 0; s < d.samples; ++s) {
    for (uint32_t level = 0; level < surface.layout().levels.size(); ++level) {
      const texunit::LevelLayout& lv = surface.layout().levels[level];
      const uint32_t slices = d.type == texunit::SurfaceType::k3D ? lv.depth : d.slices();
      const uint32_t cell = std::max<uint32_t>(1, cell0 >> std::min<uint32_t>(level, 31));
      for (uint32_t z = 0; z < slices; ++z) {
        for (uint32_t y = 0; y < lv.height; ++y) {
          for (uint32_t x = 0; x < lv.width; ++x) {
            std::array<float, 4> c{};
            switch (params.kind) {
              case Generator::kChecker: {
                const bool on = (((x / cell) + (y / cell) +
                                  (d.type == texunit::SurfaceType::k3D ? z / cell : 0)) &
                                 1u) == 0;
                const float v = on ? 1.0f : 0.0f;
                c = {v, v, v, 1.0f};
                break;
              }
              case Generator::kGradient:
                c = {(static_cast<float>(x) + 0.5f) / static_cast<float>(lv.width),
                     (static_cast<float>(y) + 0.5f) / static_cast<float>(lv.height),
                     (static_cast<float>(z) + 0.5f) / static_cast<float>(slices), 1.0f};
                break;
              case Generator::kMipColors:
                c = mip_color(level);
                break;
              case Generator::kRandom:
                break;
            }
            put(s, level, z, x, y, c);
          }
        }
      }
    }
  }
  return true;
}

}  // namespace texsim::scene
