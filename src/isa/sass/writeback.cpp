// Write-back of the texture instructions' results (sass-tlds.md, "Legal modifier table for
// Rd1,Rd0,wmsk"; nvidia_tlds.md 1.7): FP32 and .F16 packing, the .F16-on-integer warning.
#include "isa/sass/writeback.hpp"

#include <algorithm>

#include <array>
#include <span>

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

void write_registers(Machine& m, uint8_t base, std::span<const uint32_t> values,
                     std::span<const bool> defined, std::string* trace) {
  if (base == kRZ) return;
  for (size_t k = 0; k < values.size(); ++k) {
    const unsigned r = base + static_cast<unsigned>(k);
    if (r >= kRZ) return;
    const auto reg = static_cast<uint8_t>(r);
    m.write(reg, values[k], defined[k]);
    if (trace)
      *trace += " " + register_name(reg) + "=" + hex32(values[k]) + (defined[k] ? "" : "?");
  }
}

void write_back(const Instruction& inst, const texunit::Texel& texel, bool defined,
                core::Rounding rounding, Machine& m, std::string* trace) {
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
  const std::array<bool, 2> def{defined, defined};
  write_registers(m, inst.rd0, std::span(slot_bits).first(d.rd0_regs),
                  std::span(def).first(d.rd0_regs), trace);
  write_registers(m, inst.rd1, std::span(slot_bits).subspan(2, d.rd1_regs),
                  std::span(def).first(d.rd1_regs), trace);
}

void write_vector(const Instruction& inst, const std::array<uint32_t, 4>& bits,
                  const std::array<bool, 4>& defined, Machine& m, std::string* trace) {
  std::array<uint32_t, 4> values{};
  std::array<bool, 4> def{};
  size_t n = 0;
  for (unsigned c = 0; c < 4; ++c) {
    if (((inst.mask >> c) & 1u) == 0) continue;
    values[n] = bits[c];
    def[n++] = defined[c];
  }
  if (inst.wide.sm != 0) {
    // Volta+: the first two components to Rd, Rd+1, the others to Rd2, Rd2+1 (ptxas 11.8: mask
    // 0xb writes R, G to Rd and A to Rd2; decision W11).
    const size_t lo = std::min<size_t>(n, 2);
    write_registers(m, inst.rd0, std::span(values).first(lo), std::span(def).first(lo), trace);
    write_registers(m, inst.rd1, std::span(values).subspan(lo, n - lo),
                    std::span(def).subspan(lo, n - lo), trace);
    return;
  }
  write_registers(m, inst.rd0, std::span(values).first(n), std::span(def).first(n), trace);
}

}  // namespace texsim::isa::sass
