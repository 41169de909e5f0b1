// Opening a request file: JSONL streams through LineReader; .npz/.npy through a byte source
// (pread on a file; standard input is read into memory first).
#include "cli/sample_source.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "cli/inputs.hpp"
#include "cli/term.hpp"

namespace texsim::cli {

std::optional<int> open_request_source(const std::string& path, RequestSource& src,
                                       Diagnostics& diags) {
  src.name = path == "-" ? "<stdin>" : path;
  src.text = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (src.text == nullptr) {
    say_error("cannot read '" + path + "': " + std::strerror(errno));
    return kExitUsage;
  }
  src.close_text = path != "-";
  std::string prefix(6, '\0');
  prefix.resize(std::fread(prefix.data(), 1, prefix.size(), src.text));
  const bool npy = prefix.starts_with("\x93NUMPY");
  const bool npz = prefix.starts_with(std::string_view("PK\x03\x04", 4));
  if (!npy && !npz) {
    std::error_code ec;
    if (path != "-" && std::filesystem::is_regular_file(path, ec))
      src.total_bytes = std::filesystem::file_size(path, ec);
    src.lines = std::make_unique<LineReader>(src.text, prefix);
    return std::nullopt;
  }
  std::string why;
  std::unique_ptr<scene::ByteSource> bytes;
  if (path == "-") {
    std::vector<uint8_t> all(prefix.begin(), prefix.end());
    std::vector<uint8_t> chunk(1u << 20);
    while (size_t n = std::fread(chunk.data(), 1, chunk.size(), stdin))
      all.insert(all.end(), chunk.begin(), chunk.begin() + static_cast<ptrdiff_t>(n));
    bytes = scene::memory_byte_source(std::move(all));
  } else {
    bytes = scene::open_byte_source(path, why);
  }
  if (!bytes) {
    say_error("cannot read '" + path + "': " + why);
    return kExitUsage;
  }
  src.binary = std::make_unique<BinaryRequests>();
  if (!src.binary->open(std::move(bytes), npy ? scene::FileKind::kNpy : scene::FileKind::kNpz,
                        src.name, diags))
    return kExitDiagnostics;
  src.total_bytes = src.binary->rows();
  return std::nullopt;
}

}  // namespace texsim::cli
