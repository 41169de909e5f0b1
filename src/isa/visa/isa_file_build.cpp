// A texsim program as an IGC .isa file (isa_file.hpp): its declarations become the routine's
// tables (ids renumbered as IGC numbers them: general from 32, predicates from 1, surfaces from
// 6, samplers from 0, in declaration order) and its seed instructions are encoded by the model.
#include <map>

#include "isa/visa/codec.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/isa_text.hpp"
#include "isa/visa/platform.hpp"

namespace texsim::isa::visa {
namespace {

struct Ids {
  std::map<std::pair<VarClass, uint32_t>, uint32_t> map;
  uint32_t of(VarClass c, uint32_t id) const {
    auto it = map.find({c, id});
    return it == map.end() ? id : it->second;
  }
};

void renumber(Instruction& inst, const Ids& ids) {
  for (size_t i = 0; i < inst.ops.size(); ++i) {
    OperandValue& o = inst.ops[i];
    switch (inst.row->fields[i].kind) {
      case Kind::kRaw:
        o.raw.id = ids.of(VarClass::kGeneral, o.raw.id);
        break;
      case Kind::kRawList:
        for (RawOperand& r : o.list) r.id = ids.of(VarClass::kGeneral, r.id);
        break;
      case Kind::kScalar:
      case Kind::kAoffimmi:
        if (o.vec.cls == VecClass::kGeneral) o.vec.id = ids.of(VarClass::kGeneral, o.vec.id);
        break;
      case Kind::kSurface:
        o.value = ids.of(VarClass::kSurface, o.value);
        break;
      case Kind::kSampler:
        o.value = ids.of(VarClass::kSampler, o.value);
        break;
      case Kind::kPredicate:
        o.value = (o.value & ~0xfffu) | ids.of(VarClass::kPredicate, o.value & 0xfffu);
        break;
      default:
        break;
    }
  }
}

// Appends `s` to the routine's string table; its index.
uint32_t add_string(IsaRoutine& rt, const std::string& s) {
  rt.strings.push_back(s);
  return static_cast<uint32_t>(rt.strings.size() - 1);
}

// The declarations as the routine's variable, predicate, address, sampler and surface tables,
// with the ids IGC gives them in `ids`.
void add_declarations(const VisaProgram& prog, IsaRoutine& rt, Ids& ids) {
  auto str = [&](const std::string& s) { return add_string(rt, s); };
  for (const Variable* v : prog.symbols.declared()) {
    switch (v->cls) {
      case VarClass::kGeneral: {
        IsaVar iv;
        iv.name = str(v->name);
        iv.bits = static_cast<uint8_t>(static_cast<unsigned>(v->type) |
                                       static_cast<unsigned>(v->align.value_or(Align::kByte)) << 4);
        iv.num_elts = static_cast<uint16_t>(v->num_elts);
        if (v->alias_name) {
          const Variable* t = prog.symbols.find_name(*v->alias_name);
          iv.alias = t == nullptr ? 0 : ids.of(VarClass::kGeneral, t->id);
          iv.alias_offset = static_cast<uint16_t>(v->alias_offset);
        }
        ids.map[{VarClass::kGeneral, v->id}] =
            kFirstUserGeneral + static_cast<uint32_t>(rt.vars.size());
        rt.vars.push_back(std::move(iv));
        break;
      }
      case VarClass::kPredicate:
        ids.map[{VarClass::kPredicate, v->id}] = 1 + static_cast<uint32_t>(rt.predicates.size());
        rt.predicates.push_back({str(v->name), static_cast<uint16_t>(v->num_elts), {}});
        break;
      case VarClass::kAddress:
        ids.map[{VarClass::kAddress, v->id}] = static_cast<uint32_t>(rt.addresses.size());
        rt.addresses.push_back({str(v->name), static_cast<uint16_t>(v->num_elts), {}});
        break;
      case VarClass::kSampler:
        ids.map[{VarClass::kSampler, v->id}] = static_cast<uint32_t>(rt.samplers.size());
        rt.samplers.push_back(
            {str(v->v_name.empty() ? v->name : v->v_name), static_cast<uint16_t>(v->num_elts), {}});
        break;
      case VarClass::kSurface:
        ids.map[{VarClass::kSurface, v->id}] =
            kFirstUserSurface + static_cast<uint32_t>(rt.surfaces.size());
        rt.surfaces.push_back(
            {str(v->v_name.empty() ? v->name : v->v_name), static_cast<uint16_t>(v->num_elts), {}});
        break;
    }
  }
}

// Inputs and kernel attributes (isa_header_text.hpp).
void add_inputs_and_attrs(const VisaProgram& prog, const Ids& ids, IsaRoutine& rt) {
  for (const ProgramInput& in : prog.inputs) {
    const Variable* v = prog.symbols.find_name(in.name);
    if (v == nullptr) continue;  // reported by the parser
    IsaInput out;
    out.kind = in.kind;
    out.index = ids.of(v->cls, v->id);
    out.offset = in.offset;
    out.size = in.size;
    rt.inputs.push_back(out);
  }
  for (const ProgramAttr& a : prog.attrs) rt.attrs.push_back({add_string(rt, a.name), a.value});
}

// The routine's labels, numbered in order of first mention, definition or use (as IGC creates
// them).
struct Labels {
  IsaRoutine& rt;
  std::map<std::string, uint32_t, std::less<>> ids;

  uint32_t id(std::string_view name) {
    auto it = ids.find(name);
    if (it != ids.end()) return it->second;
    const auto id = static_cast<uint32_t>(rt.labels.size());
    ids.emplace(std::string(name), id);
    rt.labels.push_back({0, 0, {}});
    return id;
  }

  // The label's name and kind, and its LABEL (0x31) or subroutine (0x30) instruction.
  void define(const ProgramLabel& l) {
    const uint32_t id = this->id(l.name);
    std::string stored = l.name;
    // IGC prints a subroutine label as NAME_ID (IsaDisassembly.cpp): its dump's "_main_0" is
    // the label "_main" with id 0, so the suffix is taken off again (decision V54).
    const std::string suffix = "_" + std::to_string(id);
    if (l.function && stored.size() > suffix.size() && stored.ends_with(suffix))
      stored.resize(stored.size() - suffix.size());
    rt.labels[id].name = add_string(rt, stored);
    rt.labels[id].kind = l.function ? 1 : 0;
    IsaInst out;
    out.opcode = l.function ? 0x30 : 0x31;
    out.bytes = {out.opcode, static_cast<uint8_t>(id), static_cast<uint8_t>(id >> 8)};
    rt.insts.push_back(std::move(out));
  }
};

// An instruction texsim does not model, encoded by its layout (isa_text.hpp); false after a
// VISA-ISA-FILE error.
bool add_layout_instruction(const Instruction& src, const VisaProgram& prog, const Ids& ids,
                            Labels& labels, core::DiagSink& sink, IsaRoutine& rt) {
  std::vector<uint8_t> bytes;
  const TextEnv env{prog.symbols, prog.version,
                    [&](VarClass c, uint32_t id) { return ids.of(c, id); },
                    [&](std::string_view name) { return labels.id(name); },
                    platform_info(prog.platform).grf_bytes};
  if (const auto e = encode_text_instruction(src.source, env, bytes)) {
    sink.error("VISA-ISA-FILE", core::TextLoc{prog.file, src.line, src.column},
               "'" + src.unsupported + "' cannot be written to a .isa: " + e->message,
               "docs/visa.md, \"Every instruction in text\"");
    return false;
  }
  IsaInst out;
  out.opcode = bytes[0];
  out.bytes = std::move(bytes);
  rt.insts.push_back(std::move(out));
  return true;
}

// A modelled instruction with its ids renumbered, encoded by its row; false after a
// VISA-ENCODING error.
bool add_modelled_instruction(const Instruction& src, const VisaProgram& prog, const Ids& ids,
                              core::DiagSink& sink, IsaRoutine& rt) {
  Instruction inst = src;
  renumber(inst, ids);
  std::vector<uint8_t> bytes;
  if (auto e = encode_instruction(inst, prog.version, bytes)) {
    sink.error("VISA-ENCODING", core::TextLoc{prog.file, src.line, src.column}, *e,
               std::string(inst.row->spec_file) + ", Format");
    return false;
  }
  IsaInst out;
  out.opcode = bytes[0];
  // IGC 1.0.12504's 3D layout has no paired surface (V33): drop the 6 bytes after Dst.
  if ((out.opcode == kOpcode3DSample || out.opcode == kOpcode3DLoad ||
       out.opcode == kOpcode3DGather4) &&
      prog.version >= kPairedSurfaceVersion) {
    // Bytes end with: paired raw (6), NumParams (1), NumParams raws (6 each; ids are UD).
    const size_t np = inst.op("Params").list.size();
    const size_t tail = 6 * np + 1 + 6;
    if (bytes.size() >= tail + 1)
      bytes.erase(bytes.end() - static_cast<std::ptrdiff_t>(tail),
                  bytes.end() - static_cast<std::ptrdiff_t>(tail - 6));
  }
  out.bytes = std::move(bytes);
  rt.insts.push_back(std::move(out));
  return true;
}

}  // namespace

std::optional<IsaFile> isa_file_from_program(const VisaProgram& prog, core::DiagSink& sink) {
  IsaFile f;
  f.version = prog.version;
  IsaRoutine rt;
  rt.name = prog.kernel.empty() ? "texsim" : prog.kernel;
  rt.strings.push_back(rt.name);
  rt.name_index = 0;
  Ids ids;
  add_declarations(prog, rt, ids);
  add_inputs_and_attrs(prog, ids, rt);
  Labels labels{rt, {}};
  bool ok = true;
  size_t next_label = 0;
  for (size_t k = 0; k <= prog.instructions.size(); ++k) {
    while (next_label < prog.labels.size() && prog.labels[next_label].before <= k)
      labels.define(prog.labels[next_label++]);
    if (k == prog.instructions.size()) break;
    const Instruction& src = prog.instructions[k];
    if (src.row == nullptr) {
      // Every other instruction goes by its layout (isa_text.hpp).
      ok = add_layout_instruction(src, prog, ids, labels, sink, rt) && ok;
    } else {
      ok = add_modelled_instruction(src, prog, ids, sink, rt) && ok;
    }
  }
  if (!ok) return std::nullopt;
  f.kernels.push_back(std::move(rt));
  return f;
}

}  // namespace texsim::isa::visa
