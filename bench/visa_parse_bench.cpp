// vISA text parse throughput (issue 18 item 4): visa::parse_program alone (syntax, symbols, no
// rule checks), next to BM_VisaParse (frontend_bench.cpp: parse + rule checks).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/diag.hpp"
#include "isa/visa/syntax.hpp"

namespace {

namespace visa = texsim::isa::visa;

// The same text as BM_VisaParse: sampler3d.visaasm's declarations once, its instructions x256.
std::string bench_text() {
  std::ifstream in(std::string(TEXSIM_SOURCE_DIR) + "/examples/visa/sampler3d.visaasm");
  std::string header, body, line;
  while (std::getline(in, line)) (line.rfind("    ", 0) == 0 ? body : header) += line + "\n";
  std::string text = header;
  for (int i = 0; i < 256; ++i) text += body;
  return text;
}

void BM_VisaParseText(benchmark::State& state) {
  const std::string text = bench_text();
  for (auto _ : state) {
    texsim::core::DiagSink sink;
    const auto prog = visa::parse_program(text, "bench.visaasm", visa::Platform::kTGLLP, sink);
    if (sink.has_errors()) {
      state.SkipWithError("the vISA example did not parse");
      return;
    }
    benchmark::DoNotOptimize(prog.get());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_VisaParseText)->Unit(benchmark::kMillisecond);

}  // namespace
