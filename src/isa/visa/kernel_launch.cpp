// Whole-kernel runs (kernel_launch.hpp): the NDRange walk, each thread's payload (%r0 group ids,
// local ids at the per-thread .input offsets: decision K9) and the buffers written back.
// Depends on kernel_exec, exec (make_machine) and scene_section.
#include "isa/visa/kernel_launch.hpp"

#include <array>
#include <vector>

#include "isa/visa/kernel_exec.hpp"
#include "isa/visa/scene_section.hpp"

namespace texsim::isa::visa {
namespace {

constexpr uint32_t kR0 = 7;                   // %r0 (symbols.cpp kPredefinedGeneral)
constexpr uint32_t kHwId = 12;                // %hw_id
constexpr uint32_t kSr0 = 13;                 // %sr0
constexpr uint32_t kPrivateKey = 0xffffffff;  // mem.buffers' key: the private memory (KP3)

bool launch_error(core::DiagSink& sink, const scene::Scene& sc, const std::string& what) {
  sink.error("VISA-RUN-LAUNCH", core::TextLoc{sc.path, 0, 0}, what, "docs/kernels.md");
  return false;
}

// r0.1 = group id X, r0.6 = Y, r0.7 = Z (the thread payload header of Gen; decision K9).
void write_group_ids(Machine& m, const std::array<uint32_t, 3>& g) {
  const auto sp = m.span(kR0);
  if (!sp) return;
  const std::array<std::pair<unsigned, uint32_t>, 3> at{{{1, g[0]}, {6, g[1]}, {7, g[2]}}};
  for (const auto& [dw, v] : at) {
    for (unsigned b = 0; b < 4; ++b)
      m.write(sp->base + 4 * dw + b, static_cast<uint8_t>(v >> (8 * b)), true);
  }
}

void write_dword(Machine& m, uint32_t var, unsigned dw, uint32_t v) {
  const auto sp = m.span(var);
  if (!sp || sp->size < 4 * dw + 4) return;
  for (unsigned b = 0; b < 4; ++b)
    m.write(sp->base + 4 * dw + b, static_cast<uint8_t>(v >> (8 * b)), true);
}

// %sr0.0 of hardware thread `slot` as XeHP+ lays it out: IGC's HW thread id is sr0[13:0] with
// bits 6 and 3 removed (the dump's `and 0x3fff`, `asr 1`, `and 0xffffffc0` / `0xfffffff8`, `or`
// sequence; IGC's GenXLowering "XeHP-like concatenation"), so bits [2:0], [5:4], [13:7] carry it.
uint32_t sr0_of_slot(uint32_t slot) {
  return (slot & 7u) | ((slot >> 3 & 3u) << 4) | ((slot >> 5) << 7);
}

// A thread's hardware ids (decisions KP1-KP3): %r0.5 the byte offset of its scratch space
// (bits 31:10; the launch's scratch_per_thread is a power of two >= 1 KiB), %sr0.0 and %hw_id
// its slot, distinct among the launch's threads so that no two share private memory.
void write_thread_ids(Machine& m, uint32_t slot, uint32_t scratch_per_thread) {
  write_dword(m, kR0, 5, static_cast<uint32_t>(uint64_t{slot} * scratch_per_thread));
  write_dword(m, kSr0, 0, sr0_of_slot(slot));
  write_dword(m, kHwId, 0, slot);
}

// The local ids of lane `lane`: the payload's per-thread part starts after %r0 (one GRF) and
// holds X, Y, Z of every lane as UW, each dimension padded to whole GRFs.
void write_local_ids(const VisaProgram& prog, Machine& m, unsigned simd,
                     const std::array<uint32_t, 3>& local, uint32_t first, uint32_t lanes) {
  const unsigned grf = m.grf_bytes();
  const unsigned stride = (2 * simd + grf - 1) / grf * grf;
  const uint32_t count = local[0] * local[1] * local[2];
  for (const ProgramInput& in : prog.inputs) {
    const Variable* v = m.symbols().find_name(in.name);
    const auto sp = v != nullptr ? m.span(v->id) : std::nullopt;
    if (!sp || in.offset < 0) continue;
    for (unsigned b = 0; b < in.size && b < sp->size; ++b) {
      const unsigned o = static_cast<unsigned>(in.offset) + b;
      if (o < grf || o >= grf + 3 * stride) continue;
      const unsigned dim = (o - grf) / stride;
      const unsigned lane = ((o - grf) % stride) / 2;
      if (lane >= simd) continue;
      const uint32_t li = first + lane;
      uint32_t id = 0;
      if (((lanes >> lane) & 1) != 0 && li < count) {
        id = dim == 0   ? li % local[0]
             : dim == 1 ? (li / local[0]) % local[1]
                        : li / (local[0] * local[1]);
      }
      m.write(sp->base + b, static_cast<uint8_t>(id >> (8 * (o % 2))), true);
    }
  }
}

// A "program" launch's cross-thread payload (launch_program.hpp): byte k of it is the .input
// byte at offset grf + 3 * stride + k, after %r0 and the three local-id blocks (decision K23).
void write_cross_thread(const VisaProgram& prog, Machine& m, unsigned simd,
                        const std::vector<uint8_t>& cross) {
  if (cross.empty()) return;
  const unsigned grf = m.grf_bytes();
  const unsigned base = grf + 3 * ((2 * simd + grf - 1) / grf * grf);
  for (const ProgramInput& in : prog.inputs) {
    const Variable* v = m.symbols().find_name(in.name);
    const auto sp = v != nullptr ? m.span(v->id) : std::nullopt;
    if (!sp || in.offset < static_cast<int64_t>(base)) continue;
    for (unsigned b = 0; b < in.size && b < sp->size; ++b) {
      const size_t k = static_cast<size_t>(in.offset) - base + b;
      m.write(sp->base + b, k < cross.size() ? cross[k] : uint8_t{0}, true);
    }
  }
}

scene::RegisterValue buffer_value(uint32_t bti, const VisaRegister& given,
                                  const std::vector<uint8_t>& bytes) {
  scene::RegisterValue r;
  r.name = "buffer" + std::to_string(bti);
  r.type = given.type;
  r.bytes = bytes;
  return r;
}

// One work-group: its threads (SIMD lanes each, the last partial) run in turn, each until it
// ends or reaches a BARRIER; when every thread still running waits at one, all go on (K16).
// Each thread's machine is a copy of `proto`, the scene's machine make_machine built once.
bool run_group(const VisaProgram& prog, const KernelCode& code, const scene::Scene& sc,
               const ExecConfig& cfg, const KernelLaunch& l, unsigned simd, const Machine& proto,
               const std::array<uint32_t, 3>& group, KernelMemory& mem, uint32_t& next_slot,
               core::DiagSink& sink) {
  const uint32_t per_group = l.local_size[0] * l.local_size[1] * l.local_size[2];
  std::vector<Machine> machines;
  std::vector<KernelThread> threads;
  std::vector<uint32_t> slots;
  machines.reserve((per_group + simd - 1) / simd);
  for (uint32_t first = 0; first < per_group; first += simd) {
    Machine& m = machines.emplace_back(proto);
    const uint32_t n = std::min(simd, per_group - first);
    const uint32_t lanes = n >= 32 ? 0xffffffffu : (1u << n) - 1;
    write_group_ids(m, group);
    write_local_ids(prog, m, simd, l.local_size, first, lanes);
    write_cross_thread(prog, m, simd, l.cross_thread);
    write_thread_ids(m, next_slot, l.scratch_per_thread);
    slots.push_back(next_slot++);
    threads.emplace_back(machines.back(), lanes);
  }
  std::vector<bool> done(threads.size(), false);
  for (bool waiting = true; waiting;) {
    waiting = false;
    for (size_t i = 0; i < threads.size(); ++i) {
      if (done[i]) continue;
      mem.scratch_base = uint64_t{slots[i]} * l.scratch_per_thread;
      const KernelThread::Stop s = threads[i].run(prog, code, mem, sc, cfg, sink);
      if (s == KernelThread::Stop::kError) return false;
      done[i] = s == KernelThread::Stop::kDone;
      waiting = waiting || !done[i];
    }
  }
  return true;
}

// The launch's private memory, as the OpenCL runtime allocates it for every hardware thread
// (decisions KP1-KP3; texsim's threads are the launch's: one slot each): the scratch space,
// scratch_per_thread bytes per thread, and the stateless private memory, private_per_item bytes
// per work-item (x SIMD per thread), a buffer at private_address.
bool private_memory(const KernelLaunch& l, unsigned simd, const std::array<uint32_t, 3>& groups,
                    KernelMemory& mem, const scene::Scene& sc, core::DiagSink& sink) {
  const uint64_t per_group = uint64_t{l.local_size[0]} * l.local_size[1] * l.local_size[2];
  const uint64_t threads =
      (per_group + simd - 1) / simd * groups[0] * uint64_t{groups[1]} * groups[2];
  const uint64_t per_thread =
      l.private_simt ? uint64_t{l.private_per_item} * simd : l.private_per_item;
  const uint64_t scratch = threads * l.scratch_per_thread, priv = threads * per_thread;
  if (threads > 4096 && (scratch != 0 || priv != 0))
    return launch_error(sink, sc,
                        "a launch with private memory has at most 4096 threads, this one " +
                            std::to_string(threads));
  if (scratch + priv > (uint64_t{1} << 30))
    return launch_error(
        sink, sc,
        "the launch's private memory (" + std::to_string(scratch + priv) + " bytes) is over 1 GiB");
  mem.scratch.assign(scratch, 0);
  mem.scratch_per_thread = l.scratch_per_thread;
  if (priv != 0) {
    mem.buffers[kPrivateKey].assign(priv, 0);
    mem.addresses[kPrivateKey] = l.private_address;
  }
  return true;
}

std::optional<RunResult> run_launch(const VisaProgram& prog, KernelCode& code,
                                    const scene::Scene& sc, const ExecConfig& cfg,
                                    const KernelLaunch& l, core::DiagSink& sink) {
  const auto simd = kernel_simd_size(prog);
  if (!simd || (*simd != 1 && *simd != 8 && *simd != 16 && *simd != 32)) {
    launch_error(sink, sc, "the kernel names no SIMD width 1, 8, 16 or 32 (.kernel_attr SimdSize)");
    return std::nullopt;
  }
  std::array<uint32_t, 3> groups{};
  for (unsigned d = 0; d < 3; ++d) {
    if (l.global_size[d] % l.local_size[d] != 0) {
      launch_error(sink, sc,
                   "launch.global_size[" + std::to_string(d) + "] " +
                       std::to_string(l.global_size[d]) + " is not a multiple of local_size " +
                       std::to_string(l.local_size[d]) + " (OpenCL 1.2 uniform work-groups)");
      return std::nullopt;
    }
    groups[d] = l.global_size[d] / l.local_size[d];
  }
  const auto proto = make_machine(prog, sc, cfg, sink);
  if (!proto) return std::nullopt;
  prepare_kernel_code(code, *proto);  // every thread's machine is a copy (decision KS2)
  KernelMemory mem;
  for (const auto& [bti, b] : l.buffers) mem.buffers[bti] = b.bytes;
  mem.images = l.images;
  mem.addresses = l.addresses;
  if (!private_memory(l, *simd, groups, mem, sc, sink)) return std::nullopt;
  uint32_t next_slot = 0;
  for (uint32_t gz = 0; gz < groups[2]; ++gz) {
    for (uint32_t gy = 0; gy < groups[1]; ++gy) {
      for (uint32_t gx = 0; gx < groups[0]; ++gx) {
        if (l.slm_size) mem.slm.emplace(*l.slm_size, uint8_t{0});  // fresh per group (K16)
        if (!run_group(prog, code, sc, cfg, l, *simd, *proto, {gx, gy, gz}, mem, next_slot, sink))
          return std::nullopt;
      }
    }
  }
  RunResult result;
  for (const auto& [bti, b] : l.buffers)
    result.registers.push_back(buffer_value(bti, b, mem.buffers[bti]));
  result.instructions = mem.instructions;
  for (auto& [bti, surface] : mem.written_images) {
    result.images.push_back(
        {"image" + std::to_string(bti), std::make_shared<texunit::Surface>(std::move(surface))});
  }
  return result;
}

}  // namespace

std::optional<unsigned> kernel_simd_size(const VisaProgram& prog) {
  for (const ProgramAttr& a : prog.attrs) {
    if (a.name != "SimdSize" || a.value.empty()) continue;
    unsigned v = 0;
    for (size_t i = 0; i < a.value.size() && i < 4; ++i) v |= unsigned{a.value[i]} << (8 * i);
    return v;
  }
  return std::nullopt;
}

std::optional<RunResult> execute_kernel(const VisaProgram& prog, const scene::Scene& sc,
                                        const ExecConfig& cfg, core::DiagSink& sink) {
  auto code = build_kernel_code(prog, sink);
  if (!code) return std::nullopt;
  const SceneState& st = scene_state(sc);
  if (st.launch) return run_launch(prog, *code, sc, cfg, *st.launch, sink);
  auto m = make_machine(prog, sc, cfg, sink);
  if (!m) return std::nullopt;
  prepare_kernel_code(*code, *m);
  KernelMemory mem;
  // The thread's lanes: the dispatch mask below the SIMD width (SimdSize, else the widest
  // instruction's last lane), so that a uniform jump does not carry lanes the kernel never has.
  unsigned width = kernel_simd_size(prog).value_or(0);
  if (width == 0) {
    for (const auto& k : code->insts) {
      if (k) width = std::max(width, k->mask_offset + k->exec_size);
    }
  }
  const uint32_t lanes = width == 0 || width >= 32 ? 0xffffffffu : (1u << width) - 1;
  if (!run_thread(prog, *code, *m, mem, sc, cfg, m->dispatch_mask() & lanes, sink))
    return std::nullopt;
  RunResult result;
  result.instructions = mem.instructions;
  for (uint32_t id : m->written()) result.registers.push_back(register_value(*m, id));
  return result;
}

}  // namespace texsim::isa::visa
