// Execution of MEDIA_LD and GATHER_SCALED on the scene's surfaces and memory, machine set-up
// from the scene and result reporting. Depends on lower, machine, syntax (scene .decl text),
// scene and texunit surfaces; never prints.
#include "isa/visa/exec.hpp"

#include <algorithm>

#include "isa/visa/kinds.hpp"
#include "isa/visa/lower.hpp"
#include "isa/visa/syntax.hpp"
#include "texunit/format.hpp"

namespace texsim::isa::visa {
namespace {

core::TextLoc at(const Instruction& inst, const Machine&) { return core::TextLoc{{}, inst.line, inst.column}; }

scene::ElemType elem_type(VisaType t) {
  switch (t) {
    case VisaType::kUD: return scene::ElemType::kUD;
    case VisaType::kD: return scene::ElemType::kD;
    case VisaType::kUW: return scene::ElemType::kUW;
    case VisaType::kW: return scene::ElemType::kW;
    case VisaType::kUB: return scene::ElemType::kUB;
    case VisaType::kB: return scene::ElemType::kB;
    case VisaType::kUQ: return scene::ElemType::kUQ;
    case VisaType::kQ: return scene::ElemType::kQ;
    case VisaType::kF: return scene::ElemType::kF;
    case VisaType::kHF: return scene::ElemType::kHF;
    case VisaType::kDF: return scene::ElemType::kDF;
    default: return scene::ElemType::kUW;  // BF and others: shown as raw 16-bit words
  }
}

// The scene surface a vISA surface id names: T1, T2, TSS (3) and user surfaces T6.. are the
// scene surfaces with that id; MEDIA_LD plane p reads id + p (decision V4).
const scene::SceneSurface* scene_surface(const scene::Scene& s, uint32_t id) { return s.find_surface(id); }

bool run_media_ld(const Instruction& inst, Machine& m, const scene::Scene& sc, const ExecConfig& cfg,
                  core::DiagSink& sink) {
  const auto req = lower_media_ld(inst, m, sink);
  if (!req) return false;
  if (req->surface == kSurfaceBss) {
    sink.error("VISA-RUN-SURFACE", at(inst, m), "bindless surfaces (%bss) are not modelled", "visa-media_ld.md, Surface");
    return false;
  }
  const uint32_t sid = req->surface + req->plane;
  const scene::SceneSurface* ss = scene_surface(sc, sid);
  if (ss == nullptr) {
    sink.error("VISA-RUN-SURFACE", at(inst, m),
               "the scene has no surface with id " + std::to_string(sid) +
                   (req->plane ? " (surface " + std::to_string(req->surface) + " + plane " + std::to_string(req->plane) + ")" : ""),
               "visa-media_ld.md, Surface");
    return false;
  }
  const texunit::SurfaceDesc& d = ss->surface.desc();
  const texunit::FormatInfo& fi = texunit::format_info(d.format);
  if (d.type != texunit::SurfaceType::k2D || d.samples != 1 || fi.is_compressed()) {
    sink.error("VISA-MEDIA_LD-SURFACE-2D", at(inst, m),
               "surface " + std::to_string(sid) + " must be a single-sample uncompressed 2D surface, it is " +
                   std::string(texunit::surface_type_name(d.type)) + " " + std::string(fi.name) +
                   (d.samples > 1 ? " with " + std::to_string(d.samples) + " samples" : ""),
               "visa-media_ld.md, Surface");
    return false;
  }
  const RawOperand dst = inst.op("Dst").raw;
  const auto sp = m.span(dst.id);
  if (!sp || dst.offset + req->pitch * req->height > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small for the block", "visa-media_ld.md, Dst");
    return false;
  }
  const texunit::LevelLayout& lv = ss->surface.layout().levels[0];
  const std::span<const uint8_t> mem = ss->surface.bytes();
  const int64_t bpp = fi.bytes_per_block;
  const int64_t row_bytes = int64_t{d.width} * bpp;
  const int64_t rows = d.height;
  // Field modes read every other row, from row 0 (top) or row 1 (bottom); Y counts field rows.
  const int64_t field_rows = req->field == FieldMode::kFrame ? rows
                             : req->field == FieldMode::kTop ? (rows + 1) / 2
                                                             : rows / 2;
  const int64_t field_base = req->field == FieldMode::kBottom ? 1 : 0;
  const int64_t row_step = req->field == FieldMode::kFrame ? 1 : 2;
  const uint8_t fill = cfg.poison.value_or(0);
  for (unsigned i = 0; i < req->height; ++i) {
    const int64_t fy = int64_t{req->y} + i;
    for (unsigned j = 0; j < req->width; ++j) {
      const int64_t xb = int64_t{req->x} + j;
      const bool in = xb >= 0 && xb < row_bytes && fy >= 0 && fy < field_rows;
      uint8_t value = fill;
      bool defined = true;
      if (in || cfg.media_oob == MediaOobPolicy::kClampToEdge) {
        // Clamp to the nearest edge texel, keeping the byte's position inside the texel.
        int64_t px = xb >= 0 ? xb / bpp : -((-xb + bpp - 1) / bpp);
        const int64_t byte_in = xb - px * bpp;
        px = std::clamp<int64_t>(px, 0, int64_t{d.width} - 1);
        const int64_t cy = std::clamp<int64_t>(fy, 0, std::max<int64_t>(field_rows, 1) - 1);
        const int64_t row = std::min<int64_t>(field_base + cy * row_step, rows - 1);
        value = mem[lv.offset + static_cast<uint64_t>(row) * lv.row_pitch + static_cast<uint64_t>(px * bpp + byte_in)];
      } else if (cfg.media_oob == MediaOobPolicy::kZero) {
        value = 0;
      } else {
        defined = false;
      }
      m.write(sp->base + dst.offset + i * req->pitch + j, value, defined);
    }
  }
  m.mark_written(dst.id);
  return true;
}

bool run_gather_scaled(const Instruction& inst, Machine& m, const scene::Scene& sc, const ExecConfig& cfg,
                       core::DiagSink& sink) {
  const auto req = lower_gather_scaled(inst, m, sink);
  if (!req) return false;
  std::span<const uint8_t> mem;
  if (req->surface == kSurfaceSlm || req->surface == kSurfaceStateless) {
    const auto& buf = req->surface == kSurfaceSlm ? sc.slm : sc.stateless;
    if (!buf) {
      sink.error("VISA-RUN-MEMORY", at(inst, m),
                 std::string("the scene has no memory.") + (req->surface == kSurfaceSlm ? "slm" : "stateless"),
                 "visa-gather_scaled.md, Surface");
      return false;
    }
    mem = *buf;
  } else if (req->surface == kSurfaceBss) {
    sink.error("VISA-RUN-SURFACE", at(inst, m), "bindless surfaces (%bss) are not modelled", "visa-gather_scaled.md, Surface");
    return false;
  } else {
    const scene::SceneSurface* ss = scene_surface(sc, req->surface);
    if (ss == nullptr) {
      sink.error("VISA-RUN-SURFACE", at(inst, m), "the scene has no surface with id " + std::to_string(req->surface),
                 "visa-gather_scaled.md, Surface");
      return false;
    }
    mem = ss->surface.bytes();  // a buffer is the surface's whole linear byte image (decision V5)
  }
  const RawOperand dst = inst.op("Dst").raw;
  const auto sp = m.span(dst.id);
  if (!sp || dst.offset + 4 * req->lanes > sp->size) {
    sink.error("VISA-RUN-REGISTER", at(inst, m), "Dst is too small", "visa-gather_scaled.md, Dst");
    return false;
  }
  const uint8_t fill = cfg.poison.value_or(0);
  for (unsigned i = 0; i < req->lanes; ++i) {
    if (((req->enabled >> i) & 1) == 0) continue;  // disabled lanes keep their bytes
    const bool undef_addr = ((req->address_undefined >> i) & 1) != 0;
    for (unsigned k = 0; k < 4; ++k) {
      const uint32_t a = sp->base + dst.offset + 4 * i + k;
      if (k >= req->bytes || undef_addr) {
        m.write(a, fill, false);  // upper bytes of 1- and 2-byte reads are undefined
        continue;
      }
      const uint64_t addr = uint64_t{req->address[i]} + k;
      m.write(a, addr < mem.size() ? mem[addr] : uint8_t{0}, true);  // OOB bytes read 0
    }
  }
  m.mark_written(dst.id);
  return true;
}

}  // namespace

std::optional<Machine> make_machine(const VisaProgram& prog, const scene::Scene& sc,
                                    const ExecConfig& cfg, core::DiagSink& sink) {
  SymbolTable syms = prog.symbols;
  bool ok = true;
  const core::TextLoc scene_loc{sc.path, 0, 0};
  for (const auto& [name, reg] : sc.visa_registers) {
    if (syms.find_name(name) != nullptr || !reg.decl) continue;
    Variable v;
    if (auto e = parse_decl(*reg.decl, v)) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "registers." + name + ".decl: " + *e, "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (v.name != name) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "registers." + name + ".decl declares '" + v.name + "'",
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (auto e = syms.add(v)) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "registers." + name + ".decl: " + *e, "interface.md, Scene files");
      ok = false;
    }
  }
  Machine m(std::move(syms), prog.platform, cfg.poison.value_or(0));
  for (const auto& [name, reg] : sc.visa_registers) {
    const Variable* v = m.symbols().find_name(name);
    if (v == nullptr) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "scene register '" + name + "' is not declared by the program (add \"decl\")", "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (v->cls == VarClass::kPredicate) {
      uint32_t bits = 0;
      for (size_t b = 0; b < reg.bytes.size() && b < 4; ++b) bits |= uint32_t{reg.bytes[b]} << (8 * b);
      const uint32_t mask = v->num_elts >= 32 ? 0xffffffffu : (1u << v->num_elts) - 1;
      m.set_predicate(v->id, bits & mask);
      continue;
    }
    const auto sp = v->cls == VarClass::kGeneral ? m.span(v->id) : std::nullopt;
    if (!sp) {
      sink.error("VISA-RUN-REGISTER", scene_loc, "scene register '" + name + "' has no storage", "interface.md, Scene files");
      ok = false;
      continue;
    }
    if (reg.bytes.size() > sp->size) {
      sink.error("VISA-RUN-REGISTER", scene_loc,
                 "scene register '" + name + "' gives " + std::to_string(reg.bytes.size()) + " bytes, the variable has " +
                     std::to_string(sp->size),
                 "interface.md, Scene files");
      ok = false;
      continue;
    }
    for (size_t b = 0; b < reg.bytes.size(); ++b) m.write(sp->base + static_cast<uint32_t>(b), reg.bytes[b], true);
  }
  if (sc.dispatch_mask) m.set_dispatch_mask(static_cast<uint32_t>(*sc.dispatch_mask));
  if (!ok) return std::nullopt;
  return m;
}

bool execute_instruction(const Instruction& inst, Machine& m, const scene::Scene& sc, const ExecConfig& cfg,
                         core::DiagSink& sink) {
  if (inst.row == nullptr) {
    sink.error("VISA-UNSUPPORTED", at(inst, m), "'" + inst.unsupported + "' is not modelled and cannot run",
               "research/intel_visa.md §1.6");
    return false;
  }
  switch (inst.row->opcode) {
    case 0x37: return run_media_ld(inst, m, sc, cfg, sink);
    case 0x78: return run_gather_scaled(inst, m, sc, cfg, sink);
    default:
      sink.error("VISA-UNSUPPORTED", at(inst, m), std::string(inst.row->name) + " has no executor yet", std::string(inst.row->spec_file));
      return false;
  }
}

scene::RegisterValue register_value(const Machine& m, uint32_t id) {
  scene::RegisterValue r;
  const Variable* v = m.symbols().find(VarClass::kGeneral, id);
  const auto sp = m.span(id);
  if (v == nullptr || !sp) return r;
  r.name = v->name;
  r.type = elem_type(v->type);
  bool all = true;
  for (uint32_t i = 0; i < sp->size; ++i) {
    r.bytes.push_back(m.byte(sp->base + i));
    r.defined.push_back(m.defined(sp->base + i));
    all = all && m.defined(sp->base + i);
  }
  if (all) r.defined.clear();
  return r;
}

std::optional<RunResult> execute_program(const VisaProgram& prog, const scene::Scene& sc, const ExecConfig& cfg,
                                         core::DiagSink& sink) {
  bool unsupported = false;
  for (const Instruction& i : prog.instructions) {
    if (i.row == nullptr) {
      sink.error("VISA-UNSUPPORTED", core::TextLoc{prog.file, i.line, i.column},
                 "'" + i.unsupported + "' is not modelled; the program cannot run", "research/intel_visa.md §1.6");
      unsupported = true;
    }
  }
  if (unsupported) return std::nullopt;
  auto m = make_machine(prog, sc, cfg, sink);
  if (!m) return std::nullopt;
  RunResult result;
  for (const Instruction& i : prog.instructions) {
    core::DiagSink local;
    const bool ok = execute_instruction(i, *m, sc, cfg, local);
    for (core::Diagnostic d : local.diagnostics()) {
      if (auto* t = std::get_if<core::TextLoc>(&d.loc); t != nullptr && t->file.empty()) t->file = prog.file;
      sink.report(std::move(d));
    }
    if (!ok) return std::nullopt;
    if (cfg.trace) {
      std::string t = print_instruction(i, prog);
      const RawOperand dst = i.op("Dst").raw;
      t += "    // wrote " + m->symbols().name_of(VarClass::kGeneral, dst.id);
      result.trace.push_back(std::move(t));
    }
  }
  for (uint32_t id : m->written()) result.registers.push_back(register_value(*m, id));
  return result;
}

}  // namespace texsim::isa::visa
