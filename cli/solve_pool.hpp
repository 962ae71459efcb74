// Solving boards on worker threads, delivering them in the order they came.
//
// The calling thread reads boards from a Source and submits them; each
// worker owns one ddtb::Solver (its transposition table is per thread, so
// the memory budget is too) and runs the Work on the next board to solve.
// Boards are handed to Deliver strictly in submission order: a board that
// finishes early waits in a window until all boards before it are
// delivered. The window is bounded, so a huge file is never read far ahead
// of the output. The threads are run_workers()'s (core/parallel.hpp): the
// reader is worker 0, the solvers workers 1..threads.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

#include "cli/board.hpp"
#include "ddtb/solver.hpp"

namespace ddtb::cli {

class SolvePool {
 public:
  // The next board to submit, or nullopt at the end; called on the calling
  // thread only.
  using Source = std::function<std::optional<Board>()>;
  // Runs on a worker thread, for boards with status kSolve, with the
  // worker's own Solver. An exception fails the board (its message becomes
  // the board's reason) and costs the worker its Solver, which is made anew
  // for the next board.
  using Work = std::function<void(Solver& solver, Board& board)>;
  // Called once per board, in submission order, never concurrently (from
  // whichever thread completed the board next in line).
  using Deliver = std::function<void(Board& board)>;

  // `threads` >= 1 workers; at most `window` boards submitted and not yet
  // delivered (reading waits beyond that).
  SolvePool(int threads, const SolverOptions& options, std::size_t window, Work work,
            Deliver deliver);
  SolvePool(const SolvePool&) = delete;
  SolvePool& operator=(const SolvePool&) = delete;

  // Submits every board of `source`, a board that is not to be solved
  // skipping the workers but keeping its place in the order, and returns
  // once all are delivered and the workers have stopped. An exception from
  // the Source, the Deliver or the threads (one that cannot start) stops
  // the run and is rethrown here. Call once.
  void run(const Source& source);

 private:
  struct Slot {
    Board board;
    bool done = false;
  };

  void read(const Source& source);
  // Queues a board; false when the run is stopping.
  bool submit(Board board);
  void work();
  // Runs the Work on one board, turning exceptions into a failed board.
  void solve(std::optional<Solver>& solver, Board& board) const;
  void complete(std::size_t seq);
  // Delivers the finished boards at the head of the window. Called with the
  // lock held; only one thread delivers at a time.
  void drain(std::unique_lock<std::mutex>& lock);
  // Makes every wait return: the end of the input, or a failure.
  void stop();

  const int threads_;
  const SolverOptions options_;
  const std::size_t window_limit_;
  const Work work_;
  const Deliver deliver_;

  std::mutex mutex_;
  std::condition_variable work_ready_;    // workers: a board to solve, or stop
  std::condition_variable window_moved_;  // reader: room, or all delivered, or stop
  // Boards base_, base_+1, ... not yet delivered. A deque keeps references
  // to its elements valid while others are pushed at the back or popped at
  // the front, so a worker works on its slot's board without the lock: no
  // other thread touches a slot that is not done.
  std::deque<Slot> window_;
  std::size_t base_ = 0;              // sequence number of window_.front()
  std::deque<std::size_t> to_solve_;  // sequence numbers waiting for a worker
  bool delivering_ = false;
  bool stop_ = false;
};

}  // namespace ddtb::cli
