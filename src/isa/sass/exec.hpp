// The SASS machine (R0..R254 + RZ, P0..P6 + PT, per-register definedness) and TLDS execution:
// predicate, lowering, fetch, FP32/F16 write-back; TEXS/TLD4S in exec_sample.cpp. Depends on lower,
// model, scene, texunit, core.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "core/half.hpp"
#include "isa/memory_log.hpp"
#include "isa/sass/lower.hpp"
#include "isa/sass/model.hpp"
#include "scene/report.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::sass {

// A lane's place in its pixel quad when the program runs warp-wide (exec_warp.cpp): quad ops
// (implicit LOD, bias, TMML) take these derivatives instead of a lone thread's zero ones
// (decisions T40, W13). In the probe pass a quad op records its coordinates and samples nothing.
struct LaneQuad {
  bool probe = false;
  bool quad_op = false;          // probe: the instruction is a quad op on this lane
  std::array<float, 3> coord{};  // probe: the lane's coordinates as the texture unit gets them
  std::array<float, 3> ddx{};    // run: the quad's derivatives
  std::array<float, 3> ddy{};
};

struct Machine {
  LaneQuad* quad = nullptr;         // warp-wide runs only (exec_warp.cpp)
  RegisterFile r{};                 // r[255] (RZ) stays 0
  std::array<bool, 8> p{};          // p[7] (PT) is true
  std::array<bool, 256> written{};  // registers the program wrote
  std::array<bool, 256> defined{};  // false: the value is UNPREDICTABLE (reported as undefined)
  MemoryLog* memory = nullptr;      // run --trace-memory: where lookups log their texel reads

  static Machine from_scene(const scene::Scene& s);
  bool predicate(uint8_t pred, bool neg) const;
  void write(uint8_t reg, uint32_t value, bool is_defined);
};

struct ExecSettings {
  std::string platform = "SM52";
  core::Rounding fp16_rounding = core::Rounding::kNearestEven;  // scene "fp16_rounding"
  bool trace = false;
  MemoryLog* memory = nullptr;  // run --trace-memory (run_program gives it to the machines)
};

// run --trace-memory: `view` logging its reads for the current instruction (the view itself when
// not tracing); `full` is the whole surface's description, `view`'s level 0 its `first_level`.
// keep_lane drops the reads of the copies a lone thread's quad adds (lanes 1..3).
inline texunit::SurfaceView memory_view(const Machine& m, const texunit::SurfaceView& view,
                                        const std::string& surface,
                                        const hwstate::PlacedSurface* placed,
                                        const texunit::SurfaceDesc& full, uint32_t first_level) {
  if (m.memory == nullptr) return view;
  return m.memory->log(view, surface, placed, full, first_level);
}
inline void memory_keep_lane0(const Machine& m) {
  if (m.memory != nullptr) m.memory->keep_lane(0);
}

// The settings a scene implies (fp16_rounding: rn -> RNE, rz -> RZ; RN when absent).
ExecSettings settings_for(const scene::Scene& s, std::string_view platform, bool trace);

// Executes one instruction. Returns false on an error (reported) that stops the program.
bool execute_instruction(const Instruction& inst, Machine& m, const scene::Scene& scene,
                         const ExecSettings& settings, core::DiagSink& sink,
                         std::vector<std::string>* trace);

// Executes a TLDS whose predicate holds; `line` is its printed text (empty without a trace).
bool execute_fetch(const Instruction& inst, Machine& m, const scene::Scene& scene,
                   const ExecSettings& settings, core::DiagSink& sink, const std::string& line,
                   std::vector<std::string>* trace);

// Runs a program: one thread, or 32 lanes where the scene is warp-wide (run_warp,
// exec_warp.cpp); nullopt when an error stopped it.
std::optional<std::vector<scene::RegisterValue>> run_program(
    std::span<const Instruction> program, const scene::Scene& scene, const ExecSettings& settings,
    std::optional<uint8_t> poison, core::DiagSink& sink, std::vector<std::string>* trace);

}  // namespace texsim::isa::sass
