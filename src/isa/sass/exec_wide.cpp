// TEX, TLD, TLD4 and TXD execution: the lowering's request through the texture unit, undefined
// forms, masked components to Rd, Rd+1, ..., the sparse predicate Pd (decisions T51, T55, T56).
#include "isa/sass/exec_wide.hpp"
#include "isa/sass/exec_sample.hpp"

#include <array>
#include <bit>

#include "isa/sass/syntax.hpp"
#include "isa/sass/writeback.hpp"
#include "texunit/format.hpp"
#include "texunit/message.hpp"

namespace texsim::isa::sass {

FetchLane fetch_lane(const texunit::SurfaceView& view, const texunit::FetchRequest& q,
                     const texunit::PrecisionProfile& precision) {
  // A one-lane fetch message (the SASS machine runs one thread).
  const std::array<uint32_t, 6> c{q.coord[0], q.coord[1], q.coord[2], q.slice, q.level, q.sample};
  const std::array<int32_t, 3> o = q.offset;
  texunit::FetchBatch b;
  b.count = 1;
  b.x = {&c[0], 1}, b.y = {&c[1], 1}, b.z = {&c[2], 1};
  b.slice = {&c[3], 1}, b.level = {&c[4], 1}, b.sample = {&c[5], 1};
  b.offset_x = {&o[0], 1}, b.offset_y = {&o[1], 1}, b.offset_z = {&o[2], 1};
  std::array<uint32_t, 4> w{};
  uint8_t flags = 0;
  texunit::TexelKind kind = texunit::TexelKind::kFloat;
  const texunit::TexelLanes out{{&w[0], 1}, {&w[1], 1},  {&w[2], 1},
                                {&w[3], 1}, {&flags, 1}, {&kind, 1}};
  texunit::MessageOptions mo;
  mo.precision = precision;
  texunit::fetch_message(view, b, out, mo);
  FetchLane r;
  r.texel.bits = w;
  r.texel.kind = kind;
  r.in_bounds = (flags & texunit::kLaneInBounds) != 0;
  r.null_tile = (flags & texunit::kLaneNullTile) != 0;
  return r;
}

namespace {

// TLD4.PTP: texel i of the result is texel i of a gather at offset i (GL/SPIR-V ConstOffsets,
// the way lavapipe lowers textureGatherOffsets; decisions T50).
texunit::Texel gather_per_texel(const LoweredWide& w, bool& null_tile) {
  texunit::Texel t;
  null_tile = false;
  for (unsigned i = 0; i < 4; ++i) {
    texunit::SampleRequest q = w.lw.req;
    q.offset = {w.ptp_offsets[i][0], w.ptp_offsets[i][1], 0};
    bool nt = false;
    const texunit::Texel g = sample_lane(w.lw, q, nt);
    t.bits[i] = g.bits[i];
    t.kind = g.kind;
    null_tile = null_tile || nt;
  }
  return t;
}

// TLD out of range (decisions T51): zeros, with a format's missing alpha read as 1 (robustness2's
// value, which NVK's robustImageAccess2 leaves to the hardware; TLDS instead forces border 0).
texunit::Texel out_of_range_texel(texunit::Format format) {
  const texunit::FormatInfo& fi = texunit::format_info(format);
  texunit::Texel t;
  t.kind = fi.result_kind;
  if ((fi.present_mask() & 0x8u) == 0)
    t.bits[3] = fi.is_integer() ? 1u : std::bit_cast<uint32_t>(1.0f);
  return t;
}

}  // namespace

bool execute_wide(const Instruction& inst, Machine& m, const scene::Scene& scene,
                  const TextureRef& ref, core::DiagSink& sink, const std::string& line,
                  std::vector<std::string>* trace) {
  LoweredWide w = lower_wide(inst, m.r, ref, scene, sink);
  if (w.outcome == Outcome::kMissingState) return false;
  texunit::Texel texel;  // zeros
  bool defined = true;
  bool null_tile = false;  // Pd: a tap read a non-resident (null) tile
  switch (w.outcome) {
    case Outcome::kRun:
      if (w.fetch) {
        const texunit::SurfaceView view = memory_view(m, w.lw.bound.view, w.lw.bound.surface,
                                                      w.lw.bound.placed, w.lw.bound.view.desc, 0);
        const FetchLane f = fetch_lane(view, w.fetch_req, w.fetch_precision);
        null_tile = f.null_tile;
        if (f.in_bounds) {
          texel = f.texel;
        } else {
          texel = out_of_range_texel(w.lw.bound.view.desc.format);
          if (trace) w.what += " out of bounds";
        }
      } else {
        const texunit::SurfaceView full = w.lw.view;
        w.lw.view = memory_view(m, w.lw.view, w.lw.bound.surface, w.lw.bound.placed,
                                w.lw.bound.view.desc, w.lw.bound.header.min_level);
        texel =
            w.ptp ? gather_per_texel(w, null_tile) : sample_lane(w.lw, w.lw.req, null_tile, m.quad);
        memory_keep_lane0(m);
        w.lw.view = full;
      }
      if (null_tile && trace) w.what += " (null tile)";
      break;
    case Outcome::kUndefined:
      report_undefined(inst, w.undefined, sink);
      defined = false;
      break;
    case Outcome::kZeros:
      if (w.fetch) texel = out_of_range_texel(w.lw.bound.view.desc.format);
      break;
    case Outcome::kInvalidHeader:
    case Outcome::kMissingState:
      break;
  }
  std::string writes;
  if (inst.wide.sm != 0 && inst.f16) {
    // Volta+ .F16.RN / .F16.RZ: two components a register, rounded as the modifier says.
    write_back(inst, texel, defined,
               inst.rtz ? core::Rounding::kTowardZero : core::Rounding::kNearestEven, m,
               trace ? &writes : nullptr);
  } else {
    write_vector(inst, texel.bits, {defined, defined, defined, defined}, m,
                 trace ? &writes : nullptr);
  }
  // Pd is true when the access touched a non-resident tile (YUZU: Pd = !sparse-resident); a
  // fully resident texture, zeros and undefined results write false (decisions T56).
  if (inst.pd != kPT) {
    m.p[inst.pd] = null_tile;
    if (trace)
      writes += std::string(" P") + std::to_string(inst.pd) + "=" + (null_tile ? "1" : "0");
  }
  if (trace)
    trace->push_back(line + "  // " + w.what + (defined ? "" : ": undefined") + " ->" + writes);
  return true;
}

}  // namespace texsim::isa::sass
