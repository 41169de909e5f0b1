// Atomic, checked file output for the CLI (issue 15 item 6): temporary file + rename for
// regular files, checked direct writes for devices. POSIX (mkstemp, fchmod, rename).
#include "cli/output.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

namespace texsim::cli {

namespace fs = std::filesystem;

namespace {

std::string errno_text(int e) {
  return std::strerror(e);
}

// Writes all of `bytes` to `f` and closes it; false with `why` on any failure.
bool write_and_close(std::FILE* f, std::string_view bytes, std::string& why) {
  bool ok = bytes.empty() || std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  int e = ok ? 0 : errno;
  if (ok && std::fflush(f) != 0) ok = false, e = errno;
  if (std::fclose(f) != 0 && ok) ok = false, e = errno;
  if (!ok) why = errno_text(e != 0 ? e : EIO);
  return ok;
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-") return false;  // standard input/output
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec) && !ec;
}

bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& why) {
  if (path == "-") {  // standard output (issue 17), checked like a file
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() ||
        std::fflush(stdout) != 0) {
      why = errno_text(errno);
      return false;
    }
    return true;
  }
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::exists(st) && fs::is_directory(st)) {
    why = "it is a folder";
    return false;
  }
  if (fs::exists(st) && !fs::is_regular_file(st)) {
    // A device or a pipe: no rename is possible; write in place, checked.
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) {
      why = errno_text(errno);
      return false;
    }
    return write_and_close(f, bytes, why);
  }
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  const int fd = mkstemp(name.data());
  if (fd < 0) {
    why = errno_text(errno);
    return false;
  }
  // The permissions a plain open would give (0666 less the umask), not mkstemp's 0600.
  const mode_t mask = umask(0);
  umask(mask);
  (void)fchmod(fd, static_cast<mode_t>(0666 & ~mask));
  std::FILE* f = fdopen(fd, "wb");
  if (f == nullptr) {
    why = errno_text(errno);
    close(fd);
    std::remove(name.data());
    return false;
  }
  if (!write_and_close(f, bytes, why)) {
    std::remove(name.data());
    return false;
  }
  if (std::rename(name.data(), path.c_str()) != 0) {
    why = errno_text(errno);
    std::remove(name.data());
    return false;
  }
  return true;
}

}  // namespace texsim::cli
