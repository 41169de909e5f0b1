// Texel reads to addresses and cache lines (access.hpp). The addresses are element_offset's; the
// lines are every line any byte of a read falls in. Depends on texunit and core.
#include "hwstate/access.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "hwstate/layout_plan.hpp"

namespace texsim::hwstate {
namespace {

bool read_in_range(const texunit::SurfaceDesc& d, const texunit::TexelRead& r) {
  if (r.level >= d.mips || r.sample >= d.samples) return false;
  const bool one_d =
      d.type == texunit::SurfaceType::k1D || d.type == texunit::SurfaceType::k1DArray;
  const uint32_t w = texunit::mip_extent(d.width, r.level);
  const uint32_t h = one_d ? 1 : texunit::mip_extent(d.height, r.level);
  const uint32_t slices =
      d.type == texunit::SurfaceType::k3D ? texunit::mip_extent(d.depth, r.level) : d.slices();
  return r.x < w && r.y < h && r.slice_or_z < slices;
}

}  // namespace

AddressMapper::AddressMapper(const PlacedSurface& placed, uint32_t line_bytes, core::DiagSink& sink,
                             const core::Location& loc)
    : placed_(placed), line_bytes_(line_bytes) {
  bool good = true;
  if (!std::has_single_bit(line_bytes) || line_bytes < 16 || line_bytes > 4096) {
    sink.error(
        "ACCESS-LINE-SIZE", loc,
        "cache line size must be a power of two in [16, 4096], got " + std::to_string(line_bytes),
        "docs/memory-layouts.md, Address traces");
    good = false;
  }
  good = validate_placement(placed, sink, loc) && good;
  if (good) plan_ = std::make_unique<LayoutPlan>(plan_layout(placed));
  ok_ = good;
}

AddressMapper::~AddressMapper() = default;

bool AddressMapper::map(std::span<const texunit::TexelRead> reads, AccessTrace& out,
                        core::DiagSink& sink, const core::Location& loc) const {
  out.reads.clear();
  out.ranges.clear();
  out.lines.clear();
  out.line_bytes = line_bytes_;
  if (!ok_ || !in_range(reads, sink, loc)) return false;
  const LayoutPlan& p = *plan_;
  const uint32_t run = contiguous_run(p.element_bytes);
  const uint64_t line_mask = ~uint64_t{line_bytes_ - 1};
  const uint64_t base = placed_.base_address;
  for (const texunit::TexelRead& r : reads) {
    const uint32_t ex = r.x / p.block_width, ey = r.y / p.block_height;
    const uint64_t first = base + plan_byte_offset(p, r.level, r.slice_or_z, ex, ey, r.sample, 0);
    out.reads.push_back({r, first, p.element_bytes});
    for (uint32_t b = 0; b < p.element_bytes; b += run) {
      const uint64_t addr =
          b == 0 ? first : base + plan_byte_offset(p, r.level, r.slice_or_z, ex, ey, r.sample, b);
      if (b != 0 && out.ranges.back().address + out.ranges.back().bytes == addr) {
        out.ranges.back().bytes += run;
      } else {
        out.ranges.push_back({addr, run});
      }
      for (uint64_t line = addr & line_mask; line < addr + run; line += line_bytes_) {
        if (std::find(out.lines.begin(), out.lines.end(), line) == out.lines.end()) {
          out.lines.push_back(line);
        }
      }
    }
  }
  return true;
}

bool AddressMapper::in_range(std::span<const texunit::TexelRead> reads, core::DiagSink& sink,
                             const core::Location& loc, size_t first_index) const {
  for (size_t i = 0; i < reads.size(); ++i) {
    if (!read_in_range(placed_.desc, reads[i])) {
      sink.error("ACCESS-READ-RANGE", loc,
                 "read " + std::to_string(first_index + i) + " (level " +
                     std::to_string(reads[i].level) + ", slice " +
                     std::to_string(reads[i].slice_or_z) + ", x " + std::to_string(reads[i].x) +
                     ", y " + std::to_string(reads[i].y) + ", sample " +
                     std::to_string(reads[i].sample) + ") lies outside the surface",
                 "texunit/texel_reads.hpp, TexelRead");
      return false;
    }
  }
  return true;
}

bool AddressMapper::map_lanes(std::span<const texunit::TexelRead> reads, LaneAccesses& out,
                              core::DiagSink& sink, const core::Location& loc) const {
  out.addresses.clear();
  out.lines.clear();
  out.line_lanes.clear();
  out.line_bytes = line_bytes_;
  if (!ok_) return false;
  out.element_bytes = plan_->element_bytes;
  return append_lanes(reads, 0, out, sink, loc);
}

bool AddressMapper::append_lanes(std::span<const texunit::TexelRead> reads, size_t first_index,
                                 LaneAccesses& out, core::DiagSink& sink,
                                 const core::Location& loc) const {
  if (!ok_ || !in_range(reads, sink, loc, first_index)) return false;
  const LayoutPlan& p = *plan_;
  const uint32_t run = contiguous_run(p.element_bytes);
  const uint64_t line_mask = ~uint64_t{line_bytes_ - 1};
  const uint64_t base = placed_.base_address;
  out.addresses.reserve(out.addresses.size() + reads.size());
  size_t lane_first = out.lines.size();  // where the current lane's lines begin in out.lines
  for (size_t i = 0; i < reads.size(); ++i) {
    const texunit::TexelRead& r = reads[i];
    if (i > 0 && r.lane != reads[i - 1].lane) lane_first = out.lines.size();
    const uint32_t ex = r.x / p.block_width, ey = r.y / p.block_height;
    const uint64_t first = base + plan_byte_offset(p, r.level, r.slice_or_z, ex, ey, r.sample, 0);
    out.addresses.push_back(first);
    for (uint32_t b = 0; b < p.element_bytes; b += run) {
      const uint64_t addr =
          b == 0 ? first : base + plan_byte_offset(p, r.level, r.slice_or_z, ex, ey, r.sample, b);
      for (uint64_t line = addr & line_mask; line < addr + run; line += line_bytes_) {
        const auto from = out.lines.begin() + static_cast<std::ptrdiff_t>(lane_first);
        if (std::find(from, out.lines.end(), line) == out.lines.end()) {
          out.lines.push_back(line);
          out.line_lanes.push_back(r.lane);
        }
      }
    }
  }
  return true;
}

bool map_reads(const PlacedSurface& placed, std::span<const texunit::TexelRead> reads,
               uint32_t line_bytes, AccessTrace& out, core::DiagSink& sink,
               const core::Location& loc) {
  const AddressMapper mapper(placed, line_bytes, sink, loc);
  return mapper.map(reads, out, sink, loc);
}

bool sample_addresses(const texunit::SurfaceView& view, const texunit::SamplerState& sampler,
                      const texunit::SampleRequest& req, const texunit::PrecisionProfile& precision,
                      const PlacedSurface& placed, uint32_t line_bytes,
                      texunit::SampleResult& result, AccessTrace& out, core::DiagSink& sink) {
  texunit::TexelReadLog log;
  texunit::SurfaceView logged = view;
  logged.read_log = &log;
  result = texunit::sample(logged, sampler, req, precision);
  return map_reads(placed, log, line_bytes, out, sink);
}

}  // namespace texsim::hwstate
