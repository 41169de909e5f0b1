// A texsim program as an IGC .isa file (isa_file.hpp): its declarations become the routine's
// tables (ids renumbered as IGC numbers them: general from 32, predicates from 1, surfaces from
// 6, samplers from 0, in declaration order) and its seed instructions are encoded by the model.
#include <map>

#include "isa/visa/codec.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/isa_text_common.hpp"

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
        rt.samplers.push_back({str(v->name), static_cast<uint16_t>(v->num_elts), {}});
        break;
      case VarClass::kSurface:
        ids.map[{VarClass::kSurface, v->id}] =
            kFirstUserSurface + static_cast<uint32_t>(rt.surfaces.size());
        rt.surfaces.push_back({str(v->name), static_cast<uint16_t>(v->num_elts), {}});
        break;
    }
  }
  bool ok = true;
  for (const Instruction& src : prog.instructions) {
    core::TextLoc loc{prog.file, src.line, src.column};
    if (src.row == nullptr) {
      // Common-class instructions (mov, add, cmp, ...) go by their layout (isa_text_common).
      std::vector<uint8_t> bytes;
      const auto e = encode_common_line(
          src.source, prog.symbols, prog.version,
          [&](VarClass c, uint32_t id) { return ids.of(c, id); }, bytes);
      if (!e) {
        IsaInst out;
        out.opcode = bytes[0];
        out.bytes = std::move(bytes);
        rt.insts.push_back(std::move(out));
        continue;
      }
      sink.error("VISA-ISA-FILE", loc,
                 "'" + src.unsupported +
                     "' is not modelled and not a common-class instruction "
                     "texsim can encode by layout (" +
                     *e + ")",
                 "docs/visa.md");
      ok = false;
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
