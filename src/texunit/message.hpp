// The texture unit's message-level entry: many lanes of one sample or fetch message (SoA) with
// the precision profile, the lane layout (lavapipe SIMD groups and pixel quads, D3D quad
// derivatives) and the batch options. render, both ISA executors and the public API call these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "texunit/batch.hpp"
#include "texunit/fetch.hpp"
#include "texunit/sample.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::texunit {

// How the message's lanes relate to each other.
struct MessageLayout {
  // kLavapipe: 0 treats every lane alone (a compute-shader lookup with no group context, as the
  // scalar sample() does); N > 0 forms lavapipe's SIMD groups of N consecutive lanes (inactive
  // lanes take no part) that decide the min/mag filter path, the seamless-cube corner handling
  // and the trilinear blend together, and quad ops read their pixel quad 4q..4q+3
  // (sample_lavapipe.hpp, LavapipeLaneContext). lavapipe on AVX2 runs 8 lanes per group.
  unsigned lavapipe_group_lanes = 0;
  // Quad ops take coarse derivatives from each quad's coordinates (ddx = TR - TL, ddy = BL - TL;
  // D3D11.3 §7.18.11) instead of the batch's ddx_* / ddy_*: kD3D / kExact, and kLavapipe with
  // groups (lavapipe_group_lanes > 0), where they give the quad's LOD as lavapipe's implicit
  // derivatives do (lp_build_rho; decision P21). kLavapipe without groups ignores it.
  bool quad_derivatives = false;
  // kLavapipe with groups: inactive lanes take part in the group's decisions (and the quads'
  // derivatives) as lavapipe's masked lanes do, with every per-lane input 0 (coordinates, LOD /
  // bias, derivatives, reference, array index, per-lane offsets); they are still not written.
  // false: inactive lanes take no part (an inactive lane's given inputs are not read).
  bool lavapipe_masked_lanes = false;
  // kLavapipe with groups, quad ops: where each quad lies, in quads (pixel x / 2, y / 2), one
  // element per quad (count / 4). Set: the lanes are placed in lavapipe's groups as llvmpipe's
  // fragment shader runs them (lavapipe_group_lanes / 4 horizontally adjacent quads per group,
  // the group's first quad column a multiple of that; 8 lanes: quad columns 2k and 2k + 1 of
  // one quad row, the even one in lanes 0-3), whatever the message's lane order; a partner quad
  // the message lacks is an inactive half. Empty: lanes 4q..4q+3 are quad q, groups as they come.
  std::span<const uint32_t> quad_x, quad_y;
};

struct MessageOptions {
  PrecisionProfile precision;
  MessageLayout layout;
  FetchOptions fetch;  // fetch messages: the out-of-range sample index policy
  BatchOptions batch;  // threads, SIMD fast path on/off (results never depend on them)
};

// Samples every active lane of `lanes`. Quad layouts (lavapipe groups, quad_derivatives) need a
// lane count that is a multiple of 4 for quad ops; BatchStats::ok is false (nothing written)
// when it is not, when a span is shorter than the count, or when quad positions are given but
// not count / 4 of them or two quads share a position.
BatchStats sample_message(const SurfaceView& view, const SamplerState& sampler,
                          const SampleBatch& lanes, const TexelLanes& out,
                          const MessageOptions& options);

// Image queries (Vulkan textureSize / textureQueryLevels / textureSamples) of a message's lanes.
enum class QueryOp : uint8_t { kSize, kLevels, kSamples };
struct QueryBatch {
  size_t count = 0;
  QueryOp op = QueryOp::kSize;
  std::span<const uint32_t> lod;  // kSize: the level (empty: 0); multisampled surfaces: ignored
  std::span<const uint8_t> active;
};

// Answers every active lane as uint words: kSize size_query (surface.hpp) at the lane's LOD
// (R, G, B the size, A the level count); kLevels R = the level count; kSamples R = the sample
// count; other words 0. kLavapipe with groups: the size query takes one LOD per SIMD group, its
// first lane's (gallivm's lp_build_size_query_soa extracts one element of the LOD vector): the
// group's first active lane's, or with lavapipe_masked_lanes lane 0's (0 when it is inactive).
// BatchStats::ok is false (nothing written) when a span is shorter than the count.
BatchStats query_message(const SurfaceView& view, const QueryBatch& lanes, const TexelLanes& out,
                         const MessageOptions& options);

// Fetches every active lane: kD3D / kExact fetch_texel (SIMD fast path where it applies),
// kLavapipe fetch_texel_lavapipe (lavapipe's texel conversion; a kClamp sample policy clamps the
// sample index first).
BatchStats fetch_message(const SurfaceView& view, const FetchBatch& lanes, const TexelLanes& out,
                         const MessageOptions& options);

}  // namespace texsim::texunit
