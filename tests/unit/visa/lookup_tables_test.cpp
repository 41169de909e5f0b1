// The front end's lookup tables (issue 18 item 4, parse speed) agree with the searches they
// replace: row_for_mnemonic vs find_row_by_mnemonic, the rules' NamedFields vs
// InstrRow::field_index and Instruction::op, on every row and the shipped example programs.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "isa/visa/examples.hpp"
#include "isa/visa/rules_internal.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

using detail::Named;

// The names the table stands for, written out again here as the test's own oracle.
constexpr std::array<std::string_view, static_cast<size_t>(Named::kCount)> kFieldNames{
    "Exec_size", "Op",          "NumParams",    "Params",      "Channels",
    "Modifiers", "Block_width", "Block_height", "Channel_mask"};

TEST(VisaLookupTables, MnemonicMapFindsTheSameRowAsTheSearch) {
  std::vector<std::string> names{"", "sample", "SAMPLE", "foo", "3d_sample", "lsc_load", " "};
  for (const InstrRow& r : all_rows()) {
    for (const std::string_view m : {r.mnemonic, r.spec_spelling(), r.name}) {
      names.emplace_back(m);
      names.push_back(core::to_upper(m));
      names.push_back(core::to_lower(m));
      names.push_back(std::string(m) + "x");
      if (!m.empty()) names.emplace_back(m.substr(0, m.size() - 1));
    }
  }
  size_t found = 0;
  for (const std::string& n : names) {
    const InstrRow* want = find_row_by_mnemonic(n);
    EXPECT_EQ(row_for_mnemonic(n), want) << "'" << n << "'";
    found += want != nullptr ? 1 : 0;
  }
  EXPECT_GT(found, all_rows().size());  // every row by its mnemonic and spec spelling at least
}

TEST(VisaLookupTables, NamedFieldsAreTheFieldIndexSearch) {
  size_t present = 0;
  for (const InstrRow& r : all_rows()) {
    const detail::NamedFields& nf = detail::named_fields(r);
    for (size_t n = 0; n < kFieldNames.size(); ++n) {
      const auto want = r.field_index(kFieldNames[n]);
      EXPECT_EQ(nf.field(static_cast<Named>(n)), want) << r.name << " " << kFieldNames[n];
      present += want ? 1 : 0;
    }
  }
  EXPECT_GT(present, all_rows().size());
  // A row that is not one of the table's is searched, with the same answers.
  InstrRow copy = all_rows().front();
  for (size_t n = 0; n < kFieldNames.size(); ++n) {
    EXPECT_EQ(detail::named_fields(copy).field(static_cast<Named>(n)),
              copy.field_index(kFieldNames[n]));
  }
}

TEST(VisaLookupTables, NamedOperandsAreInstructionOp) {
  size_t checked = 0;
  for (const auto& ex : builtin_examples()) {
    core::DiagSink sink;
    const auto prog = parse_program(ex.program, ex.program_file, Platform::kTGLLP, sink);
    ASSERT_NE(prog, nullptr) << ex.name;
    for (const Instruction& inst : prog->instructions) {
      if (inst.row == nullptr) continue;
      const detail::NamedFields& nf = detail::named_fields(*inst.row);
      for (size_t n = 0; n < kFieldNames.size(); ++n) {
        const OperandValue& got = nf.op(inst, static_cast<Named>(n));
        const OperandValue& want = inst.op(kFieldNames[n]);
        if (inst.row->field_index(kFieldNames[n])) {
          EXPECT_EQ(&got, &want) << ex.name << " " << kFieldNames[n];
          ++checked;
        } else {
          EXPECT_FALSE(got.present);
          EXPECT_EQ(got, want);
        }
      }
    }
  }
  EXPECT_GT(checked, 10u);
}

}  // namespace
}  // namespace texsim::isa::visa
