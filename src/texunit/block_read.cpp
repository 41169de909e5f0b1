// MEDIA_LD block reads (clamp-to-edge / zero / undefined outside, field modes) and buffer byte
// reads for scattered messages. See block_read.hpp.
#include "texunit/block_read.hpp"

#include <algorithm>

#include "texunit/format.hpp"

namespace texsim::texunit {

namespace {

// The element a byte was read from, once per run of bytes of the same element (ML7, MT6).
void log_element(TexelReadLog* log, uint32_t x, uint32_t y) {
  if (log == nullptr) return;
  const TexelRead r{0, 0, x, y, 0, 0};
  if (log->empty() || log->back() != r) log->push_back(r);
}

}  // namespace

bool block_read_supported(const SurfaceDesc& d) {
  return d.type == SurfaceType::k2D && d.samples == 1 && !format_info(d.format).is_compressed();
}

void read_block(const SurfaceView& view, const BlockRead& req, unsigned pitch, uint8_t fill,
                std::span<uint8_t> bytes, std::span<uint8_t> defined) {
  const SurfaceDesc& d = view.desc;
  const LevelLayout& lv = view.layout.levels[0];
  const int64_t bpp = format_info(d.format).bytes_per_block;
  const int64_t row_bytes = int64_t{d.width} * bpp;
  const int64_t rows = d.height;
  const int64_t field_rows = req.field == BlockField::kFrame ? rows
                             : req.field == BlockField::kTop ? (rows + 1) / 2
                                                             : rows / 2;
  const int64_t field_base = req.field == BlockField::kBottom ? 1 : 0;
  const int64_t row_step = req.field == BlockField::kFrame ? 1 : 2;
  for (unsigned i = 0; i < req.height; ++i) {
    const int64_t fy = int64_t{req.y} + i;
    for (unsigned j = 0; j < req.width; ++j) {
      const int64_t xb = int64_t{req.x} + j;
      const bool in = xb >= 0 && xb < row_bytes && fy >= 0 && fy < field_rows;
      uint8_t value = fill;
      bool def = true;
      if (in || req.oob == BlockOob::kClampToEdge) {
        // Clamp to the nearest edge texel, keeping the byte's position inside the texel.
        int64_t px = xb >= 0 ? xb / bpp : -((-xb + bpp - 1) / bpp);
        const int64_t byte_in = xb - px * bpp;
        px = std::clamp<int64_t>(px, 0, int64_t{d.width} - 1);
        const int64_t cy = std::clamp<int64_t>(fy, 0, std::max<int64_t>(field_rows, 1) - 1);
        const int64_t row = std::min<int64_t>(field_base + cy * row_step, rows - 1);
        value = view.bytes[lv.offset + static_cast<uint64_t>(row) * lv.row_pitch +
                           static_cast<uint64_t>(px * bpp + byte_in)];
        log_element(view.read_log, static_cast<uint32_t>(px), static_cast<uint32_t>(row));
      } else if (req.oob == BlockOob::kZero) {
        value = 0;
      } else {
        def = false;
      }
      const size_t k = size_t{i} * pitch + j;
      bytes[k] = value;
      defined[k] = def ? 1 : 0;
    }
  }
}

uint8_t read_buffer_byte(std::span<const uint8_t> mem, uint64_t address) {
  return address < mem.size() ? mem[address] : uint8_t{0};
}

}  // namespace texsim::texunit
