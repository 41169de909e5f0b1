// libFuzzer target: IGC .isa containers. A file either reads or gets one diagnostic at an offset
// inside it; a file that reads writes back a file that reads again and writes the same bytes,
// and prints (as IGC's dump) and checks without crashing.
#include "fuzz_common.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/rules.hpp"

using namespace texsim;
using namespace texsim::isa::visa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes(data, size);
  core::DiagSink sink;
  const auto f = read_isa_file(bytes, "fuzz.isa", sink);
  if (!f) {
    fuzz::check(sink.diagnostics().size() == 1, "a bad file gets exactly one diagnostic", {}, {},
                &sink);
    const auto* loc = std::get_if<core::BinaryLoc>(&sink.diagnostics()[0].loc);
    fuzz::check(loc != nullptr && loc->offset <= size, "the diagnostic offset lies in the file", {},
                {}, &sink);
    return 0;
  }
  const std::vector<uint8_t> w = write_isa_file(*f);
  core::DiagSink s2;
  const auto f2 = read_isa_file(w, "written.isa", s2);
  fuzz::check(f2.has_value(), "a written file does not read", fuzz::hex(bytes), fuzz::hex(w), &s2);
  fuzz::check(write_isa_file(*f2) == w, "write(read(write(read(x)))) != write(read(x))",
              fuzz::hex(w));
  const auto platform = Platform::kTGLLP;
  for (const auto* rs : {&f->kernels, &f->functions}) {
    for (const IsaRoutine& r : *rs) {
      (void)print_isa_routine(*f, r, platform);
      core::DiagSink ps;
      const auto prog = isa_routine_program(*f, r, platform, "fuzz.isa", ps);
      check_program(*prog, ps);
    }
  }
  return 0;
}
