// SASS decode throughput (issue 18 item 4): the bundle-stream decoder alone and one word at a
// time, next to BM_SassDecodeStream (frontend_bench.cpp: decode + rule checks + program).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/diag.hpp"
#include "isa/sass/codec.hpp"
#include "isa/sass/opspec.hpp"

namespace {

namespace sass = texsim::isa::sass;

// 36,864 instructions: every TLDS/TEXS/TLD4S mode with varied registers, in bundles.
std::vector<uint8_t> table_stream() {
  std::vector<sass::EncodedWord> words;
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (size_t k = 0; words.size() < 36864; ++k) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const auto& spec = sass::op_specs()[k % 3];  // TLDS, TEXS, TLD4S
    const auto& mode = spec.modes[(x >> 8) % spec.modes.size()];
    sass::Instruction i;
    i.op = spec.op;
    sass::set_mode(i, mode);
    i.rd0 = static_cast<uint8_t>(2 * (x % 100));
    i.rd1 = (x & 1) ? sass::kRZ : static_cast<uint8_t>(2 * ((x >> 16) % 100));
    i.mask = i.rd1 == sass::kRZ ? 0x3 : 0xf;
    if (spec.op == sass::Opcode::kTld4s) i.mask = 0xf;
    i.ra = static_cast<uint8_t>(2 * ((x >> 24) % 100));
    i.rb = static_cast<uint8_t>(2 * ((x >> 32) % 100) + 1);
    if (mode.rb_count == 0) i.rb = sass::kRZ;
    i.ts_idx = static_cast<uint32_t>((x >> 40) & 0x1fff);
    texsim::core::DiagSink sink;
    if (auto w = sass::encode(i, sink)) words.push_back(*w);
  }
  return sass::encode_stream(words);
}

void BM_SassDecodeStreamOnly(benchmark::State& state) {
  const std::vector<uint8_t> bytes = table_stream();
  size_t n = 0;
  for (auto _ : state) {
    texsim::core::DiagSink sink;
    const auto insts = sass::decode_stream(bytes, "bench.bin", sink, 0, "SM61");
    n = insts.size();
    benchmark::DoNotOptimize(insts.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}
BENCHMARK(BM_SassDecodeStreamOnly)->Unit(benchmark::kMillisecond);

// One word at a time into a value that stays in cache: the table walk's own cost.
void BM_SassDecodeWord(benchmark::State& state) {
  const std::vector<uint8_t> bytes = table_stream();
  std::vector<uint64_t> words;
  for (size_t off = 0; off + 8 <= bytes.size(); off += 8) {
    if (off % 32 == 0) continue;  // control words
    uint64_t v = 0;
    for (unsigned b = 0; b < 8; ++b) v |= uint64_t{bytes[off + b]} << (8 * b);
    words.push_back(v);
  }
  sass::Origin o;
  o.file = "bench.bin";
  o.binary = true;
  texsim::core::DiagSink sink;
  for (auto _ : state) {
    for (uint64_t w : words) {
      const sass::Instruction i = sass::decode(w, 0x7e0u, o, sink, "SM61");
      benchmark::DoNotOptimize(&i);
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * words.size()));
}
BENCHMARK(BM_SassDecodeWord)->Unit(benchmark::kMillisecond);

}  // namespace
