// One kernel thread (kernel_exec.hpp): the structured form of each generic instruction, then SIMD
// control flow by per-lane program counters (the smallest PC among live lanes runs next, for the
// lanes at it: decision K1), dispatching to kernel_ops, kernel_memory and exec.hpp's rows.
// Depends on exec, kernel_inst, kernel_ops, kernel_memory.
#include "isa/visa/kernel_exec.hpp"

#include <array>
#include <bit>

#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {
namespace {

core::TextLoc loc_of(const VisaProgram& prog, const Instruction& i) {
  return core::TextLoc{prog.file, i.line, i.column};
}

// A row exec.hpp runs, with its Surface and Sampler fields replaced by what the thread's MOVS
// gave their variables: the image's scene surface id and the sampler index (decision K6).
bool run_row(ThreadState& t, const Instruction& inst, uint32_t active, const core::TextLoc& loc,
             core::DiagSink& sink) {
  t.m.set_dispatch_mask(active);
  if (inst.row->exec == RowExec::kGatherScaled || inst.row->exec == RowExec::kGather4Scaled) {
    const uint32_t id = inst.op("Surface").value;
    const auto s = t.surface_values.find(id);
    if ((s != t.surface_values.end() && t.mem.buffers.count(s->second) != 0) ||
        (id == kSurfaceSlm && t.mem.slm))
      return run_row_gather(t, inst, loc, sink);
  }
  Instruction copy = inst;
  if (const auto si = inst.row->field_index("Surface")) {
    const auto s = t.surface_values.find(inst.op("Surface").value);
    if (s != t.surface_values.end()) {
      const auto img = t.mem.images.find(s->second);
      if (img == t.mem.images.end()) {
        sink.error("VISA-RUN-SURFACE", loc,
                   "binding-table index " + std::to_string(s->second) +
                       " has no image in the launch (\"launch\": {\"images\"})",
                   "docs/kernels.md");
        return false;
      }
      copy.ops[*si].value = img->second;
    }
  }
  if (const auto si = inst.row->field_index("Sampler")) {
    const auto s = t.sampler_values.find(inst.op("Sampler").value);
    if (s != t.sampler_values.end()) copy.ops[*si].value = s->second;
  }
  core::DiagSink local;
  const bool ok = execute_instruction(copy, t.m, t.sc, t.cfg, local);
  for (core::Diagnostic d : local.diagnostics()) {
    if (auto* tl = std::get_if<core::TextLoc>(&d.loc); tl != nullptr && tl->file.empty())
      tl->file = loc.file;
    sink.report(std::move(d));
  }
  return ok;
}

}  // namespace

std::optional<KernelCode> build_kernel_code(const VisaProgram& prog, core::DiagSink& sink) {
  KernelCode code;
  bool ok = true;
  for (const ProgramLabel& l : prog.labels) code.labels[l.name] = l.before;
  for (const Instruction& i : prog.instructions) {
    if (i.row != nullptr) {
      code.insts.emplace_back();
      continue;
    }
    std::string err;
    auto k = kernel_mnemonic_modelled(i.unsupported) ? parse_kinst(i.source, prog.symbols, err)
                                                     : std::nullopt;
    if (k && !kernel_mnemonic_modelled(k->op)) k.reset(), err = "";
    if (k && (k->op == "goto" || k->op == "jmp") &&
        (k->ops.size() != 1 || k->ops[0].kind != KOpKind::kLabel ||
         code.labels.count(k->ops[0].label) == 0)) {
      err = k->op + " needs a label of this kernel";
      k.reset();
    }
    if (!k) {
      sink.error("VISA-UNSUPPORTED", loc_of(prog, i),
                 "'" + i.unsupported + "' is not modelled and cannot run" +
                     (err.empty() ? "" : ": " + err),
                 "docs/kernels.md");
      ok = false;
    }
    code.insts.push_back(std::move(k));
  }
  if (!ok) return std::nullopt;
  return code;
}

namespace {

// Moves the lanes `lanes` at the GOTO/JMP `k` on: those whose predicate holds (exec size 1: bit
// mask_offset for every lane, a uniform branch) to the label, the others to the next one.
void branch(ThreadState& t, const KInst& k, const KernelCode& code, uint32_t lanes, size_t pc,
            std::array<size_t, 32>& pcs) {
  const size_t target = code.labels.at(k.ops[0].label);
  for (unsigned ch = 0; ch < 32; ++ch) {
    if (((lanes >> ch) & 1) == 0) continue;
    bool take = true;
    if (k.pred != nullptr) {
      const bool in_range = ch >= k.mask_offset && ch < k.mask_offset + k.exec_size;
      take = k.exec_size == 1 ? predicate_lane(t, k, 0)
                              : in_range && predicate_lane(t, k, ch - k.mask_offset);
    }
    pcs[ch] = take ? target : pc + 1;
  }
}

}  // namespace

KernelThread::KernelThread(Machine& m, uint32_t lanes) : m_(&m), live_(lanes) {}

KernelThread::Stop KernelThread::run(const VisaProgram& prog, const KernelCode& code,
                                     KernelMemory& mem, const scene::Scene& sc,
                                     const ExecConfig& cfg, core::DiagSink& sink) {
  ThreadState t{*m_, mem, sc, cfg, surfaces_, samplers_, addrs_};
  const size_t end = prog.instructions.size();
  while (live_ != 0) {
    size_t pc = end;
    for (unsigned ch = 0; ch < 32; ++ch) {
      if (((live_ >> ch) & 1) != 0) pc = std::min(pc, pcs_[ch]);
    }
    uint32_t active = 0;
    for (unsigned ch = 0; ch < 32; ++ch) {
      if (((live_ >> ch) & 1) != 0 && pcs_[ch] == pc) active |= 1u << ch;
    }
    if (pc >= end) {
      live_ &= ~active;  // ran off the end: those lanes are done
      continue;
    }
    const Instruction& inst = prog.instructions[pc];
    const core::TextLoc loc = loc_of(prog, inst);
    ++mem.instructions;
    if (steps_++ >= kKernelStepLimit) {
      sink.error("VISA-RUN-LIMIT", loc,
                 "the thread ran " + std::to_string(kKernelStepLimit) +
                     " instructions without ending (an endless loop?)",
                 "docs/kernels.md");
      return Stop::kError;
    }
    const std::optional<KInst>& k = code.insts[pc];
    bool ok = true;
    if (!k) {
      ok = run_row(t, inst, active, loc, sink);
    } else if (k->op == "ret") {
      live_ &= ~active;
      continue;
    } else if (k->op == "goto" || k->op == "jmp") {
      branch(t, *k, code, active, pc, pcs_);
      continue;
    } else if (k->op == "barrier") {
      for (unsigned ch = 0; ch < 32; ++ch) {
        if (((active >> ch) & 1) != 0) pcs_[ch] = pc + 1;
      }
      return Stop::kBarrier;  // resumes after the barrier (decision K16)
    } else if (k->op == "dword_atomic" || k->op == "svm_atomic") {
      ok = run_atomic(t, *k, active, loc, sink);
    } else if (k->op == "addr_add") {
      ok = run_addr_add(t, *k, active, loc, sink);
    } else if (k->op.starts_with("lsc_atomic_")) {
      ok = run_lsc_atomic(t, *k, active, loc, sink);
    } else if (k->op == "lsc_load" || k->op == "lsc_store") {
      ok = run_lsc(t, *k, active, loc, sink);
    } else if (k->op.starts_with("svm_block_") || k->op.starts_with("svm_gather") ||
               k->op.starts_with("svm_scatter")) {
      ok = run_svm(t, *k, active, loc, sink);
    } else if (k->op == "media_st") {
      ok = run_media_store(t, *k, loc, sink);
    } else if (k->op.starts_with("oword_")) {
      ok = run_oword(t, *k, loc, sink);
    } else if (k->op == "scatter4_typed") {
      ok = run_typed_write(t, *k, active, loc, sink);
    } else if (k->op.starts_with("scatter")) {
      ok = run_buffer_message(t, *k, active, loc, sink);
    } else {
      ok = run_generic(t, *k, active, loc, sink);
    }
    if (!ok) return Stop::kError;
    for (unsigned ch = 0; ch < 32; ++ch) {
      if (((active >> ch) & 1) != 0) pcs_[ch] = pc + 1;
    }
  }
  return Stop::kDone;
}

bool run_thread(const VisaProgram& prog, const KernelCode& code, Machine& m, KernelMemory& mem,
                const scene::Scene& sc, const ExecConfig& cfg, uint32_t lanes,
                core::DiagSink& sink) {
  KernelThread th(m, lanes);
  for (;;) {  // a thread alone passes each barrier at once
    const KernelThread::Stop s = th.run(prog, code, mem, sc, cfg, sink);
    if (s != KernelThread::Stop::kBarrier) return s == KernelThread::Stop::kDone;
  }
}

}  // namespace texsim::isa::visa
