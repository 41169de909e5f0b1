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

namespace {

// Base + AddrScale * Src0Addrs[n] + AddrImmOffset (LSC_UNTYPED.md, Semantics; flat: Base 0),
// wrapped to the address size.
uint64_t lsc_address(const KOperand& addr, uint64_t a) {
  const uint64_t e = a * addr.addr_scale + static_cast<uint64_t>(addr.addr_offset);
  return addr.addr_bits == 32 ? e & 0xffffffffu : e;
}

// ss(V)[...] (decision KP2): the running thread's scratch space, which the hardware finds from
// the scratch surface state V names and the thread's id; V must be the %r0.5 >> 4 IGC reads.
uint8_t* scratch_memory(ThreadState& t, uint64_t ea, unsigned n) {
  if (ea + n > t.mem.scratch_per_thread) return nullptr;
  return t.mem.scratch.data() + t.mem.scratch_base + ea;
}

std::string scratch_surface_error(const ThreadState& t, const KOperand& addr) {
  if (t.mem.scratch.empty()) return "ss(...) needs the kernel's scratch space (MEDIA_VFE_STATE)";
  const auto sp = t.m.span(addr.ss->id);
  bool def = false;
  const uint64_t v = sp ? t.m.read_le(sp->base, 4, def) : 0;
  const uint64_t want = t.mem.scratch_base >> 4;
  if (def && v == want) return "";
  return "ss(" + addr.ss->name + ") is " + (def ? hex(v) : std::string("undefined")) +
         ", not the thread's scratch surface state " + hex(want) + " (%r0.5 >> 4)";
}

uint8_t* lsc_memory(ThreadState& t, bool slm, uint64_t ea, unsigned n, bool scratch = false) {
  if (scratch) return scratch_memory(t, ea, n);
  if (!slm) return addressed(t.mem, ea, n);
  return ea + n <= t.mem.slm->size() ? t.mem.slm->data() + ea : nullptr;
}

}  // namespace

// LOAD: DstData[v].elems[n] (SIMT order), or DstData[n].elems[v] when transposed (SIMD1, the
// vector's elements consecutive in the register); STORE the same way round.
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
  if (data.transpose && k.exec_size != 1)
    return fail(sink, loc, "VISA-RUN-OPERAND", "a transposed LSC message is SIMD1");
  const auto asp = t.m.span(addr.var->id), dsp = t.m.span(data.var->id);
  const unsigned abytes = addr.addr_bits / 8, mbytes = data.data_bits / 8;
  const unsigned rbytes = data.c32 ? 4 : mbytes;  // per element in the register
  const unsigned grf = t.m.grf_bytes();
  const unsigned per = data.transpose ? mbytes : (k.exec_size * rbytes + grf - 1) / grf * grf;
  if (!asp || asp->size < k.exec_size * abytes || !dsp || dsp->size < data.col + data.vec * per)
    return fail(sink, loc, "VISA-RUN-OPERAND", "the address or data operand is too small");
  const uint32_t en = instruction_lanes(t, k, active, false);
  const bool scratch = addr.ss != nullptr;
  if (scratch && en != 0) {
    if (const std::string e = scratch_surface_error(t, addr); !e.empty())
      return fail(sink, loc, "VISA-RUN-MEMORY", e);
  }
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    bool def = false;
    const uint64_t a = lsc_address(addr, t.m.read_le(asp->base + i * abytes, abytes, def));
    for (unsigned v = 0; v < data.vec; ++v) {
      const uint64_t ea = a + uint64_t{v} * mbytes;
      uint8_t* mem = lsc_memory(t, slm, ea, mbytes, scratch);
      if (!def || mem == nullptr)
        return fail(sink, loc, "VISA-RUN-MEMORY",
                    "lane " + std::to_string(i) + ": address " + hex(ea) +
                        (!def      ? std::string(" has undefined bytes")
                         : scratch ? " lies past the thread's scratch space (" +
                                         std::to_string(t.mem.scratch_per_thread) + " bytes)"
                         : slm ? std::string(" lies past the work-group's SLM")
                               : std::string(" lies in no launch buffer with an \"address\"")));
      const uint32_t r = dsp->base + data.col + v * per + i * rbytes;
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
// modelled (fcas, fadd, fsub: rounding not pinned). icas: Src1Data is the comparand, Src2Data
// the value stored on equality (LSC_UNTYPED.md's example "VCMP VIFEQ"; decision K26).
std::string dword_op(const std::string& lsc) {
  static const std::pair<const char*, const char*> kOps[] = {
      {"iinc", "inc"}, {"idec", "dec"},  {"load", "or"},      {"store", "xchg"},
      {"iadd", "add"}, {"isub", "sub"},  {"smin", "minsint"}, {"smax", "maxsint"},
      {"umin", "min"}, {"umax", "max"},  {"and", "and"},      {"or", "or"},
      {"xor", "xor"},  {"fmin", "fmin"}, {"fmax", "fmax"},    {"icas", "cmpxchg"}};
  for (const auto& [l, d] : kOps)
    if (lsc == l) return d;
  return "";
}

// Src1Data / Src2Data of lane `i`: `w` bytes of a whole variable (0 for %null).
uint64_t lsc_source(const Machine& m, const KOperand& o, unsigned i, unsigned w, bool& def) {
  def = true;
  if (o.kind != KOpKind::kRaw) return 0;
  const auto sp = m.span(o.var->id);
  if (!sp || (i + 1) * w > sp->size) return def = false, 0;
  return m.read_le(sp->base + i * w, w, def);
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
  const KOperand& dd = k.ops.size() == 4 ? k.ops[0] : KOperand{};
  const unsigned w = dd.kind == KOpKind::kLscData ? dd.data_bits / 8 : 4;
  if (k.ops.size() != 4 || k.ops[1].kind != KOpKind::kLscAddr || (w != 4 && w != 8) ||
      dd.transpose || dd.vec != 1 || (w == 8 && !atomic_qword(op, 0, 0, 0)))
    return fail(sink, loc, "VISA-RUN-OPERAND",
                k.op + " takes d32 or d64 (integer) data, a flat address, 2 sources");
  const KOperand& addr = k.ops[1];
  const auto asp = t.m.span(addr.var->id);
  const unsigned abytes = addr.addr_bits / 8;
  const auto dst = dd.kind == KOpKind::kLscData ? t.m.span(dd.var->id) : std::nullopt;
  if (!asp || asp->size < k.exec_size * abytes)
    return fail(sink, loc, "VISA-RUN-OPERAND", "the address operand is too small");
  const uint32_t en = instruction_lanes(t, k, active, false);
  for (unsigned i = 0; i < k.exec_size; ++i) {  // lane order (decision K17)
    if (((en >> i) & 1) == 0) continue;
    bool da = false, d1 = false, d2 = false;
    const uint64_t a = lsc_address(addr, t.m.read_le(asp->base + i * abytes, abytes, da));
    const uint64_t s1 = lsc_source(t.m, k.ops[2], i, w, d1),
                   s2 = lsc_source(t.m, k.ops[3], i, w, d2);
    uint8_t* mem = lsc_memory(t, slm, a, w);
    if (!da || !d1 || !d2 || mem == nullptr)
      return fail(sink, loc, "VISA-RUN-MEMORY",
                  "lane " + std::to_string(i) + ": address " + hex(a) +
                      (!da || !d1 || !d2 ? std::string(": an operand has undefined bytes")
                                         : std::string(" lies in no launch memory")));
    uint64_t old = 0;
    for (unsigned b = 0; b < w; ++b) old |= uint64_t{mem[b]} << (8 * b);
    // DWORD_ATOMIC's cmpxchg stores src0 when old == src1: icas's Src2Data, Src1Data.
    const uint64_t now = lop == "load"   ? old
                         : lop == "icas" ? *atomic_value(op, old, s2, s1, w)
                                         : *atomic_value(op, old, s1, s2, w);
    for (unsigned b = 0; b < w; ++b) mem[b] = static_cast<uint8_t>(now >> (8 * b));
    if (dst && (i + 1) * w <= dst->size)
      for (unsigned b = 0; b < w; ++b)
        t.m.write(dst->base + i * w + b, static_cast<uint8_t>(old >> (8 * b)), true);
  }
  if (dst) t.m.mark_written(dd.var->id);
  return true;
}

}  // namespace texsim::isa::visa
