// FastAddressMapper (fast_access.hpp): per block, the vector kernel maps the kSimd lanes' slots
// (tap_kernel.cpp), a branch-free pass writes them in lane order, and kScalar lanes, uncovered
// layouts and blocks with a read outside the surface take AddressMapper's scalar route.
#include "hwstate/fast_access.hpp"

#include <algorithm>
#include <cstring>

#include "hwstate/tap_plan.hpp"

namespace texsim::hwstate {

namespace simd = texunit::simd;

void ReadColumns::resize(size_t n) {
  level.resize(n);
  slice.resize(n);
  x.resize(n);
  y.resize(n);
  sample.resize(n);
  lane.resize(n);
}

FastAddressMapper::FastAddressMapper(const PlacedSurface& placed, uint32_t line_bytes,
                                     core::DiagSink& sink, const core::Location& loc)
    : mapper_(placed, line_bytes, sink, loc), plan_(std::make_unique<TapAddressPlan>()) {
  if (mapper_.ok()) {
    covered_ = make_tap_plan(*mapper_.plan(), placed.desc, placed.base_address, line_bytes, *plan_);
  }
}

FastAddressMapper::~FastAddressMapper() = default;

void FastAddressMapper::set_first_level(uint32_t first_level) {
  first_level_ = first_level;
  plan_->level_add = first_level;
}

void FastAddressMapper::begin(LaneAccesses& out, core::DiagSink& sink, ReadColumns* columns,
                              const core::Location& loc) {
  out.addresses.clear();
  out.lines.clear();
  out.line_lanes.clear();
  out.line_bytes = mapper_.line_bytes();
  out.element_bytes = mapper_.ok() ? mapper_.plan()->element_bytes : 0;
  if (columns != nullptr) columns->clear();
  out_ = &out;
  columns_ = columns;
  sink_ = &sink;
  loc_ = loc;
  failed_ = !mapper_.ok();
  stats_ = {};
}

void FastAddressMapper::fail() {
  failed_ = true;
  out_->addresses.clear();
  out_->lines.clear();
  out_->line_lanes.clear();
  if (columns_ != nullptr) columns_->clear();
}

bool FastAddressMapper::finish() {
  if (failed_ && out_ != nullptr) fail();
  return !failed_;
}

// One lane's reads (or a block's) on the exact route, appended.
bool FastAddressMapper::scalar_lane(std::span<const texunit::TexelRead> reads) {
  reads_.assign(reads.begin(), reads.end());
  for (texunit::TexelRead& r : reads_) r.level += first_level_;
  if (!mapper_.append_lanes(reads_, out_->addresses.size(), *out_, *sink_, loc_)) {
    fail();
    return false;
  }
  if (columns_ != nullptr) {
    for (const texunit::TexelRead& r : reads_) {
      columns_->level.push_back(r.level);
      columns_->slice.push_back(r.slice_or_z);
      columns_->x.push_back(r.x);
      columns_->y.push_back(r.y);
      columns_->sample.push_back(r.sample);
      columns_->lane.push_back(r.lane);
    }
  }
  return true;
}

// The block's reads as the read log holds them (batch.cpp TapBuffers::append), mapped exactly.
void FastAddressMapper::scalar_block(const simd::TapBlock& b) {
  std::vector<texunit::TexelRead> reads;
  size_t cursor = 0;
  const simd::TapLog* log = b.log;
  for (size_t j = 0; j < b.end - b.begin; ++j) {
    const auto lane = static_cast<uint32_t>(b.begin + j);
    if (b.lanes[j] == static_cast<uint8_t>(simd::TapLane::kScalar)) {
      while (cursor < b.scalar_reads.size() && b.scalar_reads[cursor].lane == lane) {
        reads.push_back(b.scalar_reads[cursor++]);
      }
      ++stats_.scalar_lanes;
    } else if (b.lanes[j] == static_cast<uint8_t>(simd::TapLane::kSimd)) {
      const size_t s = log->stride;
      for (size_t pass = 0; pass < b.passes; ++pass) {
        for (size_t t = 0; t < b.taps; ++t) {
          const size_t k = (pass * 4 + t) * s + j;
          if (log->on[k] == 0) continue;
          reads.push_back({log->level[pass * s + j], log->slice[j], log->x[k], log->y[k], 0, lane});
        }
      }
      ++stats_.scalar_lanes;
    }
  }
  scalar_lane(reads);
}

void FastAddressMapper::block(const simd::TapBlock& b) {
  if (failed_) return;
  const size_t n = b.end - b.begin;
  if (!covered_ || b.log == nullptr) {
    scalar_block(b);
    return;
  }
  // Chunks of kChunk lanes: the kernel's slots stay in L1 for the compaction that follows.
  const size_t slots = simd::kTapSlots * kChunk;
  if (offset_.size() < slots) {
    offset_.resize(slots);
    line_.resize(slots);
    flags_.resize(slots);
  }
  // Where the block's output begins, to undo it for a fallback.
  LaneAccesses& o = *out_;
  const size_t reads = o.addresses.size(), lines = o.lines.size();
  const size_t columns = columns_ != nullptr ? columns_->level.size() : 0;
  const FastAddressStats stats = stats_;
  cursor_ = 0;
  // Without scalar lanes (and read columns) the kernel compacts the whole block at once.
  const auto has_scalar = [](const uint8_t* k, size_t count) {
    return std::memchr(k, static_cast<int>(simd::TapLane::kScalar), count) != nullptr;
  };
  const bool whole = columns_ == nullptr && !has_scalar(b.lanes, n);
  const size_t chunk = whole ? n : kChunk;
  for (size_t c = 0; c < n; c += chunk) {
    const size_t m = std::min(chunk, n - c);
    simd::TapLog log = *b.log;
    log.x += c;
    log.y += c;
    log.on += c;
    log.level += c;
    log.slice += c;
    // Chunks without scalar lanes (and without read columns) are compacted by the kernel.
    const uint8_t* kinds = b.lanes + c;
    const bool direct = whole || (columns_ == nullptr && !has_scalar(kinds, m));
    bool good = false;
    if (direct) {
      const size_t na = o.addresses.size(), nl = o.lines.size();
      const size_t room = m * b.passes * b.taps + kTapOutputSlack;
      o.addresses.resize(na + room);
      o.lines.resize(nl + room);
      o.line_lanes.resize(nl + room);
      TapOutput to{o.addresses.data(),
                   o.lines.data(),
                   o.line_lanes.data(),
                   na,
                   nl,
                   static_cast<uint32_t>(b.begin + c)};
      good = map_tap_slots(*plan_, log, kinds, m, b.taps, b.passes, nullptr, &to);
      o.addresses.resize(to.reads);
      o.lines.resize(to.line_count);
      o.line_lanes.resize(to.line_count);
      size_t simd_lanes = 0;  // kinds are 0 or 1 here
      for (size_t j = 0; j < m; ++j) simd_lanes += kinds[j];
      stats_.fast_lanes += simd_lanes;
    } else {
      const TapSlots out{offset_.data(), line_.data(), flags_.data(), m};
      good = map_tap_slots(*plan_, log, kinds, m, b.taps, b.passes, &out, nullptr);
      if (good) compact(b, c, m);
    }
    if (!good) {
      // The exact route for the whole block (it reports the first read outside the surface).
      o.addresses.resize(reads);
      o.lines.resize(lines);
      o.line_lanes.resize(lines);
      if (columns_ != nullptr) columns_->resize(columns);
      stats_ = stats;
      ++stats_.fallback_blocks;
      scalar_block(b);
      return;
    }
    if (failed_) return;
  }
}

// The mapped slots in lane order, branch-free: every slot is written at the next position and
// the position advances only for reads (and lines first in their lane). Columns are sized for
// the block's slots up front (uninitialised: Column) and cut back at the end.
void FastAddressMapper::compact(const simd::TapBlock& b, size_t c, size_t n) {
  const size_t stride = n;
  LaneAccesses& o = *out_;
  const size_t bound = n * b.passes * b.taps;
  size_t na = o.addresses.size(), nl = o.lines.size();
  const auto grow = [&](size_t more) {
    o.addresses.resize(na + more);
    o.lines.resize(nl + more);
    o.line_lanes.resize(nl + more);
  };
  grow(bound);
  size_t& cursor = cursor_;
  const uint64_t base = plan_->base, line_base = plan_->line_base;
  const uint32_t log2 = plan_->line_log2;
  for (size_t j = 0; j < n; ++j) {
    const auto lane = static_cast<uint32_t>(b.begin + c + j);
    if (b.lanes[c + j] == static_cast<uint8_t>(simd::TapLane::kScalar)) {
      o.addresses.resize(na);
      o.lines.resize(nl);
      o.line_lanes.resize(nl);
      const size_t from = cursor;
      while (cursor < b.scalar_reads.size() && b.scalar_reads[cursor].lane == lane) ++cursor;
      if (!scalar_lane(b.scalar_reads.subspan(from, cursor - from))) return;
      ++stats_.scalar_lanes;
      na = o.addresses.size();
      nl = o.lines.size();
      grow((n - j) * b.passes * b.taps);
      continue;
    }
    if (b.lanes[c + j] != static_cast<uint8_t>(simd::TapLane::kSimd)) continue;
    ++stats_.fast_lanes;
    uint64_t* addr = o.addresses.data();
    uint64_t* lines = o.lines.data();
    uint32_t* lanes = o.line_lanes.data();
    for (size_t pass = 0; pass < b.passes; ++pass) {
      for (size_t t = 0; t < b.taps; ++t) {
        const size_t k = (pass * 4 + t) * stride + j;
        const uint32_t f = flags_[k];
        if (columns_ != nullptr && (f & kTapRead) != 0) {
          const size_t ls = b.log->stride, lk = (pass * 4 + t) * ls + c + j;
          columns_->level.push_back(b.log->level[pass * ls + c + j] + first_level_);
          columns_->slice.push_back(b.log->slice[c + j]);
          columns_->x.push_back(b.log->x[lk]);
          columns_->y.push_back(b.log->y[lk]);
          columns_->sample.push_back(0);
          columns_->lane.push_back(lane);
        }
        addr[na] = base + offset_[k];
        na += f & kTapRead;
        lines[nl] = line_base + (uint64_t{line_[k]} << log2);
        lanes[nl] = lane;
        nl += f >> 1;
      }
    }
  }
  o.addresses.resize(na);
  o.lines.resize(nl);
  o.line_lanes.resize(nl);
}

}  // namespace texsim::hwstate
