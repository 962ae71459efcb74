// Batch execution: tasks 0..n-1 spread over the configured number of
// threads, each with its own solver from the pool.
#pragma once

#include <functional>

#include "ddtb/solver.hpp"

namespace ddtb::capi {

// Runs task(i, solver) for every i in [0, n) on up to context().threads()
// threads (the calling thread is one of them) and returns when all are done.
// Tasks must not throw (they report through their own results). Throws
// std::system_error when a thread cannot be started (guarded() turns it into
// RETURN_THREAD_CREATE).
void run_parallel(int n, const std::function<void(int, Solver&)>& task);

}  // namespace ddtb::capi
