// A block of `texsim sample` requests and their results as columns (structure of arrays): what
// the readers fill, the runner answers through the public message API, and the writers print.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "texsim/texsim.hpp"

namespace texsim::cli {

// Requests per block: a multiple of lavapipe's 8-lane groups and of quads. Blocks are message
// boundaries and the unit of --shard (docs/sample-requests.md).
constexpr uint64_t kBlockRows = 4096;

// The request ops: their JSON names in the order of their binary codes (the `op` column,
// docs/sample-requests.md), one table for every reader and writer.
inline constexpr std::array<std::string_view, 8> kRequestOps{
    "fetch", "level", "level_zero", "grad", "implicit", "bias", "gather", "lod_query"};
struct RequestOp {
  bool fetch = false;
  SampleOp op = SampleOp::kLevel;  // fetch: kLevel
};
RequestOp request_op(size_t code);  // code < kRequestOps.size()
std::optional<size_t> request_op_code(std::string_view name);
size_t request_op_code(bool fetch, SampleOp op);

// How a row's answer went (the results' `status` column).
enum class RowStatus : uint8_t { kAnswered = 0, kError = 1 };

struct RequestBlock {
  uint64_t index = 0;   // block number in the file (0-based)
  size_t count = 0;     // rows in use
  bool binary = false;  // rows of a binary file (`row`, 0-based) or lines of text (`line`)
  std::string file;     // the request file's name in diagnostics

  // Per row: where it came from and whether it parsed.
  std::vector<uint64_t> line;  // text: 1-based line; binary: 0-based row
  std::vector<uint8_t> valid;  // 0: a diagnostic was given, no lookup
  // The request (docs/sample-requests.md); a fetch row has fetch = 1 and reads x..sample.
  std::vector<uint8_t> fetch;
  std::vector<SampleOp> op;
  std::vector<uint32_t> surface, sampler;
  std::vector<uint8_t> component;
  std::vector<float> u, v, w, ddx_u, ddx_v, ddx_w, ddy_u, ddy_v, ddy_w;
  std::vector<float> array_index, lod, reference;
  std::vector<int32_t> offset_x, offset_y, offset_z;
  std::vector<uint32_t> x, y, z, slice, level, sample;
  std::vector<uint64_t> mcs;
  std::vector<uint8_t> has_mcs;
  std::vector<std::string> id, id_text;  // text: the "id" as JSON, and as CSV text
  std::vector<int64_t> id_number;        // binary: the `id` column
  bool has_id_number = false;

  // Results.
  std::vector<uint8_t> status;  // RowStatus
  std::vector<uint8_t> kind;    // TexelKind
  std::vector<uint32_t> r, g, b, a;
  std::vector<uint8_t> flags;  // fetch: 1 in bounds, 2 null tile, 4 fast cleared
  // --bounds: the conformant range of sampling rows.
  std::vector<uint32_t> lo_r, lo_g, lo_b, lo_a, hi_r, hi_g, hi_b, hi_a;
  std::vector<uint8_t> has_range, bounded;

  // --addresses: each row's texel reads and distinct cache lines (rows without an answer have
  // none), the rows' records one after another in row order.
  struct TexelColumns {
    std::vector<uint32_t> count;  // per row: its reads
    std::vector<uint32_t> x, y, z, level, sample, bytes;
    std::vector<uint64_t> address;
    std::vector<uint32_t> line_count;  // per row: its distinct lines
    std::vector<uint64_t> line;
    void reset(size_t rows);
  } texels;

  // Request columns the reader knows to be zero in every row (a binary file without them): the
  // runner passes them as absent without scanning.
  std::vector<const void*> zero_columns;

  Diagnostics diags;  // in row order once answered
  uint64_t lookups = 0, errors = 0;

  std::string text;                // a text block's lines, each ending in '\n'
  std::vector<size_t> line_start;  // where each of them starts in `text`
  std::vector<uint64_t> line_number;
  std::string out;                                // the block's formatted results (text formats)
  std::vector<std::vector<uint8_t>> raw;          // a binary block's rows, per array of the file
  std::vector<std::vector<uint8_t>> out_columns;  // .npz results: each column's bytes
  std::vector<uint32_t> out_crc;                  // and their CRC-32
  uint64_t out_row = 0;       // the block's first row in the results (this shard's rows)
  bool read_pending = false;  // a binary block the answering thread reads itself
  bool written = false;       // its results are in place already
  std::string read_error;     // what went wrong reading it

  // Sizes every column for `n` rows and zeroes the results and row states; the request columns
  // too (the defaults of omitted keys) when `requests_too` or the size changes.
  void reset(size_t n, bool with_bounds, bool requests_too);
};

}  // namespace texsim::cli

namespace texsim::cli {

// A request row's error: text rows at FILE:LINE:COLUMN, binary rows at "FILE: row N" (the
// Diagnostic's line is then N + 1, its column 0).
Diagnostic row_error(const std::string& file, bool binary, uint64_t line, uint32_t column,
                     const std::string& rule, const std::string& message);

}  // namespace texsim::cli
