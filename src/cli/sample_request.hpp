// One line of a `texsim sample` request file, parsed and checked (docs/sample-requests.md).
// Problems become diagnostics at FILE:LINE:COLUMN with rule ids SAMPLE-REQUEST-*.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "texsim/texsim.hpp"

namespace texsim::cli {

struct SampleRequestLine {
  uint64_t line = 0;
  std::string id;       // the "id" value as JSON text; "" when absent
  std::string id_text;  // the same, a string's characters without quotes (CSV)
  bool fetch = false;
  SampleOp op = SampleOp::kLevel;
  uint32_t surface = 0;
  uint32_t sampler = 0;
  std::array<float, 3> coord{};
  std::array<uint32_t, 3> icoord{};  // fetch: texel coordinates as bit patterns
  float array_index = 0.0f;
  uint32_t slice = 0, level = 0, sample = 0;  // fetch
  std::array<float, 3> ddx{}, ddy{};
  float lod = 0.0f;
  float reference = 0.0f;
  std::array<int32_t, 3> offset{};
  uint8_t component = 0;
  std::optional<uint64_t> mcs;
};

// Parses one line. On a problem appends a diagnostic to `diags` and returns nullopt.
std::optional<SampleRequestLine> parse_sample_request(std::string_view text, uint64_t line,
                                                      const std::string& file, Diagnostics& diags);

}  // namespace texsim::cli
