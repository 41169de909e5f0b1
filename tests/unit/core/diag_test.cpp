// Tests for core/diag: the compiler-style rendering of the interface contract and the sink.
// Text and binary locations, notes, counting of errors vs warnings.
#include "core/diag.hpp"

#include <gtest/gtest.h>

namespace texsim::core {
namespace {

TEST(Diagnostic, TextLocationFormat) {
  Diagnostic d{Severity::kError,
               "VISA-3D_LOAD-NUMPARAMS",
               TextLoc{"prog.visaasm", 12, 31},
               "NumParams must be in [1, 15], got 16",
               "visa-3d_load.md, NumParams",
               {}};
  EXPECT_EQ(format_diagnostic(d),
            "prog.visaasm:12:31: error[VISA-3D_LOAD-NUMPARAMS]: NumParams must be in [1, 15], got "
            "16 (visa-3d_load.md, NumParams)");
}

TEST(Diagnostic, BinaryLocationFormat) {
  Diagnostic d{Severity::kWarning,
               "SASS-TLDS-F16-INT",
               BinaryLoc{"k.bin", 0x48, 59, 59, true},
               ".F16 with an integer texture is UNPREDICTABLE",
               "",
               {}};
  EXPECT_EQ(format_diagnostic(d),
            "k.bin+0x48[bits 59:59]: warning[SASS-TLDS-F16-INT]: .F16 with an integer texture "
            "is UNPREDICTABLE");
}

TEST(Diagnostic, NoLocationAndNotes) {
  Diagnostic d{Severity::kNote, "", NoLoc{}, "hello", "", {"first", "second"}};
  EXPECT_EQ(format_diagnostic(d), "note: hello\n  note: first\n  note: second");
}

TEST(Diagnostic, LineOnlyLocation) {
  EXPECT_EQ(format_location(TextLoc{"a.json", 3, 0}), "a.json:3");
  EXPECT_EQ(format_location(TextLoc{"", 0, 0}), "<input>");
  EXPECT_EQ(format_location(BinaryLoc{"", 16, 0, 0, false}), "<input>+0x10");
}

TEST(DiagSink, CountsErrorsNotWarnings) {
  DiagSink sink;
  EXPECT_FALSE(sink.has_errors());
  sink.warning("W", NoLoc{}, "w");
  EXPECT_FALSE(sink.has_errors());
  sink.error("E", TextLoc{"f", 1, 1}, "e", "spec.md");
  sink.error("E2", NoLoc{}, "e2");
  EXPECT_EQ(sink.error_count(), 2u);
  ASSERT_EQ(sink.diagnostics().size(), 3u);
  EXPECT_EQ(sink.diagnostics()[1].citation, "spec.md");
  sink.clear();
  EXPECT_EQ(sink.diagnostics().size(), 0u);
  EXPECT_FALSE(sink.has_errors());
}

}  // namespace
}  // namespace texsim::core
