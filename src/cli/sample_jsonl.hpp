// `texsim sample` JSON Lines requests: a reader that cuts the input into blocks of lines, and the
// parse of a block's lines into its columns — simdjson for the common shape, the strict
// nlohmann reader (sample_request.cpp) for everything else and for every diagnostic.
#pragma once

#include <cstdio>
#include <string>

#include "cli/sample_block.hpp"

namespace texsim::cli {

// Reads lines in blocks of kBlockRows (blank lines count, as in the line numbers).
class LineReader {
 public:
  // `prefix`: bytes already read from `in` (to tell the file's kind).
  LineReader(std::FILE* in, std::string prefix) : in_(in), buf_(std::move(prefix)) {}
  // Fills block.text / line_start / line_number with the next block's non-blank lines (none
  // when `keep` is false: another shard's block). False at the end of the input.
  bool next(RequestBlock& block, bool keep);
  uint64_t bytes_read() const { return bytes_; }
  bool failed() const { return failed_; }

 private:
  bool fill();
  std::FILE* in_;
  std::string buf_;
  size_t pos_ = 0;
  bool eof_ = false, failed_ = false;
  uint64_t line_ = 0, bytes_ = 0;
};

// Parses the block's lines into rows (valid, or invalid with diagnostics in block.diags).
// `fast` false: every line through the strict reader (the reference the fast path is tested
// against). Returns how many lines the fast path took.
size_t parse_text_block(RequestBlock& block, const std::string& file, bool bounds,
                        bool fast = true);

}  // namespace texsim::cli
