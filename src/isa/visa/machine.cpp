// Register file layout, byte access with definedness, predicates and channel enables.
// Depends on program, symbols, kinds; never on the scene loader or the texture unit.
#include "isa/visa/machine.hpp"

#include <algorithm>

#include "isa/visa/kinds.hpp"

namespace texsim::isa::visa {

Machine::Machine(SymbolTable syms, Platform platform, uint8_t fill)
    : syms_(std::make_shared<const SymbolTable>(std::move(syms))),
      grf_(platform_info(platform).grf_bytes) {
  const SymbolTable& table = *syms_;
  uint32_t next = 0;
  // Roots first (declaration order), each at a GRF-aligned address (or its larger alignment).
  for (const Variable* v : table.declared()) {
    if (v->cls != VarClass::kGeneral || v->alias_name) continue;
    const uint32_t align = std::max<uint32_t>(grf_, v->align ? align_bytes(*v->align, grf_) : 0);
    next = (next + align - 1) / align * align;
    spans_[v->id] = VarSpan{next, v->size_bytes()};
    next += v->size_bytes();
  }
  // The predefined %thread_x .. %msg0 (V1..V20), one GRF each after the user's (issue 28:
  // kernels read %r0 and write %cr0; decision K2).
  for (uint32_t id = 1; id < kFirstUserGeneral; ++id) {
    const Variable* v = table.find(VarClass::kGeneral, id);
    if (v == nullptr || !v->predefined) continue;
    next = (next + grf_ - 1) / grf_ * grf_;
    spans_[id] = VarSpan{next, grf_};
    next += grf_;
  }
  for (const Variable* v : table.declared()) {
    if (v->cls != VarClass::kGeneral || !v->alias_name) continue;
    const auto [root, off] = table.root(*v);
    auto it = spans_.find(root->id);
    if (it == spans_.end()) continue;
    // Clamped to the root (an alias past its root's end is a VISA-DECL error at check time).
    const uint32_t base = it->second.base + std::min(off, it->second.size);
    const uint32_t size =
        std::min(v->size_bytes(), it->second.size - std::min(off, it->second.size));
    spans_[v->id] = VarSpan{base, size};
  }
  next = (next + grf_ - 1) / grf_ * grf_;
  bytes_.assign(next, fill);
  defined_.assign(next, 0);
  for (const auto& [id, sp] : spans_) {
    if (id >= kFlatIds) break;
    if (id >= flat_.size()) flat_.resize(id + 1, VarSpan{0, kNoSpan});
    flat_[id] = sp;
  }
}

std::optional<VarSpan> Machine::span_slow(uint32_t id) const {
  auto it = spans_.find(id);
  if (it == spans_.end()) return std::nullopt;
  return it->second;
}

void Machine::write(uint32_t addr, uint8_t value, bool is_defined) {
  bytes_[addr] = value;
  defined_[addr] = is_defined ? 1 : 0;
}

uint64_t Machine::read_le(uint32_t addr, unsigned n, bool& all_defined) const {
  uint64_t v = 0;
  all_defined = true;
  for (unsigned i = 0; i < n; ++i) {
    v |= uint64_t{bytes_[addr + i]} << (8 * i);
    all_defined = all_defined && defined_[addr + i] != 0;
  }
  return v;
}

std::optional<std::pair<uint32_t, bool>> Machine::read_scalar(const VectorOperand& v,
                                                              std::string& error) const {
  if (v.cls == VecClass::kImmediate) return std::make_pair(static_cast<uint32_t>(v.imm), true);
  const Variable* var = syms_->find(VarClass::kGeneral, v.id);
  const auto sp = span(v.id);
  if (var == nullptr || !sp) {
    error = "operand " + syms_->name_of(VarClass::kGeneral, v.id) + " has no storage";
    return std::nullopt;
  }
  const unsigned esize = type_size(var->type);
  const uint32_t off = (uint32_t{v.row} * grf_) + uint32_t{v.col} * esize;
  if (off + 4 > sp->size) {
    error = "operand " + var->name + "(" + std::to_string(v.row) + "," + std::to_string(v.col) +
            ") lies outside the variable (" + std::to_string(sp->size) + " bytes)";
    return std::nullopt;
  }
  bool def = false;
  const uint64_t val = read_le(sp->base + off, 4, def);
  return std::make_pair(static_cast<uint32_t>(val), def);
}

std::optional<uint32_t> Machine::predicate(uint32_t id) const {
  auto it = preds_.find(id);
  if (it == preds_.end()) return std::nullopt;
  return it->second;
}

uint32_t Machine::channel_enable(uint32_t exec_value, uint32_t pred_value) const {
  const unsigned lanes = exec_size_lanes(exec_value);
  const unsigned em = exec_mask_index(exec_value);
  const unsigned off = 4 * (em & 7);
  const bool nomask = em >= 8;
  const uint64_t dispatch = dispatch_;
  uint32_t en = 0;
  for (unsigned n = 0; n < lanes; ++n) {
    const bool bit = nomask || (n + off < 32 && ((dispatch >> (n + off)) & 1) != 0);
    if (bit) en |= 1u << n;
  }
  const PredBits p = pred_bits(pred_value);
  if (p.id != 0) {
    const uint64_t bits = predicate(p.id).value_or(0);
    uint32_t pm = 0;
    for (unsigned n = 0; n < lanes; ++n) {
      if (n + off < 32 && ((bits >> (n + off)) & 1) != 0) pm |= 1u << n;
    }
    const uint32_t all_lanes = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1;
    if (p.combine == 1) pm = pm != 0 ? all_lanes : 0;
    if (p.combine == 2) pm = pm == all_lanes ? all_lanes : 0;
    if (p.invert) pm = ~pm & all_lanes;
    en &= pm;
  }
  return en;
}

void Machine::mark_written(uint32_t id) {
  if (id < kFlatIds) {
    if (id < written_flag_.size() && written_flag_[id] != 0) return;
    if (id >= written_flag_.size()) written_flag_.resize(id + 1, 0);
    written_flag_[id] = 1;
    written_.push_back(id);
    return;
  }
  if (std::find(written_.begin(), written_.end(), id) == written_.end()) written_.push_back(id);
}

}  // namespace texsim::isa::visa
