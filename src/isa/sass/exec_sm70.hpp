// Execution of one Volta+ texture instruction (SM70-SM90) on the per-thread SASS machine: where
// its texture comes from, .SCR's split operand vectors, then the shared TEX/TLD/TLD4/TXD/TMML/TXQ
// semantics of exec_wide and exec_query (decisions W11, W12). Depends on exec, lower.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/model.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::sass {

// The Maxwell/Pascal register layout a Volta+ TEX, TLD or TLD4 reads (NAK nak_nir_lower_tex.c):
// Ra's vector (array index, coordinates) and Rb's (.B handle, sample index, LOD, offsets, depth
// reference). nullopt where no source gives the layout (TEX's LOD-clamp codes).
struct SourceCounts {
  unsigned ra = 0;
  unsigned rb = 0;
};
std::optional<SourceCounts> source_counts(const Instruction& inst);

// Runs `inst` (wide.sm != 0) whose predicate holds. `line` is its printed text (trace only).
bool execute_sm70(const Instruction& inst, Machine& m, const scene::Scene& scene,
                  core::DiagSink& sink, const std::string& line, std::vector<std::string>* trace);

}  // namespace texsim::isa::sass
