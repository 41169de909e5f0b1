// The cubin reader and writer: ELF64 little-endian headers, section and symbol tables, read with
// bounds checks at every step (decisions T-section, issue 14: a small reader of our own).
#include "isa/sass/cubin.hpp"
#include "core/bytes.hpp"
#include "core/text.hpp"
#include "isa/sass/elf.hpp"

#include <cstdio>

namespace texsim::isa::sass {

namespace {

// ELF64 layout (System V gABI, "ELF Header", "Section Header", "Symbol Table"): elf.hpp.
using elf::kEhdrSize;
using elf::kEmCuda;
using elf::kShdrSize;
using elf::kShtNobits;
using elf::kShtStrtab;
using elf::kShtSymtab;
using elf::kSttFunc;
using elf::kSymSize;
constexpr const char* kCite = "ELF-64 Object File Format (gABI); nvidia_tlds.md 1.1";

uint64_t get(std::span<const uint8_t> b, size_t off, unsigned n) {
  return core::load_le(b, off, n);
}

using core::hex;

struct Section {
  uint32_t name = 0;
  uint32_t type = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint32_t link = 0;
  uint64_t entsize = 0;
  uint64_t header_at = 0;  // file offset of this section header, for diagnostics
};

class Reader {
 public:
  Reader(std::span<const uint8_t> b, const std::string& n, core::DiagSink& s)
      : bytes_(b), name_(n), sink_(s) {}

  std::optional<Cubin> run() {
    if (bytes_.size() < kEhdrSize) {
      return fail(0, "the file is " + std::to_string(bytes_.size()) +
                         " bytes, shorter than an ELF64 header (64)");
    }
    if (!is_elf(bytes_)) return fail(0, "no ELF magic (\\x7fELF)");
    if (bytes_[4] != 2) {
      return fail(4, "EI_CLASS " + std::to_string(bytes_[4]) +
                         ": texsim reads ELF64 cubins only (ptxas writes ELFCLASS64)");
    }
    if (bytes_[5] != 1)
      return fail(5, "EI_DATA " + std::to_string(bytes_[5]) + ": not little-endian");
    const uint64_t machine = get(bytes_, 18, 2);
    if (machine != kEmCuda) {
      return fail(18, "e_machine " + std::to_string(machine) + " is not EM_CUDA (190)");
    }
    Cubin c;
    const uint64_t flags = get(bytes_, 48, 4);
    c.sm = static_cast<unsigned>(flags & 0xff);
    c.virtual_sm = static_cast<unsigned>((flags >> 16) & 0xff);
    const uint64_t shoff = get(bytes_, 40, 8);
    const uint64_t shentsize = get(bytes_, 58, 2);
    const uint64_t shnum = get(bytes_, 60, 2);
    const uint64_t shstrndx = get(bytes_, 62, 2);
    if (shnum == 0) return fail(60, "e_shnum is 0: the cubin has no sections");
    if (shentsize != kShdrSize) {
      return fail(58, "e_shentsize " + std::to_string(shentsize) + " is not 64");
    }
    if (!within(shoff, shnum * kShdrSize)) {
      return fail(40, "the section header table (" + std::to_string(shnum) + " x 64 bytes at " +
                          hex(shoff) + ") lies outside the file");
    }
    if (shstrndx >= shnum) {
      return fail(
          62, "e_shstrndx " + std::to_string(shstrndx) + " >= e_shnum " + std::to_string(shnum));
    }
    for (uint64_t i = 0; i < shnum; ++i) {
      const uint64_t h = shoff + i * kShdrSize;
      Section s;
      s.header_at = h;
      s.name = static_cast<uint32_t>(get(bytes_, h, 4));
      s.type = static_cast<uint32_t>(get(bytes_, h + 4, 4));
      s.offset = get(bytes_, h + 24, 8);
      s.size = get(bytes_, h + 32, 8);
      s.link = static_cast<uint32_t>(get(bytes_, h + 40, 4));
      s.entsize = get(bytes_, h + 56, 8);
      if (s.type != kShtNobits && !within(s.offset, s.size)) {
        return fail(h + 24, "section " + std::to_string(i) + " (" + std::to_string(s.size) +
                                " bytes at " + hex(s.offset) + ") lies outside the file");
      }
      sections_.push_back(s);
    }
    const Section& shstr = sections_[shstrndx];
    for (size_t i = 1; i < sections_.size(); ++i) {
      const auto n = string_at(shstr, sections_[i].name, sections_[i].header_at);
      if (!n) return std::nullopt;
      if (!n->starts_with(".text.") || sections_[i].type == kShtNobits) continue;
      CubinKernel k;
      k.section = *n;
      k.name = n->substr(6);
      k.file_offset = sections_[i].offset;
      k.text.assign(
          bytes_.begin() + static_cast<std::ptrdiff_t>(sections_[i].offset),
          bytes_.begin() + static_cast<std::ptrdiff_t>(sections_[i].offset + sections_[i].size));
      if (!function_symbol(i, k.name)) return std::nullopt;
      c.kernels.push_back(std::move(k));
    }
    if (c.kernels.empty()) {
      sink_.warning("SASS-CUBIN", core::BinaryLoc{name_, shoff, 0, 0, false},
                    "the cubin has no .text.<kernel> section", kCite);
    }
    return c;
  }

 private:
  bool within(uint64_t off, uint64_t size) const {
    return off <= bytes_.size() && size <= bytes_.size() - off;
  }

  std::optional<Cubin> fail(uint64_t off, std::string msg) {
    sink_.error("SASS-CUBIN", core::BinaryLoc{name_, off, 0, 0, false}, std::move(msg), kCite);
    return std::nullopt;
  }

  // The NUL-terminated string at `index` of string table `tab`; reported at `field_at`.
  std::optional<std::string> string_at(const Section& tab, uint64_t index, uint64_t field_at) {
    if (tab.type != kShtStrtab) {
      fail(field_at,
           "the name's string table is not SHT_STRTAB (type " + std::to_string(tab.type) + ")");
      return std::nullopt;
    }
    if (index >= tab.size) {
      fail(field_at, "name index " + std::to_string(index) + " is past its string table (" +
                         std::to_string(tab.size) + " bytes)");
      return std::nullopt;
    }
    std::string s;
    for (uint64_t p = tab.offset + index; p < tab.offset + tab.size; ++p) {
      if (bytes_[p] == 0) return s;
      s += static_cast<char>(bytes_[p]);
    }
    fail(field_at, "the name at index " + std::to_string(index) +
                       " runs past the end of its string table (no NUL)");
    return std::nullopt;
  }

  // Replaces `name` with the kernel's FUNC symbol in section `shndx`, if the symbol table has
  // one: the section's entry (value 0) and global before a local one, so that a subroutine ptxas
  // adds to the section (`$divk$__cuda_sm3x_div_rn_noftz_f32_slowpath`) does not name the kernel
  // (issue 29).
  bool function_symbol(size_t shndx, std::string& name) {
    int best = -1;
    for (const Section& st : sections_) {
      if (st.type != kShtSymtab) continue;
      if (st.entsize != kSymSize || st.link >= sections_.size()) {
        fail(st.header_at + 56, "the symbol table has entsize " + std::to_string(st.entsize) +
                                    " (24 expected) or a bad sh_link " + std::to_string(st.link));
        return false;
      }
      for (uint64_t off = st.offset; off + kSymSize <= st.offset + st.size; off += kSymSize) {
        if ((bytes_[off + 4] & 0xf) != kSttFunc || get(bytes_, off + 6, 2) != shndx) continue;
        const int score =
            (get(bytes_, off + 8, 8) == 0 ? 2 : 0) + ((bytes_[off + 4] >> 4) != 0 ? 1 : 0);
        if (score <= best) continue;
        const auto n = string_at(sections_[st.link], get(bytes_, off, 4), off);
        if (!n) return false;
        name = *n;
        best = score;
      }
    }
    return true;
  }

  std::span<const uint8_t> bytes_;
  const std::string& name_;
  core::DiagSink& sink_;
  std::vector<Section> sections_;
};

}  // namespace

std::optional<std::vector<uint8_t>> patch_cubin_text(std::span<const uint8_t> base,
                                                     const std::string& base_name,
                                                     const std::string& kernel,
                                                     std::span<const uint8_t> text,
                                                     core::DiagSink& sink) {
  const auto c = read_cubin(base, base_name, sink);
  if (!c) return std::nullopt;
  for (const CubinKernel& k : c->kernels) {
    if (k.name != kernel) continue;
    if (k.text.size() != text.size()) {
      std::string msg = "function " + kernel + " has " + std::to_string(text.size());
      msg += " bytes of code; its section " + k.section + " in " + base_name;
      msg += " holds " + std::to_string(k.text.size());
      msg += " (asm --into keeps every other byte, so each function keeps its size)";
      sink.error("SASS-CUBIN", core::BinaryLoc{base_name, k.file_offset, 0, 0, false},
                 std::move(msg), kCite);
      return std::nullopt;
    }
    std::vector<uint8_t> out(base.begin(), base.end());
    std::copy(text.begin(), text.end(), out.begin() + static_cast<std::ptrdiff_t>(k.file_offset));
    return out;
  }
  sink.error("SASS-CUBIN", core::BinaryLoc{base_name, 0, 0, 0, false},
             base_name + " has no kernel " + kernel + " to write the code into", kCite);
  return std::nullopt;
}

bool is_elf(std::span<const uint8_t> bytes) {
  return bytes.size() >= 4 && bytes[0] == 0x7f && bytes[1] == 'E' && bytes[2] == 'L' &&
         bytes[3] == 'F';
}

std::optional<Cubin> read_cubin(std::span<const uint8_t> bytes, const std::string& name,
                                core::DiagSink& sink) {
  return Reader(bytes, name, sink).run();
}

}  // namespace texsim::isa::sass
