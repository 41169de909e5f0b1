// Lowering MEDIA_LD, GATHER_SCALED, 3D_SAMPLE, 3D_LOAD and SAMPLE_UNORM to requests (operands
// read from the machine; 3D messages into intel::MessageParams). Depends on program, machine,
// kinds and intel's message types; never on the scene.
#include "isa/visa/lower.hpp"

#include <bit>

#include "core/half.hpp"

#include "isa/visa/kinds.hpp"

namespace texsim::isa::visa {

unsigned media_register_pitch(unsigned w) {
  // visa-media_ld.md, Semantics: block_width < 4 ? 4 : nextPowerOf2(block_width).
  return w < 4 ? 4u : std::bit_ceil(w);
}

unsigned media_max_height(unsigned w) {
  // visa-media_ld.md, Notes table: 1-4 -> 64, 5-8 -> 32, 9-16 -> 16, 17-32 -> 8, 33-64 -> 4.
  return 256 / media_register_pitch(w);
}

FieldMode media_field_mode(uint32_t modifier) {
  switch (modifier) {
    case 2:
    case 4:
      return FieldMode::kTop;
    case 3:
    case 5:
      return FieldMode::kBottom;
    default:
      return FieldMode::kFrame;
  }
}

namespace {

std::optional<uint32_t> scalar_value(const Instruction& inst, std::string_view field,
                                     const Machine& m, core::DiagSink& sink, bool& defined) {
  std::string err;
  const auto v = m.read_scalar(inst.op(field).vec, err);
  if (!v) {
    sink.error("VISA-RUN-REGISTER", core::TextLoc{{}, inst.line, inst.op(field).column},
               std::string(field) + ": " + err,
               std::string(inst.row->spec_file) + ", " + std::string(field));
    return std::nullopt;
  }
  defined = v->second;
  return v->first;
}

}  // namespace

std::optional<MediaBlockRead> lower_media_ld(const Instruction& inst, const Machine& m,
                                             core::DiagSink& sink) {
  MediaBlockRead r;
  r.surface = inst.op("Surface").value;
  r.plane = inst.op("Plane").value;
  r.width = inst.op("Block_width").value;
  r.height = inst.op("Block_height").value;
  r.pitch = media_register_pitch(r.width);
  r.field = media_field_mode(inst.op("Modifiers").value);
  bool dx = true, dy = true;
  const auto x = scalar_value(inst, "X_offset", m, sink, dx);
  const auto y = scalar_value(inst, "Y_offset", m, sink, dy);
  if (!x || !y) return std::nullopt;
  if (!dx || !dy) {
    sink.error("VISA-RUN-REGISTER", core::TextLoc{{}, inst.line, inst.column},
               std::string(!dx ? "X_offset" : "Y_offset") +
                   " has undefined bytes (give it a value in the scene)",
               "visa-media_ld.md, X_offset");
    return std::nullopt;
  }
  // X in bytes and Y in rows, both signed 32-bit so that blocks may start left of/above the
  // surface (clamped by the OOB policy). The spec's "Y byte offset" is an error (decision V2).
  r.x = static_cast<int32_t>(*x);
  r.y = static_cast<int32_t>(*y);
  return r;
}

std::optional<UnormBlockOperands> lower_sample_unorm(const Instruction& inst, const Machine& m,
                                                     core::DiagSink& sink) {
  UnormBlockOperands r;
  r.channel_mask = inst.op("Channel_mask").value;
  r.sampler = inst.op("Sampler").value;
  r.surface = inst.op("Surface").value;
  float* const dest[4] = {&r.u0, &r.v0, &r.du, &r.dv};
  constexpr std::string_view kFields[4] = {"U_offset", "V_offset", "DeltaU", "DeltaV"};
  for (size_t k = 0; k < 4; ++k) {
    bool def = true;
    const auto bits = scalar_value(inst, kFields[k], m, sink, def);
    if (!bits) return std::nullopt;
    *dest[k] = std::bit_cast<float>(*bits);  // type F (VISA-SAMPLE_UNORM-*-TYPE)
    r.defined = r.defined && def;
  }
  return r;
}

std::optional<ScatteredRead> lower_gather_scaled(const Instruction& inst, const Machine& m,
                                                 core::DiagSink& sink) {
  ScatteredRead r;
  r.surface = inst.op("Surface").value;
  r.bytes = inst.op("Num_blocks").value;
  const uint32_t ev = inst.op("Exec_size").value;
  r.lanes = exec_size_lanes(ev);
  r.enabled = m.channel_enable(ev, inst.op("Pred").value);
  bool def = true;
  const auto off = scalar_value(inst, "Offset", m, sink, def);
  if (!off) return std::nullopt;
  const RawOperand eo = inst.op("Element_offset").raw;
  const auto sp = m.span(eo.id);
  if (!sp || eo.offset + 4u * r.lanes > sp->size) {
    sink.error("VISA-RUN-REGISTER", core::TextLoc{{}, inst.line, inst.op("Element_offset").column},
               "Element_offset lies outside its variable", "visa-gather_scaled.md, Element_offset");
    return std::nullopt;
  }
  for (unsigned i = 0; i < r.lanes; ++i) {
    if (((r.enabled >> i) & 1) == 0) continue;
    bool d = false;
    const auto e = static_cast<uint32_t>(m.read_le(sp->base + eo.offset + 4 * i, 4, d));
    r.address[i] = *off + e;  // wrapping 32-bit add (research §4.3)
    if (!d || !def) r.address_undefined |= 1u << i;
  }
  return r;
}

namespace {

// Aoffimmi: defined, and bits 15:12 zero where the operand is a UW (visa-3d_sample.md, Aoffimmi).
std::optional<uint32_t> read_aoffimmi(const Instruction& inst, const Machine& m,
                                      core::DiagSink& sink) {
  const std::string cite = std::string(inst.row->spec_file) + ", Aoffimmi";
  bool def = true;
  const auto aoff = scalar_value(inst, "Aoffimmi", m, sink, def);
  if (!aoff) return std::nullopt;
  if (!def) {
    sink.error("VISA-RUN-REGISTER", core::TextLoc{{}, inst.line, inst.op("Aoffimmi").column},
               "Aoffimmi has undefined bytes (give it a value in the scene)", cite);
    return std::nullopt;
  }
  if ((*aoff & 0xf000u) != 0 &&
      (inst.op("Aoffimmi").vec.cls == VecClass::kImmediate ||
       m.symbols().find(VarClass::kGeneral, inst.op("Aoffimmi").vec.id)->type == VisaType::kUW)) {
    sink.error("VISA-" + std::string(inst.row->name) + "-AOFFIMMI",
               core::TextLoc{{}, inst.line, inst.op("Aoffimmi").column},
               "Aoffimmi bits 15:12 must be zero", cite);
    return std::nullopt;
  }
  return *aoff & 0xffffu;
}

// The Params list into the message's parameters by role: every lane of each parameter, HF
// converted to float bits for sample messages; the UW form of ld2dms_w takes its own roles.
bool read_params(const Instruction& inst, const Machine& m, core::DiagSink& sink,
                 Sampler3DRequest& r) {
  const auto& list = inst.op("Params").list;
  const std::string notes = std::string(inst.row->spec_file) + ", Notes";
  if (list.size() > intel::kMaxParams) {
    sink.error("VISA-RUN-REGISTER", core::TextLoc{{}, inst.line, inst.column},
               "more than 15 parameters", std::string(inst.row->spec_file) + ", NumParams");
    return false;
  }
  for (size_t k = 0; k < list.size(); ++k) {
    const Variable* v = m.symbols().find(VarClass::kGeneral, list[k].id);
    const auto sp = m.span(list[k].id);
    const core::TextLoc loc{{}, inst.line, inst.op("Params").column};
    if (v == nullptr || !sp) {
      sink.error("VISA-RUN-REGISTER", loc, "parameter " + std::to_string(k) + " has no storage",
                 notes);
      return false;
    }
    const unsigned es = type_size(v->type);
    if (k == 0) {
      r.params.uw_params = es == 2;
      if (r.params.uw_params && !inst.row->s3d.roles_w.empty()) r.roles = inst.row->s3d.roles_w;
    }
    if (list[k].offset + es * r.params.lanes > sp->size) {
      sink.error("VISA-RUN-REGISTER", loc,
                 "parameter " + std::to_string(k) + " (" + v->name + ") lies outside its variable",
                 notes);
      return false;
    }
    if (k >= r.roles.size()) continue;  // more than the form has (a VISA-*-NUMPARAMS error)
    for (unsigned i = 0; i < r.params.lanes; ++i) {
      bool d = false;
      const auto raw = static_cast<uint32_t>(m.read_le(sp->base + list[k].offset + es * i, es, d));
      uint32_t val = raw;
      if (r.float_params && v->type == VisaType::kHF) {
        val = std::bit_cast<uint32_t>(core::half_to_float(static_cast<uint16_t>(raw)));
      }
      r.params.set(r.roles[k], i, val, d);
    }
  }
  return true;
}

}  // namespace

std::optional<Sampler3DRequest> lower_3d(const Instruction& inst, const Machine& m,
                                         core::DiagSink& sink) {
  Sampler3DRequest r;
  const uint32_t op = inst.op("Op").value;
  r.sub_op = op & 0xff;
  r.flags = op & (kFlagPnm | kFlagCps | kFlagDivS);
  const uint32_t ev = inst.op("Exec_size").value;
  r.params.lanes = exec_size_lanes(ev);
  r.params.enabled = m.channel_enable(ev, inst.op("Pred").value);
  if (inst.row->s3d.gather) {
    r.channels = 0xf;
    r.params.gather_component = static_cast<uint8_t>(inst.op("Src_channel").value & 3u);
  } else {
    r.channels = inst.op("Channels").value;
  }
  if (inst.row->field_index("Sampler")) r.sampler = inst.op("Sampler").value;
  r.surface = inst.op("Surface").value;
  r.float_params = !inst.row->s3d.fetch;
  r.roles = inst.row->s3d.roles;
  const auto aoff = read_aoffimmi(inst, m, sink);
  if (!aoff) return std::nullopt;
  r.params.offset = intel::decode_aoffimmi(*aoff);
  if (!read_params(inst, m, sink, r)) return std::nullopt;
  return r;
}

}  // namespace texsim::isa::visa
