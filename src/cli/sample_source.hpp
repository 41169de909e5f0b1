// Where `texsim sample` reads requests: a text stream cut into lines (JSONL) or NumPy columns
// (.npz/.npy), told apart by the first bytes, never by the name (docs/sample-requests.md).
#pragma once

#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "cli/sample_binary.hpp"
#include "cli/sample_jsonl.hpp"

namespace texsim::cli {

struct RequestSource {
  std::string name;  // in diagnostics
  std::FILE* text = nullptr;
  bool close_text = false;
  std::unique_ptr<LineReader> lines;
  std::unique_ptr<BinaryRequests> binary;
  uint64_t total_bytes = 0;  // for the progress bar (text); binary: rows
  ~RequestSource() {
    if (close_text) std::fclose(text);
  }
};

// Opens `path` ("-": stdin) and tells JSONL from .npz/.npy by its first bytes. Returns an exit
// status when it cannot go on (after the message or the diagnostics).
// Opens `path` ("-": stdin) and tells JSONL from .npz/.npy by its first bytes. Returns an exit
// status when it cannot go on (after the message or the diagnostics).
std::optional<int> open_request_source(const std::string& path, RequestSource& src,
                                       Diagnostics& diags);

}  // namespace texsim::cli
