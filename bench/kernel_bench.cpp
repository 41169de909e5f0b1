// Whole-kernel execution speed (issue 28 item 4): the example OpenCL kernels' launches from
// examples/opencl (image_arith: 96 work-items, an image read, arithmetic, a loop; image_write:
// 128 work-items, four reads and a typed write), through the vISA front end's execute.
// Reports thread instructions/s (one vISA instruction of one thread, all its lanes) and
// work-items/s.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/diag.hpp"
#include "isa/registry.hpp"
#include "isa/visa/frontend.hpp"
#include "scene/scene.hpp"

namespace {

std::string read_example(const std::string& rel) {
  std::ifstream in(std::string(TEXSIM_SOURCE_DIR) + "/examples/" + rel);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void run_kernel(benchmark::State& state, const std::string& name, int64_t work_items) {
  const auto fe = texsim::isa::visa::make_frontend();
  texsim::core::DiagSink sink;
  const auto scene = texsim::scene::load_scene_file(
      std::string(TEXSIM_SOURCE_DIR) + "/examples/opencl/" + name + ".json", sink,
      texsim::isa::scene_load_options());
  const auto prog =
      scene ? fe->parse({name + ".visaasm", read_example("opencl/" + name + ".visaasm"), &*scene},
                        "TGLLP", sink)
            : nullptr;
  if (!prog || sink.has_errors()) {
    state.SkipWithError("the example did not load");
    return;
  }
  uint64_t instructions = 0;
  for (auto _ : state) {
    texsim::core::DiagSink s;
    const auto r = fe->execute(*prog, *scene, "TGLLP", {}, s);
    if (!r) {
      state.SkipWithError("the example did not run");
      return;
    }
    instructions = r->instructions;
    benchmark::DoNotOptimize(r->registers.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * instructions));
  state.counters["instructions"] = static_cast<double>(instructions);
  state.counters["work_items/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * work_items), benchmark::Counter::kIsRate);
}

void BM_KernelImageArith(benchmark::State& state) {
  run_kernel(state, "image_arith", 96);
}
BENCHMARK(BM_KernelImageArith)->Unit(benchmark::kMicrosecond);

void BM_KernelImageWrite(benchmark::State& state) {
  run_kernel(state, "image_write", 128);
}
BENCHMARK(BM_KernelImageWrite)->Unit(benchmark::kMicrosecond);

}  // namespace
