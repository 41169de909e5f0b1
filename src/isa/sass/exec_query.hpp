// TXQ and TMML execution (exec_query.cpp): the query's components to consecutive registers.
// Depends on exec and lower_query.
#pragma once

#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/exec.hpp"
#include "isa/sass/lower.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::sass {

// Executes a TXQ or TMML whose predicate holds; `ref` says where the handle comes from (bindless
// forms); `line` is its printed text (empty without a trace).
bool execute_query(const Instruction& inst, Machine& m, const scene::Scene& scene,
                   const TextureRef& ref, core::DiagSink& sink, const std::string& line,
                   std::vector<std::string>* trace);

}  // namespace texsim::isa::sass
