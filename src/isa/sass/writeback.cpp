// Write-back of the texture instructions' results (sass-tlds.md, "Legal modifier table for
// Rd1,Rd0,wmsk"; nvidia_tlds.md 1.7): FP32 and .F16 packing, the .F16-on-integer warning.
#include "isa/sass/writeback.hpp"

#include <array>

#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

// A component as a float for F16 packing: float bits pass through, integers convert by value
// (only reached where .F16 on integer textures is not UNPREDICTABLE).
float component_value(const texunit::Texel& t, int c) {
  switch (t.kind) {
    case texunit::TexelKind::kFloat:
      return t.f(c);
    case texunit::TexelKind::kUint:
      return static_cast<float>(t.u(c));
    case texunit::TexelKind::kSint:
      return static_cast<float>(t.i(c));
  }
  return 0.0f;
}

}  // namespace

uint8_t written_components(const Instruction& inst) {
  const uint8_t fixed = op_spec(inst.op).fixed_components;
  return fixed != 0 ? fixed : inst.mask;
}

bool f16_integer_defined(const Instruction& inst, std::string_view format_name,
                         const ExecSettings& settings, core::DiagSink& sink) {
  if (!inst.f16 || !f16_integer_unpredictable(settings.platform)) return true;
  const core::Location loc =
      core::TextLoc{inst.origin.file, inst.origin.line, inst.origin.column[0]};
  const OpSpec& spec = op_spec(inst.op);
  sink.warning(
      std::string(spec.rule_prefix) + "F16-INT", loc,
      ".F16 with integer texture format " + std::string(format_name) + " is UNPREDICTABLE on " +
          settings.platform + "; the destination is reported as undefined",
      inst.op == Opcode::kTlds ? "sass-tlds.md, .F16" : "sass-tlds.md, .F16; decisions T45");
  return false;
}

std::string write_back(const Instruction& inst, const texunit::Texel& texel, bool defined,
                       core::Rounding rounding, Machine& m) {
  const DestLayout d = dest_layout(written_components(inst), inst.f16);
  std::array<uint32_t, 4> slot_bits{};  // packed values for Rd0, Rd0+1, Rd1, Rd1+1
  if (inst.f16) {
    std::array<uint16_t, 4> h{};
    for (unsigned k = 0; k < d.count; ++k) {
      h[k] = core::float_to_half(component_value(texel, d.order[k]), rounding);
    }
    // Rd0 = (c0 | c1 << 16), Rd1 = (c2 | c3 << 16); missing halves are 0.
    slot_bits[0] = uint32_t{h[0]} | (uint32_t{h[1]} << 16);
    slot_bits[2] = uint32_t{h[2]} | (uint32_t{h[3]} << 16);
  } else {
    for (unsigned k = 0; k < d.count; ++k)
      slot_bits[k] = texel.bits[static_cast<uint8_t>(d.order[k])];  // 0..3 for k < count
  }
  std::string writes;
  auto put = [&](uint8_t base, unsigned k, uint32_t v) {
    if (base == kRZ) return;
    const uint8_t r = static_cast<uint8_t>(base + k);
    m.write(r, v, defined);
    writes += " " + register_name(r) + "=" + hex32(v);
  };
  for (unsigned k = 0; k < d.rd0_regs; ++k) put(inst.rd0, k, slot_bits[k]);
  for (unsigned k = 0; k < d.rd1_regs; ++k) put(inst.rd1, k, slot_bits[2 + k]);
  return writes;
}

}  // namespace texsim::isa::sass
