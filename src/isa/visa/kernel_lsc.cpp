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

}  // namespace

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

namespace {

// LSC atomic operation -> DWORD_ATOMIC_OP name (visa LSC_UNTYPED.md's table); "" when not
// modelled (icas/fcas: which source is the comparand is not pinned here; fadd/fsub rounding).
std::string dword_op(const std::string& lsc) {
  static const std::pair<const char*, const char*> kOps[] = {
      {"iinc", "inc"}, {"idec", "dec"},  {"load", "or"},      {"store", "xchg"},
      {"iadd", "add"}, {"isub", "sub"},  {"smin", "minsint"}, {"smax", "maxsint"},
      {"umin", "min"}, {"umax", "max"},  {"and", "and"},      {"or", "or"},
      {"xor", "xor"},  {"fmin", "fmin"}, {"fmax", "fmax"}};
  for (const auto& [l, d] : kOps)
    if (lsc == l) return d;
  return "";
}

}  // namespace

bool run_lsc_atomic(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                    core::DiagSink& sink) {
  const std::string lop = k.op.substr(std::string("lsc_atomic_").size());
  const std::string op = dword_op(lop);
  const bool slm = k.modifier.starts_with("slm");
  if (op.empty() || (!k.modifier.starts_with("ugm") && !slm))
    return fail(sink, loc, "VISA-UNSUPPORTED", k.op + "." + k.modifier + " is not modelled");
  if (slm && !t.mem.slm)
    return fail(sink, loc, "VISA-RUN-MEMORY", "an .slm message needs the launch's \"slm_size\"");
  // DstData Src0Addrs Src1Data Src2Data (%null where unused): the atomic's operands.
  if (k.ops.size() != 4 || k.ops[1].kind != KOpKind::kLscAddr ||
      (k.ops[0].kind == KOpKind::kLscData && k.ops[0].data_bits != 32))
    return fail(sink, loc, "VISA-RUN-OPERAND", k.op + " takes d32 data, a flat address, 2 sources");
  const KOperand& addr = k.ops[1];
  const auto asp = t.m.span(addr.var->id);
  const unsigned abytes = addr.addr_bits / 8;
  const auto dst = k.ops[0].kind == KOpKind::kLscData ? t.m.span(k.ops[0].var->id) : std::nullopt;
  const auto dword = [&](const KOperand& o, unsigned i, bool& def) -> uint32_t {
    def = true;
    if (o.kind != KOpKind::kRaw) return 0;
    const auto sp = t.m.span(o.var->id);
    if (!sp || (i + 1) * 4 > sp->size) return def = false, 0;
    return static_cast<uint32_t>(t.m.read_le(sp->base + i * 4, 4, def));
  };
  if (!asp || asp->size < k.exec_size * abytes)
    return fail(sink, loc, "VISA-RUN-OPERAND", "the address operand is too small");
  const uint32_t en = instruction_lanes(t, k, active, false);
  for (unsigned i = 0; i < k.exec_size; ++i) {  // lane order (decision K17)
    if (((en >> i) & 1) == 0) continue;
    bool da = false, d1 = false, d2 = false;
    const uint64_t a = t.m.read_le(asp->base + i * abytes, abytes, da);
    const uint32_t s1 = dword(k.ops[2], i, d1), s2 = dword(k.ops[3], i, d2);
    uint8_t* mem = slm ? (a + 4 <= t.mem.slm->size() ? t.mem.slm->data() + a : nullptr)
                       : addressed(t.mem, a, 4);
    if (!da || !d1 || !d2 || mem == nullptr)
      return fail(sink, loc, "VISA-RUN-MEMORY",
                  "lane " + std::to_string(i) + ": address " + hex(a) +
                      (!da || !d1 || !d2 ? std::string(": an operand has undefined bytes")
                                         : std::string(" lies in no launch memory")));
    const uint32_t old = mem[0] | mem[1] << 8 | mem[2] << 16 | uint32_t{mem[3]} << 24;
    const uint32_t now = lop == "load" ? old : *atomic_dword(op, old, s1, s2);
    for (unsigned b = 0; b < 4; ++b) mem[b] = static_cast<uint8_t>(now >> (8 * b));
    if (dst && (i + 1) * 4 <= dst->size)
      for (unsigned b = 0; b < 4; ++b)
        t.m.write(dst->base + i * 4 + b, static_cast<uint8_t>(old >> (8 * b)), true);
  }
  if (dst) t.m.mark_written(k.ops[0].var->id);
  return true;
}

}  // namespace texsim::isa::visa
