// vISA execution: machine set-up from the scene, dispatch through each row's RowExec
// (exec_memory.cpp, exec_3d.cpp), result reporting. Depends on machine, syntax (scene .decl
// text) and scene; never prints.
#include "isa/visa/exec.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "core/text.hpp"
#include "isa/visa/exec_internal.hpp"
#include "isa/visa/kernel_exec.hpp"
#include "isa/visa/kernel_launch.hpp"
#include "isa/visa/scene_section.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

scene::ElemType elem_type(VisaType t) {
  switch (t) {
    case VisaType::kUD:
      return scene::ElemType::kUD;
    case VisaType::kD:
      return scene::ElemType::kD;
    case VisaType::kUW:
      return scene::ElemType::kUW;
    case VisaType::kW:
      return scene::ElemType::kW;
    case VisaType::kUB:
      return scene::ElemType::kUB;
    case VisaType::kB:
      return scene::ElemType::kB;
    case VisaType::kUQ:
      return scene::ElemType::kUQ;
    case VisaType::kQ:
      return scene::ElemType::kQ;
    case VisaType::kF:
      return scene::ElemType::kF;
    case VisaType::kHF:
      return scene::ElemType::kHF;
    case VisaType::kDF:
      return scene::ElemType::kDF;
    default:
      return scene::ElemType::kUW;  // BF and others: shown as raw 16-bit words
  }
}

}  // namespace

std::optional<Machine> make_machine(const VisaProgram& prog, const scene::Scene& sc,
                                    const ExecConfig& cfg, core::DiagSink& sink) {
  SymbolTable syms = prog.symbols;
  bool ok = true;
  const core::TextLoc scene_loc{sc.path, 0, 0};
  for (const auto& [name, reg] : scene_state(sc).registers) {
    if (syms.find_name(name) != nullptr || !reg.decl) continue;
    Variable v;
    if (auto e = parse_decl(*reg.decl, v)) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "registers." + name + ".decl: " + *e,
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (v.name != name) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "registers." + name + ".decl declares '" + v.name + "'",
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (auto e = syms.add(v)) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "registers." + name + ".decl: " + *e,
                 "interface.md, Scene files");
      ok = false;
    }
  }
  Machine m(std::move(syms), prog.platform, cfg.poison.value_or(0));
  for (const auto& [name, reg] : scene_state(sc).registers) {
    const Variable* v = m.symbols().find_name(name);
    if (v == nullptr) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "scene register '" + name + "' is not declared by the program (add \"decl\")",
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (v->cls == VarClass::kPredicate) {
      uint32_t bits = 0;
      for (size_t b = 0; b < reg.bytes.size() && b < 4; ++b)
        bits |= uint32_t{reg.bytes[b]} << (8 * b);
      const uint32_t mask = v->num_elts >= 32 ? 0xffffffffu : (1u << v->num_elts) - 1;
      m.set_predicate(v->id, bits & mask);
      continue;
    }
    const auto sp = v->cls == VarClass::kGeneral ? m.span(v->id) : std::nullopt;
    if (!sp) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "scene register '" + name + "' has no storage",
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (reg.bytes.size() > sp->size) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "scene register '" + name + "' gives " + std::to_string(reg.bytes.size()) +
                     " bytes, the variable has " + std::to_string(sp->size),
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    for (size_t b = 0; b < reg.bytes.size(); ++b)
      m.write(sp->base + static_cast<uint32_t>(b), reg.bytes[b], true);
  }
  if (scene_state(sc).dispatch_mask)
    m.set_dispatch_mask(static_cast<uint32_t>(*scene_state(sc).dispatch_mask));
  if (!ok) return std::nullopt;
  return m;
}

bool execute_instruction(const Instruction& inst, Machine& m, const scene::Scene& sc,
                         const ExecConfig& cfg, core::DiagSink& sink) {
  if (inst.row == nullptr) {
    sink.error("VISA-UNSUPPORTED", at(inst, m),
               "'" + inst.unsupported + "' is not modelled and cannot run",
               "research/intel_visa.md §1.6");
    return false;
  }
  switch (inst.row->exec) {
    case RowExec::kMediaLd:
      return run_media_ld(inst, m, sc, cfg, sink);
    case RowExec::kGatherScaled:
    case RowExec::kGather4Scaled:
      return run_gather_scaled(inst, m, sc, cfg, sink);
    case RowExec::kSample3D:
    case RowExec::kLoad3D:
      return run_3d(inst, m, sc, cfg, sink);
    case RowExec::kSampleUnorm:
      return run_sample_unorm(inst, m, sc, cfg, sink);
    case RowExec::kNone:
      sink.error("VISA-UNSUPPORTED", at(inst, m),
                 std::string(inst.row->name) + " has no executor yet",
                 std::string(inst.row->spec_file));
      return false;
  }
  return false;
}

scene::RegisterValue register_value(const Machine& m, uint32_t id) {
  scene::RegisterValue r;
  const Variable* v = m.symbols().find(VarClass::kGeneral, id);
  const auto sp = m.span(id);
  if (v == nullptr || !sp) return r;
  r.name = v->name;
  r.type = elem_type(v->type);
  bool all = true;
  for (uint32_t i = 0; i < sp->size; ++i) {
    r.bytes.push_back(m.byte(sp->base + i));
    r.defined.push_back(m.defined(sp->base + i));
    all = all && m.defined(sp->base + i);
  }
  if (all) r.defined.clear();
  return r;
}

std::optional<RunResult> execute_program(const VisaProgram& prog, const scene::Scene& sc,
                                         const ExecConfig& cfg, core::DiagSink& sink) {
  // One error for the whole program (the parser's notes name each mnemonic once; issue 13): the
  // first instruction, which others there are, and what the user can run instead (issue 31).
  size_t unsupported = 0;
  const Instruction* first = nullptr;
  std::vector<std::string_view> names;
  bool generic = false;
  for (const Instruction& i : prog.instructions) {
    if (i.row != nullptr) continue;
    generic = true;
    if (kernel_mnemonic_modelled(i.unsupported)) continue;
    if (first == nullptr) first = &i;
    ++unsupported;
    if (std::find(names.begin(), names.end(), i.unsupported) == names.end())
      names.push_back(i.unsupported);
  }
  if (first != nullptr) {
    const size_t shown = std::min<size_t>(names.size(), 8);
    std::string list = core::join(std::span(names).first(shown));
    if (shown < names.size()) list += ", ... (" + std::to_string(names.size()) + " kinds)";
    sink.error("VISA-UNSUPPORTED", core::TextLoc{prog.file, first->line, first->column},
               "the program cannot run: " + std::to_string(unsupported) +
                   " of its instructions are not modelled, the first '" + first->unsupported +
                   "' at line " + std::to_string(first->line) + " (" + list +
                   "); texsim runs the sampler and memory instructions (describe lists them) and "
                   "the generic ones docs/kernels.md lists: keep those instructions with their "
                   ".decl lines and give the registers they read in the scene's \"registers\" "
                   "(docs/scene-format.md)",
               "research/intel_visa.md §1.6");
    return std::nullopt;
  }
  // Generic instructions or a launch: the whole-kernel executor (issue 28, docs/kernels.md).
  if (generic || scene_state(sc).launch) return execute_kernel(prog, sc, cfg, sink);
  auto m = make_machine(prog, sc, cfg, sink);
  if (!m) return std::nullopt;
  RunResult result;
  ExecConfig run_cfg = cfg;
  std::vector<std::string> lanes;
  if (cfg.trace) run_cfg.lane_trace = &lanes;
  for (size_t k = 0; k < prog.instructions.size(); ++k) {
    const Instruction& i = prog.instructions[k];
    if (cfg.memory != nullptr) cfg.memory->at(k, print_instruction(i, prog), 0);
    core::DiagSink local;
    lanes.clear();
    const bool ok = execute_instruction(i, *m, sc, run_cfg, local);
    for (core::Diagnostic d : local.diagnostics()) {
      if (auto* t = std::get_if<core::TextLoc>(&d.loc); t != nullptr && t->file.empty())
        t->file = prog.file;
      sink.report(std::move(d));
    }
    if (!ok) return std::nullopt;
    if (cfg.trace) {
      std::string t = print_instruction(i, prog);
      const RawOperand dst = i.op("Dst").raw;
      t += dst.id == 0 ? "    // %null Dst: nothing written"
                       : "    // wrote " + m->symbols().name_of(VarClass::kGeneral, dst.id);
      result.trace.push_back(std::move(t));
      for (std::string& l : lanes) result.trace.push_back(std::move(l));
    }
  }
  for (uint32_t id : m->written()) result.registers.push_back(register_value(*m, id));
  return result;
}

}  // namespace texsim::isa::visa