// Warp-wide SASS execution (issue 26): 32 lanes with their own registers, the scene's active
// mask and per-lane predicates, and pixel-quad derivatives for quad ops (decision W13).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/exec.hpp"
#include "scene/report.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::sass {

// Runs `program` on the 32 lanes of a warp-wide scene (SceneState::warp_wide). Each register
// the program writes comes back as 32 elements, lane 0 first (a lane that did not write it keeps
// its scene value). A diagnostic is reported once, naming the lanes it arose in; the trace has
// a line per lane that ran. nullopt when an error stopped the program.
std::optional<std::vector<scene::RegisterValue>> run_warp(
    std::span<const Instruction> program, const scene::Scene& scene, const ExecSettings& settings,
    std::optional<uint8_t> poison, core::DiagSink& sink, std::vector<std::string>* trace);

// Whether a quad op's derivatives come from its quad's lanes (else DEFAULT_PARTIAL's value):
// with .NDV always; otherwise on a full quad from SM75 on (Volta and earlier treat every
// non-fragment quad as partial; decision W13). `sm` is 0 for SM50-SM62.
bool quad_derivatives_from_lanes(bool ndv, bool full_quad, unsigned sm);

}  // namespace texsim::isa::sass
