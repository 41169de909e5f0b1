// A texsim program as an IGC .isa file (isa_file.hpp): its declarations become the routine's
// tables (ids renumbered as IGC numbers them: general from 32, predicates from 1, surfaces from
// 6, samplers from 0, in declaration order) and its seed instructions are encoded by the model.
#include <map>

#include "isa/visa/codec.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/isa_text.hpp"

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

}  // namespace

std::optional<IsaFile> isa_file_from_program(const VisaProgram& prog, core::DiagSink& sink) {
  IsaFile f;
  f.version = prog.version;
  IsaRoutine rt;
  rt.name = prog.kernel.empty() ? "texsim" : prog.kernel;
  rt.strings.push_back(rt.name);
  rt.name_index = 0;
  Ids ids;
  auto str = [&](const std::string& s) {
    rt.strings.push_back(s);
    return static_cast<uint32_t>(rt.strings.size() - 1);
  };
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
  // Inputs and kernel attributes (isa_header_text.hpp).
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
  for (const ProgramAttr& a : prog.attrs) rt.attrs.push_back({str(a.name), a.value});
  // Labels are numbered in order of first mention, definition or use (as IGC creates them).
  std::map<std::string, uint32_t, std::less<>> label_ids;
  auto label_id = [&](std::string_view name) {
    auto it = label_ids.find(name);
    if (it != label_ids.end()) return it->second;
    const auto id = static_cast<uint32_t>(rt.labels.size());
    label_ids.emplace(std::string(name), id);
    rt.labels.push_back({0, 0, {}});
    return id;
  };
  auto define_label = [&](const ProgramLabel& l) {
    const uint32_t id = label_id(l.name);
    std::string stored = l.name;
    // IGC prints a subroutine label as NAME_ID (IsaDisassembly.cpp): its dump's "_main_0" is
    // the label "_main" with id 0, so the suffix is taken off again (decision V54).
    const std::string suffix = "_" + std::to_string(id);
    if (l.function && stored.size() > suffix.size() && stored.ends_with(suffix))
      stored.resize(stored.size() - suffix.size());
    rt.labels[id].name = str(stored);
    rt.labels[id].kind = l.function ? 1 : 0;
    IsaInst out;
    out.opcode = l.function ? 0x30 : 0x31;
    out.bytes = {out.opcode, static_cast<uint8_t>(id), static_cast<uint8_t>(id >> 8)};
    rt.insts.push_back(std::move(out));
  };
  bool ok = true;
  size_t next_label = 0;
  for (size_t k = 0; k <= prog.instructions.size(); ++k) {
    while (next_label < prog.labels.size() && prog.labels[next_label].before <= k)
      define_label(prog.labels[next_label++]);
    if (k == prog.instructions.size()) break;
    const Instruction& src = prog.instructions[k];
    core::TextLoc loc{prog.file, src.line, src.column};
    if (src.row == nullptr) {
      // Every other instruction goes by its layout (isa_text.hpp).
      std::vector<uint8_t> bytes;
      const TextEnv env{prog.symbols, prog.version,
                        [&](VarClass c, uint32_t id) { return ids.of(c, id); }, label_id};
      if (const auto e = encode_text_instruction(src.source, env, bytes)) {
        sink.error("VISA-ISA-FILE", loc,
                   "'" + src.unsupported + "' cannot be written to a .isa: " + e->message,
                   "docs/visa.md, \"Every instruction in text\"");
        ok = false;
        continue;
      }
      IsaInst out;
      out.opcode = bytes[0];
      out.bytes = std::move(bytes);
      rt.insts.push_back(std::move(out));
      continue;
    }
    Instruction inst = src;
    renumber(inst, ids);
    std::vector<uint8_t> bytes;
    if (auto e = encode_instruction(inst, prog.version, bytes)) {
      sink.error("VISA-ENCODING", loc, *e, std::string(inst.row->spec_file) + ", Format");
      ok = false;
      continue;
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
  }
  if (!ok) return std::nullopt;
  f.kernels.push_back(std::move(rt));
  return f;
}

}  // namespace texsim::isa::visa
