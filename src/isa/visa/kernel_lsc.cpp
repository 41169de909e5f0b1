// LSC_LOAD and LSC_STORE of a kernel thread (kernel_internal.hpp): untyped .ugm messages with
// flat A64/A32 addresses (visa LSC_UNTYPED.md), on the launch's buffers that have a GPU address.
// Depends on kernel_ops.
#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {
namespace {

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& rule,
          const std::string& what) {
  sink.error(rule, loc, what, "visa instructions/LSC_UNTYPED.md");
  return false;
}

// The buffer holding [a, a + n): its bytes from `a`; nullptr when no addressed buffer does.
uint8_t* addressed(KernelMemory& mem, uint64_t a, unsigned n) {
  for (const auto& [bti, base] : mem.addresses) {
    auto b = mem.buffers.find(bti);
    if (b == mem.buffers.end() || a < base || a - base + n > b->second.size()) continue;
    return b->second.data() + (a - base);
  }
  return nullptr;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

bool run_lsc(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
             core::DiagSink& sink) {
  const bool store = k.op == "lsc_store";
  const bool slm = k.modifier.starts_with("slm");
  if (!k.modifier.starts_with("ugm") && !slm)
    return fail(sink, loc, "VISA-UNSUPPORTED",
                k.op + "." + k.modifier + ": only .ugm and .slm messages are modelled");
  if (slm && !t.mem.slm)
    return fail(sink, loc, "VISA-RUN-MEMORY", "an .slm message needs the launch's \"slm_size\"");
  if (k.ops.size() != 2) return fail(sink, loc, "VISA-RUN-OPERAND", k.op + " takes 2 operands");
  const KOperand& addr = store ? k.ops[0] : k.ops[1];
  const KOperand& data = store ? k.ops[1] : k.ops[0];
  if (addr.kind != KOpKind::kLscAddr || data.kind != KOpKind::kLscData)
    return fail(sink, loc, "VISA-RUN-OPERAND", k.op + " takes an address and a data operand");
  const auto asp = t.m.span(addr.var->id), dsp = t.m.span(data.var->id);
  const unsigned abytes = addr.addr_bits / 8, mbytes = data.data_bits / 8;
  const unsigned rbytes = data.c32 ? 4 : mbytes;  // per element in the register
  const unsigned grf = t.m.grf_bytes();
  const unsigned per = (k.exec_size * rbytes + grf - 1) / grf * grf;  // one vector element
  if (!asp || asp->size < k.exec_size * abytes || !dsp || dsp->size < data.vec * per)
    return fail(sink, loc, "VISA-RUN-OPERAND", "the address or data operand is too small");
  const uint32_t en = instruction_lanes(t, k, active, false);
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    bool def = false;
    const uint64_t a = t.m.read_le(asp->base + i * abytes, abytes, def);
    for (unsigned v = 0; v < data.vec; ++v) {
      const uint64_t ea = a + uint64_t{v} * mbytes;
      uint8_t* mem = slm ? (ea + mbytes <= t.mem.slm->size() ? t.mem.slm->data() + ea : nullptr)
                         : addressed(t.mem, ea, mbytes);
      if (!def || mem == nullptr)
        return fail(sink, loc, "VISA-RUN-MEMORY",
                    "lane " + std::to_string(i) + ": address " + hex(ea) +
                        (!def  ? std::string(" has undefined bytes")
                         : slm ? std::string(" lies past the work-group's SLM")
                               : std::string(" lies in no launch buffer with an \"address\"")));
      const uint32_t r = dsp->base + v * per + i * rbytes;
      for (unsigned b = 0; b < rbytes; ++b) {
        if (store && b < mbytes) mem[b] = t.m.byte(r + b);
        if (!store) t.m.write(r + b, b < mbytes ? mem[b] : 0, true);  // c32: zero-extended
      }
    }
  }
  if (!store) t.m.mark_written(data.var->id);
  return true;
}

}  // namespace texsim::isa::visa
