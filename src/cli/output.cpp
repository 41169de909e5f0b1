// Checked file output for the CLI (issue 15 item 6, issue 31): temporary file + rename for
// regular files, direct checked writes for devices and pipes. POSIX (mkstemp, fchmod, rename).
#include "cli/output.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

namespace texsim::cli {

namespace fs = std::filesystem;

namespace {

std::string errno_text(int e) {
  return std::strerror(e != 0 ? e : EIO);
}

// A temporary file next to `target` with the permissions a plain open would give (0666 less the
// umask), not mkstemp's 0600. Null with `why`.
std::FILE* open_temp(const fs::path& target, std::string& temp, std::string& why) {
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const std::string tmpl = (dir / ("." + target.filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  const int fd = mkstemp(name.data());
  if (fd < 0) {
    why = errno_text(errno);
    return nullptr;
  }
  const mode_t mask = umask(0);
  umask(mask);
  (void)fchmod(fd, static_cast<mode_t>(0666 & ~mask));
  std::FILE* f = fdopen(fd, "wb");
  if (f == nullptr) {
    why = errno_text(errno);
    close(fd);
    std::remove(name.data());
    return nullptr;
  }
  temp = name.data();
  return f;
}

}  // namespace

OutputFile::~OutputFile() {
  drop();
}

void OutputFile::drop() {
  if (file_ != nullptr && file_ != stdout) std::fclose(file_);
  file_ = nullptr;
  if (!temp_.empty()) std::remove(temp_.c_str());
  temp_.clear();
}

bool OutputFile::open(const std::string& path, std::string& why) {
  drop();
  path_ = path;
  error_ = 0;
  if (path == "-") {  // standard output (issue 17), checked like a file
    file_ = stdout;
    return true;
  }
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) {
    why = "it is a folder";
    return false;
  }
  if (fs::exists(st) && !fs::is_regular_file(st)) {
    // A device, pipe or socket: written in place, never renamed over (issue 31: `-o /dev/null`
    // run as root must leave the device node alone).
    file_ = std::fopen(path.c_str(), "wb");
    if (file_ == nullptr) why = errno_text(errno);
    return file_ != nullptr;
  }
  file_ = open_temp(fs::path(path), temp_, why);
  return file_ != nullptr;
}

bool OutputFile::write(std::string_view bytes) {
  if (file_ == nullptr) return false;
  if (error_ != 0) return false;
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    error_ = errno != 0 ? errno : EIO;
    return false;
  }
  return true;
}

bool OutputFile::commit(std::string& why) {
  if (file_ == nullptr) {
    why = "it is not open";
    return false;
  }
  int e = error_;
  if (e == 0 && std::fflush(file_) != 0) e = errno != 0 ? errno : EIO;
  if (file_ != stdout) {
    if (std::fclose(file_) != 0 && e == 0) e = errno != 0 ? errno : EIO;
  }
  file_ = nullptr;
  if (e == 0 && !temp_.empty() && std::rename(temp_.c_str(), path_.c_str()) != 0) e = errno;
  if (e != 0) {
    why = errno_text(e);
    drop();
    return false;
  }
  temp_.clear();
  return true;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a == "-" || b == "-") return false;  // standard input/output
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec) && !ec;
}

bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& why) {
  OutputFile out;
  if (!out.open(path, why)) return false;
  out.write(bytes);  // a failed write is reported by commit()
  return out.commit(why);
}

}  // namespace texsim::cli
