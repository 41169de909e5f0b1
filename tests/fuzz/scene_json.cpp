// libFuzzer target: scene JSON through load_scene_text with a 1 MiB budget. A scene that does not
// load must say why (an error); one that loads must fit the budget.
#include "fuzz_common.hpp"
#include "scene/scene.hpp"

using namespace texsim;

namespace {

constexpr uint64_t kBudget = uint64_t{1} << 20;

uint64_t scene_bytes(const scene::Scene& s) {
  uint64_t n = 0;
  for (const auto& surf : s.surfaces) n += surf.surface.bytes().size();
  if (s.slm) n += s.slm->size();
  if (s.stateless) n += s.stateless->size();
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  core::DiagSink sink;
  scene::LoadOptions opt;
  opt.max_bytes = kBudget;
  // A folder that does not exist: "file" data sources resolve under it and are not found.
  const auto s = scene::load_scene_text(text, "/nonexistent-texsim-fuzz/scene.json", sink, opt);
  if (!s) {
    fuzz::check(sink.has_errors(), "a scene failed to load without an error diagnostic", text);
    return 0;
  }
  fuzz::check(!sink.has_errors(), "a scene loaded despite an error", text, {}, &sink);
  fuzz::check(scene_bytes(*s) <= kBudget, "a loaded scene exceeds the memory budget", text);
  return 0;
}
