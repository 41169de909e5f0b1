// DWORD_ATOMIC (bound buffers, %slm) and SVM_ATOMIC (stateless addresses) of a kernel thread
// (kernel_internal.hpp), 32-bit forms, per visa instructions/DWORD_ATOMIC.md and SVM.md. Threads
// and lanes run one at a time, so each lane's read-modify-write is atomic (decision K17).
// Depends on kernel_ops and kernel_alu.
#include <bit>
#include <cmath>
#include <type_traits>

#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {
namespace {

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& rule,
          const std::string& what, const std::string& page) {
  sink.error(rule, loc, what, page);
  return false;
}

}  // namespace

// The integer operations of a dword or qword atomic (U: uint32_t or uint64_t); nullopt for others.
template <typename U>
std::optional<U> atomic_integer(const std::string& op, U old, U s0, U s1) {
  using S = std::make_signed_t<U>;
  const auto i = [](U v) { return static_cast<S>(v); };
  if (op == "add") return static_cast<U>(old + s0);
  if (op == "sub") return static_cast<U>(old - s0);
  if (op == "inc") return static_cast<U>(old + 1);
  if (op == "dec" || op == "predec") return static_cast<U>(old - 1);
  if (op == "min") return std::min(old, s0);
  if (op == "max") return std::max(old, s0);
  if (op == "xchg") return s0;
  if (op == "cmpxchg") return old == s1 ? s0 : old;
  if (op == "and") return static_cast<U>(old & s0);
  if (op == "or") return static_cast<U>(old | s0);
  if (op == "xor") return static_cast<U>(old ^ s0);
  if (op == "minsint") return static_cast<U>(std::min(i(old), i(s0)));
  if (op == "maxsint") return static_cast<U>(std::max(i(old), i(s0)));
  return std::nullopt;
}

std::optional<uint32_t> atomic_dword(const std::string& op, uint32_t old, uint32_t s0,
                                     uint32_t s1) {
  if (const auto v = atomic_integer<uint32_t>(op, old, s0, s1)) return v;
  const auto f = [](uint32_t v) { return std::bit_cast<float>(v); };
  if (op == "fmax") return std::bit_cast<uint32_t>(std::fmax(f(old), f(s0)));
  if (op == "fmin") return std::bit_cast<uint32_t>(std::fmin(f(old), f(s0)));
  if (op == "fcmpwr") return f(s0) == f(old) ? s1 : old;
  return std::nullopt;
}

std::optional<uint64_t> atomic_qword(const std::string& op, uint64_t old, uint64_t s0,
                                     uint64_t s1) {
  // The float operations take 32-bit data only (SVM_ATOMIC.md's types).
  return atomic_integer<uint64_t>(op, old, s0, s1);
}

std::optional<uint64_t> atomic_value(const std::string& op, uint64_t old, uint64_t s0, uint64_t s1,
                                     unsigned bytes) {
  if (bytes == 8) return atomic_qword(op, old, s0, s1);
  return atomic_dword(op, static_cast<uint32_t>(old), static_cast<uint32_t>(s0),
                      static_cast<uint32_t>(s1));
}

namespace {

// The `size` bytes of a raw operand for lane `i` (0 for %null); `def` false when a byte is
// undefined.
uint64_t raw_dword(const Machine& m, const KOperand& o, unsigned i, unsigned size, bool& def) {
  def = true;
  if (o.kind != KOpKind::kRaw) return 0;
  const auto sp = m.span(o.var->id);
  if (!sp || o.col + (i + 1) * size > sp->size) return def = false, 0;
  return m.read_le(sp->base + o.col + i * size, size, def);
}

}  // namespace

bool run_atomic(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                core::DiagSink& sink) {
  const bool svm = k.op == "svm_atomic";
  const std::string page = svm ? "visa instructions/SVM.md" : "visa instructions/DWORD_ATOMIC.md";
  // dword_atomic: Surface Element_offset Src0 Src1 Dst; svm_atomic: Addresses Dst Src0 Src1.
  if (k.ops.size() != (svm ? 4u : 5u) || (!svm && k.ops[0].kind != KOpKind::kState))
    return fail(sink, loc, "VISA-RUN-OPERAND", k.op + ": unexpected operands", page);
  const KOperand& addr = svm ? k.ops[0] : k.ops[1];
  const KOperand& dst = svm ? k.ops[1] : k.ops[4];
  const KOperand& s0 = k.ops[2];  // Src0, Src1: the same places in both
  const KOperand& s1 = k.ops[3];
  // SVM_ATOMIC.<op>[.16|.64]: 64-bit data with .64 (SVM_ATOMIC.md, Text).
  const bool q = svm && k.modifier.ends_with(".64");
  const std::string aop = q ? k.modifier.substr(0, k.modifier.size() - 3) : k.modifier;
  const unsigned w = q ? 8 : 4;
  if (!atomic_value(aop, 0, 0, 0, w))
    return fail(sink, loc, "VISA-UNSUPPORTED", k.op + "." + k.modifier + " is not modelled", page);
  std::vector<uint8_t>* buf = nullptr;
  if (!svm) {
    const uint32_t id = k.ops[0].var->id;
    if (id == kSurfaceSlm) {
      buf = t.mem.slm ? &*t.mem.slm : nullptr;
    } else if (const auto v = t.surface_values.find(id); v != t.surface_values.end()) {
      const auto b = t.mem.buffers.find(v->second);
      buf = b != t.mem.buffers.end() ? &b->second : nullptr;
    }
    if (buf == nullptr)
      return fail(sink, loc, "VISA-RUN-SURFACE", "the atomic's surface has no launch memory", page);
  }
  const uint32_t en = instruction_lanes(t, k, active, false);
  const auto dsp = dst.kind == KOpKind::kRaw ? t.m.span(dst.var->id) : std::nullopt;
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    bool d0 = false, d1 = false, d2 = false;
    const uint64_t a = svm ? [&] {
      const auto sp = t.m.span(addr.var->id);
      return sp && addr.col + (i + 1) * 8 <= sp->size
                 ? t.m.read_le(sp->base + addr.col + i * 8, 8, d0)
                 : (d0 = false, uint64_t{0});
    }()
                           : raw_dword(t.m, addr, i, 4, d0);
    const uint64_t v0 = raw_dword(t.m, s0, i, w, d1), v1 = raw_dword(t.m, s1, i, w, d2);
    uint8_t* p = nullptr;
    if (buf != nullptr && a + 4 <= buf->size()) p = buf->data() + a;
    if (svm) p = addressed(t.mem, a, w);
    if (!d0 || !d1 || !d2 || p == nullptr)
      return fail(sink, loc, "VISA-RUN-MEMORY",
                  "lane " + std::to_string(i) +
                      (!d0 || !d1 || !d2 ? ": an operand has undefined bytes"
                                         : ": the address lies outside the launch's memory"),
                  page);
    uint64_t old = 0;
    for (unsigned b = 0; b < w; ++b) old |= uint64_t{p[b]} << (8 * b);
    const uint64_t now = *atomic_value(aop, old, v0, v1, w);
    for (unsigned b = 0; b < w; ++b) p[b] = static_cast<uint8_t>(now >> (8 * b));
    const uint64_t ret = aop == "predec" ? now : old;
    if (dsp && dst.col + (i + 1) * w <= dsp->size) {
      for (unsigned b = 0; b < w; ++b)
        t.m.write(dsp->base + dst.col + i * w + b, static_cast<uint8_t>(ret >> (8 * b)), true);
    }
  }
  if (dsp) t.m.mark_written(dst.var->id);
  return true;
}

}  // namespace texsim::isa::visa
