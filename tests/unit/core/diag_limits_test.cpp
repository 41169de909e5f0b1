// Issue 15 item 7: a diagnostic quotes at most 1024 bytes of input, cut at a UTF-8 boundary,
// and says how much it left out (decision H2).
#include <gtest/gtest.h>

#include "core/diag.hpp"

namespace texsim::core {
namespace {

TEST(DiagLimits, LongMessagesAreCutAndCounted) {
  DiagSink sink;
  sink.error("R", NoLoc{}, "x: " + std::string(100'000, 'q'));
  const std::string& m = sink.diagnostics()[0].message;
  EXPECT_LT(m.size(), 1100u);
  EXPECT_NE(m.find("... [98979 more bytes not shown]"), std::string::npos) << m.substr(1000);
}

TEST(DiagLimits, ShortMessagesAreKept) {
  DiagSink sink;
  sink.warning("R", NoLoc{}, std::string(1024, 'a'));
  EXPECT_EQ(sink.diagnostics()[0].message, std::string(1024, 'a'));
}

TEST(DiagLimits, TheCutIsNotInsideAUtf8Sequence) {
  DiagSink sink;
  std::string s(1023, 'a');
  for (int i = 0; i < 100; ++i) s += "\xc3\xa9";  // é
  sink.error("R", NoLoc{}, s);
  const std::string& m = sink.diagnostics()[0].message;
  EXPECT_EQ(m.substr(0, 1024), std::string(1023, 'a') + ".");
}

}  // namespace
}  // namespace texsim::core
