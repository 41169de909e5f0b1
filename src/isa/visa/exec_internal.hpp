// Shared by the vISA executor's files (exec.cpp, exec_memory.cpp, exec_3d.cpp): the runners of
// each row kind (RowExec) and the diagnostic position of an instruction. Not a public header.
#pragma once

#include "core/diag.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/machine.hpp"
#include "isa/visa/program.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::visa {

inline core::TextLoc at(const Instruction& inst, const Machine&) {
  return core::TextLoc{{}, inst.line, inst.column};
}

// The sampling engine's inputs from the scene (exec_3d.cpp), for 3D messages and SAMPLE_UNORM:
// the surface with state (not %bss, %slm or %scratch) and the sampler with its profile; nullptr
// with a VISA-RUN-SURFACE / VISA-RUN-SAMPLER diagnostic citing the row's page when absent.
const scene::SceneSurface* sampled_surface(const Instruction& inst, const Machine& m,
                                           const scene::Scene& sc, uint32_t surface,
                                           core::DiagSink& sink);
const scene::SceneSampler* scene_sampler(const Instruction& inst, const Machine& m,
                                         const scene::Scene& sc, uint32_t sampler,
                                         core::DiagSink& sink);

// RowExec::kMediaLd / kGatherScaled / kGather4Scaled (exec_memory.cpp), kSample3D / kLoad3D
// (exec_3d.cpp), kSampleUnorm (exec_unorm.cpp).
bool run_media_ld(const Instruction& inst, Machine& m, const scene::Scene& sc,
                  const ExecConfig& cfg, core::DiagSink& sink);
bool run_gather_scaled(const Instruction& inst, Machine& m, const scene::Scene& sc,
                       const ExecConfig& cfg, core::DiagSink& sink);
bool run_3d(const Instruction& inst, Machine& m, const scene::Scene& sc, const ExecConfig& cfg,
            core::DiagSink& sink);
bool run_sample_unorm(const Instruction& inst, Machine& m, const scene::Scene& sc,
                      const ExecConfig& cfg, core::DiagSink& sink);

}  // namespace texsim::isa::visa
