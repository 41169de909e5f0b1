// Execution of TEX, TLD, TLD4 and TXD (exec_wide.cpp) and the one-lane texture-unit messages the
// SASS machine sends (a fetch, a sample as a lone-thread quad). Depends on exec, lower_wide.
#pragma once

#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/lower_sample.hpp"
#include "isa/sass/lower_wide.hpp"
#include "texunit/fetch.hpp"

namespace texsim::isa::sass {

// One fetch lane: the texel, whether it was in bounds and whether it read a null tile.
struct FetchLane {
  texunit::Texel texel;
  bool in_bounds = false;
  bool null_tile = false;
};
FetchLane fetch_lane(const texunit::SurfaceView& view, const texunit::FetchRequest& q,
                     const texunit::PrecisionProfile& precision);

// Executes a TEX, TLD, TLD4 or TXD whose predicate holds; `ref` says where the handle comes from
// (bindless forms). `line` is its printed text.
bool execute_wide(const Instruction& inst, Machine& m, const scene::Scene& scene,
                  const TextureRef& ref, core::DiagSink& sink, const std::string& line,
                  std::vector<std::string>* trace);

}  // namespace texsim::isa::sass
