// `texsim sample`: lookups from a file (JSON lines or NumPy columns) against a scene's surfaces and
// samplers, results as JSONL, CSV or .npz (docs/sample-requests.md). CLI layer over the public API.
#pragma once

#include <string>

#include "cli/commands.hpp"

namespace texsim::cli {

struct SampleArgs {
  std::string scene;
  std::string requests;          // "-": stdin; JSONL, .npz or .npy (from the content)
  std::string convert;           // a request file to convert (JSONL <-> .npz) instead
  std::string output = "-";      // "-": stdout
  std::string format;            // jsonl, csv or npz; "" = from -o's extension, else jsonl
  unsigned threads = 0;          // 0: every core
  std::string profile = "d3d";   // d3d, exact, lavapipe, nvidia
  std::string shard;             // "I/N": this process takes blocks I, I+N, I+2N, ...
  bool groups = false;           // form lavapipe's SIMD groups and quads from consecutive lines
  bool json = false;             // a JSON summary on stdout (with -o FILE), diagnostics in it
  bool bounds = false;           // add the conformant range (lo, hi) to each sampling result
  std::string bounds_precision;  // "coord=20,subtexel=7,...": overrides of the CTS defaults
  bool addresses = false;        // every request's texel reads, addresses and cache lines
  bool descriptors = false;      // "surface"/"sampler" name the scene's descriptor entries
  std::string line_bytes;        // --line-bytes N: the cache line size (default 64)
};

int cmd_sample(const CommonOptions& common, const SampleArgs& args);

}  // namespace texsim::cli
