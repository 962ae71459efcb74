// SolveAllBoards, SolveAllBoardsBin, the SolveAllChunks* variants and DDS 3's
// SolveAllBoards*N (a thread cap) and SolveAllBoards*Seq (in order on the
// calling thread): every board solved as SolveBoard would.
#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <utility>
#include <vector>

#include "capi/boundary.hpp"
#include "capi/context.hpp"
#include "capi/convert.hpp"
#include "capi/solve.hpp"
#include "capi/workers.hpp"

namespace ddtb::capi {

namespace {

// How a batch runs: on the workers (up to max_threads of them), or, in
// order, board by board on the calling thread with one solver from the
// pool (warm from earlier calls), stopping at the first failing board.
struct Schedule {
  bool in_order = false;
  int max_threads = kAutoThreads;
};

// The boards of a batch, deals already binary. Each board has its own code:
// `read_codes[i]` when reading the board failed (nullptr: none did), else
// SolveBoard's.
struct Batch {
  int count = 0;  // the caller's noOfBoards, whatever its value
  const deal* deals = nullptr;
  const int* read_codes = nullptr;
  const int* target = nullptr;
  const int* solutions = nullptr;
  const int* mode = nullptr;
};

int solve_one(const Batch& b, int i, Solver& solver, futureTricks& fut) {
  const int rc =
      b.read_codes && b.read_codes[i] != RETURN_NO_FAULT
          ? b.read_codes[i]
          : solve_board(b.deals[i], b.target[i], b.solutions[i], b.mode[i], &fut, solver);
  // A failed board reads as no cards, as in DDS.
  if (rc != RETURN_NO_FAULT) fut.nodes = fut.cards = 0;
  return rc;
}

// The boards in the order they are solved in, grouped: a group is the
// boards of one deal as it stood at the current trick's start, with the
// same strain and leader (a robot's candidate leads batched together), and
// its boards are solved one after another by one solver, each starting from
// what the others found (solver/known_values.hpp). Alike deals (the same
// suit lengths in every hand) come one after another, so that the table
// entries one leaves (keyed by suit lengths: solver/README.md, "Across
// deals") serve the next: a robot's batch is one hand's sampled deals. The
// answers are the same in any order.
std::vector<std::vector<int>> solving_groups(const Batch& b, int n) {
  struct Key {
    int trump, first;
    std::array<unsigned, DDS_HANDS * DDS_SUITS> lengths, holdings;  // at the trick's start
    auto operator<=>(const Key&) const = default;
  };
  auto key = [&](int i) {
    const deal& d = b.deals[i];
    Key k{d.trump, d.first, {}, {}};
    for (int h = 0; h < DDS_HANDS; ++h)
      for (int s = 0; s < DDS_SUITS; ++s)
        k.holdings[std::size_t(h * DDS_SUITS + s)] = d.remainCards[h][s];
    for (int c = 0; c < 3; ++c) {
      const int suit = d.currentTrickSuit[c], rank = d.currentTrickRank[c];
      if (rank < 2 || rank > 14 || suit < 0 || suit >= DDS_SUITS) break;
      const int hand = ((d.first % DDS_HANDS + c) % DDS_HANDS + DDS_HANDS) % DDS_HANDS;
      k.holdings[std::size_t(hand * DDS_SUITS + suit)] |= 1u << rank;
    }
    for (std::size_t j = 0; j < k.lengths.size(); ++j)
      k.lengths[j] = static_cast<unsigned>(std::popcount(k.holdings[j] & 0x7ffcu));
    return k;
  };
  std::vector<std::pair<Key, int>> keyed;
  for (int i = 0; i < n; ++i) keyed.emplace_back(key(i), i);
  std::stable_sort(keyed.begin(), keyed.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::vector<int>> groups;
  for (std::size_t j = 0; j < keyed.size(); ++j) {
    if (j == 0 || keyed[j].first != keyed[j - 1].first) groups.emplace_back();
    groups.back().push_back(keyed[j].second);
  }
  return groups;
}

// On the workers: a failing board is that board's failure only; the others
// are solved anyway and the first failing board's code is returned, as DDS
// does.
int solve_parallel(const Batch& b, int n, int max_threads, solvedBoards* solvedp) {
  std::vector<int> codes(static_cast<std::size_t>(n), RETURN_NO_FAULT);
  const std::vector<std::vector<int>> groups = solving_groups(b, n);
  run_parallel(static_cast<int>(groups.size()), max_threads, [&](int task, Solver& solver) {
    for (const int i : groups[static_cast<std::size_t>(task)])
      codes[static_cast<std::size_t>(i)] = solve_one(b, i, solver, solvedp->solvedBoard[i]);
  });
  for (const int c : codes)
    if (c != RETURN_NO_FAULT) return c;
  return RETURN_NO_FAULT;
}

// In order: the first failing board's code, the boards after it unsolved
// (no cards).
int solve_in_order(const Batch& b, int n, solvedBoards* solvedp) {
  for (int i = 0; i < n; ++i) solvedp->solvedBoard[i].nodes = solvedp->solvedBoard[i].cards = 0;
  Context::Lease solver = context().lease_solver();
  for (int i = 0; i < n; ++i)
    if (const int rc = solve_one(b, i, *solver, solvedp->solvedBoard[i]); rc != RETURN_NO_FAULT)
      return rc;
  return RETURN_NO_FAULT;
}

int solve_all(const Batch& b, Schedule schedule, solvedBoards* solvedp) {
  solvedp->noOfBoards = b.count;
  const int n = b.count > 0 ? b.count : 0;
  return schedule.in_order ? solve_in_order(b, n, solvedp)
                           : solve_parallel(b, n, schedule.max_threads, solvedp);
}

int solve_all_bin(const boards* bop, solvedBoards* solvedp, Schedule schedule) {
  if (!bop || !solvedp) return RETURN_UNKNOWN_FAULT;
  if (bop->noOfBoards > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  return solve_all({bop->noOfBoards, bop->deals, nullptr, bop->target, bop->solutions, bop->mode},
                   schedule, solvedp);
}

// PBN deals are all read before anything is solved: a text without its seat
// fails the call with nothing written, as in DDS.
int solve_all_pbn(const boardsPBN* bop, solvedBoards* solvedp, Schedule schedule) {
  if (!bop || !solvedp) return RETURN_UNKNOWN_FAULT;
  if (bop->noOfBoards > MAXNOOFBOARDS) return RETURN_TOO_MANY_BOARDS;
  std::vector<deal> deals;
  std::vector<int> read_codes;
  if (const int rc = to_binary_all(bop->deals, bop->noOfBoards, deals, read_codes);
      rc != RETURN_NO_FAULT)
    return rc;
  return solve_all(
      {bop->noOfBoards, deals.data(), read_codes.data(), bop->target, bop->solutions, bop->mode},
      schedule, solvedp);
}

constexpr Schedule kInOrder{true, kAutoThreads};

Schedule parallel(int max_threads) {
  return {false, max_threads};
}

}  // namespace

}  // namespace ddtb::capi

using ddtb::capi::guarded;
using ddtb::capi::kAutoThreads;
namespace capi = ddtb::capi;

int SolveAllBoardsN(const boardsPBN* bop, solvedBoards* solvedp, int maxThreads) {
  return guarded([&] { return capi::solve_all_pbn(bop, solvedp, capi::parallel(maxThreads)); });
}

int SolveAllBoards(boardsPBN* bop, solvedBoards* solvedp) {
  return SolveAllBoardsN(bop, solvedp, kAutoThreads);
}

int SolveAllBoardsBinN(const boards* bop, solvedBoards* solvedp, int maxThreads) {
  return guarded([&] { return capi::solve_all_bin(bop, solvedp, capi::parallel(maxThreads)); });
}

int SolveAllBoardsBin(boards* bop, solvedBoards* solvedp) {
  return SolveAllBoardsBinN(bop, solvedp, kAutoThreads);
}

int SolveAllBoardsSeq(const boardsPBN* bop, solvedBoards* solvedp) {
  return guarded([&] { return capi::solve_all_pbn(bop, solvedp, capi::kInOrder); });
}

int SolveAllBoardsBinSeq(const boards* bop, solvedBoards* solvedp) {
  return guarded([&] { return capi::solve_all_bin(bop, solvedp, capi::kInOrder); });
}

// The chunk size only tells DDS how to hand out boards to its threads; our
// workers take one board at a time whatever it is.
int SolveAllChunksBin(boards* bop, solvedBoards* solvedp, int chunkSize) {
  return guarded([&] {
    if (chunkSize < 1) return RETURN_CHUNK_SIZE;
    return capi::solve_all_bin(bop, solvedp, capi::parallel(kAutoThreads));
  });
}

int SolveAllChunksPBN(boardsPBN* bop, solvedBoards* solvedp, int chunkSize) {
  return guarded([&] {
    if (chunkSize < 1) return RETURN_CHUNK_SIZE;
    return capi::solve_all_pbn(bop, solvedp, capi::parallel(kAutoThreads));
  });
}

int SolveAllChunks(boardsPBN* bop, solvedBoards* solvedp, int chunkSize) {
  return SolveAllChunksPBN(bop, solvedp, chunkSize);
}
