// Surfaces: the description (type, format, extent, mips, layers, samples), the documented linear
// layout, owning storage, and non-owning views with explicit pitches. Depends on format and core.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "texunit/format.hpp"
#include "texunit/texel.hpp"
#include "texunit/texel_reads.hpp"

namespace texsim::texunit {

enum class SurfaceType : uint8_t { k1D, k1DArray, k2D, k2DArray, k3D, kCube, kCubeArray };

std::string_view surface_type_name(SurfaceType t);  // "1D", "1D_ARRAY", "2D", ..., "CUBE_ARRAY"
std::optional<SurfaceType> surface_type_from_name(std::string_view name);

struct SurfaceDesc {
  SurfaceType type = SurfaceType::k2D;
  Format format = Format::kR8G8B8A8_UNORM;
  uint32_t width = 1;
  uint32_t height = 1;   // 1 for 1D types
  uint32_t depth = 1;    // >1 only for 3D
  uint32_t layers = 1;   // array size; for CUBE/CUBE_ARRAY the number of cubes (6 faces each)
  uint32_t mips = 1;     // levels present, from level 0; may be fewer than the full chain
  uint32_t samples = 1;  // 1, 2, 4, 8 or 16 (2D and 2D_ARRAY only, mips == 1)

  // Array slices as addressed by fetch: layers, or 6 * layers for cubes.
  uint32_t slices() const;
  bool is_array() const;
  // Dimensions addressed by a coordinate: 1 (1D), 2 (2D, cube faces), 3 (3D).
  unsigned coord_dims() const;
};

// Extent of mip `level` on one axis: max(1, size >> level).
uint32_t mip_extent(uint32_t size, uint32_t level);

// The size query (D3D resinfo, SASS TXQ TEX_HEADER_DIMENSION; decisions T60, T61) of a surface
// whose level 0 is `d`, at level `lod`: (width, height or array size, depth or array size, level
// count), unused components 0 (1D arrays: layers in G; 2D arrays and cube arrays: layers in B,
// counting cubes for cube arrays) — Vulkan's textureSize in the first components and
// textureQueryLevels in A. A `lod` past the levels gives 0 extents (Vulkan: undefined).
std::array<uint32_t, 4> size_query(const SurfaceDesc& d, uint32_t lod);
// Number of levels of a full chain for the largest of width/height/depth.
uint32_t full_mip_count(uint32_t width, uint32_t height, uint32_t depth);

// Checks a description (sizes non-zero, cube faces square, sample counts, MSAA only on 2D types
// with one mip, mips within the full chain, total size within `max_bytes`). Every problem is
// reported; returns true when there were none.
bool validate_surface_desc(const SurfaceDesc& d, core::DiagSink& sink, core::Location loc = {},
                           uint64_t max_bytes = uint64_t{4} << 30);

// Placement of one mip level of one sample plane inside the byte image. Rows are rows of blocks
// (one texel high for uncompressed formats).
struct LevelLayout {
  uint64_t offset = 0;  // of slice 0 / z 0, row 0, in the sample plane
  uint32_t width = 0;   // texels
  uint32_t height = 0;
  uint32_t depth = 0;        // z slices (3D) — 1 otherwise
  uint64_t row_pitch = 0;    // bytes between block rows
  uint64_t slice_pitch = 0;  // bytes between z slices or array slices
};

// The documented linear layout: sample plane (slowest), then mip level, then array slice or z,
// then block row, then block (fastest), tightly packed. The scene file's "hex" and "texels"
// data sources use exactly this order.
struct SurfaceLayout {
  std::vector<LevelLayout> levels;
  uint64_t sample_pitch = 0;  // bytes between sample planes
  uint64_t total_bytes = 0;
};

SurfaceLayout linear_layout(const SurfaceDesc& d);

// A region whose pages are unmapped ("null tiles"): reads there return 0 and are reported.
struct NullRegion {
  uint32_t level = 0;
  uint32_t first_slice = 0;  // array slice (cube face index for cubes) or z for 3D
  uint32_t slice_count = 1;
  uint32_t x = 0, y = 0;
  uint32_t width = 0, height = 0;

  bool contains(uint32_t lvl, uint32_t slice_or_z, uint32_t tx, uint32_t ty) const;
};

// Multisample control surface (Intel MCS). Per pixel (x, y, slice) of level 0, a value that
// maps each sample index to the stored fragment index: sample s uses bits
// [s*b + b-1 .. s*b] with b = 1 (2x), 2 (4x), 4 (8x, 16x). The value with every bit of the
// width set (8 bits for 2x/4x, 32 for 8x, 64 for 16x) is the fast-clear encoding: every sample
// then reads the clear colour. For samples == 1 (no MCS on single-sample surfaces) the bit
// counts and the clear value are 0.
unsigned mcs_bits_per_sample(uint32_t samples);
unsigned mcs_width_bits(uint32_t samples);
uint64_t mcs_clear_value(uint32_t samples);
// Fragment index for `sample` under `mcs`, or nullopt for the fast-clear encoding. Bits above
// the width are ignored. The field may name a fragment >= samples (8x has 4-bit fields);
// fetch treats that like an out-of-range sample index. samples == 1: always fragment 0.
std::optional<uint32_t> mcs_fragment(uint64_t mcs, uint32_t sample, uint32_t samples);
// The identity map (sample s -> fragment s): field s holds s. 2x 0x2, 4x 0xe4, 8x 0x76543210,
// 16x 0xfedcba9876543210. Added so that enable_mcs() and callers share one definition.
uint64_t mcs_identity_value(uint32_t samples);

// Byte offset of texel (x, y) — or of its 4x4 block for BCn — of plane `sample`, level
// `level`, array slice or z `slice_or_z`, under `layout`. Added so that Surface::texel_ptr and
// fetch share one address computation. Arguments must be in range (asserted).
uint64_t texel_byte_offset(const SurfaceDesc& d, const SurfaceLayout& layout, uint32_t sample,
                           uint32_t level, uint32_t slice_or_z, uint32_t x, uint32_t y);

// Non-owning view: everything fetch needs, over memory someone else owns. Pitches are explicit,
// so a view can describe memory laid out by another API (e.g. a mapped Vulkan image).
struct SurfaceView {
  SurfaceDesc desc;
  SurfaceLayout layout;
  std::span<const uint8_t> bytes;
  std::span<const uint64_t> mcs;     // width*height*slices values, empty: no MCS plane
  std::optional<Texel> clear_color;  // returned for fast-cleared MCS pixels
  std::span<const NullRegion> null_regions;
  // When set, every texel read from `bytes` is appended here (fetch_texel and lavapipe's texel
  // read; null tiles, fast clears, borders and out-of-bounds taps read no memory and are not
  // logged). Batch and message entry points given a logging view run every lane with the scalar
  // reference on the caller's thread, so the log is in lane order. Null: no cost but one test.
  TexelReadLog* read_log = nullptr;
};

// Owning storage with the linear layout; `view()` hands out a SurfaceView.
class Surface {
 public:
  Surface() = default;
  // Allocates zeroed storage; the description must have passed validate_surface_desc.
  explicit Surface(const SurfaceDesc& d);

  const SurfaceDesc& desc() const { return desc_; }
  const SurfaceLayout& layout() const { return layout_; }
  std::span<uint8_t> bytes() { return bytes_; }
  std::span<const uint8_t> bytes() const { return bytes_; }

  // Byte address of texel (x, y) — or of its block for BCn — in a given plane.
  uint8_t* texel_ptr(uint32_t sample, uint32_t level, uint32_t slice_or_z, uint32_t x, uint32_t y);
  const uint8_t* texel_ptr(uint32_t sample, uint32_t level, uint32_t slice_or_z, uint32_t x,
                           uint32_t y) const;

  // Writes one texel (uncompressed formats) with encode_texel's rules; false if not encodable
  // or if any argument is out of range for the surface (nothing is written then).
  bool write_texel(uint32_t sample, uint32_t level, uint32_t slice_or_z, uint32_t x, uint32_t y,
                   const Texel& value);
  // Writes `value` to every texel of every sample, level and slice (uncompressed formats),
  // encoding it once; false (nothing written) if it does not encode.
  bool fill(const Texel& value);

  // MCS plane (one value per pixel of level 0 per slice, x fastest, then y, then slice):
  // allocated by enable_mcs() with every pixel set to mcs_identity_value(samples), so that an
  // MCS-enabled surface whose MCS was never written reads like an uncompressed one (all zero
  // would send every sample to fragment 0). Set per pixel of level 0; set_mcs/mcs_at assert
  // that the plane exists and the pixel is in range.
  void enable_mcs();
  bool has_mcs() const { return !mcs_.empty(); }
  void set_mcs(uint32_t x, uint32_t y, uint32_t slice, uint64_t value);
  uint64_t mcs_at(uint32_t x, uint32_t y, uint32_t slice) const;
  void set_clear_color(const Texel& c) { clear_color_ = c; }

  void add_null_region(const NullRegion& r) { null_regions_.push_back(r); }

  SurfaceView view() const;

 private:
  SurfaceDesc desc_;
  SurfaceLayout layout_;
  std::vector<uint8_t> bytes_;
  std::vector<uint64_t> mcs_;
  std::optional<Texel> clear_color_;
  std::vector<NullRegion> null_regions_;
};

}  // namespace texsim::texunit
