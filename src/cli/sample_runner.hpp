// Answers a block of `texsim sample` requests: runs of rows with the same op, surface, sampler and
// gather component become one message of the public API, reading the block's columns in place.
#pragma once

#include <optional>
#include <string>

#include "cli/sample_block.hpp"
#include "texsim/texsim.hpp"

namespace texsim::cli {

struct SampleRunSettings {
  const Scene* scene = nullptr;
  Profile profile = Profile::kD3D;
  bool groups = false;                  // --groups: lavapipe groups and quads from the rows
  std::optional<BoundsOptions> bounds;  // --bounds
  std::string file;                     // the request file's name in diagnostics
  // --addresses: every row's texel reads and cache lines of line_bytes into block.texels, through
  // the surface's placement (texsim's linear layout at address 0 where it has none; MT2).
  bool addresses = false;
  uint32_t line_bytes = 64;
  // --descriptors: a row's "surface" and "sampler" are descriptor indices (TIC/TSC entries given
  // as bytes, Intel surface/sampler state entries: Scene::descriptor_surface), not scene ids.
  bool descriptors = false;
};

// Fills the block's results (status, kind, bits, flags, ranges), its diagnostics (sorted by row)
// and its lookup and error counts. Thread-safe for distinct blocks.
void answer_block(const SampleRunSettings& settings, RequestBlock& block);

}  // namespace texsim::cli
