// Internal interface between the batch API (texunit/batch.cpp) and the Highway kernels
// (simd/kernels.cpp): plain plans and lane pointers. Depends on sampler.hpp only; never on isa/.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "texunit/sampler.hpp"

namespace texsim::texunit::simd {

// Formats with a vector decoder. Everything else runs the scalar reference.
enum class FastFormat : uint8_t {
  kNone,
  kRgba8Unorm,
  kRgba8Srgb,
  kR8Unorm,
  kRg8Unorm,
  kRgba16Float,
  kR32Float,
  kRgba32Float,
};

inline constexpr unsigned kMaxLevels = 16;
// Texel-space offsets beyond this magnitude are sent to the scalar path (int32 lane arithmetic).
inline constexpr int32_t kMaxFastOffset = 1 << 16;
// Largest surface extent the fast paths accept (D3D11 2D limit; keeps fixed point in int32).
inline constexpr uint32_t kMaxFastExtent = 16384;
// Largest fraction-bit count (subtexel and LOD) the fast paths accept.
inline constexpr unsigned kMaxFastFracBits = 12;

// A 2D / 2D-array single-sample surface whose every texel address fits in int32. Level tables
// hold the view's layout (byte offset, pitches, extents) per level.
struct SurfacePlan {
  const uint8_t* bytes = nullptr;
  uint32_t size = 0;  // bytes in the view
  FastFormat format = FastFormat::kNone;
  uint32_t bytes_per_texel = 0;
  uint32_t levels = 0;  // usable levels: min(desc.mips, layout.levels.size())
  uint32_t slices = 1;  // array slices (1: not an array)
  bool array = false;
  const float* srgb_table = nullptr;  // 256 entries: core::srgb8_to_linear
  std::array<int32_t, kMaxLevels> level_offset{};
  std::array<int32_t, kMaxLevels> row_pitch{};
  std::array<int32_t, kMaxLevels> slice_pitch{};
  std::array<int32_t, kMaxLevels> width{};
  std::array<int32_t, kMaxLevels> height{};
  std::array<uint32_t, 4> oob{};  // the out-of-bounds texel's bits
};

// Optional output of the kernels: every lane's texel reads, the scalar reference's read log
// (fetch.cpp / sample_pipeline.cpp read_footprint) before it is put in lane order
// (batch_reads.cpp). Slot-major arrays of `stride` lanes, indexed from the block's first lane:
// slot s (level pass s / 4, tap s % 4 with x fastest) of lane j at s * stride + j. A slot was
// read where `on` is non-zero: a tap of non-zero weight that addressed no border, of an active
// lane (the level-1 pass only where the level blend ran). Fetch writes slot 0 and pass 0 only.
struct TapLog {
  uint32_t* x = nullptr;      // kTapSlots * stride
  uint32_t* y = nullptr;      // kTapSlots * stride
  int32_t* on = nullptr;      // kTapSlots * stride
  uint32_t* level = nullptr;  // 2 * stride (one per level pass)
  uint32_t* slice = nullptr;  // stride (0 for a non-array surface)
  size_t stride = 0;
};
inline constexpr size_t kTapSlots = 8;

// Structure-of-arrays pointers of one batch; a null input reads as 0 in every lane. Outputs
// are written only for active lanes.
struct FetchLanes {
  const uint32_t* x = nullptr;
  const uint32_t* y = nullptr;
  const uint32_t* slice = nullptr;
  const uint32_t* level = nullptr;
  const int32_t* offset_x = nullptr;  // null: shared_offset_x
  const int32_t* offset_y = nullptr;
  int32_t shared_offset_x = 0;
  int32_t shared_offset_y = 0;
  const uint8_t* active = nullptr;  // null: all lanes
  std::array<uint32_t*, 4> out{};
  uint8_t* flags = nullptr;  // optional: kLaneInBounds per lane
  TapLog* taps = nullptr;    // optional: the lanes' texel reads
};

// D3D-profile sampling of one 2D level pair (kLevel / kLevelZero, min filter == mag filter,
// weighted average, no comparison, normalized coordinates).
struct SamplePlan {
  SurfacePlan surf;
  bool linear = true;
  MipFilter mip_filter = MipFilter::kPoint;
  AddressMode mode_u = AddressMode::kClamp;
  AddressMode mode_v = AddressMode::kClamp;
  std::array<uint32_t, 4> border{};  // border_texel() bits for the sampled format
  // Filter arithmetic may meet a float32 denormal (batch.cpp may_meet_denormals): the linear
  // taps and the level blend then flush as filter.cpp combine / blend_levels do (§3.1.3.2).
  bool flush_denormals = true;
  uint32_t subtexel_bits = 8;
  uint32_t lod_frac_bits = 8;
  uint32_t mip_count = 1;  // max(1, desc.mips)
  float bias = 0.0f;       // the sampler bias after its [-16, 15.99] clamp (NaN -> 0)
  float min_lod = 0.0f;
  float max_lod = 0.0f;
};

struct SampleLanes {
  const float* u = nullptr;
  const float* v = nullptr;
  const float* array_index = nullptr;
  const float* lod = nullptr;  // null: LOD 0 (kLevelZero)
  const int32_t* offset_x = nullptr;
  const int32_t* offset_y = nullptr;
  int32_t shared_offset_x = 0;
  int32_t shared_offset_y = 0;
  const uint8_t* active = nullptr;
  std::array<uint32_t*, 4> out{};
  uint8_t* flags = nullptr;  // optional: written 0 (no null tiles on the fast path)
  // Lanes the caller must recompute with the scalar reference: those whose result holds a NaN.
  // When two NaNs meet in an addition, which payload survives depends on the operand order the
  // compiler chose for the scalar code (C++ leaves it open), so such lanes are not decided
  // here. Capacity: end - begin indices (relative to `begin`'s block, like every pointer).
  uint32_t* redo = nullptr;
  TapLog* taps = nullptr;  // optional: the lanes' texel reads (redo lanes' slots are meaningless)
};

// Lanes [begin, end) of a batch, on the best SIMD target this CPU has.
void fetch_lanes(const SurfacePlan& plan, const FetchLanes& lanes, size_t begin, size_t end);
// Returns how many lane indices were written to lanes.redo.
size_t sample_lanes(const SamplePlan& plan, const SampleLanes& lanes, size_t begin, size_t end);

// Dispatch control (tests and benchmarks): the targets compiled in and supported by this CPU
// (Highway target bits), forcing one of them (0 restores the best), and the current one's name.
std::vector<int64_t> available_targets();
void force_target(int64_t target);
std::string target_name(int64_t target);
std::string current_target_name();

}  // namespace texsim::texunit::simd
