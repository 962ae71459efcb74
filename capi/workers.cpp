#include "capi/workers.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "capi/context.hpp"

namespace ddtb::capi {

void run_parallel(int n, int max_threads, const std::function<void(int, Solver&)>& task) {
  if (n <= 0) return;
  const int workers = std::clamp(context().batch_threads(max_threads), 1, n);
  // Tasks are handed out one at a time, in order, so that a slow board does
  // not hold up a chunk of others (DDS's SolveAllBoards does the same).
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  // A worker that cannot get a solver (out of memory) stops; the others,
  // the calling thread among them, take its share. No exception may leave a
  // std::thread, so workers swallow theirs; the count of finished tasks
  // tells the caller whether everything ran.
  const auto work = [&]() noexcept {
    try {
      Context::Lease solver = context().lease_solver();
      for (int i = next++; i < n; i = next++) {
        task(i, *solver);
        ++done;
      }
    } catch (...) {
    }
  };
  {
    std::vector<std::jthread> threads;  // joined on leaving the block
    threads.reserve(static_cast<std::size_t>(workers - 1));
    for (int w = 1; w < workers; ++w) threads.emplace_back(work);
    work();
  }
  if (done.load() != n) throw std::runtime_error("batch: a task did not run");
}

}  // namespace ddtb::capi
