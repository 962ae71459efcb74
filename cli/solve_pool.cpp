#include "cli/solve_pool.hpp"

#include <exception>
#include <new>
#include <string>
#include <utility>

#include "core/parallel.hpp"

namespace ddtb::cli {

SolvePool::SolvePool(int threads, const SolverOptions& options, std::size_t window, Work work,
                     Deliver deliver)
    : threads_(threads < 1 ? 1 : threads),
      options_(options),
      window_limit_(window < 1 ? 1 : window),
      work_(std::move(work)),
      deliver_(std::move(deliver)) {}

void SolvePool::run(const Source& source) {
  run_workers(
      static_cast<unsigned>(threads_) + 1,
      [&](const WorkerContext& context) {
        if (context.index() == 0)
          read(source);
        else
          work();
      },
      [this] { stop(); });
}

void SolvePool::read(const Source& source) {
  while (std::optional<Board> board = source())
    if (!submit(std::move(*board))) return;
  {
    std::unique_lock lock(mutex_);
    window_moved_.wait(lock, [&] { return stop_ || (window_.empty() && !delivering_); });
  }
  stop();  // every board delivered: the workers may go
}

bool SolvePool::submit(Board board) {
  std::unique_lock lock(mutex_);
  window_moved_.wait(lock, [&] { return stop_ || window_.size() < window_limit_; });
  if (stop_) return false;
  const std::size_t seq = base_ + window_.size();
  const bool solvable = board.status == BoardStatus::kSolve;
  window_.push_back(Slot{std::move(board), !solvable});
  if (solvable) {
    to_solve_.push_back(seq);
    work_ready_.notify_one();
  } else {
    drain(lock);
  }
  return true;
}

void SolvePool::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_ready_.notify_all();
  window_moved_.notify_all();
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
      if (stop_) return;  // at the end nothing is left to solve
      seq = to_solve_.front();
      to_solve_.pop_front();
      board = &window_[seq - base_].board;
    }
    solve(solver, *board);
    complete(seq);
  }
}

void SolvePool::solve(std::optional<Solver>& solver, Board& board) const {
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
