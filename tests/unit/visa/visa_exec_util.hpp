// Helpers for vISA execution tests: register values in, little-endian words out, and a run's
// outcome with its registers by name.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <optional>
#include <string>

#include "core/diag.hpp"
#include "isa/visa/exec.hpp"
#include "isa/visa/scene_section.hpp"
#include "scene/report.hpp"
#include "scene/scene.hpp"

namespace texsim::isa::visa::test {

// Scene-loading options with the vISA front end's section (its registers and dispatch state).
inline scene::LoadOptions visa_scene_options() {
  scene::LoadOptions o;
  o.sections = {&scene_section()};
  return o;
}

// A UD register holding `vals` (little-endian).
inline VisaRegister ud(std::initializer_list<uint32_t> vals) {
  VisaRegister r;
  r.type = scene::ElemType::kUD;
  for (uint32_t v : vals) {
    for (int k = 0; k < 4; ++k) r.bytes.push_back(static_cast<uint8_t>(v >> (8 * k)));
  }
  return r;
}

// The little-endian dword at byte `byte` of a register value.
inline uint32_t u32_at(const scene::RegisterValue& r, size_t byte) {
  uint32_t v = 0;
  std::memcpy(&v, r.bytes.data() + byte, 4);
  return v;
}

struct RunOutcome {
  std::optional<RunResult> result;
  core::DiagSink sink;
  // The register named `name` after the run (an empty value when absent).
  scene::RegisterValue reg(const std::string& name) const {
    if (result) {
      for (const auto& r : result->registers) {
        if (r.name == name) return r;
      }
    }
    return {};
  }
};

}  // namespace texsim::isa::visa::test
