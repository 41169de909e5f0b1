// The SIMD-group and pixel-quad context of one lavapipe lane (LavapipeLaneContext): what lavapipe
// decides per group or per quad rather than per lane. Plain values; read by sample_lavapipe*.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "texunit/sample_request.hpp"

namespace texsim::texunit {

// What lavapipe decides per SIMD group (8 lanes with AVX2) rather than per lane. With min != mag
// filters and per-lane LOD, a group where any lane needs linear filtering takes a combined
// linear path (nearest lanes get 0/1 weights: fraction > 0.5); otherwise a plain nearest path.
// Cubes: seamless bilinear filtering switches every lane of the group to a weight-sum formula
// when any lane's footprint has a missing corner tap, separately for the first and the second
// (trilinear) level read. Fragment shaders: the quad's LOD is the top-left lane's, except on
// cube maps: there lavapipe differentiates the direction per pixel ("fine": the lane's row and
// column of the quad), projects onto each lane's own face and keeps the LOD per lane (for
// kImplicit without a mip filter, lavapipe's NONE also for a one-level view with max_lod > 0, the
// top-left lane's). A cube kLodQuery in a fragment shader also reproduces lavapipe's measured
// use of the direction (its third component is undefined for most formats; see the .cpp).
// A fragment-shader lookup names its quad: `quad` points at the quad's four requests (TL, TR,
// BL, BR; all four must exist, cube maps read them for the per-pixel derivatives) and
// `quad_lane` is the lane's place among them; the lane's own request is quad[quad_lane].
// Trilinear: the level blend runs for every lane of the group when any lane's LOD fraction is
// above 0 (lavapipe's need_lerp); a lane with fraction 0 then blends with weight 0, which only
// shows under a fragment shader's DAZ (a denormal texel reads as 0). With min != mag filters and
// a group on the combined linear path, need_lerp is instead "any lane minified"
// (group_minified), fraction or not.
struct LavapipeLaneContext {
  std::optional<bool> group_needs_linear;  // unset: as if the lane were alone in its group
  std::optional<bool> group_mip_lerp;      // unset: the lane's own (LOD fraction > 0)
  std::optional<bool> group_minified;      // any lane minified (min != mag); unset: the lane's
  std::array<std::optional<bool>, 2> group_cube_corner;  // unset: the lane's own
  const SampleRequest* quad = nullptr;  // unset: a compute-shader lookup, the lane's own LOD
  uint8_t quad_lane = 0;                // 0 TL, 1 TR, 2 BL, 3 BR
  // Anisotropic samplers (max_anisotropy > 1, decision P12): the lane's SIMD group, its
  // `group_size` requests in lavapipe's lane order (8 with AVX2; fragment shaders: two quads),
  // and the lane's place in it. lp_build_sample_aniso differentiates the coordinates across the
  // group's lane quads 4k..4k+3 (TL, TR, BL, BR) in compute shaders too, and some of its level
  // choices are the group's first lanes'. Unset: the fragment quad, else the lane alone.
  const SampleRequest* group = nullptr;
  uint8_t group_lane = 0;
  uint8_t group_size = 0;
};

}  // namespace texsim::texunit
