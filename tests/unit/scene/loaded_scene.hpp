// Test helper: a scene loaded from text with the diagnostics it gave, formatted as the CLI prints
// them (file:line:col: error[RULE]: message). Shared by the scene and ISA scene-section tests.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/diag.hpp"
#include "scene/scene.hpp"

namespace texsim::scene::testing {

struct Loaded {
  std::optional<Scene> scene;
  core::DiagSink sink;

  std::vector<std::string> texts() const {
    std::vector<std::string> out;
    for (const auto& d : sink.diagnostics()) out.push_back(core::format_diagnostic(d));
    return out;
  }
  std::string first() const {
    return sink.diagnostics().empty() ? std::string()
                                      : core::format_diagnostic(sink.diagnostics()[0]);
  }
};

inline Loaded load_text(const std::string& text, const std::string& path, const LoadOptions& opt) {
  Loaded l;
  l.scene = load_scene_text(text, path, l.sink, opt);
  return l;
}

}  // namespace texsim::scene::testing
