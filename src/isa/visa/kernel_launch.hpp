// Running a whole vISA kernel (issue 28): one thread on the scene's registers, or a launch the
// scene describes ("launch": NDRange, work-groups, bound buffers and images) with every thread of
// every work-group, its %r0 group ids and per-lane local ids in the payload the .input offsets
// lay out. Depends on kernel_exec and the vISA scene section; never prints.
#pragma once

#include <optional>

#include "core/diag.hpp"
#include "isa/frontend.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/program.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::visa {

// The kernel's SIMD width from `.kernel_attr SimdSize=N`; nullopt when absent.
std::optional<unsigned> kernel_simd_size(const VisaProgram& prog);

// Runs `prog` as a kernel. Without a "launch": one thread whose lanes are the dispatch mask, the
// result its written registers. With one: every thread; the result the launch's buffers, each
// as a register named "buffer<BTI>" of its given type.
std::optional<RunResult> execute_kernel(const VisaProgram& prog, const scene::Scene& sc,
                                        const ExecConfig& cfg, core::DiagSink& sink);

}  // namespace texsim::isa::visa
