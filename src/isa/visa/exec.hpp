// vISA execution: builds the machine from a scene (declarations, register values, predicates,
// dispatch mask), runs MEDIA_LD, GATHER_SCALED, 3D_SAMPLE and 3D_LOAD against the scene, and
// reports the written variables with per-byte definedness. Depends on lower, machine, program
// and scene; never prints.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "isa/frontend.hpp"
#include "isa/visa/machine.hpp"
#include "isa/visa/program.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::visa {

// MEDIA_LD out-of-bounds policy (spec README item 4; decision V3). The default replicates the
// nearest edge texel (Intel media block reads, CM, cl_intel_media_block_io).
// The order is texunit::BlockOob's (exec.cpp converts by value).
enum class MediaOobPolicy : uint8_t { kClampToEdge, kZero, kUndefined };

struct ExecConfig {
  MediaOobPolicy media_oob = MediaOobPolicy::kClampToEdge;
  bool trace = false;
  // With `trace`: 3D_SAMPLE/3D_LOAD append one line per enabled lane here (its parameters and
  // the words it wrote); execute_program points it at the run's trace.
  std::vector<std::string>* lane_trace = nullptr;
  std::optional<uint8_t> poison;  // value of undefined bytes (still reported undefined)
  // Sampling arithmetic for samplers whose scene entry names no "precision".
  texunit::PrecisionKind precision = texunit::PrecisionKind::kD3D;
  MemoryLog* memory = nullptr;  // run --trace-memory: where lookups log their texel reads
};

// run --trace-memory: the view of scene surface `ss` logging its reads for the current
// instruction (the surface's own view when not tracing).
inline texunit::SurfaceView memory_view(const ExecConfig& cfg, const scene::SceneSurface& ss) {
  if (cfg.memory == nullptr) return ss.surface.view();
  return cfg.memory->log(ss.surface.view(), "T" + std::to_string(ss.id),
                         ss.placement ? &*ss.placement : nullptr, ss.surface.desc(), 0);
}

// The machine for `prog` with the scene's state; nullopt with VISA-RUN-REGISTER diagnostics.
std::optional<Machine> make_machine(const VisaProgram& prog, const scene::Scene& scene,
                                    const ExecConfig& cfg, core::DiagSink& sink);

// Executes one modelled instruction; false (with diagnostics) when it could not run.
bool execute_instruction(const Instruction& inst, Machine& m, const scene::Scene& scene,
                         const ExecConfig& cfg, core::DiagSink& sink);

// The value of a general variable as the report shows it.
scene::RegisterValue register_value(const Machine& m, uint32_t general_id);

// Runs a whole program. Unsupported instructions are errors here (VISA-UNSUPPORTED).
std::optional<RunResult> execute_program(const VisaProgram& prog, const scene::Scene& scene,
                                         const ExecConfig& cfg, core::DiagSink& sink);

}  // namespace texsim::isa::visa
