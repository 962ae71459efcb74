// Solving a replay call (bench/replay_file.hpp) through a DDS-style C API:
// ddtb's own (linked, include/ddtb/dll.h) or libdds's (through the peer,
// tests/support/dds_peer.hpp), the same functions either way:
//   one board:       SolveBoardPBN(deal, target -1, solutions, mode 1, thread 0);
//   several boards:  SolveAllBoards, MAXNOOFBOARDS (200) boards per call
//                    (a longer call, which BEN may record, is split).
// mode 1 ("always search") is what BEN asks by default and what DDS 3's
// replay uses unless the recording's meta says otherwise.
#pragma once

#include <memory>
#include <vector>

#include "bench/replay_answer.hpp"
#include "bench/replay_file.hpp"
#include "ddtb/dll.h"

namespace ddtb::test {
class DdsPeer;
}

namespace ddtb::bench {

// The entry points a side is called through, typed with our dll.h (DDS's
// layouts: tests/capi_layout_test.cpp).
struct SolveApi {
  decltype(&::SolveBoard) solve_board = nullptr;
  decltype(&::SolveBoardPBN) solve_board_pbn = nullptr;
  decltype(&::SolveAllBoards) solve_all_boards = nullptr;
  decltype(&::SetMaxThreads) set_max_threads = nullptr;
};

// libdds's entry points, from the peer, configured for one thread: with
// `max_memory_mb` 0 by SetMaxThreads(1), else by SetResources(max_memory_mb,
// 1) (in DDS 2.9 SetMaxThreads(n) is SetResources(0, n), which would undo
// the memory). (ddtb's own: bench/ddtb_capi.hpp.)
SolveApi dds_solve_api(const test::DdsPeer& peer, int max_memory_mb);

// A call's outcome: the code the (first failing) C call returned and, when
// it is RETURN_NO_FAULT, one answer per board.
struct CallOutcome {
  int rc = RETURN_NO_FAULT;
  std::vector<BoardAnswer> answers;
  std::uint64_t nodes = 0;  // futureTricks.nodes summed over the boards: trick starts
};

// Solves calls one after another, reusing its C structs (a boardsPBN and a
// solvedBoards are about 70 KB). Not thread-safe.
class CallSolver {
 public:
  explicit CallSolver(const SolveApi& api);
  ~CallSolver();
  CallOutcome solve(const ReplayCall& call);

 private:
  struct Buffers;
  SolveApi api_;
  std::unique_ptr<Buffers> buffers_;
};

// The dealPBN of board `index` of `call` (its hands, strain, leader and
// current trick).
dealPBN deal_of(const ReplayCall& call, std::size_t index);

}  // namespace ddtb::bench
