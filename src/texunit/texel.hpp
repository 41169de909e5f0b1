// A texel value as the texture unit returns it: four 32-bit words and how to read them.
// Bits are kept, not values, so float data passes through untouched (denormals, NaN payloads).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace texsim::texunit {

// What the four words of a Texel hold: IEEE float32, signed or unsigned 32-bit integers.
enum class TexelKind : uint8_t { kFloat, kSint, kUint };

struct Texel {
  std::array<uint32_t, 4> bits{};  // R, G, B, A
  TexelKind kind = TexelKind::kFloat;

  float f(int c) const { return std::bit_cast<float>(bits[c]); }
  int32_t i(int c) const { return static_cast<int32_t>(bits[c]); }
  uint32_t u(int c) const { return bits[c]; }

  static Texel from_float(float r, float g, float b, float a) {
    return Texel{{std::bit_cast<uint32_t>(r), std::bit_cast<uint32_t>(g),
                  std::bit_cast<uint32_t>(b), std::bit_cast<uint32_t>(a)},
                 TexelKind::kFloat};
  }
  static Texel from_uint(uint32_t r, uint32_t g, uint32_t b, uint32_t a) {
    return Texel{{r, g, b, a}, TexelKind::kUint};
  }
  static Texel from_sint(int32_t r, int32_t g, int32_t b, int32_t a) {
    return Texel{{static_cast<uint32_t>(r), static_cast<uint32_t>(g), static_cast<uint32_t>(b),
                  static_cast<uint32_t>(a)},
                 TexelKind::kSint};
  }

  friend bool operator==(const Texel&, const Texel&) = default;
};

// The value an out-of-bounds fetch returns for a format whose result kind is `kind`:
// 0 in every component, and the missing-component default in A (D3D11.3 §19.1.3.3: 1.0f for
// UNORM/SNORM/FLOAT, 0x1 for SINT/UINT). Present components are 0; `present_mask` bit c is set
// when component c exists in the format (then A is 0 too).
Texel out_of_bounds_texel(TexelKind kind, unsigned present_mask);

}  // namespace texsim::texunit
