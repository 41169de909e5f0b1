// Output files of the CLI (asm's binary, render's and demo's PNG): written atomically through a
// temporary file and a rename, every write checked, never over the command's own input.
#pragma once

#include <string>
#include <string_view>

namespace texsim::cli {

// Writes `bytes` to `path`: a regular file (or a new one) through a temporary file in the same
// folder and a rename, so that a failure leaves the old file as it was; a device or pipe
// (/dev/stdout, /dev/full) directly; "-" is standard output. Every write, flush and close is
// checked. False with `why`.
bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& why);

// True when both paths name the same existing file (hard links and symlinks included); "-" is
// never the same file.
bool same_file(const std::string& a, const std::string& b);

}  // namespace texsim::cli
