// Address reporting at the batch path's speed (issue 27, FA1-FA6): a texunit::simd::TapSink that
// maps each block's TapLog slots straight to addresses and per-lane lines (tap_plan.hpp's
// Highway kernel), never building TexelRead records; the lanes and layouts it does not cover
// take AddressMapper's exact scalar route. Output: AddressMapper::map_lanes's, bit for bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/access.hpp"
#include "texunit/simd/tap_sink.hpp"

namespace texsim::hwstate {

struct TapAddressPlan;

// What took which route (tests pin the selection with it).
struct FastAddressStats {
  size_t fast_lanes = 0;       // kSimd lanes mapped by the vector kernel
  size_t scalar_lanes = 0;     // lanes mapped by AddressMapper (kScalar lanes, fallback blocks)
  size_t fallback_blocks = 0;  // blocks of kSimd lanes sent to the scalar route
};

// The reads' own fields, one entry per read in the order of LaneAccesses::addresses (optional
// output: what the public AddressTrace's records need).
struct ReadColumns {
  Column<uint32_t> level, slice, x, y, sample, lane;
  void clear() { resize(0); }
  void resize(size_t n);
};

class FastAddressMapper final : public texunit::simd::TapSink {
 public:
  // As AddressMapper's (reports the same problems; ok() false then).
  FastAddressMapper(const PlacedSurface& placed, uint32_t line_bytes, core::DiagSink& sink,
                    const core::Location& loc = {});
  ~FastAddressMapper() override;
  FastAddressMapper(const FastAddressMapper&) = delete;
  FastAddressMapper& operator=(const FastAddressMapper&) = delete;

  bool ok() const { return mapper_.ok(); }
  // Whether the placement has a vector plan (tap_plan.hpp make_tap_plan); otherwise every lane
  // takes the scalar route.
  bool covered() const { return covered_; }
  const AddressMapper& mapper() const { return mapper_; }
  // Logged levels are of a view starting at `first_level` of the placed surface.
  void set_first_level(uint32_t first_level);

  // Starts a message: `out` (and `columns`, when given) are cleared and then filled by block();
  // problems go to `sink`.
  void begin(LaneAccesses& out, core::DiagSink& sink, ReadColumns* columns = nullptr,
             const core::Location& loc = {});
  void block(const texunit::simd::TapBlock& b) override;
  // False when a read lay outside the surface: ACCESS-READ-RANGE naming the first such read as
  // map_lanes does, and `out` emptied (as map_lanes leaves it).
  bool finish();
  const FastAddressStats& stats() const { return stats_; }

 private:
  void scalar_block(const texunit::simd::TapBlock& b);
  bool scalar_lane(std::span<const texunit::TexelRead> reads);
  void compact(const texunit::simd::TapBlock& b, size_t c, size_t n);
  static constexpr size_t kChunk = 64;  // lanes per kernel call
  void fail();

  AddressMapper mapper_;
  bool covered_ = false;
  std::unique_ptr<TapAddressPlan> plan_;
  uint32_t first_level_ = 0;
  LaneAccesses* out_ = nullptr;
  ReadColumns* columns_ = nullptr;
  core::DiagSink* sink_ = nullptr;
  core::Location loc_;
  bool failed_ = false;
  FastAddressStats stats_;
  std::vector<uint32_t> offset_, line_, flags_;  // the block's slots (tap_plan.hpp TapSlots)
  std::vector<texunit::TexelRead> reads_;        // scratch of the scalar route
  size_t cursor_ = 0;                            // the block's next scalar read
};

}  // namespace texsim::hwstate
