// Cube maps: face selection, derivative projection, seamless edge and corner addressing.
// Pure arithmetic; depends on nothing but the standard library.
#include "texunit/cube.hpp"

#include <algorithm>
#include <cmath>

namespace texsim::texunit {

namespace {

struct AxisRef {
  uint8_t axis;  // 0 = x, 1 = y, 2 = z
  int8_t sign;
};

struct FaceBasis {
  AxisRef major;
  AxisRef s;  // sc = s.sign * dir[s.axis]
  AxisRef t;  // tc = t.sign * dir[t.axis]
};

// D3D11.3 / GL cube face orientation (the same table in both APIs).
constexpr std::array<FaceBasis, 6> kFaces{{
    {{0, +1}, {2, -1}, {1, -1}},  // +X
    {{0, -1}, {2, +1}, {1, -1}},  // -X
    {{1, +1}, {0, +1}, {2, +1}},  // +Y
    {{1, -1}, {0, +1}, {2, -1}},  // -Y
    {{2, +1}, {0, +1}, {1, -1}},  // +Z
    {{2, -1}, {0, -1}, {1, -1}},  // -Z
}};

uint32_t face_of(uint8_t axis, int sign) {
  return static_cast<uint32_t>(axis * 2 + (sign < 0 ? 1 : 0));
}

float signed_component(const std::array<float, 3>& v, AxisRef r) {
  return r.sign > 0 ? v[r.axis] : -v[r.axis];
}

}  // namespace

CubeCoord cube_coord(const std::array<float, 3>& dir) {
  const float ax = std::fabs(dir[0]);
  const float ay = std::fabs(dir[1]);
  const float az = std::fabs(dir[2]);
  // D3D11.3 §7.18.7 (and §7.18.11 for the LOD): "In the case of a tie, the following
  // precedence should occur: Z, Y, X."
  uint8_t axis;
  if (az >= ax && az >= ay) {
    axis = 2;
  } else if (ay >= ax) {
    axis = 1;
  } else {
    axis = 0;
  }
  const int sign = std::signbit(dir[axis]) ? -1 : +1;
  CubeCoord c;
  c.face = face_of(axis, sign);
  c.ma = dir[axis];
  const FaceBasis& b = kFaces[c.face];
  const float m = std::fabs(c.ma);
  const float sc = signed_component(dir, b.s);
  const float tc = signed_component(dir, b.t);
  c.s = (sc / m) * 0.5f + 0.5f;
  c.t = (tc / m) * 0.5f + 0.5f;
  return c;
}

std::array<float, 2> cube_project_derivative(const std::array<float, 3>& dir,
                                             const std::array<float, 3>& d, uint32_t face) {
  const FaceBasis& b = kFaces[face];
  const float m = std::fabs(dir[b.major.axis]);
  const float dm = signed_component(d, b.major);  // d|ma| (ma has the face's sign)
  const float sc = signed_component(dir, b.s);
  const float tc = signed_component(dir, b.t);
  const float dsc = signed_component(d, b.s);
  const float dtc = signed_component(d, b.t);
  const float m2 = m * m;
  return {0.5f * ((dsc * m - sc * dm) / m2), 0.5f * ((dtc * m - tc * dm) / m2)};
}

CubeTexel cube_resolve_texel(uint32_t face, int64_t x, int64_t y, uint32_t size) {
  const int64_t n = size;
  x = std::clamp<int64_t>(x, -1, n);
  y = std::clamp<int64_t>(y, -1, n);
  const bool x_out = x < 0 || x >= n;
  const bool y_out = y < 0 || y >= n;
  if (!x_out && !y_out) {
    return {face, static_cast<uint32_t>(x), static_cast<uint32_t>(y), false};
  }
  if (x_out && y_out) return {face, 0, 0, true};
  // Texel centres in half-texel units: sc = 2x + 1 - n lies in [-(n+1), n+1]; the face plane is
  // at +/-n on the major axis.
  const FaceBasis& b = kFaces[face];
  std::array<int64_t, 3> p{};
  p[b.major.axis] = b.major.sign * n;
  p[b.s.axis] = b.s.sign * (2 * x + 1 - n);
  p[b.t.axis] = b.t.sign * (2 * y + 1 - n);
  // The axis that left the face becomes the new major axis (pulled back onto the plane at n);
  // the old major coordinate becomes the centre of the edge texel row (n - 1).
  const AxisRef out = x_out ? b.s : b.t;
  const int new_sign = p[out.axis] < 0 ? -1 : +1;
  p[out.axis] = new_sign * n;
  p[b.major.axis] = b.major.sign * (n - 1);
  const uint32_t nf = face_of(out.axis, new_sign);
  const FaceBasis& nb = kFaces[nf];
  const int64_t sc = nb.s.sign * p[nb.s.axis];
  const int64_t tc = nb.t.sign * p[nb.t.axis];
  return {nf, static_cast<uint32_t>((sc + n - 1) / 2), static_cast<uint32_t>((tc + n - 1) / 2),
          false};
}

}  // namespace texsim::texunit
