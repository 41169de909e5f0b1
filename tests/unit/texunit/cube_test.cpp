// Tests for texunit/cube: face selection for all six major axes and ties, face orientation,
// derivative projection, and seamless edge / corner addressing (D3D11.3 §7.18.12).
#include "texunit/cube.hpp"

#include <gtest/gtest.h>

namespace texsim::texunit {
namespace {

struct FaceCase {
  std::array<float, 3> dir;
  uint32_t face;
  float s, t;
};

TEST(CubeCoord, AllSixMajorAxesWithTheirOrientation) {
  // Direction (ma, 0.5 toward the face's +s axis... ) checked against the D3D/GL table:
  // +X: sc=-z tc=-y; -X: sc=+z tc=-y; +Y: sc=+x tc=+z; -Y: sc=+x tc=-z; +Z: sc=+x tc=-y;
  // -Z: sc=-x tc=-y; s = sc/|ma|/2 + 1/2.
  const FaceCase cases[] = {
      {{2.0f, 1.0f, 0.5f}, 0, 0.375f, 0.25f},   // +X: sc = -0.5/2, tc = -1/2
      {{-2.0f, 1.0f, 0.5f}, 1, 0.625f, 0.25f},  // -X
      {{0.5f, 2.0f, 1.0f}, 2, 0.625f, 0.75f},   // +Y
      {{0.5f, -2.0f, 1.0f}, 3, 0.625f, 0.25f},  // -Y
      {{0.5f, 1.0f, 2.0f}, 4, 0.625f, 0.25f},   // +Z
      {{0.5f, 1.0f, -2.0f}, 5, 0.375f, 0.25f},  // -Z
  };
  for (const FaceCase& c : cases) {
    const CubeCoord cc = cube_coord(c.dir);
    EXPECT_EQ(cc.face, c.face) << c.dir[0] << "," << c.dir[1] << "," << c.dir[2];
    EXPECT_EQ(cc.s, c.s) << "face " << c.face;
    EXPECT_EQ(cc.t, c.t) << "face " << c.face;
  }
}

// D3D11.3 §7.18.7: "In the case of a tie, the following precedence should occur: Z, Y, X."
TEST(CubeCoord, TiesGoToZThenYThenX) {
  // |x| = |y| = |z|, every sign: always the z face of z's sign.
  for (float x : {1.0f, -1.0f})
    for (float y : {1.0f, -1.0f})
      for (float z : {1.0f, -1.0f})
        EXPECT_EQ(cube_coord({x, y, z}).face, z < 0 ? 5u : 4u) << x << "," << y << "," << z;
  // |x| = |y| > |z|: the y face of y's sign (was x before issue 20).
  for (float x : {0.75f, -0.75f})
    for (float y : {0.75f, -0.75f})
      for (float z : {0.0f, -0.0f, 0.5f, -0.5f})
        EXPECT_EQ(cube_coord({x, y, z}).face, y < 0 ? 3u : 2u) << x << "," << y << "," << z;
  // |x| = |z| > |y| and |y| = |z| > |x|: the z face of z's sign.
  for (float a : {2.0f, -2.0f})
    for (float z : {2.0f, -2.0f})
      for (float m : {0.0f, 1.0f, -1.0f}) {
        EXPECT_EQ(cube_coord({a, m, z}).face, z < 0 ? 5u : 4u) << a << "," << m << "," << z;
        EXPECT_EQ(cube_coord({m, a, z}).face, z < 0 ? 5u : 4u) << m << "," << a << "," << z;
      }
  // A tie below the major axis changes nothing.
  EXPECT_EQ(cube_coord({2.0f, 1.0f, -1.0f}).face, 0u);
  EXPECT_EQ(cube_coord({1.0f, -2.0f, 1.0f}).face, 3u);
  EXPECT_EQ(cube_coord({0.5f, -1.0f, 0.0f}).face, 3u);
}

TEST(CubeCoord, TiedFaceCoordinatesLieOnTheEdge) {
  // (1, 1, 0) on +Y: sc = +x, tc = +z -> s = 1, t = 0.5; (-1, -1, 0.5) on -Y: sc = +x = -1,
  // tc = -z = -0.5 -> s = 0, t = 0.25.
  const CubeCoord a = cube_coord({1.0f, 1.0f, 0.0f});
  EXPECT_EQ(a.face, 2u);
  EXPECT_EQ(a.s, 1.0f);
  EXPECT_EQ(a.t, 0.5f);
  EXPECT_EQ(a.ma, 1.0f);
  const CubeCoord b = cube_coord({-1.0f, -1.0f, 0.5f});
  EXPECT_EQ(b.face, 3u);
  EXPECT_EQ(b.s, 0.0f);
  EXPECT_EQ(b.t, 0.25f);
}

TEST(CubeCoord, NegativeZeroMajorAxisPicksTheNegativeFace) {
  EXPECT_EQ(cube_coord({0.0f, 0.0f, -0.0f}).face, 5u);
}

TEST(CubeDerivative, ProjectedOntoTheFace) {
  // On +Z at (0,0,1): s = x/2 + 1/2, so ds/dx = 0.5; t = -y/2 + 1/2, so dt/dy = -0.5.
  const auto dx = cube_project_derivative({0, 0, 1}, {1, 0, 0}, 4);
  EXPECT_EQ(dx[0], 0.5f);
  EXPECT_EQ(dx[1], 0.0f);
  const auto dy = cube_project_derivative({0, 0, 1}, {0, 1, 0}, 4);
  EXPECT_EQ(dy[0], 0.0f);
  EXPECT_EQ(dy[1], -0.5f);
  // Moving along the major axis at an off-centre point shrinks sc/ma: at (1,0,2) on +Z,
  // d(sc/ma)/dz = -sc/ma^2 = -1/4, times 0.5.
  const auto dz = cube_project_derivative({1, 0, 2}, {0, 0, 1}, 4);
  EXPECT_EQ(dz[0], -0.125f);
}

TEST(CubeResolve, InsideStaysOnTheFace) {
  const CubeTexel t = cube_resolve_texel(4, 2, 3, 4);
  EXPECT_EQ(t.face, 4u);
  EXPECT_EQ(t.x, 2u);
  EXPECT_EQ(t.y, 3u);
  EXPECT_FALSE(t.missing);
}

TEST(CubeResolve, EdgesMoveToTheAdjacentFace) {
  // +Z, left of column 0 (x = -1, row 1): direction (-n-1, ..) -> -X face; on -X sc = +z, so
  // the texel next to +Z is the last column (x = n-1), same row (tc = -y on both faces).
  CubeTexel t = cube_resolve_texel(4, -1, 1, 4);
  EXPECT_EQ(t.face, 1u);
  EXPECT_EQ(t.x, 3u);
  EXPECT_EQ(t.y, 1u);
  // +Z, right of the last column -> +X, column 0 (sc = -z: +Z is at the left edge of +X).
  t = cube_resolve_texel(4, 4, 2, 4);
  EXPECT_EQ(t.face, 0u);
  EXPECT_EQ(t.x, 0u);
  EXPECT_EQ(t.y, 2u);
  // +Z, above row 0 (y = -1: +y direction) -> +Y, whose tc = +z: the last row, column kept.
  t = cube_resolve_texel(4, 1, -1, 4);
  EXPECT_EQ(t.face, 2u);
  EXPECT_EQ(t.x, 1u);
  EXPECT_EQ(t.y, 3u);
  // +X, below the last row (-y direction) -> -Y, tc = -z: +X's column 0 is z = +n side.
  t = cube_resolve_texel(0, 0, 4, 4);
  EXPECT_EQ(t.face, 3u);
  EXPECT_EQ(t.x, 3u);  // sc = +x = n on -Y -> last column
  EXPECT_EQ(t.y, 0u);  // z = +(n-1) half-texels -> tc = -z -> first row
  EXPECT_FALSE(t.missing);
}

TEST(CubeResolve, CornerIsMissing) {
  EXPECT_TRUE(cube_resolve_texel(4, -1, -1, 4).missing);
  EXPECT_TRUE(cube_resolve_texel(4, 4, 4, 4).missing);
  EXPECT_TRUE(cube_resolve_texel(2, -1, 8, 8).missing);
}

TEST(CubeResolve, EveryEdgeTexelRoundTrips) {
  // Stepping off an edge and back must return to the starting texel, on every face and edge.
  const uint32_t n = 5;
  for (uint32_t f = 0; f < 6; ++f) {
    for (int64_t i = 0; i < n; ++i) {
      const std::array<std::array<int64_t, 4>, 4> steps{
          {{-1, i, 0, i}, {n, i, n - 1, i}, {i, -1, i, 0}, {i, n, i, n - 1}}};
      for (const auto& s : steps) {
        const CubeTexel out = cube_resolve_texel(f, s[0], s[1], n);
        ASSERT_FALSE(out.missing);
        ASSERT_NE(out.face, f);
        // From the neighbour, step once more in the direction that leaves it toward f.
        bool found = false;
        for (const auto& d :
             std::array<std::array<int, 2>, 4>{{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}}) {
          const CubeTexel back =
              cube_resolve_texel(out.face, int64_t{out.x} + d[0], int64_t{out.y} + d[1], n);
          if (!back.missing && back.face == f && back.x == s[2] && back.y == s[3]) found = true;
        }
        EXPECT_TRUE(found) << "face " << f << " step " << s[0] << "," << s[1];
      }
    }
  }
}

}  // namespace
}  // namespace texsim::texunit
