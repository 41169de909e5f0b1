// The whole of a cubin (issue 29 item 3): every section, symbol, relocation and .nv.info record of
// a ptxas ELF64, read with bounds checks and rule-named diagnostics. Depends on core.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diag.hpp"

namespace texsim::isa::sass {

struct ElfSection {
  std::string name;
  uint32_t type = 0;  // SHT_*; 0x70000000 CUDA_INFO, 0x7000000b CUDA_RELOCINFO (cuobjdump -elf)
  uint64_t flags = 0, offset = 0, size = 0;
  uint32_t link = 0, info = 0;
  uint64_t align = 0, entsize = 0;
};

struct ElfSymbol {
  std::string name;
  uint64_t value = 0, size = 0;
  uint8_t info = 0, other = 0;  // STB << 4 | STT; st_other (0x10 = STO_CUDA_ENTRY)
  uint16_t shndx = 0;
};

// One entry of a .rel/.rela section: a word of section `target` the loader patches.
struct ElfReloc {
  uint32_t section = 0;  // index of the .rel/.rela section
  uint32_t target = 0;   // its sh_info: the section patched
  uint64_t offset = 0;   // r_offset within `target`
  uint32_t type = 0;     // R_CUDA_* (ELF64_R_TYPE)
  uint32_t symbol = 0;   // ELF64_R_SYM
  int64_t addend = 0;    // .rela only
};

// One EIATTR record of .nv.info or .nv.info.<kernel>: format byte (EIFMT_NVAL 1, BVAL 2, HVAL 3,
// SVAL 4), attribute byte, then a 16-bit value (NVAL/BVAL/HVAL) or a 16-bit size and that many
// bytes (SVAL).
struct NvInfoRecord {
  uint32_t section = 0;
  uint64_t offset = 0;  // within the section
  uint8_t format = 0, attribute = 0;
  std::vector<uint8_t> value;  // HVAL/BVAL/NVAL: the 2 bytes; SVAL: the payload
};

struct CubinModel {
  uint64_t flags = 0;                // e_flags
  uint16_t type = 0;                 // e_type
  std::vector<ElfSection> sections;  // index 0 is the null section
  std::vector<ElfSymbol> symbols;    // index 0 is the null symbol
  std::vector<ElfReloc> relocs;
  std::vector<NvInfoRecord> nv_info;
};

// The EIATTR name cuobjdump -elf prints for an attribute id ("EIATTR_REGCOUNT"), else "".
std::string eiattr_name(uint8_t attribute);

// Reads every table of a cubin. Errors (nullopt then), at the byte offset of the field:
// SASS-CUBIN (headers, a section outside the file, a name without NUL), SASS-CUBIN-SYMBOL (a
// symbol table's entsize, a symbol's section index or a FUNC symbol's extent outside its section),
// SASS-CUBIN-REL (a relocation's symbol or offset outside its tables), SASS-CUBIN-NVINFO (a record
// that runs past its section or has an unknown format). Never reads outside `bytes`.
std::optional<CubinModel> read_cubin_model(std::span<const uint8_t> bytes, const std::string& name,
                                           core::DiagSink& sink);

}  // namespace texsim::isa::sass
