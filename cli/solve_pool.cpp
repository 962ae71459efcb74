#include "cli/solve_pool.hpp"

#include <exception>
#include <new>
#include <string>
#include <utility>

namespace ddtb::cli {

SolvePool::SolvePool(int threads, const SolverOptions& options, std::size_t window, Work work,
                     Deliver deliver)
    : options_(options),
      window_limit_(window < 1 ? 1 : window),
      work_(std::move(work)),
      deliver_(std::move(deliver)) {
  workers_.reserve(threads);
  for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { this->work(); });
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
  const bool solvable = board.status == BoardStatus::kSolve;
  window_.push_back(Slot{std::move(board), !solvable});
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
    Board* board;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stop_ || !to_solve_.empty(); });
      if (to_solve_.empty()) return;
      seq = to_solve_.front();
      to_solve_.pop_front();
      board = &window_[seq - base_].board;
    }
    run(solver, *board);
    complete(seq);
  }
}

void SolvePool::run(std::optional<Solver>& solver, Board& board) const {
  std::string error;
  try {
    if (!solver) solver.emplace(options_);
    work_(*solver, board);
    return;
  } catch (const std::bad_alloc&) {
    // The table is allocated up front; a budget the machine cannot give
    // fails here, and every board of this worker will say so.
    error = "out of memory for the transposition table (" +
            std::to_string(options_.tt_max_memory_bytes >> 20) +
            " MiB per thread); lower --memory or --threads";
  } catch (const std::exception& e) {
    error = std::string("the solver failed: ") + e.what();
  }
  solver.reset();
  board.status = BoardStatus::kFailed;
  board.reason = Problem{kNoOffset, std::move(error)};
  board.result = Analysis{};
}

void SolvePool::complete(std::size_t seq) {
  std::unique_lock lock(mutex_);
  window_[seq - base_].done = true;
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
    deliver_(slot.board);
    lock.lock();
  }
  delivering_ = false;
  window_moved_.notify_all();
}

}  // namespace ddtb::cli
