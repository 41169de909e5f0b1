// Instructions texsim does not model, printed from their .isa bytes (isa_print.hpp): IGC's forms
// (visa/IsaDisassembly.cpp: common class, control flow, fences, LSC untyped, scaled messages)
// where the line keeps every byte; otherwise the layout-driven form the text encoder reads.
#include "isa/visa/isa_print.hpp"

#include <array>

#include "core/bytes.hpp"
#include "core/text.hpp"
#include "isa/visa/isa_text_internal.hpp"
#include "isa/visa/model.hpp"
#include "isa/visa/types.hpp"

namespace texsim::isa::visa {
namespace {

struct Fields {
  const IsaInst& in;
  const PrintEnv& env;
  uint8_t byte(size_t i) const { return in.bytes[in.fields[i].offset]; }
  uint64_t le(size_t i, unsigned skip, unsigned n) const {
    return core::load_le(in.bytes, in.fields[i].offset + skip, n);
  }
  unsigned idb() const { return env.version >= kRawId32Version ? 4 : 2; }
  size_t size() const { return in.fields.size(); }
  char token(size_t i) const { return in.fields[i].token; }
};

std::string region_text(uint16_t r) {
  static constexpr std::array<const char*, 8> kVal{"?", "0", "1", "2", "4", "8", "16", "32"};
  const unsigned v = r & 0xf, w = (r >> 4) & 0xf, h = (r >> 8) & 0xf;
  if (v > 7 || w > 7 || h > 7 || h == 0 || (r >> 12) != 0) return "<?>";
  if (w == 0) return v == 0 ? std::string("<") + kVal[h] + ">" : "<?>";
  if (v == 0) return std::string("<") + kVal[w] + "," + kVal[h] + ">";
  return std::string("<") + kVal[v] + ";" + kVal[w] + "," + kVal[h] + ">";
}

// A vector operand at field i as IGC prints it (printVectorOperand); "" when its bytes have no
// text that reads back the same.
std::string vector_text(const Fields& f, size_t i) {
  const WalkedField& w = f.in.fields[i];
  const uint8_t tag = f.in.bytes[w.offset];
  static constexpr std::array<const char*, 8> kMods{"", "(abs)", "(-)", "(-abs)",
                                                    "", "(~)",   "?",   "?"};
  const unsigned mod = (tag >> 3) & 7;
  if (mod > 5 || (tag >> 6) != 0) return {};
  const std::string m = kMods[mod];
  const SymbolTable& s = f.env.syms;
  const unsigned idb = f.idb();
  switch (tag & 7) {
    case 0: {  // general
      const std::string r = region_text(static_cast<uint16_t>(f.le(i, 1 + idb + 2, 2)));
      if (r == "<?>") return {};
      return m + s.name_of(VarClass::kGeneral, static_cast<uint32_t>(f.le(i, 1, idb))) + "(" +
             std::to_string(f.in.bytes[w.offset + 1 + idb]) + "," +
             std::to_string(f.in.bytes[w.offset + 2 + idb]) + ")" + r;
    }
    case 1: {  // address A0(offset)<width>
      const unsigned width = f.in.bytes[w.offset + 4];
      if (width > 5) return {};
      return m + s.name_of(VarClass::kAddress, static_cast<uint32_t>(f.le(i, 1, 2))) + "(" +
             std::to_string(f.in.bytes[w.offset + 3]) + ")<" + std::to_string(1u << width) + ">";
    }
    case 2:  // predicate
      return m + s.name_of(VarClass::kPredicate, static_cast<uint32_t>(f.le(i, 1, 2)));
    case 3: {  // indirect r[A0(1),-2]<region>:type
      const uint8_t type = f.in.bytes[w.offset + 6];
      const std::string r = region_text(static_cast<uint16_t>(f.le(i, 7, 2)));
      if (type > 15 || r == "<?>") return {};
      return m + "r[" + s.name_of(VarClass::kAddress, static_cast<uint32_t>(f.le(i, 1, 2))) + "(" +
             std::to_string(f.in.bytes[w.offset + 3]) + ")," +
             std::to_string(static_cast<int16_t>(f.le(i, 4, 2))) + "]" + r + ":" +
             std::string(type_name(static_cast<VisaType>(type)));
    }
    case 5: {  // immediate: every stored bit, in hex
      const uint8_t type = f.in.bytes[w.offset + 1];
      if (type > 15) return {};
      return m + core::hex(f.le(i, 2, w.size - 2)) + ":" +
             std::string(type_name(static_cast<VisaType>(type)));
    }
    case 6: {  // state: class (0 surface, 1 sampler), id, offset
      const uint8_t cls = f.in.bytes[w.offset + 1];
      if (cls > 1 || mod != 0) return {};
      return s.name_of(cls == 1 ? VarClass::kSampler : VarClass::kSurface,
                       static_cast<uint32_t>(f.le(i, 2, 2))) +
             "(" + std::to_string(f.in.bytes[w.offset + 4]) + ")";
    }
    default:
      return {};
  }
}

std::string raw_text(const Fields& f, size_t i, bool bare = false) {
  const auto off = f.le(i, f.idb(), 2);
  const std::string n =
      f.env.syms.name_of(VarClass::kGeneral, static_cast<uint32_t>(f.le(i, 0, f.idb())));
  return bare && off == 0 ? n : n + "." + std::to_string(off);
}

bool null_raw(const Fields& f, size_t i) {
  return f.le(i, 0, f.idb()) == 0 && f.le(i, f.idb(), 2) == 0;
}

std::string pred_text(uint16_t p, const PrintEnv& env) {
  if ((p & 0xfff) == 0) return {};
  const unsigned ctrl = (p >> 13) & 3;
  return std::string("(") + ((p & 0x8000) != 0 ? "!" : "") +
         env.syms.name_of(VarClass::kPredicate, p & 0xfffu) +
         (ctrl == 1   ? ".any"
          : ctrl == 2 ? ".all"
                      : "") +
         ") ";
}

// fence_* (ISA_FENCE mask bits) and lsc_fence.SFID.OP.SCOPE; "" when not printable so.
std::string fence_text(const Fields& f) {
  if (f.in.opcode == 0x5c && f.size() == 1) {
    const uint8_t m = f.byte(0);
    // IGC prints every mask with bit 7 as fence_sw and its text parser reads fence_sw as 0x80:
    // bits 6:0 of a software fence (IGC's compiler writes 0xa1) do not survive text (V57).
    if ((m & 0x80) != 0) return "fence_sw";
    if (m == 0) return "fence_global";
    std::string s = (m & 0x20) != 0 ? "fence_local." : "fence_global.";
    static constexpr std::array<const char*, 7> kBits{"E", "I", "S", "C", "R", "", "L1"};
    for (unsigned b = 0; b < 7; ++b)
      if ((m >> b) & 1) s += kBits[b];
    return s;
  }
  // lsc_fence: E P sfid op scope; a truncated one (V34) prints the parts that are there.
  const bool whole = f.size() == 5 || (f.env.truncated && f.size() >= 2);
  if (f.in.opcode == 0x8b && whole && f.byte(0) == 0x80 && f.le(1, 0, 2) == 0 &&
      (f.size() < 3 || f.byte(2) < 4) && (f.size() < 4 || f.byte(3) < 7) &&
      (f.size() < 5 || f.byte(4) < 7)) {
    static constexpr std::array<const char*, 4> kSfid{".ugm", ".ugml", ".tgm", ".slm"};
    static constexpr std::array<const char*, 7> kOps{
        ".none", ".evict", ".invalidate", ".discard", ".clean", ".flushl3", ".type6"};
    static constexpr std::array<const char*, 7> kScopes{".group", ".local",  ".tile",  ".gpu",
                                                        ".gpus",  ".sysrel", ".sysacq"};
    std::string s = "lsc_fence";
    if (f.size() > 2) s += kSfid[f.byte(2)];
    if (f.size() > 3) s += kOps[f.byte(3)];
    if (f.size() > 4) s += kScopes[f.byte(4)];
    return s;
  }
  return {};
}

// IGC's LSC surface operand (LscInstFormatter::formatVectorOperand): a UD immediate in upper-case
// hex without its type, a general operand as NAME or NAME(row,col) (region <0;1,0>, as IGC's
// parser writes it); "" for anything else (printed in the layout-driven form).
std::string lsc_surface_text(const Fields& f, size_t i) {
  const WalkedField& w = f.in.fields[i];
  const uint8_t tag = f.in.bytes[w.offset];
  if (tag == 5 && f.in.bytes[w.offset + 1] == 0 && w.size == 6) {
    return "0x" + core::to_upper(core::hex(f.le(i, 2, 4)).substr(2));
  }
  const unsigned idb = f.idb();
  if (tag != 0 || f.le(i, 1 + idb + 2, 2) != 0x0121) return {};
  const uint8_t row = f.in.bytes[w.offset + 1 + idb], col = f.in.bytes[w.offset + 2 + idb];
  const std::string n =
      f.env.syms.name_of(VarClass::kGeneral, static_cast<uint32_t>(f.le(i, 1, idb)));
  return row == 0 && col == 0 ? n : n + "(" + std::to_string(row) + "," + std::to_string(col) + ")";
}

// An LSC address: TYPE[(SURFACE)][[SCALE*]NAME[.off][+-OFF]]:aNN.
std::string addr_text(const Fields& f, bool has_surface, const std::string& surf, uint8_t atype,
                      uint8_t asize) {
  static constexpr std::array<const char*, 6> kTypes{"?", "flat", "bss", "ss", "bti", "arg"};
  static constexpr std::array<const char*, 4> kASize{"?", "a16", "a32", "a64"};
  std::string addr = kTypes[atype];
  if (has_surface) addr += "(" + surf + ")";
  addr += "[";
  const auto scale = static_cast<uint16_t>(f.le(7, 0, 2));
  if (scale != 1) addr += core::hex(scale) + "*";
  addr += raw_text(f, 16, true);
  const auto offset = static_cast<int32_t>(static_cast<uint32_t>(f.le(8, 0, 4)));
  if (offset != 0)
    addr += (offset < 0 ? "-" : "+") +
            core::hex(static_cast<uint32_t>(offset < 0 ? -static_cast<int64_t>(offset) : offset));
  return addr + "]:" + kASize[asize];
}

// lsc_load/lsc_store[_quad].SFID[.L1.L3] (exec)  DATA  ADDR (LSC formatter); "" when a field
// holds a value this form cannot show.
std::string lsc_text(const Fields& f) {
  // Fields: s E P sfid l1 l3 atype scale offset asize dsize order elems chmask surf dst s0 s1 s2
  const bool cut = f.env.truncated;  // V34: the last operands may be missing
  if (f.in.opcode != 0x89 || f.size() < 16 || (!cut && f.size() != 19)) return {};
  const uint8_t op = f.byte(0);
  const bool atomic = !text::lsc_atomic_name(op).empty();
  if (op != 0 && op != 2 && op != 4 && op != 6 && !atomic) return {};
  if (!atomic && f.size() < 17) return {};  // a truncated load or store keeps two operands
  const bool quad = op == 2 || op == 6, store = op == 4 || op == 6;
  const uint8_t sfid = f.byte(3), l1 = f.byte(4), l3 = f.byte(5), atype = f.byte(6);
  const uint8_t asize = f.byte(9), dsize = f.byte(10), order = f.byte(11), elems = f.byte(12),
                chmask = f.byte(13);
  if (sfid > 3 || l1 > 6 || l3 > 6 || atype < 1 || atype > 5 || asize < 1 || asize > 3 ||
      dsize < 1 || dsize > 7 || elems > 8)
    return {};
  // elems and chmask are one union in IGC, written twice (V55).
  if (elems != chmask ||
      (quad ? (order != 1 || chmask == 0 || chmask > 15) : (order < 1 || order > 2)))
    return {};
  // Surface: flat/arg have none (IGC writes 0:ud), bss/ss/bti print it.
  const bool has_surface = atype >= 2 && atype <= 4;
  const std::string surf = lsc_surface_text(f, 14);
  if (surf.empty()) return {};
  if (!has_surface && surf != "0x0") return {};
  if (!cut && !atomic && (!null_raw(f, 18) || !null_raw(f, store ? 15 : 17))) return {};
  static constexpr std::array<const char*, 4> kSfid{".ugm", ".ugml", ".tgm", ".slm"};
  static constexpr std::array<const char*, 7> kCache{".df", ".uc", ".ca", ".wb",
                                                     ".wt", ".st", ".ri"};
  static constexpr std::array<const char*, 8> kSize{"?",   "d8",    "d16",    "d32",
                                                    "d64", "d8c32", "d16c32", "d16c32h"};
  static constexpr std::array<unsigned, 9> kElems{0, 1, 2, 3, 4, 8, 16, 32, 64};
  std::string s = (atomic    ? "lsc_atomic_" + std::string(text::lsc_atomic_name(op))
                   : op == 0 ? std::string("lsc_load")
                   : op == 2 ? std::string("lsc_load_quad")
                   : op == 4 ? std::string("lsc_store")
                             : std::string("lsc_store_quad")) +
                  kSfid[sfid];
  if (l1 != 0 || l3 != 0) s += std::string(kCache[l1]) + kCache[l3];
  s += " " + exec_size_text(f.byte(1)) + " ";
  if (store && f.size() < 18) return s + " " + addr_text(f, has_surface, surf, atype, asize);
  std::string data = raw_text(f, store ? 17 : 15, true) + ":" + kSize[dsize];
  if (quad) {
    data += ".";
    for (unsigned c = 0; c < 4; ++c)
      if ((chmask >> c) & 1) data += "xyzw"[c];
  } else {
    if (elems != 1) data += "x" + std::to_string(kElems[elems]);
    if (order == 2) data += "t";
  }
  if (atomic && f.size() < 17) return s + " " + data;  // truncated (V34): the destination only
  const std::string addr = addr_text(f, has_surface, surf, atype, asize);
  if (atomic) {  // IGC's LSC formatter: dst, address, then src1 and src2 (bare raw operands)
    s += " " + data + "  " + addr;
    for (size_t i = 17; i < f.size(); ++i) s += "  " + raw_text(f, i, true);
    return s;
  }
  return s + " " + (store ? addr + "  " + data : data + "  " + addr);
}

// ".add", ".inc.16", ".fmax.64": an atomic op byte as IGC prints it (printAtomicSubOpc; bits 4:0
// the op, bit 5 16-bit, bit 6 64-bit); "" for an op with no name.
std::string atomic_suffix(uint8_t v) {
  const std::string_view name = text::atomic_op_name(v & 0x1fu);
  if (name.empty() || (v >> 5) > 2) return {};
  return "." + std::string(name) + ((v >> 5) == 1 ? ".16" : (v >> 6) == 1 ? ".64" : "");
}

std::string channels(uint8_t mask) {
  std::string s;
  for (int i = 0; i < 4; ++i)
    if ((mask >> i) & 1) s += "RGBA"[i];
  return s;
}

// gather4/scatter4_scaled.CH and gather/scatter_scaled.N (printed without scale: it must be 0).
std::string scaled_text(const Fields& f) {
  const uint8_t op = f.in.opcode;
  std::string s;
  size_t first = 0;
  const bool cut = f.env.truncated;
  if ((op == 0x74 || op == 0x75) && (cut ? f.size() >= 5 : f.size() == 8)) {
    if (f.le(3, 0, 2) != 0 || f.byte(2) == 0 || f.byte(2) > 15) return {};
    s = std::string(op == 0x74 ? "gather4_scaled." : "scatter4_scaled.") + channels(f.byte(2)) +
        " " + exec_size_text(f.byte(0)) + " " + f.env.syms.name_of(VarClass::kSurface, f.byte(4));
    first = 5;
  } else if ((op == 0x78 || op == 0x79) && (cut ? f.size() >= 6 : f.size() == 9)) {
    if (f.byte(2) != 0 || f.byte(3) > 2 || f.le(4, 0, 2) != 0) return {};
    s = std::string(op == 0x78 ? "gather_scaled." : "scatter_scaled.") +
        std::to_string(1u << f.byte(3)) + " " + exec_size_text(f.byte(0)) + " " +
        f.env.syms.name_of(VarClass::kSurface, f.byte(5));
    first = 6;
  } else {
    return {};
  }
  if (cut) {  // the operands that are there (V34)
    for (size_t i = first; i < f.size(); ++i)
      s += " " + (f.token(i) == 'R' ? raw_text(f, i) : vector_text(f, i));
    return s;
  }
  const std::string v = vector_text(f, first);
  if (v.empty()) return {};
  return s + " " + v + " " + raw_text(f, first + 1) + " " + raw_text(f, first + 2);
}

// The operands at `first`.. that are there, raw or vector, each after a blank.
std::string operands_from(const Fields& f, size_t first) {
  std::string s;
  for (size_t i = first; i < f.size(); ++i) {
    const std::string v = f.token(i) == 'R' ? raw_text(f, i) : vector_text(f, i);
    if (v.empty()) return "\x01";  // a vector operand no text shows: not this form
    s += " " + v;
  }
  return s;
}

// The dataport messages IGC prints with their own syntax (IsaDisassembly.cpp
// printInstructionDataport / printInstructionSVM of 1.0.12504): gather4/scatter4_typed.CH,
// dword_atomic.OP, svm_gather/svm_scatter.BS.NB, svm_atomic.OP (its destination printed before
// the sources), svm_gather4scaled/svm_scatter4scaled.CH, media_st.MODE (W,H),
// oword_ld[_unaligned][.mod] (N) / oword_st (N). "" when a field holds what the
// form cannot show. A truncated routine's instruction (V34) prints the operands that are there.
std::string dataport_text(const Fields& f) {
  const uint8_t op = f.in.opcode;
  const bool cut = f.env.truncated;
  auto complete = [&](size_t n, size_t at_least) {
    return cut ? f.size() >= at_least : f.size() == n;
  };
  auto surface = [&](size_t i) { return f.env.syms.name_of(VarClass::kSurface, f.byte(i)); };
  std::string head;
  size_t first = 0;
  if ((op == 0x4b || op == 0x4c) && complete(9, 4)) {
    if (f.byte(2) == 0 || f.byte(2) > 15) return {};
    head = std::string(op == 0x4b ? "gather4_typed." : "scatter4_typed.") + channels(f.byte(2)) +
           " " + exec_size_text(f.byte(0)) + " " + surface(3);
    first = 4;
  } else if (op == 0x7d && complete(8, 4)) {
    const std::string a = atomic_suffix(f.byte(0));
    if (a.empty()) return {};
    head = "dword_atomic" + a + " " + exec_size_text(f.byte(1)) + " " + surface(3);
    first = 4;
  } else if (op == 0x4e && (f.byte(0) == 3 || f.byte(0) == 4) && complete(7, 5)) {
    static constexpr std::array<unsigned, 3> kBlock{1, 4, 8};
    if (f.byte(3) > 2 || f.byte(4) > 3) return {};
    head = std::string(f.byte(0) == 3 ? "svm_gather." : "svm_scatter.") +
           std::to_string(kBlock[f.byte(3)]) + "." + std::to_string(1u << f.byte(4)) + " " +
           exec_size_text(f.byte(1));
    first = 5;
  } else if (op == 0x4e && f.byte(0) == 5 && complete(8, 4)) {
    const std::string a = atomic_suffix(f.byte(3));
    if (a.empty()) return {};
    head = "svm_atomic" + a + " " + exec_size_text(f.byte(1)) + " " + raw_text(f, 4);
    // IGC prints the destination (the binary's last operand) before the sources: a truncated
    // instruction (V34) has no destination, so only the addresses are IGC's first operands.
    if (cut) return head;
    return head + " " + raw_text(f, 7) + " " + raw_text(f, 5) + " " + raw_text(f, 6);
  } else if (op == 0x4e && (f.byte(0) == 6 || f.byte(0) == 7) && complete(8, 5)) {
    // IGC's parser writes scale 0 and its printer leaves it out: another scale keeps the
    // layout-driven form, which shows it.
    if (f.byte(3) == 0 || f.byte(3) > 15 || f.le(4, 0, 2) != 0) return {};
    head = std::string(f.byte(0) == 6 ? "svm_gather4scaled." : "svm_scatter4scaled.") +
           channels(f.byte(3)) + " " + exec_size_text(f.byte(1));
    first = 5;
  } else if (op == 0x38 && complete(8, 5)) {
    // media_st_mod_str of printInstructionDataport: codes 4 and 5 (top_mod, bottom_mod, which
    // its parser reads) are past its end: they keep the layout-driven form.
    static constexpr std::array<const char*, 4> kModes{"nomod", "reserved", "top", "bottom"};
    if (f.byte(0) > 3 || f.byte(2) > 15) return {};
    head = std::string("media_st.") + kModes[f.byte(0)] + " (" + std::to_string(f.byte(3)) + "," +
           std::to_string(f.byte(4)) + ") " + surface(1) + " " + std::to_string(f.byte(2));
    first = 5;
  } else if ((op == 0x35 || op == 0x3c) && complete(5, 3)) {
    if (f.byte(0) > 4 || f.byte(1) > 1) return {};
    head = std::string(op == 0x35 ? "oword_ld" : "oword_ld_unaligned") +
           (f.byte(1) != 0 ? ".mod" : "") + " (" + std::to_string(1u << f.byte(0)) + ") " +
           surface(2);
    first = 3;
  } else if (op == 0x36 && complete(4, 2)) {
    if (f.byte(0) > 4) return {};
    head = "oword_st (" + std::to_string(1u << f.byte(0)) + ") " + surface(1);
    first = 2;
  } else {
    return {};
  }
  const std::string ops = operands_from(f, first);
  return ops == "\x01" ? std::string() : head + ops;
}

// 3D sampler messages of a truncated routine (V34; complete ones are decoded by the model): the
// sub-op and channels join the mnemonic, sampler and surface by name, the operands that are there.
std::string sampler_text(const Fields& f) {
  const uint8_t op = f.in.opcode;
  const bool gather4 = op == kOpcode3DGather4;  // Src_channel, one space (IsaDisassembly)
  if (!f.env.truncated || (op != kOpcode3DSample && op != kOpcode3DLoad && !gather4) ||
      f.size() < 4)
    return {};
  // The sub-op: bits 7:0 of a UW from 4.0, bits 4:0 of a UB before (flags above: model.hpp).
  const unsigned sub = f.env.version >= kWideOpVersion ? f.byte(0) : f.byte(0) & 0x1fu;
  std::string name = "?";
  for (const InstrRow* row : rows_for_opcode(op))
    if (row->sub_op && *row->sub_op == sub) name = std::string(row->mnemonic);
  std::string out = name + "." +
                    (!gather4        ? channels(f.byte(3))
                     : f.byte(3) < 4 ? std::string(1, "RGBA"[f.byte(3)])
                                     : std::string("illegal")) +
                    " " + exec_size_text(f.byte(1)) + (gather4 ? "" : " ");
  for (size_t i = 4; i < f.size(); ++i) {
    const char t = f.token(i);
    if (t == 'n') continue;
    if (t == 'b') {
      const bool sampler = (op == kOpcode3DSample || gather4) && i == 5;
      out += " " + f.env.syms.name_of(sampler ? VarClass::kSampler : VarClass::kSurface, f.byte(i));
    } else if (t == 'R') {
      out += " " + raw_text(f, i);
    } else {
      const std::string v = vector_text(f, i);
      out += " " + (v.empty() ? "?" : v);
    }
  }
  return out;
}

// raw_send[c] and raw_sends[c] as IGC prints them (ISA_RAW_SEND/ISA_RAW_SENDS: operands after
// two blanks); sbarrier.signal/.wait. "" when a field holds what this form cannot show.
std::string send_text(const Fields& f) {
  const uint8_t op = f.in.opcode;
  // svm_block_ld/st: s props V R (no exec size, no predicate).
  // IGC's writer sets bit 7 for an unaligned block (VISAKernelImpl
  // AppendVISASvmGeneralBlockInst: `size | 0x80`) while its reader and printer read bit 3; its
  // printer ignores bit 7, and so does this text (decision V63).
  if (op == 0x4e && f.size() == 4 && (f.byte(0) == 1 || f.byte(0) == 2) &&
      (f.byte(1) & 0x70) == 0 && (f.byte(1) & 7) <= 4) {
    const std::string a = vector_text(f, 2);
    if (a.empty()) return {};
    return std::string(f.byte(0) == 1 ? "svm_block_ld" : "svm_block_st") +
           ((f.byte(1) & 8) != 0 ? ".unaligned" : "") + " (" +
           std::to_string(1u << (f.byte(1) & 7)) + ") " + a + " " + raw_text(f, 3);
  }
  if (op == 0x7c && f.size() == 1 && f.byte(0) < 2)
    return f.byte(0) == 1 ? "sbarrier.signal" : "sbarrier.wait";
  if (op == 0x5d && f.size() == 9 && f.byte(0) < 2) {  // b E P d b b V R R
    const std::string desc = vector_text(f, 6);
    if (desc.empty()) return {};
    return std::string(f.byte(0) == 1 ? "raw_sendc " : "raw_send ") + exec_size_text(f.byte(1)) +
           " " + core::hex(f.le(3, 0, 4)) + " " + std::to_string(f.byte(4)) + " " +
           std::to_string(f.byte(5)) + "  " + desc + " " + raw_text(f, 7) + " " + raw_text(f, 8);
  }
  // b E P b b b F V V R R R (F only from 3.6)
  if (op == 0x7a && f.size() == 12 && f.in.fields[6].size == 1 && f.byte(0) < 4) {
    const std::string ex = vector_text(f, 7), desc = vector_text(f, 8);
    if (ex.empty() || desc.empty()) return {};
    return std::string((f.byte(0) & 1) != 0 ? "raw_sendsc." : "raw_sends.") +
           std::to_string(f.byte(6)) + "." + ((f.byte(0) & 2) != 0 ? "eot." : "") +
           std::to_string(f.byte(3)) + "." + std::to_string(f.byte(4)) + "." +
           std::to_string(f.byte(5)) + " " + exec_size_text(f.byte(1)) + "  " + ex + " " + desc +
           " " + raw_text(f, 9) + " " + raw_text(f, 10) + " " + raw_text(f, 11);
  }
  return {};
}

bool is_label_op(uint8_t opcode) {
  return opcode == 0x32 || opcode == 0x33 || opcode == 0x6c;
}

// A byte field: cmp's relation and min/max's selector (the first byte field) join the mnemonic,
// bfn's function (its last field) becomes the .xNN suffix, other bytes print as numbers. False when
// a relation or selector has no text form.
bool byte_operand(const Fields& f, size_t i, bool first_byte, bool last, std::string& mn,
                  std::string& ops) {
  const uint8_t opcode = f.in.opcode;
  const bool cmp = opcode == 0x2c, minmax = opcode == 0x45, bfn = opcode == 0x85;
  const uint8_t b = f.byte(i);
  if ((cmp || minmax) && first_byte) {
    static constexpr std::array<const char*, 6> kRel{"eq", "ne", "gt", "ge", "lt", "le"};
    if (cmp && (b & 0x7f) < 6) {
      mn = std::string((b & 0x80) != 0 ? "cmpn." : "cmp.") + kRel[b & 0x7f];
      return true;
    }
    if (minmax && b < 2) {
      mn = b == 0 ? "min" : "max";
      return true;
    }
    return false;
  }
  if (bfn && last) {
    mn += ".x" + core::hex(b).substr(2);
    return true;
  }
  ops += " " + std::to_string(b);
  return true;
}

// addr_add's src0 as IGC prints a general operand there (printInstructionCommon): &NAME, then
// [byte offset] = row x GRF + column x element size when not 0. Only a <0;1,0> operand without a
// modifier (what IGC's parser writes for &NAME) takes this form; "" otherwise.
std::string address_of_text(const Fields& f, size_t i) {
  const WalkedField& w = f.in.fields[i];
  const uint8_t tag = f.in.bytes[w.offset];
  if (tag != 0) return {};
  const unsigned idb = f.idb();
  if (region_text(static_cast<uint16_t>(f.le(i, 1 + idb + 2, 2))) != "<0;1,0>") return {};
  const auto id = static_cast<uint32_t>(f.le(i, 1, idb));
  const Variable* v = f.env.syms.find(VarClass::kGeneral, id);
  const unsigned esize = v != nullptr ? type_size(v->type) : 4;
  const unsigned off =
      f.in.bytes[w.offset + 1 + idb] * f.env.grf_bytes + f.in.bytes[w.offset + 2 + idb] * esize;
  return "&" + f.env.syms.name_of(VarClass::kGeneral, id) +
         (off != 0 ? "[" + std::to_string(off) + "]" : "");
}

// The layout-driven form: [pred] mnemonic[.suffixes] [exec] fields (IGC's common printer for
// the common class, control flow and sync; the same shape for every other layout).
std::string layout_text(const Fields& f) {
  const IsaInst& in = f.in;
  const OpLayout* l = find_layout(in.opcode);
  std::string mn = l != nullptr ? std::string(l->mnemonic) : "?";
  std::string pred, exec, ops;
  size_t first = 0;
  if (f.size() > 0 && f.token(0) == 's') {  // a named sub-op joins the mnemonic, others follow it
    const OpLayout* sl = find_sub_layout(in.opcode, f.byte(0));
    if (sl != nullptr && sub_op_of(sl->mnemonic))
      mn = std::string(sl->mnemonic);
    else
      mn += " " + std::to_string(f.byte(0));
    first = 1;
  }
  bool first_b = true, first_v = true;
  for (size_t i = first; i < f.size(); ++i) {
    const char t = f.token(i);
    const bool last = i + 1 == f.size();
    if (in.fields[i].size == 0) continue;  // F before 3.6, W before 3.1: not in the file
    switch (t) {
      case 'E':
        exec = " " + exec_size_text(f.byte(i));
        continue;
      case 'P':
        pred = pred_text(static_cast<uint16_t>(f.le(i, 0, 2)), f.env);
        continue;
      case 'b': {
        const bool first_byte = first_b;
        first_b = false;
        if (!byte_operand(f, i, first_byte, last, mn, ops)) return {};
        continue;
      }
      case 'w':
        // jmp/call/goto's target and switchjmp's table are labels.
        ops += " " + (is_label_op(in.opcode) || in.opcode == 0x69
                          ? f.env.label(static_cast<uint32_t>(f.le(i, 0, 2)))
                          : std::to_string(f.le(i, 0, 2)));
        continue;
      case 'd':
      case 'n':
      case 'O':
      case 'F':
        ops += " " + std::to_string(f.le(i, 0, in.fields[i].size));
        continue;
      case 'I':
        ops += " " +
               f.env.syms.name_of(VarClass::kGeneral, static_cast<uint32_t>(f.le(i, 0, f.idb())));
        continue;
      case 'R':
        ops += " " + raw_text(f, i);
        continue;
      case 'A':
      case 'W':
      case 'V': {
        if (t == 'A' && f.env.version < kRawId32Version) {
          ops += " " + std::to_string(f.le(i, 0, 2));
          continue;
        }
        std::string v = in.opcode == 0x28 && i == 2 ? address_of_text(f, i) : std::string();
        if (v.empty()) v = vector_text(f, i);
        if (v.empty()) return {};
        if (t == 'V' && first_v && ((in.bytes[in.fields[i].offset] >> 3) & 7) == 4) mn += ".sat";
        first_v = false;
        ops += " " + v;
        continue;
      }
      default:
        return {};
    }
  }
  return pred + mn + exec + ops;
}

// Bytes no text form reads back (a bad tag or region): the fields in hex, marked as such.
std::string hex_fields(const IsaInst& in) {
  std::string s = "?bytes";
  for (const WalkedField& w : in.fields)
    s += " " + core::hex_bytes(std::span(in.bytes).subspan(w.offset, w.size));
  return s;
}

}  // namespace

std::string exec_size_text(uint8_t e) {
  static constexpr std::array<unsigned, 6> kSizes{1, 2, 4, 8, 16, 32};
  const unsigned code = e & 0xf, mask = e >> 4;
  const std::string m = "M" + std::to_string((mask & 7) + 1) + (mask >= 8 ? "_NM" : "");
  return "(" + m + ", " + (code < 6 ? std::to_string(kSizes[code]) : "?" + std::to_string(code)) +
         ")";
}

std::string print_isa_instruction(const IsaInst& in, const PrintEnv& env) {
  const Fields f{in, env};
  std::string pred;
  bool lossy = false;
  for (const WalkedField& w : in.fields) {
    if (w.token != 'P') continue;
    const auto p = static_cast<uint16_t>(core::load_le(in.bytes, w.offset, 2));
    // Control or inverse bits without a predicate, bit 12, control 3: no text shows them.
    lossy = ((p & 0xfff) == 0 && p != 0) || (p & 0x1000) != 0 || ((p >> 13) & 3) == 3;
    pred = pred_text(p, env);
  }
  if (lossy) return hex_fields(in);
  if (std::string s = fence_text(f); !s.empty()) return s;
  if (std::string s = lsc_text(f); !s.empty()) return pred + s;
  if (std::string s = scaled_text(f); !s.empty()) return pred + s;
  if (std::string s = dataport_text(f); !s.empty()) return pred + s;
  if (std::string s = sampler_text(f); !s.empty()) return pred + s;
  if (std::string s = send_text(f); !s.empty()) return pred + s;
  if (std::string s = layout_text(f); !s.empty()) return s;
  return hex_fields(in);
}

}  // namespace texsim::isa::visa
