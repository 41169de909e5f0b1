// Reader of ocloc's OpenCL program binary (ocl_binary.hpp): the CL ELF's sections, IGC's
// SProgramBinaryHeader, each kernel's SKernelBinaryHeaderCommon (packed, 40 bytes), name, heaps
// and patch list (patch_list.h, "#pragma pack(push, 1)").
#include "isa/visa/ocl_binary.hpp"

#include <algorithm>
#include <cstring>

namespace texsim::isa::visa {
namespace {

constexpr uint32_t kMagic = 0x494E5443;           // MAGIC_CL, 'I','N','T','C' read little-endian
constexpr size_t kProgramHeader = size_t{7} * 4;  // SProgramBinaryHeader
constexpr size_t kKernelHeader = 40;              // SKernelBinaryHeaderCommon, packed
constexpr uint64_t kMaxHeap = 64u << 20;          // a sanity bound on any one heap or list

class Reader {
 public:
  Reader(std::span<const uint8_t> b, const std::string& file, core::DiagSink& sink)
      : b_(b), file_(file), sink_(sink) {}

  bool fail(uint64_t at, const std::string& what) {
    sink_.error("VISA-OCL-BINARY", core::BinaryLoc{file_, at, 0, 0, false}, what,
                "IGC ocl_igc_shared/executable_format/patch_list.h");
    return false;
  }
  bool has(uint64_t at, uint64_t n) const { return at <= b_.size() && n <= b_.size() - at; }
  uint32_t u32(uint64_t at) const {
    uint32_t v = 0;
    std::memcpy(&v, b_.data() + at, 4);
    return v;
  }
  uint64_t u64(uint64_t at) const {
    uint64_t v = 0;
    std::memcpy(&v, b_.data() + at, 8);
    return v;
  }
  std::vector<uint8_t> bytes(uint64_t at, uint64_t n) const {
    return {b_.begin() + static_cast<std::ptrdiff_t>(at),
            b_.begin() + static_cast<std::ptrdiff_t>(at + n)};
  }
  std::span<const uint8_t> all() const { return b_; }

 private:
  std::span<const uint8_t> b_;
  const std::string& file_;
  core::DiagSink& sink_;
};

// The program binary's offset: 0 when `bytes` starts with the magic, else the CL ELF section
// that does (64-bit little-endian ELF: e_shoff at 0x28, e_shentsize/e_shnum at 0x3a/0x3c; a
// section header's sh_offset at +0x18, sh_size at +0x20).
std::optional<uint64_t> program_offset(Reader& r) {
  const auto b = r.all();
  if (r.has(0, 4) && r.u32(0) == kMagic) return 0;
  if (!r.has(0, 0x40) || std::memcmp(b.data(),
                                     "\x7f"
                                     "ELF\x02\x01",
                                     6) != 0) {
    r.fail(0, "neither an OpenCL program binary (magic CTNI) nor a 64-bit little-endian ELF");
    return std::nullopt;
  }
  const uint64_t shoff = r.u64(0x28);
  uint32_t entsize = 0, count = 0;
  std::memcpy(&entsize, b.data() + 0x3a, 2);
  std::memcpy(&count, b.data() + 0x3c, 2);
  for (uint32_t i = 0; i < count; ++i) {
    const uint64_t sh = shoff + uint64_t{i} * entsize;
    if (entsize < 0x28 || !r.has(sh, 0x28)) {  // reported at e_shoff, the field that says so
      r.fail(0x28, "ELF section header " + std::to_string(i) + " (at offset " + std::to_string(sh) +
                       ") lies outside the file");
      return std::nullopt;
    }
    const uint64_t off = r.u64(sh + 0x18), size = r.u64(sh + 0x20);
    if (size >= 4 && r.has(off, size) && r.u32(off) == kMagic) return off;
  }
  r.fail(0, "the ELF has no section holding an OpenCL program binary (magic CTNI)");
  return std::nullopt;
}

bool read_tokens(Reader& r, uint64_t at, uint64_t size, std::vector<OclToken>& out) {
  const uint64_t end = at + size;
  while (at < end) {
    if (end - at < 8) return r.fail(at, "a patch token header runs past its list");
    const uint32_t id = r.u32(at), bytes = r.u32(at + 4);
    if (bytes < 8 || bytes > end - at || bytes % 4 != 0)
      return r.fail(at, "patch token " + std::to_string(id) + " has size " + std::to_string(bytes) +
                            " (8 or more, a multiple of 4, in its list)");
    OclToken t;
    t.id = id;
    t.offset = at;
    for (uint64_t w = at + 8; w < at + bytes; w += 4) t.words.push_back(r.u32(w));
    out.push_back(std::move(t));
    at += bytes;
  }
  return true;
}

std::optional<OclKernel> read_kernel(Reader& r, uint64_t& at) {
  if (!r.has(at, kKernelHeader)) {
    r.fail(at, "a kernel header runs past the end of the binary");
    return std::nullopt;
  }
  // CheckSum, ShaderHashCode (u64), KernelNameSize, PatchListSize, KernelHeapSize,
  // GeneralStateHeapSize, DynamicStateHeapSize, SurfaceStateHeapSize, KernelUnpaddedSize.
  const uint64_t name = r.u32(at + 12), patch = r.u32(at + 16), kheap = r.u32(at + 20),
                 gsh = r.u32(at + 24), dsh = r.u32(at + 28), ssh = r.u32(at + 32);
  const uint64_t total = kKernelHeader + name + kheap + gsh + dsh + ssh + patch;
  if (name > kMaxHeap || patch > kMaxHeap || kheap > kMaxHeap || gsh > kMaxHeap || dsh > kMaxHeap ||
      ssh > kMaxHeap || !r.has(at, total)) {
    r.fail(at, "a kernel's name, heaps and patch list (" + std::to_string(total) +
                   " bytes) run past the end of the binary");
    return std::nullopt;
  }
  OclKernel k;
  uint64_t p = at + kKernelHeader;
  const std::vector<uint8_t> n = r.bytes(p, name);
  k.name.assign(n.begin(), std::find(n.begin(), n.end(), uint8_t{0}));
  p += name;
  k.kernel_heap = r.bytes(p, kheap);
  p += kheap + gsh;
  k.dynamic_state_heap = r.bytes(p, dsh);
  p += dsh;
  k.surface_state_heap = r.bytes(p, ssh);
  p += ssh;
  if (!read_tokens(r, p, patch, k.tokens)) return std::nullopt;
  at += total;
  return k;
}

}  // namespace

std::optional<uint32_t> OclKernel::binding_table_index(uint32_t ssh_offset) const {
  for (const OclToken& t : tokens) {
    if (t.id != static_cast<uint32_t>(PatchToken::kBindingTableState)) continue;
    const uint64_t table = t.word(0), count = t.word(1);
    for (uint32_t i = 0; i < count; ++i) {
      const uint64_t e = table + 4 * uint64_t{i};
      if (e + 4 > surface_state_heap.size()) break;
      uint32_t v = 0;
      std::memcpy(&v, surface_state_heap.data() + e, 4);
      if (v == ssh_offset) return i;
    }
  }
  return std::nullopt;
}

const OclKernel* OclProgram::find(std::string_view name) const {
  for (const OclKernel& k : kernels) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

std::optional<OclProgram> read_ocl_binary(std::span<const uint8_t> bytes, const std::string& file,
                                          core::DiagSink& sink) {
  Reader r(bytes, file, sink);
  const auto base = program_offset(r);
  if (!base) return std::nullopt;
  if (!r.has(*base, kProgramHeader)) {
    r.fail(*base, "the program header runs past the end of the binary");
    return std::nullopt;
  }
  OclProgram prog;
  prog.version = r.u32(*base + 4);
  prog.device = r.u32(*base + 8);
  const uint32_t kernels = r.u32(*base + 16), patch = r.u32(*base + 24);
  uint64_t at = *base + kProgramHeader + patch;
  if (kernels > 4096 || !r.has(*base + kProgramHeader, patch)) {
    r.fail(*base, "the program header names " + std::to_string(kernels) +
                      " kernels and a patch list of " + std::to_string(patch) +
                      " bytes, more than the binary holds");
    return std::nullopt;
  }
  for (uint32_t i = 0; i < kernels; ++i) {
    auto k = read_kernel(r, at);
    if (!k) return std::nullopt;
    prog.kernels.push_back(std::move(*k));
  }
  return prog;
}

}  // namespace texsim::isa::visa
