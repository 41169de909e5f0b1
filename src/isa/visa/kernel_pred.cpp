// Predicate instructions of whole kernels (kernel_internal.hpp): AND/OR/XOR/NOT on predicate
// operands, SETP, and CBIT (a count that must see the source's own bits, not its sign-extended
// value). visa instructions/AND.md, OR.md, XOR.md, NOT.md, SETP.md, CBIT.md.
#include <bit>
#include <string>

#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {

namespace {

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& what) {
  sink.error("VISA-RUN-OPERAND", loc, what, "visa 5_operands.md");
  return false;
}

// Bit `at` of a predicate operand, its (~) modifier applied.
bool pred_bit(const ThreadState& t, const KOperand& o, unsigned at) {
  const uint32_t bits = t.m.predicate(o.var->id).value_or(0);
  return (at < 32 && ((bits >> at) & 1) != 0) != o.lnot;
}

void set_bit(uint32_t& bits, unsigned at, bool on) {
  if (at < 32) bits = (bits & ~(1u << at)) | (on ? 1u << at : 0u);
}

}  // namespace

bool run_pred_logic(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
                    core::DiagSink& sink) {
  const size_t srcs = k.op == "not" ? 1 : 2;
  if (k.ops.size() != srcs + 1) return fail(sink, loc, k.op + " takes a destination and sources");
  for (size_t s = 1; s <= srcs; ++s)
    if (k.ops[s].kind != KOpKind::kPred)
      return fail(sink, loc, "a predicate " + k.op + " takes predicate sources");
  const KOperand& dst = k.ops[0];
  uint32_t bits = t.m.predicate(dst.var->id).value_or(0);
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    const unsigned at = k.mask_offset + i;
    const bool a = pred_bit(t, k.ops[1], at);
    const bool b = srcs == 2 && pred_bit(t, k.ops[2], at);
    set_bit(bits, at,
            k.op == "and"   ? (a && b)
            : k.op == "or"  ? (a || b)
            : k.op == "xor" ? a != b
                            : !a);
  }
  t.m.set_predicate(dst.var->id, bits);
  return true;
}

bool run_setp(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
              core::DiagSink& sink) {
  if (k.ops.size() != 2 || k.ops[0].kind != KOpKind::kPred)
    return fail(sink, loc, "setp takes a predicate and a source");
  const KOperand& src = k.ops[1];
  // SETP.md: a scalar source gives bit i of its value to channel i; a vector source its
  // element i's bit 0 (enabled channels only).
  const bool scalar = src.kind == KOpKind::kImm || (src.region && src.vs == 0 && src.hs == 0);
  std::string err;
  uint32_t bits = t.m.predicate(k.ops[0].var->id).value_or(0);
  const auto s0 = read_lane(t.m, src, 0, err);
  if (!s0) return fail(sink, loc, err);
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (!scalar && ((en >> i) & 1) == 0) continue;
    bool on = false;
    if (scalar) {
      on = i < 64 && ((static_cast<uint64_t>(s0->v.i) >> i) & 1) != 0;
    } else {
      const auto v = read_lane(t.m, src, i, err);
      if (!v) return fail(sink, loc, err);
      on = (v->v.i & 1) != 0;
    }
    set_bit(bits, k.mask_offset + i, on);
  }
  t.m.set_predicate(k.ops[0].var->id, bits);
  return true;
}

bool run_cbit(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
              core::DiagSink& sink) {
  if (k.ops.size() != 2) return fail(sink, loc, "cbit takes a destination and a source");
  std::string err;
  const unsigned width = 8 * type_size(k.ops[1].type);
  const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    const auto v = read_lane(t.m, k.ops[1], i, err);
    if (!v) return fail(sink, loc, err);
    const auto n = static_cast<uint64_t>(std::popcount(static_cast<uint64_t>(v->v.i) & mask));
    if (!write_lane(t.m, k.ops[0], i, n, v->defined, err)) return fail(sink, loc, err);
  }
  return true;
}

}  // namespace texsim::isa::visa
