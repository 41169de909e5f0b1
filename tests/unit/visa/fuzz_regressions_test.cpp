// Regression tests for problems the fuzzers found in the vISA front end (docs/reliability.md);
// the reproducers also live in tests/fuzz/corpus. One test per finding.
#include <gtest/gtest.h>

#include "isa/visa/frontend.hpp"

namespace texsim::isa::visa {
namespace {

// num_elts * type size wrapped in 32 bits (1073741824 UD elements = 0 bytes), so a 4 GiB
// variable passed the "under 16 KiB" check.
TEST(VisaFuzzRegressions, VariableSizeDoesNotWrap) {
  const auto fe = make_frontend();
  core::DiagSink sink;
  const std::string text = ".version 4.2\n.decl V52 v_type=G type=ud num_elts=1073741824 align=dword\n";
  EXPECT_EQ(fe->parse({"t.visaasm", text}, "TGLLP", sink), nullptr);
  ASSERT_EQ(sink.error_count(), 1u);
  EXPECT_EQ(sink.diagnostics()[0].rule_id, "VISA-DECL");
  EXPECT_EQ(sink.diagnostics()[0].message, "variable is too large");
}

}  // namespace
}  // namespace texsim::isa::visa
