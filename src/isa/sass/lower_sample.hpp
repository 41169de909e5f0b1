// Lowering of TEXS and TLD4S to one texture-unit sample request: the bound texture (as TLDS), the
// TSC entry the handle's samplerPtr names, the header's level range and the Ra/Rb unpacking of
// the instruction's mode row. Depends on lower, tsc, model, scene, texunit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/lower.hpp"
#include "isa/sass/model.hpp"
#include "scene/scene.hpp"
#include "texunit/sample.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::isa::sass {

// kRun: sample `req` from `view` with `sampler`; kInvalidHeader as TLDS (T5); kZeros: paramA
// does not match the header (T42) or its min level is no level of the surface; kUndefined:
// samplerPtr past the TSC pool (T43) or .DC against the TSC's depth compare.
struct LoweredSample {
  Outcome outcome = Outcome::kMissingState;
  Undefined undefined;  // kUndefined: the warning
  BoundTexture bound;
  texunit::SamplerState sampler;
  texunit::PrecisionProfile precision;       // the TSC entry's "precision" (D3D when absent)
  texunit::SurfaceView view;                 // the header's levels only
  std::vector<texunit::NullRegion> regions;  // storage of view.null_regions
  texunit::SampleRequest req;
  std::string what;  // for traces

  LoweredSample() = default;
  LoweredSample(const LoweredSample&) = delete;  // `view` points into `regions`
  LoweredSample& operator=(const LoweredSample&) = delete;
  LoweredSample(LoweredSample&&) = default;  // vector moves keep their buffer
  LoweredSample& operator=(LoweredSample&&) = default;
  ~LoweredSample() = default;
};

// Whether a paramA names a header's texture type: coordinate counts as TLDS (1D and ARRAY_1D:
// 1D and 1D_ARRAY, 2D and ARRAY_2D: 2D and 2D_ARRAY, 3D: 3D), CUBE and ARRAY_CUBE: CUBE and
// CUBE_ARRAY; ARRAY_3D: nothing.
bool param_a_matches(ParamA p, texunit::SurfaceType t);

// With out.bound bound: the TSC entry the handle's samplerPtr names (out.sampler, precision),
// the paramA/header match, .DC against the TSC's depth compare (`dc` nullopt: either sampler,
// as TMML, decisions T59) and the header's level range (out.view). False with out.outcome set (and
// SASS-EXEC-STATE reported) when it cannot sample.
bool prepare_sample(const Instruction& inst, ParamA param_a, std::optional<bool> dc,
                    const scene::Scene& scene, core::DiagSink& sink, LoweredSample& out);

// TEXS or TLD4S -> a sample request (reports SASS-EXEC-STATE for missing scene state).
LoweredSample lower_sample(const Instruction& inst, const RegisterFile& regs,
                           const scene::Scene& scene, core::DiagSink& sink);

}  // namespace texsim::isa::sass
