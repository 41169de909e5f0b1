// The vISA machine state: the register file as bytes with a definedness bit per byte (each root
// variable at a GRF-aligned address, aliases inside their root), predicate bits, the dispatch
// mask, and channel enables from execution masks M1..M8/NoMask and predicates.
// Depends on program, symbols and kinds; never on the scene loader or the texture unit.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "isa/visa/program.hpp"

namespace texsim::isa::visa {

struct VarSpan {
  uint32_t base = 0;  // byte address in the register file
  uint32_t size = 0;  // bytes
};

class Machine {
 public:
  // Lays out the register file for `syms` on `platform`; every byte starts undefined (value
  // `fill`).
  Machine(SymbolTable syms, Platform platform, uint8_t fill = 0);

  const SymbolTable& symbols() const { return *syms_; }
  unsigned grf_bytes() const { return grf_; }

  // nullopt: %null or unknown. Ids below kFlatIds from a flat table (issue 28 item 4: it is
  // looked up per operand of every executed instruction).
  std::optional<VarSpan> span(uint32_t general_id) const {
    if (general_id < flat_.size()) {
      const VarSpan& f = flat_[general_id];
      if (f.size != kNoSpan) return f;
      return std::nullopt;
    }
    return span_slow(general_id);
  }

  uint8_t byte(uint32_t addr) const { return bytes_[addr]; }
  bool defined(uint32_t addr) const { return defined_[addr] != 0; }
  void write(uint32_t addr, uint8_t value, bool is_defined = true);
  size_t size() const { return bytes_.size(); }
  // The whole register file and its definedness flags (a prepared instruction reads and writes
  // through them at addresses resolved once: kernel_fast.cpp).
  uint8_t* raw_bytes() { return bytes_.data(); }
  uint8_t* raw_defined() { return defined_.data(); }

  // A window of `n` bytes from `addr` (a message response writes through it): the values and
  // the definedness flags (0/1), each of `n` bytes.
  std::span<uint8_t> bytes_at(uint32_t addr, uint32_t n) { return {bytes_.data() + addr, n}; }
  std::span<uint8_t> defined_at(uint32_t addr, uint32_t n) { return {defined_.data() + addr, n}; }

  // Little-endian read of `n` (<= 8) bytes; `all_defined` tells whether every byte was defined.
  uint64_t read_le(uint32_t addr, unsigned n, bool& all_defined) const;

  // Scalar UD operand: an immediate, or element (row, col) of a general variable with rows of
  // GRF size (visa 5_operands.md). nullopt with a message when it lies outside the variable.
  std::optional<std::pair<uint32_t, bool>> read_scalar(const VectorOperand& v,
                                                       std::string& error) const;

  // Predicates: bit n = lane n.
  void set_predicate(uint32_t id, uint32_t bits) { preds_[id] = bits; }
  std::optional<uint32_t> predicate(uint32_t id) const;

  void set_dispatch_mask(uint32_t m) { dispatch_ = m; }
  uint32_t dispatch_mask() const { return dispatch_; }

  // ChEn per lane (research §1.5): NoMask or the dispatch mask at lane + 4*Mn, ANDed with the
  // predicate (at the same offset; .any/.all combined over the exec size, then inverted).
  // Lanes at or above the exec size are 0. An undeclared/unset predicate reads as 0.
  uint32_t channel_enable(uint32_t exec_value, uint32_t pred_value) const;

  void mark_written(uint32_t general_id);
  const std::vector<uint32_t>& written() const { return written_; }

 private:
  static constexpr uint32_t kFlatIds = 1u << 16;
  static constexpr uint32_t kNoSpan = 0xffffffffu;  // flat_ entry of an id without storage
  std::optional<VarSpan> span_slow(uint32_t id) const;
  // Shared by copies: a launch copies one prepared machine per thread (kernel_launch.cpp).
  std::shared_ptr<const SymbolTable> syms_;
  unsigned grf_;
  std::map<uint32_t, VarSpan> spans_;
  std::vector<VarSpan> flat_;  // spans_ for ids < kFlatIds, size kNoSpan where none
  std::vector<uint8_t> bytes_;
  std::vector<uint8_t> defined_;
  std::map<uint32_t, uint32_t> preds_;
  uint32_t dispatch_ = 0xffffffffu;
  std::vector<uint32_t> written_;
  std::vector<uint8_t> written_flag_;  // by id < kFlatIds: in written_
};

}  // namespace texsim::isa::visa
