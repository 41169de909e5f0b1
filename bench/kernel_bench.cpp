// Whole-kernel execution speed (issue 28 item 4): the example OpenCL kernels' launches from
// examples/opencl (image_arith: 96 work-items, an image read, arithmetic, a loop; image_write:
// 128 work-items, four reads and a typed write), through the vISA front end's execute.
// Reports thread instructions/s (one vISA instruction of one thread, all its lanes) and
// work-items/s. ImageArithLarge runs image_arith over 32x the work-items (3,072, one buffer
// element each) so that the per-instruction work, not the per-launch set-up (parsing each
// instruction, the machine layout), dominates (issue 28 item 4).
#include <benchmark/benchmark.h>

#include <fstream>
#include <nlohmann/json.hpp>
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

// The example's scene with its launch scaled to `scale` times the work-items (the output
// buffer, argument 1, grown to match).
std::string scaled_scene(const std::string& name, int64_t scale) {
  if (scale == 1) return read_example("opencl/" + name + ".json");
  auto j = nlohmann::json::parse(read_example("opencl/" + name + ".json"));
  auto& launch = j["launch"];
  const int64_t n = launch["global_size"][0].get<int64_t>() * scale;
  launch["global_size"][0] = n;
  launch["buffers"]["1"]["values"] = std::vector<int64_t>(static_cast<size_t>(n), 0);
  return j.dump();
}

void run_kernel(benchmark::State& state, const std::string& name, int64_t work_items,
                int64_t scale = 1) {
  const auto fe = texsim::isa::visa::make_frontend();
  texsim::core::DiagSink sink;
  const std::string path = std::string(TEXSIM_SOURCE_DIR) + "/examples/opencl/" + name + ".json";
  const auto scene = texsim::scene::load_scene_text(scaled_scene(name, scale), path, sink,
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
      static_cast<double>(state.iterations() * work_items * scale), benchmark::Counter::kIsRate);
}

void BM_KernelImageArith(benchmark::State& state) {
  run_kernel(state, "image_arith", 96);
}
BENCHMARK(BM_KernelImageArith)->Unit(benchmark::kMicrosecond);

void BM_KernelImageArithLarge(benchmark::State& state) {
  run_kernel(state, "image_arith", 96, 32);
}
BENCHMARK(BM_KernelImageArithLarge)->Unit(benchmark::kMicrosecond);

void BM_KernelImageWrite(benchmark::State& state) {
  run_kernel(state, "image_write", 128);
}
BENCHMARK(BM_KernelImageWrite)->Unit(benchmark::kMicrosecond);

}  // namespace
