// TLDS execution: predicate, lowering, texel fetch with the TLDS overrides (point, border 0),
// and the FP32/F16 packing of sass-tlds.md's destination tables. Never prints.
#include "isa/sass/exec.hpp"

#include <bit>
#include <cstdio>
#include <optional>

#include "isa/sass/exec_query.hpp"
#include "isa/sass/exec_sample.hpp"
#include "isa/sass/exec_sm70.hpp"
#include "isa/sass/exec_warp.hpp"
#include "isa/sass/exec_wide.hpp"
#include "isa/sass/lower_query.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/scene_section.hpp"
#include "isa/sass/syntax.hpp"
#include "isa/sass/writeback.hpp"
#include "texunit/message.hpp"

namespace texsim::isa::sass {

Machine Machine::from_scene(const scene::Scene& s) {
  Machine m;
  m.defined.fill(true);
  for (const auto& [i, v] : scene_state(s).registers.r) {
    if (i < kRZ) m.r[i] = v;
  }
  for (const auto& [i, v] : scene_state(s).registers.p) {
    if (i < kPT) m.p[i] = v;
  }
  m.p[kPT] = true;
  return m;
}

bool Machine::predicate(uint8_t pred, bool neg) const {
  const bool v = pred >= kPT ? true : p[pred];
  return neg ? !v : v;
}

void Machine::write(uint8_t reg, uint32_t value, bool is_defined) {
  if (reg == kRZ) return;
  r[reg] = value;
  written[reg] = true;
  defined[reg] = is_defined;
}

ExecSettings settings_for(const scene::Scene& s, std::string_view platform, bool trace) {
  ExecSettings e;
  e.platform = std::string(platform);
  e.trace = trace;
  if (scene_state(s).fp16_rounding == Fp16Rounding::kRz) {
    e.fp16_rounding = core::Rounding::kTowardZero;
  }
  return e;
}

bool execute_instruction(const Instruction& inst, Machine& m, const scene::Scene& scene,
                         const ExecSettings& settings, core::DiagSink& sink,
                         std::vector<std::string>* trace) {
  const core::Location loc = exec_location(inst);
  if (inst.kind != Kind::kInstruction) {
    // Which instruction, why, and what to do instead (issue 31).
    char word[40];
    std::snprintf(word, sizeof word, "0x%016llx", static_cast<unsigned long long>(inst.raw_word));
    const std::string what =
        inst.kind == Kind::kRaw
            ? std::string("the word ") + word + " is not a texture instruction texsim models"
            : "'" + inst.text.str() + "' is not a texture instruction texsim models";
    sink.error("SASS-EXEC-UNSUPPORTED", loc,
               what + "; texsim runs texture instructions (" + modelled_mnemonics() +
                   "), not whole kernels: run the texture instructions alone, with the registers "
                   "they read given in the scene's \"registers\" (docs/scene-format.md)",
               "sass-tlds.md");
    return false;
  }
  // Trace text only when a trace is asked for (issue 25 item 1).
  const std::string line = trace ? print_instruction(inst) : std::string();
  // A bindless .B form runs as its base form with the handle from its register (T38, T58).
  const std::optional<BindlessForm> bindless = bindless_form(inst, m.r);
  const Instruction& x = bindless ? bindless->base : inst;
  const TextureRef ref = bindless ? bindless->ref : TextureRef{};
  const ExecKind kind = op_spec(inst.op).exec;  // dispatch on the row, never on the opcode
  if (kind == ExecKind::kUnsupported) {
    // TXA decodes and prints as nvdisasm does, but no source says what it computes (decisions
    // T34, T58): running it would invent a result.
    sink.error("SASS-EXEC-UNSUPPORTED", loc,
               std::string(op_spec(inst.op).mnemonic) +
                   " has no documented meaning (no compiler emits it; envytools only names it), "
                   "so it cannot be executed",
               "decisions T34, T58");
    return false;
  }
  if (kind == ExecKind::kNone) {
    if (trace) trace->push_back(line);
    return true;
  }
  if (!m.predicate(inst.pred, inst.pred_neg)) {
    if (trace) trace->push_back(line + "  // predicate false: nothing written");
    return true;
  }
  if (inst.wide.sm != 0) return execute_sm70(inst, m, scene, sink, line, trace);
  switch (kind) {
    case ExecKind::kSample:
      return execute_sample(inst, m, scene, settings, sink, line, trace);
    case ExecKind::kWide:
      return execute_wide(x, m, scene, ref, sink, line, trace);
    case ExecKind::kQuery:
      return execute_query(x, m, scene, ref, sink, line, trace);
    case ExecKind::kFetch:
      return execute_fetch(inst, m, scene, settings, sink, line, trace);
    case ExecKind::kNone:
    case ExecKind::kUnsupported:
      break;
  }
  return true;
}

// TLDS: one texel fetch with TLDS's overrides (point, border 0), scalar destinations.
bool execute_fetch(const Instruction& inst, Machine& m, const scene::Scene& scene,
                   const ExecSettings& settings, core::DiagSink& sink, const std::string& line,
                   std::vector<std::string>* trace) {
  LoweredFetch lw = lower_tlds(inst, m.r, scene, sink);
  if (lw.outcome == Outcome::kMissingState) return false;
  texunit::Texel texel;  // zeros
  bool integer = false;
  if (lw.outcome == Outcome::kRun) {
    // A one-lane fetch message (TLDS runs per thread); the d3d profile's exact fetch.
    const texunit::SurfaceView view =
        memory_view(m, lw.view, lw.surface, lw.placed, lw.view.desc, 0);
    const FetchLane f = fetch_lane(view, lw.req, texunit::PrecisionProfile{});
    integer = texunit::format_info(lw.view.desc.format).is_integer();
    texel = f.texel;
    // TLDS overrides the border colour with 0 (sass-tlds.md, Texture Header State Overrides):
    // an out-of-bounds fetch returns 0 in all four components.
    if (!f.in_bounds) {
      texel.bits = {0, 0, 0, 0};
      lw.what += " out of bounds: zeros";
    }
  } else {
    if (lw.outcome != Outcome::kInvalidHeader && lw.view.bytes.data() != nullptr) {
      integer = texunit::format_info(lw.view.desc.format).is_integer();
    }
  }
  texel.kind = integer ? texel.kind : texunit::TexelKind::kFloat;

  bool defined = true;
  if (integer && lw.outcome == Outcome::kRun) {
    defined =
        f16_integer_defined(inst, texunit::format_info(lw.view.desc.format).name, settings, sink);
  }
  std::string writes;
  // TLDS.F16.RTZ rounds toward zero whatever the scene's fp16 rounding (decisions T71).
  const core::Rounding rounding = inst.rtz ? core::Rounding::kTowardZero : settings.fp16_rounding;
  write_back(inst, texel, defined, rounding, m, trace ? &writes : nullptr);
  if (trace) trace->push_back(line + "  // " + lw.what + " ->" + writes);
  return true;
}

std::optional<std::vector<scene::RegisterValue>> run_program(
    std::span<const Instruction> program, const scene::Scene& scene, const ExecSettings& settings,
    std::optional<uint8_t> poison, core::DiagSink& sink, std::vector<std::string>* trace) {
  if (scene_state(scene).warp_wide())
    return run_warp(program, scene, settings, poison, sink, trace);
  Machine m = Machine::from_scene(scene);
  m.memory = settings.memory;
  for (size_t i = 0; i < program.size(); ++i) {
    if (m.memory != nullptr) m.memory->at(i, print_instruction(program[i]), 0);
    if (!execute_instruction(program[i], m, scene, settings, sink, trace)) return std::nullopt;
  }
  std::vector<scene::RegisterValue> out;
  for (unsigned r = 0; r < kRZ; ++r) {
    if (!m.written[r]) continue;
    scene::RegisterValue v;
    v.name = "R" + std::to_string(r);
    v.type = scene::ElemType::kUD;
    const uint32_t value = m.defined[r] ? m.r[r] : (poison ? 0x01010101u * *poison : m.r[r]);
    for (unsigned b = 0; b < 4; ++b) v.bytes.push_back(static_cast<uint8_t>(value >> (8 * b)));
    if (!m.defined[r]) v.defined.assign(4, false);
    out.push_back(std::move(v));
  }
  return out;
}

}  // namespace texsim::isa::sass
