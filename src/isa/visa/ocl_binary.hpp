// The OpenCL program binary ocloc writes for SKL..PVC (a CL ELF wrapping IGC's patch-token
// program, IGC ocl_igc_shared/executable_format/patch_list.h): per kernel its heaps and the patch
// tokens a runtime reads to launch it (issue 28 item 2). Depends on core only; never prints.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"

namespace texsim::isa::visa {

// PATCH_TOKEN_* values texsim reads (patch_list.h's enum).
enum class PatchToken : uint32_t {
  kSamplerStateArray = 5,
  kBindingTableState = 8,
  kGlobalMemoryObjectArgument = 11,
  kImageMemoryObjectArgument = 12,
  kDataParameterBuffer = 17,
  kMediaVfeState = 18,  // SPatchMediaVFEState: ScratchSpaceOffset, PerThreadScratchSpace
  kExecutionEnvironment = 23,
  kStatelessGlobalMemoryObjectArgument = 30,
  // SPatchAllocateStatelessPrivateSurface: SurfaceStateHeapOffset, DataParamOffset,
  // DataParamSize, PerThreadPrivateMemorySize, IsSimtThread
  kAllocateStatelessPrivateMemory = 38,
};

// DATA_PARAMETER_* types of a kDataParameterBuffer token (patch_list.h).
enum class DataParameter : uint32_t {
  kKernelArgument = 1,
  kLocalWorkSize = 2,
  kGlobalWorkSize = 3,
  kNumWorkGroups = 4,
  kWorkDimensions = 5,
  kImageWidth = 9,
  kImageHeight = 10,
  kImageDepth = 11,
  kImageChannelDataType = 12,
  kImageChannelOrder = 13,
  kGlobalWorkOffset = 16,
  kImageArraySize = 18,
  kImageNumSamples = 20,
  kImageNumMipLevels = 27,
  kEnqueuedLocalWorkSize = 28,
  kBufferOffset = 42,
  kBufferStateful = 43,
};

struct OclToken {
  uint32_t id = 0;
  uint64_t offset = 0;          // byte offset of the token in the binary (for diagnostics)
  std::vector<uint32_t> words;  // the token's payload after its 8-byte header
  uint32_t word(size_t i) const { return i < words.size() ? words[i] : 0; }
};

struct OclKernel {
  std::string name;
  std::vector<uint8_t> kernel_heap, dynamic_state_heap, surface_state_heap;
  std::vector<OclToken> tokens;

  // The binding-table index whose entry holds surface-state offset `ssh_offset` (the binding
  // table lies in the surface state heap: PATCH_TOKEN_BINDING_TABLE_STATE); nullopt when none.
  std::optional<uint32_t> binding_table_index(uint32_t ssh_offset) const;
};

struct OclProgram {
  uint32_t version = 0;  // SProgramBinaryHeader::Version (ICBE version)
  uint32_t device = 0;   // IGFX product family
  std::vector<OclKernel> kernels;
  const OclKernel* find(std::string_view name) const;
};

// Reads `bytes` (an ocloc .bin: a CL ELF whose section holds the program, or the program binary
// itself, magic "CTNI"); errors VISA-OCL-BINARY name `file` and the byte offset.
std::optional<OclProgram> read_ocl_binary(std::span<const uint8_t> bytes, const std::string& file,
                                          core::DiagSink& sink);

}  // namespace texsim::isa::visa
