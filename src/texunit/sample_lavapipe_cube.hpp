// lavapipe cube maps: face selection (lp_build_cube_lookup), seamless bilinear filtering and
// gather, fragment-quad derivatives and cube textureQueryLod; defined in sample_lavapipe_cube.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "texunit/format.hpp"
#include "texunit/sample_lavapipe_internal.hpp"
#include "texunit/sample_request.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit::lavapipe_detail {

// lp_build_cube_lookup: the major axis is x if |x| > |y| (else y), then z if |z| >= max(|x|, |y|)
// (ties: z over y over x); the minor axes are mirrored by xor-ing the major axis' sign bit;
// ima = 1 / ma, s = sc * |0.5 * ima| + 0.5 (a multiply, then an add). Derivatives (explicit or
// the quad's) are projected per lane: ds = (dsc - (dma * ima) * sc) * (0.5 * ima).
struct LpCube {
  int32_t face = 0;
  float s = 0.0f, t = 0.0f;
  std::array<float, 2> ddx{}, ddy{};
};

// The integer taps of seamless cube bilinear filtering on a level of size n: x0 = ifloor(s * n
// - 0.5), x1 = x0 + 1 (likewise y); whether a tap falls off both axes (a missing corner).
struct CubeTaps {
  int32_t x0 = 0, y0 = 0;
  float fs = 0.0f, ft = 0.0f;
  bool corner = false;
};

// lp_build_ddx / lp_build_ddy (lp_bld_quad.c): per-pixel ("fine") differences, right - left in
// the lane's row and bottom - top in its column. lp_build_cube_lookup differentiates the
// direction this way when the shader gives no derivatives, so only the top-left lane sees the
// coarse TR - TL, BL - TL.
struct QuadDerivatives3 {
  std::array<float, 3> ddx{}, ddy{};
};

LpCube lp_cube_lookup(const std::array<float, 3>& c, const std::array<float, 3>& dx,
                      const std::array<float, 3>& dy);
CubeTaps cube_taps(float s, float t, uint32_t n);
Texel sample_level_cube_linear(const Surf& s, const SamplerState& smp, const SampleRequest& req,
                               uint32_t level, bool nearest_via_linear, int32_t face,
                               int32_t slice_base, bool group_corner);
QuadDerivatives3 fine_derivatives(const SampleRequest* quad, size_t k);
Texel fragment_cube_lod_query(const Surf& s, const SurfaceView& view, const SamplerState& sampler,
                              const SampleRequest* quad, size_t k);
// The face coordinates of a fragment-shader cube textureQueryLod (lp_cube_lookup_lodq).
LpCube lodq_cube_lookup(Format f, const std::array<float, 3>& c);

}  // namespace texsim::texunit::lavapipe_detail
