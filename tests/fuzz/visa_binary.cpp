// libFuzzer target: vISA binary streams. decode; a stream that decodes without error must encode
// to the same instruction bytes, and (with a declaration header) print, re-parse and re-encode.
#include <cstring>

#include "fuzz_common.hpp"
#include "isa/registry.hpp"
#include "isa/visa/codec.hpp"

using namespace texsim;

namespace {

// Offset of the first instruction: after the "TXVI" header when there is one.
size_t body_offset(const std::vector<uint8_t>& b) {
  if (b.size() < 10 || std::memcmp(b.data(), isa::visa::kStreamMagic.data(), 4) != 0) return 0;
  const uint32_t n =
      uint32_t{b[6]} | uint32_t{b[7]} << 8 | uint32_t{b[8]} << 16 | uint32_t{b[9]} << 24;
  return 10 + size_t{n};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<uint8_t> bytes(data, data + size);
  const std::string_view platform =
      fuzz::pick(isa::registry().find("visa")->info().platforms, size);
  const isa::Frontend& fe = fuzz::visa();
  core::DiagSink sink;
  const auto prog = fe.decode({"fuzz.bin", bytes, {}, {}}, platform, sink);
  if (prog == nullptr || sink.has_errors()) return 0;
  const std::string p1 = fe.print(*prog);

  core::DiagSink esink;
  const auto enc = fe.encode(*prog, esink);
  fuzz::check(enc.has_value(), "a decoded program does not encode", p1, fuzz::hex(bytes), &esink);
  const size_t body = body_offset(bytes);
  const std::vector<uint8_t> want(
      bytes.begin() + static_cast<std::ptrdiff_t>(std::min(body, bytes.size())), bytes.end());
  const std::vector<uint8_t> got = fuzz::concat(*enc, true);
  fuzz::check(want == got, "encode(decode(x)) != x (instruction bytes)", fuzz::hex(want),
              fuzz::hex(got));

  // Only a stream with a header carries the declarations its printed text needs.
  if (body == 0) return 0;
  core::DiagSink psink;
  const auto prog2 = fe.parse({"printed.visaasm", p1}, platform, psink);
  fuzz::check(prog2 != nullptr, "a decoded program's text does not parse", p1, fuzz::hex(bytes),
              &psink);
  const std::string p2 = fe.print(*prog2);
  fuzz::check(p1 == p2, "parse(print(decode(x))) prints differently", p1, p2);
  // Only a clean decode must re-encode from its text to the same bytes: a warning may name a
  // field the text cannot carry (F3: a non-zero ignored GATHER_SCALED Scale prints nowhere).
  if (!sink.diagnostics().empty()) return 0;
  core::DiagSink esink2;
  const auto enc2 = fe.encode(*prog2, esink2);
  fuzz::check(enc2.has_value() && fuzz::concat(*enc2, true) == want,
              "encode(parse(print(decode(x)))) != x", p1, fuzz::hex(want), &esink2);
  return 0;
}
