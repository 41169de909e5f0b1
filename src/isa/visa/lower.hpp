// Lowering of the data-port instructions to memory requests: MEDIA_LD to a 2D block read and
// GATHER_SCALED to per-lane byte reads, with the operand values read from the machine.
// Depends on program, machine and kinds; the memory side lives in exec.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/diag.hpp"
#include "isa/visa/machine.hpp"
#include "isa/visa/program.hpp"

namespace texsim::isa::visa {

// visa-media_ld.md, Semantics and Notes table: register pitch 4/8/16/32/64 and max height.
unsigned media_register_pitch(unsigned block_width);
unsigned media_max_height(unsigned block_width);

// Modifiers: 0 nomod, 1 modified, 2 top, 3 bottom, 4 top_mod, 5 bottom_mod (IGC MEDIA_LD_mod;
// "modified" has no descriptor effect, research §4.2).
enum class FieldMode : uint8_t { kFrame, kTop, kBottom };
FieldMode media_field_mode(uint32_t modifier);

struct MediaBlockRead {
  uint32_t surface = 0;   // vISA surface id
  uint32_t plane = 0;
  int32_t x = 0;          // bytes (X_offset, read as signed 32-bit)
  int32_t y = 0;          // rows (of the field in field modes)
  unsigned width = 0;     // bytes
  unsigned height = 0;    // rows
  unsigned pitch = 0;     // register pitch
  FieldMode field = FieldMode::kFrame;
};

struct ScatteredRead {
  uint32_t surface = 0;               // vISA surface id (0 = SLM, 5 = stateless)
  unsigned bytes = 1;                 // Num_blocks
  unsigned lanes = 1;                 // exec size
  uint32_t enabled = 0;               // ChEn per lane
  uint32_t address_undefined = 0;     // lanes whose offset had an undefined byte
  std::array<uint32_t, 32> address{}; // Offset + Element_offset[i], wrapping (research §4.3)
};

// Reads the operands; nullopt (with a VISA-RUN-* diagnostic) when an operand cannot be read.
std::optional<MediaBlockRead> lower_media_ld(const Instruction& inst, const Machine& m,
                                             core::DiagSink& sink);
std::optional<ScatteredRead> lower_gather_scaled(const Instruction& inst, const Machine& m,
                                                 core::DiagSink& sink);

}  // namespace texsim::isa::visa
