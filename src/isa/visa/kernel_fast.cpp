// Prepared ALU, CMP and SEL instructions of whole kernels (issue 28 item 4, decisions KS2–KS4):
// operand element addresses resolved once per launch, then each phase (read, compute, write) over
// all enabled lanes. The arithmetic is kernel_alu's, so results equal run_generic's bit for bit.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <span>
#include <string_view>

#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {
namespace {

// A source or destination that resolves to fixed addresses: a general variable, an immediate
// (not for a destination) or %null (only for a destination).
bool preparable(const KOperand& o, bool dst) {
  if (o.kind == KOpKind::kVar) return true;
  return dst ? o.kind == KOpKind::kNull : o.kind == KOpKind::kImm;
}

// Lanes at or above `lanes` (the exec size) never run (instruction_lanes).
PreparedOperand prepare_operand(const Machine& m, const KOperand& o, bool dst, unsigned lanes) {
  PreparedOperand p;
  if (o.kind == KOpKind::kImm) {
    std::string err;
    p.in_bounds = 0xffffffffu;
    for (unsigned l = 0; l < 8; ++l) p.imm[l] = read_lane(m, o, l, err)->v;
    return p;
  }
  if (o.kind != KOpKind::kVar) {
    p.in_bounds = 0xffffffffu;  // %null: nothing written
    return p;
  }
  p.size = static_cast<uint8_t>(type_size(o.type));
  const auto sp = m.span(o.var->id);
  if (!sp) return p;
  for (unsigned l = 0; l < lanes && l < 32; ++l) {
    if (const auto a = general_address(*sp, m.grf_bytes(), o, l, dst)) {
      p.addr[l] = *a;
      p.in_bounds |= 1u << l;
    }
  }
  return p;
}

// The integer operations whose result's low dword is a function of the sources' low dwords.
bool low_dword_op(AluOp op) {
  switch (op) {
    case AluOp::kMov:
    case AluOp::kAdd:
    case AluOp::kMul:
    case AluOp::kMad:
    case AluOp::kAdd3:
    case AluOp::kAnd:
    case AluOp::kOr:
    case AluOp::kXor:
    case AluOp::kNot:
    case AluOp::kShl:
    case AluOp::kShr:
      return true;
    default:
      return false;
  }
}

PreparedInst prepare_inst(const Machine& m, const KInst& k, KDispatch d) {
  PreparedInst p;
  const size_t need = d == KDispatch::kAlu ? 2 : 3;  // CMP, SEL: a destination and two sources
  if (k.ops.size() < need || (d != KDispatch::kAlu && k.ops.size() != 3)) return p;
  if (d == KDispatch::kCmp && k.ops[0].kind == KOpKind::kPred) {
    p.ops.emplace_back().in_bounds = 0xffffffffu;  // the predicate destination: written by id
  } else if (!preparable(k.ops[0], true)) {
    return p;
  } else {
    p.ops.push_back(prepare_operand(m, k.ops[0], true, k.exec_size));
  }
  for (size_t s = 1; s < k.ops.size(); ++s) {
    if (!preparable(k.ops[s], false)) return p;
    p.ops.push_back(prepare_operand(m, k.ops[s], false, k.exec_size));
  }
  if (d == KDispatch::kAlu) {
    p.op = *alu_op(k.op);
    if (p.op == AluOp::kBfn) {
      const auto b = bfn_table(k.modifier);
      if (!b) return p;
      p.bfn = *b;
    }
  }
  p.exec_float = exec_is_float(k, 1, p.exec_double);
  p.int32 = d == KDispatch::kAlu && !p.exec_float && low_dword_op(p.op) && !k.sat &&
            (k.ops[0].type == VisaType::kD || k.ops[0].type == VisaType::kUD);
  p.ready = true;
  return p;
}

// dst = op(a, b, c) on the low dwords of every lane (kernel_alu's integer alu_eval truncated to
// a D/UD destination: these operations' low 32 result bits depend only on the sources' low 32
// bits; SHL/SHR count with src1's low 5 bits for a 4-byte destination). A loop per operation
// over all 32 lanes, which the compiler vectorises (decision KS4).
void int32_lanes(AluOp op, const std::array<std::array<uint32_t, 32>, 3>& s,
                 std::array<uint64_t, 32>& out) {
  const auto& a = s[0];
  const auto& b = s[1];
  const auto& c = s[2];
  std::array<uint32_t, 32> r{};
  switch (op) {
    case AluOp::kMov:
      r = a;
      break;
    case AluOp::kAdd:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] + b[l];
      break;
    case AluOp::kMul:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] * b[l];
      break;
    case AluOp::kMad:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] * b[l] + c[l];
      break;
    case AluOp::kAdd3:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] + b[l] + c[l];
      break;
    case AluOp::kAnd:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] & b[l];
      break;
    case AluOp::kOr:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] | b[l];
      break;
    case AluOp::kXor:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] ^ b[l];
      break;
    case AluOp::kNot:
      for (unsigned l = 0; l < 32; ++l) r[l] = ~a[l];
      break;
    case AluOp::kShl:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] << (b[l] & 31);
      break;
    default:  // kShr (low_dword_op)
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] >> (b[l] & 31);
      break;
  }
  for (unsigned l = 0; l < 32; ++l) out[l] = r[l];
}

// Source `o` (prepared as `p`) of every lane in `en`: kernel_ops read_lane's value.
void read_sources(Machine& m, const KOperand& o, const PreparedOperand& p, uint32_t en,
                  std::array<KValue, 32>& v, std::array<uint8_t, 32>& def) {
  if (p.size == 0) {
    for (unsigned l = 0; l < 32; ++l) v[l] = p.imm[l & 7];
    return;
  }
  const uint8_t* bytes = m.raw_bytes();
  const uint8_t* defined = m.raw_defined();
  for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
    const auto l = static_cast<unsigned>(std::countr_zero(rest));
    const uint32_t a = p.addr[l];
    uint64_t bits = 0;
    std::memcpy(&bits, bytes + a, p.size);  // little-endian host (x86-64, AArch64)
    uint8_t all = 1;
    for (unsigned b = 0; b < p.size; ++b) all &= defined[a + b];
    def[l] &= all;
    KValue x = load_value(o.type, bits);
    if (o.neg || o.abs) x = apply_modifiers(x, o.neg, o.abs);
    if (o.lnot) x.i = ~x.i;
    v[l] = x;
  }
}

// Source `o` of every lane in `en` in the integer domain (read_lane's KValue::i): D and UD
// elements without modifiers straight from the register bytes, the rest through load_value.
void read_int_sources(Machine& m, const KOperand& o, const PreparedOperand& p, uint32_t en,
                      std::array<int64_t, 32>& v, std::array<uint8_t, 32>& def) {
  if (p.size == 0) {
    for (unsigned l = 0; l < 32; ++l) v[l] = p.imm[l & 7].i;
    return;
  }
  const bool plain = !o.neg && !o.abs && !o.lnot;
  if (!plain || (o.type != VisaType::kD && o.type != VisaType::kUD)) {
    std::array<KValue, 32> x;
    read_sources(m, o, p, en, x, def);
    for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
      const auto l = static_cast<unsigned>(std::countr_zero(rest));
      v[l] = x[l].i;
    }
    return;
  }
  const uint8_t* bytes = m.raw_bytes();
  const uint8_t* defined = m.raw_defined();
  const bool sgn = o.type == VisaType::kD;
  for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
    const auto l = static_cast<unsigned>(std::countr_zero(rest));
    uint32_t raw = 0, d = 0;
    std::memcpy(&raw, bytes + p.addr[l], 4);
    std::memcpy(&d, defined + p.addr[l], 4);
    v[l] = sgn ? int64_t{static_cast<int32_t>(raw)} : int64_t{raw};
    def[l] &= d == 0x01010101u ? 1 : 0;
  }
}

// Writes each lane's `out` to the prepared destination (write_lane for every lane in `en`).
void write_lanes(Machine& m, const KOperand& dst, const PreparedOperand& p, uint32_t en,
                 const std::array<uint64_t, 32>& out, const std::array<uint8_t, 32>& def) {
  if (p.size == 0 || en == 0) return;  // %null
  uint8_t* bytes = m.raw_bytes();
  uint8_t* defined = m.raw_defined();
  for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
    const auto l = static_cast<unsigned>(std::countr_zero(rest));
    std::memcpy(bytes + p.addr[l], &out[l], p.size);
    std::memset(defined + p.addr[l], def[l] != 0 ? 1 : 0, p.size);
  }
  m.mark_written(dst.var->id);
}

// CMP in the integer domain (kernel_alu compare on KValue::i): each relation a loop over all
// lanes; nullopt for a condition compare() does not know (run_generic reports it).
std::optional<bool> int_compare(ThreadState& t, const KInst& k, const PreparedOperand& dst,
                                const std::array<int64_t, 32>& a, const std::array<int64_t, 32>& b,
                                uint32_t en, const std::array<uint8_t, 32>& def) {
  const std::string& c = k.modifier;
  static constexpr std::array<std::string_view, 6> kConds{"eq", "ne", "lt", "le", "gt", "ge"};
  const auto* it = std::find(kConds.begin(), kConds.end(), c);
  if (it == kConds.end()) return std::nullopt;
  std::array<uint8_t, 32> r{};
  switch (it - kConds.begin()) {
    case 0:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] == b[l] ? 1 : 0;
      break;
    case 1:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] != b[l] ? 1 : 0;
      break;
    case 2:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] < b[l] ? 1 : 0;
      break;
    case 3:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] <= b[l] ? 1 : 0;
      break;
    case 4:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] > b[l] ? 1 : 0;
      break;
    default:
      for (unsigned l = 0; l < 32; ++l) r[l] = a[l] >= b[l] ? 1 : 0;
      break;
  }
  uint32_t all = 0;
  for (unsigned l = 0; l < 32; ++l) all |= uint32_t{r[l]} << l;
  if (k.ops[0].kind == KOpKind::kPred) {
    uint32_t bits = t.m.predicate(k.ops[0].var->id).value_or(0);
    for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
      const auto l = static_cast<unsigned>(std::countr_zero(rest));
      const unsigned at = k.mask_offset + l;
      if (at < 32) bits = (bits & ~(1u << at)) | (((all >> l) & 1) << at);
    }
    t.m.set_predicate(k.ops[0].var->id, bits);
    return true;
  }
  std::array<uint64_t, 32> out{};
  for (unsigned l = 0; l < 32; ++l) out[l] = ((all >> l) & 1) != 0 ? ~uint64_t{0} : 0;
  write_lanes(t.m, k.ops[0], dst, en, out, def);
  return true;
}

}  // namespace

void prepare_kernel_code(KernelCode& code, const Machine& m) {
  code.prepared.assign(code.insts.size(), PreparedInst{});
  for (size_t i = 0; i < code.insts.size(); ++i) {
    const KDispatch d = code.dispatch[i];
    if (d == KDispatch::kAlu || d == KDispatch::kCmp || d == KDispatch::kSel)
      code.prepared[i] = prepare_inst(m, *code.insts[i], d);
  }
  code.prepared_for = &m.symbols();
}

std::optional<bool> run_prepared(ThreadState& t, const KInst& k, KDispatch d, const PreparedInst& p,
                                 uint32_t active) {
  const uint32_t en = instruction_lanes(t, k, active, d == KDispatch::kSel);
  for (const PreparedOperand& o : p.ops) {
    if ((en & ~o.in_bounds) != 0) return std::nullopt;  // run_generic reports the lane
  }
  const size_t n = d == KDispatch::kAlu ? std::min<size_t>(k.ops.size() - 1, 3) : 2;
  std::array<uint8_t, 32> def{};
  def.fill(1);
  std::array<uint64_t, 32> out{};
  if ((d == KDispatch::kAlu && p.int32) || (d == KDispatch::kCmp && !p.exec_float)) {
    std::array<std::array<int64_t, 32>, 3> iv{};
    for (size_t s = 0; s < n; ++s)
      read_int_sources(t.m, k.ops[1 + s], p.ops[1 + s], en, iv[s], def);
    if (d == KDispatch::kCmp) return int_compare(t, k, p.ops[0], iv[0], iv[1], en, def);
    std::array<std::array<uint32_t, 32>, 3> lo{};
    for (size_t s = 0; s < n; ++s) {
      for (unsigned l = 0; l < 32; ++l) lo[s][l] = static_cast<uint32_t>(iv[s][l]);
    }
    int32_lanes(p.op, lo, out);
    write_lanes(t.m, k.ops[0], p.ops[0], en, out, def);
    return true;
  }
  std::array<std::array<KValue, 32>, 3> v;
  for (size_t s = 0; s < n; ++s) read_sources(t.m, k.ops[1 + s], p.ops[1 + s], en, v[s], def);
  const VisaType dt = k.ops[0].type;
  if (d == KDispatch::kAlu) {
    for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
      const auto l = static_cast<unsigned>(std::countr_zero(rest));
      const std::array<KValue, 3> x{v[0][l], v[1][l], v[2][l]};
      const KValue r = alu_eval(p.op, std::span<const KValue>(x.data(), n), p.exec_float,
                                p.exec_double, dt, p.bfn);
      out[l] = store_value(dt, r, k.sat);
    }
    write_lanes(t.m, k.ops[0], p.ops[0], en, out, def);
    return true;
  }
  const uint32_t pbits = k.pred == nullptr ? 0 : t.m.predicate(k.pred->id).value_or(0);
  uint32_t taken = 0;
  for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
    const auto l = static_cast<unsigned>(std::countr_zero(rest));
    bool c = false;
    if (d == KDispatch::kSel && k.modifier.empty()) {  // predicate_lane
      const unsigned at = k.mask_offset + l;
      c = k.pred == nullptr || ((at < 32 && ((pbits >> at) & 1) != 0) != k.pred_not);
    } else {
      const auto r = compare(k.modifier, v[0][l], v[1][l], p.exec_float);
      if (!r) return std::nullopt;  // run_generic reports the condition
      c = *r;
    }
    if (c) taken |= 1u << l;
    out[l] = d == KDispatch::kSel ? store_value(dt, c ? v[0][l] : v[1][l], k.sat)
                                  : (c ? ~uint64_t{0} : 0);
  }
  if (d == KDispatch::kCmp && k.ops[0].kind == KOpKind::kPred) {
    uint32_t bits = t.m.predicate(k.ops[0].var->id).value_or(0);
    for (uint32_t rest = en; rest != 0; rest &= rest - 1) {
      const auto l = static_cast<unsigned>(std::countr_zero(rest));
      const unsigned at = k.mask_offset + l;
      if (at < 32) bits = (bits & ~(1u << at)) | (((taken >> l) & 1) << at);
    }
    t.m.set_predicate(k.ops[0].var->id, bits);
    return true;
  }
  write_lanes(t.m, k.ops[0], p.ops[0], en, out, def);
  return true;
}

}  // namespace texsim::isa::visa
