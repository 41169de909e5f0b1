// The Intel sampler message below every front end: message types, parameter roles, LOD sources
// and what each message means (docs/architecture.md, "intel"). Depends on nothing but <span>.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace texsim::intel {

// The sampler message types (Mesa brw_eu_defines.h GFX5_SAMPLER_MESSAGE_*, the descriptor's
// SamplerMessageType [16:12]; research/intel_native_sends.md). vISA's 3D sub-ops use the same
// values (IGC visa_igc_common_header.h VISASampler3DSubOpCode).
enum class MessageType : uint8_t {
  kSample = 0,
  kSampleB = 1,
  kSampleL = 2,
  kSampleC = 3,
  kSampleD = 4,
  kSampleBC = 5,
  kSampleLC = 6,
  kLd = 7,
  kGather4 = 8,
  kLod = 9,
  kGather4C = 16,
  kGather4Po = 17,
  kGather4PoC = 18,
  kSampleDC = 20,
  kSampleLz = 24,
  kSampleCLz = 25,
  kLdLz = 26,
  kLd2dmsW = 28,
  kLdMcs = 29,
};

// Where a message's LOD comes from (visa-3d_sample.md / visa-3d_load.md, Notes).
enum class LodSource : uint8_t {
  kImplicit,  // the 2x2 quad's derivatives (sample, sample_c)
  kBias,      // quad derivatives plus the bias parameter (sample_b, sample_b_c)
  kLod,       // the lod parameter (sample_l, sample_l_c, ld, ld2dms_w, ld_mcs)
  kGrad,      // per-lane derivative parameters (sample_d, sample_d_c)
  kZero,      // level 0 (sample_lz, sample_c_lz, ld_lz, the gather4 forms)
  kQuery,     // returns the LOD itself (lod)
};

// The role of a message parameter, named as the parameter tables name it (visa-3d_sample.md,
// visa-3d_load.md, visa-3d_sample4.md Notes; the payload order of the hardware message).
enum class Param : uint8_t {
  kU,
  kV,
  kR,
  kAi,
  kBias,
  kLod,
  kRef,
  kDuDx,
  kDuDy,
  kDvDx,
  kDvDy,
  kDrDx,
  kDrDy,
  kSi,
  kMcsl,
  kMcsh,
  kMcs0,
  kMcs1,
  kMcs2,
  kMcs3,
  kOffU,  // gather4_po: per-lane programmable offsets (visa-3d_sample4.md, Offu / Offv)
  kOffV,
  kCount
};
inline constexpr size_t kParamCount = static_cast<size_t>(Param::kCount);
std::string_view param_name(Param p);  // "u", "dudx", "mcs0", ...; "?" out of range

// What one message type means to the texture unit.
struct MessageSpec {
  MessageType type = MessageType::kSample;
  bool fetch = false;    // ld*: integer coordinates, one texel (else a filtered sample)
  bool compare = false;  // the _c forms: a ref parameter and a comparison sampler
  LodSource lod = LodSource::kImplicit;
  bool multisample = false;             // ld2dms_w: a sample index and the MCS as parameters
  bool returns_mcs = false;             // ld_mcs: returns the pixel's MCS, not a texel
  bool gather = false;                  // gather4*: the 2x2 footprint's four texels of one channel
  std::span<const Param> roles = {};    // the parameters in payload order
  std::span<const Param> roles_w = {};  // ld2dms_w's 16-bit form (mcs0..mcs3)
  // LOD from the pixel quad (lanes 4q..4q+3): the implicit-LOD set, written once here.
  constexpr bool implicit_lod() const {
    return lod == LodSource::kImplicit || lod == LodSource::kBias || lod == LodSource::kQuery;
  }
  constexpr bool has_role(Param p) const {
    for (Param r : roles) {
      if (r == p) return true;
    }
    return false;
  }
};

namespace detail {
using enum Param;
// The parameter tables (payload order), one per distinct list.
inline constexpr Param kUVRAi[] = {kU, kV, kR, kAi};
inline constexpr Param kBiasUVRAi[] = {kBias, kU, kV, kR, kAi};
inline constexpr Param kLodUVRAi[] = {kLod, kU, kV, kR, kAi};
inline constexpr Param kRefUVRAi[] = {kRef, kU, kV, kR, kAi};
inline constexpr Param kGrads[] = {kU, kDuDx, kDuDy, kV, kDvDx, kDvDy, kR, kDrDx, kDrDy, kAi};
inline constexpr Param kRefBiasUVRAi[] = {kRef, kBias, kU, kV, kR, kAi};
inline constexpr Param kRefLodUVRAi[] = {kRef, kLod, kU, kV, kR, kAi};
inline constexpr Param kRefGrads[] = {kRef,  kU, kDuDx, kDuDy, kV, kDvDx,
                                      kDvDy, kR, kDrDx, kDrDy, kAi};
inline constexpr Param kUVLodR[] = {kU, kV, kLod, kR};
inline constexpr Param kUVR[] = {kU, kV, kR};
inline constexpr Param kLd2dmsW[] = {kSi, kMcsl, kMcsh, kU, kV, kR, kLod};
inline constexpr Param kLd2dmsWUw[] = {kSi, kMcs0, kMcs1, kMcs2, kMcs3, kU, kV, kR, kLod};
inline constexpr Param kUVRLod[] = {kU, kV, kR, kLod};
inline constexpr Param kUVOffR[] = {kU, kV, kOffU, kOffV, kR};
inline constexpr Param kRefUVOffR[] = {kRef, kU, kV, kOffU, kOffV, kR};
}  // namespace detail

// One row per message type: the parameter tables of visa-3d_sample.md, visa-3d_load.md and
// visa-3d_sample4.md (Notes), which are the hardware payload orders.
inline constexpr MessageSpec kMessages[] = {
    {.type = MessageType::kSample, .lod = LodSource::kImplicit, .roles = detail::kUVRAi},
    {.type = MessageType::kSampleB, .lod = LodSource::kBias, .roles = detail::kBiasUVRAi},
    {.type = MessageType::kSampleL, .lod = LodSource::kLod, .roles = detail::kLodUVRAi},
    {.type = MessageType::kSampleC,
     .compare = true,
     .lod = LodSource::kImplicit,
     .roles = detail::kRefUVRAi},
    {.type = MessageType::kSampleD, .lod = LodSource::kGrad, .roles = detail::kGrads},
    {.type = MessageType::kSampleBC,
     .compare = true,
     .lod = LodSource::kBias,
     .roles = detail::kRefBiasUVRAi},
    {.type = MessageType::kSampleLC,
     .compare = true,
     .lod = LodSource::kLod,
     .roles = detail::kRefLodUVRAi},
    {.type = MessageType::kSampleDC,
     .compare = true,
     .lod = LodSource::kGrad,
     .roles = detail::kRefGrads},
    {.type = MessageType::kSampleLz, .lod = LodSource::kZero, .roles = detail::kUVRAi},
    {.type = MessageType::kSampleCLz,
     .compare = true,
     .lod = LodSource::kZero,
     .roles = detail::kRefUVRAi},
    {.type = MessageType::kLod, .lod = LodSource::kQuery, .roles = detail::kUVRAi},
    {.type = MessageType::kLd, .fetch = true, .lod = LodSource::kLod, .roles = detail::kUVLodR},
    {.type = MessageType::kLdLz, .fetch = true, .lod = LodSource::kZero, .roles = detail::kUVR},
    {.type = MessageType::kLd2dmsW,
     .fetch = true,
     .lod = LodSource::kLod,
     .multisample = true,
     .roles = detail::kLd2dmsW,
     .roles_w = detail::kLd2dmsWUw},
    {.type = MessageType::kLdMcs,
     .fetch = true,
     .lod = LodSource::kLod,
     .returns_mcs = true,
     .roles = detail::kUVRLod},
    {.type = MessageType::kGather4,
     .lod = LodSource::kZero,
     .gather = true,
     .roles = detail::kUVRAi},
    {.type = MessageType::kGather4C,
     .compare = true,
     .lod = LodSource::kZero,
     .gather = true,
     .roles = detail::kRefUVRAi},
    {.type = MessageType::kGather4Po,
     .lod = LodSource::kZero,
     .gather = true,
     .roles = detail::kUVOffR},
    {.type = MessageType::kGather4PoC,
     .compare = true,
     .lod = LodSource::kZero,
     .gather = true,
     .roles = detail::kRefUVOffR},
};

// The row of a message type (constant-evaluated where the front ends' tables name one).
constexpr const MessageSpec* find_message(uint32_t type) {
  for (const MessageSpec& m : kMessages) {
    if (static_cast<uint32_t>(m.type) == type) return &m;
  }
  return nullptr;
}
constexpr const MessageSpec& message(MessageType t) {
  return *find_message(static_cast<uint32_t>(t));
}

}  // namespace texsim::intel
