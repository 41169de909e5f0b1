// The results of `texsim sample`: a block's rows formatted as JSONL or CSV text (safe to run on
// many blocks at once), or appended as columns to an .npz (docs/sample-requests.md, "Results").
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "cli/sample_block.hpp"
#include "scene/npz.hpp"

namespace texsim::cli {

enum class ResultFormat { kJsonl, kCsv, kNpz };

// The CSV header line (with its '\n'); "" for the other formats.
std::string result_header(ResultFormat format, bool binary_rows, bool bounds);

// Appends the answered rows of `block` to block.out as JSONL or CSV; with `addresses` each JSONL
// row gets "texels" and "lines" (block.texels).
void format_results(ResultFormat format, bool bounds, bool addresses, RequestBlock& block);

// The result columns of an .npz: row (binary requests with --shard) or line (text requests),
// status, kind, bits (N, 4), flags, and with --bounds lo (N, 4), hi (N, 4), bounded; id when the
// requests have an integer id column; with `addresses` the ragged texel_* and line_* columns
// (docs/sample-requests.md, "Addresses"), which cannot be written in place.
class NpzResults {
 public:
  NpzResults(bool row_column, bool line_column, bool bounds, bool ids, bool addresses);
  // Writes in place into `out` when it is a regular file and the row count is known.
  bool start_direct(std::FILE* out, uint64_t rows) { return npz_.start_direct(out, rows); }
  // The block's columns as bytes with their CRCs, into block.out_columns (any thread).
  void serialize(RequestBlock& block) const;
  // Appends a serialized block (in order): every row, those with errors too (status 1, bits 0).
  bool append(RequestBlock& block);
  // Writing in place: a serialized block's rows written at their place (any thread), then
  // accounted for in order.
  bool direct() const { return npz_.direct(); }
  bool write_in_place(const RequestBlock& block) const;
  bool account(const RequestBlock& block);
  bool finish(std::FILE* out, std::string& why) { return npz_.finish(out, why); }

 private:
  void serialize_texels(RequestBlock& block) const;
  scene::NpzWriter npz_;
  bool row_, line_, bounds_, ids_, addresses_;
  size_t texel_start_ = SIZE_MAX, line_start_ = SIZE_MAX;  // those arrays' indices
  uint64_t texels_ = 0, lines_ = 0;                        // records written so far
};

}  // namespace texsim::cli
