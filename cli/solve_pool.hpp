// Solving boards on worker threads, delivering them in the order they came.
//
// The reading thread submits boards; each worker owns one ddtb::Solver (its
// transposition table is per thread, so the memory budget is too) and takes
// the next board to solve. Results are handed to `Deliver` strictly in
// submission order: a board that finishes early waits in a window until all
// boards before it are delivered. The window is bounded, so a huge file is
// never read far ahead of the output.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "cli/board.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::cli {

class SolvePool {
 public:
  // Called once per board, in submission order, never concurrently (from
  // whichever thread completed the board next in line). `table` is null when
  // the board failed; board.error then says why.
  using Deliver = std::function<void(Board& board, const DdTable* table)>;

  // `threads` >= 1 workers; at most `window` boards submitted and not yet
  // delivered (submit() blocks beyond that).
  SolvePool(int threads, const SolverOptions& options, std::size_t window, Deliver deliver);
  // Delivers what is left, then stops the workers.
  ~SolvePool();
  SolvePool(const SolvePool&) = delete;
  SolvePool& operator=(const SolvePool&) = delete;

  // Queues a board. A board with an error skips the workers but keeps its
  // place in the order.
  void submit(Board board);
  // Blocks until every submitted board has been delivered.
  void finish();

 private:
  struct Slot {
    Board board;
    std::optional<DdTable> table;
    bool done = false;
  };

  void work();
  // Solves one deal; on failure (out of memory) returns nullopt and sets `error`.
  std::optional<DdTable> solve(std::optional<Solver>& solver, const Deal& deal,
                               std::string& error) const;
  void complete(std::size_t seq, std::optional<DdTable> table, std::string error);
  // Delivers the finished boards at the head of the window. Called with the
  // lock held; only one thread delivers at a time.
  void drain(std::unique_lock<std::mutex>& lock);

  const SolverOptions options_;
  const std::size_t window_limit_;
  const Deliver deliver_;

  std::mutex mutex_;
  std::condition_variable work_ready_;    // workers: a board to solve, or stop
  std::condition_variable window_moved_;  // submitter: room, or all delivered
  std::deque<Slot> window_;               // boards base_, base_+1, ... not yet delivered
  std::size_t base_ = 0;                  // sequence number of window_.front()
  std::deque<std::size_t> to_solve_;      // sequence numbers waiting for a worker
  bool delivering_ = false;
  bool stop_ = false;
  std::vector<std::thread> workers_;  // last member: started after the rest exists
};

}  // namespace ddtb::cli
