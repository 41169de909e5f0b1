// Buffer messages of a kernel thread on bound surfaces (kernel_internal.hpp): SCATTER4_SCALED and
// SCATTER_SCALED written from text, GATHER4_SCALED and GATHER_SCALED rows read through lower.cpp,
// all on the launch's buffers by binding-table index (MOVS into the surface variable).
// Depends on kernel_ops, lower and intel/sampler_response.
#include "intel/sampler_response.hpp"
#include "isa/visa/kernel_internal.hpp"
#include "isa/visa/lower.hpp"

namespace texsim::isa::visa {
namespace {

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& what,
          const std::string& page) {
  sink.error("VISA-RUN-SURFACE", loc, what, page);
  return false;
}

// The buffer a surface variable names: its MOVS value as a binding-table index.
std::vector<uint8_t>* bound_buffer(ThreadState& t, uint32_t surface_id, std::string& why) {
  if (surface_id == kSurfaceSlm) {  // %slm: the work-group's SLM (decision K16)
    if (!t.mem.slm) why = "%slm needs the launch's \"slm_size\"";
    return t.mem.slm ? &*t.mem.slm : nullptr;
  }
  if (surface_id == kSurfaceStateless) {  // %scratch: the launch's scratch space (KP1)
    if (t.mem.scratch.empty()) why = "%scratch needs the kernel's scratch space (MEDIA_VFE_STATE)";
    return t.mem.scratch.empty() ? nullptr : &t.mem.scratch;
  }
  const auto v = t.surface_values.find(surface_id);
  if (v == t.surface_values.end()) {
    why = "surface T" + std::to_string(surface_id) + " was not given a binding-table index (movs)";
    return nullptr;
  }
  const auto b = t.mem.buffers.find(v->second);
  if (b == t.mem.buffers.end()) {
    why = "binding-table index " + std::to_string(v->second) + " has no buffer in the launch";
    return nullptr;
  }
  return &b->second;
}

// A %scratch access of `n` bytes at `a` must lie in the running thread's scratch space, the
// bytes its %r0.5 names (decision KP1); "" when it does, else why not.
std::string scratch_range(const ThreadState& t, uint32_t surface_id, uint64_t a, unsigned n,
                          unsigned lane) {
  if (surface_id != kSurfaceStateless) return "";
  const uint64_t lo = t.mem.scratch_base, hi = lo + t.mem.scratch_per_thread;
  if (a >= lo && a + n <= hi) return "";
  return "lane " + std::to_string(lane) + ": %scratch offset " + hex(a) +
         " lies outside the thread's scratch space [" + hex(lo) + ", " + hex(hi) + ")";
}

unsigned channel_mask(const std::string& mod) {
  unsigned m = 0;
  for (const char c : mod) {
    if (c == 'R') m |= 1;
    if (c == 'G') m |= 2;
    if (c == 'B') m |= 4;
    if (c == 'A') m |= 8;
  }
  return m;
}

}  // namespace

bool run_buffer_message(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                        core::DiagSink& sink) {
  const bool four = k.op == "scatter4_scaled";
  const std::string page =
      four ? "visa instructions/SCATTER4_SCALED.md" : "visa instructions/SCATTER_SCALED.md";
  if (k.ops.size() != 4 || k.ops[0].kind != KOpKind::kState || k.ops[2].kind != KOpKind::kRaw ||
      k.ops[3].kind != KOpKind::kRaw)
    return fail(sink, loc, k.op + " takes Surface, Global_Offset, Offsets and Src", page);
  std::string why;
  std::vector<uint8_t>* buf = bound_buffer(t, k.ops[0].var->id, why);
  if (buf == nullptr) return fail(sink, loc, why, page);
  const auto g = read_lane(t.m, k.ops[1], 0, why);
  const auto off_sp = t.m.span(k.ops[2].var->id), src_sp = t.m.span(k.ops[3].var->id);
  if (!g || !off_sp || !src_sp) return fail(sink, loc, "an operand has no storage", page);
  const unsigned channels = four ? channel_mask(k.modifier) : 1;
  const unsigned bytes = four ? 4 : static_cast<unsigned>(std::atoi(k.modifier.c_str()));
  if (channels == 0 || (bytes != 1 && bytes != 2 && bytes != 4))
    return fail(sink, loc, k.op + "." + k.modifier + " is not a form texsim knows", page);
  const unsigned per = intel::grfs_per_channel(k.exec_size, 4, t.m.grf_bytes()) * t.m.grf_bytes();
  const uint32_t en = instruction_lanes(t, k, active, false);
  unsigned slot = 0;
  for (unsigned c = 0; c < 4; ++c) {
    if (((channels >> c) & 1) == 0) continue;
    for (unsigned i = 0; i < k.exec_size; ++i) {
      if (((en >> i) & 1) == 0) continue;
      bool def = false;
      const uint32_t oa = off_sp->base + k.ops[2].col + 4 * i;
      const uint32_t sa = src_sp->base + k.ops[3].col + slot * per + 4 * i;
      if (oa + 4 > off_sp->base + off_sp->size || sa + 4 > src_sp->base + src_sp->size)
        return fail(sink, loc, "Offsets or Src is too small for the exec size", page);
      // Global_Offset + Element_offset[i] wraps in 32 bits, as GATHER_SCALED's (lower.cpp).
      const uint32_t base =
          static_cast<uint32_t>(g->v.i) + static_cast<uint32_t>(t.m.read_le(oa, 4, def));
      const uint64_t a = uint64_t{base} + uint64_t{4} * c;
      if (const std::string e = scratch_range(t, k.ops[0].var->id, a, bytes, i); !e.empty())
        return fail(sink, loc, e, page);
      for (unsigned b = 0; b < bytes; ++b) {
        if (a + b < buf->size()) (*buf)[a + b] = t.m.byte(sa + b);  // out of bounds: dropped
      }
    }
    ++slot;
  }
  return true;
}

// OWORD_LD / OWORD_LD_UNALIGNED / OWORD_ST "(N) T<n> offset data": N owords at the scalar
// offset (owords; bytes for the unaligned read) of the bound buffer, no execution mask;
// out-of-bounds reads give 0, writes are dropped (OWORD_LD.md, OWORD_ST.md; decision K25).
bool run_oword(ThreadState& t, const KInst& k, const core::TextLoc& loc, core::DiagSink& sink) {
  const bool store = k.op == "oword_st";
  const std::string page = store                ? "visa instructions/OWORD_ST.md"
                           : k.op == "oword_ld" ? "visa instructions/OWORD_LD.md"
                                                : "visa instructions/OWORD_LD_UNALIGNED.md";
  if (k.ops.size() != 3 || k.ops[0].kind != KOpKind::kState || k.ops[2].kind != KOpKind::kRaw)
    return fail(sink, loc, k.op + " takes Surface, Offset and a raw operand", page);
  std::string why;
  std::vector<uint8_t>* buf = bound_buffer(t, k.ops[0].var->id, why);
  if (buf == nullptr) return fail(sink, loc, why, page);
  const auto off = read_lane(t.m, k.ops[1], 0, why);
  const auto sp = t.m.span(k.ops[2].var->id);
  const unsigned bytes = 16 * k.owords;
  if (!off || !sp || k.ops[2].col + bytes > sp->size)
    return fail(sink, loc, why.empty() ? "the data operand is too small" : why, page);
  const uint64_t base =
      (static_cast<uint64_t>(off->v.i) & 0xffffffffu) * (k.op == "oword_ld_unaligned" ? 1u : 16u);
  const uint32_t r = sp->base + k.ops[2].col;
  for (unsigned b = 0; b < bytes; ++b) {
    const uint64_t a = base + b;
    if (store && a < buf->size()) (*buf)[a] = t.m.byte(r + b);
    if (!store) t.m.write(r + b, a < buf->size() ? (*buf)[a] : 0, off->defined);
  }
  if (!store) t.m.mark_written(k.ops[2].var->id);
  return true;
}

bool run_row_gather(ThreadState& t, const Instruction& inst, const core::TextLoc& loc,
                    core::DiagSink& sink) {
  const auto req = lower_gather_scaled(inst, t.m, sink);
  if (!req) return false;
  const std::string page(inst.row->spec_file);
  std::string why;
  std::vector<uint8_t>* buf = bound_buffer(t, req->surface, why);
  if (buf == nullptr) return fail(sink, loc, why, page);
  const RawOperand dst = inst.op("Dst").raw;
  const auto sp = t.m.span(dst.id);
  const bool four = inst.row->exec == RowExec::kGather4Scaled;
  const uint32_t channels = four ? inst.op("Channels").value & 0xfu : 1u;
  const unsigned per = intel::grfs_per_channel(req->lanes, 4, t.m.grf_bytes()) * t.m.grf_bytes();
  const unsigned bytes = four ? 4 : req->bytes;
  unsigned slot = 0;
  for (unsigned c = 0; c < 4; ++c) {
    if (((channels >> c) & 1) == 0) continue;
    for (unsigned i = 0; i < req->lanes; ++i) {
      if (((req->enabled >> i) & 1) == 0) continue;
      const uint32_t d = sp->base + dst.offset + slot * per + 4 * i;
      if (!sp || d + 4 > sp->base + sp->size) return fail(sink, loc, "Dst is too small", page);
      const bool undef = ((req->address_undefined >> i) & 1) != 0;
      const uint64_t a0 = uint64_t{req->address[i]} + uint64_t{4} * c;
      if (const std::string e = scratch_range(t, req->surface, a0, bytes, i); !e.empty() && !undef)
        return fail(sink, loc, e, page);
      for (unsigned b = 0; b < 4; ++b) {
        const uint64_t a = uint64_t{req->address[i]} + uint64_t{4} * c + b;
        const uint8_t v = a < buf->size() ? (*buf)[a] : 0;  // out of bounds reads 0 (V45)
        t.m.write(d + b, b < bytes && !undef ? v : 0, b < bytes && !undef);
      }
    }
    ++slot;
  }
  t.m.mark_written(dst.id);
  return true;
}

}  // namespace texsim::isa::visa
