// TXQ and TMML execution: TMML's LOD query as a lone thread's pixel quad through the texture unit
// (decisions T40, T65), and the write of the masked components to consecutive registers (T66).
#include <array>
#include <bit>
#include <cstdio>

#include "isa/sass/exec_query.hpp"
#include "isa/sass/lower_query.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/writeback.hpp"
#include "texunit/message.hpp"

namespace texsim::isa::sass {

namespace {

// The texture unit's LOD query (clamped, unclamped) for a quad whose four lanes hold the
// thread's coordinates: its derivatives are zero (decisions T40); or, warp-wide, one lane with
// its quad's derivatives (W13).
std::array<float, 2> lod_query(const LoweredLodQuery& lw, const LaneQuad* given) {
  constexpr size_t kQuad = 4;
  const size_t n = given != nullptr ? 1 : kQuad;
  std::array<float, kQuad> u{}, v{}, w{}, zero{};
  u.fill(lw.coord[0]), v.fill(lw.coord[1]), w.fill(lw.coord[2]);
  std::array<std::array<float, kQuad>, 6> d{};
  for (size_t c = 0; c < 3 && given != nullptr; ++c)
    d[c].fill(given->ddx[c]), d[3 + c].fill(given->ddy[c]);
  texunit::SampleBatch b;
  b.count = n;
  b.ddx_u = {d[0].data(), n}, b.ddx_v = {d[1].data(), n}, b.ddx_w = {d[2].data(), n};
  b.ddy_u = {d[3].data(), n}, b.ddy_v = {d[4].data(), n}, b.ddy_w = {d[5].data(), n};
  b.op = texunit::SampleOp::kLodQuery;
  b.u = {u.data(), kQuad}, b.v = {v.data(), kQuad}, b.w = {w.data(), kQuad};
  b.array_index = {zero.data(), kQuad}, b.lod = {zero.data(), kQuad};
  b.reference = {zero.data(), kQuad};
  std::array<std::array<uint32_t, kQuad>, 4> c{};
  std::array<uint8_t, kQuad> flags{};
  std::array<texunit::TexelKind, kQuad> kinds{};
  const texunit::TexelLanes out{{c[0].data(), kQuad}, {c[1].data(), kQuad},  {c[2].data(), kQuad},
                                {c[3].data(), kQuad}, {flags.data(), kQuad}, {kinds.data(), kQuad}};
  texunit::MessageOptions mo;
  mo.precision = lw.precision;
  mo.layout.quad_derivatives = given == nullptr;
  if (given == nullptr && lw.precision.kind == texunit::PrecisionKind::kLavapipe)
    mo.layout.lavapipe_group_lanes = 4;
  texunit::sample_message(lw.view, lw.sampler, b, out, mo);
  return {std::bit_cast<float>(c[0][0]), std::bit_cast<float>(c[1][0])};
}

QueryResult tmml_result(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                        const scene::Scene& scene, LaneQuad* quad, core::DiagSink& sink) {
  QueryResult r;
  LoweredLodQuery lw = lower_tmml(inst, regs, ref, scene, sink);
  if (quad != nullptr && quad->probe && lw.outcome == Outcome::kRun) {
    quad->quad_op = true;  // the warp's probe pass: the coordinates, no query
    quad->coord = lw.coord;
    return r;
  }
  r.what = std::move(lw.what);
  switch (lw.outcome) {
    case Outcome::kMissingState:
      r.missing_state = true;
      break;
    case Outcome::kInvalidHeader:
    case Outcome::kZeros:
      break;
    case Outcome::kUndefined:
      report_undefined(inst, lw.undefined, sink);
      r.defined = {false, false, false, false};
      r.what += ": undefined";
      break;
    case Outcome::kRun: {
      // R: the LOD (the unclamped one, with the TSC bias), G: the level the lookup would use
      // (clamped to the TSC range and the view's levels) (decisions T63).
      const auto [clamped, unclamped] = lod_query(lw, quad);
      r.value[0] = tmml_lod_bits(unclamped);
      r.value[1] = tmml_level_bits(clamped);
      r.defined = {true, true, false, false};
      char buf[80];
      std::snprintf(buf, sizeof buf, ": lod %.9g, level %.9g", static_cast<double>(unclamped),
                    static_cast<double>(clamped));
      r.what += buf;
      report_undefined_components(inst, r.defined,
                                  "TMML's B and A components are not documented (nouveau and NAK "
                                  "read R and G only)",
                                  sink);
      break;
    }
  }
  return r;
}

}  // namespace

bool execute_query(const Instruction& inst, Machine& m, const scene::Scene& scene,
                   const TextureRef& ref, core::DiagSink& sink, const std::string& line,
                   std::vector<std::string>* trace) {
  const QueryResult r = inst.op == Opcode::kTxq ? lower_txq(inst, m.r, ref, scene, sink)
                                                : tmml_result(inst, m.r, ref, scene, m.quad, sink);
  if (r.missing_state) return false;
  std::string writes;
  write_vector(inst, r.value, r.defined, m, trace ? &writes : nullptr);
  if (trace) trace->push_back(line + "  // " + r.what + " ->" + writes);
  return true;
}

}  // namespace texsim::isa::sass
