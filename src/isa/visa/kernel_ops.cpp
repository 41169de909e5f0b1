// Per-lane operand access and the generic ALU, CMP, SEL, ADDC and MOVS instructions of a kernel
// thread (kernel_internal.hpp). Depends on kernel_alu, kernel_inst and machine.
#include <array>
#include <vector>

#include "isa/visa/kernel_internal.hpp"

namespace texsim::isa::visa {
namespace {

uint32_t lane_bits(unsigned n) {
  return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

bool fail(core::DiagSink& sink, const core::TextLoc& loc, const std::string& what) {
  sink.error("VISA-RUN-OPERAND", loc, what, "visa 5_operands.md");
  return false;
}

}  // namespace

std::optional<uint8_t> bfn_table(const std::string& mod) {
  if (mod.size() < 2 || mod[0] != 'x') return std::nullopt;
  try {
    return static_cast<uint8_t>(std::stoul(mod.substr(1), nullptr, 16));
  } catch (...) {
    return std::nullopt;
  }
}

namespace {

// An indirect operand's element `lane` (visa 5_operands.md "Region Interpretation for Indirect
// Operands"): single-address r[A(k),off]<v;w,h> / <h> from A(k) + off; multi-address <w,h> row
// i/w from A(k + i/w) + off. It must lie inside the variable whose address ADDR_ADD took.
std::optional<uint32_t> indirect_address(const Machine& m, const KOperand& o, unsigned lane,
                                         bool dst, std::string& error, const AddrFile* addrs) {
  const unsigned es = type_size(o.type);
  uint64_t el = 0;
  unsigned elem = o.col;
  if (dst) {
    el = uint64_t{lane} * o.hs;
  } else if (o.vxh) {
    elem += lane / o.w;
    el = uint64_t{lane % o.w} * o.hs;
  } else if (o.w != 0) {
    el = uint64_t{lane / o.w} * o.vs + uint64_t{lane % o.w} * o.hs;
  }
  const auto r = addrs != nullptr ? addrs->find(o.var->id) : AddrFile::const_iterator{};
  if (addrs == nullptr || r == addrs->end() || elem >= 32 ||
      ((r->second.defined >> elem) & 1) == 0) {
    error = "indirect operand " + o.var->name + "(" + std::to_string(elem) +
            ") reads an address ADDR_ADD has not written";
    return std::nullopt;
  }
  const int64_t a =
      int64_t{r->second.value[elem]} + static_cast<int64_t>(o.imm) + static_cast<int64_t>(el * es);
  const auto sp = m.span(r->second.var[elem]);
  if (!sp || a < sp->base || a + es > int64_t{sp->base} + sp->size) {
    error = "indirect operand " + o.var->name + "(" + std::to_string(elem) + ") element " +
            std::to_string(lane) + " lies outside the variable its address was taken of";
    return std::nullopt;
  }
  return static_cast<uint32_t>(a);
}

}  // namespace

std::optional<uint32_t> general_address(const Machine& m, const KOperand& o, unsigned lane,
                                        bool dst) {
  const auto sp = m.span(o.var->id);
  if (!sp) return std::nullopt;
  return general_address(*sp, m.grf_bytes(), o, lane, dst);
}

std::optional<uint32_t> general_address(const VarSpan& sp, unsigned grf, const KOperand& o,
                                        unsigned lane, bool dst) {
  const unsigned es = type_size(o.type);
  uint64_t el = 0;
  if (dst) {
    el = uint64_t{lane} * o.hs;
  } else if (o.w != 0) {
    el = uint64_t{lane / o.w} * o.vs + uint64_t{lane % o.w} * o.hs;
  }
  const uint64_t off = uint64_t{o.row} * grf + (uint64_t{o.col} + el) * es;
  if (off + es > sp.size) return std::nullopt;
  return sp.base + static_cast<uint32_t>(off);
}

std::optional<uint32_t> element_address(const Machine& m, const KOperand& o, unsigned lane,
                                        bool dst, std::string& error, const AddrFile* addrs) {
  if (o.kind == KOpKind::kIndirect) return indirect_address(m, o, lane, dst, error, addrs);
  if (const auto a = general_address(m, o, lane, dst)) return a;
  const auto sp = m.span(o.var->id);
  if (!sp) {
    error = "operand " + o.var->name + " has no storage";
    return std::nullopt;
  }
  error = "operand " + o.var->name + "(" + std::to_string(o.row) + "," + std::to_string(o.col) +
          ") element " + std::to_string(lane) + " lies outside the variable (" +
          std::to_string(sp->size) + " bytes)";
  return std::nullopt;
}

std::optional<LaneValue> read_lane(const Machine& m, const KOperand& o, unsigned lane,
                                   std::string& error, const AddrFile* addrs) {
  LaneValue r;
  if (o.kind == KOpKind::kImm) {
    uint64_t bits = o.imm;
    if (o.type == VisaType::kV || o.type == VisaType::kUV) {  // 8 packed 4-bit values
      bits = (o.imm >> (4 * (lane & 7))) & 0xf;
      if (o.type == VisaType::kV && (bits & 8) != 0) bits |= ~uint64_t{0xf};
    }
    const VisaType t = o.type == VisaType::kV    ? VisaType::kQ
                       : o.type == VisaType::kUV ? VisaType::kUQ
                                                 : o.type;
    r.v = apply_modifiers(load_value(t, bits), o.neg, o.abs);
    if (o.lnot) r.v.i = ~r.v.i;
    return r;
  }
  if (o.kind == KOpKind::kPred) {  // MOV from a predicate: its bits (visa MOV.md), (~) applied
    const uint32_t bits = m.predicate(o.var->id).value_or(0);
    r.v = load_value(VisaType::kUD, o.lnot ? ~bits : bits);
    return r;
  }
  if (o.kind != KOpKind::kVar && o.kind != KOpKind::kIndirect) {
    error = "a source must be a general or indirect operand, a predicate or an immediate";
    return std::nullopt;
  }
  const auto a = element_address(m, o, lane, false, error, addrs);
  if (!a) return std::nullopt;
  const uint64_t bits = m.read_le(*a, type_size(o.type), r.defined);
  r.v = apply_modifiers(load_value(o.type, bits), o.neg, o.abs);
  if (o.lnot) r.v.i = ~r.v.i;  // (~): the logic instructions' NOT (visa 5_operands.md)
  return r;
}

bool write_lane(Machine& m, const KOperand& o, unsigned lane, uint64_t bits, bool defined,
                std::string& error, const AddrFile* addrs) {
  if (o.kind == KOpKind::kNull) return true;
  if (o.kind != KOpKind::kVar && (o.kind != KOpKind::kIndirect || o.vxh)) {
    error = "a destination must be a general or single-address indirect operand";
    return false;
  }
  const auto a = element_address(m, o, lane, true, error, addrs);
  if (!a) return false;
  for (unsigned b = 0; b < type_size(o.type); ++b)
    m.write(*a + b, static_cast<uint8_t>(bits >> (8 * b)), defined);
  if (o.kind == KOpKind::kVar) m.mark_written(o.var->id);
  return true;
}

bool predicate_lane(const ThreadState& t, const KInst& k, unsigned lane) {
  if (k.pred == nullptr) return true;
  const uint32_t bits = t.m.predicate(k.pred->id).value_or(0);
  const unsigned at = k.mask_offset + lane;
  const bool b = at < 32 && ((bits >> at) & 1) != 0;
  return b != k.pred_not;
}

uint32_t instruction_lanes(const ThreadState& t, const KInst& k, uint32_t active,
                           bool ignore_pred) {
  // The predicate read once (predicate_lane per lane, decision KS3).
  const uint32_t pbits =
      k.pred == nullptr || ignore_pred ? 0 : t.m.predicate(k.pred->id).value_or(0);
  uint32_t en = 0;
  for (unsigned i = 0; i < k.exec_size; ++i) {
    const unsigned ch = k.mask_offset + i;
    const bool on = k.nomask || (ch < 32 && ((active >> ch) & 1) != 0);
    const bool p =
        k.pred == nullptr || ignore_pred || ((ch < 32 && ((pbits >> ch) & 1) != 0) != k.pred_not);
    if (on && p) en |= 1u << i;
  }
  return en & lane_bits(k.exec_size);
}

bool exec_is_float(const KInst& k, size_t first_src, bool& dbl) {
  bool f = false;
  dbl = false;
  for (size_t s = first_src; s < k.ops.size(); ++s) {
    const KOperand& o = k.ops[s];
    if (o.kind != KOpKind::kVar && o.kind != KOpKind::kImm && o.kind != KOpKind::kIndirect)
      continue;
    f = f || type_is_float(o.type);
    dbl = dbl || o.type == VisaType::kDF;
  }
  return f;
}

namespace {

struct LaneResult {
  unsigned lane;
  uint64_t bits;
  bool defined;
};

// Reads sources first..first+n-1 of every lane in `en`, then `fn(lane, values, defined)`.
template <typename Fn>
bool each_lane(const ThreadState& t, const KInst& k, uint32_t en, size_t first, size_t n,
               const core::TextLoc& loc, core::DiagSink& sink, Fn fn) {
  std::string err;
  for (unsigned i = 0; i < k.exec_size; ++i) {
    if (((en >> i) & 1) == 0) continue;
    std::array<KValue, 3> v{};
    bool def = true;
    for (size_t s = 0; s < n; ++s) {
      const auto lv = read_lane(t.m, k.ops[first + s], i, err, &t.addrs);
      if (!lv) return fail(sink, loc, err);
      v[s] = lv->v;
      def = def && lv->defined;
    }
    if (!fn(i, std::span<const KValue>(v.data(), n), def)) return false;
  }
  return true;
}

bool write_all(Machine& m, const KOperand& dst, const std::vector<LaneResult>& out,
               const core::TextLoc& loc, core::DiagSink& sink, const AddrFile* addrs = nullptr) {
  std::string err;
  for (const LaneResult& r : out) {
    if (!write_lane(m, dst, r.lane, r.bits, r.defined, err, addrs)) return fail(sink, loc, err);
  }
  return true;
}

bool run_cmp(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
             core::DiagSink& sink) {
  if (k.ops.size() != 3) return fail(sink, loc, "cmp takes a destination and two sources");
  bool dbl = false;
  const bool fl = exec_is_float(k, 1, dbl);
  const KOperand& dst = k.ops[0];
  uint32_t pbits = dst.kind == KOpKind::kPred ? t.m.predicate(dst.var->id).value_or(0) : 0;
  std::vector<LaneResult> out;
  bool bad = false;
  const bool ok = each_lane(t, k, en, 1, 2, loc, sink, [&](unsigned i, auto v, bool def) {
    const auto c = compare(k.modifier, v[0], v[1], fl);
    if (!c) return bad = true, false;
    const unsigned at = k.mask_offset + i;
    if (dst.kind == KOpKind::kPred && at < 32) pbits = (pbits & ~(1u << at)) | (*c ? 1u << at : 0);
    out.push_back({i, *c ? ~uint64_t{0} : 0, def});
    return true;
  });
  if (bad) {
    sink.error("VISA-UNSUPPORTED", loc, "cmp." + k.modifier + " is not modelled",
               "visa instructions/CMP.md");
    return false;
  }
  if (!ok) return false;
  if (dst.kind == KOpKind::kPred) {
    t.m.set_predicate(dst.var->id, pbits);
    return true;
  }
  return write_all(t.m, dst, out, loc, sink);
}

bool run_sel(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
             core::DiagSink& sink) {
  if (k.ops.size() != 3) return fail(sink, loc, "sel takes a destination and two sources");
  bool dbl = false;
  const bool fl = exec_is_float(k, 1, dbl);
  std::vector<LaneResult> out;
  bool bad = false;
  const bool ok = each_lane(t, k, en, 1, 2, loc, sink, [&](unsigned i, auto v, bool def) {
    bool first = predicate_lane(t, k, i);
    if (!k.modifier.empty()) {
      const auto c = compare(k.modifier, v[0], v[1], fl);
      if (!c) return bad = true, false;
      first = *c;
    }
    out.push_back({i, store_value(k.ops[0].type, first ? v[0] : v[1], k.sat), def});
    return true;
  });
  if (bad) return fail(sink, loc, "sel." + k.modifier + " is not a condition");
  return ok && write_all(t.m, k.ops[0], out, loc, sink);
}

bool run_addc(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
              core::DiagSink& sink) {
  if (k.ops.size() != 4) return fail(sink, loc, "addc takes dst, carry and two sources");
  std::vector<LaneResult> sum, carry;
  const bool ok = each_lane(t, k, en, 2, 2, loc, sink, [&](unsigned i, auto v, bool def) {
    const uint64_t s = (static_cast<uint64_t>(v[0].i) & 0xffffffffu) +
                       (static_cast<uint64_t>(v[1].i) & 0xffffffffu);
    sum.push_back({i, s & 0xffffffffu, def});
    carry.push_back({i, s >> 32, def});
    return true;
  });
  return ok && write_all(t.m, k.ops[0], sum, loc, sink) &&
         write_all(t.m, k.ops[1], carry, loc, sink);
}

bool run_movs(ThreadState& t, const KInst& k, const core::TextLoc& loc, core::DiagSink& sink) {
  if (k.ops.size() != 2 || k.ops[0].kind != KOpKind::kState)
    return fail(sink, loc, "movs takes a surface or sampler and a source");
  std::string err;
  const auto v = read_lane(t.m, k.ops[1], 0, err);
  if (!v) return fail(sink, loc, err);
  auto& table = k.ops[0].var->cls == VarClass::kSurface ? t.surface_values : t.sampler_values;
  table[k.ops[0].var->id] = static_cast<uint32_t>(v->v.i);
  return true;
}

}  // namespace

namespace {

// MADW.md: dst = src0 * src1 + src2 with the full 64-bit result (D/UD by the destination's
// type): the low dwords of every lane in the first GRFs, the high dwords in the GRFs after
// them (each half exec_size dwords, rounded up to whole GRFs).
bool run_madw(ThreadState& t, const KInst& k, uint32_t en, const core::TextLoc& loc,
              core::DiagSink& sink) {
  if (k.ops.size() != 4 || k.ops[0].kind != KOpKind::kVar)
    return fail(sink, loc, "madw takes a destination and three sources");
  const bool sgn = type_is_signed(k.ops[0].type);
  const unsigned grf = t.m.grf_bytes();
  const unsigned half = (k.exec_size * 4 + grf - 1) / grf * grf;
  std::vector<std::pair<unsigned, uint64_t>> lanes;
  std::vector<bool> defined;
  const bool ok = each_lane(t, k, en, 1, 3, loc, sink, [&](unsigned i, auto v, bool def) {
    const auto u = [&](int s) { return static_cast<uint32_t>(v[s].i); };
    const uint64_t r = sgn ? static_cast<uint64_t>(int64_t{static_cast<int32_t>(u(0))} *
                                                       static_cast<int32_t>(u(1)) +
                                                   static_cast<int32_t>(u(2)))
                           : uint64_t{u(0)} * u(1) + u(2);
    lanes.emplace_back(i, r);
    defined.push_back(def);
    return true;
  });
  if (!ok) return false;
  std::string err;
  for (size_t n = 0; n < lanes.size(); ++n) {
    const auto a = element_address(t.m, k.ops[0], lanes[n].first, true, err);
    const auto sp = t.m.span(k.ops[0].var->id);
    if (!a || !sp || *a + half + 4 > sp->base + sp->size)
      return fail(sink, loc, "madw's destination is too small for both halves");
    for (unsigned b = 0; b < 4; ++b) {
      t.m.write(*a + b, static_cast<uint8_t>(lanes[n].second >> (8 * b)), defined[n]);
      t.m.write(*a + half + b, static_cast<uint8_t>(lanes[n].second >> (32 + 8 * b)), defined[n]);
    }
  }
  t.m.mark_written(k.ops[0].var->id);
  return true;
}

}  // namespace

bool run_generic(ThreadState& t, const KInst& k, uint32_t active, const core::TextLoc& loc,
                 core::DiagSink& sink) {
  if (k.op == "movs") return run_movs(t, k, loc, sink);
  if (k.op.starts_with("fence") || k.op == "lsc_fence") return true;  // decision K7
  const uint32_t en = instruction_lanes(t, k, active, k.op == "sel");
  if (k.op == "cmp") return run_cmp(t, k, en, loc, sink);
  if (k.op == "sel") return run_sel(t, k, en, loc, sink);
  if (k.op == "addc") return run_addc(t, k, en, loc, sink);
  if (k.op == "setp") return run_setp(t, k, en, loc, sink);
  if (k.op == "cbit") return run_cbit(t, k, en, loc, sink);
  if (k.op == "madw") return run_madw(t, k, en, loc, sink);
  if (!k.ops.empty() && k.ops[0].kind == KOpKind::kPred &&
      (k.op == "and" || k.op == "or" || k.op == "xor" || k.op == "not"))
    return run_pred_logic(t, k, en, loc, sink);
  const auto op = alu_op(k.op);
  if (!op || k.ops.empty()) {
    sink.error("VISA-UNSUPPORTED", loc, "'" + k.op + "' is not modelled and cannot run",
               "docs/kernels.md");
    return false;
  }
  uint8_t table = 0;
  if (*op == AluOp::kBfn) {
    const auto b = bfn_table(k.modifier);
    if (!b) return fail(sink, loc, "bfn needs its function as .x<hex>");
    table = *b;
  }
  bool dbl = false;
  const bool fl = exec_is_float(k, 1, dbl);
  const VisaType dt = k.ops[0].type;
  std::vector<LaneResult> out;
  const bool ok = each_lane(t, k, en, 1, std::min<size_t>(k.ops.size() - 1, 3), loc, sink,
                            [&](unsigned i, auto v, bool def) {
                              const KValue r = alu_eval(*op, v, fl, dbl, dt, table);
                              out.push_back({i, store_value(dt, r, k.sat), def});
                              return true;
                            });
  return ok && write_all(t.m, k.ops[0], out, loc, sink, &t.addrs);
}

}  // namespace texsim::isa::visa
