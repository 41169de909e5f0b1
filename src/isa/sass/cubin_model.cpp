// The whole-cubin reader: sections, symbols, .rel/.rela entries and .nv.info EIATTR records, each
// bounds-checked (System V gABI ELF-64; cuobjdump 11.8 -elf for the CUDA section types and
// EIATTRs).
#include "isa/sass/cubin_model.hpp"

#include <array>

#include "core/bytes.hpp"
#include "core/text.hpp"
#include "isa/sass/cubin.hpp"
#include "isa/sass/elf.hpp"

namespace texsim::isa::sass {

namespace {

using elf::kShtCudaInfo;
using elf::kShtNobits;
using elf::kShtRel;
using elf::kShtRela;
using elf::kShtStrtab;
using elf::kShtSymtab;
constexpr const char* kCiteElf = "ELF-64 Object File Format (gABI), Symbol Table / Relocation";
constexpr const char* kCiteInfo = "cuobjdump 11.8 -elf (.nv.info: EIFMT_NVAL/BVAL/HVAL/SVAL)";

// Attribute ids 0x00..0x37 in order (the EIATTR enumeration cuobjdump 11.8 prints; the test
// vendor.sass.cubin_model checks every record's name against cuobjdump -elf).
constexpr std::array<const char*, 56> kEiattr{
    "EIATTR_ERROR",
    "EIATTR_PAD",
    "EIATTR_IMAGE_SLOT",
    "EIATTR_JUMPTABLE_RELOCS",
    "EIATTR_CTAIDZ_USED",
    "EIATTR_MAX_THREADS",
    "EIATTR_IMAGE_OFFSET",
    "EIATTR_IMAGE_SIZE",
    "EIATTR_TEXTURE_NORMALIZED",
    "EIATTR_SAMPLER_INIT",
    "EIATTR_PARAM_CBANK",
    "EIATTR_SMEM_PARAM_OFFSETS",
    "EIATTR_CBANK_PARAM_OFFSETS",
    "EIATTR_SYNC_STACK",
    "EIATTR_TEXID_SAMPID_MAP",
    "EIATTR_EXTERNS",
    "EIATTR_REQNTID",
    "EIATTR_FRAME_SIZE",
    "EIATTR_MIN_STACK_SIZE",
    "EIATTR_SAMPLER_FORCE_UNNORMALIZED",
    "EIATTR_BINDLESS_IMAGE_OFFSETS",
    "EIATTR_BINDLESS_TEXTURE_BANK",
    "EIATTR_BINDLESS_SURFACE_BANK",
    "EIATTR_KPARAM_INFO",
    "EIATTR_SMEM_PARAM_SIZE",
    "EIATTR_CBANK_PARAM_SIZE",
    "EIATTR_QUERY_NUMATTRIB",
    "EIATTR_MAXREG_COUNT",
    "EIATTR_EXIT_INSTR_OFFSETS",
    "EIATTR_S2RCTAID_INSTR_OFFSETS",
    "EIATTR_CRS_STACK_SIZE",
    "EIATTR_NEED_CNP_WRAPPER",
    "EIATTR_NEED_CNP_PATCH",
    "EIATTR_EXPLICIT_CACHING",
    "EIATTR_ISTYPEP_USED",
    "EIATTR_MAX_STACK_SIZE",
    "EIATTR_SUQ_USED",
    "EIATTR_LD_CACHEMOD_INSTR_OFFSETS",
    "EIATTR_LOAD_CACHE_REQUEST",
    "EIATTR_ATOM_SYS_INSTR_OFFSETS",
    "EIATTR_COOP_GROUP_INSTR_OFFSETS",
    "EIATTR_COOP_GROUP_MAX_REGIDS",
    "EIATTR_SW1850030_WAR",
    "EIATTR_WMMA_USED",
    "EIATTR_HAS_PRE_V10_OBJECT",
    "EIATTR_ATOMF16_EMUL_INSTR_OFFSETS",
    "EIATTR_ATOM16_EMUL_INSTR_REG_MAP",
    "EIATTR_REGCOUNT",
    "EIATTR_SW2393858_WAR",
    "EIATTR_INT_WARP_WIDE_INSTR_OFFSETS",
    "EIATTR_SHARED_SCRATCH",
    "EIATTR_STATISTICS",
    "EIATTR_INDIRECT_BRANCH_TARGETS",
    "EIATTR_SW2861232_WAR",
    "EIATTR_SW_WAR",
    "EIATTR_CUDA_API_VERSION",
};

class ModelReader {
 public:
  ModelReader(std::span<const uint8_t> b, const std::string& n, core::DiagSink& s)
      : bytes_(b), name_(n), sink_(s) {}

  std::optional<CubinModel> run() {
    // Headers, section extents and section names: the kernel reader's checks (SASS-CUBIN).
    if (!read_cubin(bytes_, name_, sink_)) return std::nullopt;
    m_.type = static_cast<uint16_t>(get(16, 2));
    m_.flags = get(48, 4);
    const uint64_t shoff = get(40, 8);
    const uint64_t shnum = get(60, 2);
    const uint64_t shstrndx = get(62, 2);
    for (uint64_t i = 0; i < shnum; ++i) {
      const uint64_t h = shoff + i * 64;
      ElfSection s;
      s.type = static_cast<uint32_t>(get(h + 4, 4));
      s.flags = get(h + 8, 8);
      s.offset = get(h + 24, 8);
      s.size = get(h + 32, 8);
      s.link = static_cast<uint32_t>(get(h + 40, 4));
      s.info = static_cast<uint32_t>(get(h + 44, 4));
      s.align = get(h + 48, 8);
      s.entsize = get(h + 56, 8);
      name_at_.push_back(static_cast<uint32_t>(get(h, 4)));
      header_at_.push_back(h);
      m_.sections.push_back(s);
    }
    for (size_t i = 1; i < m_.sections.size(); ++i) {
      const auto n = string_at(shstrndx, name_at_[i], header_at_[i], "SASS-CUBIN");
      if (!n) return std::nullopt;
      m_.sections[i].name = *n;
    }
    if (!symbols() || !relocations() || !nv_info()) return std::nullopt;
    return std::move(m_);
  }

 private:
  uint64_t get(uint64_t off, unsigned n) const { return core::load_le(bytes_, off, n); }

  bool fail(const char* rule, uint64_t off, std::string msg, const char* cite) {
    sink_.error(rule, core::BinaryLoc{name_, off, 0, 0, false}, std::move(msg), cite);
    return false;
  }

  std::optional<std::string> string_at(uint64_t tab_index, uint64_t index, uint64_t field_at,
                                       const char* rule) {
    if (tab_index >= m_.sections.size() || m_.sections[tab_index].type != kShtStrtab) {
      fail(rule, field_at,
           "the name's string table (section " + std::to_string(tab_index) + ") is not SHT_STRTAB",
           kCiteElf);
      return std::nullopt;
    }
    const ElfSection& t = m_.sections[tab_index];
    for (uint64_t p = t.offset + index; index < t.size && p < t.offset + t.size; ++p) {
      if (bytes_[p] == 0)
        return std::string(reinterpret_cast<const char*>(&bytes_[t.offset + index]),
                           p - t.offset - index);
    }
    fail(rule, field_at,
         "name index " + std::to_string(index) +
             " has no NUL-terminated name in its "
             "string table (" +
             std::to_string(t.size) + " bytes)",
         kCiteElf);
    return std::nullopt;
  }

  // The one SHT_SYMTAB: 24-byte entries, names in its sh_link table, section indexes below
  // e_shnum (or reserved, >= SHN_LORESERVE 0xff00), a FUNC symbol's [value, value+size) inside
  // its section.
  bool symbols() {
    for (size_t t = 0; t < m_.sections.size(); ++t) {
      const ElfSection& st = m_.sections[t];
      if (st.type != kShtSymtab) continue;
      if (st.entsize != 24 || st.size % 24 != 0)
        return fail("SASS-CUBIN-SYMBOL", header_at_[t] + 56,
                    "the symbol table's entsize is " + std::to_string(st.entsize) + " and size " +
                        std::to_string(st.size) + " (24-byte entries expected)",
                    kCiteElf);
      symtab_ = t;
      for (uint64_t off = st.offset; off < st.offset + st.size; off += 24) {
        ElfSymbol s;
        const auto n = string_at(st.link, get(off, 4), off, "SASS-CUBIN-SYMBOL");
        if (!n) return false;
        s.name = *n;
        s.info = bytes_[off + 4];
        s.other = bytes_[off + 5];
        s.shndx = static_cast<uint16_t>(get(off + 6, 2));
        s.value = get(off + 8, 8);
        s.size = get(off + 16, 8);
        if (s.shndx < 0xff00 && s.shndx >= m_.sections.size())
          return fail("SASS-CUBIN-SYMBOL", off + 6,
                      "symbol " + s.name + " names section " + std::to_string(s.shndx) + " of " +
                          std::to_string(m_.sections.size()),
                      kCiteElf);
        if ((s.info & 0xf) == 2 && s.shndx != 0 && s.shndx < 0xff00) {
          const uint64_t sz = m_.sections[s.shndx].size;
          if (s.value > sz || s.size > sz - s.value)
            return fail("SASS-CUBIN-SYMBOL", off + 8,
                        "function " + s.name + " [" + core::hex(s.value) + ", +" +
                            core::hex(s.size) + ") lies outside its " + "section " +
                            m_.sections[s.shndx].name + " (" + core::hex(sz) + " bytes)",
                        kCiteElf);
        }
        m_.symbols.push_back(std::move(s));
      }
    }
    return true;
  }

  // .rel (16-byte Elf64_Rel) and .rela (24-byte Elf64_Rela): sh_info the patched section, each
  // r_offset inside it (4 bytes at least: the smallest R_CUDA field is a word), its symbol in
  // the symbol table.
  bool relocations() {
    for (size_t r = 0; r < m_.sections.size(); ++r) {
      const ElfSection& s = m_.sections[r];
      if (s.type != kShtRel && s.type != kShtRela) continue;
      const uint64_t es = s.type == kShtRel ? 16 : 24;
      if (s.entsize != es || s.size % es != 0)
        return fail("SASS-CUBIN-REL", header_at_[r] + 56,
                    s.name + " has entsize " + std::to_string(s.entsize) + " and size " +
                        std::to_string(s.size) + " (" + std::to_string(es) +
                        "-byte entries expected)",
                    kCiteElf);
      if (s.info == 0 || s.info >= m_.sections.size())
        return fail("SASS-CUBIN-REL", header_at_[r] + 44,
                    s.name + " patches section " + std::to_string(s.info) + " of " +
                        std::to_string(m_.sections.size()),
                    kCiteElf);
      const uint64_t target = m_.sections[s.info].size;
      for (uint64_t off = s.offset; off < s.offset + s.size; off += es) {
        ElfReloc e;
        e.section = static_cast<uint32_t>(r);
        e.target = s.info;
        e.offset = get(off, 8);
        const uint64_t info = get(off + 8, 8);
        e.type = static_cast<uint32_t>(info & 0xffffffffu);
        e.symbol = static_cast<uint32_t>(info >> 32);
        if (es == 24) e.addend = static_cast<int64_t>(get(off + 16, 8));
        if (e.offset > target || target - e.offset < 4)
          return fail("SASS-CUBIN-REL", off,
                      s.name + ": r_offset " + core::hex(e.offset) + " is not a word inside " +
                          m_.sections[s.info].name + " (" + core::hex(target) + " bytes)",
                      kCiteElf);
        if (e.symbol >= m_.symbols.size())
          return fail("SASS-CUBIN-REL", off + 12,
                      s.name + ": symbol " + std::to_string(e.symbol) + " of " +
                          std::to_string(m_.symbols.size()),
                      kCiteElf);
        m_.relocs.push_back(e);
      }
    }
    return true;
  }

  // .nv.info and .nv.info.<kernel> (SHT 0x70000000): records back to back to the section's end.
  bool nv_info() {
    for (size_t i = 0; i < m_.sections.size(); ++i) {
      const ElfSection& s = m_.sections[i];
      if (s.type != kShtCudaInfo || s.type == kShtNobits) continue;
      for (uint64_t p = 0; p < s.size;) {
        const uint64_t at = s.offset + p;
        if (s.size - p < 4)
          return fail("SASS-CUBIN-NVINFO", at,
                      s.name + ": a record at " + core::hex(p) + " has " +
                          std::to_string(s.size - p) + " bytes (4 at least)",
                      kCiteInfo);
        NvInfoRecord r;
        r.section = static_cast<uint32_t>(i);
        r.offset = p;
        r.format = bytes_[at];
        r.attribute = bytes_[at + 1];
        if (r.format < 1 || r.format > 4)
          return fail("SASS-CUBIN-NVINFO", at,
                      s.name + ": record " + core::hex(p) + " has format " +
                          std::to_string(r.format) + " (EIFMT_NVAL 1, BVAL 2, HVAL 3, SVAL 4)",
                      kCiteInfo);
        uint64_t len = 2;
        if (r.format == 4) {
          len = get(at + 2, 2);
          if (len > s.size - p - 4)
            return fail("SASS-CUBIN-NVINFO", at + 2,
                        s.name + ": record " + core::hex(p) + " (" + eiattr_name(r.attribute) +
                            ") holds " + std::to_string(len) + " bytes past the section's end",
                        kCiteInfo);
          r.value.assign(bytes_.begin() + static_cast<std::ptrdiff_t>(at + 4),
                         bytes_.begin() + static_cast<std::ptrdiff_t>(at + 4 + len));
          p += 4 + len;
        } else {
          r.value = {bytes_[at + 2], bytes_[at + 3]};
          p += 4;
        }
        m_.nv_info.push_back(std::move(r));
      }
    }
    return true;
  }

  std::span<const uint8_t> bytes_;
  const std::string& name_;
  core::DiagSink& sink_;
  CubinModel m_;
  std::vector<uint32_t> name_at_;
  std::vector<uint64_t> header_at_;
  size_t symtab_ = 0;
};

}  // namespace

std::string eiattr_name(uint8_t attribute) {
  return attribute < kEiattr.size() ? kEiattr[attribute] : "";
}

std::optional<CubinModel> read_cubin_model(std::span<const uint8_t> bytes, const std::string& name,
                                           core::DiagSink& sink) {
  return ModelReader(bytes, name, sink).run();
}

}  // namespace texsim::isa::sass
