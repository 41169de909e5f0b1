// The Intel sampler message's parameters, as any front end reads them (per role and lane, 32-bit
// words), lowered to a texture-unit message by surface type. Depends on texunit only.
#pragma once

#include <array>
#include <cstdint>

#include "intel/sampler_message.hpp"
#include "texunit/batch.hpp"
#include "texunit/surface.hpp"

namespace texsim::intel {

inline constexpr unsigned kMaxLanes = 32;   // SIMD32
inline constexpr unsigned kMaxParams = 15;  // visa-3d_sample.md, NumParams

// The message header's immediate texel offsets: U in bits 11:8, V in 7:4, R in 3:0, each a
// signed nibble (visa-3d_sample.md, Aoffimmi).
struct TexelOffsets {
  int32_t u = 0, v = 0, r = 0;
};
TexelOffsets decode_aoffimmi(uint32_t bits);

// One message's parameters, ISA-neutral: every lane of the exec size (enabled or not, because
// implicit-LOD messages use whole quads), per role. Sample messages hold float bits (a front end
// converts HF), fetch messages integers (UW zero-extended). A role the message lacks reads 0 and
// defined.
struct MessageParams {
  unsigned lanes = 8;
  uint32_t enabled = 0;          // ChEn per lane
  uint8_t gather_component = 0;  // gather4: the channel (0..3 = R, G, B, A)
  TexelOffsets offset;           // the header's offsets (Aoffimmi)
  bool uw_params = false;        // 16-bit parameters: ld2dms_w's mcs0..mcs3 form
  std::array<std::array<uint32_t, kMaxLanes>, kParamCount> word{};  // [role][lane]
  std::array<uint32_t, kParamCount> undefined{};  // [role]: lanes with an undefined byte

  uint32_t u32(Param p, unsigned lane) const { return word[static_cast<size_t>(p)][lane]; }
  float f(Param p, unsigned lane) const;
  bool lane_defined(Param p, unsigned lane) const {
    return ((undefined[static_cast<size_t>(p)] >> lane) & 1) == 0;
  }
  void set(Param p, unsigned lane, uint32_t value, bool defined);
};

// Coordinates, array index and offsets by surface type (visa-3d_sample.md / visa-3d_load.md,
// the u/v/r/ai table): 1D_ARRAY takes the array index from v, 2D_ARRAY from r, cube arrays
// from ai; 3D and cubes use r as the third coordinate.
struct CoordMapping {
  unsigned dims = 2;    // coordinates used
  int array_from = -1;  // 1 = v, 2 = r, 3 = ai, -1 none
};
CoordMapping coord_mapping(texunit::SurfaceType t);

// A message as a texture-unit message: every exec-size lane in SoA form (disabled lanes too:
// implicit-LOD quads read them), `active` = enabled and every input defined; plus the lane facts
// the response needs. The batches point into this object.
struct LoweredMessage {
  unsigned lanes = 8;
  uint32_t enabled = 0;
  uint32_t undefined = 0;           // enabled lanes with an undefined input: channels undefined
  uint32_t undefined_channels = 0;  // channels undefined in every written lane (lod: B, A)
  std::array<uint8_t, kMaxLanes> active{};
  texunit::SampleOp op = texunit::SampleOp::kLevel;
  // Sample messages: u v w ai lod ddx_u ddx_v ddx_w ddy_u ddy_v ddy_w ref.
  std::array<std::array<float, kMaxLanes>, 12> f{};
  // Fetch messages: x y z slice level sample, and the supplied MCS (ld2dms_w).
  std::array<std::array<uint32_t, kMaxLanes>, 6> c{};
  std::array<uint64_t, kMaxLanes> mcs{};
  bool has_mcs = false;
  std::array<int32_t, 3> offset{};
  uint8_t gather_component = 0;
  // gather4_po: per-lane offsets (low 6 bits of offu / offv, sign-extended; decision V41).
  bool lane_offsets = false;
  std::array<std::array<int32_t, kMaxLanes>, 2> lane_offset{};
  texunit::SampleIndexPolicy sample_policy = texunit::SampleIndexPolicy::kZero;

  texunit::SampleBatch sample_batch() const;
  texunit::FetchBatch fetch_batch() const;
};

// Lowers message `spec`'s parameters on a surface of `type`. `coarse` is the coarse pixel size
// that divides implicit derivatives ({1, 1} without coarse pixel shading).
LoweredMessage lower_message(const MessageParams& params, const MessageSpec& spec,
                             texunit::SurfaceType type, std::array<float, 2> coarse);

}  // namespace texsim::intel
