// The batch API: checks the structure-of-arrays spans, decides per batch whether a SIMD fast
// path applies (simd/kernels.hpp), runs blocks of lanes (blocks.hpp) and the scalar reference
// (fetch_texel / sample) for every lane no fast path covers.
#include "texunit/batch.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "core/convert.hpp"
#include "texunit/address.hpp"
#include "texunit/format.hpp"
#include "texunit/sample_nvidia.hpp"
#include "texunit/simd/kernels.hpp"
#include "texunit/simd/tap_sink.hpp"

namespace texsim::texunit {

namespace {

template <typename T>
bool span_ok(std::span<T> s, size_t count) {
  return s.empty() || s.size() >= count;
}

template <typename T>
T lane_value(std::span<const T> s, size_t i, T fallback = T{}) {
  return s.empty() ? fallback : s[i];
}

bool outputs_ok(const TexelLanes& out, size_t count) {
  if (count == 0) return true;
  return out.r.size() >= count && out.g.size() >= count && out.b.size() >= count &&
         out.a.size() >= count && span_ok(out.flags, count) && span_ok(out.kinds, count);
}

bool lane_active(std::span<const uint8_t> active, size_t i) {
  return active.empty() || active[i] != 0;
}

size_t count_active(std::span<const uint8_t> active, size_t begin, size_t end) {
  if (active.empty()) return end - begin;
  size_t n = 0;
  for (size_t i = begin; i < end; ++i) n += active[i] != 0 ? 1 : 0;
  return n;
}

// ---- fast-path plans ----

simd::FastFormat fast_format(Format f) {
  switch (f) {
    case Format::kR8G8B8A8_UNORM:
      return simd::FastFormat::kRgba8Unorm;
    case Format::kR8G8B8A8_UNORM_SRGB:
      return simd::FastFormat::kRgba8Srgb;
    case Format::kR8_UNORM:
      return simd::FastFormat::kR8Unorm;
    case Format::kR8G8_UNORM:
      return simd::FastFormat::kRg8Unorm;
    case Format::kR16G16B16A16_FLOAT:
      return simd::FastFormat::kRgba16Float;
    case Format::kR32_FLOAT:
      return simd::FastFormat::kR32Float;
    case Format::kR32G32B32A32_FLOAT:
      return simd::FastFormat::kRgba32Float;
    default:
      return simd::FastFormat::kNone;
  }
}

const float* srgb_table() {
  static const std::array<float, 256> kTable = [] {
    std::array<float, 256> t{};
    for (unsigned c = 0; c < 256; ++c) t[c] = core::srgb8_to_linear(static_cast<uint8_t>(c));
    return t;
  }();
  return kTable.data();
}

constexpr uint64_t kAddressLimit = uint64_t{1} << 31;

// A 2D / 2D-array single-sample view in a fast format whose every texel address (every level,
// slice, row and column of the layout) fits in int32. `format` is the format decoded (the UNORM
// twin when sRGB decoding is off). `whole_layout`: every texel of the layout must also lie
// inside the view's bytes (sampling reads no per-lane bounds).
bool make_surface_plan(const SurfaceView& view, Format format, bool whole_layout,
                       simd::SurfacePlan& plan) {
  const SurfaceDesc& d = view.desc;
  if (d.type != SurfaceType::k2D && d.type != SurfaceType::k2DArray) return false;
  if (d.samples != 1 || !view.null_regions.empty()) return false;
  plan.format = fast_format(format);
  if (plan.format == simd::FastFormat::kNone) return false;
  if (view.bytes.size() < 16 || view.bytes.size() >= kAddressLimit) return false;
  const FormatInfo& fi = format_info(format);
  plan.bytes = view.bytes.data();
  plan.size = static_cast<uint32_t>(view.bytes.size());
  plan.bytes_per_texel = fi.bytes_per_block;
  plan.levels = static_cast<uint32_t>(std::min<size_t>(d.mips, view.layout.levels.size()));
  if (plan.levels > simd::kMaxLevels) return false;
  plan.array = d.type == SurfaceType::k2DArray;
  plan.slices = plan.array ? d.slices() : 1;
  if (plan.slices == 0) return false;
  plan.srgb_table = srgb_table();
  const Texel oob = out_of_bounds_texel(fi.result_kind, fi.present_mask());
  plan.oob = oob.bits;
  for (uint32_t l = 0; l < plan.levels; ++l) {
    const LevelLayout& lv = view.layout.levels[l];
    if (lv.width >= kAddressLimit || lv.height >= kAddressLimit || lv.row_pitch >= kAddressLimit ||
        lv.slice_pitch >= kAddressLimit || lv.offset >= kAddressLimit) {
      return false;
    }
    if (lv.width > 0 && lv.height > 0) {
      // Largest byte touched by a texel of this level (all in 64 bits: each term < 2^31).
      const uint64_t end = lv.offset + uint64_t{plan.slices - 1} * lv.slice_pitch +
                           uint64_t{lv.height - 1} * lv.row_pitch +
                           uint64_t{lv.width} * fi.bytes_per_block;
      if (end >= kAddressLimit) return false;
      if (whole_layout && end > view.bytes.size()) return false;
    }
    plan.level_offset[l] = static_cast<int32_t>(lv.offset);
    plan.row_pitch[l] = static_cast<int32_t>(lv.row_pitch);
    plan.slice_pitch[l] = static_cast<int32_t>(lv.slice_pitch);
    plan.width[l] = static_cast<int32_t>(lv.width);
    plan.height[l] = static_cast<int32_t>(lv.height);
  }
  return true;
}

// sample.cpp sampled_format for the fast formats.
Format sampled_format(Format f, bool srgb_decode) {
  if (!srgb_decode && f == Format::kR8G8B8A8_UNORM_SRGB) return Format::kR8G8B8A8_UNORM;
  return f;
}

// lod.cpp clamp_bias.
float clamp_bias(float b) {
  if (std::isnan(b)) return 0.0f;
  return std::clamp(b, -16.0f, 15.99f);
}

// Whether the d3d filter arithmetic of a fast-path batch can meet a float32 denormal, so that
// its §3.1.3.2 flush (filter.cpp combine / blend_levels) is needed; where it cannot, flushing is
// the identity and the kernels skip it. Float32 texels can be denormal. Otherwise every value
// filtered is 0 or >= 2^-30 in magnitude: 8-bit UNORM/sRGB texels (>= 2^-8), float16 texels
// (>= 2^-24) and a border colour checked here (sRGB and float channels are not snapped). Tap
// weights are 0 or >= 2^-24 (at most kMaxFastFracBits fraction bits per axis), so nonzero
// products are >= 2^-54 and multiples of 2^-77, and so is any nonzero level result; blend
// weights are 0 or >= 2^-12, so blended products are >= 2^-89, multiples of 2^-112, and any
// nonzero blend is >= 2^-112: never below 2^-126.
bool may_meet_denormals(Format format, const std::array<uint32_t, 4>& border) {
  if (format == Format::kR32_FLOAT || format == Format::kR32G32B32A32_FLOAT) return true;
  for (uint32_t b : border) {
    const float v = std::fabs(std::bit_cast<float>(b));
    if (v != 0.0f && v < 0x1.0p-30f) return true;
  }
  return false;
}

bool make_sample_plan(const SurfaceView& view, const SamplerState& sampler, SampleOp op,
                      const PrecisionProfile& precision, simd::SamplePlan& plan) {
  // The nvidia profile is the d3d arithmetic wherever P15 leaves the result alone (P18).
  const bool nvidia =
      precision.kind == PrecisionKind::kNvidia && !nvidia_rounds_filtered_result(view.desc.format);
  if (precision.kind != PrecisionKind::kD3D && !nvidia) return false;
  if (precision.subtexel_bits > simd::kMaxFastFracBits ||
      precision.lod_frac_bits > simd::kMaxFastFracBits) {
    return false;
  }
  if (op != SampleOp::kLevel && op != SampleOp::kLevelZero) return false;
  if (!sampler.normalized_coords || sampler.compare.has_value() ||
      sampler.reduction != Reduction::kWeightedAverage ||
      sampler.min_filter != sampler.mag_filter) {
    return false;
  }
  const SurfaceDesc& d = view.desc;
  if (d.mips < 1 || d.width > simd::kMaxFastExtent || d.height > simd::kMaxFastExtent) {
    return false;
  }
  const Format format = sampled_format(d.format, sampler.srgb_decode);
  if (!make_surface_plan(view, format, true, plan.surf)) return false;
  if (plan.surf.levels != d.mips) return false;
  // Sampling sizes levels by mip_extent; the layout must agree so that every tap is in bounds.
  for (uint32_t l = 0; l < d.mips; ++l) {
    if (plan.surf.width[l] != static_cast<int32_t>(mip_extent(d.width, l)) ||
        plan.surf.height[l] != static_cast<int32_t>(mip_extent(d.height, l))) {
      return false;
    }
  }
  plan.linear = sampler.min_filter == Filter::kLinear;
  plan.mip_filter = sampler.mip_filter;
  plan.mode_u = sampler.address[0];
  plan.mode_v = sampler.address[1];
  plan.border = border_texel(sampler, format).bits;
  plan.flush_denormals = may_meet_denormals(format, plan.border);
  plan.subtexel_bits = precision.subtexel_bits;
  plan.lod_frac_bits = precision.lod_frac_bits;
  plan.mip_count = d.mips;
  plan.bias = clamp_bias(sampler.lod_bias);
  plan.min_lod = sampler.min_lod;
  plan.max_lod = sampler.max_lod;
  return true;
}

bool offset_in_fast_range(int32_t o) {
  return o >= -simd::kMaxFastOffset && o <= simd::kMaxFastOffset;
}

// ---- scalar lanes ----

void fetch_scalar_lane(const SurfaceView& view, const FetchBatch& b, const FetchOptions& fo,
                       const TexelLanes& out, size_t i) {
  const size_t from = read_log_size(view.read_log);
  const FetchResult res = fetch_texel(view, fetch_request_at(b, i), fo);
  tag_reads(view.read_log, from, i);
  const auto flags = static_cast<uint8_t>((res.in_bounds ? kLaneInBounds : 0) |
                                          (res.null_tile ? kLaneNullTile : 0) |
                                          (res.fast_cleared ? kLaneFastCleared : 0));
  write_lane(out, i, res.texel, flags);
}

void sample_scalar_lane(const SurfaceView& view, const SamplerState& sampler, const SampleBatch& b,
                        const PrecisionProfile& precision, const TexelLanes& out, size_t i) {
  const size_t from = read_log_size(view.read_log);
  const SampleResult res = sample(view, sampler, sample_request_at(b, i), precision);
  tag_reads(view.read_log, from, i);
  write_lane(out, i, res.texel, res.null_tile ? kLaneNullTile : 0);
}

template <typename T>
const T* ptr_at(std::span<const T> s, size_t begin) {
  return s.empty() ? nullptr : s.data() + begin;
}

std::array<uint32_t*, 4> out_at(const TexelLanes& out, size_t begin) {
  return {out.r.data() + begin, out.g.data() + begin, out.b.data() + begin, out.a.data() + begin};
}

// ---- the fast paths' texel reads (simd::TapLog) in the scalar reference's order ----

// A block's TapLog storage (the logging batch runs its blocks on the caller's thread).
struct TapBuffers {
  // Uninitialised storage: the kernels write every slot they log before it is read.
  std::unique_ptr<uint32_t[]> x, y, level, slice;
  std::unique_ptr<int32_t[]> on;
  simd::TapLog log;

  explicit TapBuffers(size_t lanes)
      : x(new uint32_t[simd::kTapSlots * lanes]),
        y(new uint32_t[simd::kTapSlots * lanes]),
        level(new uint32_t[2 * lanes]),
        slice(new uint32_t[lanes]),
        on(new int32_t[simd::kTapSlots * lanes]) {
    log = {x.get(), y.get(), on.get(), level.get(), slice.get(), lanes};
  }

  // Appends lane j's reads (block lane j, message lane `lane`): passes (fetch 1, sample 2), then
  // taps, x fastest.
  void append(TexelReadLog& out, size_t j, size_t lane, unsigned taps, unsigned passes) const {
    const size_t s = log.stride;
    for (size_t pass = 0; pass < passes; ++pass) {
      for (size_t t = 0; t < taps; ++t) {
        const size_t k = (pass * 4 + t) * s + j;
        if (on[k] == 0) continue;
        out.push_back({level[pass * s + j], slice[j], x[k], y[k], 0, static_cast<uint32_t>(lane)});
      }
    }
  }
};

constexpr size_t kLoggingBlockLanes = 256;

// The calling thread's TapBuffers of at least `lanes` lanes, kept between batches (a logging
// batch runs on its caller's thread): each batch would otherwise allocate and fault in ~200 KB.
TapBuffers& tap_buffers(size_t lanes) {
  thread_local std::unique_ptr<TapBuffers> cached;
  if (!cached || cached->log.stride < lanes) cached = std::make_unique<TapBuffers>(lanes);
  return *cached;
}

struct BlockSpan {
  size_t begin, end;
  unsigned taps;  // taps per level pass: 4 linear, 1 point
};

// A logging sample block after its kernel ran: lanes in order, the SIMD lanes' taps appended,
// the redo lanes and those outside the fast range (fast_mask 0) run on the scalar reference
// there (which logs them). Returns the scalar lane count.
size_t log_sample_block(const SurfaceView& view, const SamplerState& sampler, const SampleBatch& b,
                        const PrecisionProfile& precision, const TexelLanes& out,
                        const TapBuffers& taps, BlockSpan blk, std::span<const uint32_t> redo,
                        const uint8_t* fast_mask) {
  std::vector<uint8_t> scalar_lane(blk.end - blk.begin, 0);
  for (uint32_t k : redo) scalar_lane[k] = 1;
  size_t scalar = 0;
  for (size_t i = blk.begin; i < blk.end; ++i) {
    if (!lane_active(b.active, i)) continue;
    const size_t j = i - blk.begin;
    if (scalar_lane[j] != 0 || (fast_mask != nullptr && fast_mask[j] == 0)) {
      sample_scalar_lane(view, sampler, b, precision, out, i);
      ++scalar;
      continue;
    }
    taps.append(*view.read_log, j, i, blk.taps, 2);
  }
  return scalar;
}

// A block's report to a TapSink (FA1): each lane's kind and the scalar lanes' reads, logged
// through a copy of the view whose read log is `scalar`.
struct SinkState {
  simd::TapSink* sink = nullptr;
  std::vector<uint8_t> kinds;
  TexelReadLog scalar;
  SurfaceView view;  // the batch's view logging into `scalar`

  SinkState(simd::TapSink* s, const SurfaceView& v, size_t lanes) : sink(s), kinds(lanes), view(v) {
    view.read_log = &scalar;
  }
  void start() { scalar.clear(); }
  void send(const simd::TapLog* log, BlockSpan blk, unsigned passes) const {
    simd::TapBlock tb;
    tb.log = log;
    tb.begin = blk.begin;
    tb.end = blk.end;
    tb.taps = blk.taps;
    tb.passes = passes;
    tb.lanes = kinds.data();
    tb.scalar_reads = scalar;
    sink->block(tb);
  }
};

constexpr auto kSimdLane = static_cast<uint8_t>(simd::TapLane::kSimd);
constexpr auto kScalarLane = static_cast<uint8_t>(simd::TapLane::kScalar);

// log_sample_block for a TapSink: the same lanes on the scalar reference, reported by kind.
size_t sink_sample_block(SinkState& st, const SamplerState& sampler, const SampleBatch& b,
                         const PrecisionProfile& precision, const TexelLanes& out,
                         const TapBuffers& taps, BlockSpan blk, std::span<const uint32_t> redo,
                         const uint8_t* fast_mask) {
  st.start();
  const size_t n = blk.end - blk.begin;
  uint8_t* kinds = st.kinds.data();
  // Active lanes are SIMD lanes; then the redo and out-of-range lanes turn scalar, in lane order.
  if (b.active.empty()) {
    std::fill_n(kinds, n, kSimdLane);
  } else {
    for (size_t j = 0; j < n; ++j) kinds[j] = b.active[blk.begin + j] != 0 ? kSimdLane : 0;
  }
  if (redo.empty() && fast_mask == nullptr) {
    st.send(&taps.log, blk, 2);
    return 0;
  }
  for (uint32_t k : redo) st.kinds[k] = kScalarLane;
  size_t scalar = 0;
  for (size_t i = blk.begin; i < blk.end; ++i) {
    const size_t j = i - blk.begin;
    if (!lane_active(b.active, i)) {
      st.kinds[j] = 0;
      continue;
    }
    if (st.kinds[j] == kScalarLane || (fast_mask != nullptr && fast_mask[j] == 0)) {
      sample_scalar_lane(st.view, sampler, b, precision, out, i);
      st.kinds[j] = kScalarLane;
      ++scalar;
      continue;
    }
    st.kinds[j] = kSimdLane;
  }
  st.send(&taps.log, blk, 2);
  return scalar;
}

// The lanes of the largest block run_blocks makes of `count` lanes (group 1).
size_t block_lanes(size_t count, const BatchOptions& o) {
  return std::min(count, std::clamp(o.block_lanes, kMinBlockLanes, kMaxBlockLanes));
}

// A block's lanes the kernel left to the scalar reference (redo, then fast_mask 0), not logging.
size_t scalar_rest(const SurfaceView& view, const SamplerState& sampler, const SampleBatch& b,
                   const PrecisionProfile& precision, const TexelLanes& out, BlockSpan blk,
                   std::span<const uint32_t> redo, const uint8_t* fast_mask) {
  for (uint32_t k : redo) sample_scalar_lane(view, sampler, b, precision, out, blk.begin + k);
  size_t scalar = redo.size();
  if (fast_mask == nullptr) return scalar;
  for (size_t i = blk.begin; i < blk.end; ++i) {
    if (lane_active(b.active, i) && fast_mask[i - blk.begin] == 0) {
      sample_scalar_lane(view, sampler, b, precision, out, i);
      ++scalar;
    }
  }
  return scalar;
}

// The batch options of a view that logs its reads: the caller's thread, so that the log is in
// lane order; the SIMD kernels stay on (they log their taps, TapLog).
// Blocks of a logging batch are small enough that the kernel's TapLog (8 slots x 3 arrays of
// 4 bytes per lane) stays in L1 for its reader (FA5): 256 lanes, 24 KiB.
BatchOptions serial_if_logging(const BatchOptions& o, bool logging) {
  BatchOptions r = o;
  if (logging) {
    r.threads = 1;
    r.block_lanes = std::min(r.block_lanes, kLoggingBlockLanes);
  }
  return r;
}

}  // namespace

void write_lane(const TexelLanes& out, size_t i, const Texel& t, uint8_t flags) {
  out.r[i] = t.bits[0];
  out.g[i] = t.bits[1];
  out.b[i] = t.bits[2];
  out.a[i] = t.bits[3];
  if (!out.flags.empty()) out.flags[i] = flags;
  if (!out.kinds.empty()) out.kinds[i] = t.kind;
}

FetchRequest fetch_request_at(const FetchBatch& b, size_t i) {
  FetchRequest r;
  r.coord = {lane_value(b.x, i), lane_value(b.y, i), lane_value(b.z, i)};
  r.slice = lane_value(b.slice, i);
  r.level = lane_value(b.level, i);
  r.sample = lane_value(b.sample, i);
  r.offset = {lane_value(b.offset_x, i, b.offset[0]), lane_value(b.offset_y, i, b.offset[1]),
              lane_value(b.offset_z, i, b.offset[2])};
  if (!b.mcs.empty()) r.mcs = b.mcs[i];
  return r;
}

bool batch_valid(const FetchBatch& b, const TexelLanes& out) {
  const size_t n = b.count;
  return span_ok(b.x, n) && span_ok(b.y, n) && span_ok(b.z, n) && span_ok(b.slice, n) &&
         span_ok(b.level, n) && span_ok(b.sample, n) && span_ok(b.offset_x, n) &&
         span_ok(b.offset_y, n) && span_ok(b.offset_z, n) && span_ok(b.mcs, n) &&
         span_ok(b.active, n) && outputs_ok(out, n);
}

bool batch_valid(const SampleBatch& b, const TexelLanes& out) {
  const size_t n = b.count;
  return span_ok(b.u, n) && span_ok(b.v, n) && span_ok(b.w, n) && span_ok(b.array_index, n) &&
         span_ok(b.lod, n) && span_ok(b.ddx_u, n) && span_ok(b.ddx_v, n) && span_ok(b.ddx_w, n) &&
         span_ok(b.ddy_u, n) && span_ok(b.ddy_v, n) && span_ok(b.ddy_w, n) &&
         span_ok(b.reference, n) && span_ok(b.offset_x, n) && span_ok(b.offset_y, n) &&
         span_ok(b.offset_z, n) && span_ok(b.active, n) && outputs_ok(out, n);
}

SampleRequest sample_request_at(const SampleBatch& b, size_t i) {
  SampleRequest r;
  r.op = b.op;
  r.coord = {lane_value(b.u, i), lane_value(b.v, i), lane_value(b.w, i)};
  r.array_index = lane_value(b.array_index, i);
  r.ddx = {lane_value(b.ddx_u, i), lane_value(b.ddx_v, i), lane_value(b.ddx_w, i)};
  r.ddy = {lane_value(b.ddy_u, i), lane_value(b.ddy_v, i), lane_value(b.ddy_w, i)};
  r.lod = lane_value(b.lod, i);
  r.reference = lane_value(b.reference, i);
  r.offset = {lane_value(b.offset_x, i, b.offset[0]), lane_value(b.offset_y, i, b.offset[1]),
              lane_value(b.offset_z, i, b.offset[2])};
  r.gather_component = b.gather_component;
  return r;
}

bool fetch_has_fast_path(const SurfaceView& view, const FetchOptions& /*fetch_options*/) {
  // Single-sample surfaces ignore the sample index, MCS and sample policy.
  simd::SurfacePlan plan;
  return make_surface_plan(view, view.desc.format, false, plan);
}

bool sample_has_fast_path(const SurfaceView& view, const SamplerState& sampler, SampleOp op,
                          const PrecisionProfile& precision) {
  simd::SamplePlan plan;
  return make_sample_plan(view, sampler, op, precision, plan);
}

TexelKind sample_result_kind(const SurfaceView& view, const SamplerState& sampler, SampleOp op,
                             PrecisionKind precision) {
  if (op == SampleOp::kLodQuery) return TexelKind::kFloat;
  const FormatInfo& info = format_info(view.desc.format);
  if (!info.is_integer()) return TexelKind::kFloat;
  if (precision == PrecisionKind::kLavapipe && sampler.compare) return TexelKind::kFloat;
  // Integer formats: point sampled bits, or gathered bits; comparisons do not apply to them.
  return info.result_kind;
}

namespace {

// A fetch block's lanes on the scalar reference (logging into `view`'s log, if any).
void fetch_scalar_block(const SurfaceView& view, const FetchBatch& b, const FetchOptions& fo,
                        const TexelLanes& out, size_t begin, size_t end, SinkState* st) {
  if (st != nullptr) st->start();
  for (size_t i = begin; i < end; ++i) {
    const bool act = lane_active(b.active, i);
    if (act) fetch_scalar_lane(st != nullptr ? st->view : view, b, fo, out, i);
    if (st != nullptr) st->kinds[i - begin] = act ? kScalarLane : 0;
  }
  if (st != nullptr) st->send(nullptr, {begin, end, 1}, 1);
}

// The fast fetch block's reads: into the read log, or to the sink.
void fetch_block_reads(const SurfaceView& view, const FetchBatch& b, const TapBuffers& taps,
                       size_t begin, size_t end, SinkState* st) {
  if (st == nullptr) {
    for (size_t i = begin; i < end; ++i) {
      if (lane_active(b.active, i)) taps.append(*view.read_log, i - begin, i, 1, 1);
    }
    return;
  }
  st->start();
  uint8_t* kinds = st->kinds.data();
  if (b.active.empty()) {
    std::fill_n(kinds, end - begin, kSimdLane);
  } else {
    for (size_t i = begin; i < end; ++i) kinds[i - begin] = b.active[i] != 0 ? kSimdLane : 0;
  }
  st->send(&taps.log, {begin, end, 1}, 1);
}

BatchStats fetch_impl(const SurfaceView& view, const FetchBatch& b, const TexelLanes& out,
                      const FetchOptions& fetch_options, const BatchOptions& batch_options,
                      simd::TapSink* sink) {
  const bool logging = view.read_log != nullptr || sink != nullptr;
  const BatchOptions options = serial_if_logging(batch_options, logging);
  BatchStats stats;
  const size_t n = b.count;
  if (!batch_valid(b, out)) return stats;
  stats.ok = true;
  stats.kind = format_info(view.desc.format).result_kind;
  TapBuffers* taps = nullptr;
  if (logging) taps = &tap_buffers(block_lanes(n, options));
  std::unique_ptr<SinkState> st;
  if (sink != nullptr) st = std::make_unique<SinkState>(sink, view, block_lanes(n, options));
  simd::SurfacePlan plan;
  const bool fast = options.simd && make_surface_plan(view, view.desc.format, false, plan);
  std::atomic<size_t> simd_lanes{0};
  std::atomic<size_t> scalar_lanes{0};
  run_blocks(n, 1, options, [&](size_t begin, size_t end) {
    const size_t active = count_active(b.active, begin, end);
    if (fast) {
      simd::FetchLanes lanes;
      lanes.x = ptr_at(b.x, begin);
      lanes.y = ptr_at(b.y, begin);
      lanes.slice = ptr_at(b.slice, begin);
      lanes.level = ptr_at(b.level, begin);
      lanes.offset_x = ptr_at(b.offset_x, begin);
      lanes.offset_y = ptr_at(b.offset_y, begin);
      lanes.shared_offset_x = b.offset[0];
      lanes.shared_offset_y = b.offset[1];
      lanes.active = ptr_at(b.active, begin);
      lanes.out = out_at(out, begin);
      lanes.flags = out.flags.empty() ? nullptr : out.flags.data() + begin;
      lanes.taps = taps != nullptr ? &taps->log : nullptr;
      simd::fetch_lanes(plan, lanes, 0, end - begin);
      if (taps != nullptr) fetch_block_reads(view, b, *taps, begin, end, st.get());
      simd_lanes += active;
      return;
    }
    fetch_scalar_block(view, b, fetch_options, out, begin, end, st.get());
    scalar_lanes += active;
  });
  stats.simd_lanes = simd_lanes;
  stats.scalar_lanes = scalar_lanes;
  return stats;
}

}  // namespace

BatchStats fetch_batch(const SurfaceView& view, const FetchBatch& b, const TexelLanes& out,
                       const FetchOptions& fetch_options, const BatchOptions& batch_options) {
  return fetch_impl(view, b, out, fetch_options, batch_options, nullptr);
}

BatchStats fetch_batch_taps(const SurfaceView& view, const FetchBatch& b, const TexelLanes& out,
                            const FetchOptions& fetch_options, const BatchOptions& batch_options,
                            simd::TapSink& sink) {
  return fetch_impl(view, b, out, fetch_options, batch_options, &sink);
}

namespace {

// What one sample batch shares between its blocks.
struct SampleRun {
  const SurfaceView& view;
  const SamplerState& sampler;
  const SampleBatch& b;
  const TexelLanes& out;
  const PrecisionProfile& precision;
  const simd::SamplePlan& plan;
  TapBuffers* taps;  // logging (read log or sink)
  SinkState* st;     // sink mode
  bool lane_offsets;
};

// One block on the SIMD kernel; returns its scalar lane count (redo and out-of-range lanes).
size_t sample_fast_block(const SampleRun& r, size_t begin, size_t end) {
  const SampleBatch& b = r.b;
  simd::SampleLanes lanes;
  lanes.u = ptr_at(b.u, begin);
  lanes.v = ptr_at(b.v, begin);
  lanes.array_index = ptr_at(b.array_index, begin);
  lanes.lod = b.op == SampleOp::kLevel ? ptr_at(b.lod, begin) : nullptr;
  lanes.offset_x = ptr_at(b.offset_x, begin);
  lanes.offset_y = ptr_at(b.offset_y, begin);
  lanes.shared_offset_x = b.offset[0];
  lanes.shared_offset_y = b.offset[1];
  lanes.active = ptr_at(b.active, begin);
  lanes.out = out_at(r.out, begin);
  lanes.flags = r.out.flags.empty() ? nullptr : r.out.flags.data() + begin;
  // Lanes whose own offsets leave the fast range run the scalar reference.
  std::array<uint8_t, kMaxBlockLanes> fast_mask;
  bool split = false;
  if (r.lane_offsets) {
    for (size_t i = begin; i < end; ++i) {
      const bool ok = offset_in_fast_range(lane_value(b.offset_x, i, b.offset[0])) &&
                      offset_in_fast_range(lane_value(b.offset_y, i, b.offset[1]));
      const bool act = lane_active(b.active, i);
      fast_mask[i - begin] = static_cast<uint8_t>(act && ok ? 1 : 0);
      split = split || (act && !ok);
    }
    if (split) lanes.active = fast_mask.data();
  }
  std::array<uint32_t, kMaxBlockLanes> redo;
  lanes.redo = redo.data();
  lanes.taps = r.taps != nullptr ? &r.taps->log : nullptr;
  const size_t redo_count = simd::sample_lanes(r.plan, lanes, 0, end - begin);
  const std::span<const uint32_t> redo_lanes(redo.data(), redo_count);
  const uint8_t* mask = split ? fast_mask.data() : nullptr;
  const BlockSpan blk{begin, end, r.plan.linear ? 4u : 1u};
  if (r.st != nullptr) {
    return sink_sample_block(*r.st, r.sampler, b, r.precision, r.out, *r.taps, blk, redo_lanes,
                             mask);
  }
  if (r.taps != nullptr) {
    return log_sample_block(r.view, r.sampler, b, r.precision, r.out, *r.taps, blk, redo_lanes,
                            mask);
  }
  return scalar_rest(r.view, r.sampler, b, r.precision, r.out, {begin, end, 0}, redo_lanes, mask);
}

// One block on the scalar reference; returns its lane count.
size_t sample_scalar_block(const SampleRun& r, size_t begin, size_t end) {
  const SurfaceView& view = r.st != nullptr ? r.st->view : r.view;
  if (r.st != nullptr) r.st->start();
  size_t scalar = 0;
  for (size_t i = begin; i < end; ++i) {
    const bool act = lane_active(r.b.active, i);
    if (act) {
      sample_scalar_lane(view, r.sampler, r.b, r.precision, r.out, i);
      ++scalar;
    }
    if (r.st != nullptr) r.st->kinds[i - begin] = act ? kScalarLane : 0;
  }
  if (r.st != nullptr) r.st->send(nullptr, {begin, end, 1}, 1);
  return scalar;
}

BatchStats sample_impl(const SurfaceView& view, const SamplerState& sampler, const SampleBatch& b,
                       const TexelLanes& out, const PrecisionProfile& precision,
                       const BatchOptions& batch_options, simd::TapSink* sink) {
  const bool logging = view.read_log != nullptr || sink != nullptr;
  const BatchOptions options = serial_if_logging(batch_options, logging);
  BatchStats stats;
  const size_t n = b.count;
  if (!batch_valid(b, out)) return stats;
  stats.ok = true;
  stats.kind = sample_result_kind(view, sampler, b.op, precision.kind);
  TapBuffers* taps = nullptr;
  if (logging) taps = &tap_buffers(block_lanes(n, options));
  std::unique_ptr<SinkState> st;
  if (sink != nullptr) st = std::make_unique<SinkState>(sink, view, block_lanes(n, options));
  simd::SamplePlan plan;
  bool fast = options.simd && make_sample_plan(view, sampler, b.op, precision, plan);
  // Shared offsets beyond the int32 lane range send the whole batch to the scalar path.
  if (fast && !(offset_in_fast_range(b.offset[0]) && offset_in_fast_range(b.offset[1]))) {
    fast = false;
  }
  const SampleRun r{view, sampler,   b,
                    out,  precision, plan,
                    taps, st.get(),  !b.offset_x.empty() || !b.offset_y.empty()};
  std::atomic<size_t> simd_lanes{0};
  std::atomic<size_t> scalar_lanes{0};
  run_blocks(n, 1, options, [&](size_t begin, size_t end) {
    if (fast) {
      const size_t scalar = sample_fast_block(r, begin, end);
      simd_lanes += count_active(b.active, begin, end) - scalar;
      scalar_lanes += scalar;
      return;
    }
    scalar_lanes += sample_scalar_block(r, begin, end);
  });
  stats.simd_lanes = simd_lanes;
  stats.scalar_lanes = scalar_lanes;
  return stats;
}

}  // namespace

BatchStats sample_batch(const SurfaceView& view, const SamplerState& sampler, const SampleBatch& b,
                        const TexelLanes& out, const PrecisionProfile& precision,
                        const BatchOptions& batch_options) {
  return sample_impl(view, sampler, b, out, precision, batch_options, nullptr);
}

BatchStats sample_batch_taps(const SurfaceView& view, const SamplerState& sampler,
                             const SampleBatch& b, const TexelLanes& out,
                             const PrecisionProfile& precision, const BatchOptions& batch_options,
                             simd::TapSink& sink) {
  return sample_impl(view, sampler, b, out, precision, batch_options, &sink);
}

}  // namespace texsim::texunit
