// libFuzzer target: NumPy request files (issue 32). The input is an .npz or .npy; every array the
// reader accepts is read in blocks (forward, as the replay reads it) and written back through
// the .npz writer.
#include <cstdio>
#include <string>
#include <vector>

#include "fuzz_common.hpp"
#include "scene/npz.hpp"

using namespace texsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto src = scene::memory_byte_source(std::vector<uint8_t>(data, data + size));
  const scene::FileKind kind = scene::sniff_file_kind(*src);
  if (kind == scene::FileKind::kText) return 0;
  std::string why;
  const auto arrays = scene::read_npz_arrays(*src, kind, why);
  if (!arrays) return 0;
  scene::NpzWriter out;
  for (const scene::NpzArray& a : *arrays) {
    const uint64_t record = a.header.record_size;
    // Arrays declare their sizes; read at most 1 MiB of each, 3 records at a time.
    if (record == 0 || record > (1u << 16)) continue;
    const size_t index = out.add_array(a.name, a.header.fields);
    scene::NpzArrayReader reader(*src, a);
    std::vector<uint8_t> buf(record * 3);
    const uint64_t count = std::min<uint64_t>(a.header.count(), (1u << 20) / record);
    for (uint64_t first = 0; first < count; first += 3) {
      const uint64_t n = std::min<uint64_t>(3, count - first);
      if (!reader.read(first, n, buf, why)) break;
      out.append(index, std::span<const uint8_t>(buf).first(n * record));
    }
  }
  std::FILE* f = std::tmpfile();
  if (f != nullptr) {
    out.finish(f, why);
    std::fclose(f);
  }
  return 0;
}
