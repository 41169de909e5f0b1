// ELF64 constants the cubin reader, model and writer share (System V gABI, "ELF Header",
// "Section Header", "Symbol Table"; CUDA's section type from cuobjdump 11.8 -elf).
#pragma once

#include <cstddef>
#include <cstdint>

namespace texsim::isa::sass::elf {

constexpr size_t kEhdrSize = 64;
constexpr size_t kShdrSize = 64;
constexpr size_t kSymSize = 24;
constexpr uint16_t kEmCuda = 190;
constexpr uint32_t kShtSymtab = 2;
constexpr uint32_t kShtStrtab = 3;
constexpr uint32_t kShtRela = 4;
constexpr uint32_t kShtNobits = 8;
constexpr uint32_t kShtRel = 9;
constexpr uint32_t kShtCudaInfo = 0x70000000;  // .nv.info sections
constexpr uint8_t kSttFunc = 2;

}  // namespace texsim::isa::sass::elf
