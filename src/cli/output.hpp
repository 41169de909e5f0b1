// Output files of the CLI (asm's binary, render's and demo's PNG, sample's results): a regular
// file is written through a temporary file and a rename; never over the command's own input.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace texsim::cli {

// One output of a command, written as a stream. "-" is standard output; an existing device,
// pipe or socket (/dev/null, /dev/full, a FIFO) is opened and written in place (never replaced);
// anything else is written to a temporary file in the same folder, renamed over `path` by
// commit() and removed if the output is dropped uncommitted. Every write, flush and close is
// checked: a full device or disk fails commit().
class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile();

  // False with `why` ("it is a folder", the system's error text).
  bool open(const std::string& path, std::string& why);
  std::FILE* stream() const { return file_; }
  // Writes `bytes`; false (and the output is failed) when the write fails.
  bool write(std::string_view bytes);
  // Flushes and closes; a temporary file replaces `path`. False with `why`.
  bool commit(std::string& why);

 private:
  void drop();

  std::string path_;
  std::string temp_;  // empty: written in place (stdout, a device, a pipe)
  std::FILE* file_ = nullptr;
  int error_ = 0;  // errno of the first failed write
};

// Writes `bytes` to `path` through an OutputFile. False with `why`.
bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& why);

// True when both paths name the same existing file (hard links and symlinks included); "-" is
// never the same file.
bool same_file(const std::string& a, const std::string& b);

}  // namespace texsim::cli
