// libFuzzer target: SASS program text. parse+validate; a program that parses must print, re-parse
// and print the same text, and its encoded bundle stream must decode and re-encode to the same
// bytes.
#include "fuzz_common.hpp"
#include "isa/registry.hpp"

using namespace texsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string_view platform =
      fuzz::pick(isa::registry().find("sass")->info().platforms, size);
  const isa::Frontend& fe = fuzz::sass();
  core::DiagSink sink;
  const auto prog = fe.parse({"fuzz.sass", text}, platform, sink);
  if (!prog) {
    fuzz::check(sink.has_errors(), "parse failed without an error diagnostic", text);
    return 0;
  }
  const std::string p1 = fe.print(*prog);
  core::DiagSink sink2;
  const auto prog2 = fe.parse({"printed.sass", p1}, platform, sink2);
  fuzz::check(prog2 != nullptr, "printed program does not parse", text, p1, &sink2);
  const std::string p2 = fe.print(*prog2);
  fuzz::check(p1 == p2, "parse(print(x)) != x", p1, p2);

  // An instruction texsim only recognises (SASS-UNSUPPORTED, a warning in check) cannot encode.
  if (!sink.diagnostics().empty()) return 0;
  core::DiagSink esink;
  const auto enc = fe.encode(*prog, esink);
  fuzz::check(enc.has_value(), "a valid program does not encode", p1, {}, &esink);
  const std::vector<uint8_t> bytes = fuzz::concat(*enc, false);
  core::DiagSink dsink;
  const auto dec = fe.decode({"fuzz.bin", bytes, {}, {}}, platform, dsink);
  fuzz::check(dec != nullptr && !dsink.has_errors(), "encoded stream does not decode", p1,
              fuzz::hex(bytes), &dsink);
  core::DiagSink esink2;
  const auto enc2 = fe.encode(*dec, esink2);
  fuzz::check(enc2.has_value() && fuzz::concat(*enc2, false) == bytes,
              "encode(decode(encode(x))) != encode(x)", p1, fe.print(*dec), &esink2);
  return 0;
}
