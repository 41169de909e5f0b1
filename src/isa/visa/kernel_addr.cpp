// ADDR_ADD of a kernel thread (kernel_internal.hpp): address variables hold register-file byte
// addresses, taken with &V[off] and moved on by UW offsets (visa instructions/ADDR_ADD.md).
// Depends on kernel_ops.
#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {
namespace {

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& what) {
  sink.error("VISA-RUN-OPERAND", loc, what, "visa instructions/ADDR_ADD.md");
  return false;
}

}  // namespace

bool run_addr_add(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                  core::DiagSink& sink) {
  if (k.ops.size() != 3 || k.ops[0].kind != KOpKind::kAddr ||
      (k.ops[1].kind != KOpKind::kAddrOf && k.ops[1].kind != KOpKind::kAddr))
    return fail(sink, loc, "addr_add takes an address destination, &V or an address, and a UW");
  // "Predication is not supported for this instruction."
  if (k.pred != nullptr) return fail(sink, loc, "addr_add cannot be predicated");
  const KOperand& dst = k.ops[0];
  const KOperand& s0 = k.ops[1];
  const auto base = s0.kind == KOpKind::kAddrOf ? t.m.span(s0.var->id) : std::nullopt;
  if (s0.kind == KOpKind::kAddrOf && !base)
    return fail(sink, loc, "&" + s0.var->name + " has no storage");
  const AddrReg from = s0.kind == KOpKind::kAddr ? t.addrs[s0.var->id] : AddrReg{};
  AddrReg& to = t.addrs[dst.var->id];
  const uint32_t en = instruction_lanes(t, k, active, true);
  const unsigned dstride = dst.region ? dst.hs : 1;
  // A general Src0 has region <0;1,0> (every lane the same address); an address one its width.
  const unsigned sstride = s0.kind == KOpKind::kAddr && (!s0.region || s0.hs > 1) ? 1 : 0;
  std::string err;
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    const unsigned d = dst.col + i * dstride, s = s0.col + i * sstride;
    if (d >= 32 || d >= dst.var->num_elts || (s0.kind == KOpKind::kAddr && s >= 32))
      return fail(sink, loc, "addr_add element " + std::to_string(i) + " lies past the address");
    uint32_t var = s0.var->id, addr = 0;
    if (s0.kind == KOpKind::kAddrOf) {
      addr = base->base + static_cast<uint32_t>(s0.imm);
    } else if (((from.defined >> s) & 1) != 0) {
      addr = from.value[s], var = from.var[s];
    } else {
      return fail(sink, loc,
                  "addr_add reads " + s0.var->name + "(" + std::to_string(s) +
                      "), which ADDR_ADD has not written");
    }
    const auto off = read_lane(t.m, k.ops[2], i, err, &t.addrs);
    if (!off) return fail(sink, loc, err);
    if (!off->defined) return fail(sink, loc, "addr_add's offset has undefined bytes");
    to.value[d] = addr + static_cast<uint32_t>(off->v.i & 0xffff);  // Src1: UW
    to.var[d] = var;
    to.defined |= 1u << d;
  }
  return true;
}

}  // namespace texsim::isa::visa
