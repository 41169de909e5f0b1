// The field indices the rules look up by name, one table per row built once (rules_internal.hpp):
// the same answers as InstrRow::field_index and Instruction::op, without a search per call.
#include <array>
#include <functional>
#include <string_view>
#include <vector>

#include "isa/visa/rules_internal.hpp"

namespace texsim::isa::visa::detail {
namespace {

constexpr auto kCount = static_cast<size_t>(Named::kCount);
constexpr std::array<std::string_view, kCount> kNames{
    "Exec_size", "Op",          "NumParams",    "Params",      "Channels",
    "Modifiers", "Block_width", "Block_height", "Channel_mask"};

using RowTable = std::array<std::optional<size_t>, kCount>;

// The table of `row`, or nullptr for a row that is not one of all_rows().
const RowTable* table_of(const InstrRow& row) {
  static const std::vector<RowTable> tables = [] {
    std::vector<RowTable> t(all_rows().size());
    for (size_t r = 0; r < t.size(); ++r) {
      for (size_t n = 0; n < kCount; ++n) t[r][n] = all_rows()[r].field_index(kNames[n]);
    }
    return t;
  }();
  const std::span<const InstrRow> rows = all_rows();
  const std::less<const InstrRow*> before;
  if (before(&row, rows.data()) || !before(&row, rows.data() + rows.size())) return nullptr;
  return &tables[static_cast<size_t>(&row - rows.data())];
}

}  // namespace

std::optional<size_t> named_field(const InstrRow& row, Named n) {
  const auto k = static_cast<size_t>(n);
  if (const RowTable* t = table_of(row)) return (*t)[k];
  return row.field_index(kNames[k]);
}

const OperandValue& named_op(const Instruction& inst, Named n) {
  static const OperandValue kAbsent{};
  const std::optional<size_t> i = inst.row != nullptr ? named_field(*inst.row, n) : std::nullopt;
  return i && *i < inst.ops.size() ? inst.ops[*i] : kAbsent;
}

}  // namespace texsim::isa::visa::detail
