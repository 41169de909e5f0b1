// Front-end throughput: SASS TLDS stream decode (instructions/s) and vISA text parse+validate
// (bytes/s), through the generic isa::Frontend interface on the shipped examples.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/diag.hpp"
#include "isa/frontend.hpp"
#include "isa/sass/frontend.hpp"
#include "isa/visa/frontend.hpp"

namespace {

std::string read_example(const std::string& rel) {
  std::ifstream in(std::string(TEXSIM_SOURCE_DIR) + "/examples/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The TLDS example assembled once, its bundles repeated to a stream of about 12k instructions.
void BM_SassDecodeStream(benchmark::State& state) {
  const auto fe = texsim::isa::sass::make_frontend();
  texsim::core::DiagSink sink;
  const auto prog =
      fe->parse({"tlds-demo.sass", read_example("sass/tlds-demo.sass")}, "SM52", sink);
  const auto words = prog ? fe->encode(*prog, sink) : std::nullopt;
  if (!words) {
    state.SkipWithError("the SASS example did not assemble");
    return;
  }
  std::vector<uint8_t> bundle;
  for (const auto& w : *words) bundle.insert(bundle.end(), w.bytes.begin(), w.bytes.end());
  texsim::isa::BinaryInput input;
  input.name = "bench.bin";
  const size_t repeats = 4096;
  for (size_t i = 0; i < repeats; ++i)
    input.bytes.insert(input.bytes.end(), bundle.begin(), bundle.end());
  size_t instructions = 0;
  for (auto _ : state) {
    texsim::core::DiagSink s;
    const auto decoded = fe->decode(input, "SM52", s);
    instructions = decoded ? decoded->instruction_count() : 0;
    benchmark::DoNotOptimize(decoded.get());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * instructions));
  state.counters["instructions"] = static_cast<double>(instructions);
}
BENCHMARK(BM_SassDecodeStream)->Unit(benchmark::kMillisecond);

// The 3D_SAMPLE/3D_LOAD example: its declarations once, its instruction lines repeated.
void BM_VisaParse(benchmark::State& state) {
  const auto fe = texsim::isa::visa::make_frontend();
  std::istringstream lines(read_example("visa/sampler3d.visaasm"));
  std::string header, body, line;
  while (std::getline(lines, line)) {
    (line.rfind("    ", 0) == 0 ? body : header) += line + "\n";
  }
  std::string text = header;
  for (int i = 0; i < 256; ++i) text += body;
  for (auto _ : state) {
    texsim::core::DiagSink sink;
    const auto prog = fe->parse({"bench.visaasm", text}, "TGLLP", sink);
    if (!prog) {
      state.SkipWithError("the vISA example did not parse");
      return;
    }
    benchmark::DoNotOptimize(prog.get());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_VisaParse)->Unit(benchmark::kMillisecond);

}  // namespace
