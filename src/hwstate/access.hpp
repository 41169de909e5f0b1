// The memory a lookup touches: texel reads logged by the texture unit (texunit::TexelReadLog)
// mapped through a placement to byte addresses and distinct cache lines, the input of a timing
// or cache model. Depends on texunit and core.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/layout.hpp"
#include "texunit/sample.hpp"
#include "texunit/texel_reads.hpp"

namespace texsim::hwstate {

// One texel read: what was read and where its element lies.
struct TexelAccess {
  texunit::TexelRead read;
  uint64_t address = 0;  // base_address + offset of the element's first byte
  uint32_t bytes = 0;    // the element's size (a whole 4x4 block for compressed formats)
};

// A contiguous run of bytes in memory.
struct ByteRange {
  uint64_t address = 0;
  uint32_t bytes = 0;
  bool operator==(const ByteRange&) const = default;
};

struct AccessTrace {
  std::vector<TexelAccess> reads;  // one per logged read, in order
  // The bytes every read touches, in read order: one range per element, or several where an
  // element's bytes are not contiguous (12-byte elements across a 16-byte swizzle unit).
  std::vector<ByteRange> ranges;
  // Distinct cache-line addresses (line-aligned) in first-touch order.
  std::vector<uint64_t> lines;
  uint32_t line_bytes = 0;
};

// The addresses of a whole message's reads (AddressMapper::map_lanes), in the flat form a batch
// consumer keeps: one address per read, and each lane's distinct lines with the lane they
// belong to. Reads of one lane are consecutive (a read log in lane order, TexelRead::lane).
// An allocator whose resize() leaves new elements uninitialised (default-initialised), so that
// a writer sizes a column once and fills it (fast_access.cpp, FA5).
template <class T>
struct DefaultInitAllocator : std::allocator<T> {
  template <class U>
  struct rebind {  // NOLINT(readability-identifier-naming): the allocator protocol's name
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  explicit DefaultInitAllocator(const DefaultInitAllocator<U>& /*other*/) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... A>
  void construct(U* p, A&&... a) {
    ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
  }
};
template <class T>
using Column = std::vector<T, DefaultInitAllocator<T>>;

struct LaneAccesses {
  Column<uint64_t> addresses;   // per read: the element's first byte (TexelAccess::address)
  Column<uint64_t> lines;       // per lane, its distinct lines in first-touch order
  Column<uint32_t> line_lanes;  // the lane of each entry of `lines`
  uint32_t element_bytes = 0;
  uint32_t line_bytes = 0;
};

struct LayoutPlan;

// A placement checked and planned once, mapping many lookups' reads cheaply (what a timing model
// driving millions of lookups keeps). Construction reports what map_reads reports for the line
// size and the placement; ok() is false then and map() maps nothing.
class AddressMapper {
 public:
  AddressMapper(const PlacedSurface& placed, uint32_t line_bytes, core::DiagSink& sink,
                const core::Location& loc = {});
  ~AddressMapper();
  AddressMapper(const AddressMapper&) = delete;
  AddressMapper& operator=(const AddressMapper&) = delete;

  bool ok() const { return ok_; }
  // Replaces `out` with the reads' addresses; false (ACCESS-READ-RANGE reported, `out` empty) if
  // a read lies outside the surface. Lines are de-duplicated by a scan of the lines so far (a
  // lookup touches a few dozen at most).
  bool map(std::span<const texunit::TexelRead> reads, AccessTrace& out, core::DiagSink& sink,
           const core::Location& loc = {}) const;
  // The same addresses and, per lane (a change of TexelRead::lane starts a lane), the same
  // distinct lines as map() of that lane's reads, without the per-read records: the batch
  // path's form (issue 27, ML9). False (ACCESS-READ-RANGE reported, `out` empty) as map().
  bool map_lanes(std::span<const texunit::TexelRead> reads, LaneAccesses& out, core::DiagSink& sink,
                 const core::Location& loc = {}) const;
  // map_lanes appending whole lanes to `out` (its element and line sizes set by the caller), the
  // reads numbered from `first_index` in ACCESS-READ-RANGE (fast_access.cpp's scalar route).
  // False (reported) with `out` unchanged past its old size when a read lies outside.
  bool append_lanes(std::span<const texunit::TexelRead> reads, size_t first_index,
                    LaneAccesses& out, core::DiagSink& sink, const core::Location& loc = {}) const;
  // The placement's plan (null when !ok()).
  const LayoutPlan* plan() const { return plan_.get(); }
  const PlacedSurface& placed() const { return placed_; }
  uint32_t line_bytes() const { return line_bytes_; }

 private:
  bool in_range(std::span<const texunit::TexelRead> reads, core::DiagSink& sink,
                const core::Location& loc, size_t first_index = 0) const;

  PlacedSurface placed_;
  uint32_t line_bytes_ = 0;
  bool ok_ = false;
  std::unique_ptr<LayoutPlan> plan_;
};

// Maps `reads` through `placed` (an AddressMapper used once). `line_bytes` must be a power of two
// in [16, 4096] (32, 64 and 128 are the usual sizes). Reports ACCESS-LINE-SIZE, ACCESS-READ-RANGE
// (a read outside the surface) and the placement's own rules (validate_placement); returns false
// (and an empty trace) then.
bool map_reads(const PlacedSurface& placed, std::span<const texunit::TexelRead> reads,
               uint32_t line_bytes, AccessTrace& out, core::DiagSink& sink,
               const core::Location& loc = {});

// One scalar sample lookup on `view` (texsim's linear bytes of the surface `placed` describes;
// its descriptions must agree) with every texel read mapped: the result of texunit::sample and,
// in `out`, the addresses. Returns false (result still computed) when mapping failed.
bool sample_addresses(const texunit::SurfaceView& view, const texunit::SamplerState& sampler,
                      const texunit::SampleRequest& req, const texunit::PrecisionProfile& precision,
                      const PlacedSurface& placed, uint32_t line_bytes,
                      texunit::SampleResult& result, AccessTrace& out, core::DiagSink& sink);

}  // namespace texsim::hwstate
