// Whole-kernel execution of one vISA thread (issue 28): generic instructions (kernel_inst,
// kernel_alu) and the texture/memory rows of exec.hpp on one register state, SIMD control flow by
// per-lane program counters, and buffer messages on bound surfaces. Depends on exec, machine,
// program and scene; never prints.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/diag.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/kernel_alu.hpp"
#include "isa/visa/kernel_inst.hpp"
#include "isa/visa/machine.hpp"
#include "isa/visa/program.hpp"
#include "scene/scene.hpp"
#include "texunit/surface.hpp"

namespace texsim::isa::visa {

// The bound surfaces of a launch: binding-table index -> buffer bytes (read and written by the
// buffer messages) or -> the scene surface id an image's sampler message reads.
struct KernelMemory {
  std::map<uint32_t, std::vector<uint8_t>> buffers;
  std::optional<std::vector<uint8_t>> slm;  // the work-group's shared local memory (launch)
  std::map<uint32_t, uint32_t> images;
  std::map<uint32_t, uint64_t> addresses;  // buffers with a GPU address (stateless LSC)
  // Images written by SCATTER4_TYPED: a copy of the scene surface, by binding-table index.
  std::map<uint32_t, texunit::Surface> written_images;
  uint64_t instructions = 0;  // instructions executed by every thread (RunResult::instructions)
  // The launch's scratch space, scratch_per_thread bytes per hardware thread, and the byte
  // offset of the running thread's part (its %r0.5; decisions KP1, KP2).
  std::vector<uint8_t> scratch;
  uint32_t scratch_per_thread = 0;
  uint64_t scratch_base = 0;
};

// A thread's address variables (visa 5_operands.md): per element the register-file byte address
// ADDR_ADD wrote, the general variable it points into, and whether it was written.
struct AddrReg {
  std::array<uint32_t, 32> value{};
  std::array<uint32_t, 32> var{};  // the general variable's id (the operand's range)
  uint32_t defined = 0;            // bit n: element n was written
};
using AddrFile = std::map<uint32_t, AddrReg>;

// What runs an instruction, chosen once from its mnemonic (decision KS1).
enum class KDispatch : uint8_t {
  kRow,  // a row exec.hpp runs (sampler and gather messages)
  kRet,
  kBranch,  // GOTO / JMP
  kBarrier,
  kAtomic,  // DWORD_ATOMIC / SVM_ATOMIC
  kAddrAdd,
  kLscAtomic,
  kLsc,
  kSvm,
  kMediaSt,
  kOword,
  kTyped,    // SCATTER4_TYPED
  kScatter,  // SCATTER4_SCALED / SCATTER_SCALED
  kAlu,      // an AluOp with a general or null destination (may run prepared: KS2)
  kCmp,
  kSel,
  kGeneric,  // the rest of run_generic
};

// One operand of a prepared instruction: its element's register-file address for each of the 32
// lanes, resolved once for the machine layout (decision KS2), or an immediate's lane values.
struct PreparedOperand {
  uint32_t in_bounds = 0;  // lanes whose element lies inside the variable (always all: immediates)
  std::array<uint32_t, 32> addr{};
  uint8_t size = 0;             // element bytes; 0: an immediate (imm) or %null
  std::array<KValue, 8> imm{};  // read_lane of an immediate at lane & 7 (V/UV pack 8 values)
};
struct PreparedInst {
  bool ready = false;                // every operand is a general variable, an immediate or %null
  std::vector<PreparedOperand> ops;  // parallel to KInst::ops
  AluOp op = AluOp::kMov;            // kAlu: the operation, BFN's function byte
  uint8_t bfn = 0;
  bool exec_float = false, exec_double = false;  // the execution type (kernel_ops exec_is_float)
  bool int32 = false;  // kAlu whose D/UD result is the low dword of wrapping integer sources (KS4)
};

// Each instruction's structured form (nullopt for rows exec.hpp runs), the labels, how each runs,
// its branch target and source location, and (after prepare_kernel_code) its prepared form.
struct KernelCode {
  std::vector<std::optional<KInst>> insts;
  std::unordered_map<std::string, size_t> labels;  // name -> index of the next instruction
  std::vector<KDispatch> dispatch;
  std::vector<size_t> targets;  // GOTO / JMP: the label's index
  std::vector<core::TextLoc> locs;
  std::vector<PreparedInst> prepared;
  const SymbolTable* prepared_for = nullptr;  // the machines' shared table (Machine::symbols)
};

// Parses every generic instruction; nullopt with one VISA-UNSUPPORTED per instruction texsim does
// not model (its mnemonic and file:line:col).
std::optional<KernelCode> build_kernel_code(const VisaProgram& prog, core::DiagSink& sink);

// Resolves every ALU / CMP / SEL instruction's operands for `m`'s register-file layout; the code
// then runs prepared on `m` and its copies (they share its symbol table) (kernel_fast.cpp).
void prepare_kernel_code(KernelCode& code, const Machine& m);

inline constexpr uint64_t kKernelStepLimit = 10'000'000;  // per thread (decision K8)

// One thread's progress: per-lane program counters, live lanes, the MOVS values of its surface
// and sampler variables. run() goes on until every lane has ended (kDone), the thread reaches a
// BARRIER (kBarrier: call run() again once its work-group has arrived), or an error.
class KernelThread {
 public:
  enum class Stop : uint8_t { kDone, kBarrier, kError };
  KernelThread(Machine& m, uint32_t lanes);
  Stop run(const VisaProgram& prog, const KernelCode& code, KernelMemory& mem,
           const scene::Scene& sc, const ExecConfig& cfg, core::DiagSink& sink);

 private:
  Machine* m_;
  uint32_t live_;
  std::array<size_t, 32> pcs_{};
  uint64_t steps_ = 0;
  std::map<uint32_t, uint32_t> surfaces_, samplers_;
  AddrFile addrs_;
};

// Runs one thread from its first instruction with the lanes `lanes` live until each has
// returned or run off the end. False with diagnostics when an instruction could not run.
bool run_thread(const VisaProgram& prog, const KernelCode& code, Machine& m, KernelMemory& mem,
                const scene::Scene& sc, const ExecConfig& cfg, uint32_t lanes,
                core::DiagSink& sink);

}  // namespace texsim::isa::visa
