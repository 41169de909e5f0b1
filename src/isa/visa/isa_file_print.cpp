// IGC-dump text of one .isa routine (isa_file.hpp): declarations from the tables and each
// instruction. The four seed instructions are decoded by the model (codec.hpp) and printed by
// texsim's printer; the others print by layout (mnemonic, then each field's bytes in hex).
#include <cstdio>

#include "core/bytes.hpp"
#include "core/text.hpp"
#include "isa/visa/codec.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kCite = "IGC visa/ByteCodeReaderNG.cpp (routine tables)";

std::string pool(const IsaRoutine& r, uint32_t i) {
  return i < r.strings.size() ? r.strings[i] : "?" + std::to_string(i);
}

std::string attr_value(const IsaRoutine& r, const IsaAttr& a) {
  const std::string name = pool(r, a.name);
  // IGC's kernel attributes: Target (UB: 0 cm, 1 3d, 2 cs), SimdSize and other ints, strings.
  if (name == "Target" && a.value.size() == 1) {
    static const char* const kTargets[] = {"\"cm\"", "\"3d\"", "\"cs\""};
    return a.value[0] < 3 ? kTargets[a.value[0]] : std::to_string(a.value[0]);
  }
  bool text = !a.value.empty() && a.value.size() != 1 && a.value.size() != 2 && a.value.size() != 4;
  if (name == "OutputAsmPath") text = true;
  if (text) return "\"" + std::string(a.value.begin(), a.value.end()) + "\"";
  uint64_t v = 0;
  for (size_t i = 0; i < a.value.size(); ++i) v |= uint64_t{a.value[i]} << (8 * i);
  return std::to_string(v);
}

uint64_t le(const IsaInst& in, const WalkedField& w, unsigned skip, unsigned n) {
  return core::load_le(in.bytes, w.offset + skip, n);
}

std::string exec_text(uint8_t e) {
  static const unsigned kSizes[] = {1, 2, 4, 8, 16, 32};
  const unsigned code = e & 0xf, mask = e >> 4;
  const std::string m = "M" + std::to_string((mask & 7) + 1) + (mask >= 8 ? "_NM" : "");
  return "(" + m + ", " + (code < 6 ? std::to_string(kSizes[code]) : "?" + std::to_string(code)) +
         ")";
}

// One field of an instruction read by layout, written as IGC writes operands where texsim knows
// how (exec size, vector and raw operands); other fields as their bytes in hex.
std::string field_text(const IsaInst& in, const WalkedField& w, const SymbolTable& syms, bool dst,
                       Version v) {
  const unsigned id = v >= kRawId32Version ? 4 : 2;
  switch (w.token) {
    case 'E':
      return exec_text(in.bytes[w.offset]);
    case 'R':
      return syms.name_of(VarClass::kGeneral, static_cast<uint32_t>(le(in, w, 0, id))) + "." +
             std::to_string(le(in, w, id, 2));
    case 'V':
    case 'A':
    case 'W': {
      if (w.size < 3) break;
      const uint8_t tag = in.bytes[w.offset];
      // Source modifiers print before the operand (sat: as the mnemonic's .sat).
      static const char* const kMods[] = {"", "(abs)", "(-)", "(-abs)", "", "(~)", "", ""};
      const std::string mod = kMods[(tag >> 3) & 7];
      if ((tag & 7) == 0) {  // general
        const auto vid = static_cast<uint32_t>(le(in, w, 1, id));
        const auto region = static_cast<uint16_t>(le(in, w, 1 + id + 2, 2));
        std::string t = mod + syms.name_of(VarClass::kGeneral, vid) + "(" +
                        std::to_string(in.bytes[w.offset + 1 + id]) + "," +
                        std::to_string(in.bytes[w.offset + 2 + id]) + ")";
        if (dst) {
          static const char* const kStride[] = {"", "0", "1", "2", "4", "8", "16", "32"};
          return t + "<" + kStride[(region >> 8) & 7] + ">";
        }
        return t + print_region(region);
      }
      if ((tag & 7) == 5) {  // immediate
        const auto t = static_cast<VisaType>(in.bytes[w.offset + 1] & 0xf);
        return mod + print_immediate(t, le(in, w, 2, w.size - 2));
      }
      if ((tag & 7) == 6) {  // state: class (0 surface, 1 sampler), id, offset
        const bool sampler = in.bytes[w.offset + 1] == 1;
        const auto sid = static_cast<uint32_t>(le(in, w, 2, 2));
        return syms.name_of(sampler ? VarClass::kSampler : VarClass::kSurface, sid) + "(" +
               std::to_string(in.bytes[w.offset + 4]) + ")";
      }
      if ((tag & 7) == 2)
        return syms.name_of(VarClass::kPredicate, static_cast<uint32_t>(le(in, w, 1, 2) & 0xfff));
      break;
    }
    default:
      break;
  }
  return core::hex_bytes(std::span(in.bytes).subspan(w.offset, w.size));
}

std::string channels(uint8_t mask) {
  std::string s;
  for (int i = 0; i < 4; ++i)
    if ((mask >> i) & 1) s += "RGBA"[i];
  return s;
}

// Message instructions by layout, as IGC's printer writes them (IsaDisassembly.cpp): the
// sub-op, channels or block count join the mnemonic; surface and sampler print by name; the
// operand count is not printed. Empty when `in` is not one of these.
std::string message_text(const IsaInst& in, const SymbolTable& syms, Version v) {
  const auto& fl = in.fields;
  auto byte = [&](size_t i) { return in.bytes[fl[i].offset]; };
  std::string out;
  size_t first = 0;
  const bool gather4 = in.opcode == kOpcode3DGather4;  // Src_channel, one space (IsaDisassembly)
  if ((in.opcode == kOpcode3DSample || in.opcode == kOpcode3DLoad || gather4) && fl.size() >= 4) {
    // The sub-op: bits 7:0 of a UW from 4.0, bits 4:0 of a UB before (flags above: model.hpp).
    const unsigned op = v >= kWideOpVersion ? byte(0) : byte(0) & 0x1fu;
    std::string name = "?";
    for (const InstrRow* row : rows_for_opcode(in.opcode))
      if (row->sub_op && *row->sub_op == op) name = std::string(row->mnemonic);
    out = name + "." +
          (!gather4      ? channels(byte(3))
           : byte(3) < 4 ? std::string(1, "RGBA"[byte(3)])
                         : std::string("illegal")) +
          " " + exec_text(byte(1)) + (gather4 ? "" : " ");
    for (size_t i = 4; i < fl.size(); ++i) {
      if (fl[i].token == 'n') continue;
      std::string t;
      if (fl[i].token == 'b') {
        const bool sampler = (in.opcode == kOpcode3DSample || gather4) && i == 5;
        t = syms.name_of(sampler ? VarClass::kSampler : VarClass::kSurface, byte(i));
      } else {
        t = field_text(in, fl[i], syms, false, v);
      }
      out += " " + t;
    }
    return out;
  }
  if ((in.opcode == 0x74 || in.opcode == 0x75) && fl.size() >= 5) {  // gather4/scatter4_scaled
    out = (in.opcode == 0x74 ? "gather4_scaled." : "scatter4_scaled.") + channels(byte(2)) + " " +
          exec_text(byte(0)) + " " + syms.name_of(VarClass::kSurface, byte(4));
    first = 5;
  } else if ((in.opcode == 0x78 || in.opcode == 0x79) && fl.size() >= 6) {
    out = (in.opcode == 0x78 ? "gather_scaled." : "scatter_scaled.") +
          std::to_string(1u << (byte(3) & 3)) + " " + exec_text(byte(0)) + " " +
          syms.name_of(VarClass::kSurface, byte(5));
    first = 6;
  } else {
    return {};
  }
  for (size_t i = first; i < fl.size(); ++i) out += " " + field_text(in, fl[i], syms, false, v);
  return out;
}

// lsc_untyped (load, store, atomic; not block2d), lsc_fence and fence as IGC's printer writes
// them (IsaDisassembly.cpp, LSC formatter). Empty when `in` is none of these.
std::string lsc_text(const IsaInst& in, const SymbolTable& syms, Version v) {
  const auto& fl = in.fields;
  auto byte = [&](size_t i) { return in.bytes[fl[i].offset]; };
  static const char* const kSfid[] = {".ugm", ".ugml", ".tgm", ".slm"};
  auto sfid = [&](uint8_t x) { return x < 4 ? std::string(kSfid[x]) : ".?"; };
  if (in.opcode == 0x5c && fl.size() == 1) {  // fence: mask bits (CISA fence)
    const uint8_t m = byte(0);
    if ((m & 0x80) != 0) return "fence_sw";
    std::string s = (m & 0x20) != 0 ? "fence_local" : "fence_global";
    if (m != 0) {
      s += ".";
      static const char* const kBits[] = {"E", "I", "S", "C", "R", "", "L1"};
      for (int b = 0; b < 7; ++b)
        if ((m >> b) & 1) s += kBits[b];
    }
    return s;
  }
  if (in.opcode == 0x8b && fl.size() >= 3) {  // lsc_fence: E P sfid op scope
    static const char* const kOps[] = {".none",  ".evict",   ".invalidate", ".discard",
                                       ".clean", ".flushl3", ".type6"};
    static const char* const kScopes[] = {".group", ".local",  ".tile",  ".gpu",
                                          ".gpus",  ".sysrel", ".sysacq"};
    std::string s = "lsc_fence";
    if (fl.size() > 2 && fl[2].token == 'b') s += sfid(byte(2));
    if (fl.size() > 3) s += byte(3) < 7 ? kOps[byte(3)] : ".???";
    if (fl.size() > 4) s += byte(4) < 7 ? kScopes[byte(4)] : ".???";
    return s;
  }
  if (in.opcode != 0x89 || fl.size() < 15 || in.bytes[1] == 3 || in.bytes[1] == 7) return {};
  const uint8_t op = in.bytes[1];
  const bool store = op >= 4 && op <= 7, load = op <= 3;
  const OpLayout* l = find_sub_layout(0x89, op);
  std::string s = l == nullptr ? "lsc_?" : std::string(l->mnemonic);
  s += sfid(byte(3));
  static const char* const kCache[] = {".df", ".uc", ".ca", ".wb", ".wt", ".st", ".ri"};
  if (byte(4) != 0 || byte(5) != 0)
    for (size_t i : {4u, 5u}) s += byte(i) < 7 ? kCache[byte(i)] : ".?";
  s += " " + exec_text(byte(1)) + " ";
  const uint8_t atype = byte(6);
  const auto scale = static_cast<uint16_t>(le(in, fl[7], 0, 2));
  const auto offset = static_cast<int32_t>(static_cast<uint32_t>(le(in, fl[8], 0, 4)));
  auto raw = [&](size_t i) {
    const unsigned idb = v >= kRawId32Version ? 4 : 2;
    std::string t = syms.name_of(VarClass::kGeneral, static_cast<uint32_t>(le(in, fl[i], 0, idb)));
    const auto off = le(in, fl[i], idb, 2);
    return off != 0 ? t + "." + std::to_string(off) : t;
  };
  auto data = [&](size_t i) {
    static const char* const kSize[] = {"?",   "d8",    "d16",    "d32",
                                        "d64", "d8c32", "d16c32", "d16c32h"};
    static const unsigned kElems[] = {0, 1, 2, 3, 4, 8, 16, 32, 64};
    std::string t = raw(i) + ":" + (byte(10) < 8 ? kSize[byte(10)] : "?");
    if (op == 2 || op == 6) {  // quad: channel mask suffix
      t += ".";
      for (int c = 0; c < 4; ++c)
        if ((byte(13) >> c) & 1) t += "xyzw"[c];
    } else {
      const unsigned n = byte(12) < 9 ? kElems[byte(12)] : 0;
      if (n != 1) t += "x" + std::to_string(n);
      if (byte(11) == 2) t += "t";
    }
    return t;
  };
  auto addr = [&]() {
    static const char* const kTypes[] = {"?", "flat", "bss", "ss", "bti", "arg"};
    std::string t = atype < 6 ? kTypes[atype] : "?";
    if (atype >= 2 && atype <= 4) t += "(" + field_text(in, fl[14], syms, false, v) + ")";
    t += "[";
    if (scale > 1) t += core::hex(scale) + "*";
    t += raw(16);
    if (offset != 0)
      t += (offset < 0 ? "-" : "+") +
           core::hex(static_cast<uint32_t>(offset < 0 ? -static_cast<int64_t>(offset) : offset));
    static const char* const kASize[] = {"?", "a16", "a32", "a64"};
    return t + "]:" + (byte(9) < 4 ? kASize[byte(9)] : "?");
  };
  if (fl.size() < 17) return s;
  if (load) return s + " " + data(15) + "  " + addr();
  const size_t src1 = (op == 1 || op == 5) ? 18 : 17;  // strided: the pitch comes first
  if (store) return s + " " + addr() + (fl.size() > src1 ? "  " + data(src1) : "");
  return s + " " + data(15) + "  " + addr();  // atomics: src1/src2 follow when present
}

}  // namespace

std::unique_ptr<VisaProgram> isa_routine_program(const IsaFile& f, const IsaRoutine& r,
                                                 Platform platform, const std::string& file,
                                                 core::DiagSink& sink) {
  auto prog = std::make_unique<VisaProgram>();
  prog->file = file;
  prog->from_binary = true;
  prog->version = f.version;
  prog->version_given = true;
  prog->platform = platform;
  prog->kernel = r.name;
  auto add = [&](const Variable& v) {
    if (auto e = prog->symbols.add_with_id(v)) {
      core::BinaryLoc loc;
      loc.file = file;
      sink.error("VISA-ISA-FILE", loc, "declaration '" + v.name + "': " + *e, kCite);
    }
  };
  for (size_t i = 0; i < r.vars.size(); ++i) {
    const IsaVar& iv = r.vars[i];
    Variable v;
    v.name = pool(r, iv.name);
    v.cls = VarClass::kGeneral;
    v.id = kFirstUserGeneral + static_cast<uint32_t>(i);
    v.type = static_cast<VisaType>(iv.bits & 0xf);
    v.num_elts = iv.num_elts;
    if ((iv.bits >> 4) <= static_cast<unsigned>(Align::kWordx64))
      v.align = static_cast<Align>(iv.bits >> 4);
    if (iv.alias != 0) {
      v.alias_name = prog->symbols.name_of(VarClass::kGeneral, iv.alias);
      v.alias_offset = iv.alias_offset;
    }
    add(v);
  }
  // Predicates from 1, addresses and samplers from 0, surfaces from 6 (V35); samplers and
  // surfaces keep their stored name as v_name, as IGC's dump prints them.
  auto add_decls = [&](const std::vector<IsaDecl>& ds, VarClass cls, uint32_t first,
                       const char* prefix, bool v_name) {
    for (size_t i = 0; i < ds.size(); ++i) {
      Variable v;
      v.cls = cls;
      v.id = first + static_cast<uint32_t>(i);
      v.name = prefix + std::to_string(v.id);
      if (v_name) v.v_name = pool(r, ds[i].name);
      v.num_elts = ds[i].num_elts;
      add(v);
    }
  };
  add_decls(r.predicates, VarClass::kPredicate, 1, "P", false);
  add_decls(r.addresses, VarClass::kAddress, 0, "A", false);
  add_decls(r.samplers, VarClass::kSampler, 0, "S", true);
  add_decls(r.surfaces, VarClass::kSurface, kFirstUserSurface, "T", true);
  if (r.truncated) {
    core::BinaryLoc loc;
    loc.file = file;
    loc.offset = r.insts.empty() ? 0 : r.insts[0].offset;
    sink.warning("VISA-ISA-TRUNCATED", loc,
                 "routine '" + r.name +
                     "' was written by IGC 1.0.12504's .isa writer, which leaves out the last "
                     "operands of each instruction (exec size and predicate use up table "
                     "entries): its instructions are read by layout only, not checked",
                 "docs/decisions.md V34");
  }
  for (const IsaInst& in : r.insts) {
    Instruction inst;
    std::optional<Instruction> d;
    // A truncated routine still has every operand of an instruction without exec size and
    // predicate (media_ld: V34).
    bool whole = !r.truncated;
    if (r.truncated) {
      whole = true;
      for (const WalkedField& w : in.fields) whole = whole && w.token != 'E' && w.token != 'P';
      whole = whole && !in.fields.empty();
    }
    if (whole) d = decode_isa_instruction(f, in, file, sink);
    if (d) {
      inst = std::move(*d);
    } else {
      const OpLayout* l = find_layout(in.opcode);
      inst.unsupported = l != nullptr ? std::string(l->mnemonic) : "?";
      inst.offset = in.offset;
    }
    prog->instructions.push_back(std::move(inst));
  }
  return prog;
}

std::optional<Instruction> decode_isa_instruction(const IsaFile& f, const IsaInst& in,
                                                  const std::string& file, core::DiagSink& sink) {
  if (rows_for_opcode(in.opcode).empty()) return std::nullopt;
  std::vector<uint8_t> bytes = in.bytes;
  size_t inserted_at = bytes.size() + 1;  // where a %null.0 paired surface went in (none: past)
  const bool is3d =
      in.opcode == kOpcode3DSample || in.opcode == kOpcode3DLoad || in.opcode == kOpcode3DGather4;
  if (is3d && f.version >= kPairedSurfaceVersion) {
    // IGC 1.0.12504's 4.1 has no paired surface (V33): insert %null.0 after Dst for the model.
    for (const WalkedField& w : in.fields) {
      if (w.token != 'n') continue;
      bytes.insert(bytes.begin() + w.offset, 6, uint8_t{0});
      inserted_at = w.offset;
      break;
    }
  }
  size_t pos = 0;
  core::DiagSink local;
  auto inst = decode_instruction(bytes, pos, f.version, file, local);
  for (auto d : local.diagnostics()) {
    if (auto* b = std::get_if<core::BinaryLoc>(&d.loc)) b->offset += in.offset;
    sink.report(std::move(d));
  }
  if (!inst) return inst;
  inst->offset = in.offset;
  // Rule diagnostics name each field's bytes in the file (the inserted surface has none).
  for (OperandValue& o : inst->ops) {
    if (o.bin_offset >= inserted_at && o.bin_offset < inserted_at + 6) o.bin_size = 0;
    if (o.bin_offset >= inserted_at + 6) o.bin_offset -= 6;
    o.bin_offset += in.offset;
  }
  return inst;
}

std::string print_isa_routine(const IsaFile& f, const IsaRoutine& r, Platform platform) {
  core::DiagSink sink;
  const auto prog = isa_routine_program(f, r, platform, "", sink);
  // IGC 1.0.12504's 3D lines have no paired surface: print them at 3.7's layout (V33).
  VisaProgram legacy_view;
  legacy_view.symbols = prog->symbols;
  legacy_view.version = f.version >= kPairedSurfaceVersion ? Version{3, 7} : f.version;
  legacy_view.platform = platform;
  std::string out = ".version " + version_string(f.version) + "\n";
  out += std::string(r.is_kernel ? ".kernel " : ".global_function ") + quote_kernel_name(r.name) +
         "\n\n";
  for (const Variable* v : prog->symbols.declared()) out += print_decl(*v) + "\n";
  for (const IsaInput& in : r.inputs) {
    const char* cls = (in.kind & 3) == 0 ? "" : (in.kind & 3) == 1 ? "S" : "T";
    std::string name = (in.kind & 3) == 0 ? prog->symbols.name_of(VarClass::kGeneral, in.index)
                                          : std::string(cls) + std::to_string(in.index);
    out += ".input " + name + " offset=" + std::to_string(in.offset) +
           " size=" + std::to_string(in.size) + "\n";
  }
  for (const IsaAttr& a : r.attrs)
    out += ".kernel_attr " + pool(r, a.name) + "=" + attr_value(r, a) + "\n";
  for (size_t i = 0; i < r.insts.size(); ++i) {
    const IsaInst& in = r.insts[i];
    const Instruction& inst = prog->instructions[i];
    if (in.opcode == 0x31 || in.opcode == 0x30) {  // label / func: "NAME:"
      const uint32_t id =
          static_cast<uint32_t>(in.bytes.size() >= 3 ? in.bytes[1] | in.bytes[2] << 8 : 0);
      const std::string name =
          id < r.labels.size() ? pool(r, r.labels[id].name) : "L" + std::to_string(id);
      out += (in.opcode == 0x30 ? ".function " + quote_kernel_name(name) + "\n" : std::string()) +
             "\n" + name + ":\n";
      continue;
    }
    if (inst.row != nullptr) {
      out += "    " + print_instruction(inst, legacy_view) + "\n";
      continue;
    }
    std::string m = message_text(in, prog->symbols, f.version);
    if (m.empty()) m = lsc_text(in, prog->symbols, f.version);
    if (!m.empty()) {
      std::string pred;
      for (const WalkedField& w : in.fields) {
        if (w.token != 'P') continue;
        const auto p = static_cast<uint16_t>(le(in, w, 0, 2));
        if (p != 0)
          pred = std::string("(") + ((p & 0x8000) != 0 ? "!" : "") +
                 prog->symbols.name_of(VarClass::kPredicate, p & 0xfffu) + ") ";
      }
      out.append("    ").append(pred).append(m).append("\n");
      continue;
    }
    // By layout: predicate first as a prefix, the first vector operand of a common-class
    // instruction as its destination.
    std::string pred, line = inst.unsupported;
    bool seen_vec = false;
    for (const WalkedField& w : in.fields) {
      if (w.token == 'P') {
        const auto p = static_cast<uint16_t>(le(in, w, 0, 2));
        if (p != 0)
          pred = std::string("(") + ((p & 0x8000) != 0 ? "!" : "") +
                 prog->symbols.name_of(VarClass::kPredicate, p & 0xfffu) + ") ";
        continue;
      }
      if (w.token == 's') continue;
      if (w.token == 'b' && &w == &in.fields[1] && (in.opcode == 0x2c || in.opcode == 0x45)) {
        // cmp's relation and fminmax's min/max are part of the mnemonic (CISA.y).
        static const char* const kRel[] = {"eq", "ne", "gt", "ge", "lt", "le"};
        const uint8_t b = in.bytes[w.offset] & 7;
        // The mnemonic is the line's first word (the exec size follows it).
        const size_t sp = line.find(' ');
        const std::string rest = sp == std::string::npos ? "" : line.substr(sp);
        if (in.opcode == 0x2c)
          line = std::string("cmp.") + (b < 6 ? kRel[b] : "?") + rest;
        else
          line = (b == 0 ? "min" : "max") + rest;
        continue;
      }
      const bool dst = w.token == 'V' && !seen_vec;
      seen_vec = seen_vec || w.token == 'V';
      if (dst && ((in.bytes[w.offset] >> 3) & 7) == 4) {  // saturation: mnemonic.sat
        const size_t sp = line.find(' ');
        line.insert(sp == std::string::npos ? line.size() : sp, ".sat");
      }
      line += " " + field_text(in, w, prog->symbols, dst, f.version);
    }
    out.append("    ").append(pred).append(line).append("\n");
  }
  return out;
}

}  // namespace texsim::isa::visa
