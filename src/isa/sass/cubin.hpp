// CUDA cubins (ELF64, EM_CUDA): a small reader that finds each kernel's .text.<name> section and
// symbol, and a writer of a minimal relocatable cubin nvdisasm/cuobjdump accept. Depends on core.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diag.hpp"

namespace texsim::isa::sass {

// One kernel: the bytes of its .text.<name> section and where they lie in the file.
struct CubinKernel {
  std::string name;           // the FUNC symbol of the section, else the section name's suffix
  std::string section;        // ".text.<name>"
  uint64_t file_offset = 0;   // of the section's first byte
  std::vector<uint8_t> text;  // the bundle stream
};

struct Cubin {
  unsigned sm = 0;          // e_flags[7:0], e.g. 52
  unsigned virtual_sm = 0;  // e_flags[23:16] (cuobjdump: EF_CUDA_PTX_SM), 0 = none
  std::vector<CubinKernel> kernels;
};

// "\x7fELF" at offset 0.
bool is_elf(std::span<const uint8_t> bytes);

// Reads a cubin. Every structural problem (truncated header, a table or section outside the
// file, a name without its NUL, ELF32, big-endian, another machine) is an error SASS-CUBIN at
// the byte offset of the field that is wrong; nullopt then. Never reads outside `bytes`.
std::optional<Cubin> read_cubin(std::span<const uint8_t> bytes, const std::string& name,
                                core::DiagSink& sink);

// `base` with the code of kernel `kernel` (its .text section) replaced by `text`, every other byte
// kept; nullopt with SASS-CUBIN when the cubin has no such kernel or `text` is not its size.
std::optional<std::vector<uint8_t>> patch_cubin_text(std::span<const uint8_t> base,
                                                     const std::string& base_name,
                                                     const std::string& kernel,
                                                     std::span<const uint8_t> text,
                                                     core::DiagSink& sink);

// Writes a cubin with one kernel as ptxas 11.8 lays it out (decision CB3): .shstrtab, .strtab,
// .symtab (section symbols and a global FUNC symbol marked STO_CUDA_ENTRY), .nv.info (REGCOUNT,
// MAX/MIN_STACK_SIZE, FRAME_SIZE), .nv.info.<kernel> (CUDA_API_VERSION, PARAM_CBANK and
// CBANK_PARAM_SIZE when `param_bytes` != 0, MAXREG_COUNT, EXIT_INSTR_OFFSETS),
// .nv.constant0.<kernel> (the driver's 0x140 bytes, 0x160 on SM70+, then the parameters) and
// .text.<kernel>. `regs` goes to the section's register count (sh_info[31:24]).
std::vector<uint8_t> write_cubin(const std::string& kernel, std::span<const uint8_t> text,
                                 unsigned sm, unsigned regs, unsigned param_bytes = 0);

// A subroutine inside a kernel's .text section, as ptxas's whole-program cubins hold them
// (`$k1$sub`, a FUNC symbol of the kernel's section): its offset in the section and binding.
struct CubinSubroutine {
  std::string name;
  uint64_t offset = 0;
  uint8_t bind = 0;  // STB_LOCAL 0, STB_GLOBAL 1, STB_WEAK 2 (nvdisasm's .global / .weak)
};

// One kernel of a written cubin: its code, register count, parameter bytes and subroutines
// (sorted by offset).
struct CubinFunction {
  std::string name;
  std::vector<uint8_t> text;
  unsigned regs = 1;
  unsigned param_bytes = 0;
  std::vector<CubinSubroutine> subroutines;
};

// write_cubin for several kernels (issue 29, decisions CW1-CW7): the sections in ptxas 11.8's
// order (.nv.info.<k> for each kernel, then each .nv.constant0.<k>, then each .text.<k>, in the
// order given), section symbols and subroutine FUNC symbols per kernel, then the kernels' global
// FUNC symbols; .nv.info's REGCOUNT, stack and frame records per kernel, last kernel first.
std::vector<uint8_t> write_cubin_functions(std::span<const CubinFunction> functions, unsigned sm);

// What a cuobjdump listing's lines use (decision CB4): one past the highest register R<n> they
// name, and the parameter bytes up to the highest constant-bank-0 word past the driver's area
// (c[0x0][0x140+], SM70+ c[0x0][0x160+]).
struct ListingUse {
  unsigned regs = 0;
  unsigned param_bytes = 0;
};
ListingUse listing_use(std::span<const std::string> lines, unsigned sm);

// Byte offsets of the EXIT instructions of a kernel's code (EIATTR_EXIT_INSTR_OFFSETS).
std::vector<uint32_t> exit_offsets(std::span<const uint8_t> text, unsigned sm);

}  // namespace texsim::isa::sass
