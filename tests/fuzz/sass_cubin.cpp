// libFuzzer target: SASS cubins (ELF64). Decode through the front end (`disasm K.cubin`) and parse
// (`check K.cubin`): a malformed ELF is an error diagnostic with a binary offset, never a crash or
// a read outside the input; a cubin that decodes prints and its kernels decode bundle by bundle;
// the whole-cubin model reads every table or names the bad field (issue 29 item 3).
#include <cstdint>
#include <string>

#include "fuzz_common.hpp"
#include "isa/sass/cubin.hpp"
#include "isa/sass/cubin_model.hpp"

using namespace texsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  isa::BinaryInput in;
  in.name = "fuzz.cubin";
  in.bytes.assign(data, data + size);
  in.control_prefix = size % 2 == 1;
  const isa::Frontend& fe = fuzz::sass();
  core::DiagSink sink;
  const auto prog = fe.decode(in, "SM52", sink);
  if (!isa::sass::is_elf(in.bytes)) return 0;  // not a cubin: the raw-stream target covers it
  // The whole-cubin model (issue 29 item 3): every table read, or an error inside the file.
  core::DiagSink msink;
  const auto model = isa::sass::read_cubin_model(in.bytes, in.name, msink);
  fuzz::check(model.has_value() != msink.has_errors(),
              "the cubin model's result and errors disagree");
  for (const auto& d : msink.diagnostics()) {
    if (d.severity != core::Severity::kError) continue;
    fuzz::check(std::get<core::BinaryLoc>(d.loc).offset <= size,
                "a cubin model error names an offset past the end", core::format_diagnostic(d));
  }
  if (model) {
    for (const auto& r : model->relocs)
      fuzz::check(r.target < model->sections.size() && r.symbol < model->symbols.size(),
                  "a relocation outside the model's tables");
  }
  if (prog == nullptr) {
    fuzz::check(sink.has_errors(), "a cubin failed to decode without an error diagnostic");
    for (const auto& d : sink.diagnostics()) {
      if (d.severity != core::Severity::kError) continue;
      fuzz::check(std::holds_alternative<core::BinaryLoc>(d.loc),
                  "a cubin error has no binary offset", core::format_diagnostic(d));
      fuzz::check(std::get<core::BinaryLoc>(d.loc).offset <= size,
                  "a cubin error names an offset past the end", core::format_diagnostic(d));
    }
    return 0;
  }
  const std::string text = fe.print(*prog);
  fuzz::check(!text.empty() || prog->instruction_count() == 0, "a decoded cubin prints nothing");
  // `check`/`run` read a cubin through parse(); it must agree that the file is a cubin.
  core::DiagSink psink;
  (void)fe.parse({"fuzz.cubin", std::string(data, data + size)}, "SM52", psink);
  return 0;
}
