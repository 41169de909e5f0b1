// The SASS modifier table (issue 25 item 1): one spec per Mod in order, every spelling unique and
// read back through the member it sets, and every row's spellings parsed and printed the same.
#include "isa/sass/modifiers.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace texsim::isa::sass {
namespace {

TEST(Modifiers, OneSpecPerModInEnumOrder) {
  const auto table = modifier_table();
  ASSERT_EQ(table.size(), static_cast<size_t>(Mod::kPhase) + 1);
  for (size_t k = 0; k < table.size(); ++k) {
    EXPECT_EQ(table[k].mod, static_cast<Mod>(k));
    EXPECT_EQ(&modifier(static_cast<Mod>(k)), &table[k]);
    EXPECT_FALSE(table[k].spellings.empty());
  }
}

TEST(Modifiers, EverySpellingIsUniqueAndReadsBackThroughItsMember) {
  for (const ModifierSpec& ms : modifier_table()) {
    std::set<std::string_view> texts;
    std::set<uint8_t> values;
    for (const ModSpelling& s : ms.spellings) {
      EXPECT_TRUE(texts.insert(s.text).second) << s.text;
      EXPECT_TRUE(values.insert(s.value).second) << s.text;
      EXPECT_EQ(spelling(ms.mod, s.value), s.text);
      if (ms.mod == Mod::kBindless || ms.mod == Mod::kLodQuery) continue;  // constant: no member
      Instruction i;
      ms.set(i, s.value);
      EXPECT_EQ(ms.get(i), s.value) << s.text;
      if (!ms.always) {
        EXPECT_NE(s.value, ms.none) << s.text << ": a spelled value is not 'none'";
      }
    }
  }
}

// For every row and every spelling it allows: the printer writes it and the parser's matcher
// reads it back as the same modifier and value (given the modifiers before it in the row).
TEST(Modifiers, EveryRowPrintsAndMatchesEachSpellingItAllows) {
  size_t checked = 0;
  for (const OpSpec& row : op_specs()) {
    uint32_t before = 0;
    for (Mod m : row.mods) {
      const ModifierSpec& ms = modifier(m);
      for (const ModSpelling& s : ms.spellings) {
        if (!row_allows(row, m, s.value)) continue;
        Instruction i;
        i.op = row.op;
        ms.set(i, s.value);
        EXPECT_NE(print_modifiers(row, i).find("." + std::string(s.text)), std::string::npos)
            << row.mnemonic << " ." << s.text;
        const auto match = match_modifier(row, s.text, before);
        ASSERT_TRUE(match) << row.mnemonic << " ." << s.text;
        EXPECT_EQ(match->mod, m) << row.mnemonic << " ." << s.text;
        EXPECT_EQ(match->value, s.value) << row.mnemonic << " ." << s.text;
        ++checked;
      }
      before |= 1u << static_cast<unsigned>(m);
    }
  }
  EXPECT_GT(checked, 140u);
}

TEST(Modifiers, RowsAllowTheirOwnLodTable) {
  const OpSpec* tlds = spec_for_mnemonic("TLDS");
  const OpSpec* tex = spec_for_mnemonic("TEX");
  ASSERT_TRUE(tlds && tex);
  EXPECT_EQ(allowed_spellings(*tlds, Mod::kLod), "(.LZ or .LL)");
  EXPECT_TRUE(row_allows(*tex, Mod::kLod, static_cast<uint8_t>(Lod::kLBA)));
  EXPECT_FALSE(row_allows(*tlds, Mod::kLod, static_cast<uint8_t>(Lod::kLBA)));
  EXPECT_FALSE(row_allows(*tlds, Mod::kNdv, 1));
  EXPECT_EQ(modifier_syntax(*tlds), "[.F16][.RTZ].{LZ|LL}[.AOFFI][.MS][.NODEP][.T|.P]");
}

}  // namespace
}  // namespace texsim::isa::sass
