// Issue 15: declarations, diagnostics and scene loading scale linearly. Declaration floods
// through the vISA front end, a diagnostic per line, and scenes of 1..100 MB (docs/reliability.md).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <string>

#include "core/diag.hpp"
#include "isa/frontend.hpp"
#include "isa/registry.hpp"
#include "isa/visa/frontend.hpp"
#include "scene/json_pos.hpp"
#include "scene/scene.hpp"

namespace {

std::string declarations(int64_t n) {
  std::string text = ".version 3.6\n.kernel \"decls\"\n";
  char buf[80];
  for (int64_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, ".decl var%lld v_type=G type=f num_elts=16\n",
                  static_cast<long long>(i));
    text += buf;
  }
  return text;
}

// `check` of N named declarations (past 65,536 general variables each further one is an error,
// "too many G variables": that path is linear too).
void BM_VisaDeclarations(benchmark::State& state) {
  const auto fe = texsim::isa::visa::make_frontend();
  const std::string text = declarations(state.range(0));
  size_t diags = 0;
  for (auto _ : state) {
    texsim::core::DiagSink sink;
    const auto prog = fe->parse({"decls.visaasm", text}, "TGLLP", sink);
    diags = sink.diagnostics().size();
    benchmark::DoNotOptimize(prog.get());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["diagnostics"] = static_cast<double>(diags);
}
BENCHMARK(BM_VisaDeclarations)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond);

// One error per line (an undeclared sampler): diagnostics cost the same each, however many.
void BM_VisaDiagnostics(benchmark::State& state) {
  const auto fe = texsim::isa::visa::make_frontend();
  std::string text = ".version 3.6\n.decl V40 v_type=G type=f num_elts=64\n";
  for (int64_t i = 0; i < state.range(0); ++i) {
    text += "    sample_3d.RGBA (M1, 16) 0x0:uw S1 T2 V40.0 V40.0 V40.0\n";
  }
  size_t diags = 0;
  for (auto _ : state) {
    texsim::core::DiagSink sink;
    const auto prog = fe->parse({"diags.visaasm", text}, "TGLLP", sink);
    diags = sink.diagnostics().size();
    benchmark::DoNotOptimize(prog.get());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(diags));
  state.counters["diagnostics"] = static_cast<double>(diags);
}
BENCHMARK(BM_VisaDiagnostics)->Arg(1'000)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

// A valid vISA scene of about `mb` megabytes: registers of 16 float values each.
std::string scene_text(int64_t mb) {
  std::string text = "{\"texsim\": 1, \"isa\": \"visa\", \"registers\": {\n";
  const size_t target = static_cast<size_t>(mb) << 20;
  char buf[200];
  for (size_t i = 0; text.size() < target; ++i) {
    std::snprintf(buf, sizeof buf,
                  "%s\"r%zu\": {\"type\": \"F\", \"values\": [0.5, 1.25, 2, 3, 4, 5, 6, 7, 8, 9, "
                  "10, 11, 12, 13, 14, 15]}",
                  i == 0 ? "" : ",\n", i);
    text += buf;
  }
  text += "}}\n";
  return text;
}

void BM_SceneLoad(benchmark::State& state) {
  const std::string text = scene_text(state.range(0));
  texsim::scene::LoadOptions opt;
  opt.max_bytes = uint64_t{64} << 30;
  opt.sections = texsim::isa::registry().scene_sections();
  bool ok = false;
  for (auto _ : state) {
    texsim::core::DiagSink sink;
    const auto s = texsim::scene::load_scene_text(text, "bench.json", sink, opt);
    ok = s.has_value();
    benchmark::DoNotOptimize(s);
  }
  if (!ok) state.SkipWithError("the generated scene did not load");
  const auto values = texsim::scene::count_json_values(text);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(text.size()));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(values));
  state.counters["json_values"] = static_cast<double>(values);
}
BENCHMARK(BM_SceneLoad)->Arg(1)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
