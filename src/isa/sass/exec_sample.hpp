// TEXS and TLD4S execution (exec_sample.cpp): one thread's sample message through the texture
// unit, and the lane sampler TEX/TLD4/TXD share. Depends on exec, lower_sample, texunit.
#pragma once

#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/lower_sample.hpp"
#include "scene/scene.hpp"
#include "texunit/texel.hpp"

namespace texsim::isa::sass {

// Samples one thread's request; quad ops (implicit LOD, bias) run a pixel quad of four copies of
// the thread (decisions T40), or take the warp's quad derivatives from `quad` (W13; in its probe
// pass they record the coordinates and return zeros). `null_tile`: a tap read an unmapped region.
texunit::Texel sample_lane(const LoweredSample& lw, const texunit::SampleRequest& q,
                           bool& null_tile, LaneQuad* quad = nullptr);

// Executes a TEXS or TLD4S whose predicate holds; `line` is its printed text (empty without a
// trace).
bool execute_sample(const Instruction& inst, Machine& m, const scene::Scene& scene,
                    const ExecSettings& settings, core::DiagSink& sink, const std::string& line,
                    std::vector<std::string>* trace);

}  // namespace texsim::isa::sass
