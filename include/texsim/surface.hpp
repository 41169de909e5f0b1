// Public API: surfaces (type, format, extent, mips, layers, samples) over texsim's documented
// linear layout, created empty or from memory; texels as four 32-bit words and their kind.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "texsim/diagnostic.hpp"
#include "texsim/export.h"

namespace texsim {

enum class SurfaceType : uint8_t { k1D, k1DArray, k2D, k2DArray, k3D, kCube, kCubeArray };

// How the four words of a texel are read: IEEE float32, signed or unsigned 32-bit integers.
enum class TexelKind : uint8_t { kFloat, kSint, kUint };

struct Texel {
  std::array<uint32_t, 4> bits{};  // R, G, B, A
  TexelKind kind = TexelKind::kFloat;
};

struct SurfaceDesc {
  SurfaceType type = SurfaceType::k2D;
  // DXGI name without the prefix, case-insensitive: "R8G8B8A8_UNORM", "BC1_UNORM", ...
  // (the list: formats()).
  std::string format = "R8G8B8A8_UNORM";
  uint32_t width = 1;
  uint32_t height = 1;   // 1 for 1D types
  uint32_t depth = 1;    // > 1 only for 3D
  uint32_t layers = 1;   // array size; cubes: the number of cubes (6 faces each)
  uint32_t mips = 1;     // levels present from level 0
  uint32_t samples = 1;  // 1, 2, 4, 8 or 16 (2D types, one mip)
};

// Where one mip level of sample plane 0 lies in the surface's bytes (docs/architecture.md,
// "The linear layout": sample plane, level, slice or z, row of blocks, block).
struct LevelLayout {
  uint64_t offset = 0;
  uint32_t width = 0, height = 0, depth = 0;  // texels
  uint64_t row_pitch = 0;                     // bytes between rows of blocks
  uint64_t slice_pitch = 0;                   // bytes between z or array slices
};

// Every format name texsim knows, in table order.
TEXSIM_API std::vector<std::string> formats();
// Bytes per texel (per 4x4 block for BCn formats); 0 for an unknown name.
TEXSIM_API unsigned format_block_bytes(std::string_view format);

namespace detail {
struct SurfaceImpl;  // src/api/internal.hpp
struct Access;
}  // namespace detail

// A surface: a handle, cheap to copy; copies share the storage. Created by create() (zeroed),
// from_memory() (a copy of bytes in the linear layout) or taken from a Scene.
class TEXSIM_API Surface {
 public:
  // Checks `desc` (sizes, cube faces square, sample counts, size limit); nullopt + diagnostics
  // (TEXUNIT-SURFACE-*) when it is invalid.
  static std::optional<Surface> create(const SurfaceDesc& desc, Diagnostics& diags);
  // As create(), then copies `bytes`, which must be exactly size_bytes() long.
  static std::optional<Surface> from_memory(const SurfaceDesc& desc, std::span<const uint8_t> bytes,
                                            Diagnostics& diags);

  SurfaceDesc desc() const;
  uint64_t size_bytes() const;
  LevelLayout level_layout(uint32_t level) const;  // level < desc().mips
  std::span<const uint8_t> bytes() const;
  // Writable bytes; empty for a surface that belongs to a Scene (scenes are read-only).
  std::span<uint8_t> mutable_bytes();
  // Encodes `value` (D3D conversion rules) into one texel of an uncompressed format; false
  // (nothing written) when out of range, not encodable or the surface is read-only.
  bool write_texel(uint32_t level, uint32_t slice_or_z, uint32_t x, uint32_t y, const Texel& value,
                   uint32_t sample = 0);

 private:
  friend struct detail::Access;  // the library's own constructor and accessor (decision A3)
  TEXSIM_LOCAL explicit Surface(std::shared_ptr<detail::SurfaceImpl> impl);
  std::shared_ptr<detail::SurfaceImpl> impl_;
};

}  // namespace texsim
