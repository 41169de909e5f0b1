// Lowering to requests: MEDIA_LD to a 2D block read, GATHER_SCALED to per-lane byte reads,
// 3D_SAMPLE / 3D_LOAD to per-lane parameter values and then to a texture-unit message with its
// write-back plan. Depends on program, machine, kinds and texunit's message types.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/diag.hpp"
#include "isa/visa/machine.hpp"
#include "isa/visa/program.hpp"
#include "texunit/batch.hpp"
#include "texunit/surface.hpp"

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

// 3D_SAMPLE / 3D_LOAD results (visa-3d_sample.md, Notes): each enabled channel starts a new
// GRF and takes ceil(lanes x elem / GRF) GRFs; the pixel null mask adds one GRF.
unsigned grfs_per_channel(unsigned lanes, unsigned elem_bytes, unsigned grf);
uint32_t dst_3d_bytes(uint32_t channels, unsigned lanes, unsigned elem_bytes, unsigned grf,
                      bool pnm);

// aoffimmi: U in bits 11:8, V in 7:4, R in 3:0, each a signed nibble (visa-3d_sample.md, Aoffimmi).
struct TexelOffsets {
  int32_t u = 0, v = 0, r = 0;
};
TexelOffsets decode_aoffimmi(uint32_t bits);

inline constexpr unsigned kMaxParams3D = 15;

// One 3D instruction's operands: the parameters of every lane (all exec_size lanes, enabled or
// not, because implicit-LOD ops use whole quads), omitted trailing ones 0.
struct Sampler3DRequest {
  uint32_t sub_op = 0;
  uint32_t flags = 0;  // kFlagPnm | kFlagCps | kFlagDivS
  unsigned lanes = 8;
  uint32_t enabled = 0;          // ChEn per lane
  uint32_t channels = 0xf;       // 3D_SAMPLE4: all four (the four samples, visa-3d_sample4.md, Dst)
  uint8_t gather_component = 0;  // 3D_SAMPLE4: Src_channel (0..3 = R, G, B, A)
  uint32_t sampler = 0;          // 3D_SAMPLE / 3D_SAMPLE4 only
  uint32_t surface = 0;
  TexelOffsets offset;
  bool float_params = true;  // F/HF (converted to float bits) vs UD/UW (zero-extended)
  bool uw_params = false;    // 16-bit parameters (HF or UW)
  std::span<const std::string_view> names;  // the parameter names of this form (for traces)
  std::span<const Param3D> roles;           // the parameter roles of this form, same order
  std::array<std::array<uint32_t, 32>, kMaxParams3D>
      param{};                                     // [param][lane]: float bits or integer
  std::array<uint32_t, kMaxParams3D> undefined{};  // [param]: lanes with an undefined byte

  // The parameter with role `p` of `lane` (0 when omitted or not part of the form); a parameter
  // the form lacks counts as defined.
  uint32_t u32(Param3D p, unsigned lane) const;
  float f(Param3D p, unsigned lane) const;
  bool lane_defined(Param3D p, unsigned lane) const;
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

// Coordinates, array index and offsets by surface type (visa-3d_sample.md / visa-3d_load.md,
// the u/v/r/ai table): 1D_ARRAY takes the array index from v, 2D_ARRAY from r, cube arrays
// from ai; 3D and cubes use r as the third coordinate.
struct CoordMapping {
  unsigned dims = 2;    // coordinates used
  int array_from = -1;  // 1 = v, 2 = r, 3 = ai, -1 none
};
CoordMapping coord_mapping(texunit::SurfaceType t);

// A 3D instruction as a texture-unit message: every exec-size lane in SoA form (disabled lanes
// too: implicit-LOD quads read them), `active` = enabled and every input defined; plus the
// write-back plan's lane facts. The batches point into this object.
struct Message3D {
  unsigned lanes = 8;
  uint32_t enabled = 0;
  uint32_t undefined = 0;           // enabled lanes with an undefined input: channels undefined
  uint32_t undefined_channels = 0;  // channels undefined in every written lane (lod: B, A)
  std::array<uint8_t, 32> active{};
  texunit::SampleOp op = texunit::SampleOp::kLevel;
  // Sample messages: u v w ai lod ddx_u ddx_v ddx_w ddy_u ddy_v ddy_w ref.
  std::array<std::array<float, 32>, 12> f{};
  // Fetch messages: x y z slice level sample, and the supplied MCS (load_2dms_w).
  std::array<std::array<uint32_t, 32>, 6> c{};
  std::array<uint64_t, 32> mcs{};
  bool has_mcs = false;
  std::array<int32_t, 3> offset{};
  uint8_t gather_component = 0;
  // gather4_po: per-lane offsets (low 6 bits of offu / offv, sign-extended; decision V41).
  bool lane_offsets = false;
  std::array<std::array<int32_t, 32>, 2> lane_offset{};
  texunit::SampleIndexPolicy sample_policy = texunit::SampleIndexPolicy::kZero;

  texunit::SampleBatch sample_batch() const;
  texunit::FetchBatch fetch_batch() const;
};

// Lowers the operands of a 3D instruction (row meaning `spec`) on a surface of `type`.
// `coarse` is the .cps coarse pixel size that divides implicit derivatives ({1, 1} without).
Message3D lower_3d_message(const Sampler3DRequest& req, const Sampler3DSpec& spec,
                           texunit::SurfaceType type, std::array<float, 2> coarse);

}  // namespace texsim::isa::visa
