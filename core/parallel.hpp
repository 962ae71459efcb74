// The one way ddtb runs work on several threads.
//
// run_workers() starts the threads, joins them and carries the first
// exception back to the caller; parallel_for() hands out indices on top of
// it. Every pool in the library, the builder and the tools is one of these,
// so that an error on a worker (a bad_alloc, a corrupt file, a failed
// write) reaches the caller the same way everywhere, never std::terminate.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace ddtb {

// What a worker sees of the run: whether it should stop early (another
// worker failed) and its number.
class WorkerContext {
 public:
  WorkerContext(unsigned index, const std::atomic<bool>& stopping)
      : index_(index), stopping_(stopping) {}
  // 0 is the calling thread, 1..workers-1 the started ones.
  unsigned index() const { return index_; }
  // True once a worker has thrown: the others should return soon.
  bool stopping() const { return stopping_.load(std::memory_order_relaxed); }

 private:
  unsigned index_;
  const std::atomic<bool>& stopping_;
};

// Runs worker(context) on `workers` threads (at least one), the calling thread
// being worker 0, and returns when all have returned. The first exception
// any worker throws is rethrown here after every thread is joined; the
// others see stopping(). A thread that cannot be started (std::system_error)
// counts as a failed worker: the run stops and that error is rethrown.
// on_stop() (which must not throw) is called once, on the failing thread,
// right after the first failure: workers that block on a condition variable
// need it to be woken and see stopping().
template <class Worker, class OnStop>
void run_workers(unsigned workers, Worker&& worker, OnStop&& on_stop) {
  std::atomic<bool> stopping{false};
  std::exception_ptr first;
  std::mutex mutex;
  const auto fail = [&](std::exception_ptr e) {
    {
      std::lock_guard lock(mutex);
      if (first) return;
      first = std::move(e);
      stopping.store(true, std::memory_order_relaxed);
    }
    on_stop();
  };
  const auto run = [&](unsigned index) noexcept {
    try {
      worker(WorkerContext(index, stopping));
    } catch (...) {
      fail(std::current_exception());
    }
  };
  std::vector<std::thread> threads;
  workers = std::max(workers, 1u);
  threads.reserve(workers - 1);
  for (unsigned w = 1; w < workers; ++w) {
    try {
      threads.emplace_back(run, w);
    } catch (...) {
      fail(std::current_exception());
      break;
    }
  }
  if (!stopping.load()) run(0);
  for (std::thread& t : threads) t.join();
  if (first) std::rethrow_exception(first);
}

// run_workers for workers that never block waiting for one another.
template <class Worker>
void run_workers(unsigned workers, Worker&& worker) {
  run_workers(workers, std::forward<Worker>(worker), [] {});
}

// Calls body(i, state) for every i in [0, n) on up to `threads` threads,
// never more than n, and returns when all are done. Indices are handed out
// one at a time in increasing order, so a slow item never holds up a chunk
// of others. Each worker first makes its own state with make_state(context)
// (a solver, a buffer, counters) and keeps it for all its items. After the
// first exception no further index is handed out; it is rethrown here.
template <class MakeState, class Body>
void parallel_for(std::size_t n, unsigned threads, MakeState&& make_state, Body&& body) {
  if (n == 0) return;
  std::atomic<std::size_t> next{0};
  const unsigned workers = static_cast<unsigned>(std::clamp<std::size_t>(threads, 1, n));
  run_workers(workers, [&](const WorkerContext& context) {
    auto state = make_state(context);
    for (std::size_t i; !context.stopping() && (i = next.fetch_add(1)) < n;) body(i, state);
  });
}

// parallel_for without per-worker state: body(i).
template <class Body>
void parallel_for(std::size_t n, unsigned threads, Body&& body) {
  parallel_for(
      n, threads, [](const WorkerContext&) { return 0; }, [&](std::size_t i, int) { body(i); });
}

}  // namespace ddtb
