#include "cli/solve_pool.hpp"

#include <new>
#include <utility>

namespace ddtb::cli {

SolvePool::SolvePool(int threads, const SolverOptions& options, std::size_t window, Deliver deliver)
    : options_(options), window_limit_(window < 1 ? 1 : window), deliver_(std::move(deliver)) {
  workers_.reserve(threads);
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

SolvePool::~SolvePool() {
  finish();
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_ready_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void SolvePool::submit(Board board) {
  std::unique_lock lock(mutex_);
  window_moved_.wait(lock, [&] { return window_.size() < window_limit_; });
  const std::size_t seq = base_ + window_.size();
  const bool solvable = board.deal && !board.error;
  window_.push_back(Slot{std::move(board), std::nullopt, !solvable});
  if (solvable) {
    to_solve_.push_back(seq);
    work_ready_.notify_one();
  } else {
    drain(lock);
  }
}

void SolvePool::finish() {
  std::unique_lock lock(mutex_);
  window_moved_.wait(lock, [&] { return window_.empty() && !delivering_; });
}

void SolvePool::work() {
  // Made on first use: a worker that never gets a board allocates no table.
  std::optional<Solver> solver;
  while (true) {
    std::size_t seq;
    std::optional<Deal> deal;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stop_ || !to_solve_.empty(); });
      if (to_solve_.empty()) return;
      seq = to_solve_.front();
      to_solve_.pop_front();
      deal = window_[seq - base_].board.deal;
    }
    std::string error;
    std::optional<DdTable> table = solve(solver, *deal, error);
    complete(seq, table, std::move(error));
  }
}

std::optional<DdTable> SolvePool::solve(std::optional<Solver>& solver, const Deal& deal,
                                        std::string& error) const {
  try {
    if (!solver) solver.emplace(options_);
    return solver->dd_table(deal);
  } catch (const std::bad_alloc&) {
    // The table is allocated up front; a budget the machine cannot give
    // fails here, and every board of this worker will say so.
    solver.reset();
    error = "out of memory for the transposition table (" +
            std::to_string(options_.tt_memory_bytes >> 20) +
            " MiB per thread); lower --memory or --threads";
  } catch (const std::exception& e) {
    solver.reset();
    error = std::string("the solver failed: ") + e.what();
  }
  return std::nullopt;
}

void SolvePool::complete(std::size_t seq, std::optional<DdTable> table, std::string error) {
  std::unique_lock lock(mutex_);
  Slot& slot = window_[seq - base_];
  slot.table = table;
  if (!table) slot.board.error = std::move(error);
  slot.done = true;
  drain(lock);
}

void SolvePool::drain(std::unique_lock<std::mutex>& lock) {
  if (delivering_) return;  // the delivering thread will reach our board too
  delivering_ = true;
  while (!window_.empty() && window_.front().done) {
    Slot slot = std::move(window_.front());
    window_.pop_front();
    ++base_;
    lock.unlock();  // printing must not hold up the workers
    deliver_(slot.board, slot.table ? &*slot.table : nullptr);
    lock.lock();
  }
  delivering_ = false;
  window_moved_.notify_all();
}

}  // namespace ddtb::cli
