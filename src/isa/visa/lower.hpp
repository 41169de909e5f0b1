// Lowering to requests: MEDIA_LD to a 2D block read, GATHER_SCALED to per-lane byte reads,
// 3D_SAMPLE / 3D_LOAD / 3D_SAMPLE4 to the Intel sampler message's parameters (intel/), SAMPLE_UNORM
// to its block operands. Depends on program, machine, kinds and intel's message types.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/diag.hpp"
#include "intel/sampler_lower.hpp"
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
  uint32_t surface = 0;  // vISA surface id
  uint32_t plane = 0;
  int32_t x = 0;        // bytes (X_offset, read as signed 32-bit)
  int32_t y = 0;        // rows (of the field in field modes)
  unsigned width = 0;   // bytes
  unsigned height = 0;  // rows
  unsigned pitch = 0;   // register pitch
  FieldMode field = FieldMode::kFrame;
};

struct ScatteredRead {
  uint32_t surface = 0;                // vISA surface id (0 = SLM, 5 = stateless)
  unsigned bytes = 1;                  // Num_blocks
  unsigned lanes = 1;                  // exec size
  uint32_t enabled = 0;                // ChEn per lane
  uint32_t address_undefined = 0;      // lanes whose offset had an undefined byte
  std::array<uint32_t, 32> address{};  // Offset + Element_offset[i], wrapping (research §4.3)
};

// One 3D instruction's operands: the Intel sampler message's parameters in their ISA-neutral
// form (intel/sampler_lower.hpp: every lane of the exec size, per role, omitted trailing ones 0),
// plus what only vISA has: the Op field's sub-op and flags, the surface and sampler ids, the
// response's channels, and the parameter roles in the order of the Params list (for traces).
struct Sampler3DRequest {
  uint32_t sub_op = 0;
  uint32_t flags = 0;       // kFlagPnm | kFlagCps | kFlagDivS
  uint32_t channels = 0xf;  // 3D_SAMPLE4: all four (the four samples, visa-3d_sample4.md, Dst)
  uint32_t sampler = 0;     // 3D_SAMPLE / 3D_SAMPLE4 only
  uint32_t surface = 0;
  bool float_params = true;             // F/HF (converted to float bits) vs UD/UW (zero-extended)
  std::span<const intel::Param> roles;  // the parameter roles of this form, in list order
  intel::MessageParams params;
};

// SAMPLE_UNORM's operands (visa-sample_unorm.md): the four F scalars as floats, `defined` false
// when a byte of one of them is undefined.
struct UnormBlockOperands {
  uint32_t channel_mask = 0;  // bits 3:0 channels, 5:4 output format
  uint32_t sampler = 0;
  uint32_t surface = 0;
  float u0 = 0.0f, v0 = 0.0f, du = 0.0f, dv = 0.0f;
  bool defined = true;
};

// Reads the operands; nullopt (with a VISA-RUN-* diagnostic) when an operand cannot be read.
std::optional<MediaBlockRead> lower_media_ld(const Instruction& inst, const Machine& m,
                                             core::DiagSink& sink);
std::optional<ScatteredRead> lower_gather_scaled(const Instruction& inst, const Machine& m,
                                                 core::DiagSink& sink);
std::optional<Sampler3DRequest> lower_3d(const Instruction& inst, const Machine& m,
                                         core::DiagSink& sink);
std::optional<UnormBlockOperands> lower_sample_unorm(const Instruction& inst, const Machine& m,
                                                     core::DiagSink& sink);

}  // namespace texsim::isa::visa
