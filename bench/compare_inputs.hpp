// The inputs of `make bench-compare`, shared by texsim_bench_compare and the lavapipe side
// (tests/oracle texsim_oracle_bench): surface bytes, lanes and the result hash, all from one seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace texsim::benchcmp {

// fetch: texelFetch(ivec2, 0); bilinear: textureLod(uv, 0) with LINEAR/NEAREST-mip;
// trilinear: textureLod(uv, lod) with LINEAR/LINEAR-mip. RGBA8 UNORM 2D, full mip chain,
// REPEAT in u and v, normalized coordinates, no anisotropy, LOD clamp [0, 1000].
enum class Op { kFetch, kBilinear, kTrilinear };

inline std::optional<Op> op_from_name(std::string_view s) {
  if (s == "fetch") return Op::kFetch;
  if (s == "bilinear") return Op::kBilinear;
  if (s == "trilinear") return Op::kTrilinear;
  return std::nullopt;
}

inline const char* op_name(Op op) {
  switch (op) {
    case Op::kFetch:
      return "fetch";
    case Op::kBilinear:
      return "bilinear";
    case Op::kTrilinear:
      return "trilinear";
  }
  return "?";
}

// splitmix64: the same sequence on every compiler and library (unlike <random>'s distributions).
struct Rng {
  uint64_t state;
  explicit Rng(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 24 bits: exact in float.
  float unit() { return static_cast<float>(next() >> 40) * 0x1p-24f; }
};

inline uint32_t mip_count(uint32_t size) {
  uint32_t n = 1;
  while ((size >> n) != 0) ++n;
  return n;
}

// Every level of a size x size RGBA8 surface, level 0 first, rows tightly packed (texsim's
// documented linear layout and the Vulkan staging buffer alike).
inline std::vector<uint8_t> surface_bytes(uint32_t size, uint64_t seed) {
  size_t total = 0;
  for (uint32_t l = 0; l < mip_count(size); ++l) {
    const size_t e = size >> l;
    total += e * e * 4;
  }
  std::vector<uint8_t> bytes(total);
  Rng rng(seed ^ 0x5EEDull);
  for (size_t i = 0; i < total; i += 8) {
    const uint64_t r = rng.next();
    for (size_t k = 0; k < 8 && i + k < total; ++k)
      bytes[i + k] = static_cast<uint8_t>(r >> (8 * k));
  }
  return bytes;
}

// Structure-of-arrays lanes. fetch: x, y in [0, size); bilinear: u, v in [0, 1);
// trilinear: u, v in [0, 1) and lod in [0, mips - 1).
struct Lanes {
  std::vector<uint32_t> x, y;
  std::vector<float> u, v, lod;
};

inline Lanes make_lanes(Op op, uint32_t size, size_t count, uint64_t seed) {
  Lanes l;
  Rng rng(seed);
  if (op == Op::kFetch) {
    l.x.resize(count);
    l.y.resize(count);
    for (size_t i = 0; i < count; ++i) {
      const uint64_t r = rng.next();
      l.x[i] = static_cast<uint32_t>((r & 0xFFFFFFFFu) % size);
      l.y[i] = static_cast<uint32_t>((r >> 32) % size);
    }
    return l;
  }
  l.u.resize(count);
  l.v.resize(count);
  if (op == Op::kTrilinear) l.lod.resize(count);
  const float max_lod = static_cast<float>(mip_count(size) - 1);
  for (size_t i = 0; i < count; ++i) {
    l.u[i] = rng.unit();
    l.v[i] = rng.unit();
    if (op == Op::kTrilinear) l.lod[i] = rng.unit() * max_lod;
  }
  return l;
}

// FNV-1a over each lane's four result words (R, G, B, A) in lane order: equal hashes mean
// bit-identical results on both sides.
struct Hash {
  uint64_t h = 0xCBF29CE484222325ull;
  void add(uint32_t w) {
    for (int k = 0; k < 4; ++k) {
      h ^= (w >> (8 * k)) & 0xFFu;
      h *= 0x100000001B3ull;
    }
  }
};

}  // namespace texsim::benchcmp
