// Test helper for IGC's .isa container (issue 13): `roundtrip FILE...` reads each file, writes it
// back and compares the bytes; `write IN.visaasm OUT.isa PLATFORM` writes a program as a .isa.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>

#include "core/text.hpp"
#include "isa/visa/isa_file.hpp"
#include "isa/visa/syntax.hpp"

using namespace texsim;
using namespace texsim::isa::visa;

namespace {

std::vector<uint8_t> slurp(const char* path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void show(const core::DiagSink& sink) {
  for (const auto& d : sink.diagnostics()) std::cerr << core::format_diagnostic(d) << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "roundtrip") {
    int n = 0, read = 0, same = 0, truncated = 0, insts = 0;
    for (int i = 2; i < argc; ++i) {
      ++n;
      const auto bytes = slurp(argv[i]);
      core::DiagSink sink;
      const auto f = read_isa_file(bytes, argv[i], sink);
      if (!f) {
        show(sink);
        continue;
      }
      ++read;
      for (const auto& k : f->kernels) {
        truncated += k.truncated ? 1 : 0;
        insts += static_cast<int>(k.insts.size());
      }
      if (write_isa_file(*f) == bytes)
        ++same;
      else
        std::cerr << argv[i] << ": written bytes differ from the file\n";
    }
    std::printf(
        "isa files: %d, read without error %d, written back byte-identical %d; %d "
        "instructions, %d kernels with IGC 1.0.12504's truncated operands (V34)\n",
        n, read, same, insts, truncated);
    return read == n && same == n ? 0 : 1;
  }
  if (mode == "insts" && argc == 3) {  // each instruction's bytes, one line each
    const auto bytes = slurp(argv[2]);
    core::DiagSink sink;
    const auto f = read_isa_file(bytes, argv[2], sink);
    show(sink);
    if (!f) return 1;
    for (const auto& k : f->kernels) {
      std::printf("# kernel %s%s\n", k.name.c_str(), k.truncated ? " truncated" : "");
      for (const auto& i : k.insts) std::printf("%s\n", core::hex_bytes(i.bytes).c_str());
    }
    return 0;
  }
  if (mode == "write" && argc == 5) {
    std::ifstream in(argv[2]);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const auto platform = platform_from_name(argv[4]);
    if (!platform) {
      std::cerr << "unknown platform " << argv[4] << "\n";
      return 2;
    }
    core::DiagSink sink;
    const auto prog = parse_program(text, argv[2], *platform, sink);
    const auto f = sink.has_errors() ? std::nullopt : isa_file_from_program(*prog, sink);
    show(sink);
    if (!f) return 1;
    const auto bytes = write_isa_file(*f);
    std::ofstream(argv[3], std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    return 0;
  }
  std::cerr << "usage: visa_isa_tool roundtrip FILE... | insts FILE | write IN.visaasm OUT.isa "
               "PLATFORM\n";
  return 2;
}
