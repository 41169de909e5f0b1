// IGC-dump text of one .isa routine (isa_file.hpp): declarations from the tables and each
// instruction. The four seed instructions are decoded by the model (codec.hpp) and printed by
// texsim's printer; the others print by layout (mnemonic, then each field's bytes in hex).
#include <array>
#include <cstdio>

#include "core/bytes.hpp"
#include "core/text.hpp"
#include "isa/visa/codec.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/isa_header_text.hpp"
#include "isa/visa/isa_print.hpp"
#include "isa/visa/kinds.hpp"
#include "isa/visa/platform.hpp"
#include "isa/visa/symbols.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

constexpr const char* kCite = "IGC visa/ByteCodeReaderNG.cpp (routine tables)";

std::string pool(const IsaRoutine& r, uint32_t i) {
  return i < r.strings.size() ? r.strings[i] : "?" + std::to_string(i);
}

// A kernel attribute as IGC prints it (printOneAttribute, include/VISAAttributes.h): bools by
// name alone, Target as "cm"/"3d", the int32 attributes as numbers, strings quoted.
std::string attr_text(const IsaRoutine& r, const IsaAttr& a) {
  std::string name = pool(r, a.name);
  uint64_t v = 0;
  for (size_t i = 0; i < a.value.size() && i < 8; ++i) v |= uint64_t{a.value[i]} << (8 * i);
  if (a.value.empty()) return name;
  if (name == "Target" && a.value.size() == 1 && a.value[0] < 2)
    return name + (a.value[0] == 0 ? "=\"cm\"" : "=\"3d\"");
  const bool text = is_string_attribute(name) ||
                    (a.value.size() != 1 && a.value.size() != 2 && a.value.size() != 4);
  if (!text) {  // IGC prints the value as a signed int (attribute_info_t intVal)
    const unsigned bits = 8 * static_cast<unsigned>(a.value.size());
    const auto sv = static_cast<int64_t>(v << (64 - bits)) >> (64 - bits);
    return name + "=" + std::to_string(sv);
  }
  std::string out = name + "=";
  std::string_view value(reinterpret_cast<const char*>(a.value.data()), a.value.size());
  return out + quote_kernel_name(value);
}

std::string label_name(const IsaRoutine& r, uint32_t id) {
  std::string n = id < r.labels.size() ? pool(r, r.labels[id].name) : "L" + std::to_string(id);
  for (char& c : n)
    if (c == '.' || c == '$') c = '_';
  return n;
}

std::string function_label_name(const IsaRoutine& r, uint32_t id) {
  return label_name(r, id) + "_" + std::to_string(id);
}

// IGC's dump lists the predefined variables as comments (vISA 4.x: V0..V20, T0..T5).
std::string predefined_block() {
  std::string out = "/// VISA Predefined Variables\n";
  for (uint32_t i = 0; i < kPredefinedGeneralCount; ++i)
    out += "// .decl V" + std::to_string(i) +
           " v_type=G v_name=" + std::string(predefined_general_name(i)) + "\n";
  for (uint32_t i = 0; i < kFirstUserSurface; ++i)
    out += "// .decl T" + std::to_string(i) +
           " v_type=T v_name=" + std::string(predefined_surface_name(i)) + "\n";
  return out + "\n";
}

}  // namespace

namespace {

// The modelled row of a walked instruction (its 3D sub-op where the opcode has several), or null.
const InstrRow* row_of(const IsaFile& f, const IsaInst& in) {
  const auto rows = rows_for_opcode(in.opcode);
  if (rows.size() == 1 && !rows[0]->sub_op) return rows[0];
  for (const WalkedField& w : in.fields) {
    if (w.token != 'O' || w.offset >= in.bytes.size()) continue;
    const SubOpLayout& sl = subop_layout(f.version);
    const uint32_t op = in.bytes[w.offset] & ((2u << sl.op_hi) - 1);
    for (const InstrRow* r : rows)
      if (r->sub_op && *r->sub_op == op) return r;
  }
  return nullptr;
}

// The routine's variables (ids from kFirstUserGeneral), then its predicates, addresses,
// samplers and surfaces, into prog's symbols; a clash is a VISA-ISA-FILE error.
void add_routine_declarations(const IsaRoutine& r, const std::string& file, core::DiagSink& sink,
                              VisaProgram& prog) {
  auto add = [&](const Variable& v) {
    if (auto e = prog.symbols.add_with_id(v)) {
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
    // Code 0 is both ALIGN_UNDEF and ALIGN_BYTE, which IGC's printer leaves out
    // (printVariableDecl: `if (align != ALIGN_UNDEF)`; issue 29).
    if ((iv.bits >> 4) != 0 && (iv.bits >> 4) <= static_cast<unsigned>(Align::kWordx64))
      v.align = static_cast<Align>(iv.bits >> 4);
    if (iv.alias != 0) {
      v.alias_name = prog.symbols.name_of(VarClass::kGeneral, iv.alias);
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
  add_decls(r.addresses, VarClass::kAddress, 0, "A", false);
  add_decls(r.predicates, VarClass::kPredicate, 1, "P", false);
  add_decls(r.samplers, VarClass::kSampler, 0, "S", true);
  add_decls(r.surfaces, VarClass::kSurface, kFirstUserSurface, "T", true);
}

// One instruction of the routine: decoded by its row, or else named by its layout (unmodelled,
// or modelled but truncated by IGC's writer).
Instruction routine_instruction(const IsaFile& f, const IsaRoutine& r, const IsaInst& in,
                                const std::string& file, core::DiagSink& sink) {
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
    // A modelled instruction left unchecked only because IGC truncated its operands (V34):
    // named as printed (sample_l, not the opcode's sample_3d), and noted for that reason.
    if (const InstrRow* row = row_of(f, in)) {
      inst.unsupported = std::string(row->mnemonic);
      inst.truncated = true;
    }
  }
  return inst;
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
  add_routine_declarations(r, file, sink, *prog);
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
    prog->instructions.push_back(routine_instruction(f, r, in, file, sink));
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
         "\n\n" + predefined_block();
  for (const Variable* v : prog->symbols.declared()) out += print_decl(*v) + "\n";
  for (const IsaInput& in : r.inputs) out += input_directive(in, prog->symbols, r.is_kernel) + "\n";
  // IGC leaves OutputAsmPath out of its dump (a transient property, IsaDisassembly.cpp).
  for (const IsaAttr& a : r.attrs)
    if (pool(r, a.name) != "OutputAsmPath") out += ".kernel_attr " + attr_text(r, a) + "\n";
  const PrintEnv env{prog->symbols, f.version, [&](uint32_t id) { return label_name(r, id); },
                     r.truncated, platform_info(platform).grf_bytes};
  for (size_t i = 0; i < r.insts.size(); ++i) {
    const IsaInst& in = r.insts[i];
    const Instruction& inst = prog->instructions[i];
    if ((in.opcode == 0x31 || in.opcode == 0x30) && in.bytes.size() == 3) {  // label / func
      const auto id = static_cast<uint32_t>(core::load_le(in.bytes, 1, 2));
      if (in.opcode == 0x31) {
        out += "\n" + label_name(r, id) + ":\n";
        continue;
      }
      // IGC prints a subroutine as NAME_ID with '.' and '$' as '_' (IsaDisassembly.cpp).
      const std::string name = function_label_name(r, id);
      out += ".function " + quote_kernel_name(name) + "\n\n" + name + ":\n";
      continue;
    }
    if (inst.row != nullptr) {
      out += "    " + print_instruction(inst, legacy_view) + "\n";
      continue;
    }
    out += "    " + print_isa_instruction(in, env) + "\n";
  }
  return out;
}

}  // namespace texsim::isa::visa
