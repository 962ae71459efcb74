#include "capi/workers.hpp"

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "capi/context.hpp"
#include "core/parallel.hpp"

namespace ddtb::capi {

void run_parallel(int n, int max_threads, const std::function<void(int, Solver&)>& task) {
  if (n <= 0) return;
  const int workers = std::clamp(context().batch_threads(max_threads), 1, n);
  // Tasks are handed out one at a time, in order, so that a slow board does
  // not hold up a chunk of others (DDS's SolveAllBoards does the same). Not
  // parallel_for: a worker that cannot get a solver (out of memory) leaves
  // its share to the others, the calling thread among them, rather than
  // failing the batch; the count of finished tasks tells whether every task
  // ran.
  std::atomic<int> next{0};
  std::atomic<int> done{0};
  run_workers(static_cast<unsigned>(workers), [&](const WorkerContext& worker) {
    bool leased = false;
    try {
      Context::Lease solver = context().lease_solver();
      leased = true;
      for (int i = next++; i < n && !worker.stopping(); i = next++) {
        task(i, *solver);
        ++done;
      }
    } catch (...) {
      if (leased) throw;  // a task's own failure fails the batch
    }
  });
  if (done.load() != n) throw std::runtime_error("batch: a task did not run");
}

}  // namespace ddtb::capi
