// libFuzzer target: ocloc's OpenCL program binaries (isa/visa/ocl_binary.*). A file either reads or
// gets exactly one VISA-OCL-BINARY diagnostic at an offset inside it; every token of a file that
// reads lies inside it, and binding-table lookups stay inside the surface state heap.
#include "fuzz_common.hpp"
#include "isa/visa/ocl_binary.hpp"

using namespace texsim;
using namespace texsim::isa::visa;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::span<const uint8_t> bytes(data, size);
  core::DiagSink sink;
  const auto p = read_ocl_binary(bytes, "fuzz.bin", sink);
  if (!p) {
    fuzz::check(sink.diagnostics().size() == 1, "a bad binary gets exactly one diagnostic", {},
                {}, &sink);
    const auto* loc = std::get_if<core::BinaryLoc>(&sink.diagnostics()[0].loc);
    fuzz::check(loc != nullptr && loc->offset <= size, "the diagnostic offset lies in the file",
                {}, {}, &sink);
    fuzz::check(sink.diagnostics()[0].rule_id == "VISA-OCL-BINARY", "the rule", {}, {}, &sink);
    return 0;
  }
  for (const OclKernel& k : p->kernels) {
    for (const OclToken& t : k.tokens) {
      fuzz::check(t.offset + 8 + 4 * t.words.size() <= size, "a token lies inside the file");
      (void)k.binding_table_index(t.word(0));
    }
    fuzz::check(p->find(k.name) != nullptr, "a kernel is found by its name");
  }
  return 0;
}
