// How the batch and message paths split their lanes into blocks on oneTBB threads: BatchOptions
// and the one block runner, run_blocks (batch.cpp, simd/lavapipe_message.cpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>

namespace texsim::texunit {

// How a batch runs. Results never depend on these settings: every lane's bits are those of the
// scalar reference (fetch_texel / sample), whatever the path, thread count or block size.
struct BatchOptions {
  // Worker threads (oneTBB): 0 = every hardware thread, 1 = the caller's thread only.
  unsigned threads = 1;
  // false: the scalar reference for every lane (the baseline of benchmarks and tests).
  bool simd = true;
  // Lanes per task; clamped to [kMinBlockLanes, kMaxBlockLanes].
  size_t block_lanes = 2048;
};

// The options a batch runs with when its view logs texel reads (SurfaceView::read_log): the
// scalar reference on the caller's thread, so that every read is logged, in lane order.
inline BatchOptions logging_options(const BatchOptions& o, bool logging) {
  if (!logging) return o;
  BatchOptions serial = o;
  serial.threads = 1;
  serial.simd = false;
  return serial;
}

inline constexpr size_t kMinBlockLanes = 64;
inline constexpr size_t kMaxBlockLanes = 8192;

// Runs body(k) for every k in [0, blocks) on `threads` oneTBB threads (0: every hardware
// thread; one thread: in order on the caller's). blocks.cpp, so that only it includes oneTBB.
void run_parallel(size_t blocks, unsigned threads, const std::function<void(size_t)>& body);

// Splits [0, count) into blocks of options.block_lanes lanes (clamped as above, then rounded up
// to whole `group`s so that no lavapipe SIMD group or pixel quad straddles two blocks) and runs
// fn(begin, end) on each, on options.threads threads. Blocks are independent lanes, so no result
// depends on the schedule. The default single thread runs the blocks in order, inline.
template <class Fn>
void run_blocks(size_t count, size_t group, const BatchOptions& options, const Fn& fn) {
  const size_t g = std::max<size_t>(group, 1);
  const size_t lanes = std::clamp(options.block_lanes, kMinBlockLanes, kMaxBlockLanes);
  const size_t block = (lanes + g - 1) / g * g;
  const size_t blocks = (count + block - 1) / block;
  auto body = [&](size_t k) { fn(k * block, std::min(count, (k + 1) * block)); };
  if (options.threads == 1 || blocks <= 1) {
    for (size_t k = 0; k < blocks; ++k) body(k);
    return;
  }
  run_parallel(blocks, options.threads, body);
}

}  // namespace texsim::texunit
