// Texels and lookup inputs of the hardware cases (hw_inputs.hpp). Deterministic: a case's seed
// fixes its bytes, so the bundle's expected values are reproducible.
#include "gen/hw_inputs.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include "core/half.hpp"

namespace texsim::hwgen {

namespace {

using hw::Elem;

float uni(std::mt19937& g, float lo, float hi) {
  return std::uniform_real_distribution<float>(lo, hi)(g);
}

bool starts_with(const std::string& s, const char* p) {
  return s.rfind(p, 0) == 0;
}

unsigned dims(const hw::CaseSpec& c) {
  switch (c.shape) {
    case hw::Shape::k1D:
    case hw::Shape::kA1D:
      return 1;
    case hw::Shape::k3D:
      return 3;
    default:
      return 2;
  }
}

// Integer texel coordinates, 2 past each edge on both sides (out of range: T5); with a level
// (TLDS.LL), a level in [-1, levels + 1] and coordinates around that level's extent.
void fetch_input(const hw::CaseSpec& c, std::mt19937& g, uint32_t* in) {
  const int32_t level = static_cast<int32_t>(g() % (c.levels + 3)) - 1;
  const unsigned l = level < 0 ? 0u : static_cast<unsigned>(level);
  auto pick = [&](unsigned n) {
    return static_cast<uint32_t>(static_cast<int32_t>(g() % (hw::level_extent(n, l) + 4)) - 2);
  };
  in[hw::kX] = pick(c.w);
  in[hw::kY] = dims(c) >= 2 ? pick(c.h) : 0u;
  in[hw::kZ] = c.shape == hw::Shape::k3D ? pick(c.d) : 0u;
  in[hw::kLayer] = hw::is_array(c.shape) ? static_cast<uint32_t>(g() % (c.d + 4)) - 2u : 0u;
  in[hw::kLod] = static_cast<uint32_t>(level);
  in[hw::kOffset] = static_cast<uint32_t>(static_cast<int32_t>(g() % 16) - 8);
  in[hw::kOffset + 1] = static_cast<uint32_t>(static_cast<int32_t>(g() % 16) - 8);
}

// Float coordinates: sweeps of 1/1024 texel along one axis (quarter steps of the 1/256 weight
// grid: truncation and rounding differ at 3/4, ties at 1/2) in even blocks of 1024, random
// points (outside the texture too) in odd ones; LOD swept in 1/1024 steps or random.
void sample_input(const hw::CaseSpec& c, unsigned i, std::mt19937& g, uint32_t* in) {
  const unsigned n = dims(c);
  const unsigned size[3] = {c.w, c.h, c.d};
  float x[3] = {0.5f, 0.5f, 0.5f};
  const bool sweep = (i / 1024) % 2 == 0;
  const float margin = c.normalized ? 2.0f : 1.0f;  // normalized: exercises wrap / mirror
  for (unsigned a = 0; a < n; ++a) {
    const auto s = static_cast<float>(size[a]);
    x[a] = sweep ? static_cast<float>(g() % size[a]) + 0.5f
                 : uni(g, -margin * s / 2, s + margin * s / 2);
  }
  if (sweep) {
    const unsigned axis = i % n;
    x[axis] = std::floor(x[axis]) + 0.5f + static_cast<float>(i % 1024) / 1024.0f;
  }
  for (unsigned a = 0; a < 3; ++a) {
    const float v = c.normalized && a < n ? x[a] / static_cast<float>(size[a]) : x[a];
    in[a] = std::bit_cast<uint32_t>(v);
  }
  in[hw::kLayer] = hw::is_array(c.shape) ? static_cast<uint32_t>(g() % (c.d + 2)) : 0u;
  float lod = 0.0f;
  if (c.levels > 1) {
    lod = (i / 512) % 2 == 0
              ? static_cast<float>(g() % (c.levels - 1)) + static_cast<float>(i % 1024) / 1024.0f
              : uni(g, -1.0f, static_cast<float>(c.levels));
  }
  in[hw::kLod] = std::bit_cast<uint32_t>(lod);
}

// Derivatives whose LOD spans [-2, levels + 1]: a major axis of length 2^L texels in a random
// direction, a minor one 1/4 to 1 of it (isotropic filtering takes the major: D11).
void grad_input(const hw::CaseSpec& c, std::mt19937& g, uint32_t* in) {
  const float lod = uni(g, -2.0f, static_cast<float>(c.levels) + 1.0f);
  const float len = std::exp2(lod), minor = uni(g, 0.25f, 1.0f), t = uni(g, 0.0f, 6.2831853f);
  const float dir[3] = {std::cos(t), std::sin(t), uni(g, -0.5f, 0.5f)};
  const unsigned size[3] = {c.w, c.h, c.d};
  for (unsigned a = 0; a < 3; ++a) {
    const float s = static_cast<float>(size[a]);
    const float other = a == 0 ? -dir[1] : a == 1 ? dir[0] : dir[2];
    in[hw::kDdx + a] = std::bit_cast<uint32_t>(len * dir[a] / s);
    in[hw::kDdy + a] = std::bit_cast<uint32_t>(len * minor * other / s);
  }
}

// One texel's bytes.
void texel_bytes(const GenCase& g, size_t index, std::mt19937& rng, uint8_t* p) {
  const hw::CaseSpec& c = g.spec;
  for (unsigned ch = 0; ch < c.channels; ++ch) {
    uint8_t* q = p + ch * hw::elem_bytes(c.elem);
    if (c.elem == Elem::kF32) {
      // Full mantissas; TLDS.F16 cases also get values past the largest half (65504).
      const float v = c.module == "tlds_f16" && rng() % 8 == 0 ? uni(rng, -70000.0f, 70000.0f)
                                                               : uni(rng, -4.0f, 4.0f);
      std::memcpy(q, &v, 4);
    } else if (c.elem == Elem::kF16) {
      const uint16_t h = core::float_to_half(uni(rng, -8.0f, 8.0f));
      std::memcpy(q, &h, 2);
    } else {
      const uint32_t code = g.texels == Texels::kConsecutive ? 1000u + static_cast<uint32_t>(index)
                                                             : static_cast<uint32_t>(rng());
      std::memcpy(q, &code, hw::elem_bytes(c.elem));  // little-endian: the low bytes
    }
  }
}

}  // namespace

std::vector<uint8_t> make_texels(const GenCase& g) {
  std::mt19937 rng(g.seed * 7919u + 1u);
  const size_t bpt = g.spec.channels * hw::elem_bytes(g.spec.elem);
  std::vector<uint8_t> b(hw::texel_file_bytes(g.spec));
  for (size_t i = 0; i * bpt < b.size(); ++i) texel_bytes(g, i, rng, &b[i * bpt]);
  return b;
}

std::vector<uint32_t> make_inputs(const GenCase& g) {
  const hw::CaseSpec& c = g.spec;
  std::mt19937 rng(g.seed * 104729u + 7u);
  std::vector<uint32_t> in(size_t{c.lookups} * hw::kInputWords, 0u);
  for (unsigned i = 0; i < c.lookups; ++i) {
    uint32_t* r = &in[size_t{i} * hw::kInputWords];
    if (c.module != "sample") {
      fetch_input(c, rng, r);
    } else {
      sample_input(c, i, rng, r);
      if (starts_with(c.kernel, "grad_")) grad_input(c, rng, r);
      if (starts_with(c.kernel, "txq_"))
        r[hw::kLod] = static_cast<uint32_t>(static_cast<int32_t>(rng() % (c.levels + 3)) - 1);
    }
  }
  return in;
}

}  // namespace texsim::hwgen
