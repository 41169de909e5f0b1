// IGC's binary vISA container (.isa): "CISA" magic, version, kernel and function headers, and per
// routine the string pool, variable/address/predicate/label/sampler/surface tables, inputs,
// attributes and the instruction stream (IGC 1.0.12504: visa/Common_ISA.cpp header,
// ByteCodeReaderNG.cpp routines). Read, written back byte-exact, printed as IGC's dump does.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <memory>
#include "core/diag.hpp"
#include "isa/visa/layouts.hpp"
#include "isa/visa/platform.hpp"
#include "isa/visa/program.hpp"

namespace texsim::isa::visa {

inline constexpr std::array<uint8_t, 4> kCisaMagic{0x43, 0x49, 0x53, 0x41};  // "CISA"

struct IsaAttr {
  uint32_t name = 0;           // string pool index
  std::vector<uint8_t> value;  // `size` bytes
};
struct IsaVar {  // general variable
  uint32_t name = 0;
  uint8_t bits = 0;  // type [3:0], align [7:4]
  uint16_t num_elts = 0;
  uint32_t alias = 0;  // 0: none
  uint16_t alias_offset = 0;
  uint8_t alias_scope = 0;
  std::vector<IsaAttr> attrs;
};
struct IsaDecl {  // address, predicate, sampler, surface
  uint32_t name = 0;
  uint16_t num_elts = 0;
  std::vector<IsaAttr> attrs;
};
struct IsaLabel {
  uint32_t name = 0;
  uint8_t kind = 0;  // 0 block, 1 subroutine, 2 fc
  std::vector<IsaAttr> attrs;
};
struct IsaInput {
  uint8_t kind = 0;  // class [1:0] (0 general, 1 sampler, 2 surface), implicit kind [7:3]
  uint32_t index = 0;
  int16_t offset = 0;
  uint16_t size = 0;
};
struct IsaInst {
  uint8_t opcode = 0;
  std::vector<uint8_t> bytes;       // the whole instruction, opcode first
  uint64_t offset = 0;              // in the file
  std::vector<WalkedField> fields;  // offsets relative to the instruction's opcode byte
};
struct GenBinary {
  uint8_t platform = 0;
  std::vector<uint8_t> bytes;
};

struct IsaRoutine {
  bool is_kernel = true;
  std::string name;               // from the file header
  uint32_t input_offset_rel = 0;  // kernel header input_offset minus the kernel's offset
  std::vector<GenBinary> gen_binaries;
  std::vector<std::string> strings;
  uint32_t name_index = 0;
  std::vector<IsaVar> vars;                    // ids 32.. (V0..V31 are predefined)
  std::vector<IsaDecl> addresses, predicates;  // predicate ids from 1
  std::vector<IsaLabel> labels;
  std::vector<IsaDecl> samplers, surfaces;  // surface ids from 6
  uint8_t vme_count = 0;
  std::vector<IsaInput> inputs;
  uint32_t entry = 0;                       // instruction stream offset from the routine start
  uint8_t input_size = 0, return_size = 0;  // functions
  std::vector<IsaAttr> attrs;
  std::vector<IsaInst> insts;
  std::vector<uint8_t> header_gap;  // bytes between the attributes and `entry` (normally none)
  // The stream has IGC 1.0.12504's truncated operands (V34), not every operand.
  bool truncated = false;
  // Bytes after a truncated stream's ret up to its `size` (IGC never wrote them: V34).
  std::vector<uint8_t> padding;
};

struct IsaFile {
  Version version{4, 1};
  std::vector<IsaRoutine> kernels;
  std::vector<IsaRoutine> functions;
};

bool is_isa_file(std::span<const uint8_t> bytes);

// Reads a whole .isa. Problems are VISA-ISA-FILE errors at FILE+0xOFFSET naming the field; the
// result is nullopt after the first one (a bad file never crashes the reader).
std::optional<IsaFile> read_isa_file(std::span<const uint8_t> bytes, const std::string& file,
                                     core::DiagSink& sink);

// Writes the file: header, then each kernel's routine and its gen binaries, then the functions.
std::vector<uint8_t> write_isa_file(const IsaFile& f);

// The routine as IGC's dump (.visaasm) prints it: .version, .kernel, .decl, .input,
// .kernel_attr, then the instructions (the four seed instructions exactly as texsim's printer
// writes them; the others by layout, each field in order).
std::string print_isa_routine(const IsaFile& f, const IsaRoutine& r, Platform platform);

// A routine as a texsim program: its tables as declarations (general ids from 32, predicates
// from 1, surfaces from 6) and its instructions (seed instructions decoded, others unsupported).
std::unique_ptr<VisaProgram> isa_routine_program(const IsaFile& f, const IsaRoutine& r,
                                                 Platform platform, const std::string& file,
                                                 core::DiagSink& sink);
// A texsim program as a .isa with one kernel (IGC 1.0.12504's layout: 3D messages without the
// paired surface, V33); nullopt with errors when an instruction is not modelled.
std::optional<IsaFile> isa_file_from_program(const VisaProgram& prog, core::DiagSink& sink);

// Decodes one seed instruction of the file (nullopt for others or on a decode error, reported).
std::optional<Instruction> decode_isa_instruction(const IsaFile& f, const IsaInst& in,
                                                  const std::string& file, core::DiagSink& sink);

}  // namespace texsim::isa::visa
