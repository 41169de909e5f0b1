// `texsim sample` requests from NumPy files: an .npz of 1-D columns or an .npy structured array
// whose fields are the columns (docs/sample-requests.md, "Binary requests"). Reading a block's
// rows (seeking to them) is apart from converting them, which may run on any thread.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/sample_block.hpp"
#include "scene/npz.hpp"

namespace texsim::cli {

class BinaryRequests {
 public:
  BinaryRequests();
  ~BinaryRequests();
  // Checks the arrays: known column names, dtypes, equal lengths (0-d arrays apply to every
  // row). False with diagnostics naming the file and the column.
  bool open(std::unique_ptr<scene::ByteSource> source, scene::FileKind kind,
            const std::string& file, Diagnostics& diags);
  uint64_t rows() const { return rows_; }
  uint64_t blocks() const { return (rows_ + kBlockRows - 1) / kBlockRows; }
  bool has_ids() const;
  // Reads the raw rows of block `index` into block.raw (in order of the blocks: deflated
  // members inflate forwards). False with `why` on an I/O problem.
  bool read(uint64_t index, RequestBlock& block, std::string& why) const;
  // True when every array is stored (not deflated): blocks may then be read on any thread.
  bool random_access() const;
  // block.raw into the block's columns; out-of-range values become row diagnostics.
  void convert(RequestBlock& block, bool bounds) const;

 private:
  struct Column;
  struct Source;
  std::unique_ptr<scene::ByteSource> source_;  // before the readers that use it
  std::vector<std::unique_ptr<Source>> sources_;
  std::vector<Column> columns_;
  std::string file_;
  uint64_t rows_ = 0;
};

}  // namespace texsim::cli
