// A lane as lavapipe's filtering sees it (sample_lavapipe_prepare.hpp): lp_build_cube_lookup's
// face coordinates for cubes, the array layer rounded and clamped (cvt_round). Mesa 22.3.6.
#include "texunit/sample_lavapipe_prepare.hpp"

#include <algorithm>

#include "texunit/sample_lavapipe_cube.hpp"
#include "texunit/sample_lavapipe_internal.hpp"

namespace texsim::texunit::lavapipe_detail {
namespace {

bool is_cube(SurfaceType t) {
  return t == SurfaceType::kCube || t == SurfaceType::kCubeArray;
}

}  // namespace

Prepared prepare(const SurfaceView& view, const SamplerState& sampler, const SampleRequest& req) {
  const SurfaceDesc& d = view.desc;
  Prepared p{req, sampler, is_cube(d.type), 0, 0};
  if (p.cube) {
    const LpCube c = lp_cube_lookup(req.coord, req.ddx, req.ddy);
    p.face = c.face;
    p.req.coord = {c.s, c.t, 0.0f};
    p.req.ddx = {c.ddx[0], c.ddx[1], 0.0f};
    p.req.ddy = {c.ddy[0], c.ddy[1], 0.0f};
    p.req.offset = {};
    p.smp.address = {AddressMode::kClamp, AddressMode::kClamp, AddressMode::kClamp};
    if (d.type == SurfaceType::kCubeArray) {
      const auto cubes = static_cast<int32_t>(d.slices() / 6);
      p.slice_base = 6 * std::clamp(cvt_round(req.array_index), 0, cubes - 1);
    }
  } else if (d.is_array()) {
    p.slice_base = std::clamp(cvt_round(req.array_index), 0, static_cast<int32_t>(d.slices()) - 1);
  }
  return p;
}

}  // namespace texsim::texunit::lavapipe_detail
