// Shared by the kernel executor's files (kernel_exec.cpp, kernel_ops.cpp, kernel_memory.cpp):
// one thread's state and the per-lane operand access. Not a public header.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "isa/visa/kernel_alu.hpp"
#include "isa/visa/kernel_exec.hpp"

namespace texsim::isa::visa {

struct ThreadState {
  Machine& m;
  KernelMemory& mem;
  const scene::Scene& sc;
  const ExecConfig& cfg;
  std::map<uint32_t, uint32_t>& surface_values;  // MOVS into T<n>: the binding-table index
  std::map<uint32_t, uint32_t>& sampler_values;  // MOVS into S<n>: the sampler index
  AddrFile& addrs;                               // ADDR_ADD's address variables
};

struct LaneValue {
  KValue v;
  bool defined = true;
};

// Byte address of element `lane` of a general or indirect operand (source region or
// destination stride; an indirect one through `addrs`); nullopt with `error` set when it lies
// outside the variable.
std::optional<uint32_t> element_address(const Machine& m, const KOperand& o, unsigned lane,
                                        bool dst, std::string& error,
                                        const AddrFile* addrs = nullptr);
// The same for a general (kVar) operand without a message (kernel_fast's prepared operands).
std::optional<uint32_t> general_address(const Machine& m, const KOperand& o, unsigned lane,
                                        bool dst);
// ... with the variable's span `sp` and the GRF size given.
std::optional<uint32_t> general_address(const VarSpan& sp, unsigned grf, const KOperand& o,
                                        unsigned lane, bool dst);
std::optional<LaneValue> read_lane(const Machine& m, const KOperand& o, unsigned lane,
                                   std::string& error, const AddrFile* addrs = nullptr);
bool write_lane(Machine& m, const KOperand& o, unsigned lane, uint64_t bits, bool defined,
                std::string& error, const AddrFile* addrs = nullptr);
// ADDR_ADD: dst[i] = src0[i] + src1[i] on address variables (kernel_addr.cpp).
bool run_addr_add(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                  core::DiagSink& sink);

// The lanes (bit = lane of the instruction, 0..exec_size-1) an instruction runs on: the
// thread's active lanes at mask_offset.. (all under _NM) ANDed with the predicate unless
// `ignore_pred` (SEL and GOTO read it themselves).
uint32_t instruction_lanes(const ThreadState& t, const KInst& k, uint32_t active, bool ignore_pred);
// Bit `lane` of the instruction's predicate (after '!'); true without a predicate.
bool predicate_lane(const ThreadState& t, const KInst& k, unsigned lane);

// BFN's function byte: the modifier "x<hex>" ("bfn.xd8"); nullopt when it is not one.
std::optional<uint8_t> bfn_table(const std::string& mod);
// Whether the execution type of sources first_src.. is float (any float source), `dbl` DF.
bool exec_is_float(const KInst& k, size_t first_src, bool& dbl);

// Generic non-control instructions (ALU, CMP, SEL, ADDC, MOVS, fences); false with a
// diagnostic at `loc`.
bool run_generic(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                 core::DiagSink& sink);
// An ALU, CMP or SEL instruction prepared for this machine (kernel_fast.cpp, decision KS2): true
// when it ran; nullopt (nothing written) when an enabled lane needs the per-lane path of
// run_generic, which then reports what the prepared path cannot (an element outside its
// variable, an unknown condition).
std::optional<bool> run_prepared(ThreadState& t, const KInst& k, KDispatch d, const PreparedInst& p,
                                 uint32_t active);
// AND/OR/XOR/NOT on predicates, SETP and CBIT (kernel_pred.cpp); `en` as instruction_lanes.
bool run_pred_logic(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
                    core::DiagSink& sink);
bool run_setp(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
              core::DiagSink& sink);
bool run_cbit(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
              core::DiagSink& sink);
// SCATTER4_SCALED, SCATTER_SCALED, GATHER4_SCALED, GATHER_SCALED on a bound buffer.
// The launch buffer with a GPU address holding [a, a + n): its bytes from `a`; nullptr when none
// does (kernel_lsc.cpp; stateless messages).
uint8_t* addressed(KernelMemory& mem, uint64_t a, unsigned n);
std::string hex(uint64_t v);

// SVM_BLOCK_LD / SVM_BLOCK_ST / SVM_GATHER / SVM_SCATTER on stateless addresses (kernel_svm.cpp).
bool run_svm(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
             core::DiagSink& sink);

// OWORD_LD / OWORD_LD_UNALIGNED / OWORD_ST on the bound buffer (kernel_memory.cpp).
bool run_oword(ThreadState& t, const KInst& k, const core::TextLoc& loc, core::DiagSink& sink);

// The image a surface variable names (its MOVS binding-table index), copied from the scene on
// its first write; nullptr with `why` (kernel_typed.cpp).
texunit::Surface* written_image(ThreadState& t, uint32_t surface_id, std::string& why);

// MEDIA_ST: a block of bytes into the launch's image, row by row (kernel_typed.cpp).
bool run_media_store(ThreadState& t, const KInst& k, const core::TextLoc& loc,
                     core::DiagSink& sink);

// SCATTER4_TYPED into the launch's image at the surface's binding-table index (kernel_typed.cpp).
bool run_typed_write(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                     core::DiagSink& sink);
bool run_buffer_message(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                        core::DiagSink& sink);
// LSC_LOAD / LSC_STORE on .ugm with flat A64/A32 addresses into the launch's addressed buffers.
bool run_lsc(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
             core::DiagSink& sink);
// new = op(old, src0, src1) for DWORD_ATOMIC_OP's 32-bit operations ("add", "minsint", ...);
// nullopt for an operation it does not know (kernel_atomic.cpp).
std::optional<uint32_t> atomic_dword(const std::string& op, uint32_t old, uint32_t s0, uint32_t s1);
// The same for 64-bit data (the integer operations) and either width by `bytes` (4 or 8).
std::optional<uint64_t> atomic_qword(const std::string& op, uint64_t old, uint64_t s0, uint64_t s1);
std::optional<uint64_t> atomic_value(const std::string& op, uint64_t old, uint64_t s0, uint64_t s1,
                                     unsigned bytes);
// LSC_ATOMIC_* on .ugm (flat A64/A32) and .slm, 32-bit data (kernel_lsc.cpp).
bool run_lsc_atomic(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                    core::DiagSink& sink);
// DWORD_ATOMIC (32-bit, bound buffer or %slm) and SVM_ATOMIC (32-bit, stateless).
bool run_atomic(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                core::DiagSink& sink);
// A GATHER_SCALED / GATHER4_SCALED row whose surface is a bound buffer (the machine's dispatch
// mask holds the thread's active lanes).
bool run_row_gather(ThreadState& t, const Instruction& inst, const core::TextLoc& loc,
                    core::DiagSink& sink);

}  // namespace texsim::isa::visa
