// Cube maps: face selection from the major axis with the D3D/GL face orientation, projection of
// derivatives onto the face, and seamless addressing across edges with missing corners
// (D3D11.3 §7.18.11 cube LOD, §7.18.12). Depends on nothing but the standard library.
#pragma once

#include <array>
#include <cstdint>

namespace texsim::texunit {

// Faces in D3D/Vulkan order: +X, -X, +Y, -Y, +Z, -Z (slice = face + 6 * cube).
enum class CubeFace : uint8_t { kPosX, kNegX, kPosY, kNegY, kPosZ, kNegZ };

struct CubeCoord {
  uint32_t face = 0;
  float s = 0.0f;  // normalized face coordinates in [0, 1]
  float t = 0.0f;
  float ma = 0.0f;  // the major-axis component (signed)
};

// Face selection: the component with the largest magnitude; ties go to z, then y, then x
// (D3D11.3 §7.18.7: "precedence ... Z, Y, X"; z if |z| >= |x| and |z| >= |y|; else y if
// |y| >= |x|; else x). Face coordinates, with
// (sc, tc) from the face table (+X: -z,-y; -X: +z,-y; +Y: +x,+z; -Y: +x,-z; +Z: +x,-y;
// -Z: -x,-y): s = (sc / |ma|) * 0.5 + 0.5, t likewise, in float in that order.
// A zero or NaN direction gives NaN face coordinates (which address texel 0).
CubeCoord cube_coord(const std::array<float, 3>& dir);

// Derivative of the normalized face coordinates (s, t) of `face` for a direction derivative
// `d` at `dir`: ds = 0.5 * (dsc * |ma| - sc * d|ma|) / (|ma| * |ma|), likewise dt (D3D11.3
// §7.18.11: derivatives are projected onto the face; the 0.5 is the face's [-1,1] -> [0,1]).
std::array<float, 2> cube_project_derivative(const std::array<float, 3>& dir,
                                             const std::array<float, 3>& d, uint32_t face);

// A texel position on a face; `missing` marks the texel diagonally past a cube corner, which
// does not exist (its filter weight is shared equally by the other three, §7.18.12).
struct CubeTexel {
  uint32_t face = 0;
  uint32_t x = 0;
  uint32_t y = 0;
  bool missing = false;
};

// Seamless addressing: a texel address on `face` of a cube of `size` x `size` texels, at most
// one texel outside the face on each axis (further addresses are clamped to that), mapped to
// the texel of the adjacent face that shares the edge. Exact integer arithmetic in half-texel
// units on the cube's 3D lattice.
CubeTexel cube_resolve_texel(uint32_t face, int64_t x, int64_t y, uint32_t size);

}  // namespace texsim::texunit
