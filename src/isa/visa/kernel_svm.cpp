// Shared-virtual-memory block and scattered messages of a kernel thread (kernel_internal.hpp):
// SVM_BLOCK_LD/ST (N owords at one UQ address), SVM_GATHER/SCATTER (blocks of 1, 4 or 8 bytes at
// each lane's UQ address) and SVM_GATHER4/SCATTER4_SCALED (RGBA dwords), on the launch's buffers
// with a GPU address (visa
// instructions/SVM_*.md; decision K25). Depends on kernel_ops and kernel_lsc's addressed().
#include <cstdlib>

#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {
namespace {

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& rule,
          const std::string& what, const std::string& page) {
  sink.error(rule, loc, what, page);
  return false;
}

// Copies `n` bytes between memory at `a` and register bytes from `r`.
bool move(ThreadState& t, uint64_t a, uint32_t r, unsigned n, bool store) {
  uint8_t* mem = addressed(t.mem, a, n);
  if (mem == nullptr) return false;
  for (unsigned b = 0; b < n; ++b) {
    if (store) mem[b] = t.m.byte(r + b);
    if (!store) t.m.write(r + b, mem[b], true);
  }
  return true;
}

// SVM_BLOCK_LD (<size>) <address> <dst> / SVM_BLOCK_ST (<size>) <address> <src>.
bool block(ThreadState& t, const KInst& k, const core::TextLoc& loc, core::DiagSink& sink) {
  const bool store = k.op == "svm_block_st";
  const std::string page =
      store ? "visa instructions/SVM_BLOCK_ST.md" : "visa instructions/SVM_BLOCK_LD.md";
  if (k.ops.size() != 2 || k.ops[0].kind != KOpKind::kVar || k.ops[1].kind != KOpKind::kRaw)
    return fail(sink, loc, "VISA-RUN-OPERAND", k.op + " takes a scalar address and a raw operand",
                page);
  std::string why;
  const auto a = read_lane(t.m, k.ops[0], 0, why);
  const auto sp = t.m.span(k.ops[1].var->id);
  const unsigned bytes = 16 * k.owords;
  if (!a || !sp || k.ops[1].col + bytes > sp->size)
    return fail(sink, loc, "VISA-RUN-OPERAND", why.empty() ? "the data operand is too small" : why,
                page);
  const uint64_t address = static_cast<uint64_t>(a->v.i);
  if (!a->defined || !move(t, address, sp->base + k.ops[1].col, bytes, store))
    return fail(sink, loc, "VISA-RUN-MEMORY",
                "address " + hex(address) +
                    (a->defined ? " (" + std::to_string(bytes) +
                                      " bytes) lies in no launch buffer "
                                      "with an \"address\""
                                : " has undefined bytes"),
                page);
  if (!store) t.m.mark_written(k.ops[1].var->id);
  return true;
}

// SVM_GATHER.<block_size>.<num_blocks> (<exec>) <addresses> <dst>, SVM_SCATTER likewise: block
// sizes 4 and 8 put block j of lane i at element j * exec_size + i; 1-byte blocks put lane i's
// bytes at i * max(4, num_blocks) + j (SVM_GATHER.md).
bool scattered(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
               core::DiagSink& sink) {
  const bool store = k.op == "svm_scatter";
  const std::string page =
      store ? "visa instructions/SVM_SCATTER.md" : "visa instructions/SVM_GATHER.md";
  const size_t dot = k.modifier.find('.');
  const unsigned bs = static_cast<unsigned>(std::atoi(k.modifier.c_str()));
  const unsigned nb =
      dot == std::string::npos ? 0 : static_cast<unsigned>(std::atoi(k.modifier.c_str() + dot + 1));
  if ((bs != 1 && bs != 4 && bs != 8) || (nb != 1 && nb != 2 && nb != 4 && nb != 8))
    return fail(sink, loc, "VISA-RUN-OPERAND",
                k.op + "." + k.modifier + ": block size 1, 4 or 8 and 1, 2, 4 or 8 blocks", page);
  if (k.ops.size() != 2 || k.ops[0].kind != KOpKind::kRaw || k.ops[1].kind != KOpKind::kRaw)
    return fail(sink, loc, "VISA-RUN-OPERAND", k.op + " takes Addresses and a data operand", page);
  const auto asp = t.m.span(k.ops[0].var->id), dsp = t.m.span(k.ops[1].var->id);
  const uint32_t en = instruction_lanes(t, k, active, false);
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    const uint32_t ao = k.ops[0].col + 8 * i;
    if (!asp || ao + 8 > asp->size)
      return fail(sink, loc, "VISA-RUN-OPERAND", "Addresses is too small", page);
    bool def = false;
    const uint64_t a = t.m.read_le(asp->base + ao, 8, def);
    for (unsigned j = 0; j < nb; ++j) {
      const uint32_t r = bs == 1 ? i * std::max(4u, nb) + j : (j * k.exec_size + i) * bs;
      if (!dsp || k.ops[1].col + r + bs > dsp->size)
        return fail(sink, loc, "VISA-RUN-OPERAND", "the data operand is too small", page);
      if (!def || !move(t, a + uint64_t{j} * bs, dsp->base + k.ops[1].col + r, bs, store))
        return fail(
            sink, loc, "VISA-RUN-MEMORY",
            "lane " + std::to_string(i) + ": address " + hex(a + uint64_t{j} * bs) +
                (def ? " lies in no launch buffer with an \"address\"" : " has undefined bytes"),
            page);
    }
  }
  if (!store) t.m.mark_written(k.ops[1].var->id);
  return true;
}

// SVM_GATHER4_SCALED / SVM_SCATTER4_SCALED.<channels> (<exec>) <offset> <element_offsets>
// <data>: channel c of lane i at offset + element_offset[i] + 4 c, each enabled channel from the
// next block of max(exec_size, GRF / 4) dwords (SVM_GATHER4_SCALED.md; IGC's text leaves out the
// scale, always 0: decision IT3).
bool scaled(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
            core::DiagSink& sink) {
  const bool store = k.op == "svm_scatter4scaled";
  const std::string page = store ? "visa instructions/SVM_SCATTER4_SCALED.md"
                                 : "visa instructions/SVM_GATHER4_SCALED.md";
  unsigned mask = 0;
  for (const char c : k.modifier)
    mask |= c == 'R' ? 1u : c == 'G' ? 2u : c == 'B' ? 4u : c == 'A' ? 8u : 0u;
  if (k.ops.size() != 3 || k.ops[1].kind != KOpKind::kRaw || k.ops[2].kind != KOpKind::kRaw ||
      mask == 0)
    return fail(sink, loc, "VISA-RUN-OPERAND",
                k.op + " takes channels, an offset, Element_offset and a data operand", page);
  std::string why;
  const auto g = read_lane(t.m, k.ops[0], 0, why);
  const auto asp = t.m.span(k.ops[1].var->id), dsp = t.m.span(k.ops[2].var->id);
  if (!g || !asp || !dsp)
    return fail(sink, loc, "VISA-RUN-OPERAND", "an operand has no storage", page);
  const unsigned per = 4 * std::max(k.exec_size, t.m.grf_bytes() / 4);
  const uint32_t en = instruction_lanes(t, k, active, false);
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    bool def = false;
    if (k.ops[1].col + 8 * i + 8 > asp->size)
      return fail(sink, loc, "VISA-RUN-OPERAND", "Element_offset is too small", page);
    const uint64_t a =
        static_cast<uint64_t>(g->v.i) + t.m.read_le(asp->base + k.ops[1].col + 8 * i, 8, def);
    unsigned slot = 0;
    for (unsigned c = 0; c < 4; ++c) {
      if (((mask >> c) & 1) == 0) continue;
      const uint32_t r = k.ops[2].col + slot++ * per + 4 * i;
      if (r + 4 > dsp->size)
        return fail(sink, loc, "VISA-RUN-OPERAND", "the data operand is too small", page);
      if (!def || !move(t, a + uint64_t{4} * c, dsp->base + r, 4, store))
        return fail(
            sink, loc, "VISA-RUN-MEMORY",
            "lane " + std::to_string(i) + ": address " + hex(a + uint64_t{4} * c) +
                (def ? " lies in no launch buffer with an \"address\"" : " has undefined bytes"),
            page);
    }
  }
  if (!store) t.m.mark_written(k.ops[2].var->id);
  return true;
}

}  // namespace

bool run_svm(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
             core::DiagSink& sink) {
  if (k.op.starts_with("svm_block_")) return block(t, k, loc, sink);
  if (k.op.ends_with("4scaled")) return scaled(t, k, active, loc, sink);
  return scattered(t, k, active, loc, sink);
}

}  // namespace texsim::isa::visa
