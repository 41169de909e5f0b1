// libFuzzer target: PNG-backed scenes (issue 15). The input is 2 bytes of surface shape (width,
// height 1..64, a format) then a PNG file; a scene naming that PNG loads under a 1 MiB budget.
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_common.hpp"
#include "isa/registry.hpp"
#include "scene/scene.hpp"

using namespace texsim;

namespace {

// One private folder per process for the PNG the scene names.
const std::string& folder() {
  static const std::string dir = [] {
    char tmpl[] = "/tmp/texsim-fuzz-png-XXXXXX";
    const char* d = mkdtemp(tmpl);
    if (d == nullptr) std::abort();
    return std::string(d);
  }();
  return dir;
}

constexpr std::array<const char*, 4> kFormats{"R8G8B8A8_UNORM", "R8_UNORM", "R32G32B32A32_FLOAT",
                                              "BC1_UNORM"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const unsigned w = 1u + (data[0] & 0x3fu);
  const unsigned h = 1u + (data[1] & 0x3fu);
  const char* format = kFormats[(data[0] >> 6) & 3u];
  const std::string png = folder() + "/in.png";
  std::FILE* f = std::fopen(png.c_str(), "wb");
  if (f == nullptr) std::abort();
  if (size > 2) std::fwrite(data + 2, 1, size - 2, f);
  std::fclose(f);
  const std::string text =
      std::string("{\"texsim\": 1, \"surfaces\": [{\"id\": 6, \"type\": \"2D\", ") +
      "\"format\": \"" + format + "\", \"width\": " + std::to_string(w) +
      ", \"height\": " + std::to_string(h) +
      ", \"mips\": \"full\", \"data\": {\"file\": \"in.png\"}}]}";
  core::DiagSink sink;
  scene::LoadOptions opt;
  opt.max_bytes = fuzz::kSceneBudget;
  opt.sections = isa::registry().scene_sections();
  const auto s = scene::load_scene_text(text, folder() + "/scene.json", sink, opt);
  if (!s) {
    fuzz::check(sink.has_errors(), "a PNG scene failed to load without an error diagnostic", text);
    return 0;
  }
  fuzz::check(!sink.has_errors(), "a PNG scene loaded despite an error", text, {}, &sink);
  fuzz::check(fuzz::scene_bytes(*s) <= fuzz::kSceneBudget,
              "a loaded PNG scene exceeds the memory budget", text);
  return 0;
}
