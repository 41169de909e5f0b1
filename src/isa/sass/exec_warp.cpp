// Warp-wide SASS execution: 32 lane machines, the active mask and predicates, and the quad
// derivatives quad ops see (full quads, .NDV, DEFAULT_PARTIAL; decision W13). Never prints.
#include "isa/sass/exec_warp.hpp"

#include <array>
#include <bit>
#include <limits>
#include <map>
#include <tuple>

#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/lower.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"
#include "texunit/sample.hpp"

namespace texsim::isa::sass {

namespace {

constexpr unsigned kLanes = kWarpLanes;
constexpr std::string_view kCite = "decisions.md W13";

// "0-3, 8, 10-11": the lanes of a mask.
std::string lane_list(uint32_t mask) {
  std::string s;
  for (unsigned l = 0; l < kLanes; ++l) {
    if (((mask >> l) & 1u) == 0) continue;
    unsigned e = l;
    while (e + 1 < kLanes && ((mask >> (e + 1)) & 1u) != 0) ++e;
    s += (s.empty() ? "" : ", ") + std::to_string(l) + (e > l ? "-" + std::to_string(e) : "");
    l = e;
  }
  return s;
}

// The diagnostics of one instruction over its lanes: each distinct one once, with its lanes.
class LaneDiagnostics {
 public:
  void add(unsigned lane, const core::DiagSink& s) {
    for (const core::Diagnostic& d : s.diagnostics()) {
      const auto key = std::make_tuple(d.rule_id, core::format_location(d.loc), d.message);
      auto [it, fresh] = seen_.try_emplace(key, order_.size());
      if (fresh) order_.push_back({d, 0});
      order_[it->second].second |= 1u << lane;
    }
  }
  void flush(core::DiagSink& sink) {
    for (auto& [d, lanes] : order_) {
      d.message +=
          " (lane" + std::string(std::popcount(lanes) == 1 ? " " : "s ") + lane_list(lanes) + ")";
      sink.report(std::move(d));
    }
    order_.clear();
    seen_.clear();
  }

 private:
  std::map<std::tuple<std::string, std::string, std::string>, size_t> seen_;
  std::vector<std::pair<core::Diagnostic, uint32_t>> order_;
};

std::array<Machine, kLanes> lanes_from_scene(const scene::Scene& scene) {
  const SassRegisters& regs = scene_state(scene).registers;
  std::array<Machine, kLanes> m;
  m.fill(Machine::from_scene(scene));
  for (const auto& [r, values] : regs.r_lanes)
    for (unsigned l = 0; l < kLanes && r < kRZ; ++l) m[l].r[r] = values[l];
  for (const auto& [p, values] : regs.p_lanes)
    for (unsigned l = 0; l < kLanes && p < kPT; ++l) m[l].p[p] = values[l];
  return m;
}

// The derivatives each lane's quad op takes, or why it has none (undefined[lane] non-empty).
struct QuadPlan {
  std::array<LaneQuad, kLanes> quads{};
  std::array<std::string, kLanes> undefined;
  bool any = false;  // the instruction is a quad op on some lane
};

// Pass 1: every lane (inactive ones too: .NDV reads their registers) lowers the instruction with
// its predicate forced true and records its coordinates; nothing is written or reported.
std::array<bool, kLanes> probe(const Instruction& inst, const std::array<Machine, kLanes>& lanes,
                               const scene::Scene& scene, const ExecSettings& settings,
                               QuadPlan& plan) {
  Instruction forced = inst;
  forced.pred = kPT;
  forced.pred_neg = false;
  std::array<bool, kLanes> has_coord{};
  for (unsigned l = 0; l < kLanes; ++l) {
    Machine copy = lanes[l];
    copy.memory = nullptr;  // a probe reads nothing
    plan.quads[l].probe = true;
    copy.quad = &plan.quads[l];
    core::DiagSink scratch;
    const bool ran = execute_instruction(forced, copy, scene, settings, scratch, nullptr);
    has_coord[l] = ran && !scratch.has_errors() && plan.quads[l].quad_op;
    plan.quads[l].probe = false;
    plan.any = plan.any || plan.quads[l].quad_op;
  }
  return has_coord;
}

// The derivatives of every quad (lanes 4q..4q+3: top-left, top-right, bottom-left, bottom-right):
// coarse differences of its lanes' coordinates where they count (quad_derivatives_from_lanes),
// else DEFAULT_PARTIAL's zero or infinity, else none (undefined).
void plan_quads(const Instruction& inst, const std::array<bool, kLanes>& runs,
                const std::array<bool, kLanes>& has_coord, const WarpState& warp, unsigned sm,
                QuadPlan& plan) {
  for (unsigned q = 0; q < kLanes; q += 4) {
    const bool full = runs[q] && runs[q + 1] && runs[q + 2] && runs[q + 3];
    std::string why;
    std::array<float, 3> ddx{}, ddy{};
    if (quad_derivatives_from_lanes(inst.ndv, full, sm)) {
      for (unsigned k = 0; k < 4 && why.empty(); ++k) {
        if (!has_coord[q + k])
          why = "lane " + std::to_string(q + k) +
                " of the quad has no coordinates for the derivatives (its registers do not "
                "make a request)";
      }
      if (why.empty()) {
        std::array<std::array<float, 3>, 4> c{};
        for (unsigned k = 0; k < 4; ++k) c[k] = plan.quads[q + k].coord;
        const texunit::QuadDerivatives qd = texunit::quad_derivatives(c);
        ddx = qd.ddx, ddy = qd.ddy;
      }
    } else if (warp.default_partial) {
      const float v = *warp.default_partial == DefaultPartial::kZero
                          ? 0.0f
                          : std::numeric_limits<float>::infinity();
      ddx.fill(v), ddy.fill(v);
    } else {
      why = std::string(full ? "every non-fragment quad is partial before SM75"
                             : "the quad is partial (a lane inactive or predicated off)") +
            " and the scene gives no warp.default_partial (SET_SHADER_CONTROL.DEFAULT_PARTIAL)";
    }
    for (unsigned k = 0; k < 4; ++k) {
      plan.quads[q + k].ddx = ddx, plan.quads[q + k].ddy = ddy;
      plan.undefined[q + k] = why;
    }
  }
}

// Pass 2 on one lane: the instruction with its quad's derivatives; an undefined quad makes every
// register (and Pd) it writes undefined.
bool run_lane(const Instruction& inst, Machine& m, LaneQuad* quad, const std::string& undefined,
              const scene::Scene& scene, const ExecSettings& settings, core::DiagSink& lane_sink,
              std::vector<std::string>* lane_trace) {
  const std::array<bool, 256> before = m.written;
  m.written.fill(false);
  m.quad = quad;
  const bool ok = execute_instruction(inst, m, scene, settings, lane_sink, lane_trace);
  m.quad = nullptr;
  if (!undefined.empty()) {
    for (unsigned r = 0; r < kRZ; ++r)
      if (m.written[r]) m.defined[r] = false;
    if (inst.pd != kPT) m.p[inst.pd] = false;
    lane_sink.warning("SASS-EXEC-QUAD-DERIVATIVES", exec_location(inst),
                      "the quad op's derivatives are undefined: " + undefined, std::string(kCite));
  }
  for (unsigned r = 0; r < kRZ; ++r) m.written[r] = m.written[r] || before[r];
  return ok;
}

std::vector<scene::RegisterValue> warp_registers(const std::array<Machine, kLanes>& lanes,
                                                 std::optional<uint8_t> poison) {
  std::vector<scene::RegisterValue> out;
  for (unsigned r = 0; r < kRZ; ++r) {
    bool written = false;
    for (const Machine& m : lanes) written = written || m.written[r];
    if (!written) continue;
    scene::RegisterValue v;
    v.name = "R" + std::to_string(r);
    v.type = scene::ElemType::kUD;
    bool all_defined = true;
    for (const Machine& m : lanes) all_defined = all_defined && m.defined[r];
    for (const Machine& m : lanes) {
      const uint32_t value = m.defined[r] || !poison ? m.r[r] : 0x01010101u * *poison;
      for (unsigned b = 0; b < 4; ++b) {
        v.bytes.push_back(static_cast<uint8_t>(value >> (8 * b)));
        if (!all_defined) v.defined.push_back(m.defined[r]);
      }
    }
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

bool quad_derivatives_from_lanes(bool ndv, bool full_quad, unsigned sm) {
  return ndv || (full_quad && sm >= 75);
}

std::optional<std::vector<scene::RegisterValue>> run_warp(
    std::span<const Instruction> program, const scene::Scene& scene, const ExecSettings& settings,
    std::optional<uint8_t> poison, core::DiagSink& sink, std::vector<std::string>* trace) {
  const WarpState warp = scene_state(scene).warp.value_or(WarpState{});
  const unsigned sm = wide_sm(settings.platform);
  std::array<Machine, kLanes> lanes = lanes_from_scene(scene);
  LaneDiagnostics diags;
  for (Machine& l : lanes) l.memory = settings.memory;
  for (size_t i = 0; i < program.size(); ++i) {
    const Instruction& inst = program[i];
    const std::string text = settings.memory != nullptr ? print_instruction(inst) : std::string();
    std::array<bool, kLanes> runs{};
    for (unsigned l = 0; l < kLanes; ++l)
      runs[l] = ((warp.active_mask >> l) & 1u) != 0 && lanes[l].predicate(inst.pred, inst.pred_neg);
    QuadPlan plan;
    if (inst.kind == Kind::kInstruction) {
      const auto has_coord = probe(inst, lanes, scene, settings, plan);
      if (plan.any) plan_quads(inst, runs, has_coord, warp, sm, plan);
    }
    // Every active lane runs (an error in one does not hide the others'); an error stops the
    // program after the instruction.
    bool ok = true;
    for (unsigned l = 0; l < kLanes; ++l) {
      if (((warp.active_mask >> l) & 1u) == 0) continue;  // an inactive lane issues nothing
      core::DiagSink lane_sink;
      std::vector<std::string> lane_trace;
      if (settings.memory != nullptr) settings.memory->at(i, text, l);
      ok &= run_lane(inst, lanes[l], plan.any ? &plan.quads[l] : nullptr,
                     plan.any && runs[l] ? plan.undefined[l] : std::string(), scene, settings,
                     lane_sink, trace != nullptr ? &lane_trace : nullptr);
      diags.add(l, lane_sink);
      if (trace != nullptr)
        for (std::string& t : lane_trace) trace->push_back("lane " + std::to_string(l) + ": " + t);
    }
    diags.flush(sink);
    if (!ok) return std::nullopt;
  }
  return warp_registers(lanes, poison);
}

}  // namespace texsim::isa::sass
