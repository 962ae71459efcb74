// Batch execution: tasks 0..n-1 spread over worker threads, each with its
// own solver from the pool.
#pragma once

#include <functional>

#include "ddtb/solver.hpp"

namespace ddtb::capi {

// max_threads for "as configured": SetMaxThreads()'s number of threads (the
// value DDS 3's *N calls take as "automatic").
inline constexpr int kAutoThreads = 0;

// Runs task(i, solver) for every i in [0, n) on up to
// context().batch_threads(max_threads) threads (max_threads <= 0: the
// SetMaxThreads() setting), never more than n, the calling thread being one
// of them, and returns when all are done. Tasks should not throw (they report
// through their own results); one that does stops the batch, and its
// exception is rethrown here. Throws std::system_error when a thread cannot
// be started (guarded() turns it into RETURN_THREAD_CREATE), and
// std::runtime_error when no worker could get a solver.
void run_parallel(int n, int max_threads, const std::function<void(int, Solver&)>& task);

}  // namespace ddtb::capi
