// texsim's own cubins: the sections, symbols and .nv.info attributes ptxas 11.8 writes for a
// kernel, so that cuobjdump/nvdisasm and a CUDA loader find what they need (issue 29 item 3).
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "isa/sass/cubin.hpp"
#include "isa/sass/elf.hpp"

namespace texsim::isa::sass {

namespace {

void put(std::vector<uint8_t>& b, size_t off, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) b[off + i] = static_cast<uint8_t>(v >> (8 * i));
}

void push(std::vector<uint8_t>& b, uint64_t v, unsigned n) {
  for (unsigned i = 0; i < n; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

// EIATTR records (format byte, attribute byte, value): the ids cuobjdump 11.8 names.
constexpr uint8_t kNval = 1, kHval = 3, kSval = 4;
constexpr uint8_t kParamCbank = 0x0a, kFrameSize = 0x11, kMinStack = 0x12, kCbankParamSize = 0x19;
constexpr uint8_t kKparamInfo = 0x17, kSwWar = 0x36, kSw2861232 = 0x35;
constexpr uint8_t kMaxregCount = 0x1b, kExitOffsets = 0x1c, kMaxStack = 0x23, kSw1850030 = 0x2a;
constexpr uint8_t kRegcount = 0x2f, kSw2393858 = 0x30, kApiVersion = 0x37;

void sval(std::vector<uint8_t>& b, uint8_t attr, const std::vector<uint32_t>& words) {
  push(b, kSval, 1);
  push(b, attr, 1);
  push(b, 4 * words.size(), 2);
  for (uint32_t w : words) push(b, w, 4);
}

void hval(std::vector<uint8_t>& b, uint8_t fmt, uint8_t attr, uint16_t v) {
  push(b, fmt, 1);
  push(b, attr, 1);
  push(b, v, 2);
}

constexpr size_t kPhdrSize = 56;  // Elf64_Phdr (System V gABI "Program Header")

struct Sec {
  std::string name;
  uint32_t type = 0;
  uint64_t flags = 0;
  std::vector<uint8_t> data;
  uint32_t link = 0, info = 0;
  uint64_t align = 1, entsize = 0;
};

// The ELF image of `secs` (section i + 1 is secs[i]; secs[0] is .shstrtab, filled here).
std::vector<uint8_t> layout(std::vector<Sec>& secs, unsigned sm) {
  std::vector<size_t> name_at;
  for (const Sec& s : secs) {
    name_at.push_back(secs[0].data.size() + 1);  // the table starts with its NUL
    secs[0].data.insert(secs[0].data.end(), s.name.begin(), s.name.end());
    secs[0].data.push_back(0);
  }
  secs[0].data.insert(secs[0].data.begin(), 0);
  std::vector<uint8_t> out(64, 0);
  std::vector<size_t> at;
  for (const Sec& s : secs) {
    while (out.size() % s.align != 0) out.push_back(0);
    at.push_back(out.size());
    for (uint8_t b : s.data) out.push_back(b);  // (insert() trips GCC 12's -Warray-bounds)
  }
  while (out.size() % 8 != 0) out.push_back(0);
  const size_t shoff = out.size();
  out.resize(shoff + (secs.size() + 1) * 64, 0);
  // Program headers after the section headers, as ptxas 11.8 writes an ET_EXEC cubin (decision
  // CW7): PHDR (the table itself), LOAD of the SHF_ALLOC sections (constant banks and code, all
  // contiguous), and a LOAD ptxas points at the table when there is no NOBITS data. Each R E
  // (p_flags 5), aligned 8, at address 0.
  const size_t phoff = out.size();
  size_t load_at = 0, load_end = 0;
  for (size_t i = 0; i < secs.size(); ++i) {
    if ((secs[i].flags & 2) == 0) continue;  // SHF_ALLOC
    if (load_end == 0) load_at = at[i];
    load_end = at[i] + secs[i].data.size();
  }
  out.resize(phoff + 3 * kPhdrSize, 0);
  const size_t segs[3][3] = {
      {6, phoff, 3 * kPhdrSize}, {1, load_at, load_end - load_at}, {1, phoff, 3 * kPhdrSize}};
  for (size_t k = 0; k < 3; ++k) {
    const size_t h = phoff + k * kPhdrSize;
    put(out, h, segs[k][0], 4);       // p_type: PT_PHDR 6, PT_LOAD 1
    put(out, h + 4, 5, 4);            // p_flags: PF_R | PF_X
    put(out, h + 8, segs[k][1], 8);   // p_offset
    put(out, h + 32, segs[k][2], 8);  // p_filesz
    put(out, h + 40, segs[k][2], 8);  // p_memsz
    put(out, h + 48, 8, 8);           // p_align
  }
  for (size_t i = 0; i < secs.size(); ++i) {
    const size_t h = shoff + (i + 1) * 64;
    const Sec& s = secs[i];
    put(out, h, name_at[i], 4);
    put(out, h + 4, s.type, 4);
    put(out, h + 8, s.flags, 8);
    put(out, h + 24, at[i], 8);
    put(out, h + 32, s.data.size(), 8);
    put(out, h + 40, s.link, 4);
    put(out, h + 44, s.info, 4);
    put(out, h + 48, s.align, 8);
    put(out, h + 56, s.entsize, 8);
  }
  const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0x33, 7};  // ELFOSABI_CUDA, ABI 7
  for (size_t i = 0; i < 16; ++i) out[i] = ident[i];
  put(out, 16, 2, 2);      // ET_EXEC, as ptxas writes a whole-program cubin
  put(out, 18, 190, 2);    // EM_CUDA
  put(out, 20, 0x76, 4);   // e_version as ptxas 11.8 writes it (CUDA API 118)
  put(out, 32, phoff, 8);  // e_phoff
  put(out, 40, shoff, 8);  // e_shoff
  // e_flags: SM | EF_CUDA_TEXMODE_UNIFIED (0x100) | EF_CUDA_64BIT_ADDRESS (0x400) | virtual SM.
  put(out, 48, (sm & 0xffu) | 0x500u | ((sm & 0xffu) << 16), 4);
  put(out, 52, 64, 2);         // e_ehsize
  put(out, 54, kPhdrSize, 2);  // e_phentsize
  put(out, 56, 3, 2);          // e_phnum
  put(out, 58, 64, 2);         // e_shentsize
  put(out, 60, secs.size() + 1, 2);
  put(out, 62, 1, 2);  // e_shstrndx
  return out;
}

}  // namespace

std::vector<uint32_t> exit_offsets(std::span<const uint8_t> text, unsigned sm) {
  std::vector<uint32_t> out;
  if (sm >= 70) {  // 128-bit words, opcode bits 11:0; EXIT is 0x94d (nvdisasm 11.8)
    for (size_t at = 0; at + 16 <= text.size(); at += 16)
      if ((text[at] | (text[at + 1] & 0xf) << 8) == 0x94d) out.push_back(static_cast<uint32_t>(at));
    return out;
  }
  // Maxwell/Pascal bundles: a control word, then three instructions; EXIT is bits 63:52 = 0xe30.
  for (size_t at = 0; at + 8 <= text.size(); at += 8) {
    if (at % 32 == 0) continue;
    if (text[at + 7] == 0xe3 && (text[at + 6] & 0xf0) == 0x00)
      out.push_back(static_cast<uint32_t>(at));
  }
  return out;
}

namespace {

// The bytes a constant-bank operand reads (decision CW6): 8 for a .64 instruction (ULDC.64,
// LDC.64) and for the last operand of a .WIDE one (IMAD.WIDE's 64-bit addend C), else 4.
// `after` points past the operand's offset digits.
unsigned read_bytes(const std::string& l, const char* after) {
  size_t op = l.starts_with("@") ? l.find(' ') + 1 : 0;
  const std::string mnemonic = l.substr(op, l.find(' ', op) - op);
  if (mnemonic.find(".64") != std::string::npos) return 8;
  if (mnemonic.find(".WIDE") == std::string::npos || after == nullptr) return 4;
  std::string_view rest(after);
  while (!rest.empty() && (rest.front() == ']' || rest.front() == ' ')) rest.remove_prefix(1);
  return rest.empty() || rest.front() == ';' ? 8 : 4;
}

}  // namespace

ListingUse listing_use(std::span<const std::string> lines, unsigned sm) {
  ListingUse u;
  const uint64_t base = sm >= 70 ? 0x160 : 0x140;
  for (const std::string& l : lines) {
    // Registers: R<n> (RZ is no register); a .64/.128 operand's pairs are not seen (CB4).
    for (size_t at = l.find('R'); at != std::string::npos; at = l.find('R', at + 1)) {
      if (at > 0 && (std::isalnum(static_cast<unsigned char>(l[at - 1])) != 0 || l[at - 1] == '_'))
        continue;
      unsigned n = 0, digits = 0;
      for (size_t k = at + 1; k < l.size() && std::isdigit(static_cast<unsigned char>(l[k])); ++k)
        n = n * 10 + static_cast<unsigned>(l[k] - '0'), ++digits;
      if (digits > 0 && digits < 4) u.regs = std::max(u.regs, n + 1);
    }
    // Parameters: the highest word of c[0x0][...] (cuobjdump also prints "c[0x0] [0x148]") read
    // at or past the driver's area.
    for (size_t at = l.find("c[0x0]"); at != std::string::npos; at = l.find("c[0x0]", at + 1)) {
      size_t k = at + 6;
      while (k < l.size() && l[k] == ' ') ++k;
      if (l.compare(k, 3, "[0x") != 0) continue;
      char* end = nullptr;
      const uint64_t off = std::strtoull(l.c_str() + k + 3, &end, 16);
      if (off >= base && off < 0x10000)
        u.param_bytes =
            std::max(u.param_bytes, static_cast<unsigned>(off - base) + read_bytes(l, end));
    }
  }
  return u;
}

namespace {

// A symbol table entry (System V gABI "Symbol Table"): name index filled by symbols_of.
struct Sym {
  std::string name;
  uint8_t info = 0, other = 0;
  uint16_t shndx = 0;
  uint64_t value = 0, size = 0;
};

// .nv.info.<k>: API version, ptxas's workaround flags, the parameter bank (only with parameters,
// as ptxas), no register limit, the EXIT offsets.
std::vector<uint8_t> kernel_info(const CubinFunction& f, unsigned sm) {
  std::vector<uint8_t> kinfo;
  // ptxas 11.8 for SM70-SM75: EIATTR_SW_WAR first in each kernel's .nv.info.<k> (decision CW5).
  if (sm >= 70 && sm < 80) sval(kinfo, kSwWar, {1});
  sval(kinfo, kApiVersion, {0x76});
  if (sm < 70) {  // ptxas 11.8 for SM50-SM62: two workaround flags
    hval(kinfo, kNval, kSw2393858, 0);
    hval(kinfo, kNval, kSw1850030, 0);
  } else if (sm >= 80) {  // and for SM80+ (measured on SM86) another
    hval(kinfo, kNval, kSw2861232, 0);
  }
  const uint32_t base = sm >= 70 ? 0x160 : 0x140;  // the driver's area before the parameters
  if (f.param_bytes != 0) {
    sval(kinfo, kParamCbank, {2, (f.param_bytes << 16) | base});
    hval(kinfo, kHval, kCbankParamSize, static_cast<uint16_t>(f.param_bytes));
    // KPARAM_INFO per 4-byte word, last first as ptxas orders them: index 0, ordinal, offset,
    // then size << 18 | cbank 0x1f << 12 (read off ptxas's records; decision CB4).
    for (unsigned w = (f.param_bytes + 3) / 4; w-- > 0;)
      sval(kinfo, kKparamInfo, {0, (4 * w) << 16 | w, 4u << 18 | 0x1fu << 12});
  }
  hval(kinfo, kHval, kMaxregCount, 0xff);
  const auto exits = exit_offsets(f.text, sm);
  if (!exits.empty()) sval(kinfo, kExitOffsets, exits);
  return kinfo;
}

// .strtab and .symtab's bytes of `syms` (index 0, the null symbol, added here).
void symbols_of(const std::vector<Sym>& syms, std::vector<uint8_t>& strtab,
                std::vector<uint8_t>& symtab) {
  strtab.assign(1, 0);
  symtab.assign(elf::kSymSize * (syms.size() + 1), 0);
  for (size_t i = 0; i < syms.size(); ++i) {
    const size_t at = elf::kSymSize * (i + 1);
    put(symtab, at, strtab.size(), 4);
    strtab.insert(strtab.end(), syms[i].name.begin(), syms[i].name.end());
    strtab.push_back(0);
    put(symtab, at + 4, syms[i].info, 1);
    put(symtab, at + 5, syms[i].other, 1);
    put(symtab, at + 6, syms[i].shndx, 2);
    put(symtab, at + 8, syms[i].value, 8);
    put(symtab, at + 16, syms[i].size, 8);
  }
}

}  // namespace

std::vector<uint8_t> write_cubin_functions(std::span<const CubinFunction> functions, unsigned sm) {
  // Sections as ptxas 11.8 orders them (cuobjdump -elf of a ptxas cubin with kernels k3, k2,
  // k1): 1 .shstrtab, 2 .strtab, 3 .symtab, 4 .nv.info, then .nv.info.K, .nv.constant0.K and
  // .text.K, each for every kernel in turn.
  const size_t n = functions.size();
  auto text_index = [&](size_t i) { return static_cast<uint32_t>(5 + 2 * n + i); };
  // Symbols: per kernel its .text section, its subroutines (FUNC, bound as nvdisasm says, in the
  // local part as ptxas puts even a weak one) and its .nv.constant0 section; then the kernels
  // (GLOBAL FUNC, STO_CUDA_ENTRY, the section's size).
  std::vector<Sym> syms;
  std::vector<std::vector<uint32_t>> sub_sym(n);
  for (size_t i = 0; i < n; ++i) {
    const CubinFunction& f = functions[i];
    const auto tx = static_cast<uint16_t>(text_index(i));
    syms.push_back({".text." + f.name, 0x03, 0, tx, 0, 0});
    for (size_t k = 0; k < f.subroutines.size(); ++k) {
      const CubinSubroutine& r = f.subroutines[k];
      const uint64_t end =
          k + 1 < f.subroutines.size() ? f.subroutines[k + 1].offset : f.text.size();
      syms.push_back({r.name, static_cast<uint8_t>(r.bind << 4 | elf::kSttFunc), 0, tx, r.offset,
                      end - r.offset});
      sub_sym[i].push_back(static_cast<uint32_t>(syms.size()));
    }
    syms.push_back({".nv.constant0." + f.name, 0x03, 0, static_cast<uint16_t>(5 + n + i), 0, 0});
  }
  const auto first_global = static_cast<uint32_t>(syms.size() + 1);
  for (size_t i = 0; i < n; ++i) {
    syms.push_back({functions[i].name, 0x12, 0x10, static_cast<uint16_t>(text_index(i)), 0,
                    functions[i].text.size()});
  }
  std::vector<Sec> s(4 + 3 * n);
  s[0] = {".shstrtab", 3, 0, {}, 0, 0, 1, 0};
  std::vector<uint8_t> strtab, symtab;
  symbols_of(syms, strtab, symtab);
  s[1] = {".strtab", 3, 0, strtab, 0, 0, 1, 0};
  s[2] = {".symtab", 2, 0, symtab, 2, first_global, 8, 24};
  // .nv.info: per kernel, last first as ptxas writes them, its register count, then the (empty)
  // stack and frame of each subroutine, last first, and of the kernel.
  std::vector<uint8_t> info;
  for (size_t i = n; i-- > 0;) {
    const uint32_t k = first_global + static_cast<uint32_t>(i);
    sval(info, kRegcount, {k, functions[i].regs});
    std::vector<uint32_t> owners(sub_sym[i].rbegin(), sub_sym[i].rend());
    owners.push_back(k);
    for (uint32_t o : owners) {
      sval(info, kMaxStack, {o, 0});
      sval(info, kMinStack, {o, 0});
      sval(info, kFrameSize, {o, 0});
    }
  }
  s[3] = {".nv.info", 0x70000000, 0, info, 3, 0, 4, 0};
  const uint32_t base = sm >= 70 ? 0x160 : 0x140;  // the driver's area before the parameters
  for (size_t i = 0; i < n; ++i) {
    const CubinFunction& f = functions[i];
    s[4 + i] = {".nv.info." + f.name, 0x70000000, 0, kernel_info(f, sm), 3, text_index(i), 4, 0};
    s[4 + n + i] = {".nv.constant0." + f.name,
                    1,
                    2,
                    std::vector<uint8_t>(base + f.param_bytes, 0),
                    0,
                    text_index(i),
                    4,
                    0};
    // SHF_ALLOC|SHF_EXECINSTR; sh_info = register count << 24 | the kernel's symbol index.
    s[4 + 2 * n + i] = {".text." + f.name,
                        1,
                        6,
                        f.text,
                        3,
                        ((f.regs & 0xffu) << 24) | (first_global + static_cast<uint32_t>(i)),
                        32,
                        0};
  }
  return layout(s, sm);
}

std::vector<uint8_t> write_cubin(const std::string& kernel, std::span<const uint8_t> text,
                                 unsigned sm, unsigned regs, unsigned param_bytes) {
  const CubinFunction f{
      kernel, std::vector<uint8_t>(text.begin(), text.end()), regs, param_bytes, {}};
  return write_cubin_functions(std::span(&f, 1), sm);
}

}  // namespace texsim::isa::sass
