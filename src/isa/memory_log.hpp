// `texsim run --trace-memory`: the texels each executed texture instruction read, with the surface
// and its placement, filled by the front ends' executors (docs/memory-trace.md). Plain data.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "hwstate/layout.hpp"
#include "texunit/surface.hpp"
#include "texunit/texel_reads.hpp"

namespace texsim::isa {

// A data-port read of `bytes` bytes at `offset` into a buffer (GATHER_SCALED).
struct ByteRead {
  uint32_t lane = 0;
  uint64_t offset = 0;
  uint32_t bytes = 0;
};

// One lookup's reads on one surface by one instruction.
struct TextureReads {
  size_t instruction = 0;  // 0-based position of the instruction in the program
  std::string text;        // the instruction as printed
  std::string surface;     // which surface, as the trace says it ("surface 0", "T6", ...)
  // Where its texels lie: the scene's or descriptor's placement, else texsim's linear layout at
  // address 0 (decision MT2); its desc is the whole surface's.
  hwstate::PlacedSurface placed;
  bool has_placement = false;
  uint32_t first_level = 0;  // the view's level 0 is this level of the surface
  uint32_t lane_base = 0;    // added to each read's lane (SASS warp runs: the thread)
  texunit::TexelReadLog reads;
  // Byte reads of a buffer (the surface's linear bytes, SLM or stateless memory) at
  // `placed.base_address` + offset; then `reads` is empty.
  std::vector<ByteRead> byte_reads;
  bool buffer = false;     // an entry of byte reads
  std::string not_logged;  // non-empty: memory the instruction read that the log lacks (why)
};

class MemoryLog {
 public:
  // The program loops name each instruction (and each thread of a SASS warp run) before it runs.
  void at(size_t index, std::string printed, uint32_t thread) {
    instruction_ = index, text_ = std::move(printed), lane_ = thread;
  }

  // `view` logging into a new entry for the current instruction on `surface` (`placed`, or null:
  // texsim's linear layout of `full` at 0); `view`'s level 0 is the surface's `first_level`.
  // Entries never move (a deque): the view stays valid.
  texunit::SurfaceView log(texunit::SurfaceView view, std::string surface,
                           const hwstate::PlacedSurface* placed, const texunit::SurfaceDesc& full,
                           uint32_t first_level) {
    TextureReads& e = entries_.emplace_back();
    e.instruction = instruction_, e.text = text_, e.surface = std::move(surface);
    e.has_placement = placed != nullptr;
    if (placed != nullptr) {
      e.placed = *placed;
    } else {
      e.placed.desc = full;
    }
    e.first_level = first_level;
    e.lane_base = lane_;
    view.read_log = &e.reads;
    return view;
  }
  // A new entry for the current instruction's byte reads of buffer `surface` at `base`.
  std::vector<ByteRead>& buffer(std::string surface, uint64_t base, bool has_placement) {
    TextureReads& e = entries_.emplace_back();
    e.instruction = instruction_, e.text = text_, e.surface = std::move(surface);
    e.placed.base_address = base;
    e.has_placement = has_placement;
    e.lane_base = lane_;
    e.buffer = true;
    return e.byte_reads;
  }
  // Keeps only the last entry's reads of message lane `lane`.
  void keep_lane(uint32_t lane) {
    if (entries_.empty()) return;
    texunit::TexelReadLog& r = entries_.back().reads;
    std::erase_if(r, [lane](const texunit::TexelRead& t) { return t.lane != lane; });
  }
  const std::deque<TextureReads>& entries() const { return entries_; }

 private:
  size_t instruction_ = 0;
  std::string text_;
  uint32_t lane_ = 0;
  std::deque<TextureReads> entries_;
};

}  // namespace texsim::isa
