// libFuzzer target: vISA program text. parse+validate; a program that parses must print, re-parse
// and print the same text again (parse(print(x)) == x), and encode and decode back to that text.
#include "fuzz_common.hpp"
#include "isa/registry.hpp"

using namespace texsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::string_view platform =
      fuzz::pick(isa::registry().find("visa")->info().platforms, size);
  const isa::Frontend& fe = fuzz::visa();
  core::DiagSink sink;
  const auto prog = fe.parse({"fuzz.visaasm", text}, platform, sink);
  if (!prog) {
    fuzz::check(sink.has_errors(), "parse failed without an error diagnostic", text);
    return 0;
  }
  const std::string p1 = fe.print(*prog);
  core::DiagSink sink2;
  const auto prog2 = fe.parse({"printed.visaasm", p1}, platform, sink2);
  fuzz::check(prog2 != nullptr, "printed program does not parse", text, p1, &sink2);
  const std::string p2 = fe.print(*prog2);
  fuzz::check(p1 == p2, "parse(print(x)) != x", p1, p2);

  // encode -> decode -> print gives the same text where the program encodes. An empty program
  // prints as "" but its stream header always carries a version, so it is left out.
  if (p1.empty()) return 0;
  core::DiagSink esink;
  const auto enc = fe.encode(*prog, esink);
  if (!enc) {
    fuzz::check(esink.has_errors(), "encode failed without an error diagnostic", p1);
    return 0;
  }
  const std::vector<uint8_t> bytes = fuzz::concat(*enc, false);
  core::DiagSink dsink;
  const auto dec = fe.decode({"fuzz.bin", bytes, {}, {}}, platform, dsink);
  fuzz::check(dec != nullptr && !dsink.has_errors(), "encoded program does not decode", p1,
              fuzz::hex(bytes), &dsink);
  std::string p3 = fe.print(*dec);
  // Text without ".version" prints without it; the stream header always carries the version.
  if (!p1.starts_with(".version") && p3.starts_with(".version")) p3.erase(0, p3.find('\n') + 1);
  fuzz::check(p1 == p3, "print(decode(encode(x))) != print(x)", p1, p3);
  return 0;
}
