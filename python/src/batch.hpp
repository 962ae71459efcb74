// Batch solving: a list of inputs over worker threads, each with its own
// Solver, the GIL released for the whole run.
//
// The workers are core/parallel.hpp's (the one thread pool of ddtb). They run
// on a thread of their own while the calling thread, holding the GIL only
// briefly, waits: it calls the progress callback as items complete and
// checks for signals, so Ctrl-C stops a batch. A callback that raises, or a
// signal, stops the batch (no further item is started) and the exception
// reaches the caller once every worker has returned.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/parallel.hpp"
#include "ddtb/solver.hpp"
#include "session.hpp"

namespace ddtb::python {

// Worker threads for `threads` (0: one per hardware thread).
inline unsigned batch_threads(int threads) {
  if (threads < 0)
    throw py::value_error("threads: must be 0 (one per CPU) or more, got " +
                          std::to_string(threads));
  if (threads == 0) return std::max(1u, std::thread::hardware_concurrency());
  return static_cast<unsigned>(threads);
}

// out[i] = solve(solver, items[i]) for every i; progress(done, total) is
// called with the GIL in the calling thread (not necessarily once per item;
// last with done == total).
template <class Out, class In, class Solve>
std::vector<Out> run_batch(const std::vector<In>& items, unsigned threads, py::object progress,
                           std::shared_ptr<const Tablebase> tables, Solve solve) {
  const std::size_t n = items.size();
  std::vector<Out> out(n);
  if (n == 0) return out;
  std::atomic<std::size_t> done{0};
  std::atomic<bool> cancel{false};
  std::mutex mutex;
  std::condition_variable changed;
  bool finished = false;
  std::exception_ptr worker_error;
  std::exception_ptr caller_error;
  {
    py::gil_scoped_release release;
    std::thread runner([&] {
      try {
        parallel_for(
            n, threads,
            [&](const WorkerContext&) {
              return std::make_unique<Solver>(solver_options(tables, kDefaultTtMemoryBytes));
            },
            [&](std::size_t i, std::unique_ptr<Solver>& solver) {
              if (cancel.load(std::memory_order_relaxed)) return;
              out[i] = solve(*solver, items[i]);
              done.fetch_add(1);
              changed.notify_one();
            });
      } catch (...) {
        worker_error = std::current_exception();
      }
      {
        std::lock_guard lock(mutex);
        finished = true;
      }
      changed.notify_one();
    });
    std::size_t reported = 0;
    for (bool last = false; !last;) {
      {
        std::unique_lock lock(mutex);
        changed.wait_for(lock, std::chrono::milliseconds(50),
                         [&] { return finished || done.load() != reported; });
        last = finished;
      }
      const std::size_t now = done.load();
      if (caller_error) continue;  // stopping: wait for the workers
      py::gil_scoped_acquire acquire;
      try {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        if (!progress.is_none() && now != reported) progress(now, n);
        reported = now;
      } catch (...) {
        caller_error = std::current_exception();
        cancel.store(true);
      }
    }
    runner.join();
  }
  if (caller_error) std::rethrow_exception(caller_error);
  if (worker_error) std::rethrow_exception(worker_error);
  return out;
}

}  // namespace ddtb::python
