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

NamedFields find_named(const InstrRow& row) {
  NamedFields t;
  for (size_t n = 0; n < kCount; ++n) {
    const std::optional<size_t> i = row.field_index(kNames[n]);
    t.index[n] = i ? static_cast<int16_t>(*i) : int16_t{-1};
  }
  return t;
}

}  // namespace

const OperandValue kAbsentOperand{};

const NamedFields& named_fields(const InstrRow& row) {
  static const std::vector<NamedFields> tables = [] {
    std::vector<NamedFields> t;
    for (const InstrRow& r : all_rows()) t.push_back(find_named(r));
    return t;
  }();
  const std::span<const InstrRow> rows = all_rows();
  const std::less<const InstrRow*> before;
  if (!before(&row, rows.data()) && before(&row, rows.data() + rows.size()))
    return tables[static_cast<size_t>(&row - rows.data())];
  // A row that is not one of the table's (none today): searched on every call.
  thread_local NamedFields other;
  other = find_named(row);
  return other;
}

}  // namespace texsim::isa::visa::detail
