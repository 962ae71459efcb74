#include "bench/replay_solve.hpp"

#include <algorithm>
#include <cstdio>

#include "tests/support/dds_peer.hpp"

namespace ddtb::bench {

namespace {
constexpr int kTargetMax = -1;    // find the most tricks
constexpr int kAlwaysSearch = 1;  // mode 1
}  // namespace

SolveApi dds_solve_api(const test::DdsPeer& peer, int max_memory_mb) {
  SolveApi api;
  api.solve_board = reinterpret_cast<decltype(&::SolveBoard)>(peer.symbol("SolveBoard"));
  api.solve_board_pbn = reinterpret_cast<decltype(&::SolveBoardPBN)>(peer.symbol("SolveBoardPBN"));
  api.solve_all_boards =
      reinterpret_cast<decltype(&::SolveAllBoards)>(peer.symbol("SolveAllBoards"));
  api.set_max_threads = reinterpret_cast<decltype(&::SetMaxThreads)>(peer.symbol("SetMaxThreads"));
  if (max_memory_mb == 0)
    api.set_max_threads(1);
  else
    reinterpret_cast<decltype(&::SetResources)>(peer.symbol("SetResources"))(max_memory_mb, 1);
  return api;
}

struct CallSolver::Buffers {
  boardsPBN boards;
  solvedBoards solved;
};

CallSolver::CallSolver(const SolveApi& api) : api_(api), buffers_(std::make_unique<Buffers>()) {}
CallSolver::~CallSolver() = default;

dealPBN deal_of(const ReplayCall& call, std::size_t index) {
  dealPBN d{};
  d.trump = dds_trump(call.strain_i);
  d.first = call.leader_i;
  for (std::size_t i = 0; i < call.current_trick.size() && i < 3; ++i) {
    const Card c = card_of_code(call.current_trick[i]);
    d.currentTrickSuit[i] = to_int(c.suit);
    d.currentTrickRank[i] = c.rank;
  }
  std::snprintf(d.remainCards, sizeof d.remainCards, "%s", call.hands_pbn[index].c_str());
  return d;
}

CallOutcome CallSolver::solve(const ReplayCall& call) {
  CallOutcome out;
  const std::size_t n = call.hands_pbn.size();
  if (n == 1) {
    futureTricks fut{};
    out.rc =
        api_.solve_board_pbn(deal_of(call, 0), kTargetMax, call.solutions, kAlwaysSearch, &fut, 0);
    if (out.rc == RETURN_NO_FAULT) {
      out.answers.push_back(answer_of(fut, call.solutions));
      out.nodes = std::uint64_t(std::max(fut.nodes, 0));
    }
    return out;
  }
  boardsPBN& boards = buffers_->boards;
  solvedBoards& solved = buffers_->solved;
  for (std::size_t start = 0; start < n; start += MAXNOOFBOARDS) {
    const int count = static_cast<int>(std::min<std::size_t>(MAXNOOFBOARDS, n - start));
    boards.noOfBoards = count;
    for (int i = 0; i < count; ++i) {
      boards.deals[i] = deal_of(call, start + std::size_t(i));
      boards.target[i] = kTargetMax;
      boards.solutions[i] = call.solutions;
      boards.mode[i] = kAlwaysSearch;
    }
    const int rc = api_.solve_all_boards(&boards, &solved);
    if (rc != RETURN_NO_FAULT) {
      out.rc = rc;
      out.answers.clear();
      return out;
    }
    for (int i = 0; i < count; ++i) {
      out.answers.push_back(answer_of(solved.solvedBoard[i], call.solutions));
      out.nodes += std::uint64_t(std::max(solved.solvedBoard[i].nodes, 0));
    }
  }
  return out;
}

}  // namespace ddtb::bench
