// TEXS and TLD4S execution: one thread's sample message through the texture unit (its pixel
// quad made of copies of itself for implicit LOD, decisions T40), undefined results, write-back.
#include <array>

#include "isa/sass/exec_sample.hpp"
#include "isa/sass/exec_wide.hpp"
#include "isa/sass/writeback.hpp"
#include "texunit/message.hpp"

namespace texsim::isa::sass {

texunit::Texel sample_lane(const LoweredSample& lw, const texunit::SampleRequest& q,
                           bool& null_tile, LaneQuad* given) {
  null_tile = false;
  const bool quad_op = texunit::is_quad_op(q.op);
  if (given != nullptr && quad_op && given->probe) {
    given->quad_op = true;
    given->coord = q.coord;
    return {};
  }
  // Quad ops (implicit LOD) run a pixel quad whose four lanes hold this thread's coordinates: a
  // lone thread's quad derivatives are zero (decisions T40). kGrad passes its own derivatives,
  // and so does a warp lane its quad's (W13: the message takes them as given).
  const bool warp_lane = given != nullptr && quad_op;
  const bool quad = quad_op && !warp_lane;
  const size_t n = quad ? 4 : 1;
  std::array<float, 4> u{}, v{}, w{}, ai{}, lod{}, ref{};
  std::array<std::array<float, 4>, 6> d{};
  for (size_t i = 0; i < n; ++i) {
    u[i] = q.coord[0], v[i] = q.coord[1], w[i] = q.coord[2];
    ai[i] = q.array_index, lod[i] = q.lod, ref[i] = q.reference;
    for (size_t c = 0; c < 3; ++c) {
      d[c][i] = warp_lane ? given->ddx[c] : q.ddx[c];
      d[3 + c][i] = warp_lane ? given->ddy[c] : q.ddy[c];
    }
  }
  texunit::SampleBatch b;
  b.count = n;
  b.op = q.op;
  b.u = {u.data(), n}, b.v = {v.data(), n}, b.w = {w.data(), n};
  b.array_index = {ai.data(), n}, b.lod = {lod.data(), n}, b.reference = {ref.data(), n};
  b.ddx_u = {d[0].data(), n}, b.ddx_v = {d[1].data(), n}, b.ddx_w = {d[2].data(), n};
  b.ddy_u = {d[3].data(), n}, b.ddy_v = {d[4].data(), n}, b.ddy_w = {d[5].data(), n};
  b.offset = q.offset;
  b.gather_component = q.gather_component;
  std::array<std::array<uint32_t, 4>, 4> c{};
  std::array<uint8_t, 4> flags{};
  std::array<texunit::TexelKind, 4> kinds{};
  const texunit::TexelLanes out{{c[0].data(), n}, {c[1].data(), n},  {c[2].data(), n},
                                {c[3].data(), n}, {flags.data(), n}, {kinds.data(), n}};
  texunit::MessageOptions mo;
  mo.precision = lw.precision;
  mo.layout.quad_derivatives = quad;
  if (quad && lw.precision.kind == texunit::PrecisionKind::kLavapipe) {
    mo.layout.lavapipe_group_lanes = 4;  // one quad: lavapipe's derivatives from its lanes
  }
  texunit::sample_message(lw.view, lw.sampler, b, out, mo);
  texunit::Texel t;
  t.bits = {c[0][0], c[1][0], c[2][0], c[3][0]};
  t.kind = kinds[0];
  null_tile = (flags[0] & texunit::kLaneNullTile) != 0;
  return t;
}

bool execute_sample(const Instruction& inst, Machine& m, const scene::Scene& scene,
                    const ExecSettings& settings, core::DiagSink& sink, const std::string& line,
                    std::vector<std::string>* trace) {
  LoweredSample lw = lower_sample(inst, m.r, scene, sink);
  if (lw.outcome == Outcome::kMissingState) return false;
  texunit::Texel texel;  // zeros
  bool defined = true;
  if (lw.outcome == Outcome::kRun) {
    bool null_tile = false;
    const texunit::SurfaceView full = lw.view;
    lw.view = memory_view(m, lw.view, lw.bound.surface, lw.bound.placed, lw.bound.view.desc,
                          lw.bound.header.min_level);
    texel = sample_lane(lw, lw.req, null_tile, m.quad);
    memory_keep_lane0(m);
    lw.view = full;
    if (null_tile && trace) lw.what += " (null tile)";
    if (texel.kind != texunit::TexelKind::kFloat) {
      defined =
          f16_integer_defined(inst, texunit::format_info(lw.view.desc.format).name, settings, sink);
    }
  } else if (lw.outcome == Outcome::kUndefined) {
    report_undefined(inst, lw.undefined, sink);
    defined = false;
  }  // kInvalidHeader, kZeros: zeros
  // TLD4S.F16.RTZ rounds toward zero whatever the scene's fp16 rounding (decisions T20, T45).
  const core::Rounding rounding = inst.rtz ? core::Rounding::kTowardZero : settings.fp16_rounding;
  std::string writes;
  write_back(inst, texel, defined, rounding, m, trace ? &writes : nullptr);
  if (trace)
    trace->push_back(line + "  // " + lw.what + (defined ? "" : ": undefined") + " ->" + writes);
  return true;
}

}  // namespace texsim::isa::sass
