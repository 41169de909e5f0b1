// Lowering MEDIA_LD and GATHER_SCALED to memory requests (operands read from the machine).
// Depends on program, machine and kinds; never on the scene or the texture unit.
#include "isa/visa/lower.hpp"

#include <bit>

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
    case 2: case 4: return FieldMode::kTop;
    case 3: case 5: return FieldMode::kBottom;
    default: return FieldMode::kFrame;
  }
}

namespace {

std::optional<uint32_t> scalar_value(const Instruction& inst, std::string_view field, const Machine& m,
                                     core::DiagSink& sink, bool& defined) {
  std::string err;
  const auto v = m.read_scalar(inst.op(field).vec, err);
  if (!v) {
    sink.error("VISA-RUN-REGISTER", core::TextLoc{{}, inst.line, inst.op(field).column}, std::string(field) + ": " + err,
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
               std::string(!dx ? "X_offset" : "Y_offset") + " has undefined bytes (give it a value in the scene)",
               "visa-media_ld.md, X_offset");
    return std::nullopt;
  }
  // X in bytes and Y in rows, both signed 32-bit so that blocks may start left of/above the
  // surface (clamped by the OOB policy). The spec's "Y byte offset" is an error (decision V2).
  r.x = static_cast<int32_t>(*x);
  r.y = static_cast<int32_t>(*y);
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

}  // namespace texsim::isa::visa
