// The oneTBB side of the block runner (blocks.hpp): a task arena of the asked thread count and a
// parallel_for over the blocks; the only texunit file that includes oneTBB.
#include "texunit/blocks.hpp"

#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

namespace texsim::texunit {

void run_parallel(size_t blocks, unsigned threads, const std::function<void(size_t)>& body) {
  const unsigned n =
      threads == 0 ? static_cast<unsigned>(tbb::info::default_concurrency()) : threads;
  if (n <= 1 || blocks <= 1) {
    for (size_t k = 0; k < blocks; ++k) body(k);
    return;
  }
  tbb::task_arena arena(static_cast<int>(n));
  arena.execute([&] { tbb::parallel_for(size_t{0}, blocks, body); });
}

}  // namespace texsim::texunit
