// Public API: message-level texture lookups. Many lanes of sample or fetch requests against one
// surface (and sampler), structure-of-arrays in, four result words per lane out.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "texsim/diagnostic.hpp"
#include "texsim/export.h"
#include "texsim/sampler.hpp"
#include "texsim/surface.hpp"

namespace texsim {

// How a lane's LOD is obtained and what it returns (D3D sample, sample_b, sample_l, sample_d,
// sample_lz / sample_c_lz, gather4, lod query).
enum class SampleOp : uint8_t { kImplicit, kBias, kLevel, kGrad, kLevelZero, kGather, kLodQuery };

// True for the ops whose LOD comes from a pixel quad's derivatives (kImplicit, kBias,
// kLodQuery): their lanes form quads 4q..4q+3 (top-left, top-right, bottom-left, bottom-right).
TEXSIM_API bool is_quad_op(SampleOp op);

// Lanes of a sample message. Every span is empty (0 in every lane) or at least `count` long.
struct SampleLanes {
  size_t count = 0;
  SampleOp op = SampleOp::kLevel;
  std::span<const float> u, v, w;  // normalized (or texel) coordinates; cubes: direction
  std::span<const float> array_index;
  std::span<const float> lod;  // kLevel: the LOD; kBias: the instruction's bias
  std::span<const float> ddx_u, ddx_v, ddx_w, ddy_u, ddy_v, ddy_w;  // kGrad (and see below)
  std::span<const float> reference;                                 // comparison samplers
  std::array<int32_t, 3> offset{};                                  // immediate offsets
  std::span<const int32_t> offset_x, offset_y, offset_z;            // per lane; override
  uint8_t gather_component = 0;                                     // kGather: 0..3
  std::span<const uint8_t> active;                                  // empty: all active
  // Quad ops with the lavapipe profile's groups: each quad's position in quads (pixel x / 2,
  // y / 2), one element per quad (count / 4) or empty. Given, the library places the quads in
  // lavapipe's 8-lane groups as llvmpipe's fragment shader runs them (quad columns 2k and 2k+1
  // of a quad row share a group, the even one in lanes 0-3), whatever their order in the
  // message. Empty: lanes 8g..8g+7 form group g as they come. Other profiles ignore them.
  std::span<const uint32_t> quad_x, quad_y;
};

// Lanes of a fetch (ld / ld2dms) message: integer coordinates as bit patterns.
struct FetchLanes {
  size_t count = 0;
  std::span<const uint32_t> x, y, z;
  std::span<const uint32_t> slice, level, sample;
  std::array<int32_t, 3> offset{};
  std::span<const int32_t> offset_x, offset_y, offset_z;
  std::span<const uint64_t> mcs;  // ld2dms: the MCS value per lane; empty: the surface's
  std::span<const uint8_t> active;
};

// Per-lane flags written to Results::flags.
inline constexpr uint8_t kFlagInBounds = 1;     // fetch: the texel was in bounds
inline constexpr uint8_t kFlagNullTile = 2;     // a tap read an unmapped region
inline constexpr uint8_t kFlagFastCleared = 4;  // fetch: the MCS said "cleared"

// Outputs, `count` elements each: the bits of R, G, B, A and optional flags. Inactive lanes
// are left untouched.
struct Results {
  std::span<uint32_t> r, g, b, a;
  std::span<uint8_t> flags;  // empty: not written
};

struct SampleOptions {
  Profile profile = Profile::kD3D;
  // kLavapipe: lavapipe decides some things per SIMD group of lanes (the min/mag filter path,
  // seamless-cube corner handling) and takes quad ops' LOD from their quad. With true (the
  // default) texsim forms the groups from consecutive active lanes as lavapipe does, so
  // results are bit-exact with lavapipe running this message; false treats every lane alone.
  bool lavapipe_groups = true;
  unsigned lavapipe_group_lanes = 8;  // lanes per SIMD group (8: AVX2)
  // kLavapipe with groups: true lets inactive lanes take part in their group's decisions as
  // lavapipe's masked lanes do, with every per-lane input 0 (their results are still not
  // written); false (the default): inactive lanes take no part in the group decisions.
  bool lavapipe_masked_lanes = false;
  // kD3D / kExact: true computes quad ops' derivatives from each quad's coordinates (coarse:
  // ddx = TR - TL, ddy = BL - TL) instead of reading ddx_* / ddy_*.
  bool derivatives_from_quads = false;
  unsigned threads = 1;  // 0: every hardware thread (results do not depend on it)
};

enum class SampleIndexPolicy : uint8_t { kZero, kClamp };  // out-of-range sample index

struct FetchOptions {
  Profile profile = Profile::kD3D;  // kLavapipe: lavapipe's UNORM/SNORM/sRGB conversion
  SampleIndexPolicy sample_index = SampleIndexPolicy::kZero;
  unsigned threads = 1;
};

// What a lookup call reports: ok (false: diagnostics say why, nothing was written) and how to
// read every lane's words.
struct LookupStatus {
  bool ok = false;
  TexelKind kind = TexelKind::kFloat;
};

// Samples `lanes`. Errors (LIB-LANES: a span shorter than count; LIB-QUAD: a quad op with
// lavapipe grouping or derivatives_from_quads whose count is not a multiple of 4, quad_x /
// quad_y not count / 4 long, two quads at one position, or a group width not a multiple of 4
// with quad positions) are reported.
TEXSIM_API LookupStatus sample(const Surface& surface, const Sampler& sampler,
                               const SampleLanes& lanes, const Results& out,
                               const SampleOptions& options, Diagnostics& diags);

TEXSIM_API LookupStatus fetch(const Surface& surface, const FetchLanes& lanes, const Results& out,
                              const FetchOptions& options, Diagnostics& diags);

// ---- the conformant range of a lookup (docs/bounds.md) ----

// The precision a conforming implementation is allowed. Defaults: the Vulkan CTS's 2D filtering
// tests (coordBits 20, uvwBits 7, derivateBits 18, lodBits 6), with the lower tier's 4 LOD bits
// for LODs from derivatives; colour threshold from the format (CTS: bits - 1 nearest, - 2 linear).
struct BoundsPrecision {
  unsigned coord_bits = 20;          // relative precision of the coordinates
  unsigned subtexel_bits = 7;        // +-2^-n texel (subTexelPrecisionBits)
  unsigned lod_bits = 6;             // +-2^-n on explicit LODs and the clamps
  unsigned derivative_lod_bits = 4;  // +-2^-n on LODs from derivatives
  unsigned derivative_bits = 18;     // relative precision of the derivatives
  unsigned blend_bits = 8;           // +-2^-n on the linear-mipmap weight
  unsigned color_bits = 0;           // 0: per format; n: +-2^-n on normalized channels
  unsigned float_bits = 19;          // float channels: +-2^-n of the surface's largest value
};

struct BoundsOptions {
  BoundsPrecision precision;
  // true: quad ops' lanes form pixel quads 4q..4q+3 whose coarse and fine derivatives (from the
  // coordinates) may each give the LOD; false: the ddx_* / ddy_* spans.
  bool derivatives_from_quads = false;
};

// Written to `lo.flags`: the lane's interval is [-inf, +inf] in some channel (anisotropic
// filtering, undefined inputs, an invalid combination); docs/bounds.md lists the cases.
inline constexpr uint8_t kFlagUnbounded = 8;

// Per lane and channel, the interval [lo, hi] of results the Vulkan specification (and D3D11.3
// where it differs) allows for the lookup, in the result kind the status reports: float words
// (lo rounded down, hi up; [-inf, +inf] admits NaN) or exact integers. Errors as sample()'s.
TEXSIM_API LookupStatus sample_bounds(const Surface& surface, const Sampler& sampler,
                                      const SampleLanes& lanes, const Results& lo,
                                      const Results& hi, const BoundsOptions& options,
                                      Diagnostics& diags);

// Whether the result word `value` lies in [lo, hi] for a result of `kind` (a float NaN only
// where the interval is [-inf, +inf]).
TEXSIM_API bool within_bounds(TexelKind kind, uint32_t lo, uint32_t hi, uint32_t value);
// Image queries, as Vulkan's textureSize (kSize), textureQueryLevels (kLevels) and
// textureSamples (kSamples) return them (uint words).
enum class QueryOp : uint8_t { kSize, kLevels, kSamples };

struct QueryLanes {
  size_t count = 0;
  QueryOp op = QueryOp::kSize;
  std::span<const uint32_t> lod;  // kSize: the level (empty: 0); multisampled surfaces: ignored
  std::span<const uint8_t> active;
};

struct QueryOptions {
  Profile profile = Profile::kD3D;
  // kLavapipe: the size query takes one LOD per SIMD group of lavapipe_group_lanes lanes, its
  // first active lane's (lavapipe_masked_lanes: lane 0's, 0 when inactive), as lavapipe does;
  // false: every lane its own.
  bool lavapipe_groups = true;
  unsigned lavapipe_group_lanes = 8;
  bool lavapipe_masked_lanes = false;
};

// Writes each active lane: kSize (R, G, B) = the size at the lane's LOD (width; height or 1D
// array layers; depth or 2D / cube array layers, cubes for cube arrays; unused 0) and A = the
// level count (D3D resinfo's layout, SASS TXQ's); a LOD past the levels gives 0 extents (Vulkan
// leaves it undefined). kLevels R = levels, kSamples R = samples, other words 0. Errors:
// LIB-LANES.
TEXSIM_API LookupStatus query(const Surface& surface, const QueryLanes& lanes, const Results& out,
                              const QueryOptions& options, Diagnostics& diags);

// ---- memory layouts and the addresses a lookup reads (docs/memory-layouts.md) ----

// How the surface's texels lie in GPU memory: texsim's own linear layout, pitch-linear, NVIDIA
// block-linear, Intel TileY, Tile4 or Tile64.
enum class Tiling : uint8_t { kLinear, kPitch, kBlockLinear, kTileY, kTile4, kTile64 };

// A placement: the tiling with its descriptor fields (0: as the public driver computes them) and
// the base address.
struct Placement {
  Tiling tiling = Tiling::kLinear;
  uint32_t row_pitch = 0;        // bytes (pitch-linear and Intel layouts)
  uint8_t block_width_log2 = 0;  // NVIDIA GOBs per block, log2 (x must be 0 on hardware)
  uint8_t block_height_log2 = 0;
  uint8_t block_depth_log2 = 0;
  uint32_t halign = 4, valign = 4;  // Intel surface alignment, texels
  uint32_t qpitch = 0;              // Intel rows of elements between array slices
  uint64_t array_pitch = 0;         // NVIDIA bytes between layers
  uint64_t base_address = 0;
  // Intel Tile64: RENDER_SURFACE_STATE Mip Tail Start LOD, the first level of the mip tail (0..15;
  // a value at or above the level count: no tail). Unset: the level Mesa isl picks
  // (isl_choose_miptail_start_level). Other tilings: must be unset (LAYOUT-TILE64-MIPTAIL).
  std::optional<uint32_t> miptail_start;
};

// One texel the lookup read, the lane that read it, and where its element (texel, or 4x4 block)
// lies.
struct TexelAddress {
  uint32_t level = 0, slice_or_z = 0, x = 0, y = 0, sample = 0;  // texels
  uint64_t address = 0;
  uint32_t bytes = 0;
  // The message lane that read it; kNoLane: a padding lane that lavapipe's groups add for an
  // absent partner quad (quad_x / quad_y), which reads texels but is no lane of the message.
  uint32_t lane = 0;
  static constexpr uint32_t kNoLane = UINT32_MAX;
};

struct AddressTrace {
  // Every texel read, lane by lane in lane order (each lane's in the order it read them), then
  // the padding lanes' (kNoLane).
  std::vector<TexelAddress> reads;
  // reads[lane_offsets[i] .. lane_offsets[i + 1]) are lane i's: lanes.count + 1 entries.
  std::vector<size_t> lane_offsets;
  // Distinct line addresses of the whole message, in first-touch order taking the lanes in lane
  // order (then the padding lanes').
  std::vector<uint64_t> lines;
  // Each lane's own distinct lines, in its first-touch order:
  // lane_lines[lane_line_offsets[i] .. lane_line_offsets[i + 1]) are lane i's (lanes.count + 1
  // entries). A line two lanes share appears under both.
  std::vector<uint64_t> lane_lines;
  std::vector<size_t> lane_line_offsets;
};

// sample() with every texel read reported: the same results, and in `trace` the reads mapped
// through `placement` and the distinct lines of `line_bytes` (a power of two, 16 to 4096). The
// lanes run on the scalar reference one after another (threads is ignored). Errors: sample()'s,
// ACCESS-LINE-SIZE, and the placement's LAYOUT-* rules.
TEXSIM_API LookupStatus sample_addresses(const Surface& surface, const Sampler& sampler,
                                         const SampleLanes& lanes, const Results& out,
                                         const SampleOptions& options, const Placement& placement,
                                         uint32_t line_bytes, AddressTrace& trace,
                                         Diagnostics& diags);

// fetch() with every texel read reported, as sample_addresses (a lane out of bounds reads nothing
// and has no reads). Errors: fetch()'s, ACCESS-LINE-SIZE, and the placement's LAYOUT-* rules.
TEXSIM_API LookupStatus fetch_addresses(const Surface& surface, const FetchLanes& lanes,
                                        const Results& out, const FetchOptions& options,
                                        const Placement& placement, uint32_t line_bytes,
                                        AddressTrace& trace, Diagnostics& diags);

}  // namespace texsim
