// The Volta+ printer: a 128-bit texture instruction as nvdisasm 11.8 prints it for its
// architecture (modifier order, operand order and ??? spellings: nvidia_sm70_fields.md 2-4).
#include <cstdio>
#include <string>

#include "isa/sass/encoding_sm70.hpp"
#include "isa/sass/modifiers.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/syntax.hpp"

namespace texsim::isa::sass {

namespace {

std::string hex(unsigned v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

// A register nvdisasm prints as ???255 where the field has no RZ (Ra, the .B forms' Rb).
std::string no_rz(uint8_t r) {
  return r == kRZ ? "???" + std::to_string(r) : register_name(r);
}

std::string dot(Mod m, uint8_t v) {
  return "." + std::string(spelling(m, v));
}

// .B where bit 59 is set; .???0 where the row needs it (SM80+ print the word anyway).
std::string bindless_bit(const Instruction& i) {
  switch (i.wide.source) {
    case TexSource::kBound:
      return i.wide.b_bit ? dot(Mod::kBindless, 1) : std::string();
    case TexSource::kUniform:
      return {};
    default:
      return i.wide.b_bit ? dot(Mod::kBindless, 1) : std::string(".???0");
  }
}

std::string flag(bool on, Mod m) {
  return on ? dot(m, 1) : std::string();
}

// The modifiers in nvdisasm's order (section 4).
std::string modifiers(const Instruction& i, Opcode op) {
  const WideFields& w = i.wide;
  const std::string scr = wide_spelling(WideMod::kScr, w.scr, w.sm);
  const std::string f16 = wide_spelling(WideMod::kF16, w.f16_code, w.sm);
  const std::string cache = wide_spelling(WideMod::kCache, w.cache, w.sm);
  const std::string b = bindless_bit(i);
  const std::string nodep = flag(i.nodep, Mod::kNodep);
  switch (op) {
    case Opcode::kTex:
      return scr + b + f16 + wide_spelling(WideMod::kTexLod, w.lod_code, w.sm) +
             flag(i.aoffi, Mod::kAoffi) + flag(i.dc, Mod::kDc) + cache + flag(i.ndv, Mod::kNdv) +
             nodep;
    case Opcode::kTld:
      return scr + b + f16 + wide_spelling(WideMod::kTldLod, w.lod_code, w.sm) +
             flag(i.aoffi, Mod::kAoffi) + cache + flag(i.ms, Mod::kMs) + flag(i.cl, Mod::kCl) +
             nodep;
    case Opcode::kTld4:
      return scr + dot(Mod::kComponent, i.component) + b + f16 +
             wide_spelling(WideMod::kToff, i.toff, w.sm) + flag(i.dc, Mod::kDc) + cache + nodep;
    case Opcode::kTxd:
      return b + f16 + flag(i.lc, Mod::kLc) + flag(i.aoffi, Mod::kAoffi) + cache + nodep;
    case Opcode::kTmml:
      return b + dot(Mod::kLodQuery, 1) + flag(i.ndv, Mod::kNdv) + nodep;
    default:
      return b + nodep;
  }
}

// "0x0, 0x66", "UR4, 0x0", "0x0, 0x26, 0x1", or "" for the .B forms.
std::string texture_operand(const WideFields& w) {
  switch (w.source) {
    case TexSource::kBound:
      return hex(w.bank) + ", " + hex(w.tex_a);
    case TexSource::kUniform:
      return (w.tex_a == 63 ? "???63" : "UR" + std::to_string(w.tex_a)) + ", " + hex(w.tex_b);
    case TexSource::kCb2:
      return hex(w.bank) + ", " + hex(w.tex_a) + ", " + hex(w.tex_b);
    case TexSource::kBindless:
      break;
  }
  return {};
}

// Whether nvdisasm reads the word as a handle form: .B or .???0 printed (the .B and cb2 rows,
// and the bound row with bit 59 set). There Rb, and TXQ's Ra, have no RZ: 255 prints ???255.
bool handle_form(const WideFields& w) {
  return w.source == TexSource::kBindless || w.source == TexSource::kCb2 ||
         (w.source == TexSource::kBound && w.b_bit);
}

// Rb: TXD prints RZ; a handle form ???255; the others leave 255 out.
void append_rb(std::string& out, const Instruction& i, Opcode op) {
  if (i.rb != kRZ || op == Opcode::kTxd)
    out += ", " + register_name(i.rb);
  else if (handle_form(i.wide))
    out += ", " + no_rz(i.rb);
}

std::string operands(const Instruction& i, Opcode op) {
  const bool txq = op == Opcode::kTxq;
  const bool sampling = !txq && op != Opcode::kTmml;
  std::string out = " ";
  if (sampling && i.pd != kPT) out += "P" + std::to_string(i.pd) + ", ";
  out += register_name(i.rd1) + ", " + register_name(i.rd0) + ", ";
  const bool ra_rz = txq && !handle_form(i.wide);
  out += ra_rz ? register_name(i.ra) : no_rz(i.ra);
  if (!txq) append_rb(out, i, op);
  if (txq) out += ", " + wide_spelling(WideMod::kQuery, wide_query_code(i.query), i.wide.sm);
  if (const std::string t = texture_operand(i.wide); !t.empty()) out += ", " + t;
  if (!txq) out += ", " + wide_spelling(WideMod::kDim, wide_dim_code(i.param_a), i.wide.sm, op);
  if (txq || i.mask != 0xf) out += ", " + hex(i.mask);
  return out;
}

}  // namespace

std::string print_sm70(const Instruction& inst) {
  std::string out;
  if (inst.pred != kPT || inst.pred_neg) {
    out += inst.pred_neg ? "@!" : "@";
    out += inst.pred == kPT ? std::string("PT") : "P" + std::to_string(inst.pred);
    out += ' ';
  }
  const OpSpec& spec = op_spec(inst.op);
  const Opcode op = wide_base_op(inst.op);
  out += base_mnemonic(spec);
  out += modifiers(inst, op);
  out += operands(inst, op);
  if (inst.wide.pm != 0) out += " ?PM" + std::to_string(inst.wide.pm);
  return out;
}

}  // namespace texsim::isa::sass
