// Procedural surface contents for scene "generator" data and for render's helper surfaces:
// checker, gradient, random bytes, mip-colors. Depends on texunit; never prints.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "texunit/surface.hpp"

namespace texsim::scene {

enum class Generator : uint8_t { kChecker, kGradient, kRandom, kMipColors };

std::string_view generator_name(Generator g);  // "checker", "gradient", "random", "mip-colors"
std::optional<Generator> generator_from_name(std::string_view name);

struct GeneratorParams {
  Generator kind = Generator::kChecker;
  uint64_t seed = 0;  // random: the byte stream; others: unused
  uint32_t cell = 0;  // checker: cell size in texels at level 0 (0: max(1, width / 8))
};

// The colour of mip level `level` in the mip-colors pattern (RGBA in [0, 1]): red, green, blue,
// yellow, magenta, cyan, white, orange, then repeating.
std::array<float, 4> mip_color(uint32_t level);

// A value given in [0, 1] per channel, as a texel of `format`'s numeric kind: float formats take
// it as is; UINT channels scale to min(255, max code), SINT channels to min(127, max code).
texunit::Texel unit_texel(texunit::Format format, const std::array<float, 4>& rgba);

// Writes every texel of every sample, level and slice. checker: 8x8 cells (cell size halves per
// level) alternating white and black; gradient: R = (x+0.5)/w, G = (y+0.5)/h, B = (slice or
// z+0.5)/count, A = 1; random: every byte from splitmix64(seed) (compressed formats included);
// mip-colors: each level a solid mip_color(level). Returns false (and writes nothing) for
// compressed formats except with random.
bool generate(texunit::Surface& surface, const GeneratorParams& params);

// splitmix64: the generator behind "random" (exposed for tests).
uint64_t splitmix64(uint64_t& state);

}  // namespace texsim::scene
