// Shared helpers of the libFuzzer targets: the front ends, a property check that aborts with the
// diagnostics that explain it, and byte/text conversions. Header-only; fuzz targets only.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "isa/frontend.hpp"
#include "isa/sass/frontend.hpp"
#include "isa/visa/frontend.hpp"
#include "scene/scene.hpp"

namespace texsim::fuzz {

inline const isa::Frontend& visa() {
  static const auto fe = isa::visa::make_frontend();
  return *fe;
}

inline const isa::Frontend& sass() {
  static const auto fe = isa::sass::make_frontend();
  return *fe;
}

// Text for a report: control bytes other than newline and tab as \xHH, so that a NUL or a carriage
// return in a fuzzed input cannot hide the difference between two texts.
inline std::string escaped(std::string_view s) {
  std::string out;
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '\n' || c == '\t' || (c >= 0x20 && c < 0x7f)) {
      out += ch;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

// A broken property: prints what is known and aborts, so libFuzzer saves the input as a crash.
[[noreturn]] inline void fail(std::string_view what, std::string_view a = {},
                              std::string_view b = {}, const core::DiagSink* sink = nullptr) {
  std::fprintf(stderr, "fuzz property failed: %s\n", escaped(what).c_str());
  if (!a.empty()) std::fprintf(stderr, "--- first\n%s\n", escaped(a).c_str());
  if (!b.empty()) std::fprintf(stderr, "--- second\n%s\n", escaped(b).c_str());
  if (sink != nullptr) {
    for (const auto& d : sink->diagnostics())
      std::fprintf(stderr, "  %s\n", core::format_diagnostic(d).c_str());
  }
  std::abort();
}

inline void check(bool ok, std::string_view what, std::string_view a = {}, std::string_view b = {},
                  const core::DiagSink* sink = nullptr) {
  if (!ok) fail(what, a, b, sink);
}

// Properties with an open finding (docs/reliability.md, "Findings") are checked only when
// TEXSIM_FUZZ_STRICT is set, so that the default run goes on looking for crashes.
inline bool strict() {
  static const bool s = std::getenv("TEXSIM_FUZZ_STRICT") != nullptr;
  return s;
}

// The scene-loading fuzz targets' memory budget, and what a loaded scene holds against it
// (surfaces and memory buffers, as LoadOptions::max_bytes counts them).
inline constexpr uint64_t kSceneBudget = uint64_t{1} << 20;

inline uint64_t scene_bytes(const scene::Scene& s) {
  uint64_t n = 0;
  for (const auto& surf : s.surfaces) n += surf.surface.bytes().size();
  if (s.slm) n += s.slm->size();
  if (s.stateless) n += s.stateless->size();
  return n;
}

// A platform picked from the input's length, so that seed files need no prefix byte.
inline std::string_view pick(std::span<const std::string_view> names, size_t size) {
  return names[size % names.size()];
}

// The bytes of an encoded program, concatenated; `skip_first` drops a leading header entry.
inline std::vector<uint8_t> concat(const std::vector<isa::EncodedInstruction>& enc,
                                   bool skip_first) {
  std::vector<uint8_t> out;
  for (size_t i = skip_first ? 1 : 0; i < enc.size(); ++i)
    out.insert(out.end(), enc[i].bytes.begin(), enc[i].bytes.end());
  return out;
}

inline std::string hex(std::span<const uint8_t> b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t v : b) {
    s += d[v >> 4];
    s += d[v & 15];
  }
  return s;
}

}  // namespace texsim::fuzz
