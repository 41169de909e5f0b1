// The SASS texture queries TXQ and TMML (issue 19, decisions T60-T69): what each query returns
// per texture type, TMML's LOD query in 8.8 fixed point, and their execution. Depends on exec,
// lower, tsc, texunit.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/lower.hpp"
#include "isa/sass/model.hpp"
#include "scene/scene.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::isa::sass {

// TXQ query codes (bits 27:22; envytools gm107.c tabdf50_0, Mesa gm107 emitTXQ; decisions T27).
inline constexpr uint8_t kTxqDimension = 0x01;
inline constexpr uint8_t kTxqTextureType = 0x02;
inline constexpr uint8_t kTxqSamplerPos = 0x05;
inline constexpr uint8_t kTxqSamplerFilter = 0x10;
inline constexpr uint8_t kTxqSamplerLod = 0x12;
inline constexpr uint8_t kTxqSamplerWrap = 0x14;
inline constexpr uint8_t kTxqSamplerBorder = 0x16;

// The four components a query returns, each defined or not; the write mask picks which go to
// Rd, Rd+1, ... in R, G, B, A order (decisions T66).
struct QueryResult {
  std::array<uint32_t, 4> value{};
  std::array<bool, 4> defined{true, true, true, true};
  bool missing_state = false;  // SASS-EXEC-STATE was reported: the program stops
  std::string what;            // for traces
};

// Warning SASS-EXEC-QUERY-UNDEFINED when the write mask selects a component that is not
// `defined`; `why` says which source is silent.
void report_undefined_components(const Instruction& inst, const std::array<bool, 4>& defined,
                                 const std::string& why, core::DiagSink& sink);

// TEX_HEADER_DIMENSION of a header view whose level 0 is `d` (levels d.mips), at level `lod` of
// the view (decisions T60, T61): D3D's resinfo layout (width, height or array size, depth or
// array size, level count), unused components 0; a `lod` past the view's levels gives 0 extents.
std::array<uint32_t, 4> header_dimension(const texunit::SurfaceDesc& d, uint32_t lod);

// TMML's fixed-point components (decisions T63): R holds the LOD as signed 8.8 in 16 bits
// (sign-extended to 32), G the level as unsigned 8.8 in 16 bits; round to nearest even, NaN 0,
// saturating at the 16-bit range (-inf gives 0xffff8000).
uint32_t tmml_lod_bits(float lod);
uint32_t tmml_level_bits(float level);

// TXQ: the header's answer to the instruction's query with the LOD in Ra (TXQ.B: Ra+1, after
// the handle; `ref` names the texture as for lower_wide).
QueryResult lower_txq(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                      const scene::Scene& scene, core::DiagSink& sink);

// TMML lowered: the view, sampler and coordinates of a lone thread's LOD query.
// kRun: query the LOD; kInvalidHeader, kZeros: zeros; kUndefined: `undefined` (the sampler).
struct LoweredLodQuery {
  Outcome outcome = Outcome::kMissingState;
  Undefined undefined;
  texunit::SurfaceView view;                 // the header's levels only
  std::vector<texunit::NullRegion> regions;  // storage of view.null_regions
  texunit::SamplerState sampler;
  texunit::PrecisionProfile precision;
  std::array<float, 3> coord{};
  std::string what;

  LoweredLodQuery() = default;
  LoweredLodQuery(const LoweredLodQuery&) = delete;  // `view` points into `regions`
  LoweredLodQuery& operator=(const LoweredLodQuery&) = delete;
  LoweredLodQuery(LoweredLodQuery&&) = default;
  LoweredLodQuery& operator=(LoweredLodQuery&&) = default;
  ~LoweredLodQuery() = default;
};
LoweredLodQuery lower_tmml(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                           const scene::Scene& scene, core::DiagSink& sink);

}  // namespace texsim::isa::sass
