// cuobjdump/nvdisasm listings: print decoded cubin kernels in their layout ("/*0008*/ TEXT ;
// /* 0x... */" with control-word lines), and recognise a listing's structure lines when reading.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "isa/sass/model.hpp"

namespace texsim::isa::sass {

// One kernel of a decoded cubin: its instructions [first, first+count) and its section bytes.
struct KernelRange {
  std::string name;
  size_t first = 0;
  size_t count = 0;
  uint64_t file_offset = 0;   // of the .text section (addresses print relative to it)
  std::vector<uint8_t> text;  // the section (control words print from it)
};

// `cuobjdump -sass` layout: "code for sm_NN", then per kernel (in section order) "Function :
// name", ".headerflags", per bundle the control word as "/* 0x... */" and each instruction as
// nvdisasm prints it with -hex. Lines texsim does not model print as ".word 0x... ;"; the encoding
// column is aligned over the lines texsim prints (nvdisasm aligns over its own), so a kernel of
// TLDS and NOP lines prints byte for byte as cuobjdump 11.8 does.
std::string print_listing(std::span<const KernelRange> kernels,
                          std::span<const Instruction> instructions, unsigned sm,
                          unsigned virtual_sm);

// nvdisasm 11.8 ends an instruction with ";" instead of " ;" when its control field, reuse bits
// aside, is exactly 0x7e0 (stall 0, yield, no barriers, no wait) — with and without -novliw
// (measured: decisions T-section). Returns the text with that spacing.
std::string nvdisasm_spacing(std::string text, const Control& ctrl);

// A structure line of a cuobjdump listing (trimmed text, comments not removed), or of nvdisasm's
// whole-cubin listing: its `.headerflags @"... EF_CUDA_SM61 ..."` names the SM as `code for sm_61`
// does, and each `.section NAME,...` starts a function (`.text.<function>`, name set) or a data
// section (.nv.info, .nv.constant*, ...: name empty; its lines are not instructions).
struct ListingLine {
  enum class Kind : uint8_t { kCodeFor, kFunction, kHeader, kControlWord, kSection } kind;
  std::string name;    // kFunction, kSection
  unsigned sm = 0;     // kCodeFor
  uint64_t value = 0;  // kControlWord
};
std::optional<ListingLine> listing_structure(std::string_view trimmed);

// What a cuobjdump listing said besides instructions: `code for sm_NN` and each `Function :`
// with the index of its first instruction.
// nvdisasm's whole-cubin listings also name the subroutines ptxas puts in a kernel's section
// (`.type $k1$sub,@function`, `.weak ...`, then the label `$k1$sub:`): each with its function (an
// index of `functions`), its first instruction and its binding (STB_LOCAL 0, GLOBAL 1, WEAK 2).
struct ListingSubroutine {
  std::string name;
  size_t function = 0;
  size_t first = 0;
  uint8_t bind = 0;
};
struct ListingInfo {
  unsigned sm = 0;
  std::vector<std::pair<std::string, size_t>> functions;
  std::vector<uint32_t> function_lines;  // the line of each function's `Function :`/`.section`
  std::vector<ListingSubroutine> subroutines;
  std::string file;  // the listing's name, for diagnostics of its lines
};

// The trailing "/* 0x<16 hex digits> */" encoding comment of an instruction line, if any.
std::optional<uint64_t> encoding_comment(std::string_view line);

// nvdisasm prints a relocated operand as its symbol, "`(trf)" (a texref's texture index), where
// cuobjdump prints the field's bytes, 0x0 until a loader relocates it. A Maxwell/Pascal line with
// such an operand and an encoding column whose word is an instruction texsim decodes: the line
// with each "`(...)" as "0x0" (the text then encodes to that word); any other line unchanged
// (other instructions' symbols, `CAL `(helper)`, are assembled from their encoding column).
std::string relocated_operands(std::string_view line);

}  // namespace texsim::isa::sass
