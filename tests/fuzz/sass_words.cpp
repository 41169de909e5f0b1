// libFuzzer target: SASS binary. Inputs under 32 bytes are one 64-bit word (LE) and an optional
// 21-bit control field (next 3 bytes); longer ones are bundle streams. decode; print; parse;
// encode.
#include "fuzz_common.hpp"
#include "isa/registry.hpp"
#include "isa/sass/encoding.hpp"

using namespace texsim;

namespace {

uint64_t le(const uint8_t* p, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= uint64_t{p[i]} << (8 * i);
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view platform =
      fuzz::pick(isa::registry().find("sass")->info().platforms, size);
  const isa::Frontend& fe = fuzz::sass();
  isa::BinaryInput in;
  in.name = "fuzz.bin";
  const bool word_mode = size < 32;
  if (word_mode) {
    if (size < 8) return 0;
    in.word = le(data, 8);
    if (size > 8) in.ctrl = le(data + 8, std::min<size_t>(size - 8, 3));
  } else {
    in.bytes.assign(data, data + size);
  }
  core::DiagSink sink;
  const auto prog = fe.decode(in, platform, sink);
  if (prog == nullptr) {
    fuzz::check(sink.has_errors(), "decode failed without an error diagnostic");
    return 0;
  }
  // Only words that decode cleanly (no error, no rule warning) must round-trip.
  if (!sink.diagnostics().empty()) return 0;
  const std::string p1 = fe.print(*prog);
  // Volta+ (128-bit words, issue 26): the text reads back and prints the same, and encodes to
  // words that print it again. The words themselves may differ: the text does not show the bits
  // nvdisasm ignores (decisions W6), and two codes can print the same INVALIDn (W10).
  const isa::sass::Generation* gen = isa::sass::generation_for(platform);
  if (gen != nullptr && gen->word_bits == 128) {
    fuzz::check(!p1.empty(), "a decoded Volta+ word prints nothing");
    core::DiagSink wsink;
    const auto again = fe.parse({"printed.sass", p1}, platform, wsink);
    fuzz::check(again != nullptr, "a decoded Volta+ program's text does not parse", p1, {}, &wsink);
    fuzz::check(fe.print(*again) == p1, "Volta+: parse(print(decode(x))) prints differently", p1,
                fe.print(*again));
    const auto words = fe.encode(*again, wsink);
    fuzz::check(words.has_value(), "a decoded Volta+ program does not encode", p1, {}, &wsink);
    isa::BinaryInput back;
    back.name = "again.bin";
    back.bytes = fuzz::concat(*words, false);
    const auto redecoded = fe.decode(back, platform, wsink);
    fuzz::check(redecoded != nullptr, "Volta+: texsim's own words do not decode", p1);
    // (A --word prints bare; the stream of its encoding prints with a prefix and an address.)
    if (!word_mode)
      fuzz::check(fe.print(*redecoded) == p1,
                  "Volta+: encode(parse(print(decode(x)))) prints differently", p1,
                  fe.print(*redecoded));
    return 0;
  }
  core::DiagSink psink;
  const auto prog2 = fe.parse({"printed.sass", p1}, platform, psink);
  fuzz::check(prog2 != nullptr, "a decoded program's text does not parse", p1, {}, &psink);
  fuzz::check(fe.print(*prog2) == p1, "parse(print(decode(x))) prints differently", p1,
              fe.print(*prog2));
  core::DiagSink esink;
  const auto enc = fe.encode(*prog2, esink);
  fuzz::check(enc.has_value(), "a decoded program does not encode", p1, {}, &esink);
  const std::vector<uint8_t> got = fuzz::concat(*enc, false);
  if (word_mode) {
    // The stream is [control word, instruction, NOP, NOP]: compare the instruction word and,
    // where a control field was given, what a bare line prints of it: the .T/.P bits (18:17).
    // Stall, yield and barrier bits print only in stream mode (the word-stream branch below).
    fuzz::check(got.size() == 32, "one instruction must encode to one bundle", p1);
    const uint64_t w = le(got.data() + 8, 8);
    fuzz::check(w == *in.word, "encode(parse(print(decode(word)))) != word", p1, fuzz::hex(got));
    if (in.ctrl) {
      constexpr uint64_t kPhase = uint64_t{3} << 17;
      const uint64_t c = le(got.data(), 8) & kPhase;
      fuzz::check(c == (*in.ctrl & kPhase), ".T/.P control bits do not round-trip", p1,
                  fuzz::hex(got));
    }
  } else {
    // A stream that ends inside a bundle decodes with a SASS-DECODE-SIZE warning (F2), so only
    // whole bundles get here.
    fuzz::check(got == in.bytes, "encode(parse(print(decode(stream)))) != stream",
                fuzz::hex(in.bytes), fuzz::hex(got));
  }
  return 0;
}
