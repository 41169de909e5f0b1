// libFuzzer target: scene JSON through load_scene_text with a 1 MiB budget. A scene that does not
// load must say why (an error); one that loads must fit the budget.
#include "fuzz_common.hpp"
#include "isa/registry.hpp"
#include "scene/scene.hpp"

using namespace texsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  core::DiagSink sink;
  scene::LoadOptions opt;
  opt.max_bytes = fuzz::kSceneBudget;
  opt.sections = isa::registry().scene_sections();
  // A folder that does not exist: "file" data sources resolve under it and are not found.
  const auto s = scene::load_scene_text(text, "/nonexistent-texsim-fuzz/scene.json", sink, opt);
  if (!s) {
    fuzz::check(sink.has_errors(), "a scene failed to load without an error diagnostic", text);
    return 0;
  }
  fuzz::check(!sink.has_errors(), "a scene loaded despite an error", text, {}, &sink);
  fuzz::check(fuzz::scene_bytes(*s) <= fuzz::kSceneBudget,
              "a loaded scene exceeds the memory budget", text);
  return 0;
}
