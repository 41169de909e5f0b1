// Lowering of the vector texture instructions TEX, TLD, TLD4 and TXD (decisions T47-T57): the
// Ra/Rb operand vectors, the bound texture and TSC entry, undefined forms. Depends on lower_sample.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "core/diag.hpp"
#include "isa/sass/lower.hpp"
#include "isa/sass/lower_sample.hpp"
#include "isa/sass/model.hpp"
#include "scene/scene.hpp"
#include "texunit/fetch.hpp"

namespace texsim::isa::sass {

// kRun: sample `lw.req` (TEX, TLD4, TXD) or fetch `fetch` (TLD); kInvalidHeader, kZeros: zeros
// (invalid header, paramA/header mismatch, missing level; a TLD level past the view: `fetch` set,
// the out-of-range texel); kUndefined: a form or state no source defines (`undefined`).
struct LoweredWide {
  Outcome outcome = Outcome::kMissingState;
  LoweredSample lw;  // bound texture, sampler, view, request (TLD: bound texture only)
  bool fetch = false;
  texunit::FetchRequest fetch_req;                      // TLD
  texunit::PrecisionProfile fetch_precision;            // TLD: the TSC entry's precision, else d3d
  bool ptp = false;                                     // TLD4.PTP: one gather per texel
  std::array<std::array<int32_t, 2>, 4> ptp_offsets{};  // texel i's (u, v) offset
  Undefined undefined;                                  // kUndefined: the warning
  std::string what;                                     // for traces
};

// Coordinate registers of a paramA: 1 (1D, ARRAY_1D), 2 (2D, ARRAY_2D), 3 (3D, CUBE, ...).
unsigned coord_count(ParamA p);

// TEX, TLD, TLD4 or TXD -> a texture-unit request. Reports SASS-EXEC-STATE for missing state.
LoweredWide lower_wide(const Instruction& inst, const RegisterFile& regs, const TextureRef& ref,
                       const scene::Scene& scene, core::DiagSink& sink);

}  // namespace texsim::isa::sass
