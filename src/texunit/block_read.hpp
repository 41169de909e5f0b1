// Byte reads of the texture unit's data port side: a 2D block of a surface's level 0 (vISA
// MEDIA_LD) and per-lane scattered bytes of a buffer (GATHER_SCALED). Depends on surface only.
#pragma once

#include <cstdint>
#include <span>

#include "texunit/surface.hpp"

namespace texsim::texunit {

// Out-of-bounds bytes of a block read: the nearest edge texel's byte (Intel media block reads),
// zero, or undefined (visa-media_ld.md leaves it implementation defined; decision V3).
enum class BlockOob : uint8_t { kClampToEdge, kZero, kUndefined };
// Field modes read every other row, from row 0 (top) or row 1 (bottom); Y counts field rows.
enum class BlockField : uint8_t { kFrame, kTop, kBottom };

struct BlockRead {
  int32_t x = 0;        // bytes from the row start (signed)
  int32_t y = 0;        // rows (of the field in field modes)
  unsigned width = 0;   // bytes
  unsigned height = 0;  // rows
  BlockField field = BlockField::kFrame;
  BlockOob oob = BlockOob::kClampToEdge;
};

// Block reads need a single-sample, uncompressed 2D surface.
bool block_read_supported(const SurfaceDesc& d);

// Reads the block: byte (i, j) goes to bytes[i * pitch + j] with defined[i * pitch + j] = 1, or
// `fill` with 0 for an undefined out-of-bounds byte. Both spans hold height * pitch bytes.
void read_block(const SurfaceView& view, const BlockRead& req, unsigned pitch, uint8_t fill,
                std::span<uint8_t> bytes, std::span<uint8_t> defined);

// Scattered reads: byte k (k < bytes_per_lane) of lane i is mem[address[i] + k]; bytes past the
// buffer's end read 0 (visa-gather_scaled.md; decision V5).
uint8_t read_buffer_byte(std::span<const uint8_t> mem, uint64_t address);

}  // namespace texsim::texunit
