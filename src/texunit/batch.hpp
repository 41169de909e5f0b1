// The batch API of the texture unit: many lanes of fetch / sample requests sharing one surface
// view, sampler state and precision profile, as structure-of-arrays. Depends on fetch/sample.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "texunit/blocks.hpp"  // BatchOptions
#include "texunit/fetch.hpp"
#include "texunit/sample.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"
#include "texunit/texel.hpp"

namespace texsim::texunit {

// Per-lane status bits written to TexelLanes::flags.
inline constexpr uint8_t kLaneInBounds = 1;     // fetch: FetchResult::in_bounds
inline constexpr uint8_t kLaneNullTile = 2;     // FetchResult / SampleResult::null_tile
inline constexpr uint8_t kLaneFastCleared = 4;  // fetch: FetchResult::fast_cleared

// Outputs, one element per lane: the bits of R, G, B, A (Texel::bits) and optional flags.
// Lanes whose active byte is 0 are left untouched.
struct TexelLanes {
  std::span<uint32_t> r, g, b, a;
  std::span<uint8_t> flags;         // empty: not written
  std::span<TexelKind> kinds = {};  // each lane's Texel::kind (sample_message, fetch_message);
                                    // empty: not written. The kLavapipe profile's kind varies per
                                    // lane (an integer format filtered linearly returns floats).
};

// Lanes of FetchRequest. Every span is either empty (the value is 0 in every lane, or the
// shared value where one exists) or holds at least `count` elements.
struct FetchBatch {
  size_t count = 0;
  std::span<const uint32_t> x, y, z;
  std::span<const uint32_t> slice, level, sample;
  std::array<int32_t, 3> offset{};                        // shared immediate offsets (aoffimmi)
  std::span<const int32_t> offset_x, offset_y, offset_z;  // per lane; override `offset`
  std::span<const uint64_t> mcs;                          // ld2dms supplied MCS; empty: none
  std::span<const uint8_t> active;                        // empty: all lanes active
};

// Lanes of SampleRequest; `op` and `gather_component` are shared.
struct SampleBatch {
  size_t count = 0;
  SampleOp op = SampleOp::kLevel;
  std::span<const float> u, v, w;
  std::span<const float> array_index;
  std::span<const float> lod;  // kLevel: the LOD; kBias: the instruction bias
  std::span<const float> ddx_u, ddx_v, ddx_w, ddy_u, ddy_v, ddy_w;
  std::span<const float> reference;
  std::array<int32_t, 3> offset{};
  std::span<const int32_t> offset_x, offset_y, offset_z;
  uint8_t gather_component = 0;
  std::span<const uint8_t> active;
};

// Lane `i` of `batch` as one scalar request (empty spans read as 0, offsets as `offset`).
SampleRequest sample_request_at(const SampleBatch& batch, size_t i);
FetchRequest fetch_request_at(const FetchBatch& batch, size_t i);

// Whether every span of the batch is empty or at least `count` long and the outputs hold
// `count` lanes (what sample_batch / fetch_batch check before writing anything).
bool batch_valid(const SampleBatch& batch, const TexelLanes& out);
bool batch_valid(const FetchBatch& batch, const TexelLanes& out);

// Writes one lane's texel bits and flags.
void write_lane(const TexelLanes& out, size_t i, const Texel& t, uint8_t flags);

struct BatchStats {
  bool ok = false;  // false: a span was shorter than `count`; nothing was written
  TexelKind kind = TexelKind::kFloat;  // how every lane's four words are to be read
  size_t simd_lanes = 0;               // active lanes computed by a SIMD fast path
  size_t scalar_lanes = 0;             // active lanes computed by the scalar reference
};

BatchStats fetch_batch(const SurfaceView& view, const FetchBatch& batch, const TexelLanes& out,
                       const FetchOptions& fetch_options = {}, const BatchOptions& options = {});

BatchStats sample_batch(const SurfaceView& view, const SamplerState& sampler,
                        const SampleBatch& batch, const TexelLanes& out,
                        const PrecisionProfile& precision = {}, const BatchOptions& options = {});

// The result kind of every lane of a sample batch (what SampleResult::texel.kind holds). The
// kD3D / kExact pipelines ignore a comparison on integer formats (their bits come back); the
// kLavapipe profile compares them and returns floats.
TexelKind sample_result_kind(const SurfaceView& view, const SamplerState& sampler, SampleOp op,
                             PrecisionKind precision = PrecisionKind::kD3D);

// Whether a whole batch with these states takes a SIMD fast path (lanes with offsets beyond
// the fast range still fall back one by one). For tests, benchmarks and diagnostics.
bool fetch_has_fast_path(const SurfaceView& view, const FetchOptions& fetch_options = {});
bool sample_has_fast_path(const SurfaceView& view, const SamplerState& sampler, SampleOp op,
                          const PrecisionProfile& precision = {});

}  // namespace texsim::texunit
