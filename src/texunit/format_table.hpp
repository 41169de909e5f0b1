// The format table: one row per surface format (DXGI name, channel bit layout and numeric kind,
// block size, depth/stencil); format_table.cpp holds the rows. Depends on texel only.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "texunit/texel.hpp"

namespace texsim::texunit {

// Names follow DXGI (the scene-file contract uses them, case-insensitive).
enum class Format : uint16_t {
  kR8_UNORM,
  kR8_SNORM,
  kR8_UINT,
  kR8_SINT,
  kR8G8_UNORM,
  kR8G8_SNORM,
  kR8G8_UINT,
  kR8G8_SINT,
  kR8G8B8A8_UNORM,
  kR8G8B8A8_SNORM,
  kR8G8B8A8_UINT,
  kR8G8B8A8_SINT,
  kR8G8B8A8_UNORM_SRGB,
  kB8G8R8A8_UNORM,
  kB8G8R8A8_UNORM_SRGB,
  kR16_UNORM,
  kR16_SNORM,
  kR16_UINT,
  kR16_SINT,
  kR16_FLOAT,
  kR16G16_UNORM,
  kR16G16_SNORM,
  kR16G16_UINT,
  kR16G16_SINT,
  kR16G16_FLOAT,
  kR16G16B16A16_UNORM,
  kR16G16B16A16_SNORM,
  kR16G16B16A16_UINT,
  kR16G16B16A16_SINT,
  kR16G16B16A16_FLOAT,
  kR32_UINT,
  kR32_SINT,
  kR32_FLOAT,
  kR32G32_UINT,
  kR32G32_SINT,
  kR32G32_FLOAT,
  kR32G32B32_UINT,
  kR32G32B32_SINT,
  kR32G32B32_FLOAT,
  kR32G32B32A32_UINT,
  kR32G32B32A32_SINT,
  kR32G32B32A32_FLOAT,
  kR10G10B10A2_UNORM,
  kR10G10B10A2_UINT,
  kR11G11B10_FLOAT,
  kR9G9B9E5_SHAREDEXP,
  kB5G6R5_UNORM,
  kB5G5R5A1_UNORM,
  kB4G4R4A4_UNORM,
  kD16_UNORM,
  kD24_UNORM_S8_UINT,
  kD32_FLOAT,
  kBC1_UNORM,
  kBC1_UNORM_SRGB,
  kBC2_UNORM,
  kBC2_UNORM_SRGB,
  kBC3_UNORM,
  kBC3_UNORM_SRGB,
  kBC4_UNORM,
  kBC4_SNORM,
  kBC5_UNORM,
  kBC5_SNORM,
  kCount
};

// How the bits of a present channel are interpreted.
enum class ChannelKind : uint8_t {
  kNone,   // missing component: takes the default (0, or 1 for A)
  kUnorm,  // c / (2^n - 1)
  kSnorm,  // max(c / (2^(n-1) - 1), -1)
  kSrgb,   // UNORM then sRGB -> linear (colour channels of *_SRGB formats)
  kUint,
  kSint,
  kFloat,      // IEEE binary16/binary32, or the unsigned small floats of R11G11B10
  kSharedExp,  // RGB9E5
};

// Where a logical component (R, G, B or A) sits in the texel's little-endian bit string.
struct ChannelLayout {
  uint8_t offset = 0;  // first bit
  uint8_t bits = 0;    // 0: missing
  ChannelKind kind = ChannelKind::kNone;
};

enum class BlockCompression : uint8_t { kNone, kBC1, kBC2, kBC3, kBC4, kBC5 };

struct FormatInfo {
  Format format;
  std::string_view name;    // DXGI name without the prefix, e.g. "R8G8B8A8_UNORM"
  uint8_t bytes_per_block;  // bytes per texel, or per 4x4 block when compressed
  uint8_t block_width;      // 1, or 4 for BCn
  uint8_t block_height;
  std::array<ChannelLayout, 4> channels;  // R, G, B, A (for BCn: the decoded channels' kinds)
  TexelKind result_kind;                  // what decode returns
  BlockCompression compression;
  bool is_depth;     // D16/D24S8/D32: R holds depth
  bool has_stencil;  // D24_UNORM_S8_UINT: stencil in bits 31:24 (not in R)

  // Bit c set when component c (R=0 .. A=3) is present in the format.
  unsigned present_mask() const;
  bool is_compressed() const { return compression != BlockCompression::kNone; }
  bool is_integer() const { return result_kind != TexelKind::kFloat; }
  bool is_srgb() const;
};

const FormatInfo& format_info(Format f);
std::span<const FormatInfo> all_formats();

}  // namespace texsim::texunit
